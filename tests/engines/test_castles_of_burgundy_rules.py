"""Every rule and tile effect as a scenario on a constructed position (phase A, round 1, seat 0 to act)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import rounds
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import State
from engines.castles_of_burgundy.turn import Turn
from tests.engines.castles_of_burgundy_helpers import (
    conservation,
    depot_goods,
    position,
    put,
    resolve,
    run,
    set_goods,
    setp,
    stock,
    store,
)

E = engines.get("castles-of-burgundy")


def tokens(tiles: tuple[int, ...]) -> list[str]:
    return [D.TILE_TOKEN[t] for t in tiles]


def kinds(events: tuple) -> list[str]:
    return [e.kind for e in events]


def clear_goods(state: State) -> State:
    """No goods on any depot (so a ship has nothing to take unless a test puts some there)."""
    box = tuple(sorted(state.goods_box + tuple(g for d in state.depot_goods for g in d)))
    return replace(state, goods_box=box, depot_goods=((),) * 6)


def base(seats: int = 2, dice: tuple[int, int] = (1, 2), workers: int = 0, silver: int = 0) -> State:
    state = set_goods(clear_goods(position(seats, dice=dice)), 0)
    return setp(state, 0, workers=workers, silver=silver)


def again(state: State, dice: tuple[int, ...]) -> State:
    """Seat 0 acts again (a new turn with these dice) — to chain scenarios."""
    return setp(replace(state, turn=state.order.index(0), bought=False, pending=()), 0, dice=dice)


# --- Taking tiles ---------------------------------------------------------------------------------------


def test_take_a_tile_from_the_depot_of_the_die() -> None:
    s = stock(base(dice=(2, 5)), 2, "ship", "k3")
    s, events = run(s, 0, ("die", "2", "take"), ("ship", "2"))
    p = s.players[0]
    assert tokens(p.storage) == ["ship"] and p.dice == (5,) and tokens(s.depots[1]) == ["k3"]
    assert kinds(events) == ["take"] and events[0].data["workers"] == 0
    conservation(s)


def test_workers_change_the_die_by_one_each_and_wrap_from_6_to_1() -> None:
    s = stock(stock(base(dice=(6, 6), workers=2), 1, "ship"), 3, "mine")
    s, _ = run(s, 0, ("die", "6", "take"))
    options = R.legal_steps(s, 0)
    assert ("ship", "1") in options  # 6 -> 1 costs one worker
    assert ("mine", "3") not in options  # 6 -> 3 needs three
    assert E.format_action(s, 0, E.parse_action(s, 0, "ship 1")) == "Take the ship from depot 1 (1 worker)"
    s, _ = run(s, 0, ("ship", "1"))
    assert s.players[0].workers == 1 and s.players[0].dice == (6,)


def test_full_storage_forces_a_discard_first_and_cancel_changes_nothing() -> None:
    s = store(stock(base(dice=(2, 5)), 2, "ship"), 0, "mine", "bank", "cow2")
    s, events = run(s, 0, ("die", "2", "take"), ("ship", "2"))
    assert events == () and s.pending[-1].kind == "discard"
    assert R.legal_steps(s, 0) == [("discard", "mine"), ("discard", "bank"), ("discard", "cow2"), ("cancel",)]
    back, _ = run(s, 0, ("cancel",))
    assert back.pending[-1].kind == "take" and back.players == s.players
    s, events = run(s, 0, ("discard", "bank"))
    assert tokens(s.players[0].storage) == ["mine", "cow2", "ship"] and s.players[0].dice == (5,)
    assert kinds(events) == ["discard", "take"] and any(D.TILE_TOKEN[t] == "bank" for t in s.removed)
    conservation(s)


def test_cancel_steps_back_one_level_while_nothing_changed() -> None:
    s = base(dice=(2, 5))
    s1, _ = run(s, 0, ("die", "2", "take"))
    assert [d.kind for d in s1.pending] == ["action", "take"]
    s2, _ = run(s1, 0, ("cancel",))
    assert s2.pending == () and s2.players == s.players  # back to the turn's list


# --- Placing tiles -------------------------------------------------------------------------------------


def test_place_needs_matching_colour_adjacency_and_die_number() -> None:
    s = store(base(dice=(2, 6)), 0, "ship")
    s, _ = run(s, 0, ("die", "2", "place", "ship"))
    assert R.legal_steps(s, 0) == [("on", "18"), ("cancel",)]  # die 2 ship spaces: 18 (touches 19) only
    assert "is beige" in R.step_problem(s, 0, ("on", "23"))
    assert "touches no covered space" in R.step_problem(s, 0, ("on", "16"))
    assert "needs 3 workers" in R.step_problem(s, 0, ("on", "20"))
    s, events = run(s, 0, ("on", "18"))
    assert tokens((s.players[0].estate[18],)) == ["ship"] and s.players[0].storage == ()
    assert kinds(events)[:2] == ["place", "advance"]


def test_one_building_of_each_type_per_city_unless_knowledge_1() -> None:
    s = put(base(dice=(1, 1)), 0, 26, "bank")
    s = store(s, 0, "bank")
    assert ("die", "1", "place", "bank") not in R.legal_steps(s, 0)  # 27 (die 1) is in the same city as 26
    assert "no space fits the bank" in R.step_problem(s, 0, ("die", "1", "place", "bank"))
    s2 = put(s, 0, 13, "k1")
    s2, _ = run(s2, 0, ("die", "1", "place", "bank"))
    assert ("on", "27") in R.legal_steps(s2, 0)


def test_first_tile_must_touch_the_start_castle() -> None:
    s = store(base(dice=(4, 4)), 0, "mine")
    s, _ = run(s, 0, ("die", "4", "place", "mine"))
    assert R.legal_steps(s, 0) == [("on", "25"), ("cancel",)]


# --- Selling and workers --------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "vp"), [(2, 4), (3, 6), (4, 8)])
def test_selling_all_goods_of_the_die_type(seats: int, vp: int) -> None:
    s = set_goods(base(seats, dice=(3, 5)), 0, g3=2, g5=1)
    s, events = run(s, 0, ("die", "3", "sell", "3"))
    p = s.players[0]
    assert (p.vp, p.silver, p.goods, p.sold) == (vp, 1, (0, 0, 0, 0, 1, 0), (0, 0, 2, 0, 0, 0))
    assert events[0].kind == "sell"
    conservation(s)


def test_knowledge_3_and_4_on_selling_and_the_warehouse() -> None:
    s = set_goods(put(put(base(dice=(3, 5)), 0, 13, "k3"), 0, 8, "k4"), 0, g3=1, g1=2)
    s, _ = run(s, 0, ("die", "3", "sell", "3"))
    assert (s.players[0].silver, s.players[0].workers, s.players[0].vp) == (2, 1, 2)


def test_take_workers_and_knowledge_13_and_14() -> None:
    s = base(dice=(3, 5))
    s1, _ = run(s, 0, ("die", "3", "workers"))
    assert (s1.players[0].workers, s1.players[0].silver) == (2, 0)
    s = put(put(s, 0, 13, "k13"), 0, 8, "k14")
    s2, _ = run(s, 0, ("die", "3", "workers"))
    assert (s2.players[0].workers, s2.players[0].silver) == (4, 1)


def test_the_boarding_house_is_not_the_take_workers_action() -> None:
    s = store(put(put(base(dice=(3, 5)), 0, 13, "k13"), 0, 8, "k14"), 0, "boarding")
    s, _ = run(s, 0, ("die", "3", "place", "boarding"), ("on", "12"))
    p = s.players[0]
    assert (p.workers, p.silver) == (4, 0)
    assert p.vp == 1 + 10  # the one-space city {12} completed in phase A


# --- The purchase ----------------------------------------------------------------------------------------


def test_buy_from_the_black_depot_once_per_turn_for_two_silverlings() -> None:
    s = stock(base(dice=(3, 5), silver=5), 7, "bank", "ship")
    assert ("buy",) in R.legal_steps(s, 0)
    s, _ = run(s, 0, ("buy",))
    assert R.legal_steps(s, 0) == [("bank", "black"), ("ship", "black"), ("cancel",)]
    s, _ = run(s, 0, ("bank", "black"))
    assert s.players[0].silver == 3 and tokens(s.players[0].storage) == ["bank"] and s.bought
    assert ("buy",) not in R.legal_steps(s, 0)
    s, _ = run(s, 0, ("die", "3", "take"))
    assert "buy" not in {step[0] for step in R.legal_steps(s, 0)}  # never inside a die action


def test_buying_between_and_after_the_dice_and_end() -> None:
    s = stock(base(dice=(3, 5), silver=2), 7, "bank")
    s, _ = run(s, 0, ("die", "3", "workers"), ("die", "5", "workers"))
    assert R.legal_steps(s, 0) == [("buy",), ("end",)]
    s, events = run(s, 0, ("end",))
    assert s.order[s.turn] == 1 and kinds(events) == ["turn"] and s.barrier == s.ply


def test_knowledge_6_buys_from_any_depot_and_full_storage_discards() -> None:
    s = stock(stock(put(base(dice=(3, 5), silver=2), 0, 13, "k6"), 7, "bank"), 3, "mine")
    s = store(s, 0, "cow2", "pig2", "ship")
    s, _ = run(s, 0, ("buy",))
    assert ("depot", "3") in R.legal_steps(s, 0) and ("bank", "black") in R.legal_steps(s, 0)
    s, _ = run(s, 0, ("depot", "3"))
    assert R.legal_steps(s, 0) == [("mine", "3"), ("cancel",)]
    s, _ = run(s, 0, ("mine", "3"), ("discard", "pig2"))
    assert tokens(s.players[0].storage) == ["cow2", "ship", "mine"] and s.players[0].silver == 0
    conservation(s)


def test_buying_with_knowledge_6_keeps_every_list_short() -> None:
    s = put(E.new_game(4, 2), 0, 13, "k6")
    s = setp(replace(s, order=(0, 1, 2, 3), turn=0), 0, silver=2)
    s, _ = run(s, 0, ("buy",))
    top = R.legal_steps(s, 0)
    assert [step for step in top if step[0] == "depot"] == [("depot", str(d)) for d in range(1, 7)]
    assert len(top) <= 8 + 6 + 1  # the black depot's (distinct) tiles, the 6 depots, cancel
    for depot in range(1, 7):
        inner, _ = run(s, 0, ("depot", str(depot)))
        assert len(R.legal_steps(inner, 0)) <= 5


def test_turn_ends_by_itself_when_the_dice_are_used_and_nothing_can_be_bought() -> None:
    s = base(dice=(3, 5), silver=1)
    s, events = run(s, 0, ("die", "3", "workers"), ("die", "5", "workers"))
    assert s.order[s.turn] == 1 and events[-1].kind == "turn"


# --- Ships and turn order --------------------------------------------------------------------------------


def test_ship_takes_a_depots_goods_and_moves_ahead_for_the_next_round() -> None:
    s = depot_goods(depot_goods(store(base(3, dice=(2, 6)), 0, "ship"), 4, 1, 1, 5), 2, 3)
    s = replace(s, order=(1, 2, 0), turn=2, track=((0, 2, 1),) + ((),) * 6)
    s, _ = run(s, 0, ("die", "2", "place", "ship"), ("on", "18"))
    assert R.legal_steps(s, 0) == [("goods", "2"), ("goods", "4")]  # no skip, no cancel
    s, _ = run(s, 0, ("goods", "4"))
    assert s.players[0].goods == (2, 0, 0, 0, 1, 0) and s.depot_goods[3] == ()
    assert s.track == ((2, 1), (0,)) + ((),) * 5
    assert S.track_order(s.track) == (0, 1, 2)
    assert s.order == (1, 2, 0)  # this round's order does not change
    conservation(s)


def test_ship_leaves_goods_that_do_not_fit_largest_piles_first() -> None:
    s = set_goods(store(base(dice=(2, 6)), 0, "ship"), 0, g1=1, g2=1)
    s = depot_goods(s, 3, 3, 4, 4, 1)
    s, _ = run(s, 0, ("die", "2", "place", "ship"), ("on", "18"), ("goods", "3"))
    assert s.players[0].goods == (2, 1, 0, 2, 0, 0)
    assert s.depot_goods[2] == (3,)
    conservation(s)


def test_knowledge_5_takes_two_neighbouring_depots_6_and_1_included() -> None:
    s = put(store(base(dice=(2, 6)), 0, "ship"), 0, 13, "k5")
    s = depot_goods(depot_goods(depot_goods(s, 6, 2), 1, 3), 3, 4)
    s, _ = run(s, 0, ("die", "2", "place", "ship"), ("on", "18"))
    assert R.legal_steps(s, 0) == [("goods", "1"), ("goods", "3"), ("goods", "6"), ("goods", "6", "1")]
    s, _ = run(s, 0, ("goods", "6", "1"))
    assert s.players[0].goods == (0, 1, 1, 0, 0, 0)


# --- Animals --------------------------------------------------------------------------------------------


def test_animals_score_every_tile_of_their_kind_in_the_pasture() -> None:
    s = put(put(base(dice=(1, 2)), 0, 12, "bank"), 0, 11, "cow3")
    s = put(s, 0, 28, "cow2")  # another pasture: never counts here
    s = store(s, 0, "cow4", "cow4", "pig2")
    s, _ = run(s, 0, ("die", "1", "place", "cow4"), ("on", "6"))
    assert s.players[0].vp == 7  # 4 + 3 (the rulebook example)
    s, _ = run(s, 0, ("die", "2", "place", "cow4"), ("on", "5"))
    assert s.players[0].vp == 7 + 11  # 4 + 4 + 3
    s = again(s, (5, 5))
    s, _ = run(s, 0, ("die", "5", "place", "pig2"), ("on", "10"))
    assert s.players[0].vp == 18 + 2


def test_knowledge_7_adds_one_per_scoring_animal_tile() -> None:
    s = put(put(put(base(dice=(1, 2)), 0, 12, "bank"), 0, 11, "sheep4"), 0, 13, "k7")
    s = store(s, 0, "sheep3")
    s, _ = run(s, 0, ("die", "1", "place", "sheep3"), ("on", "6"))
    assert s.players[0].vp == (3 + 1) + (4 + 1)


# --- Regions and colours ------------------------------------------------------------------------------------


def test_completing_the_knowledge_region_4_8_13_in_phase_a_scores_16() -> None:
    s = store(put(put(base(dice=(1, 2)), 0, 4, "k20"), 0, 8, "k21"), 0, "k22")
    s, events = run(s, 0, ("die", "1", "place", "k22"), ("on", "13"))
    assert s.players[0].vp == 16
    assert [e.data["points"] for e in events if e.kind == "region"] == [16]


def test_completing_the_one_space_city_12_in_phase_b_scores_9() -> None:
    s = replace(store(base(dice=(3, 2)), 0, "bank"), phase=1)
    s, _ = run(s, 0, ("die", "3", "place", "bank"), ("on", "12"))
    assert s.players[0].vp == 9 and s.players[0].silver == 2


@pytest.mark.parametrize(("seats", "first", "second"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_colour_bonus_tiles_first_and_second_then_none(seats: int, first: int, second: int) -> None:
    s = base(seats, dice=(1, 3))
    for seat in range(seats):
        s = store(put(put(s, seat, 25, "mine"), seat, 30, "mine"), seat, "mine")
    points = []
    for seat in range(seats):
        s = replace(s, order=tuple((seat + i) % seats for i in range(seats)), turn=0)
        s = setp(s, seat, dice=(1, 3), vp=0)
        s, _ = run(s, seat, ("die", "3", "place", "mine"), ("on", "34"))
        points.append(s.players[seat].vp - (6 + 10))
    assert points == [first, second] + [0] * (seats - 2)
    assert s.bonus_claims[D.KINDS.index(D.MINE)] == 2
    assert s.players[0].bonuses == ((D.MINE, first),)


def test_the_start_castle_counts_for_the_colour_bonus() -> None:
    s = put(put(base(dice=(6, 2)), 0, 2, "castle"), 0, 3, "castle")
    s = put(s, 0, 13, "k1")
    s = store(s, 0, "castle")
    s, _ = run(s, 0, ("die", "6", "place", "castle"), ("on", "7"))
    p = s.players[0]
    assert p.bonuses == ((D.CASTLE, 5),) and p.vp == 6 + 10 + 5


# --- Castles, city halls and chains --------------------------------------------------------------------


def test_castle_gives_an_extra_action_with_any_number() -> None:
    s = stock(store(put(base(dice=(6, 2)), 0, 13, "k1"), 0, "castle"), 4, "bank")
    s, _ = run(s, 0, ("die", "6", "place", "castle"), ("on", "7"))
    assert [d.kind for d in s.pending] == ["action"] and s.pending[0].source == "castle"
    steps = R.legal_steps(s, 0)
    assert ("cancel",) not in steps and ("skip",) not in steps and ("workers",) in steps
    s, _ = run(s, 0, ("take",))
    assert ("bank", "4") in R.legal_steps(s, 0)  # any depot, no workers
    s, events = run(s, 0, ("bank", "4"))
    assert tokens(s.players[0].storage) == ["bank"] and s.players[0].dice == (2,) and s.pending == ()
    assert events[0].data["how"] == "castle"


def test_castle_extra_action_take_workers_gets_knowledge_14() -> None:
    s = store(put(put(base(dice=(6, 2)), 0, 13, "k14"), 0, 8, "k2"), 0, "castle")
    s, _ = run(s, 0, ("die", "6", "place", "castle"), ("on", "7"), ("workers",))
    assert s.players[0].workers == 4


def test_city_hall_then_castle_then_extra_action_chain() -> None:
    s = store(base(dice=(3, 2)), 0, "cityhall", "castle", "ship")
    s = depot_goods(s, 5, 6, 6)
    s, _ = run(s, 0, ("die", "3", "place", "cityhall"), ("on", "12"))
    assert s.pending[-1].kind == "cityhall"
    assert R.legal_steps(s, 0) == [("place", "castle"), ("place", "ship"), ("skip",)]
    s, _ = run(s, 0, ("place", "castle"))
    assert ("on", "7") in R.legal_steps(s, 0) and ("cancel",) in R.legal_steps(s, 0)  # any die number
    s, _ = run(s, 0, ("on", "7"))
    assert s.pending[-1].kind == "action" and s.pending[-1].source == "castle"
    s, _ = run(s, 0, ("place", "ship"), ("on", "20"))  # the castle's action: a ship on a 5 without a die
    assert s.pending[-1].kind == "goods"
    s, _ = run(s, 0, ("goods", "5"))
    p = s.players[0]
    assert p.goods == (0, 0, 0, 0, 0, 2) and p.dice == (2,) and s.pending == ()
    assert [(D.TILE_TOKEN[p.estate[x]]) for x in (12, 7, 20)] == ["cityhall", "castle", "ship"]
    conservation(s)


def test_city_hall_with_nothing_placeable_is_lost() -> None:
    s = store(base(dice=(3, 2)), 0, "cityhall")
    s, events = run(s, 0, ("die", "3", "place", "cityhall"), ("on", "12"))
    assert "lost" in kinds(events) and s.pending == ()


# --- The other buildings ---------------------------------------------------------------------------------


def test_warehouse_sells_one_goods_type_without_a_die() -> None:
    s = set_goods(store(base(3, dice=(3, 2)), 0, "warehouse"), 0, g5=3, g1=1)
    s, _ = run(s, 0, ("die", "3", "place", "warehouse"), ("on", "12"))
    assert R.legal_steps(s, 0) == [("sell", "1"), ("sell", "5"), ("skip",)]
    s, _ = run(s, 0, ("sell", "5"))
    p = s.players[0]
    assert (p.goods[4], p.silver, p.vp) == (0, 1, 1 + 10 + 9)


@pytest.mark.parametrize(("building", "offered", "refused"), [
    ("carpenter", ["bank"], ["ship", "castle", "mine", "k9", "cow2"]),
    ("church", ["castle", "mine", "k9"], ["bank", "ship", "cow2"]),
    ("market", ["ship", "cow2"], ["bank", "castle", "mine", "k9"]),
])
def test_workshop_church_and_market_take_their_kinds_from_numbered_depots(
        building: str, offered: list[str], refused: list[str]) -> None:
    s = store(base(dice=(3, 2)), 0, building)
    for depot in range(1, 7):
        s = stock(s, depot)
    s = stock(stock(stock(s, 2, "bank", "ship"), 5, "castle", "mine", "k9"), 6, "cow2")
    s = stock(s, 7, "bank", "ship", "castle")  # the black depot never
    s, _ = run(s, 0, ("die", "3", "place", building), ("on", "12"))
    steps = R.legal_steps(s, 0)
    assert sorted(step[0] for step in steps if step != ("skip",)) == sorted(offered)
    assert all(step[1] != "black" for step in steps if len(step) == 2)
    assert ("skip",) in steps
    s, events = run(s, 0, steps[0])
    assert tokens(s.players[0].storage) == [steps[0][0]] and events[-1].data["how"] == building


def test_market_with_nothing_to_take_is_lost_but_the_building_stays() -> None:
    s = store(base(dice=(3, 2)), 0, "market")
    for depot in range(1, 7):
        s = stock(s, depot, "bank")
    s, events = run(s, 0, ("die", "3", "place", "market"), ("on", "12"))
    assert "lost" in kinds(events) and D.TILE_TOKEN[s.players[0].estate[12]] == "market"


@pytest.mark.parametrize(("building", "silver", "workers", "vp"), [
    ("bank", 2, 0, 11), ("boarding", 0, 4, 11), ("watchtower", 0, 0, 15),
])
def test_bank_boarding_house_and_watchtower(building: str, silver: int, workers: int, vp: int) -> None:
    s = store(base(dice=(3, 2)), 0, building)
    s, _ = run(s, 0, ("die", "3", "place", building), ("on", "12"))
    p = s.players[0]
    assert (p.silver, p.workers, p.vp) == (silver, workers, vp)


# --- Knowledge tiles bending the dice ------------------------------------------------------------------


def test_knowledge_8_makes_each_worker_two_steps() -> None:
    s = stock(put(base(dice=(6, 6), workers=2), 0, 13, "k8"), 3, "mine")
    s, _ = run(s, 0, ("die", "6", "take"), ("mine", "3"))
    assert s.players[0].workers == 0  # 6 -> 3 is three steps: two workers


@pytest.mark.parametrize(("knowledge", "tile", "space"), [
    ("k9", "bank", 26), ("k10", "ship", 18), ("k10", "cow2", 28), ("k11", "mine", 25), ("k11", "castle", 7),
])
def test_knowledge_9_10_11_give_a_free_step_when_placing(knowledge: str, tile: str, space: int) -> None:
    die = D.SPACE_DIE[space] % 6 + 1  # one more than the space's number; no workers to pay with
    s = store(put(base(dice=(die, die)), 0, 21, "ship"), 0, tile)
    without = put(s, 0, 13, "k20")
    assert ("die", str(die), "place", tile) not in R.legal_steps(without, 0)
    s, _ = run(put(s, 0, 13, knowledge), 0, ("die", str(die), "place", tile))
    assert ("on", str(space)) in R.legal_steps(s, 0)
    s, events = run(s, 0, ("on", str(space)))
    assert events[0].kind == "place" and events[0].data["workers"] == 0


def test_the_free_step_is_only_for_the_named_kinds() -> None:
    s = store(put(base(dice=(3, 3)), 0, 13, "k9"), 0, "mine")
    assert ("die", "3", "place", "mine") not in R.legal_steps(s, 0)  # mine on 25 needs a 4


def test_knowledge_12_gives_a_free_step_when_taking_and_stacks_with_workers() -> None:
    s = stock(stock(put(base(dice=(1, 1), workers=1), 0, 13, "k12"), 2, "bank"), 3, "ship")
    s, _ = run(s, 0, ("die", "1", "take"))
    options = R.legal_steps(s, 0)
    assert ("bank", "2") in options and ("ship", "3") in options
    s, _ = run(s, 0, ("ship", "3"))
    assert s.players[0].workers == 0


# --- Phase end, game end, tie-breaks -------------------------------------------------------------------------


def test_mines_pay_at_phase_end_and_knowledge_2_adds_workers() -> None:
    s = put(put(base(dice=(1, 2)), 0, 25, "mine"), 0, 30, "mine")
    s = put(put(s, 1, 25, "mine"), 1, 13, "k2")
    s = setp(setp(s, 1, silver=0, workers=0), 0, silver=0)
    s = replace(s, round=4, round_goods=())
    turn = Turn(s)
    rounds.end_phase(turn)
    assert (turn.state.players[0].silver, turn.state.players[0].workers) == (2, 0)
    assert (turn.state.players[1].silver, turn.state.players[1].workers) == (1, 1)
    assert turn.state.phase == 1


def test_final_scoring_goods_silver_workers_and_knowledge() -> None:
    s = set_goods(base(dice=(1, 2)), 0, g1=2, g4=1)
    s = setp(s, 0, silver=5, workers=5, vp=50, sold=(3, 0, 2, 0, 0, 1), bonuses=((D.MINE, 5), (D.SHIP, 2)))
    for space, token in ((4, "k15"), (8, "k16"), (13, "k24"), (31, "k25"), (35, "k26"), (36, "k23")):
        s = put(s, 0, space, token)
    s = put(put(put(s, 0, 26, "warehouse"), 0, 12, "warehouse"), 0, 27, "cityhall")
    s = put(put(s, 0, 28, "cow2"), 0, 1, "pig3")
    p = s.players[0]
    assert S.knowledge_points(p) == {15: 9, 16: 8, 23: 4, 24: 8, 25: 6, 26: 4}
    assert S.final_points(p) == {"goods": 3, "silver": 5, "workers": 2, "knowledge": 39}
    turn = Turn(s)
    rounds.final_scoring(turn)
    assert turn.state.over and turn.state.players[0].vp == 50 + 49
    assert E.outcome(turn.state) is not None and E.to_act(turn.state) == ()


@pytest.mark.parametrize("knowledge", [17, 18, 19, 20, 21, 22])
def test_knowledge_17_to_22_count_their_building(knowledge: int) -> None:
    building = D.KNOWLEDGE_BUILDING[knowledge]
    s = put(put(put(base(), 0, 13, f"k{knowledge}"), 0, 12, building), 0, 9, building)
    s = put(s, 0, 26, "bank" if building != "bank" else "market")
    assert S.knowledge_points(s.players[0]) == {knowledge: 8}


def test_tie_break_most_empty_spaces_then_later_in_turn_order() -> None:
    s = base(3)
    s = setp(setp(setp(s, 0, vp=40), 1, vp=40), 2, vp=40)
    s = put(s, 0, 12, "bank")  # seat 0 has one empty space fewer
    s = replace(s, track=((2, 1, 0),) + ((),) * 6)  # order 0, 1, 2: seat 2 is last
    outcome = E.standing(s)
    assert outcome.scores == (40, 40, 40) and outcome.ranks == (3, 2, 1)
    s = replace(s, track=((1,), (2, 0)) + ((),) * 5)  # order 0, 2, 1
    assert E.standing(s).ranks == (3, 1, 2)
    s = setp(s, 0, vp=41)
    assert E.standing(s).ranks == (1, 2, 3)


# --- Rounds, dice, the undo barrier ------------------------------------------------------------------------------


def test_round_start_with_forced_dice_places_the_goods_on_the_white_depot() -> None:
    s = clear_goods(position(2))
    s = replace(s, round_goods=(4, 2), track=((0,), (1,)) + ((),) * 5)
    s = resolve(s, ((3, 1), (6, 6)), 5)
    assert s.players[0].dice == (1, 3) and s.players[1].dice == (6, 6) and s.white == 5
    assert s.depot_goods[4] == (4,) and s.round_goods == (2,)
    assert s.order == (1, 0) and E.to_act(s) == (1,)


def test_the_last_turn_of_a_round_rolls_the_next_round() -> None:
    s = base(dice=(3, 5))
    s = replace(s, order=(1, 0), turn=1, track=((0, 1),) + ((),) * 6)
    s, events = run(s, 0, ("die", "3", "workers"), ("die", "5", "workers"))
    assert s.round == 1 and "round" in kinds(events) and all(len(p.dice) == 2 for p in s.players)
    assert s.barrier == s.ply


def test_undo_barrier_stays_within_a_turn_and_moves_with_the_seat() -> None:
    s = replace(base(dice=(3, 5)), ply=10, barrier=7)
    after, _ = R.apply_steps(s, 0, (("die", "3", "take"),))
    assert (after.ply, after.barrier) == (11, 7)
    after, _ = R.apply_steps(after, 0, (("cancel",),))
    assert (after.ply, after.barrier) == (12, 7)
    after, _ = R.apply_steps(after, 0, (("die", "3", "workers"),))
    assert (after.ply, after.barrier) == (13, 7)
    after, _ = R.apply_steps(after, 0, (("die", "5", "workers"),))
    assert (after.ply, after.barrier) == (14, 14)


@pytest.mark.parametrize(("die", "target", "k8", "free", "workers"), [
    (2, 2, False, False, 0), (2, 5, False, False, 3), (6, 1, False, False, 1), (1, 5, False, False, 2),
    (6, 3, True, False, 2), (6, 2, True, False, 1), (6, 3, True, True, 1), (4, 6, False, True, 1),
    (3, 4, False, True, 0), (0, 5, False, False, 0),
])
def test_worker_costs(die: int, target: int, k8: bool, free: bool, workers: int) -> None:
    from engines.castles_of_burgundy import options as O

    s = put(base(), 0, 13, "k8") if k8 else base()
    assert O.worker_cost(s.players[0], die, target, free) == workers


# --- A ship's goods that do not all fit (rules version 2) ------------------------------------------


def _to_overflow(options: dict[str, str]) -> tuple[object, int]:
    """A seeded game played (ships and goods preferred) until a ship brings more goods types than fit."""
    from engines import rng

    engine = engines.get("castles-of-burgundy")
    for seed in range(40):
        state, r = engine.new_game(2, seed, options), rng.seed_state(seed)
        for _ in range(600):
            if not engine.to_act(state):
                break
            seat = engine.to_act(state)[0]
            if state.pending and state.pending[-1].kind == "keep":
                return state, seat
            legal = engine.legal_actions(state, seat)
            keen = [a for a in legal if "ship" in a.key or a.key.startswith(("goods", "on"))] or list(legal)
            r, i = rng.randbelow(r, len(keen))
            before = state
            state, events = engine.apply(state, seat, keen[i])
            if options.get("goods") != "choose" and any(e.kind == "goods" and e.data["left"] for e in events):
                return before, seat  # the move that left goods behind, in a game without the choice
    raise AssertionError("no ship brought more goods than fit")


def test_the_player_chooses_which_goods_to_keep_when_they_do_not_all_fit() -> None:
    engine = engines.get("castles-of-burgundy")
    state, seat = _to_overflow({"goods": "choose"})
    keeps = engine.legal_actions(state, seat)
    assert len(keeps) > 1 and all(a.steps[0][0] == "keep" for a in keeps)
    top = state.pending[-1]
    incoming = [g for d in top.depots for g in state.depot_goods[d - 1]]
    chosen = keeps[-1]
    after, events = engine.apply(state, seat, engine.parse_action(state, seat, chosen.key))
    kept = {int(w) for w in chosen.steps[0][1:]}
    (goods,) = [e for e in events if e.kind == "goods"]
    new = {g for g in incoming if not state.players[seat].goods[g - 1]}
    assert set(goods.data["left"]) == new - kept and kept <= set(goods.data["goods"])
    assert all(after.players[seat].goods[g - 1] == state.players[seat].goods[g - 1] + incoming.count(g) for g in kept)
    assert "leave" in engine.format_action(state, seat, chosen) and not after.pending


def test_the_default_keeps_what_a_game_without_the_choice_keeps() -> None:
    engine = engines.get("castles-of-burgundy")
    state, seat = _to_overflow({"goods": "choose"})
    default = engine.default_action(state, seat)
    player, top = state.players[seat], state.pending[-1]
    incoming = [g for d in top.depots for g in state.depot_goods[d - 1]]
    stored, _ = S.store_goods(player, incoming)  # the automatic choice of rules version 1
    assert {int(w) for w in default.steps[0][1:]} == {g for g in D.GOODS_TYPES if stored[g - 1] and not
                                                      player.goods[g - 1]}
    assert engine.apply(state, seat, default)[0].players[seat].goods == stored


def test_a_game_whose_options_do_not_say_keeps_the_goods_as_before() -> None:
    """Games stored before rules version 2 have no goods option: their logs replay unchanged."""
    engine = engines.get("castles-of-burgundy")
    state, seat = _to_overflow({})
    assert not any(a.steps[0][0] == "keep" for a in engine.legal_actions(state, seat))
