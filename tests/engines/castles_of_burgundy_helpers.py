"""Fixtures for Castles of Burgundy tests: conservation checks and a small position builder.

Positions are built from a real new game, then changed with ``give`` / ``put`` /
``stock``, which move tiles from wherever they are so that every tile stays in
exactly one place (the conservation invariant holds in every scenario too).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import rounds
from engines.castles_of_burgundy.state import EMPTY, Decision, State
from engines.castles_of_burgundy.turn import Turn
from engines.core import Event

ALL_TILES = list(range(D.HEX_TILES))


def conservation(state: State) -> None:
    """All 164 hex tiles and 42 goods tiles in exactly one place; counts never negative."""
    places = [t for s in state.stacks for t in s] + [t for d in state.depots for t in d] + list(state.removed)
    for p in state.players:
        places += [t for t in p.estate[1:] if t != EMPTY] + list(p.storage)
        assert len(p.storage) <= D.TILE_STORAGE_SPACES
        assert p.silver >= 0 and p.workers >= 0
        assert sum(1 for n in p.goods if n) <= D.GOODS_STORAGE_SPACES and min(p.goods) >= 0
        colours = D.ESTATES[p.estate_no].colours
        assert all(t == EMPTY or D.TILE_KIND[t] == colours[s] for s, t in enumerate(p.estate) if s), "wrong colour"
    assert sorted(places) == ALL_TILES, "hex tiles lost or duplicated"
    goods = [0] * (len(D.GOODS_TYPES) + 1)
    loose = list(state.goods_box) + list(state.round_goods) + [g for s in state.goods_stacks for g in s]
    for g in loose + [g for d in state.depot_goods for g in d]:
        goods[g] += 1
    for p in state.players:
        for g in D.GOODS_TYPES:
            goods[g] += p.goods[g - 1] + p.sold[g - 1]
    assert goods[1:] == [D.GOODS_PER_TYPE] * len(D.GOODS_TYPES), "goods tiles lost or duplicated"
    seats_on_track = sorted(s for space in state.track for s in space)
    assert seats_on_track == list(range(state.seats))
    assert sum(state.bonus_claims) == sum(len(p.bonuses) for p in state.players)


# --- Building positions --------------------------------------------------------------------------


def tiles_of(token: str) -> list[int]:
    return [t for t in range(D.HEX_TILES) if D.TILE_TOKEN[t] == token]


def _remove_everywhere(state: State, tile: int) -> State:
    """Take ``tile`` out of wherever it is (stacks, depots, storage, estate, box)."""
    stacks = tuple(tuple(t for t in s if t != tile) for s in state.stacks)
    depots = tuple(tuple(t for t in d if t != tile) for d in state.depots)
    removed = tuple(t for t in state.removed if t != tile)
    players = tuple(replace(p, storage=tuple(t for t in p.storage if t != tile),
                            estate=tuple(EMPTY if t == tile else t for t in p.estate)) for p in state.players)
    return replace(state, stacks=stacks, depots=depots, removed=removed, players=players)


def free_tile(state: State, token: str, taken: set[int] | None = None) -> int:
    """A tile with this token that is in no estate or storage (in a stack, on a depot, or out of the game)."""
    taken = taken or set()
    hidden = {t for s in state.stacks for t in s} | set(state.removed)
    shown = {t for d in state.depots for t in d}
    candidates = [t for t in tiles_of(token) if t not in taken]
    return next(t for loose in (hidden, shown) for t in candidates if t in loose)


def put(state: State, seat: int, space: int, token: str) -> State:
    """Cover ``space`` of ``seat``'s estate with a ``token`` tile from the stacks."""
    tile = free_tile(state, token)
    state = _remove_everywhere(state, tile)
    p = state.players[seat]
    old = p.estate[space]
    estate = list(p.estate)
    estate[space] = tile
    state = replace(state, players=_with(state, seat, estate=tuple(estate)))
    if old != EMPTY:
        state = replace(state, removed=tuple(sorted((*state.removed, old))))
    return state


def store(state: State, seat: int, *tokens: str) -> State:
    """Set ``seat``'s storage to tiles with these tokens (the old ones go out of the game)."""
    p = state.players[seat]
    state = replace(state, removed=tuple(sorted(state.removed + p.storage)),
                    players=_with(state, seat, storage=()))
    tiles = []
    for token in tokens:
        tile = free_tile(state, token, set(tiles))
        state = _remove_everywhere(state, tile)
        tiles.append(tile)
    return replace(state, players=_with(state, seat, storage=tuple(tiles)))


