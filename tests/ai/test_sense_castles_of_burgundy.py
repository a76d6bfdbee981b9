"""The Castles of Burgundy: positions where the rules make the right choice plain, and whether each level
makes it (see :mod:`tests.ai.sense`).

Every position is a real 2-player game (``new_game(2, seed)``) moved with the engine tests' builders
(:mod:`tests.engines.castles_of_burgundy_helpers`: every tile and goods tile stays in exactly one place)
to a later phase and round: the goods of the rounds already played have been sold, each estate grows
from its start castle, a seat's place on the turn-order track follows its ships, and each seat has at
least the VP its estate and sales have scored.  :func:`test_the_positions_are_ones_the_rules_allow`
checks all that; :func:`test_the_right_decisions_are_legal_and_do_what_the_cases_say` plays each right
decision through the engine and checks what it scores.  Seat 0 is the one to decide.  Where the second
die would only blur the question ("use the 4 first or the 6 first?"), the seat has one die left: its
first was used earlier in the turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import pytest

import engines
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import rounds
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import EMPTY, Player, State
from engines.castles_of_burgundy.turn import Turn
from tests.ai.sense import Case, check_level
from tests.engines.castles_of_burgundy_helpers import (
    conservation,
    depot_goods,
    put,
    rounds_fixed,
    run,
    set_goods,
    setp,
    stock,
    store,
)

ENGINE = engines.get("castles-of-burgundy")
ME, OTHER = 0, 1
SEED = 5
B, C, E = 1, 2, 4  # phase indexes (A = 0)
LAST_ROUND = D.ROUNDS_PER_PHASE - 1
#: VP each seat has beyond what its estate and sales have scored (earlier regions, animals, buildings).
EARLIER_VP = {B: 8, C: 20, E: 60}
#: What the other seat has built by phase B (estate No. 1): a ship beside the castle and two mines.
OTHER_ESTATE = {18: "ship", 25: "mine", 30: "mine"}


# --- Positions ---------------------------------------------------------------------------------------------


def _later(state: State, phase: int, rnd: int) -> State:
    """The same table at ``phase``/``rnd`` (0-based), nobody having acted yet this round: each earlier
    phase's leftover tiles out of the game and the next phase's dealt by the engine; the goods of the
    rounds played so far out of their stacks and sold by the two seats in turn (at 2 VP a tile — see
    :func:`_even`); this phase's remaining goods waiting on the round spaces."""
    laid = [g for d in state.depot_goods for g in d]  # phase A, round 1's
    for p in range(1, phase + 1):
        laid += state.round_goods  # the rest of the phase before: laid out by now
        leftovers = tuple(t for d in state.depots for t in d)
        turn = Turn(replace(state, phase=p, depots=((),) * len(state.depots),
                            removed=tuple(sorted(state.removed + leftovers))))
        rounds.start_phase(turn)  # deals the depots; the phase's five goods go to the round spaces
        state = turn.state
    done = rnd if phase == 0 else rnd + 1  # a new game has laid out phase A's first already
    laid += state.round_goods[:done]
    sold = [list(p.sold) for p in state.players]
    for i, g in enumerate(laid):
        sold[i % state.seats][g - 1] += 1
    players = tuple(replace(p, sold=tuple(s)) for p, s in zip(state.players, sold, strict=True))
    return replace(state, round=rnd, round_goods=state.round_goods[done:], depot_goods=((),) * len(D.DEPOTS),
                   players=players)


def _on_track(state: State, first: int) -> State:
    """Each seat as far up the turn-order track as its ships took it (``first`` on top where they meet),
    and the turn order of the round from there; ``first`` acts now unless it is seat 0's turn later."""
    track: list[list[int]] = [[] for _ in range(D.TRACK_SPACES)]
    for seat in sorted(range(state.seats), key=lambda s: s == first):
        ships = sum(1 for t in state.players[seat].estate[1:] if t != EMPTY and D.TILE_KIND[t] == D.SHIP)
        track[min(ships, D.TRACK_SPACES - 1)].append(seat)
    order = S.track_order(tuple(tuple(space) for space in track))
    return replace(state, track=tuple(tuple(space) for space in track), order=order, turn=order.index(ME))


