"""Every place a Castles of Burgundy choice names is labelled on the image the player looks at.

Players read "Place it on space 12" and found no 12 on any image (the estates showed die numbers only).  Here,
over seeded positions — the gallery's (seed 1) for 2, 3 and 4 seats and two more seeds, at the start, in the
middle and near the end, and one step into each kind of decision a turn opens (which tile, which space, which
purchase, which goods) — every legal action of the seat to act is read for the places its steps name: estate
spaces, depots (by number), the black depot, a depot's goods, goods in storage and stored tiles.  For each place,
in English, German and Brazilian Portuguese:

- the action's label names it (the space's number, the depot's number, the tile's name …);
- the view the images are drawn from has it (an empty space of the seat's estate, the tile on that depot …);
- the image draws its label: every string ``render.text.put`` draws is recorded (``H.drawn_text``), with the
  static layers and the sprites drawn again (their caches cleared, as in ``test_nothing_cut``).  Sprites draw
  their texts (space letters and die numbers, tile names, knowledge and goods numbers) through ``put`` too, so
  nothing drawn with ``ImageDraw.text`` escapes the record.

Spaces, stored tiles and stored goods are looked for on the hand (the player's own estate, where a choice is
made); depots, the black depot and a depot's goods on the board.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import engines
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as W
from engines.castles_of_burgundy.state import State
from engines.core import Action
from engines.i18n import LANGUAGES, speaking
from render.cache import LAYERS
from render.castles_of_burgundy import draw_board_image, draw_hand_image
from render.castles_of_burgundy import pieces as P
from render.gallery import random_playout
from tests.render import helpers as H

GAME = "castles-of-burgundy"
E = engines.get(GAME)
#: (seats, seed): the gallery's games and two more.
GAMES = ((2, 1), (3, 1), (4, 1), (2, 7), (4, 9))
#: Where in a game: start, middle, near the end (the gallery's points; the game over has no choices).
POINTS = (0.0, 0.5, 0.9)


@dataclass(frozen=True)
class Place:
    """A place a choice names: ``kind`` space, depot, black, depot-goods, kept (goods a ship brings: "depot:type"),
    goods (in storage) or stored; ``what`` its number or tile token."""

    kind: str
    what: str


def _states() -> Iterator[tuple[str, State, int]]:
    """(where, state, seat to act): the sampled positions, and one step into each kind of decision they open."""
    for seats, seed in GAMES:
        states = random_playout(GAME, seats, seed)
        for point in POINTS:
            state = states[round(point * (len(states) - 1))]
            (seat,) = E.to_act(state)
            where = f"{seats}p seed {seed} at {point:.0%}"
            yield where, state, seat
            yield from _decisions(where, state, seat, set(), depth=2)


def _decisions(where: str, state: State, seat: int, opened: set[str], depth: int) -> Iterator[tuple[str, State, int]]:
    """The first state of each kind of decision ``state``'s choices open for ``seat`` (which tile, which space,
    a ship's goods …), ``depth`` steps deep at most."""
    for action in E.legal_actions(state, seat):
        after, _events = E.apply(state, seat, action)
        kind = after.pending[-1].kind if after.pending and after.actor == seat else None
        if kind is not None and kind not in opened:
            opened.add(kind)
            then = f"{where}, then {E.action_key(action)}"
            yield then, after, seat
            if depth > 1:
                yield from _decisions(then, after, seat, opened, depth - 1)


def places(state: State, seat: int, action: Action) -> list[Place]:
    """The places an action's steps name, each step read against the state it applies to."""
    found: list[Place] = []
    for step in action.steps:
        top = state.pending[-1] if state.pending else None
        kind = top.kind if top is not None else None
        verb = step[0]
        if verb == "die" and len(step) == 4 and step[2] == "place":
            found.append(Place("stored", step[3]))
        elif verb == "die" and len(step) == 4 and step[2] == "sell":
            found.append(Place("goods", step[3]))
        elif verb in ("place", "discard"):
            found.append(Place("stored", step[1]))
        elif verb == "sell":
            found.append(Place("goods", step[1]))
        elif verb == "on" or (verb == "castle" and kind == "castle"):
            found.append(Place("space", step[1]))
        elif verb == "depot":
            found.append(Place("depot", step[1]))
        elif verb == "goods":
            found += [Place("depot-goods", d) for d in step[1:]]
        elif verb == "keep" and top is not None:  # goods a ship brings, still on their depots
            found += [Place("kept", f"{d}:{g}") for g in step[1:] for d in top.depots
                      if int(g) in state.depot_goods[d - 1]]
        elif verb in D.TOKEN_KIND and len(step) == 2 and kind in ("take", "buy"):
            found.append(Place("black", verb) if step[1] == "black" else Place("depot", step[1]))
        if state.actor == seat and step is not action.steps[-1]:
            state = E.apply(state, seat, Action((step,)))[0]
    return found


