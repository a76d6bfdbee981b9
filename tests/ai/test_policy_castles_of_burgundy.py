"""The Castles of Burgundy's evaluation counts goods and nearly completed regions before they score."""

from __future__ import annotations

from dataclasses import replace

import engines
from ai.games import policy_for
from ai.games.castles_of_burgundy import POLICY
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy.state import EMPTY, Player, State

ENGINE = engines.get("castles-of-burgundy")


def _with(state: State, player: Player) -> State:
    return replace(state, players=(player, *state.players[1:]))


def test_found_by_package_name() -> None:
    assert policy_for(ENGINE) is POLICY


def test_goods_and_region_progress_are_worth_points() -> None:
    state: State = ENGINE.new_game(2, seed=3)
    me = state.players[0]
    base = POLICY.values(ENGINE, state)[0]

    # Three more goods tiles of a type already stored: a sale to come (the points scored are unchanged).
    kind = next(i for i, n in enumerate(me.goods) if n)
    stocked = _with(state, replace(me, goods=tuple(n + 3 * (i == kind) for i, n in enumerate(me.goods))))
    assert stocked.players[0].vp == me.vp
    assert POLICY.values(ENGINE, stocked)[0] > base + 3
    assert POLICY.utilities(ENGINE, stocked)[0] > POLICY.utilities(ENGINE, state)[0]

    # Two of a 3-space building region covered is worth more than one (neither has scored yet).
    estate = D.ESTATES[me.estate_no]
    region = next(r for r in estate.regions[1:] if len(r) == 3 and estate.colours[r[0]] == D.BUILDING)
    tile = next(t for t in range(D.HEX_TILES) if D.TILE_KIND[t] == D.BUILDING)
    assert all(me.estate[s] == EMPTY for s in region)

    def covering(n: int) -> State:
        spaces = list(me.estate)
        for s in region[:n]:
            spaces[s] = tile
        return _with(state, replace(me, estate=tuple(spaces)))

    one, two = POLICY.values(ENGINE, covering(1))[0], POLICY.values(ENGINE, covering(2))[0]
    assert base < one < two