def _even(state: State) -> State:
    """Both seats at the same VP: at least what each has scored — 2 per goods tile
    sold, each completed region but the start castle's at its size points plus the smallest phase
    bonus, colour bonus tiles — plus :data:`EARLIER_VP`."""
    floors = [_scored_at_least(state, seat) for seat in range(state.seats)]
    par = max(floors) + EARLIER_VP[state.phase]
    return replace(state, players=tuple(replace(p, vp=par) for p in state.players))


def _scored_at_least(state: State, seat: int) -> int:
    player = state.players[seat]
    estate = D.ESTATES[player.estate_no]
    regions = {estate.region_of[s] for s in D.SPACE_IDS if player.estate[s] != EMPTY}
    completed = [estate.regions[r] for r in regions if all(player.estate[s] != EMPTY for s in estate.regions[r])]
    start = _start_castle(player)
    points = sum(D.REGION_POINTS[len(r)] + min(D.PHASE_BONUS) for r in completed if r != (start,))
    return D.SALE_VP[state.seats] * sum(player.sold) + points + sum(p for _, p in player.bonuses)


def _start_castle(player: Player) -> int:
    return D.START_CASTLE_SPACE if player.estate_no == D.DEFAULT_ESTATE else next(
        s for s in D.ESTATES[player.estate_no].spaces_of_kind[D.CASTLE] if player.estate[s] != EMPTY)


def table(phase: int, rnd: int, estate: dict[int, str], *, storage: Iterable[str] = (), dice: tuple[int, ...] = (),
          workers: int = 0, silver: int = 0, goods: dict[int, int] | None = None,
          other: dict[int, str] | None = None, first: int = ME, taken: int = 0) -> State:
    """Seat 0's estate (No. 1, start castle on 19) covered as ``estate`` says, its storage, dice and stock,
    at ``phase``/``rnd``; the other seat with :data:`OTHER_ESTATE` (or ``other``) and its dice unused
    if it has not had its turn yet.  Depot ``taken`` is empty: the other seat took its tiles earlier in
    the phase (they wait in its storage) — where a tile to take would make the question another one."""
    state = _later(rounds_fixed(2, SEED, 0), phase, rnd)
    for seat, spaces in ((ME, estate), (OTHER, OTHER_ESTATE if other is None else other)):
        for space, token in spaces.items():
            state = put(state, seat, space, token)
    state = store(state, ME, *storage)
    state = _taken(state, taken) if taken else state
    state = set_goods(state, ME, **{f"g{g}": n for g, n in (goods or {}).items()})
    state = _on_track(setp(state, ME, dice=dice, workers=workers, silver=silver), first)
    if state.turn:  # the other seat has had its turn
        state = setp(state, OTHER, dice=())
    return _even(state)


def _taken(state: State, depot: int) -> State:
    """Depot ``depot`` emptied by the other seat earlier in the phase: its tiles wait in that seat's storage."""
    depots = list(state.depots)
    other = state.players[OTHER]
    assert len(other.storage) + len(depots[depot - 1]) <= D.TILE_STORAGE_SPACES
    depots_now = (*depots[:depot - 1], (), *depots[depot:])
    return replace(setp(state, OTHER, storage=other.storage + depots[depot - 1]), depots=depots_now)


def with_goods(state: State, **by_depot: tuple[int, ...]) -> State:
    """Goods lying on depots' goods spaces (``d3=(4, 4)``): laid out in earlier rounds and not taken by
    a ship — so, where they can be, goods :func:`_later` counted as sold (else from the unused goods)."""
    for key, goods in by_depot.items():
        sold = [list(p.sold) for p in state.players]
        unsold: list[int] = []
        unused: list[int] = []
        for g in goods:
            seat = max(range(state.seats), key=lambda s: sold[s][g - 1])
            if sold[seat][g - 1]:
                sold[seat][g - 1] -= 1
                unsold.append(g)
            else:
                unused.append(g)
        depot = int(key[1:])
        state = depot_goods(state, depot, *unused)
        all_goods = list(state.depot_goods)
        all_goods[depot - 1] = tuple(sorted(all_goods[depot - 1] + tuple(unsold)))
        state = replace(state, depot_goods=tuple(all_goods), players=tuple(
            replace(p, sold=tuple(n)) for p, n in zip(state.players, sold, strict=True)))
    return state


