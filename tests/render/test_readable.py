"""Every game's images read on a phone and name players the same way everywhere.

What an image says is read back from the text it draws (``helpers.drawn_text``): the header's
game name, move number and acting player at a size that reads when the image is shown 400 px
wide, and a long name cut once, to the same text, wherever it appears.
"""

from __future__ import annotations

from typing import Any

import pytest

import render
from engines import registry
from render.gallery import Position, positions
from render.header import READABLE
from render.legend import display_name
from tests.render import helpers as H

TITLES = {"burgenland": "BURGENLAND", "burgen-land": "BURGEN LAND", "castles-of-burgundy": "THE CASTLES OF BURGUNDY",
          "buerger-baumeister": "BÜRGER"}
LONG = H.names(4)[1]


@pytest.fixture(scope="module", params=render.games())
def game_positions(request: pytest.FixtureRequest) -> tuple[str, list[Position]]:
    game = request.param
    return game, positions(game, registry.find(game).max_seats, seed=2)


def _images(game: str, pos: Position) -> list[tuple[str, bytes, dict[str, Any], list[tuple[str, int]]]]:
    """(what, png, view, texts drawn) for the board, every hand and (where the game has them) estates."""
    names = H.names(pos.players)
    out = []
    jobs: list[tuple[str, Any]] = [("board", lambda: render.draw_board(game, pos.public, names))]
    for seat in range(pos.players):
        jobs.append((f"hand {seat + 1}", lambda seat=seat: render.draw_hand(game, pos.seats[seat], names)))
        if registry.find(game).player_boards:
            jobs.append((f"estate {seat + 1}", lambda seat=seat: render.draw_player(game, pos.public, names, seat)))
    if pos.public.get("result"):
        jobs.append(("standings", lambda: render.draw_standings(game, pos.public, names, [])))
    if registry.find(game).player_boards:
        jobs.append(("all", lambda: render.draw_all_players(game, pos.public, names)))
    for what, job in jobs:
        with H.drawn_text() as seen:
            png = job()
        view = pos.seats[int(what.split()[1]) - 1] if what.startswith("hand") else pos.public
        out.append((what, png, view, list(seen)))
    return out


def test_the_header_reads_at_400_px(game_positions: tuple[str, list[Position]]) -> None:
    """The game, the turn and who is to act are drawn at 2.75 % of the image's width or more: 11 px when
    Discord shows the image 400 px wide on a phone."""
    game, played = game_positions
    for pos in played:
        names = H.names(pos.players)
        for what, png, view, seen in _images(game, pos):
            need = READABLE * H.decode(png).width

            def biggest(fragment: str, seen: list[tuple[str, int]] = seen) -> int:
                return max((size for text, size in seen if fragment in text), default=0)

            assert biggest(TITLES[game]) >= need, (pos.label, what, "title")
            assert biggest(f"turn {view['turn_number']}") >= need, (pos.label, what, "turn")
            actor = view["to_act"]
            if actor is not None and what == "board":
                assert biggest(display_name(names[actor])) >= need, (pos.label, what, "to act")


def test_a_long_name_is_cut_the_same_way_everywhere(game_positions: tuple[str, list[Position]]) -> None:
    """Wherever an image shows the long name, it shows exactly its display form (never cut shorter, never
    whole in one place and cut in another)."""
    game, played = game_positions
    short = display_name(LONG)
    assert short != LONG and short.endswith("…")
    for pos in played:
        for what, _png, _view, seen in _images(game, pos):
            for text, _size in seen:
                if text.startswith("Maria") or " Maria" in text:
                    assert short in text and LONG not in text, (pos.label, what, text)


def test_display_names_are_cut_once_at_a_word() -> None:
    assert display_name("Ana") == "Ana"
    assert display_name("  Zoë   Martins ") == "Zoë Martins"
    assert display_name(LONG) == "Maria da Conceição…"
    assert len(display_name("x" * 40)) == 20
