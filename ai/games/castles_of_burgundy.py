"""The Castles of Burgundy: a seat's worth is the VP it will have at the end, as far as it can see now.

The game is won on the estate: a good player fills most of its 37 spaces, completing regions early (size
points 1-36 plus the phase bonus 10/8/6/4/2), colours first (5 VP, 2 for the second in a 2-player game),
and uses the tiles' effects; goods are sold in big stacks (2 VP a tile and a silverling); workers only
mend dice.  So the evaluation counts what final scoring will give, each asset at what it turns into:

- **VP** already scored.
- **Regions**: each covered space of an unfinished region is its share of the region's completion value
  (size points plus the bonus of the phase it will likely be finished in), discounted when the dice left
  in the game are too few to finish it.  Completing a region so turns its shares into the real points,
  and the space that does it is worth as much as any other (no region is hoarded or left at 5 of 6).
- **Colours**: the bonus tile still to be won for a colour, by the square of the share covered.
- **Storage** (3 spaces): a tile is worth part (:data:`STORED`) of what placing it will add, on the
  average of the spaces its colour has left — its space's share of a region and of the colour, its effect
  (animals' points, a building's action, a knowledge tile, a castle's extra action, a mine's income, a
  ship's goods).  The die that takes it and the die that places it each earn a share, so both beat taking
  workers whenever the tile is worth having.
- **Goods**: 1 VP a tile unsold, and part (:data:`GOODS_HELD`) of what a sale adds (2 VP a tile and a
  silverling): selling the big stack gains the rest.
- **Silverlings**: 1 VP at the end, more while 2 of them can still buy a tile from the black depot.
- **Workers**: the first few are worth about a VP each while dice are left to mend, the rest their
  end-game half VP — so workers are the fallback they are for a good player, never the plan.
- **Mines** placed: a silverling at the end of each phase still to come.  **Knowledge** 15-26 (placed, or
  stored at the share above): what they will score at the end — their count now (goods types sold,
  buildings of a type, animal kinds, goods tiles sold, bonus tiles) and what the dice left will likely add
  to it (a share of what is still open: goods types not yet sold, cities that may still take the
  building, animal kinds not yet kept, colours not yet won), so that one taken early counts for the 8-12
  VP it grows into, not for the 0-2 it would score today; other knowledge tiles placed: their effect
  while rounds are left.
- A decision opened by a tile's effect (a castle's action, a carpenter's take) is worth an action.
- **Colour races**: the large bonus tile counts only while no other player is as close to the colour.

Everything that still needs a die is scaled down when the seat has fewer dice left than such assets (in
the last rounds a stored tile that will never be placed is worth nothing).

A turn is two dice, each with its tile and space, and a purchase, which only together make a plan: the
``normal`` and ``hard`` players plan the whole turn (:mod:`ai.plan`) rather than search it (a tree search
that averages its visits blamed good first dice for the poor second dice it tried: 140 VP against the
planner's 160 in self-play); ``hard`` also plays on past the turn — the other's turn and its own next one,
over draws of the dice to come — to choose between turns the plan finds about equal.

``good_player``: players who know the game score about 180-250 VP in a 2-player game (the issue's
figure, from experienced players' reported scores; the estate alone holds 81 region points, up to 50 phase
bonus points and 30 colour points).  Where normal's points come from in self-play (20 games from seed 6000,
per player, 170 in all): regions 44 for their size and 40 of phase bonus (7.5 regions), colours 12, animals
19, sales 22, knowledge tiles 21, the rest 12; 26 of the 37 spaces filled, 4 silverlings unspent at the end.
The weights above each sit where normal's self-play scores most (60 games from seed 6000: 173.4 ± 1.3 as they are;
REGION_SHARE 0.85 173.0, 0.55 169.9; REACH 3 171.8, 5 173.6; STORED 0.5 171.6, 0.3 170.7; FREE_ACTION 6 171.6;
SILVER_EARLY 1.6 174.0; GOODS_HELD 0.5 171.1; WORKER_EARLY 0.7 170.6): the 180 a good player scores asks for more
than a weight.  Nor did a change of form move it (the same 60 games): the phase bonus read from the round as well as
the phase, at a round a missing space, 171.3-171.6, at two, 175.3 (but over 200 games from seed 7000 172.3 ± 0.7, and
it won 52 % of 200 games against the evaluation as it is), at three 172.7; a stored tile weighed over the spaces it
can reach now (the others at 0.3), 173.7, or half on its best space, 173.8 (with SILVER_EARLY 1.6, 200 games from
seed 7000: 171.8 ± 0.7 against 171.6 ± 0.7 as they are); a region's share convex in its covered spaces (power 1.5-2),
169.9-172.9, or concave (0.8), 167.2; knowledge effects at 6 or 8, 170.6 and 170.0; a ship's turn-order step at 1.5,
170.9; LATER_COUNTS 0.8, 172.2.  What stands out is when normal finishes its regions (20 games): per phase A-E, 1.1,
1.2, 1.5, 1.8 and 2.0 regions of 1.2, 2.8, 4.2, 5.4 and 7.2 spaces in all, so half its regions earn a phase bonus of
4 or 2 VP.
Nor did these (60 games from seed 6000, against 173.4 ± 1.3): knowledge effects at 2.5, 171.6; a ship's goods in
storage at 1.4 VP a tile (what goods held are worth) instead of 2, 173.5; the lead taken over half the other's points,
so that denying the other counts for less, 173.8.  Over 200 games from seed 8000 a fit of each player's final points on
the tiles it placed, by kind and phase, puts a tile placed in phases A-B at 6.1 VP (mine), 5.0 (knowledge), 4.1
(animal), 3.2 (castle), 2.4 (building), 2.1 (ship), ± 0.6-1.6, and a die spent on workers at -1.6.  The ship is last
there while the evaluation counts a stored ship's goods high, but counting them lower (above) changed nothing.
Nor did these: hard's look-ahead played two of its own turns deep (not one), weighing again every turn within 0.15
of the best turn's lead (not 0.04), 172.4 ± 2.1 against 174.4 ± 2.6 as it is (hard self-play, 20 games from seed
6000; p99 3.1 s); each knowledge effect 1-14 at a worth of its own (2-8 VP: selling for 2 silverlings, buying from
any depot and the animal bonus highest) instead of 4 for all, 171.5 ± 0.8 against 171.6 ± 0.7 (normal self-play,
200 games from seed 7000); a silverling early at 2.0 or 3.0 VP instead of 1.2 (a least-squares fit of the points
still to come on the evaluation's parts at each turn weighs silverlings held in phases A-C at 6-9 VP, but those
who hold them are also those ahead), 171.0 and 165.6 on the same 200 games.
Nor does counting the seat's own points beside its chance of winning (the utility plus 0.05 or 0.2 times its value
over the scale), or its lead alone without the logistic (a player indifferent to risk): 174.4, 173.7 and 173.3
against 173.4 (normal self-play, 60 games from seed 6000) — a lopsided game is not played carelessly for want of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy, without_going_back
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy.state import EMPTY, Player, State, knowledge_in
from engines.core import Action, AnyEngine

ROUNDS = len(D.PHASES) * D.ROUNDS_PER_PHASE
#: The share of a tile's (or a goods sale's) gain that is counted while it waits in storage for a die: the
#: die that takes it and the die that places it each earn half.
STORED = 0.4
#: The same for a goods stack: the share of a sale's gain over keeping the goods counted before the sale.
GOODS_HELD = 0.35
#: A decision opened by a tile's effect: one action without a die.
FREE_ACTION = 4.5
WORKER_EARLY, WORKER_END = 1.0, 0.5
#: Workers up to this many are worth :data:`WORKER_EARLY` (while rounds are left); more only their end worth.
FEW_WORKERS = 3
SILVER_EARLY, SILVER_END = 1.2, 1.0
#: A knowledge tile whose effect (1-14) helps for the rest of the game, at the start.
KNOWLEDGE_EFFECT = 4.0
#: The share of an unfinished region's completion value its covered spaces count for: less than all of it,
#: since a region pays only once finished (and its phase bonus falls while it waits).
REGION_SHARE = 0.7
#: Die actions a region's missing space takes (a take and a place, with dice that do not always fit): fewer
#: dice left than this many per missing space and the region is less and less likely to be finished.
REACH = 4.0
#: hard: the positions a decision may score before its look-ahead stops drawing what follows the close turns.
HARD_BUDGET = 12_000
#: The share of what is still open to an end-game knowledge tile (goods types not yet sold, cities without
#: its building, animal kinds not yet kept, colour bonus tiles not yet won) that a whole game's dice add.
LATER_COUNTS = 0.6
#: The same for a building type, per city that may still take one (a type is 7 of the 56 buildings).
LATER_BUILDINGS = 0.35
#: Goods tiles a seat sells in a whole game (normal self-play: about 10).
GOODS_SOLD_A_GAME = 10
#: A ship's move up the turn-order track.
TURN_ORDER = 0.5
#: What a building's effect gives, besides its region share (the actions: a die action's worth).
BUILDING_EFFECT: dict[str, float] = {
    D.WAREHOUSE: FREE_ACTION, D.CARPENTER: FREE_ACTION, D.CHURCH: FREE_ACTION, D.MARKET: FREE_ACTION,
    D.CITY_HALL: FREE_ACTION, D.WATCHTOWER: float(D.WATCHTOWER_VP),
    D.BOARDING: D.BOARDING_WORKERS * WORKER_EARLY, D.BANK: D.BANK_SILVER * SILVER_EARLY,
}
KIND_INDEX = {kind: i for i, kind in enumerate(D.KINDS)}


class _Layout:
    """One estate's regions as (spaces, size points, size), each space's region, spaces per colour."""

    __slots__ = ("kind_of", "kind_regions", "kind_spaces", "region_of", "regions")

    def __init__(self, number: int) -> None:
        estate = D.ESTATES[number]
        self.regions = tuple((r, D.REGION_POINTS[len(r)], len(r)) for r in estate.regions[1:])
        self.region_of = tuple(estate.region_of[s] - 1 if s else -1 for s in range(D.SPACES + 1))
        self.kind_spaces = {k: estate.spaces_of_kind[k] for k in D.KINDS}
        self.kind_of = estate.colours
        # A colour's spaces by region (a region is one colour): what placing a tile adds differs by region only.
        self.kind_regions = {k: tuple((region, spaces) for region, (spaces, _, _) in enumerate(self.regions)
                                      if estate.colours[spaces[0]] == k) for k in D.KINDS}


_LAYOUTS = {n: _Layout(n) for n in D.ESTATES}


class _Time:
    """How far the game has gone, and what assets that still need a die are worth at this point."""

    __slots__ = ("bonus", "left", "missing", "phase", "silver", "worker")

    def __init__(self, s: State) -> None:
        rounds_left = ROUNDS - (s.phase * D.ROUNDS_PER_PHASE + s.round)  # this round included
        self.left = rounds_left
        self.phase = s.phase
        soon = min(1.0, rounds_left / 6)
        self.worker = WORKER_END + (WORKER_EARLY - WORKER_END) * soon
        self.silver = SILVER_END + (SILVER_EARLY - SILVER_END) * soon
        self.bonus = D.PHASE_BONUS[s.phase]
        self.missing: tuple[dict[str, int], ...] = ()  # per seat: the spaces of each colour still empty

    def dice_left(self, player: Player) -> int:
        """The die actions this player still has: the dice in hand and two a round after this one."""
        return len(player.dice) + D.DICE_PER_PLAYER * (self.left - 1)

    def completion_bonus(self, missing: int) -> int:
        """The phase bonus a region missing this many spaces will likely earn (each space takes two
        actions, about one round)."""
        return D.PHASE_BONUS[min(len(D.PHASES) - 1, self.phase + missing // D.ROUNDS_PER_PHASE)]


def values(engine: AnyEngine, state: Any) -> list[float]:
    s: State = state
    if s.over:
        return [float(p.vp) for p in s.players]
    time = _Time(s)
    estates = [_Estate(p) for p in s.players]
    time.missing = tuple(e.missing for e in estates)
    return [_worth(s, seat, player, estates[seat], time) for seat, player in enumerate(s.players)]


class _Estate:
    """What one evaluation reads of an estate again and again, counted once: the covered spaces of each
    region and the empty spaces of each colour."""

    __slots__ = ("covered", "layout", "missing")

    def __init__(self, player: Player) -> None:
        layout = self.layout = _LAYOUTS[player.estate_no]
        covered = self.covered = [0] * len(layout.regions)
        missing = self.missing = dict.fromkeys(layout.kind_spaces, 0)
        kinds, regions = layout.kind_of, layout.region_of
        for space, tile in enumerate(player.estate):
            if space:  # space 0 is no space
                if tile == EMPTY:
                    missing[kinds[space]] += 1
                else:
                    covered[regions[space]] += 1


def _worth(s: State, seat: int, player: Player, mine: _Estate, time: _Time) -> float:
    layout = mine.layout
    estate = player.estate
    dice_left = max(0, time.dice_left(player))
    known = knowledge_in(estate)

    # What is already certain: VP, and what final scoring adds for silverlings, workers, knowledge 15-26.
    worth = float(player.vp) + time.silver * player.silver + _workers(player.workers, time)
    worth += sum(_end_knowledge(player, k, time, dice_left) for k in known if k >= 15)
    phase_ends = len(D.PHASES) - time.phase
    mines = len(layout.kind_spaces[D.MINE]) - mine.missing[D.MINE]
    worth += mines * phase_ends * time.silver
    effects = sum(1 for k in known if k < 15)
    worth += effects * KNOWLEDGE_EFFECT * min(1.0, time.left / ROUNDS * 2)

    # Regions partly covered (their shares, if the dice left can finish them), colour bonus tiles to win.
    for (_, points, size), covered in zip(layout.regions, mine.covered, strict=True):
        if 0 < covered < size:
            worth += _region(covered, points, size, time, dice_left)
    prizes = {kind: _prize(s, seat, kind, time) for kind in layout.kind_spaces}
    for kind, spaces in layout.kind_spaces.items():
        prize = prizes[kind]
        if prize:
            worth += _colour(len(spaces) - mine.missing[kind], len(spaces), prize)

    # What still needs a die: stored tiles, goods to sell.  Scaled down when dice are short.
    pending = 0.0
    needs = 0
    for tile in player.storage:
        gain = _placing(s, player, tile, mine, prizes[D.TILE_KIND[tile]], time, dice_left) * STORED
        if gain > 0:
            pending += gain
            needs += 1
    sale = D.SALE_VP[s.seats]
    for count in player.goods:
        if count:
            pending += (sale * count + time.silver - count) * GOODS_HELD  # the sale's gain over keeping them
            needs += 1
            worth += count  # unsold, 1 VP a tile at the end
    if needs > dice_left:
        pending *= dice_left / needs
    worth += pending

    # An effect's decision still open (the castle's action, a carpenter's take).
    if s.pending and s.actor == seat and s.pending[0].source not in ("die", "buy", "setup"):
        worth += FREE_ACTION
    return worth


def _workers(workers: int, time: _Time) -> float:
    """The first few workers mend many dice; more are worth their end-game half VP."""
    few = min(workers, FEW_WORKERS)
    return few * time.worker + (workers - few) * WORKER_END


def _region(covered: int, points: int, size: int, time: _Time, dice_left: int) -> float:
    """A region with ``covered`` of its ``size`` spaces covered: nothing yet if none, its share of the
    completion value (the size points and the bonus of the phase it will likely be finished in) if the
    dice left can finish it, all its points once complete (they are in the VP then)."""
    if covered == 0 or covered >= size:
        return 0.0
    missing = size - covered
    reach = min(1.0, dice_left / (REACH * missing))
    return REGION_SHARE * (points + time.completion_bonus(missing)) * covered / size * reach


def _prize(s: State, seat: int, kind: str, time: _Time) -> int:
    """The colour bonus tile this player may still win for ``kind`` (0: none left, or won): the large one
    only while nobody else is as close to covering the colour (a race: the first to finish takes it)."""
    claims = s.bonus_claims[KIND_INDEX[kind]]
    if claims >= 2 or any(k == kind for k, _ in s.players[seat].bonuses):
        return 0
    if claims == 0:
        mine = time.missing[seat][kind]
        if all(theirs[kind] > mine for other, theirs in enumerate(time.missing) if other != seat):
            return D.BONUS_LARGE[s.seats]
    return D.BONUS_SMALL[s.seats]


def _colour(covered: int, size: int, prize: int) -> float:
    """A colour bonus tile by the square of the share covered (all of it once won: then it is in the VP)."""
    return 0.0 if covered >= size else prize * (covered / size) ** 2


def _placing(s: State, player: Player, tile: int, mine: _Estate, prize: int, time: _Time, dice_left: int) -> float:
    """What placing ``tile`` will add, on the average of the empty spaces of its colour it may take (it
    goes where a die lets it, not always the best one; a better space left free takes another tile of
    the colour later): what its region and colour gain (counted so that the shares already in the
    estate's worth are not counted twice) and its effect.  0 when no space is left for it.  ``prize``:
    the colour bonus tile still to win for its colour."""
    kind = D.TILE_KIND[tile]
    layout = mine.layout
    colour_spaces = layout.kind_spaces[kind]
    colour_gain = 0.0
    if prize:
        covered, size = len(colour_spaces) - mine.missing[kind], len(colour_spaces)
        after = prize if covered + 1 == size else _colour(covered + 1, size, prize)
        colour_gain = after - _colour(covered, size, prize)
    # Every empty space of a region adds the same, so each region is weighed once, by its empty spaces.
    effect = None if kind == D.ANIMAL else _effect(s, player, tile, layout, -1, time, dice_left)
    total = 0.0
    count = 0
    for region, spaces in layout.kind_regions[kind]:
        _, points, size = layout.regions[region]
        covered = mine.covered[region]
        empty = size - covered
        if not empty or (kind == D.BUILDING and not _building_fits(player, tile, spaces)):
            continue
        after = points + time.bonus if covered + 1 == size else _region(covered + 1, points, size, time, dice_left)
        gain = after - _region(covered, points, size, time, dice_left)
        gain += effect if effect is not None else _effect(s, player, tile, layout, region, time, dice_left)
        total += gain * empty
        count += empty
    return colour_gain + total / count if count else 0.0


def _building_fits(player: Player, tile: int, city: tuple[int, ...]) -> bool:
    building = D.TILE_BUILDING[tile]
    if player.has(1):
        return True
    return all(player.estate[sp] == EMPTY or D.TILE_BUILDING[player.estate[sp]] != building for sp in city)


def _effect(s: State, player: Player, tile: int, layout: _Layout, region: int, time: _Time, dice_left: int) -> float:
    """What a tile does when it lands in ``region`` (its share of the region aside; only an animal's effect
    depends on the region)."""
    kind = D.TILE_KIND[tile]
    if kind == D.ANIMAL:
        animal = D.TILE_ANIMAL_KIND[tile]
        spaces = layout.regions[region][0]
        same = [t for sp in spaces if (t := player.estate[sp]) != EMPTY and D.TILE_ANIMAL_KIND[t] == animal]
        return float(D.TILE_ANIMALS[tile] + sum(D.TILE_ANIMALS[t] for t in same) + (len(same) + 1) * player.has(7))
    if kind == D.BUILDING:
        return BUILDING_EFFECT[D.TILE_BUILDING[tile]]
    if kind == D.CASTLE:
        return FREE_ACTION  # an action with any die number
    if kind == D.MINE:
        return (len(D.PHASES) - time.phase) * time.silver
    if kind == D.SHIP:
        goods = max((len(g) for g in s.depot_goods), default=0)
        return TURN_ORDER + goods * min(2.0, D.SALE_VP[s.seats])
    number = D.TILE_KNOWLEDGE[tile]
    if number >= 15:
        return _end_knowledge(player, number, time, dice_left)
    return KNOWLEDGE_EFFECT * min(1.0, time.left / ROUNDS * 2)


def _end_knowledge(player: Player, number: int, time: _Time, dice_left: int) -> float:
    """An end-game knowledge tile: what it will score at the end — what it would score now, and what the
    rest of the game will likely add (:data:`LATER_COUNTS`, in proportion to the dice left).  A tile that
    scores 3 VP a goods type sold is worth 12 or more when placed early, not the 1-2 its count gives then."""
    tiles = [t for t in player.estate[1:] if t != EMPTY]
    share = dice_left / (D.DICE_PER_PLAYER * ROUNDS)  # of a whole game's dice
    later = LATER_COUNTS * share
    if number == 15:
        types = sum(1 for c in player.sold if c)
        return D.KNOWLEDGE_GOODS_TYPE_VP * (types + later * (len(player.sold) - types))
    if number in D.KNOWLEDGE_BUILDING:
        building = D.KNOWLEDGE_BUILDING[number]
        have = sum(1 for t in tiles if D.TILE_BUILDING[t] == building)
        return D.KNOWLEDGE_BUILDING_VP * (have + LATER_BUILDINGS * share * _cities_open_to(player, building))
    if number == 24:
        kinds = len({D.TILE_ANIMAL_KIND[t] for t in tiles if D.TILE_ANIMALS[t]})
        pastures = sum(1 for sp in _LAYOUTS[player.estate_no].kind_spaces[D.ANIMAL] if player.estate[sp] == EMPTY)
        return D.KNOWLEDGE_ANIMAL_KIND_VP * (kinds + later * min(len(D.ANIMAL_KINDS) - kinds, pastures))
    if number == 25:
        return D.KNOWLEDGE_GOODS_TILE_VP * (sum(player.sold) + share * GOODS_SOLD_A_GAME)
    open_colours = sum(1 for kind in D.KINDS if all(k != kind for k, _ in player.bonuses))
    return D.KNOWLEDGE_BONUS_TILE_VP * (len(player.bonuses) + later * open_colours)


def _cities_open_to(player: Player, building: str) -> int:
    """The cities (building regions) with an empty space that may still take a building of this type."""
    layout = _LAYOUTS[player.estate_no]
    out = 0
    for spaces, _, _ in layout.regions:
        if D.ESTATES[player.estate_no].colours[spaces[0]] != D.BUILDING:
            continue
        if any(player.estate[sp] == EMPTY for sp in spaces) and (
                player.has(1) or all(player.estate[sp] == EMPTY or D.TILE_BUILDING[player.estate[sp]] != building
                                     for sp in spaces)):
            out += 1
    return out


def candidates(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Forward moves only, and a building's effect is used rather than skipped when it can be."""
    forward = without_going_back(engine, state, seat, legal)
    used = tuple(a for a in forward if a.steps[0][0] != "skip")
    return used or forward


def figures(engine: AnyEngine, state: Any, moves: Sequence[tuple[int, Action]]) -> dict[str, float]:
    """How the dice were spent and how full the estates are at the end: ``workers_share`` (the share of die
    actions that took workers), ``filled`` (estate spaces covered per player, of 37)."""
    s: State = state
    dice = [a.steps[0] for _, a in moves if a.steps[0][0] == "die"]
    workers = sum(1 for step in dice if step[-1] == "workers")
    filled = [sum(1 for t in p.estate[1:] if t != EMPTY) for p in s.players]
    return {"workers_share": workers / max(1, len(dice)), "filled": sum(filled) / len(filled)}


POLICY = GamePolicy(
    values=values,
    scale=12.0,
    candidates=candidates,
    rollout_steps=2,
    figures=figures,
    good_player=180.0,
    levels={
        # A turn is two dice, each with its tile and space, and a purchase: planned as a whole (ai.plan).
        "normal": Level("normal", iterations=0, samples=1, plan_width=1, plan_root=4),
        # The look-ahead's cost grows with the choices a position offers (a turn with workers and a full
        # storage has hundreds): a counted cap keeps hard's slowest decisions near its 10 s (without it
        # the p99 was 25 s at 2 and 4 seats on this 2-core machine, up to 77,000 positions scored).
        "hard": Level("hard", iterations=0, samples=1, plan_width=1, plan_root=4, plan_ahead=4,
                      plan_ahead_samples=3, plan_budget=HARD_BUDGET),
    },
)