def played(state: State, *steps: str) -> State:
    """``state`` after seat 0 plays these steps (each checked legal first)."""
    return run(state, ME, *(tuple(step.split()) for step in steps))[0]


# --- The cases ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plain:
    """A case and the decisions that are right there (the steps' keys, in order)."""

    name: str
    state: State
    right: tuple[tuple[str, ...], ...]
    why: str
    #: VP the (first) right decision scores at once, checked by playing it.
    scores: int = 0

    def case(self) -> Case:
        return Case(self.name, self.state, ME, lambda chosen: chosen in self.right, self.why)


def _complete_the_ship_region() -> Plain:
    # Ships on 20 and 21; the third space of that region, 22, has die number 1.
    state = table(B, 1, {20: "ship", 21: "ship"}, storage=["ship"], dice=(1,), taken=1)
    return Plain("complete the ship region with the matching die", with_goods(state, d4=(2, 2)),
                 (("die 1 place ship", "on 22"),),
                 "a completed region of 3 scores 6 + phase B's bonus 8 at once, and the ship brings goods and "
                 "moves up the turn order; two workers are 1 VP",
                 scores=D.REGION_POINTS[3] + D.PHASE_BONUS[B])


def _sell_the_big_stack() -> Plain:
    state = table(C, 1, {20: "ship", 26: "bank"}, dice=(3,), goods={3: 4, 6: 1}, taken=3)
    return Plain("sell the four goods of type 3 with the 3", state, (("die 3 sell 3",),),
                 "4 tiles sold = 8 VP and a silverling for one die; held, each is 1 VP at the end — and they "
                 "can only be sold with a 3",
                 scores=4 * D.SALE_VP[2])


def _buy_the_castle() -> Plain:
    # Knowledge 2 on 13 opens castle space 7; both dice are used, 2 silverlings are left.
    state = stock(table(B, 2, {13: "k2"}, silver=2), D.BLACK_DEPOT, "castle", "k17")
    return Plain("buy the castle from the black depot", state, (("buy", "castle black"),),
                 "a castle is an extra action of any number and fills a free dark-green space (7); "
                 "2 silverlings kept are 2 VP at the end, knowledge 17 scores only watchtowers (there are none)")


def _first_to_fill_the_grey() -> Plain:
    # Both seats have mines on 25 and 30, and the other seat took depot 5's mine this phase: whoever
    # covers 34 first takes the large grey bonus tile.
    state = table(B, 1, {25: "mine", 30: "mine"}, storage=["mine", "bank"], dice=(3,), taken=5)
    return Plain("place the mine that completes the grey colour first", state, (("die 3 place mine", "on 34"),),
                 "34 completes the 3-mine region (6 + bonus 8) and the grey colour before the other seat, whose "
                 "mine waits in its storage (large bonus 5, not the small 2): 19 VP and a silverling a phase, "
                 "against a bank's 9 VP on 12 and 2 silverlings — and the bank can still go there later",
                 scores=D.REGION_POINTS[3] + D.PHASE_BONUS[B] + D.BONUS_LARGE[2])


def _take_the_last_castle() -> Plain:
    # Castles on 2 and 3 (reached through knowledge tiles on 13 and 8): a castle on 7 would complete the
    # region and, with the start castle, every dark-green space.
    state = stock(table(B, 1, {13: "k2", 8: "k5", 3: "castle", 2: "castle"}, dice=(2,)), 2, "castle", "k19")
    return Plain("take the castle that will complete the dark-green colour", state, (("die 2 take", "castle 2"),),
                 "placed on 7 (a 6) the castle completes its region (6 + bonus) and the colour first (large "
                 "bonus 5) and gives an extra action; knowledge 19 scores only churches (there are none) and "
                 "two workers are 1 VP")


