"""Victory points: completed regions, colour bonus tiles, animals, goods sales, final scoring, tie-breaks."""

from __future__ import annotations

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy.state import EMPTY, Player, State
from engines.castles_of_burgundy.turn import Turn
from engines.castles_of_burgundy.words import _
from engines.core import Outcome, ranks_from_scores

# --- Regions and colours -------------------------------------------------------------------------


def completed_region(player: Player, space: int) -> tuple[int, ...] | None:
    """The region of ``space`` if every one of its spaces is now covered."""
    estate = D.ESTATES[player.estate_no]
    region = estate.regions[estate.region_of[space]]
    return region if all(player.estate[s] != EMPTY for s in region) else None


def colour_complete(player: Player, kind: str) -> bool:
    return all(player.estate[s] != EMPTY for s in D.ESTATES[player.estate_no].spaces_of_kind[kind])


def region_points(size: int, phase: int) -> int:
    """Completing a region: points for its size plus the bonus of the current phase."""
    return D.REGION_POINTS[size] + D.PHASE_BONUS[phase]


def score_completion(turn: Turn, seat: int, space: int) -> None:
    """After a tile lands on ``space``: score its region if now complete, and the colour bonus tile."""
    player = turn.player(seat)
    region = completed_region(player, space)
    if region is None:
        return
    phase = turn.state.phase
    points = region_points(len(region), phase)
    turn.gain(seat, vp=points)
    kind = D.ESTATES[player.estate_no].colours[space]
    turn.emit(E.Region(seat=seat, kind=kind, size=len(region), phase=D.PHASES[phase], points=points))
    if colour_complete(turn.player(seat), kind):
        _colour_bonus(turn, seat, kind)


def _colour_bonus(turn: Turn, seat: int, kind: str) -> None:
    """The first player to cover every space of a colour takes its large bonus tile, the second the small one."""
    claims = list(turn.state.bonus_claims)
    index = D.KINDS.index(kind)
    if claims[index] >= 2:
        return
    seats = turn.state.seats
    points = (D.BONUS_LARGE if claims[index] == 0 else D.BONUS_SMALL)[seats]
    claims[index] += 1
    turn.update(bonus_claims=tuple(claims))
    player = turn.player(seat)
    turn.set_player(seat, bonuses=(*player.bonuses, (kind, points)), vp=player.vp + points)
    turn.emit(E.Bonus(seat=seat, kind=kind, size="large" if claims[index] == 1 else "small", points=points))


# --- Animals -----------------------------------------------------------------------------------


def animal_points(player: Player, space: int) -> int:
    """Points for the animal tile just placed on ``space``: the animals of every tile of its kind in
    the same pasture (the new one included); knowledge 7 adds 1 per tile that scores."""
    tile = player.estate[space]
    kind = D.TILE_ANIMAL_KIND[tile]
    estate = D.ESTATES[player.estate_no]
    scoring = [t for s in estate.regions[estate.region_of[space]]
               if (t := player.estate[s]) != EMPTY and D.TILE_ANIMAL_KIND[t] == kind]
    points = sum(D.TILE_ANIMALS[t] for t in scoring)
    if player.has(7):
        points += len(scoring)
    return points


# --- Goods --------------------------------------------------------------------------------------


def sale_vp(seats: int, tiles: int) -> int:
    return D.SALE_VP[seats] * tiles


def sell(turn: Turn, seat: int, goods: int, reason: str) -> None:
    """Sell every stored goods tile of type ``goods``: 1 silverling (2 with #3), +1 worker with #4,
    and 2/3/4 VP per tile by player count.  The tiles are kept face down for #15 and #25."""
    player = turn.player(seat)
    count = player.goods[goods - 1]
    stored, sold = list(player.goods), list(player.sold)
    stored[goods - 1] = 0
    sold[goods - 1] += count
    silver = 2 if player.has(3) else D.SALE_SILVER
    workers = 1 if player.has(4) else 0
    vp = sale_vp(turn.state.seats, count)
    turn.set_player(seat, goods=tuple(stored), sold=tuple(sold), silver=player.silver + silver,
                    workers=player.workers + workers, vp=player.vp + vp)
    turn.emit(E.Sell(seat=seat, goods=goods, count=count, silver=silver, workers=workers, points=vp, reason=reason))


