"""Burgenland's legal builds and payment steps are listed fast and kept (rules.legal_builds, rules.pending_steps):
they must be exactly what asking every candidate build (``build_refusal``) and every payment step gives, in the same
order, however many positions were seen before — a kept list is never one of another position."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.burgenland.state import State
from tests.engines.burgenland_helpers import cards, give, perturbed, position, set_site
from tests.engines.test_burgenland_playouts import PURPOSEFUL
from tests.harness import play_many

ENGINE = engines.get("burgenland")
#: M1 red and M2 green: castle 1 takes red or green.
MARKERS = ("red", "green", "yellow", "white", "purple", "orange", "light-blue", "dark-blue")


def asked(state: State, seat: int) -> list[tuple[str, ...]]:
    """The legal builds as found before they were kept: every candidate asked whether it may be built."""
    return [("build", piece, where, *mods) for piece, where, mods in R.build_candidates(state, seat)
            if R.build_refusal(state, seat, piece, where, mods) is None]


def same_as_asked(state: State) -> None:
    seat = state.turn
    if state.winner is not None:
        return
    # The position itself, then with each thing a list may read changed in turn, after its own list was kept.
    for s in (state, *perturbed(state)):
        if s.pending is not None:
            assert R.pending_steps(s, seat) == R._pending_steps(s, seat)
        elif not s.main_done:
            assert R.legal_builds(s, seat) == asked(s, seat)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_kept_lists_are_what_asking_gives_in_random_games(seats: int) -> None:
    # The lists are kept across the games too (nothing is cleared): a key that missed something a list reads
    # would hand one position's list to another.
    runs = play_many(ENGINE, 4, (seats,), first_seed=900 + seats * 10, invariant=same_as_asked,
                     policy=PURPOSEFUL, deep_every=50)
    assert sum(run.steps for run in runs) > 300


def base(hand: list[int], **player: object) -> State:
    return give(position(2, markers=MARKERS), 0, hand=hand, **player)


def builds(state: State) -> set[str]:
    return {" ".join(step[1:]) for step in R.legal_steps(state, 0) if step[0] == "build"}


def test_a_tower_the_architect_makes_too_dear_is_no_longer_listed() -> None:
    # Four red cards and a 2: a tower in castle 1 (red/green) with the architect at 2, not at 3.
    state = replace(base(cards("red", 1, 1, 1, 1) + cards("yellow", 2)), architect=(2, *D.ARCHITECT_COSTS[1:]))
    assert "tower 1N" in builds(state)
    dearer = replace(state, architect=(3, *D.ARCHITECT_COSTS[1:]))
    assert "tower 1N" not in builds(dearer)
    assert "tower 1N" in builds(state)


def test_a_house_is_listed_once_the_castle_has_its_wall_and_with_the_ignore_tile_before() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    assert "house 1N" not in builds(state)
    walled = set_site(state, 1, "E", D.WALL)
    assert "house 1N" in builds(walled)
    tiled = give(state, 0, bonus_tiles=(D.IGNORE,))
    assert "house 1N ignore" in builds(tiled) and "house 1N" not in builds(tiled)


def test_swapped_markers_change_the_castles_a_hand_pays_for() -> None:
    # Four red cards: red on M1 pays for castles 1, 4 and 5; swapped with M3 (yellow), castles 2, 3 and 7.
    state = base(cards("red", 1, 1, 1, 1))
    assert {"wall 1N", "wall 4N", "wall 5N"} <= builds(state) and "wall 2N" not in builds(state)
    markers = list(state.markers)
    markers[0], markers[2] = markers[2], markers[0]
    moved = replace(state, markers=tuple(markers))
    assert {"wall 2N", "wall 3N", "wall 7N"} <= builds(moved) and "wall 1N" not in builds(moved)
    assert builds(moved) == {" ".join(step[1:]) for step in asked(moved, 0)}


def test_a_payment_offers_the_colours_of_its_castle_as_the_markers_stand() -> None:
    # The same hand and the same open build of a wall in castle 1: red/green, or yellow/green once red and
    # yellow swapped places (M1 and M3).
    hand = cards("red", 1, 1, 1, 1) + cards("yellow", 1, 1, 1, 1)
    state = R.apply_steps(base(hand), 0, (("build", D.WALL, "1N"),))[0]
    markers = list(state.markers)
    markers[0], markers[2] = markers[2], markers[0]
    moved = replace(state, markers=tuple(markers))
    assert ("pay", "R1") in R.pending_steps(state, 0) and ("pay", "Y1") not in R.pending_steps(state, 0)
    assert ("pay", "Y1") in R.pending_steps(moved, 0) and ("pay", "R1") not in R.pending_steps(moved, 0)
