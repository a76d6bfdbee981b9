"""Fixtures for Burgen Land tests: the conservation check and a position builder."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import pairwise
from typing import Any

from engines.burgen_land import data as D
from engines.burgen_land import rules as R
from engines.burgen_land.state import ROLL, Row, State

BUILDINGS = D.BUILDING_VALUES
CELLS = {D.HOLE, *D.VALUES}


def conservation(state: State) -> None:
    """All 57 cards and 5 red dice in exactly one place; castles well formed."""
    for c in range(len(D.COLOURS)):
        mine, theirs = state.castles[0][c], state.castles[1][c]
        for k, total in enumerate(D.CARDS_PER_COLOUR):
            value, left = D.VALUES[k], state.supply[c][k]
            assert left >= 0 and left + mine.count(value) + theirs.count(value) == total, (
                f"{D.COLOURS[c]} {D.KINDS[k]} lost or duplicated")
    assert state.red_supply >= 0 and min(state.red_held) >= 0
    assert state.red_supply + sum(state.red_held) == D.RED_DICE, "red dice lost or duplicated"
    for seat in range(D.SEATS):
        for row in state.castles[seat]:
            problem = row_problem(row)
            assert problem is None, f"{problem}: {row}"
    assert 0 <= state.crown < D.TRACK_LEN
    assert all(s >= 0 for s in state.scores)
    assert (state.winner is None) == (state.phase != "over")
    if state.winner is not None:
        assert state.scores[state.winner] >= D.WIN_SCORE


@lru_cache(maxsize=65536)
def row_problem(row: Row) -> str | None:
    """What is wrong with a castle row, if anything (cached: the same rows recur all game long)."""
    if not row:
        return None
    if not set(row) <= CELLS:
        return "not a card value"
    if row[0] == D.HOLE or row[-1] == D.HOLE:
        return "a row starts or ends with a hole"
    if any(a in BUILDINGS and b in BUILDINGS for a, b in pairwise(row)):
        return "two buildings side by side"
    return None


def space(colour: str, kind: str, nth: int = 1) -> int:
    """Ring index of the ``nth`` space of ``kind`` in ``colour``'s section (``space("yellow", "house")``)."""
    c = D.COLOURS.index(colour)
    found = [i for i, (k, col) in enumerate(D.TRACK) if col == c and k == kind]
    return found[nth - 1]


def position(mine: dict[str, Row] | None = None, theirs: dict[str, Row] | None = None, *, crown: int = 0,
             turn: int = 0, colour: str | None = None, rolls: int = 0, held: tuple[int, int] = (0, 0),
             scores: tuple[int, int] = (0, 0), seed: int = 1, **changes: Any) -> State:
    """A legal position: seat ``turn``'s castles ``mine``, the other's ``theirs`` (unnamed colours keep
    their single starting wall); the supply holds exactly the cards not in castles."""
    state = R.new_game(2, seed)
    rows: list[list[Row]] = [list(state.castles[0]), list(state.castles[1])]
    for seat, given in ((turn, mine or {}), (1 - turn, theirs or {})):
        for name, row in given.items():
            rows[seat][D.COLOURS.index(name)] = tuple(row)
    supply = tuple(
        tuple(total - sum(rows[s][c].count(D.VALUES[k]) for s in range(2))
              for k, total in enumerate(D.CARDS_PER_COLOUR))
        for c in range(len(D.COLOURS))
    )
    state = replace(
        state, castles=(tuple(rows[0]), tuple(rows[1])), supply=supply, crown=crown, turn=turn, first=turn,
        colour=None if colour is None else D.COLOURS.index(colour), rolls=rolls, phase=ROLL,
        red_held=held, red_supply=D.RED_DICE - sum(held), scores=scores,
    )
    state = replace(state, **changes)
    conservation(state)
    return state


def at_little_tower() -> State:
    """Seat 0 on the red little tower with a castle where it fits at either end."""
    state = position({"red": (1, 5, 1, 3, 1)}, crown=space("red", "wall-crown"), held=(0, 0))
    return R.resolve_roll(state, 0, (1,))[0]


def rolled(*dice: int, held: int = 2) -> State:
    """Seat 0 (holding ``held`` red dice, the crown on the blue house) after rolling ``dice``."""
    return R.resolve_roll(position(crown=space("blue", "house"), held=(held, 0)), 0, dice)[0]