def _cows_with_cows() -> Plain:
    """Advanced estates (No. 6 and No. 2): a pasture of 4 with a 3-cow and a 2-cow tile, and an empty
    pasture of 2; the 5 reaches space 32 of the first and 10 of the second."""
    state = rounds_fixed(2, SEED, 0)
    state = replace(state, players=(replace(state.players[ME], estate_no=6),
                                    replace(state.players[OTHER], estate_no=2,
                                            estate=_moved(state.players[OTHER].estate, D.START_CASTLE_SPACE, 22))))
    state = _later(state, C, 0)
    for space, token in {25: "bank", 31: "cow3", 36: "cow2", 18: "church", 17: "market"}.items():
        state = put(state, ME, space, token)
    state = store(state, ME, "cow4")
    state = _even(_on_track(_taken(setp(state, ME, dice=(5,), workers=0, silver=0), 5), ME))
    return Plain("place the cows in the pasture that has cows", state, (("die 5 place cow4", "on 32"),),
                 "an animal tile scores every tile of its kind in its pasture: 4 + 3 + 2 = 9 beside the cows, "
                 "4 in the empty pasture (and every later cow there scores the 4 again)",
                 scores=4 + 3 + 2)


def _moved(estate: tuple[int, ...], space: int, to: int) -> tuple[int, ...]:
    spaces = list(estate)
    spaces[to], spaces[space] = spaces[space], EMPTY
    return tuple(spaces)


def _ship_for_waiting_goods() -> Plain:
    state = table(B, 2, {13: "k2"}, storage=["ship"], dice=(5,), goods={4: 1, 1: 1}, taken=5)
    return Plain("place the ship while three goods of a stored type wait", with_goods(state, d3=(4, 4, 4)),
                 (("die 5 place ship", "on 20"),),
                 "the ship (5 on 20) brings the three 4s — 6 VP and a silverling when sold with the 4 already "
                 "stored — and moves up the turn order; two workers are worth 1 VP")


def _biggest_pile() -> Plain:
    state = table(B, 2, {13: "k2"}, storage=["ship"], dice=(5,), goods={4: 1, 1: 1, 6: 1})
    state = with_goods(state, d3=(4, 4, 4), d5=(5, 5), d1=(6,))
    return Plain("the ship takes the three goods that join a stored type", played(state, "die 5 place ship", "on 20"),
                 (("goods 3",),),
                 "depot 3's three 4s join the stored 4; depot 1 has one tile; depot 5's 5s do not fit "
                 "(three types stored)")


def _keep_the_bigger_pile() -> Plain:
    state = replace(table(B, 2, {13: "k2"}, storage=["ship"], dice=(5,), goods={1: 1, 6: 2}), choose_goods=True)
    state = played(with_goods(state, d4=(3, 3, 3, 5)), "die 5 place ship", "on 20", "goods 4")
    return Plain("keep the three goods rather than the one", state, (("keep 3",),),
                 "one goods space is free: three 3s are 6 VP when sold, one 5 is 2")


def _castle_action_completes() -> Plain:
    """The last round of the game, seat 0 first to act: no tile taken now can be placed any more."""
    ships = {space: "ship" for space in (16, 17, 18, 20, 21)}  # the sixth blue space, 22, is still free
    state = table(E, LAST_ROUND, {13: "k2", **ships}, storage=["castle", "ship"], dice=(6,))
    state = played(with_goods(state, d2=(5, 5)), "die 6 place castle", "on 7")
    return Plain("the castle's extra action places the ship that completes the blue colour", state,
                 (("place ship", "on 22"),),
                 "any number may be used: 22 completes the ships 20-22 (6 + phase E's bonus 2) and every blue "
                 "space first (large bonus 5), and the ship brings two goods (1 VP each at the end); a tile "
                 "taken in the game's last round never reaches the estate, two workers are 1 VP",
                 scores=D.REGION_POINTS[3] + D.PHASE_BONUS[E] + D.BONUS_LARGE[2])