def _in_view(view: Any, seat: int, place: Place) -> bool:
    """The view the images are drawn from has the place."""
    info = view["players_info"][seat]
    if place.kind == "space":
        return 1 <= int(place.what) <= D.SPACES and place.what not in info["estate"]
    if place.kind == "depot":
        return place.what in view["depots"] and place.what in view["depot_spaces"]
    if place.kind == "black":
        return place.what in view["depots"]["black"]
    if place.kind == "depot-goods":
        return bool(view["depot_goods"].get(place.what))
    if place.kind == "kept":
        depot, goods = place.what.split(":")
        return int(goods) in view["depot_goods"].get(depot, [])
    if place.kind == "goods":
        return info["goods"].get(place.what, 0) > 0
    return place.what in info["storage"]


def _named(label: str, place: Place) -> bool:
    """The action's label (in the language spoken) names the place."""
    if place.kind in ("space", "depot", "depot-goods", "goods", "kept"):
        number = place.what.split(":")[-1]
        return re.search(rf"(?<!\d){number}(?!\d)", label) is not None
    if place.kind == "black":
        black = W._("Black depot").split()  # the drawn name's words, declined in a label ("schwarzen Depot")
        return all(word.casefold()[:5] in label.casefold() for word in black)
    return W.tile_name(place.what) in label


def _drawn(view: Any, place: Place) -> list[str]:
    """The texts the image must draw for the place (in the language spoken)."""
    if place.kind == "space":
        return [place.what]
    if place.kind == "depot":
        return [W._("Depot {n}", n=place.what)]
    if place.kind == "black":
        return [W._("Black depot"), *_tile_texts(place.what)]
    if place.kind == "depot-goods":
        return [W._("Depot {n}", n=place.what), *(str(g) for g in view["depot_goods"][place.what])]
    if place.kind == "goods":
        return [place.what]
    if place.kind == "kept":
        depot, goods = place.what.split(":")
        return [W._("Depot {n}", n=depot), goods]
    return [W._("Storage"), *_tile_texts(place.what)]


def _tile_texts(token: str) -> list[str]:
    """What a tile's sprite prints: its name or number; an animal tile its animal and, in a badge, its count."""
    if D.TOKEN_KIND[token] == D.ANIMAL:
        return [W.animal_name(token[:-1]), token[-1]]
    return [P.tile_label(token)]


def _texts(draw: Any) -> set[str]:
    """Every text one image draws, its static layers and sprites drawn again."""
    P.clear_sprites()
    with H.drawn_text() as seen:
        draw()
    return {text for text, _size in seen}


def missing(language: str) -> list[str]:
    """What is not labelled, as "where language action: place: why"."""
    out: list[str] = []
    for where, state, seat in _states():
        names = H.names(state.seats)
        view: Any = E.view(state, seat)
        with speaking(language):
            hand = _texts(lambda: draw_hand_image(view, names))  # noqa: B023 (drawn at once)
            board = _texts(lambda: draw_board_image(view, names))  # noqa: B023
            for action in E.legal_actions(state, seat):
                label = E.format_action(state, seat, action)
                for place in places(state, seat, action):
                    drawn_on = board if place.kind in ("depot", "black", "depot-goods", "kept") else hand
                    why = [] if _in_view(view, seat, place) else ["not in the view"]
                    why += [] if _named(label, place) else [f"not named by {label!r}"]
                    why += [f"{text!r} not drawn" for text in _drawn(view, place) if text not in drawn_on]
                    if why:
                        out.append(f"{where} {language} `{E.action_key(action)}`: {place}: {', '.join(why)}")
    LAYERS.clear()
    P.clear_sprites()
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_place_a_choice_names_is_labelled_on_the_image(language: str) -> None:
    found = missing(language)
    assert not found, f"{len(found)} places not labelled:\n" + "\n".join(found[:40])


def test_the_positions_reach_every_kind_of_place() -> None:
    """The sample is wide enough to mean something: spaces, depots, the black depot, goods and stored tiles."""
    kinds = {p.kind for _where, state, seat in _states() for a in E.legal_actions(state, seat)
             for p in places(state, seat, a)}
    assert kinds >= {"space", "depot", "black", "depot-goods", "goods", "stored"}, kinds


def test_the_recorder_hears_sprites_only_when_their_caches_are_cleared() -> None:
    """Why the test clears the sprite caches: a cached sprite's texts were drawn before the recording."""
    P.clear_sprites()
    P.goods(4, 36)
    with H.drawn_text() as seen:
        P.goods(4, 36)
    assert seen == []
    P.clear_sprites()
    with H.drawn_text() as seen:
        P.goods(4, 36)
    assert [text for text, _size in seen] == ["4"]
