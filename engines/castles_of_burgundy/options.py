"""What a player could do now: worker costs, and the tiles, spaces and goods each choice may name.

Pure queries on a state; nothing here changes anything.  Identical tiles are one
option (the first matching id stands for them all).
"""

from __future__ import annotations

import itertools

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy.state import EMPTY, Decision, Player, State

#: Tile kinds each building's effect may take from a numbered depot.
EFFECT_TAKE_KINDS: dict[str, frozenset[str]] = {
    D.CARPENTER: frozenset({D.BUILDING}),
    D.CHURCH: frozenset({D.CASTLE, D.MINE, D.KNOWLEDGE}),
    D.MARKET: frozenset({D.SHIP, D.ANIMAL}),
}

# --- Dice and workers -----------------------------------------------------------------------------


def die_distance(a: int, b: int) -> int:
    """Steps between two die faces; 1 and 6 are neighbours (workers wrap)."""
    d = abs(a - b)
    return min(d, D.DIE_FACES - d)


def worker_cost(player: Player, die: int, target: int, free: bool = False) -> int:
    """Workers needed to turn ``die`` into ``target``: each worker is ±1 (±2 with knowledge 8);
    ``free`` is the one free ±1 step of knowledge 9-12.  A die of 0 (castle, city hall) costs nothing."""
    if die == 0:
        return 0
    d = die_distance(die, target)
    if free and d:
        d -= 1
    step = 2 if player.has(8) else 1
    return -(-d // step)


def place_cost(player: Player, die: int, tile: int, space: int) -> int:
    free = player.has(D.FREE_STEP_PLACE[D.TILE_KIND[tile]])
    return worker_cost(player, die, D.SPACE_DIE[space], free)


def take_cost(player: Player, die: int, depot: int) -> int:
    return worker_cost(player, die, depot, player.has(D.FREE_STEP_TAKE))


# --- Taking and buying ----------------------------------------------------------------------------


def distinct(tiles: tuple[int, ...] | list[int]) -> list[int]:
    """One tile id per token, in first-seen order."""
    seen: dict[str, int] = {}
    for t in tiles:
        seen.setdefault(D.TILE_TOKEN[t], t)
    return list(seen.values())


def take_options(state: State, seat: int, decision: Decision) -> list[tuple[int, int, int]]:
    """(tile, depot, workers) a take decision may choose: numbered depots only; a building's effect
    takes only its kinds, a die pays workers to reach the depot's number."""
    player = state.players[seat]
    kinds = EFFECT_TAKE_KINDS.get(decision.source)
    out = []
    for depot in D.DEPOTS:
        tiles = state.depots[depot - 1]
        if not tiles:
            continue
        cost = take_cost(player, decision.die, depot)
        if cost > player.workers:
            continue
        for t in distinct(tiles):
            if kinds is None or D.TILE_KIND[t] in kinds:
                out.append((t, depot, cost))
    return out


def can_buy_now(state: State, seat: int) -> bool:
    """The once-per-turn purchase: not yet made, 2 silverlings, a tile to buy, no decision open."""
    return not state.bought and not state.pending and bool(buy_options(state, seat))


def buy_options(state: State, seat: int) -> list[tuple[int, int]]:
    """(tile, depot) that may be bought: the black depot, or any depot with knowledge 6."""
    player = state.players[seat]
    if player.silver < D.PURCHASE_SILVER:
        return []
    depots = (D.BLACK_DEPOT, *D.DEPOTS) if player.has(6) else (D.BLACK_DEPOT,)
    return [(t, depot) for depot in depots for t in distinct(state.depots[depot - 1])]


# --- Placing -----------------------------------------------------------------------------------------


def building_allowed(player: Player, tile: int, space: int) -> bool:
    """One building of each type per city (a connected beige region) unless knowledge 1."""
    building = D.TILE_BUILDING[tile]
    if not building or player.has(1):
        return True
    estate = D.ESTATES[player.estate_no]
    return all(player.estate[s] == EMPTY or D.TILE_BUILDING[player.estate[s]] != building
               for s in estate.regions[estate.region_of[space]])


def open_spaces(player: Player, kind: str) -> list[int]:
    """Empty spaces of this colour touching a covered space."""
    estate = player.estate
    return [s for s in D.ESTATES[player.estate_no].spaces_of_kind[kind]
            if estate[s] == EMPTY and any(estate[n] != EMPTY for n in D.NEIGHBOURS[s])]


def place_options(player: Player, tile: int, die: int) -> list[tuple[int, int]]:
    """(space, workers) where ``tile`` may go with a die of ``die`` (0: any space, no workers)."""
    out = []
    for space in open_spaces(player, D.TILE_KIND[tile]):
        cost = place_cost(player, die, tile, space)
        if cost <= player.workers and building_allowed(player, tile, space):
            out.append((space, cost))
    return out


def placeable(player: Player, die: int) -> list[int]:
    """Stored tiles (one per token) that have at least one space with this die."""
    return [t for t in distinct(player.storage) if place_options(player, t, die)]


def stored_tile(player: Player, token: str) -> int | None:
    return next((t for t in player.storage if D.TILE_TOKEN[t] == token), None)


# --- Goods ------------------------------------------------------------------------------------------


def sell_options(player: Player, die: int) -> list[tuple[int, int]]:
    """(goods type, workers) that may be sold with this die (0: any type, as the warehouse)."""
    out = []
    for g in D.GOODS_TYPES:
        if player.goods[g - 1]:
            cost = worker_cost(player, die, g)
            if cost <= player.workers:
                out.append((g, cost))
    return out


def keep_choices(player: Player, incoming: list[int]) -> list[tuple[int, ...]]:
    """The sets of new goods types a player may store when a ship brings goods: as many as there are free
    goods spaces (types already stored always join their pile).  One choice when everything fits."""
    new = sorted({g for g in incoming if player.goods[g - 1] == 0})
    free = D.GOODS_STORAGE_SPACES - sum(1 for n in player.goods if n)
    if len(new) <= free:
        return [tuple(new)]
    return [tuple(kept) for kept in itertools.combinations(new, max(0, free))]


def goods_options(state: State, seat: int) -> list[tuple[int, ...]]:
    """Depots (or, with knowledge 5, two neighbouring depots) whose goods a ship may take."""
    full = [d for d in D.DEPOTS if state.depot_goods[d - 1]]
    out: list[tuple[int, ...]] = [(d,) for d in full]
    if state.players[seat].has(5):
        for d in D.DEPOTS:
            n = d % len(D.DEPOTS) + 1  # depots form a circle: 6 and 1 are neighbours
            if d in full and n in full:
                out.append((d, n))
    return out