def _warehouse_sells_the_most() -> Plain:
    state = table(B, 2, {20: "ship"}, storage=["warehouse"], dice=(3,), goods={2: 1, 5: 3})
    return Plain("the warehouse sells the three goods, not the one", played(state, "die 3 place warehouse", "on 26"),
                 (("sell 5",),), "3 tiles sold = 6 VP, 1 tile = 2 VP; the silverling is the same",
                 scores=3 * D.SALE_VP[2])


def _watchtower_on_the_small_city() -> Plain:
    state = table(B, 2, {20: "ship"}, storage=["watchtower"], dice=(3,), goods={5: 1}, taken=3)
    return Plain("place the watchtower with the 3, on the city of one space", state,
                 (("die 3 place watchtower", "on 12"),),
                 "the watchtower scores 4 at once; on 12 it also completes a city of 1 (1 + bonus 8); 26 (also a "
                 "3) completes nothing; two workers are 1 VP",
                 scores=D.WATCHTOWER_VP + D.REGION_POINTS[1] + D.PHASE_BONUS[B])


def _discard_the_dead_mine() -> Plain:
    # Every grey space is covered: a stored mine can never be placed.  The 2 takes the castle from depot 2
    # into a full storage.
    state = table(C, 0, {25: "mine", 30: "mine", 34: "mine", 13: "k2"}, storage=["mine", "ship", "castle"],
                  dice=(2,))
    state = _even(replace(state, bonus_claims=(0, 0, 0, 0, 1, 0), players=(
        replace(state.players[ME], bonuses=((D.MINE, D.BONUS_LARGE[2]),)), state.players[OTHER])))
    state = played(stock(state, 2, "castle", "k9"), "die 2 take", "castle 2")
    return Plain("make room by discarding the mine no space can take", state, (("discard mine",),),
                 "all three grey spaces are covered, so the stored mine is dead; the ship and the castle each "
                 "have a free space")


def _last_die_sells() -> Plain:
    """The game's last action: phase E, round 5, seat 0 last in turn order with one die left.  Final
    scoring counts an unsold goods tile 1, a sold one 2 (and the sale's silverling 1), two workers 1:
    selling is 2 VP more than taking workers, and the other seat's VP are set so that selling wins by 1
    (then taking workers loses by 1)."""
    state = table(E, LAST_ROUND, {20: "ship", 21: "ship", 26: "bank", 27: "watchtower", 12: "church", 13: "k2"},
                  dice=(4,), goods={4: 2}, other={18: "ship", 17: "ship", 16: "ship", 25: "mine", 24: "bank"},
                  first=OTHER)
    final = ENGINE.outcome(played(state, "die 4 sell 4"))
    assert final is not None
    behind = final.scores[ME] - final.scores[OTHER] - 1
    state = replace(state, players=(state.players[ME], replace(state.players[OTHER],
                                                               vp=state.players[OTHER].vp + behind)))
    return Plain("the last die of the game sells the goods", state, (("die 4 sell 4",),),
                 "sold, the two 4s are 4 VP and a silverling instead of 2 VP: seat 0 ends 1 ahead; two workers "
                 "add 1 VP and lose by 1; a tile taken now scores nothing",
                 scores=2 * D.SALE_VP[2])


def _animal_kinds_over_a_small_effect() -> Plain:
    # Phase B, no animal in the estate yet and all six pasture spaces free: depot 2 offers two knowledge tiles.
    state = stock(table(B, 1, {13: "k2"}, dice=(2,)), 2, "k24", "k4")
    return Plain("take the knowledge tile that scores each animal kind at the end", state,
                 (("die 2 take", "k24 2"),),
                 "knowledge 24 scores 4 VP per animal kind in the estate at the end: with six free pasture "
                 "spaces and most of the game to go, two or three kinds are 8-12 VP; knowledge 4's worker per "
                 "sale is a few VP; two workers are 1 VP")