def store_goods(player: Player, incoming: list[int], keep: tuple[int, ...] | None = None
                ) -> tuple[tuple[int, ...], frozenset[int]]:
    """Put goods into the 3-space goods storage (one type per space): types already stored first,
    then the new types in ``keep`` (the player's choice) or, without a choice, the largest piles first
    (ties: lower number).  Returns the new storage and the types that did not fit (they stay on their
    depot)."""
    stored = list(player.goods)
    counts = {g: incoming.count(g) for g in D.GOODS_TYPES if g in incoming}
    left: set[int] = set()
    for g in sorted(counts, key=lambda g: (stored[g - 1] == 0, -counts[g], g)):
        fits = stored[g - 1] or sum(1 for n in stored if n) < D.GOODS_STORAGE_SPACES
        if fits and (keep is None or stored[g - 1] or g in keep):
            stored[g - 1] += counts[g]
        else:
            left.add(g)
    return tuple(stored), frozenset(left)


# --- Final scoring ------------------------------------------------------------------------------


def estate_tiles(player: Player) -> list[int]:
    return [t for t in player.estate[1:] if t != EMPTY]


def knowledge_points(player: Player) -> dict[int, int]:
    """End-game points of knowledge tiles 15-26 in the estate."""
    tiles = estate_tiles(player)
    out: dict[int, int] = {}
    for t in tiles:
        n = D.TILE_KNOWLEDGE[t]
        if n == 15:
            out[n] = D.KNOWLEDGE_GOODS_TYPE_VP * sum(1 for c in player.sold if c)
        elif n in D.KNOWLEDGE_BUILDING:
            out[n] = D.KNOWLEDGE_BUILDING_VP * sum(1 for u in tiles if D.TILE_BUILDING[u] == D.KNOWLEDGE_BUILDING[n])
        elif n == 24:
            out[n] = D.KNOWLEDGE_ANIMAL_KIND_VP * len({D.TILE_ANIMAL_KIND[u] for u in tiles if D.TILE_ANIMALS[u]})
        elif n == 25:
            out[n] = D.KNOWLEDGE_GOODS_TILE_VP * sum(player.sold)
        elif n == 26:
            out[n] = D.KNOWLEDGE_BONUS_TILE_VP * len(player.bonuses)
    return out


def final_points(player: Player) -> dict[str, int]:
    """What final scoring adds: unsold goods, silverlings, workers (1 per 2), knowledge 15-26."""
    return {
        "goods": D.FINAL_VP_PER_GOODS * sum(player.goods),
        "silver": D.FINAL_VP_PER_SILVER * player.silver,
        "workers": player.workers // D.FINAL_WORKERS_PER_VP,
        "knowledge": sum(knowledge_points(player).values()),
    }


def empty_spaces(player: Player) -> int:
    return sum(1 for t in player.estate[1:] if t == EMPTY)


def track_order(track: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Turn order from the track: furthest forward first; in a stack, top first."""
    return tuple(seat for space in reversed(track) for seat in reversed(space))


def tiebreak_key(state: State, seat: int) -> tuple[int, int, int]:
    """Higher is better: VP, then most empty estate spaces, then later in turn order (further back
    on the track)."""
    player = state.players[seat]
    return player.vp, empty_spaces(player), track_order(state.track).index(seat)


def standing(state: State) -> Outcome:
    """VP with the rulebook's tie-breaks (the engine's ``standing`` and the final view)."""
    scores = tuple(p.vp for p in state.players)
    keys = tuple(tiebreak_key(state, seat) for seat in range(state.seats))
    return Outcome(scores, ranks_from_scores(keys), _("VP; ties: most empty estate spaces, then later in turn order"))
