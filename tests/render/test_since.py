"""What changed since your last turn, on the picture: ``render.draw_board(game, view, names, since=earlier)``
brackets what was placed after ``earlier`` (``render.shapes.since_mark``) — The Castles of Burgundy, whose board shows
the acting player's estate only, the depot places emptied — and changes nothing else.

Over seeded playouts, each board is drawn plain and marked from the view one round earlier: the marked one
differs from the plain one exactly where the game placed something (a piece, a token, a card, a project, a
swapped border marker) — around each such place and nowhere when nothing was placed — and a board marked from
itself is the plain board above the strip at its foot that says what the marks mean.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
import render
from render.gallery import random_playout
from render.legend import SINCE_KEY_H
from tests.render import helpers as H


def _burgenland(before: Any, after: Any) -> int:
    sites = sum(1 for b, a in zip(before["castles"], after["castles"], strict=True)
                for site, content in a["sites"].items() if content and content != b["sites"].get(site))
    wells = sum(1 for b, a in zip(before["castles"], after["castles"], strict=True)
                if a["well"] and a["well"] != b["well"])
    markers = sum(1 for b, a in zip(before["markers"], after["markers"], strict=True) if a != b)
    large = max(0, len(after["large_castle"]) - len(before["large_castle"]))
    return sites + wells + markers + large


def _buerger(before: Any, after: Any) -> int:
    spaces = sum(1 for b, a in zip(before["districts"], after["districts"], strict=True)
                 for was, now in zip(b["spaces"], a["spaces"], strict=True)
                 if now["token"] and now["token"] != was["token"])
    cranes = sum(1 for b, a in zip(before["districts"], after["districts"], strict=True)
                 if a["project"]["crane"] is not None and b["project"]["crane"] is None)
    return spaces + cranes


def _burgen_land(before: Any, after: Any) -> int:
    from render.burgen_land.board import added_cards

    return sum(len(added_cards(before["castles"][seat][colour], after["castles"][seat][colour]))
               for seat in range(2) for colour in after["castles"][seat])


def _castles_of_burgundy(before: Any, after: Any) -> int:
    """The depot places emptied within a phase (the board shows the acting player's estate only: the others'
    placements are on theirs)."""
    from render.castles_of_burgundy.board import depot_places

    if before["phase"] != after["phase"]:
        return 0
    taken = 0
    for depot, kinds in after["depot_spaces"].items():
        now = depot_places(after["depots"].get(depot, []), kinds)
        then = depot_places(before["depots"].get(depot, []), kinds)
        taken += sum(1 for i, tile in enumerate(then) if tile is not None and (i >= len(now) or now[i] is None))
    return taken


PLACED: dict[str, Callable[[Any, Any], int]] = {
    "burgenland": _burgenland, "buerger-baumeister": _buerger, "burgen-land": _burgen_land,
    "castles-of-burgundy": _castles_of_burgundy}


@pytest.mark.parametrize("game", sorted(PLACED))
def test_the_board_marks_what_was_placed_since_and_nothing_else(game: str) -> None:
    engine = engines.get(game)
    players = 3 if engine.max_seats > 2 else 2
    states = random_playout(game, players, 7)
    names = H.names(players)
    images = render._images(game)
    assert images.board_since is not None
    marked_some = 0
    for index in range(12, len(states), max(1, len(states) // 14)):
        now = engine.view(states[index], None)
        turn = engine.turn_number(states[index])
        earlier = next(engine.view(s, None) for s in states if engine.turn_number(s) >= turn - players)
        plain, marked = images.board(now, names), images.board_since(now, names, earlier)
        placed = PLACED[game](earlier, now)
        assert _differs(plain, marked) == bool(placed), f"{game} state {index}: {placed} placed"
        marked_some += bool(placed)
        assert not _differs(plain, images.board_since(now, names, now))
        keyed = H.decode(render.draw_board(game, now, names, since=earlier))
        assert keyed.height == plain.height + SINCE_KEY_H  # the strip that says what the marks mean
    assert marked_some >= 3


def _differs(plain: Image.Image, marked: Image.Image) -> bool:
    """Whether two drawings of a board (Pillow images, before encoding) differ anywhere."""
    return ImageChops.difference(plain.convert("RGB"), marked.convert("RGB")).getbbox() is not None


def test_a_marked_board_says_what_its_marks_mean() -> None:
    states = random_playout("burgenland", 2, 7)
    view = engines.get("burgenland").view(states[40], None)
    with H.drawn_text() as seen:
        render.draw_board("burgenland", view, H.names(2), since=view)
    assert "corners: changed since the player to act last played" in {text for text, _ in seen}


def test_a_piece_built_in_burgenlands_large_castle_is_marked_too() -> None:
    """The large castle shows counts, not sites: the count that grew is marked (it was not: "Zoë built a house
    in the large castle" had no mark)."""
    engine = engines.get("burgenland")
    view = next(v for s in random_playout("burgenland", 3, 4) if (v := engine.view(s, None))["large_castle"])
    earlier = {**view, "large_castle": view["large_castle"][:-1]}
    images = render._images("burgenland")
    assert images.board_since is not None
    assert _differs(images.board(view, H.names(3)), images.board_since(view, H.names(3), earlier))
    assert not _differs(images.board(view, H.names(3)), images.board_since(view, H.names(3), view))