PLAIN: tuple[Plain, ...] = tuple(build() for build in (
    _complete_the_ship_region, _sell_the_big_stack, _buy_the_castle, _first_to_fill_the_grey, _take_the_last_castle,
    _cows_with_cows, _ship_for_waiting_goods, _biggest_pile, _keep_the_bigger_pile, _castle_action_completes,
    _warehouse_sells_the_most, _watchtower_on_the_small_city, _discard_the_dead_mine, _animal_kinds_over_a_small_effect,
    _last_die_sells,
))
CASES: tuple[Case, ...] = tuple(p.case() for p in PLAIN)


# --- The tests ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_makes_the_plain_choices(level: str) -> None:
    check_level(ENGINE, CASES, level)


@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.name)
def test_the_positions_are_ones_the_rules_allow(plain: Plain) -> None:
    state = plain.state
    conservation(state)
    assert state.actor == ME and not state.over and len(state.players) == 2
    assert len(state.round_goods) == LAST_ROUND - state.round
    assert not any(state.goods_stacks[: state.phase + 1])
    for seat, player in enumerate(state.players):
        _estate_is_legal(player)
        assert player.vp >= _scored_at_least(state, seat)
        assert len(player.dice) <= D.DICE_PER_PLAYER
    ships = [sum(1 for t in p.estate[1:] if t != EMPTY and D.TILE_KIND[t] == D.SHIP) for p in state.players]
    for seat, count in enumerate(ships):
        on = next(i for i, space in enumerate(state.track) if seat in space)
        assert on == min(count, D.TRACK_SPACES - 1), (seat, on, count)
    if state.turn:
        assert not state.players[state.order[0]].dice


def _estate_is_legal(player: Player) -> None:
    """Every tile reached from the start castle through covered spaces, on its own colour (checked by
    :func:`conservation`), and one building of each type per city."""
    estate = D.ESTATES[player.estate_no]
    covered = {s for s in D.SPACE_IDS if player.estate[s] != EMPTY}
    start = _start_castle(player)
    reached, todo = {start}, [start]
    while todo:
        for n in D.NEIGHBOURS[todo.pop()]:
            if n in covered and n not in reached:
                reached.add(n)
                todo.append(n)
    assert reached == covered, f"not reached from the start castle: {sorted(covered - reached)}"
    for region in estate.regions[1:]:
        buildings = [D.TILE_BUILDING[player.estate[s]] for s in region
                     if player.estate[s] != EMPTY and D.TILE_BUILDING[player.estate[s]]]
        assert len(buildings) == len(set(buildings)), f"two of a building in one city: {buildings}"


@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.name)
def test_the_right_decisions_are_legal_and_do_what_the_cases_say(plain: Plain) -> None:
    """Each right decision is a real choice (something else was legal), its steps are legal in turn, the
    last one and only it says something, and it scores what the case says."""
    assert len(ENGINE.legal_actions(plain.state, ME)) > 1
    for right in plain.right:
        state = plain.state
        for i, key in enumerate(right):
            assert key in [a.key for a in ENGINE.legal_actions(state, ME)], (key, i)
            action = next(a for a in ENGINE.legal_actions(state, ME) if a.key == key)
            before = state.players[ME].vp
            state, events = ENGINE.apply(state, ME, action)
            assert bool(events) == (i == len(right) - 1), (key, events)
        if plain.scores and right == plain.right[0]:
            assert _gain(plain.state, state, before) == plain.scores


def _gain(start: State, end: State, before: int) -> int:
    """VP seat 0 gained by the decision (at the game's end: the VP before final scoring)."""
    if end.over:
        return end.players[ME].vp - before - sum(S.final_points(end.players[ME]).values())
    return end.players[ME].vp - start.players[ME].vp


def test_the_last_die_decides_the_game() -> None:
    """The last case's arithmetic: selling wins the game, taking workers instead loses it."""
    last = PLAIN[-1].state
    for key, winner in (("die 4 sell 4", ME), ("die 4 workers", OTHER)):
        action = next(a for a in ENGINE.legal_actions(last, ME) if a.key == key)
        end, _ = ENGINE.apply(last, ME, action)
        outcome = ENGINE.outcome(end)
        assert outcome is not None and outcome.winners == (winner,), key