def stock(state: State, depot: int, *tokens: str) -> State:
    """Set the tiles on ``depot`` (7 = black) to these (the old ones go out of the game)."""
    old = state.depots[depot - 1]
    depots = list(state.depots)
    depots[depot - 1] = ()
    state = replace(state, depots=tuple(depots), removed=tuple(sorted(state.removed + old)))
    tiles = []
    for token in tokens:
        tile = free_tile(state, token, set(tiles))
        state = _remove_everywhere(state, tile)
        tiles.append(tile)
    depots = list(state.depots)
    depots[depot - 1] = tuple(sorted(tiles))
    return replace(state, depots=tuple(depots))


def _unused_goods(state: State, goods: list[int]) -> State:
    """Take these goods from the box, else from the later phases' stacks (keeping every stack's size)."""
    box = list(state.goods_box)
    stacks = [list(x) for x in state.goods_stacks]
    for g in goods:
        if g in box:
            box.remove(g)
            continue
        stack = next(x for x in stacks if g in x)
        stack[stack.index(g)] = box.pop()  # swap a box tile into the stack
    return replace(state, goods_box=tuple(sorted(box)), goods_stacks=tuple(tuple(x) for x in stacks))


def set_goods(state: State, seat: int, **by_type: int) -> State:
    """Give ``seat`` goods like ``g3=2`` (taken from the unused goods; the old ones go back to the box)."""
    p = state.players[seat]
    back = [g for g in D.GOODS_TYPES for _ in range(p.goods[g - 1])]
    state = replace(state, goods_box=tuple(sorted(state.goods_box + tuple(back))))
    goods = [0] * len(D.GOODS_TYPES)
    wanted = []
    for key, n in by_type.items():
        goods[int(key[1:]) - 1] = n
        wanted += [int(key[1:])] * n
    state = _unused_goods(state, wanted)
    return replace(state, players=_with(state, seat, goods=tuple(goods)))


def depot_goods(state: State, depot: int, *goods: int) -> State:
    """Put these goods on ``depot``'s goods space (from the unused goods; the old ones go back to the box)."""
    state = replace(state, goods_box=tuple(sorted(state.goods_box + state.depot_goods[depot - 1])))
    state = _unused_goods(state, list(goods))
    all_goods = list(state.depot_goods)
    all_goods[depot - 1] = tuple(sorted(goods))
    return replace(state, depot_goods=tuple(all_goods))


def _with(state: State, seat: int, **changes: Any) -> tuple[Any, ...]:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def setp(state: State, seat: int, **changes: Any) -> State:
    """Change plain counters of one player (silver, workers, vp, dice …)."""
    return replace(state, players=_with(state, seat, **changes))


def position(seats: int = 2, seed: int = 1, *, dice: tuple[int, ...] = (1, 2), first: int = 0) -> State:
    """A fresh game in phase A round 1 with ``first`` to act holding ``dice``; empty storage."""
    state = rounds_fixed(seats, seed, first)
    return setp(state, first, dice=tuple(sorted(dice)))


def rounds_fixed(seats: int, seed: int, first: int) -> State:
    from engines.castles_of_burgundy import setup

    state = setup.new_game(seats, seed)
    order = tuple((first + i) % seats for i in range(seats))
    track = (tuple(reversed(order)),) + ((),) * (D.TRACK_SPACES - 1)
    return replace(state, order=order, turn=0, track=track)


def with_pending(state: State, *decisions: Decision) -> State:
    return replace(state, pending=tuple(decisions))


def run(state: State, seat: int, *steps: tuple[str, ...]) -> tuple[State, tuple[Event, ...]]:
    """Apply steps one by one, each checked as legal first."""
    events: list[Event] = []
    for step in steps:
        problem = R.step_problem(state, seat, step)
        assert problem is None, f"{step}: {problem}"
        state, evs = R.apply_steps(state, seat, (step,))
        events += evs
    return state, tuple(events)


def resolve(state: State, dice: tuple[tuple[int, ...], ...], white: int) -> State:
    """Start a round with forced dice (the pure resolve step)."""
    turn = Turn(state)
    rounds.resolve_round(turn, dice, white)
    return turn.state
