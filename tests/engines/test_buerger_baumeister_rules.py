"""Every Bürger, Baumeister & Co. rule as a scenario on a constructed position.

Positions come from ``buerger_baumeister_helpers.position``: an empty board, purple
hands, the offer YH2 YV2 GH2 GV3 BP3 (prices 1 1 2 1 2) with the Mayor on space 1.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

import engines
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, TOKEN_COLOUR, TOKEN_TYPE, TOKEN_VALUE, State
from engines.core import Action, Event, GameOver, IllegalAction, NotYourTurn
from tests.engines.buerger_baumeister_helpers import (
    conservation,
    crane,
    from_bag,
    give,
    leave_in_bag,
    offer,
    position,
    put,
    put_at,
)

E = engines.get("buerger-baumeister")


def play(state: State, seat: int, text: str) -> tuple[State, tuple[Event, ...]]:
    return E.apply(state, seat, E.parse_action(state, seat, text))


def keys(state: State, seat: int = 0) -> list[str]:
    return [a.key for a in E.legal_actions(state, seat)]


def base(*hand: str, seats: int = 3, **player: object) -> State:
    return give(position(seats), 0, *hand, **player)


def event(events: tuple[Event, ...], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def district(state: State, name: str) -> tuple[int, ...]:
    return state.board[R.DISTRICT_INDEX[name]]


# --- Components and setup -----------------------------------------------------------------------------------


def test_the_board_and_tokens_are_as_the_rules_page_lists_them() -> None:
    assert D.DISTRICTS[:3] == ("red-S", "red-M", "red-L") and len(D.DISTRICTS) == 15
    assert sum(len(R.SPACE_BONUS[d]) for d in range(15)) == 75
    expected = {"S": (4, 1, 0, 3), "M": (5, 2, 1, 2), "L": (6, 2, 2, 2)}
    for size, (spaces, coins, plus2, plain) in expected.items():
        layout = Counter(D.SPACES[size])
        assert (len(D.SPACES[size]), layout[D.COIN], layout[D.PLUS2], layout[D.PLAIN]) == (spaces, coins, plus2, plain)
    assert D.PROJECTS == {"S": (1, "+4"), "M": (1, "x2"), "L": (2, "x2")}
    kinds = Counter((TOKEN_COLOUR[t], TOKEN_TYPE[t], TOKEN_VALUE[t]) for t in range(D.TOKENS))
    assert D.TOKENS == 65 and len(kinds) == 25
    for colour in range(5):
        assert [kinds[(colour, kind, value)] for kind, value in
                (("house", 2), ("house", 3), ("villa", 2), ("villa", 3), ("park", 3))] == [3, 2, 3, 2, 3]
    assert D.OFFER_PRICES == (1, 1, 2, 1, 2)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_for_each_player_count(seats: int) -> None:
    state = E.new_game(seats, 123)
    conservation(state)
    assert all(len(p.hand) == 3 and (p.score, p.coins, p.cranes) == (0, 0, 3) for p in state.players)
    assert EMPTY not in state.offer and state.mayor == 0
    assert len(state.removed) == {2: 3, 3: 2, 4: 0}[seats]
    placed = [(d, i, t) for d, spaces in enumerate(state.board) for i, t in enumerate(spaces) if t != EMPTY]
    if seats == 2:
        # One token of the matching colour per district, on a plain space.
        assert sorted(d for d, _, _ in placed) == list(range(15))
        assert all(TOKEN_COLOUR[t] == D.district_colour(d) and R.SPACE_BONUS[d][i] == D.PLAIN for d, i, t in placed)
    else:
        assert placed == []
    assert len(state.bag) == 65 - len(state.removed) - len(placed) - 3 * seats - 5
    assert state.turn == state.first and 0 <= state.first < seats
    assert E.to_act(state) == (state.first,)


def test_setup_is_seeded_and_random() -> None:
    assert E.new_game(3, 9) == E.new_game(3, 9)
    games = [E.new_game(2, seed) for seed in range(30)]
    assert len({g.board for g in games}) > 25  # the pre-placement really is random
    assert len({g.removed for g in games}) > 25
    assert {g.first for g in games} == {0, 1}
    assert {E.new_game(4, seed).first for seed in range(40)} == {0, 1, 2, 3}


def test_setup_rejects_wrong_seat_counts_and_options() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        E.new_game(5, 1)
    with pytest.raises(ValueError, match="no options"):
        E.new_game(3, 1, {"variant": "x"})


# --- 1. Placing a token -------------------------------------------------------------------------------------


def test_a_placement_scores_its_value_plus_the_same_type_already_there() -> None:
    state = put(base("RH2", "GV2", "BP3"), "red-L", "RH2", "RH3", "RV3")  # spaces coin, +2, plain
    after, events = play(state, 0, "place RH2 red-L plain buy 1")
    assert after.players[0].score == 2 + 2 + 3  # the villa does not count for a house
    assert event(events, "place").data == {"token": "RH2", "district": "red-L", "bonus": "plain", "points": 7,
                                           "coin": 0}
    after, _ = play(state, 0, "place RH2 red-L +2 buy 1")
    assert after.players[0].score == 2 + 5 + 2


def test_parks_and_villas_count_only_their_own_type() -> None:
    state = put(base("RP3", "RV3", "BP3"), "red-M", "RP3", "RV2", "RH3")
    assert play(state, 0, "place RP3 red-M plain buy 1")[0].players[0].score == 3 + 3
    assert play(state, 0, "place RV3 red-M plain buy 1")[0].players[0].score == 3 + 2


def test_two_player_pre_placed_tokens_count_like_any_other() -> None:
    state = E.new_game(2, 7)
    seat = state.turn
    pre = next(t for t in district(state, "red-S") if t != EMPTY)
    code = next(TOKEN_CODE[t] for t in state.bag if TOKEN_COLOUR[t] == 0 and TOKEN_TYPE[t] == TOKEN_TYPE[pre])
    state = give(state, seat, code)
    _, events = play(state, seat, f"place {code} red-S plain buy free")
    assert event(events, "place").data["points"] == int(code[2]) + TOKEN_VALUE[pre]


def test_the_token_goes_on_the_first_free_space_of_the_kind_chosen() -> None:
    state = put_at(base("RV2", "GV2", "BP3"), "red-M", 0, "RH2")  # red-M: coin, +2, plain, coin, plain
    after, _ = play(state, 0, "place RV2 red-M coin buy 1")
    assert TOKEN_CODE[district(after, "red-M")[3]] == "RV2"
    assert district(after, "red-M")[1] == EMPTY


def test_a_coin_space_gives_a_coin_but_never_a_fourth() -> None:
    state = base("RH2", "GV2", "BP3", coins=2)
    after, events = play(state, 0, "place RH2 red-S coin buy 1")
    assert after.players[0].coins == 3 and event(events, "place").data["coin"] == 1
    full = base("RH2", "GV2", "BP3", coins=3)
    state, _ = play(full, 0, "place RH2")
    assert "red-S coin space: 2 points, coin lost (you hold 3)" in [E.format_action(state, 0, a)
                                                                   for a in E.legal_actions(state, 0)]
    after, events = play(full, 0, "place RH2 red-S coin buy 1")
    assert after.players[0].coins == 3 and event(events, "place").data["coin"] == -1
    assert "coin is lost" in E.describe(event(events, "place"), None)


def test_a_token_goes_only_into_a_district_of_its_colour() -> None:
    state, _ = play(base("RH2", "GV2", "BP3"), 0, "place RH2")
    assert {k.split()[0] for k in keys(state)} == {"red-S", "red-M", "red-L", "cancel"}
    with pytest.raises(IllegalAction, match=r"a red token goes in a red district \(red-S, red-M, red-L\)"):
        play(state, 0, "green-M coin")


def test_taken_spaces_and_full_districts_are_not_offered() -> None:
    state = put(base("RH2", "GV2", "BP3"), "red-S", "RH3", "RH3", "RV2", "RV2")  # full; its project square empty
    state = put_at(put_at(state, "red-M", 0, "RV3"), "red-M", 3, "RP3")  # both coin spaces of red-M taken
    state, _ = play(state, 0, "place RH2")
    assert keys(state) == ["red-M +2", "red-M plain", "red-L coin", "red-L +2", "red-L plain", "cancel"]
    with pytest.raises(IllegalAction, match="red-M has no free coin space"):
        play(state, 0, "red-M coin")
    with pytest.raises(IllegalAction, match="red-S has no free plain space"):
        play(state, 0, "red-S plain")


# --- 2. The large project -----------------------------------------------------------------------------------


def test_the_small_project_costs_a_coin_and_scores_four() -> None:
    state, _ = play(base("RH2", "GV2", "BP3", coins=1), 0, "place RH2 red-S plain")
    assert keys(state) == ["project", "no-project", "cancel"]
    assert E.format_action(state, 0, Action.of("project")) == "Large project in red-S (1 coin, a crane): +4 points"
    after, events = play(state, 0, "project buy 1")
    player = after.players[0]
    assert (player.score, player.coins, player.cranes) == (2 + 4, 0, 2)
    assert after.cranes[R.DISTRICT_INDEX["red-S"]] == 0
    assert event(events, "project").data == {"district": "red-S", "bonus": "+4", "cost": 1, "points": 4}


def test_the_medium_project_doubles_the_placement_including_the_plus_two() -> None:
    state = put(base("RH2", "GV2", "BP3", coins=1), "red-M", "RH3")
    after, events = play(state, 0, "place RH2 red-M +2 project buy 1")
    placed = 2 + 3 + 2
    assert after.players[0].score == 2 * placed and event(events, "project").data["points"] == placed
    assert after.cranes[R.DISTRICT_INDEX["red-M"]] == 0  # the district just built in, nowhere else
    assert [c for c in after.cranes if c != EMPTY] == [0]
    by_district = after.players[0].district_points  # the end screen's split: placement and project both here
    assert by_district[R.DISTRICT_INDEX["red-M"]] == 2 * placed and sum(by_district) == 2 * placed


def test_the_large_project_costs_two_coins() -> None:
    state = base("RH2", "GV2", "BP3", coins=1)
    placed, _ = play(state, 0, "place RH2 red-L plain")
    assert "project" not in keys(placed)  # straight to the purchase
    with pytest.raises(IllegalAction, match="the large project of red-L costs 2 coins; you would have 1"):
        play(placed, 0, "project")
    rich, _ = play(give(state, 0, coins=2), 0, "place RH2 red-L plain")
    after, _ = play(rich, 0, "project buy 1")
    assert (after.players[0].score, after.players[0].coins) == (4, 0)


def test_a_coin_won_by_the_placement_pays_for_the_project() -> None:
    state, _ = play(base("RH2", "GV2", "BP3"), 0, "place RH2 red-S coin")
    assert keys(state) == ["project", "no-project", "cancel"]
    state, _ = play(state, 0, "project")
    assert keys(state) == ["buy 1", "cancel"]  # the coin is spent: only the Mayor's token is affordable
    after, _ = play(state, 0, "buy 1")
    assert (after.players[0].score, after.players[0].coins) == (6, 0)


def test_a_project_taken_or_without_cranes_is_not_offered() -> None:
    taken = crane(base("RH2", "GV2", "BP3", coins=3), "red-S", 1)
    state, _ = play(taken, 0, "place RH2 red-S plain")
    assert "project" not in keys(state)
    with pytest.raises(IllegalAction, match="the large project of red-S is already built"):
        play(state, 0, "project")
    no_cranes = base("RH2", "GV2", "BP3", coins=3, cranes=0)
    state, _ = play(no_cranes, 0, "place RH2 red-S plain")
    with pytest.raises(IllegalAction, match="you have no cranes left"):
        play(state, 0, "project")


def test_declining_the_project_keeps_coins_and_cranes() -> None:
    state = base("RH2", "GV2", "BP3", coins=1)
    after, events = play(state, 0, "place RH2 red-S plain no-project buy 1")
    assert (after.players[0].score, after.players[0].coins, after.players[0].cranes) == (2, 1, 3)
    assert after.cranes == (EMPTY,) * 15 and "project" not in [e.kind for e in events]


# --- 3. Buying, 4. the Mayor and the refill -----------------------------------------------------------------


def test_the_mayors_token_is_free_and_the_others_cost_their_price() -> None:
    state, _ = play(base("RH2", "GV2", "BP3"), 0, "place RH2 red-S plain")
    assert keys(state) == ["buy 1", "cancel"]
    assert E.format_action(state, 0, Action.of("buy", "1")) == "Take yellow house 2 from space 1 at the Mayor (free)"
    with pytest.raises(IllegalAction, match="offer space 3 costs 2 coins; you would have 0"):
        play(state, 0, "buy 3")
    rich, _ = play(give(base("RH2", "GV2", "BP3"), 0, coins=2), 0, "place RH2 red-S plain no-project")
    assert keys(rich) == ["buy 1", "buy 2", "buy 3", "buy 4", "buy 5", "cancel"]
    after, events = play(rich, 0, "buy 3")
    assert after.players[0].coins == 0 and event(events, "buy").data["price"] == 2
    assert sorted(TOKEN_CODE[t] for t in after.players[0].hand) == ["BP3", "GH2", "GV2"]  # back to 3


def test_the_project_cost_comes_off_what_can_be_bought() -> None:
    state, _ = play(base("RH2", "GV2", "BP3", coins=2), 0, "place RH2 red-S plain project")
    assert keys(state) == ["buy 1", "buy 2", "buy 4", "cancel"]


def test_the_mayor_moves_clockwise_and_the_bought_space_is_refilled_from_the_bag() -> None:
    state = offer(base("RH2", "GV2", "BP3", coins=1), "YH2", "YV2", "GH2", "GV3", "BP3", mayor=4)
    expected = R.draw(state.rng, state.bag)[1]  # the draw is the RNG's: predictable from the state
    assert R.price(state, 4) == 0 and R.price(state, 0) == 1
    after, events = play(state, 0, "place RH2 red-S plain buy 2")
    assert after.mayor == 0  # space 5 -> space 1
    assert after.offer[1] == expected and expected not in after.bag and len(after.bag) == len(state.bag) - 1
    assert [e.kind for e in events] == ["place", "buy", "mayor", "refill", "turn"]
    assert event(events, "refill").data == {"space": 2, "token": TOKEN_CODE[expected]}
    forced = leave_in_bag(state, "GP3", "GP3")
    after, _ = play(forced, 0, "place RH2 red-S plain buy 2")
    assert TOKEN_CODE[after.offer[1]] == "GP3"
    conservation(after)


def test_the_refill_is_a_pure_function_of_the_drawn_token() -> None:
    state = position(3)
    token = from_bag(state, "RV3")[0]
    turn = R.Turn(state)
    offer_now = list(state.offer)
    offer_now[2] = EMPTY
    R.refill(turn, offer_now, 2, token)
    assert turn.state.offer[2] == token and token not in turn.state.bag and turn.random


def test_the_game_ends_at_once_when_the_bag_cannot_refill() -> None:
    state = leave_in_bag(base("RH2", "GV2", "BP3"))
    assert state.bag == ()
    after, events = play(state, 0, "place RH2 red-S plain buy 1")
    assert after.over and E.to_act(after) == () and E.legal_actions(after, 1) == ()
    assert after.offer[0] == EMPTY and after.mayor == 1  # the Mayor moved; nothing refilled the space
    assert [e.kind for e in events] == ["place", "buy", "mayor", "bag_empty", "final", "final", "final"]
    assert E.outcome(after) is not None and after.barrier == after.ply
    with pytest.raises(GameOver):
        play(after, 1, "place PH2")


def test_the_game_goes_on_after_the_last_token_leaves_the_bag() -> None:
    state = leave_in_bag(base("RH2", "GV2", "BP3"), "GP3")
    after, _ = play(state, 0, "place RH2 red-S plain buy 1")
    assert not after.over and after.bag == () and after.turn == 1
    after, _ = play(after, 1, "place PH2 purple-S plain buy 2")
    assert after.over


# --- End and final scoring ----------------------------------------------------------------------------------


def test_final_scoring_adds_the_best_single_colour_in_hand_and_ties_share() -> None:
    state = leave_in_bag(base("RH2", "RV3", "GP3", seats=2, score=0))
    state = give(state, 1, score=1)  # hand PH2 PV2 PP3: purple 7
    after, events = play(state, 0, "place GP3 green-S plain buy 1")  # hand RH2 RV3 + YH2: red 5 beats yellow 2
    finals = {e.seat: e.data for e in events if e.kind == "final"}
    assert finals[0] == {"hand": ["RH2", "RV3", "YH2"], "points": 5, "colour": "red", "total": 3 + 5}
    assert finals[1]["points"] == 7 and finals[1]["total"] == 8
    outcome = E.outcome(after)
    assert outcome is not None and outcome.scores == (8, 8) and outcome.ranks == (1, 1)
    assert outcome.winners == (0, 1)
    assert E.view(after, None)["winners"] == [0, 1]
    assert "= 8" in E.describe(events[-1], None)


def test_the_best_colour_is_chosen_automatically() -> None:
    hand = tuple(sorted(from_bag(position(3), "RH2", "GH3", "GV2")))
    assert R.hand_bonus(hand) == (5, D.COLOURS.index("green"))
    assert R.hand_bonus(()) == (0, EMPTY)


def test_scores_pass_99_and_show_the_true_number() -> None:
    state = put(base("RH3", "GV2", "BP3", score=98), "red-L", "RH3", "RH2")
    after, _ = play(state, 0, "place RH3 red-L plain buy 1")
    assert after.players[0].score == 98 + 3 + 5
    assert E.view(after, None)["players_info"][0]["score"] == 106


# --- The engine never dead-ends -----------------------------------------------------------------------------


def _red_full(state: State) -> State:
    """An impossible position (15 spaces, 13 red tokens exist): every red space taken, by yellow and blue tokens."""
    state = put(state, "red-S", "YH2", "YH2", "YH3", "YH3")
    state = put(state, "red-M", "YV2", "YV2", "YV3", "YV3", "YP3")
    return put(state, "red-L", "YP3", "YP3", "BH2", "BH2", "BH2", "BH3")


def test_when_no_token_fits_the_player_shows_the_hand_and_discards_one() -> None:
    state = _red_full(base("RH2", "RH2", "RV3"))
    assert keys(state) == ["discard RH2", "discard RV3"]
    with pytest.raises(IllegalAction, match="every space in the red districts is taken; discard a token"):
        play(state, 0, "place RH2")
    chosen, _ = play(state, 0, "discard RV3")
    assert keys(chosen) == ["buy 1", "cancel"]  # no project: nothing was placed
    after, events = play(chosen, 0, "buy 1")
    assert [TOKEN_CODE[t] for t in after.discarded] == ["RV3"]
    assert event(events, "discard").data == {"token": "RV3", "hand": ["RH2", "RH2", "RV3"]}
    assert "shows the hand (RH2, RH2, RV3)" in E.describe(event(events, "discard"), 2)
    assert len(after.players[0].hand) == 3 and after.players[0].score == 0
    assert after.barrier == after.ply
    conservation(after, colours=False)


def test_only_tokens_that_fit_may_be_placed_and_none_discarded_then() -> None:
    state = _red_full(base("RH2", "GH2", "RV3"))
    assert keys(state) == ["place GH2"]
    with pytest.raises(IllegalAction, match="only when none in hand can be placed"):
        play(state, 0, "discard RH2")


# --- The turn as one decision: nothing changes until the purchase -------------------------------------------


def test_nothing_changes_until_the_purchase_and_cancel_restarts_the_turn() -> None:
    start = base("RH2", "GV2", "BP3", coins=1)
    state = start
    for text in ("place RH2", "red-S coin", "project"):
        state, events = play(state, 0, text)
        assert events == ()
        assert (state.players, state.board, state.offer, state.cranes, state.bag) == (
            start.players, start.board, start.offer, start.cranes, start.bag)
        others = E.view(state, 1)
        assert {k: v for k, v in others.items() if k != "move"} == {
            k: v for k, v in E.view(start, 1).items() if k != "move"}  # the half-made turn is private
        assert state.barrier == 0
        cancelled, _ = play(state, 0, "cancel")
        assert replace(cancelled, ply=0) == start
    assert E.view(state, 0)["pending"] == {
        "stage": "buy", "token": {"code": "RH2", "colour": "red", "letter": "R", "type": "house", "value": 2},
        "discard": False, "district": "red-S", "bonus": "coin", "points": 2, "project": True}


def test_a_completed_turn_sets_the_undo_barrier_and_passes_to_the_left() -> None:
    state = base("RH2", "GV2", "BP3")
    state, _ = play(state, 0, "place RH2")
    assert state.barrier == 0 and state.ply == 1
    state, events = play(state, 0, "red-S plain")
    state, events = play(state, 0, "buy 1")
    assert state.ply == 3 and state.barrier == 3 and state.turn == 1
    assert events[-1] == Event("turn", 1, {})
    assert E.to_act(state) == (1,) and E.legal_actions(state, 0) == ()


def test_only_the_seat_to_act_may_move_and_a_refused_move_changes_nothing() -> None:
    state = base("RH2", "GV2", "BP3")
    with pytest.raises(NotYourTurn):
        E.apply(state, 1, Action.of("place", "PH2"))
    snapshot = json.dumps(E.dump(state))
    for text in ("place RH2 green-S coin", "place YH2", "buy 1", "cancel"):
        with pytest.raises(IllegalAction):
            play(state, 0, text)
    assert json.dumps(E.dump(state)) == snapshot


# --- Views, secrets, determinize ----------------------------------------------------------------------------


def test_views_show_public_facts_and_only_the_own_hand() -> None:
    state = E.new_game(3, 5)
    public = E.view(state, None)
    assert "hand" not in public and "bag" not in public and public["bag_size"] == len(state.bag)
    assert public["removed"] == 2 and [p["hand_size"] for p in public["players_info"]] == [3, 3, 3]
    assert [o["price"] for o in public["offer"]] == [1, 1, 2, 1, 2] and public["offer"][0]["mayor"]
    mine = E.view(state, 1)
    assert [t["code"] for t in mine["hand"]] == [TOKEN_CODE[t] for t in state.players[1].hand]
    for t in state.players[0].hand:  # another hand appears nowhere (as a hand entry)
        assert all(h["code"] != TOKEN_CODE[t] or t in state.players[1].hand for h in mine["hand"])
    assert public["final"] is None


def test_hands_are_shown_when_the_game_is_over() -> None:
    state = leave_in_bag(base("RH2", "GV2", "BP3"))
    after, _ = play(state, 0, "place RH2 red-S plain buy 1")
    final = E.view(after, None)["final"]
    assert [[t["code"] for t in f["hand"]] for f in final] == [["YH2", "GV2", "BP3"], ["PH2", "PV2", "PP3"],
                                                               ["PH2", "PV2", "PP3"]]  # in token-id order


def test_determinize_reshuffles_only_what_the_seat_cannot_see() -> None:
    state = E.new_game(2, 11)
    seat = state.turn
    others = set()
    for seed in range(10):
        other = E.determinize(state, seat, seed)
        conservation(other)
        assert E.view(other, seat) == E.view(state, seat)
        assert other.players[seat].hand == state.players[seat].hand
        others.add(other.players[1 - seat].hand)
        assert len(other.removed) == len(state.removed) and other.rng != state.rng
    assert len(others) > 5


# --- The away player's move ---------------------------------------------------------------------------------


def test_default_action_places_for_the_most_points_skips_the_project_and_takes_the_free_token() -> None:
    state = put(base("RH2", "GV2", "BP3", coins=3), "green-L", "GV3", "GV2")
    action = E.default_action(state, 0)
    assert action.key == "place GV2 green-L +2 no-project buy 1"
    after, _ = E.apply(state, 0, action)
    assert after.players[0].score == 2 + 5 + 2 and after.players[0].coins == 3 and after.turn == 1
    half, _ = play(state, 0, "place RH2 red-S coin")
    assert E.default_action(half, 0).key == "no-project buy 1"


def test_default_action_discards_the_lowest_token_when_none_fits() -> None:
    state = _red_full(base("RH2", "RV3", "RH3"))
    assert E.default_action(state, 0).key == "discard RH2 buy 1"
