"""Every Burgenland rule as a scenario on a constructed position, with the rulebook's examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.burgenland.state import NEUTRAL, State
from engines.core import Action, Event, GameOver, IllegalAction, NotYourTurn
from tests.engines.burgenland_helpers import cards, give, position, set_site, stack_deck

E = engines.get("burgenland")
# Castle 1 lies between M1 and M2: red and green.  Castle 4 (M4-M1): white and red.
# Castle 2 (M2-M3): green and yellow.  Castle 3 (M3-M4): yellow and white.
MARKERS = ("red", "green", "yellow", "white", "purple", "orange", "light-blue", "dark-blue")


def play(state: State, seat: int, text: str) -> tuple[State, tuple[Event, ...]]:
    return E.apply(state, seat, E.parse_action(state, seat, text))


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def base(hand: list[int], jokers: int = 0, seats: int = 2, **player: object) -> State:
    state = position(seats, markers=MARKERS)
    return give(state, 0, hand=hand, jokers=jokers, **player)


# --- Setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_supplies_hands_and_neutral_pieces(seats: int) -> None:
    state = E.new_game(seats, 123)
    supply = D.SUPPLY[seats]
    for seat, player in enumerate(state.players):
        assert player.supply == tuple(supply[p] for p in D.PIECES)
        assert len(player.hand) == (4, 5, 6, 7)[seat] and player.jokers == 1
    neutral = {p: sum(1 for c in state.sites for s in c if s == (p, NEUTRAL)) for p in D.BUILDINGS}
    assert neutral == {p: D.NEUTRAL[seats][p] for p in D.BUILDINGS}
    for castle in state.sites:
        n, w, e, x = castle
        assert e is None and x is None
        assert n is None or n[0] in (D.WALL, D.TOWER)
        if w is not None:  # houses only in walled castles, on the west site
            assert w == (D.HOUSE, NEUTRAL) and n == (D.WALL, NEUTRAL)
    assert len(state.deck) == 80 - sum((4, 5, 6, 7)[:seats])
    assert sorted(state.markers) == list(range(8)) and sorted(state.well_deck) == list(range(1, 12))
    assert sorted(state.architect) == sorted(D.ARCHITECT_COSTS) and state.exchange_left == 9
    assert sorted(state.bonus_stack) == sorted(D.BONUS_TILES)


def test_setup_is_deterministic_in_the_seed() -> None:
    assert E.new_game(3, 9) == E.new_game(3, 9)
    assert E.new_game(3, 9) != E.new_game(3, 10)
    layouts = {E.new_game(2, seed).sites for seed in range(20)}
    assert len(layouts) > 15  # the neutral pre-placement really is random


def test_setup_rejects_wrong_seat_counts_and_options() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        E.new_game(5, 1)
    with pytest.raises(ValueError, match="no options"):
        E.new_game(2, 1, {"boards": "advanced"})


# --- Action A in a small castle -----------------------------------------------------------------


@pytest.mark.parametrize("reds", [4, 3, 2, 1, 0])
def test_all_five_four_card_mixes_of_the_two_colours_are_accepted(reds: int) -> None:
    hand = cards("red", 1, 1, 2, 2)[:reds] + cards("green", 1, 1, 2, 2)[: 4 - reds]
    state = base(hand)
    after, events = play(state, 0, "build wall 1N pay " + " ".join(["red"] * reds + ["green"] * (4 - reds)))
    assert after.sites[0][0] == (D.WALL, 0)
    assert after.players[0].hand == ()
    assert sorted(after.discard) == sorted(hand)
    assert "build" in kinds(events)


def test_a_third_colour_is_refused_with_the_reason() -> None:
    state = base(cards("red", 1, 1, 1) + cards("yellow", 1))
    with pytest.raises(IllegalAction, match="cannot pay"):
        play(state, 0, "build wall 1N")
    state = base(cards("red", 1, 1, 1, 2) + cards("yellow", 1))
    state, _ = play(state, 0, "build wall 1N")
    with pytest.raises(IllegalAction, match="only red, green or jokers"):
        play(state, 0, "pay yellow")


def test_jokers_substitute_freely_and_go_back_to_the_supply() -> None:
    state = base(cards("red", 3), jokers=3)
    after, _ = play(state, 0, "build wall 1N pay J J red J")
    # 3 jokers paid; the first wall in the castle gives one back.
    assert after.players[0].jokers == 1 and after.discard == tuple(cards("red", 3))


def test_four_cards_exactly_never_more() -> None:
    state = base(cards("red", 1, 1, 1, 1, 2))
    with pytest.raises(IllegalAction, match="more cards than the payment needs"):
        play(state, 0, "build wall 1N pay R1 R1 R1 R1 R2")


def test_rejected_action_changes_nothing() -> None:
    state = base(cards("red", 1, 1))
    snapshot = E.dump(state)
    with pytest.raises(IllegalAction):
        play(state, 0, "build wall 1N pay red red green green")
    assert E.dump(state) == snapshot


# --- Walls ---------------------------------------------------------------------------------------


def test_a_wall_gives_a_joker_per_wall_now_in_the_castle() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    after, events = play(state, 0, "build wall 1E pay R1 R1 R1 R1")
    assert after.players[0].jokers == 1
    # Rulebook: "a player has just built the second wall in a castle, so he takes two joker cards".
    state = set_site(base(cards("red", 1, 1, 1, 1)), 1, "N", D.WALL)  # a neutral wall counts
    after, events = play(state, 0, "build wall 1E pay R1 R1 R1 R1")
    joker = next(e for e in events if e.kind == "joker")
    assert joker.data["count"] == 2 and after.players[0].jokers == 2


def test_the_joker_site_adds_one_to_the_wall_jokers() -> None:
    state = set_site(base(cards("red", 1, 1, 1, 1)), 1, "N", D.WALL)
    after, events = play(state, 0, "build wall 1W pay R1 R1 R1 R1")  # castle 1 is odd: W = joker
    assert after.players[0].jokers == 3
    assert [e.data["count"] for e in events if e.kind == "joker"] == [2, 1]


# --- Houses ----------------------------------------------------------------------------------------


def test_a_house_needs_a_wall_and_a_second_house_a_second_wall() -> None:
    hand = cards("red", 1, 1, 1, 1)
    with pytest.raises(IllegalAction, match="a house in castle 1 needs 1 wall there first"):
        play(base(hand), 0, "build house 1N pay R1 R1 R1 R1")
    state = set_site(base(hand), 1, "N", D.WALL)
    after, _ = play(state, 0, "build house 1E pay R1 R1 R1 R1")
    assert after.sites[0][2] == (D.HOUSE, 0)
    state = set_site(set_site(base(hand), 1, "N", D.WALL), 1, "W", D.HOUSE)
    with pytest.raises(IllegalAction, match="another house in castle 1 needs 2 walls"):
        play(state, 0, "build house 1E pay R1 R1 R1 R1")


def test_ignore_restrictions_allows_a_house_without_walls_and_a_second_tower() -> None:
    hand = cards("red", 1, 1, 1, 1, 2, 2, 3, 3)
    state = base(hand, bonus_tiles=(D.IGNORE, D.IGNORE))
    after, _events = play(state, 0, "build house 1N ignore pay R1 R1 R1 R1")
    assert after.sites[0][0] == (D.HOUSE, 0) and after.players[0].bonus_tiles == (D.IGNORE,)
    assert after.played_tiles == (D.IGNORE,)
    state = replace(set_site(base(hand, bonus_tiles=(D.IGNORE,)), 1, "N", D.TOWER), architect=(1,) * 12)
    with pytest.raises(IllegalAction, match=r"castle 1 already has a tower .an ignore-restrictions tile"):
        play(state, 0, "build tower 1E")
    after, _ = play(state, 0, "build tower 1E ignore pay R1 R1 R1 R1 R2")
    assert R.pieces_in(after, 1, D.TOWER) == 2


def test_ignore_is_refused_where_nothing_is_restricted() -> None:
    state = set_site(base(cards("red", 1, 1, 1, 1), bonus_tiles=(D.IGNORE,)), 1, "N", D.WALL)
    with pytest.raises(IllegalAction, match="no building restriction to ignore"):
        play(state, 0, "build house 1E ignore")


# --- Towers and the architect -------------------------------------------------------------------------


def test_one_tower_per_castle() -> None:
    state = set_site(base(cards("red", 1, 1, 1, 1, 3)), 4, "N", D.TOWER)
    with pytest.raises(IllegalAction, match="castle 4 already has a tower"):
        play(state, 0, "build tower 4W")


def test_a_tower_pays_the_architect_with_any_cards_and_no_change() -> None:
    hand = cards("red", 1, 1, 1, 1) + cards("yellow", 3) + cards("purple", 2)
    state = replace(base(hand), architect=(3, 5, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5))
    state, events = play(state, 0, "build tower 1N")
    assert events == ()  # choosing is private; nothing changed yet
    state, _ = play(state, 0, "pay R1 R1 R1 R1")
    assert state.pending is not None and state.pending.stage == 1  # now the architect
    with pytest.raises(IllegalAction):
        play(state, 0, "pay red")  # no red card left
    after, events = play(state, 0, "pay Y3")  # a 3 pays a cost of 3 exactly
    assert after.sites[0][0] == (D.TOWER, 0)
    assert after.players[0].hand == tuple(cards("purple", 2))
    assert after.architect[0] == 5 and after.architect[-1] == 3  # the deck rotates
    assert "architect" in kinds(events)


def test_the_architect_takes_no_change() -> None:
    hand = cards("red", 1, 1, 1, 1) + cards("yellow", 3, 3)
    state = replace(base(hand), architect=(2, *tuple(D.ARCHITECT_COSTS[1:])))
    after, _ = play(state, 0, "build tower 1N pay R1 R1 R1 R1 Y3")  # pays 3 for a cost of 2
    assert after.players[0].hand == (cards("yellow", 3, 3)[1],)  # one 3 paid, nothing given back
    assert len(after.discard) == 5


def test_a_tower_is_only_offered_when_the_architect_can_be_paid() -> None:
    state = replace(base(cards("red", 1, 1, 1, 1)), architect=(1, *tuple(D.ARCHITECT_COSTS[1:])))
    keys = [a.key for a in E.legal_actions(state, 0)]
    assert "build wall 1N" in keys and "build tower 1N" not in keys
    with pytest.raises(IllegalAction, match="plus 1 coins for the architect"):
        play(state, 0, "build tower 1N")


def test_suggested_payment_keeps_the_architect_payable() -> None:
    # Five castle-colour cards for four places and an architect of 3: the red 3 must be kept back.
    hand = cards("red", 1, 1, 1, 3) + cards("green", 1)
    state = replace(base(hand), architect=(3, *tuple(D.ARCHITECT_COSTS[1:])))
    state, _ = play(state, 0, "build tower 1N")
    options = [a.key for a in E.legal_actions(state, 0)]
    assert "pay R3" not in options and "pay R1" in options  # R3 now would strand the payment
    suggested = [k for k in options if k.startswith("pay ") and len(k.split()) > 2]
    assert suggested == ["pay R1 R1 R1 G1 R3"]
    with pytest.raises(IllegalAction, match="would leave the rest of the payment impossible"):
        play(state, 0, "pay R3")


# --- Wells -----------------------------------------------------------------------------------------


def test_a_well_only_where_the_indicator_stands_and_rewards_go_down() -> None:
    state = base(cards("red", 1, 1, 1, 1, 2, 2, 2, 2) + cards("green", 1, 1, 1, 1))
    state = replace(state, well_deck=(1, 4, 2, 3, 5, 6, 7, 8, 9, 10, 11))
    with pytest.raises(IllegalAction, match="the well indicator stands in castle 1, not 4"):
        play(state, 0, "build well 4")
    top = cards("yellow", 1, 1, 1, 3)
    state = stack_deck(state, top)
    after, events = play(state, 0, "build well pay R1 R1 R1 R1")
    assert after.wells[0] == 0 and R.indicator(after) == 4 and after.wells_built == 1
    reward = next(e for e in events if e.kind == "reward")
    # Rulebook example 1: a 5-coin reward drawn as 1, 1, 1, 3 keeps all four cards.
    assert reward.data["coins"] == 5 and reward.data["cards"] == ["Y1", "Y1", "Y1", "Y3"]
    assert set(top) <= set(after.players[0].hand)
    second = stack_deck(replace(after, turn=0, main_done=False), cards("orange", 2, 2))
    second = replace(second, markers=second.markers)  # castle 4 is white/red
    after2, events2 = play(second, 0, "build well 4 pay R2 R2 R2 R2")
    assert next(e for e in events2 if e.kind == "reward").data["coins"] == 4
    assert R.indicator(after2) == 2


def test_wells_stop_when_the_reward_column_is_used_up() -> None:
    state = replace(base(cards("red", 1, 1, 1, 1)), wells_built=len(D.WELL_REWARDS))
    with pytest.raises(IllegalAction, match="no more wells"):
        play(state, 0, "build well 1")
    assert E.view(state, None)["well_card"] is None


# --- Site bonuses ------------------------------------------------------------------------------------


def test_three_coin_site_draws_until_three_and_a_single_three_is_enough() -> None:
    # Castle 2 (even): W = 3 coins.  Rulebook example 2: one card worth 3 meets the reward.
    state = stack_deck(base(cards("green", 1, 1, 1, 1)), cards("white", 3) + cards("white", 1, 1))
    after, events = play(state, 0, "build wall 2W pay G1 G1 G1 G1")
    reward = next(e for e in events if e.kind == "reward")
    assert reward.data == {"coins": 3, "reason": "site bonus", "cards": ["W3"]}
    assert after.players[0].hand == tuple(cards("white", 3))


def test_exchange_and_bonus_tile_sites() -> None:
    state = base(cards("red", 1, 1, 1, 1) + cards("yellow", 1, 1, 1, 1))
    after, events = play(state, 0, "build wall 1E pay R1 R1 R1 R1")  # odd castle: E = exchange tile
    assert after.players[0].exchange_tiles == 1 and after.exchange_left == 8
    state = replace(state, bonus_stack=(D.PAY_TEN, *state.bonus_stack[1:]))
    after, events = play(state, 0, "build wall 2E pay Y1 Y1 Y1 Y1")  # even castle: E = bonus tile
    assert after.players[0].bonus_tiles == (D.PAY_TEN,) and len(after.bonus_stack) == 12
    taken = next(e for e in events if e.kind == "bonus_tile")
    assert "pay 10" in E.describe(taken, 0) and "pay 10" not in E.describe(taken, 1)
    assert "pay 10" not in E.describe(taken, None)


def test_no_exchange_tile_when_none_are_left() -> None:
    state = replace(base(cards("red", 1, 1, 1, 1)), exchange_left=0)
    after, _ = play(state, 0, "build wall 1E pay R1 R1 R1 R1")
    assert after.players[0].exchange_tiles == 0


# --- The large castle -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("piece", "same", "distinct"), [("wall", 4, 6), ("house", 5, 7), ("tower", 6, 8)])
def test_large_castle_costs(piece: str, same: int, distinct: int) -> None:
    purple = cards("purple", 1, 1, 1, 1, 2, 2)
    state = base(purple[:same])
    after, events = play(state, 0, f"build {piece} large pay {same} purple")
    assert after.large == ((piece, 0),)
    assert after.architect == state.architect  # no architect in the large castle
    assert after.players[0].jokers == 0  # no wall jokers, no site bonus
    assert [k for k in kinds(events) if k in ("joker", "reward")] == []
    rainbow = [cards(c, 1)[0] for c in D.COLOURS][:distinct]
    after, _ = play(base(rainbow), 0, f"build {piece} large pay " + " ".join(
        D.COLOUR_LETTERS[i] + "1" for i in range(distinct)))
    assert after.large == ((piece, 0),)
    with pytest.raises(IllegalAction, match="cannot pay"):
        play(base(purple[: same - 1]), 0, f"build {piece} large")


def test_large_castle_jokers_substitute_and_mixes_are_refused() -> None:
    state = base(cards("purple", 1, 1) + cards("red", 1), jokers=2)
    after, _ = play(state, 0, "build wall large pay P1 P1 J J")
    assert after.large == ((D.WALL, 0),)
    state, _ = play(state, 0, "build wall large pay P1 P1")
    options = {a.key for a in E.legal_actions(state, 0)}
    assert "pay R1" not in options and "pay J" in options  # red would break both ways to pay


def test_no_wells_in_the_large_castle() -> None:
    with pytest.raises(IllegalAction, match="wells cannot be built in the large castle"):
        play(base(cards("red", 1, 1, 1, 1)), 0, "build well large")


# --- Action B and the deck ------------------------------------------------------------------------------


def test_take_two_cards_and_the_turn_passes() -> None:
    state = base([])
    top = state.deck[:2]
    after, events = play(state, 0, "take")
    assert after.players[0].hand == tuple(sorted(top)) and after.turn == 1
    take = next(e for e in events if e.kind == "take")
    assert "takes 2 cards:" in E.describe(take, 0) and "takes 2 cards." in E.describe(take, 1)
    assert after.barrier == after.ply  # a draw can never be undone


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    state = base([])
    deck = state.deck
    state = replace(state, deck=deck[:1], discard=deck[1:])
    after, events = play(state, 0, "take")
    assert "reshuffle" in kinds(events)
    assert len(after.players[0].hand) == 2 and len(after.deck) == len(deck) - 2 and after.discard == ()


def test_a_reward_ends_early_when_no_cards_are_left_anywhere() -> None:
    state = base([], bonus_tiles=(D.DRAW_FIVE,))
    state = give(state, 1, hand=list(state.deck) + list(state.players[1].hand))
    assert state.deck == () and state.discard == ()
    after, events = play(state, 0, "draw5")
    reward = next(e for e in events if e.kind == "reward")
    assert reward.data["cards"] == [] and after.players[0].hand == ()
    assert "draws nothing" in E.describe(reward, None)


# --- Free actions ---------------------------------------------------------------------------------------


def test_joker_exchange_needs_six_coins_per_joker_in_colour_cards() -> None:
    state = base(cards("red", 3, 3) + cards("green", 2, 2, 2), jokers=1)
    keys = [a.key for a in E.legal_actions(state, 0)]
    assert "jokers 1" in keys and "jokers 2" in keys and "jokers 3" not in keys
    after, _events = play(state, 0, "jokers 2 pay R3 R3 G2 G2 G2")
    assert after.players[0].jokers == 3 and after.players[0].hand == ()
    assert not after.main_done and after.turn == 0  # a free action: the main action is still to come
    state, _ = play(state, 0, "jokers 1")
    with pytest.raises(IllegalAction, match="jokers cannot be exchanged"):
        play(state, 0, "pay J")


def test_an_exchange_tile_swaps_two_markers_and_castle_colours_change() -> None:
    state = base(cards("red", 1, 1, 1, 1), exchange_tiles=1)
    assert state.castle_colours(1) == (0, 2)  # red/green
    after, events = play(state, 0, "swap M2 M5")
    assert after.castle_colours(1) == (0, D.COLOURS.index("purple"))
    assert after.players[0].exchange_tiles == 0
    assert "swap" in kinds(events) and not after.main_done
    by_colour, _ = play(state, 0, "swap green purple")
    assert by_colour.markers == after.markers


def test_swap_step_by_step_and_cancel() -> None:
    state = base([], exchange_tiles=1)
    state, events = play(state, 0, "swap")
    assert events == () and len(E.legal_actions(state, 0)) == 9  # 8 markers + cancel
    state, _ = play(state, 0, "M1")
    assert ("M1",) not in [a.steps[0] for a in E.legal_actions(state, 0)]
    cancelled, _ = play(state, 0, "cancel")
    assert cancelled.pending is None and cancelled.players[0].exchange_tiles == 1


def test_draw_five_tile() -> None:
    state = stack_deck(base([], bonus_tiles=(D.DRAW_FIVE,)), cards("orange", 2, 2, 2))
    after, events = play(state, 0, "draw5")
    assert after.players[0].hand == tuple(cards("orange", 2, 2, 2)) and after.played_tiles == (D.DRAW_FIVE,)
    assert kinds(events)[:2] == ["tile_played", "reward"]


def test_free_actions_also_after_the_main_action_and_end_turn() -> None:
    state = base(cards("red", 1, 1, 1, 1) + cards("yellow", 3, 3), exchange_tiles=1)
    state, _ = play(state, 0, "build wall 1N pay R1 R1 R1 R1")
    assert state.turn == 0 and state.main_done
    keys = [a.key for a in E.legal_actions(state, 0)]
    assert "take" not in keys and "end" in keys and "jokers 1" in keys and "swap" in keys
    with pytest.raises(IllegalAction, match="already taken your main action"):
        play(state, 0, "take")
    after, events = play(state, 0, "end")
    assert after.turn == 1 and kinds(events) == ["turn"]


def test_the_turn_ends_by_itself_when_no_free_action_is_left() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    after, events = play(state, 0, "build wall 1N pay R1 R1 R1 R1")
    assert after.turn == 1 and kinds(events)[-1] == "turn"


# --- Bonus tiles that modify a build --------------------------------------------------------------------


def test_pay_ten_replaces_the_colour_cost_and_a_tower_still_pays_the_architect() -> None:
    hand = cards("yellow", 3, 3) + cards("white", 2, 2) + cards("purple", 1, 1)
    state = replace(base(hand, bonus_tiles=(D.PAY_TEN,)), architect=(2, *tuple(D.ARCHITECT_COSTS[1:])))
    after, _ = play(state, 0, "build tower 1N pay10 pay Y3 Y3 W2 W2 P1 P1")
    assert after.sites[0][0] == (D.TOWER, 0) and after.players[0].hand == ()
    assert after.played_tiles == (D.PAY_TEN,)
    with pytest.raises(IllegalAction):  # 10 coins, but nothing left for the architect
        play(give(state, 0, hand=hand[:5]), 0, "build tower 1N pay10")


def test_pay_ten_in_the_large_castle_replaces_the_whole_cost() -> None:
    hand = cards("yellow", 3, 3) + cards("white", 2, 2)
    state = base(hand, bonus_tiles=(D.PAY_TEN,))
    after, _ = play(state, 0, "build tower large pay10 pay Y3 Y3 W2 W2")
    assert after.large == ((D.TOWER, 0),) and after.architect == state.architect


def test_extra_site_once_per_castle_and_not_for_wells() -> None:
    state = base(cards("red", 1, 1, 1, 1, 2, 2, 2, 2), bonus_tiles=(D.EXTRA_SITE, D.EXTRA_SITE))
    state = set_site(set_site(set_site(state, 1, "N", D.WALL), 1, "W", D.WALL), 1, "E", D.TOWER)
    after, events = play(state, 0, "build wall 1X pay R1 R1 R1 R1")
    assert after.sites[0][3] == (D.WALL, 0) and after.players[0].bonus_tiles == (D.EXTRA_SITE,)
    assert next(e for e in events if e.kind == "joker").data["count"] == 3  # three walls now, no site bonus
    again = replace(after, turn=0, main_done=False)
    with pytest.raises(IllegalAction, match="castle 1 already has an extra site"):
        play(again, 0, "build wall 1X")
    with pytest.raises(IllegalAction, match="round site"):
        play(again, 0, "build well 1X")


# --- End of the game ------------------------------------------------------------------------------------


def test_building_the_last_piece_wins_at_once_and_the_rest_rank_by_pieces_left() -> None:
    state = base(cards("red", 1, 1, 1, 1), seats=3, supply=(1, 0, 0, 0))
    state = give(state, 1, supply=(1, 1, 0, 0))
    state = give(state, 2, supply=(1, 1, 0, 0))
    after, events = play(state, 0, "build wall 1W pay R1 R1 R1 R1")
    assert after.winner == 0 and E.to_act(after) == ()
    assert kinds(events)[-1] == "win" and "joker" not in kinds(events)  # nothing more is drawn
    outcome = E.outcome(after)
    assert outcome is not None and outcome.ranks == (1, 2, 2) and outcome.winners == (0,)
    with pytest.raises(GameOver):
        play(after, 1, "take")
    assert E.legal_actions(after, 0) == ()


def test_standing_while_running() -> None:
    state = give(base([]), 1, supply=(0, 4, 5, 3))
    standing = E.standing(state)
    assert standing.ranks == (2, 1) and E.outcome(state) is None


# --- Turn order, defaults, undo barrier ---------------------------------------------------------------------


def test_only_the_player_to_act_may_act() -> None:
    state = base([])
    with pytest.raises(NotYourTurn):
        play(state, 1, "take")
    assert E.legal_actions(state, 1) == ()


def test_default_action_takes_cards_or_ends_or_cancels() -> None:
    state = base(cards("red", 1, 1, 1, 1) + cards("yellow", 3, 3))
    assert E.default_action(state, 0) == Action.of("take")
    building, _ = play(state, 0, "build wall 1N")
    assert E.default_action(building, 0) == Action.of("cancel")
    built, _ = play(building, 0, "pay R1 R1 R1 R1")
    assert E.default_action(built, 0) == Action.of("end")
    for s in (state, building, built):
        E.apply(s, 0, E.default_action(s, 0))  # always legal


def test_undo_barrier_after_draws_reveals_and_turn_changes() -> None:
    state = base(cards("red", 1, 1, 1, 1) + cards("yellow", 3, 3), exchange_tiles=1)
    s1, _ = play(state, 0, "swap M7 M8")  # nothing hidden: can be undone
    assert s1.barrier == 0 and s1.ply == 1
    s2, _ = play(s1, 0, "build wall 1N")
    s3, _ = play(s2, 0, "pay R1 R1 R1 R1")  # N site: no bonus, no draw
    assert s3.barrier == 0 and s3.ply == 3
    s4, _ = play(s3, 0, "end")  # the turn passes
    assert s4.barrier == 4 == E.undo_barrier(s4) and E.move_count(s4) == 4
    s5, _ = play(s4, 1, "take")  # a draw
    assert s5.barrier == 5


def test_one_line_and_step_by_step_reach_the_same_position() -> None:
    state = base(cards("red", 1, 1, 1, 2) + cards("green", 2), jokers=1)
    one, _ = play(state, 0, "build wall 1N pay red red green joker")
    s, _ = play(state, 0, "build wall 1N")
    for step in ("pay R1", "pay R1", "pay G2", "pay J"):
        s, _ = play(s, 0, step)
    assert replace(one, ply=0, barrier=0) == replace(s, ply=0, barrier=0)
    assert one.ply == 1 and s.ply == 5 and (one.barrier, s.barrier) == (1, 5)  # the turn passed
