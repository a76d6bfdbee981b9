"""Every Burgen Land rule as a scenario on a constructed position, with forced dice where needed,
and the rulebook's worked examples."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import engines
from engines import rng
from engines.burgen_land import data as D
from engines.burgen_land import rules as R
from engines.burgen_land.state import MOVE, OVER, PENALTY, PLACE, ROLL, SOURCE, SPACE, State
from engines.core import Event, GameOver, IllegalAction, NotYourTurn
from tests.engines.burgen_land_helpers import conservation, position, space

E = engines.get("burgen-land")
BLUE, YELLOW, RED = 0, 1, 2


def play(state: State, seat: int, text: str) -> tuple[State, tuple[Event, ...]]:
    return E.apply(state, seat, E.parse_action(state, seat, text))


def roll(state: State, seat: int, *dice: int) -> tuple[State, tuple[Event, ...]]:
    """A roll with forced dice (own die first): the pure resolve the engine calls after drawing."""
    after, events = R.resolve_roll(state, seat, dice)
    conservation(after)
    return after, events


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def keys(state: State, seat: int) -> list[str]:
    return [a.key for a in E.legal_actions(state, seat)]


# --- Components, track and setup ------------------------------------------------------------------


def test_the_track_is_24_spaces_8_per_colour_clockwise_blue_yellow_red() -> None:
    assert D.TRACK_LEN == 24 and len(D.TRACK) == 24
    section = ["wall", "wall", "crown", "wall", "wall-crown", "little-tower", "house", "great-tower"]
    for c, name in enumerate(("blue", "yellow", "red")):
        assert D.COLOURS[c] == name
        assert [kind for kind, colour in D.TRACK[c * 8:(c + 1) * 8]] == section
        assert {colour for _, colour in D.TRACK[c * 8:(c + 1) * 8]} == {c}
    assert D.START_SPACES == (7, 15, 23)


def test_57_cards_19_per_colour_with_their_values() -> None:
    assert dict(zip(D.KINDS, zip(D.VALUES, D.CARDS_PER_COLOUR, strict=True), strict=True)) == {
        "wall": (1, 9), "little-tower": (2, 3), "house": (3, 3), "great-tower": (5, 4)}
    assert D.TOTAL_CARDS == 57


def test_setup_three_one_wall_castles_each_and_everything_else_in_the_supply() -> None:
    state = E.new_game(2, 123)
    conservation(state)
    assert state.castles == (((1,), (1,), (1,)),) * 2
    assert state.supply == ((7, 3, 3, 4),) * 3
    assert state.red_supply == 5 and state.red_held == (0, 0) and state.scores == (0, 0)
    assert state.crown in D.START_SPACES and D.TRACK[state.crown][0] == "great-tower"
    assert state.turn == state.first and state.phase == ROLL and state.colour is None
    assert state.ply == 0 and state.barrier == 0


def test_setup_draws_the_crown_colour_and_the_first_player_from_the_seed() -> None:
    assert E.new_game(2, 9) == E.new_game(2, 9)
    starts = {(E.new_game(2, seed).crown, E.new_game(2, seed).first) for seed in range(60)}
    assert {c for c, _ in starts} == set(D.START_SPACES)
    assert {f for _, f in starts} == {0, 1}
    # One code path: the draws, then the pure setup.
    r = rng.seed_state(9)
    r, colour = rng.randbelow(r, 3)
    r, first = rng.randbelow(r, 2)
    assert R.setup(r, colour, first) == E.new_game(2, 9)


def test_exactly_two_seats_and_no_options() -> None:
    assert (E.min_seats, E.max_seats, E.name) == (2, 2, "burgen-land")
    assert "Burgen Land" in E.title and E.title != engines.get("burgenland").title
    for seats in (1, 3):
        with pytest.raises(ValueError, match="exactly 2"):
            E.new_game(seats, 1)
    with pytest.raises(ValueError, match="no options"):
        E.new_game(2, 1, {"variant": "x"})


# --- Rolling -----------------------------------------------------------------------------------------


def test_a_roll_draws_own_die_plus_chosen_red_dice_from_the_rng_then_resolves_them() -> None:
    state = position(crown=space("blue", "house"), held=(3, 0))
    after, events = E.apply(state, 0, E.parse_action(state, 0, "roll +2"))
    r, dice = R.roll_dice(state.rng, 3)
    assert events[0] == Event("roll", 0, {"dice": list(dice), "red": 2})
    expected, _ = R.resolve_roll(replace(state, rng=r), 0, dice)
    assert replace(after, ply=0, barrier=0) == replace(expected, ply=0, barrier=0)
    # The two red dice rolled are back on the board, used or not.
    assert after.red_held == (1, 0) and after.red_supply == 4
    assert after.barrier == after.ply == 1, "a roll can never be undone"


def test_the_rolls_are_fair_six_sided_dice() -> None:
    r, counts = rng.seed_state(5), [0] * 7
    for _ in range(600):
        r, dice = R.roll_dice(r, 1)
        counts[dice[0]] += 1
    assert counts[0] == 0 and all(70 < n < 130 for n in counts[1:])


def test_only_as_many_red_dice_as_held_may_be_rolled() -> None:
    state = position(held=(2, 3))
    assert keys(state, 0) == ["roll", "roll +1", "roll +2"]
    with pytest.raises(IllegalAction, match="hold 2 red dice"):
        play(state, 0, "roll +3")


def test_different_dice_ask_which_one_moves_the_crown() -> None:
    state = position(crown=space("blue", "house"), held=(1, 0))
    after, events = roll(state, 0, 4, 6)
    assert after.phase == MOVE and after.crown == state.crown and kinds(events) == ["roll"]
    assert keys(after, 0) == ["move 4", "move 6"]
    moved, _ = play(after, 0, "move 6")
    assert moved.crown == space("blue", "house") + 6


def test_equal_dice_or_a_single_die_move_at_once() -> None:
    state = position(crown=space("blue", "house"), held=(2, 0))
    after, events = roll(state, 0, 3, 3, 3)
    assert after.phase != MOVE and after.crown == space("yellow", "wall", 2)
    assert kinds(events)[:2] == ["roll", "move"]
    assert after.red_held == (0, 0) and after.red_supply == 5


def test_the_first_landing_fixes_the_turns_colour() -> None:
    state = position(crown=space("blue", "great-tower"))
    after, _ = roll(state, 0, 2)  # to the yellow's second wall
    assert after.colour == YELLOW and after.rolls == 1


def test_stopping_is_a_decision_after_the_first_roll() -> None:
    state = position(crown=space("blue", "house"))
    assert keys(state, 0) == ["roll"]
    with pytest.raises(IllegalAction, match="at least one roll"):
        play(state, 0, "end")
    after, _ = roll(state, 0, 3)  # yellow wall: take it or a die
    after, _ = play(after, 0, "dice")
    assert after.phase == ROLL and "end" in keys(after, 0) and "roll" in keys(after, 0)
    ended, events = play(after, 0, "end")
    assert ended.turn == 1 and ended.colour is None and ended.rolls == 0
    assert kinds(events) == ["turn"] and ended.barrier == ended.ply


def test_rolling_again_in_the_colour_resolves_the_next_space() -> None:
    state = position(crown=space("yellow", "wall", 1), colour="yellow", rolls=1)
    after, events = roll(state, 0, 1)  # second yellow wall
    assert after.colour == YELLOW and "penalty" not in kinds(events)
    assert after.phase == SPACE and keys(after, 0) == ["take wall", "dice"]


# --- Leaving the colour -----------------------------------------------------------------------------


def test_leaving_the_colour_costs_the_more_valuable_end_card_and_ends_the_turn() -> None:
    state = position({"blue": (5, 1, 3, 1, 2)}, crown=space("blue", "house"), colour="blue", rolls=1)
    after, events = roll(state, 0, 2)  # onto the first yellow wall: its wall is not offered
    assert kinds(events) == ["roll", "move", "left_colour", "penalty", "turn"]
    assert after.castles[0][BLUE] == (1, 3, 1, 2)
    assert after.supply[BLUE][3] == state.supply[BLUE][3] + 1, "the great tower went back to the supply"
    assert after.castles[0][YELLOW] == state.castles[0][YELLOW], "the landing space has no effect"
    assert after.turn == 1 and after.crown == space("yellow", "wall", 1)


def test_penalty_takes_the_right_end_when_it_is_worth_more() -> None:
    state = position({"red": (1, 3, 1, 5)}, crown=space("red", "little-tower"), colour="red", rolls=2)
    after, events = roll(state, 0, 4)  # red little tower + 4 = second blue wall
    assert after.castles[0][RED] == (1, 3, 1)
    assert next(e for e in events if e.kind == "penalty").data["side"] == "right"


def test_equal_end_cards_the_player_chooses_which_to_give_back() -> None:
    state = position({"blue": (1, 3, 1, 5, 1)}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    after, events = roll(state, 0, 1)
    assert after.phase == PENALTY and after.turn == 0 and "turn" not in kinds(events)
    assert keys(after, 0) == ["remove left", "remove right"]
    left, _ = play(after, 0, "remove left")
    right, _ = play(after, 0, "remove right")
    assert left.castles[0][BLUE] == (3, 1, 5, 1) and right.castles[0][BLUE] == (1, 3, 1, 5)
    assert left.turn == right.turn == 1


def test_equal_ends_that_leave_the_same_castle_ask_nothing() -> None:
    state = position({"blue": (1, 1)}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    after, _ = roll(state, 0, 6)
    assert after.phase == ROLL and after.turn == 1 and after.castles[0][BLUE] == (1,)


def test_leaving_the_colour_with_an_empty_castle_costs_nothing() -> None:
    state = position({"blue": ()}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    after, events = roll(state, 0, 3)
    assert next(e for e in events if e.kind == "penalty").data["value"] is None
    assert after.turn == 1 and after.castles[0][BLUE] == ()


def test_a_penalty_that_uncovers_a_hole_drops_it() -> None:
    state = position({"blue": (1, 0, 5)}, theirs={"blue": (5, 1, 5, 1, 5)}, crown=space("blue", "great-tower"),
                     colour="blue", rolls=1)
    after, _ = roll(state, 0, 1)
    assert after.castles[0][BLUE] == (1,)


# --- The spaces ---------------------------------------------------------------------------------------


def test_wall_space_take_a_wall_or_one_red_die() -> None:
    state = position({"yellow": (1, 3)}, crown=space("yellow", "crown"))
    after, _ = roll(state, 0, 1)  # yellow slot 4: a wall
    assert keys(after, 0) == ["take wall", "dice"]
    took, _ = play(after, 0, "take wall")
    assert took.phase == PLACE and keys(took, 0) == ["left", "right", "cancel"]
    placed, events = play(took, 0, "right")
    assert placed.castles[0][YELLOW] == (1, 3, 1) and placed.supply[YELLOW][0] == state.supply[YELLOW][0] - 1
    assert events[-1].kind == "take" and placed.phase == ROLL
    dice, _ = play(after, 0, "dice")
    assert dice.red_held == (1, 0) and dice.red_supply == 4 and dice.castles == state.castles


@pytest.mark.parametrize(("kind", "value"), [("little-tower", 2), ("house", 3), ("great-tower", 5)])
def test_building_space_take_it_or_that_many_red_dice(kind: str, value: int) -> None:
    state = position({"red": (1,)}, crown=space("red", kind) - 1)
    after, _ = roll(state, 0, 1)
    assert keys(after, 0) == [f"take {kind}", "dice"]
    built, _ = play(after, 0, f"take {kind} left")
    assert built.castles[0][RED] == (value, 1)
    dice, _ = play(after, 0, "dice")
    assert dice.red_held == (value, 0) and dice.red_supply == 5 - value


def test_crown_space_scores_the_colour_at_once() -> None:
    state = position({"yellow": (1, 5, 1)}, {"yellow": (1, 2)}, crown=space("yellow", "wall", 2))
    after, events = roll(state, 0, 1)
    score = next(e for e in events if e.kind == "score")
    assert score.seat == 0 and score.data["values"] == [7, 3] and score.data["points"] == 4
    assert after.scores == (4, 0) and after.phase == ROLL


def test_crown_space_scores_for_whoever_has_the_better_castle() -> None:
    state = position({"yellow": (1,)}, {"yellow": (1, 5, 1, 3)}, crown=space("yellow", "wall", 2))
    after, events = roll(state, 0, 1)
    assert after.scores == (0, 9) and next(e for e in events if e.kind == "score").seat == 1


def test_wall_crown_space_choose_score_wall_or_a_red_die() -> None:
    state = position({"red": (1, 5, 1)}, {"red": (1,)}, crown=space("red", "wall", 3))
    after, _ = roll(state, 0, 1)
    assert after.phase == SPACE and keys(after, 0) == ["take wall", "score", "dice"]
    scored, _ = play(after, 0, "score")
    assert scored.scores == (6, 0) and scored.castles == state.castles and scored.red_held == (0, 0)
    walled, _ = play(after, 0, "take wall left")
    assert walled.scores == (0, 0) and walled.castles[0][RED] == (1, 1, 5, 1)
    dice, _ = play(after, 0, "dice")
    assert dice.scores == (0, 0) and dice.red_held == (1, 0)


def test_a_tie_scores_nothing() -> None:
    state = position({"blue": (1, 3)}, {"blue": (3, 1)}, crown=space("blue", "wall", 2))
    after, events = roll(state, 0, 1)
    score = next(e for e in events if e.kind == "score")
    assert score.seat is None and score.data["points"] == 0 and after.scores == (0, 0)


def test_with_no_option_at_all_nothing_happens() -> None:
    # The house does not fit, and the player already holds every red die.
    state = position({"yellow": (5, 1, 2)}, crown=space("yellow", "wall-crown"), held=(5, 0))
    after, events = roll(state, 0, 2)
    assert kinds(events)[-1] == "nothing" and after.phase == ROLL
    assert after.castles == state.castles and after.red_held == (5, 0)


def test_a_single_possible_outcome_is_taken_without_asking() -> None:
    # Sigurd's case in the rulebook: the house does not fit, so the red dice are all there is.
    state = position({"yellow": (5, 1, 2)}, crown=space("yellow", "wall-crown"))
    after, events = roll(state, 0, 2)
    assert kinds(events)[-1] == "dice" and after.red_held == (3, 0) and after.phase == ROLL


# --- Red dice ------------------------------------------------------------------------------------------


def test_red_dice_short_on_the_board_come_from_the_opponent() -> None:
    state = position(crown=space("blue", "house") - 1, held=(1, 3))
    after, _ = roll(state, 0, 1)
    after, events = play(after, 0, "dice")
    assert after.red_supply == 0 and after.red_held == (4, 1)
    assert events[-1].data == {"count": 3, "from_supply": 1, "from_opponent": 2, "wanted": 3}


def test_when_both_run_out_the_player_takes_what_there_is() -> None:
    state = position(crown=space("blue", "great-tower") - 1, held=(3, 1))
    after, _ = roll(state, 0, 1)
    after, events = play(after, 0, "dice")
    assert after.red_held == (5, 0) and after.red_supply == 0
    assert events[-1].data["count"] == 2 and events[-1].data["wanted"] == 5


# --- Building regulations -----------------------------------------------------------------------------


def test_cards_go_only_at_the_ends() -> None:
    assert R.placements((1, 1, 1), 1) == (0,)  # left and right give the same castle
    assert R.placements((1, 3, 1), 1) == (0, 3)
    assert R.placement_problem((1, 3, 1), 1, 1) == "cards go only at either end of the castle or into a hole"


def test_a_building_needs_a_wall_beside_it_and_no_building() -> None:
    assert R.placements((1, 3), 2) == (0,)  # not next to the house at the right end
    assert R.placements((5, 1, 3), 2) == ()
    assert R.placement_problem((3,), 0, 5) == "a building may never stand next to another building"
    assert R.placement_problem((1,), 1, 5) is None
    # An empty castle takes walls only: a building there would have no wall beside it.
    assert R.placements((), 5) == () and R.placements((), 1) == (0,)


def test_a_card_may_be_taken_only_if_it_can_be_placed() -> None:
    state = position({"blue": (3, 1, 3)}, crown=space("blue", "little-tower") - 2)
    after, events = roll(state, 0, 2)  # the little tower fits nowhere: the red dice are all there is
    assert after.castles == state.castles and after.red_held == (2, 0) and kinds(events)[-1] == "dice"
    asked = replace(state, crown=space("blue", "little-tower"), phase=SPACE, colour=BLUE, rolls=1)
    assert keys(asked, 0) == ["dice"]
    with pytest.raises(IllegalAction, match="next to a wall and never next to another building"):
        play(asked, 0, "take little tower")


def test_holes_are_filled_following_the_regulations() -> None:
    row = (1, 0, 1, 3)
    assert R.placements(row, 1) == (0, 1, 4)
    assert R.placements(row, 5) == (0, 1)  # the hole sits between two walls; not beside the house
    assert R.place(row, 1, 5) == (1, 5, 1, 3)
    assert R.placements((1, 0, 3), 2) == (0,)  # the hole touches the house


# --- Supply exhausted ------------------------------------------------------------------------------------


def test_a_card_missing_from_the_supply_is_taken_from_the_opponent_leaving_a_hole() -> None:
    state = position({"yellow": (1, 3, 1)}, {"yellow": (1, 3, 1, 1, 3, 1)}, crown=space("yellow", "wall-crown"))
    assert state.supply[YELLOW][2] == 0
    after, _ = roll(state, 0, 2)
    assert keys(after, 0) == ["take house", "dice"]
    assert E.format_action(after, 0, E.parse_action(after, 0, "take house")).endswith("from your opponent's castle")
    took, _ = play(after, 0, "take house")
    assert took.phase == PLACE and keys(took, 0) == ["left", "right", "cancel"]
    placed, _ = play(took, 0, "left")
    assert placed.phase == SOURCE and keys(placed, 0) == ["from 2", "from 5", "cancel"]
    done, events = play(placed, 0, "from 5")
    assert done.castles[0][YELLOW] == (3, 1, 3, 1)
    assert done.castles[1][YELLOW] == (1, 3, 1, 1, 0, 1)
    assert events[-1].data["taken_from"] == 5 and done.supply == state.supply
    assert R.castle_value(done.castles[1][YELLOW]) == 6  # only the best segment counts


def test_cancel_goes_back_to_the_space_choice_with_nothing_changed() -> None:
    state = position({"yellow": (1, 3, 1)}, {"yellow": (1, 3, 1, 1, 3, 1)}, crown=space("yellow", "wall-crown"))
    after, _ = roll(state, 0, 2)
    placed, _ = play(after, 0, "take house left")
    back, _ = play(placed, 0, "cancel")
    assert back.phase == SPACE and back.castles == after.castles and keys(back, 0) == keys(after, 0)


def test_taking_the_opponents_end_card_shortens_the_row() -> None:
    state = position({"red": (1, 5, 1)}, {"red": (3, 1, 3, 1, 3)}, crown=space("red", "wall-crown"))
    after, _ = roll(state, 0, 2)
    done, _ = play(after, 0, "take house left from 5")
    assert done.castles[1][RED] == (3, 1, 3, 1) and done.castles[0][RED] == (3, 1, 5, 1)


def test_when_neither_supply_nor_opponent_has_the_card_red_dice_instead() -> None:
    state = position({"blue": (1, 5, 1, 5, 1, 5, 1, 5, 1)}, crown=space("blue", "house"))
    after, events = roll(state, 0, 1)  # great tower: all four are mine
    assert after.red_held == (5, 0) and kinds(events)[-1] == "dice"
    assert "no blue great tower is left" in (R.take_problem(replace(after, crown=7), 0, BLUE, 3) or "")


def test_copies_that_leave_the_same_castle_are_offered_once() -> None:
    assert R.copies((1, 1, 3, 1), 1) == (0, 1, 3)
    assert R.copies((1, 1), 1) == (0,)


# --- Scoring and the end ---------------------------------------------------------------------------------


def test_castle_value_with_holes_is_the_best_segment() -> None:
    assert R.castle_value((1, 5, 1, 0, 3, 1, 3, 1)) == 8
    assert R.segments((1, 5, 1, 0, 3, 1, 3, 1)) == [7, 8]
    assert R.castle_value(()) == 0


def test_the_rulebook_blue_castle_scoring_17_against_3_scores_14() -> None:
    right = (1, 5, 1, 3, 1, 5, 1)
    left = (1, 2)
    assert R.castle_value(right) == 17 and R.castle_value(left) == 3
    state = position({"blue": left}, {"blue": right}, crown=space("blue", "wall", 2), turn=0)
    after, events = roll(state, 0, 1)
    score = next(e for e in events if e.kind == "score")
    assert score.seat == 1 and score.data["points"] == 14 and after.scores == (0, 14)


def test_thirty_points_win_at_once_even_in_the_opponents_turn() -> None:
    state = position({"red": (1,)}, {"red": (1, 5, 1, 5, 1)}, crown=space("red", "wall", 2), scores=(12, 18),
                     held=(2, 0))
    after, events = roll(state, 0, 1)
    assert after.winner == 1 and after.phase == OVER and after.scores == (12, 30)
    assert kinds(events)[-1] == "win" and E.to_act(after) == ()
    outcome = E.outcome(after)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (12, 30)
    with pytest.raises(GameOver):
        E.apply(after, 0, E.legal_actions(state, 0)[0])


def test_scoring_on_a_wall_crown_can_win_and_ends_the_line() -> None:
    state = position({"blue": (1, 5, 1, 5, 1)}, crown=space("blue", "wall", 3), scores=(20, 0))
    after, _ = roll(state, 0, 1)
    action = E.parse_action(after, 0, "score end")
    assert action.key == "score", "what a line says after the winning step is dropped"
    won, _ = E.apply(after, 0, action)
    assert won.winner == 0 and won.scores == (32, 0) and won.barrier == won.ply


# --- The rulebook's example turns ----------------------------------------------------------------------------


def test_the_rulebook_example_turns() -> None:
    # Crown on the blue house; all five red dice in the supply.  Etheldreda (seat 0) has a
    # strong red castle; Sigurd's (seat 1) yellow castle has no room for a house.
    state = position({"red": (1, 5, 1, 3, 1)}, {"red": (1, 2), "yellow": (5, 1, 2)},
                     crown=space("blue", "house"), turn=0)
    # She rolls a 3: the crown moves to the second yellow wall; she takes a red die and stops.
    state, events = roll(state, 0, 3)
    assert state.crown == space("yellow", "wall", 2) and state.colour == YELLOW
    state, _ = play(state, 0, "dice end")
    assert state.red_held == (1, 0) and state.turn == 1
    # Sigurd must play yellow: he rolls a 5 onto the yellow house, which cannot go in his
    # castle, so he takes three red dice (the only option) and stops.
    state, events = roll(state, 1, 5)
    assert state.crown == space("yellow", "house") and kinds(events)[-1] == "dice"
    assert state.red_held == (1, 3)
    state, _ = play(state, 1, "end")
    # She rolls her die with her red die: 4 and 6.  The 4 moves the crown to the red crown.
    state, _ = roll(state, 0, 4, 6)
    assert keys(state, 0) == ["move 4", "move 6"]
    assert state.red_held == (0, 3) and state.red_supply == 2, "the red die went back to the supply"
    state, events = play(state, 0, "move 4")
    assert state.crown == space("red", "crown") and state.colour == RED
    score = next(e for e in events if e.kind == "score")
    assert score.seat == 0 and score.data["points"] == 8 and state.scores == (8, 0)
    # She rolls again, a 3: the red little tower, which she adds to her castle, and stops.
    state, _ = roll(state, 0, 3)
    assert state.crown == space("red", "little-tower")
    state, _ = play(state, 0, "take little tower right end")
    assert state.castles[0][RED] == (1, 5, 1, 3, 1, 2) and state.turn == 1


# --- Turn order, errors, undo barrier -------------------------------------------------------------------------


def test_only_the_seat_to_act_may_act() -> None:
    state = position(turn=1)
    assert E.legal_actions(state, 0) == ()
    with pytest.raises(NotYourTurn):
        play(state, 0, "roll")


def test_rejected_actions_change_nothing_and_say_why() -> None:
    state = position({"blue": (1, 3)}, crown=space("blue", "little-tower") - 1)
    after, _ = roll(state, 0, 1)
    snapshot = json.dumps(E.dump(after))
    with pytest.raises(IllegalAction, match="the card here is a little tower"):
        play(after, 0, "take house")
    with pytest.raises(IllegalAction, match="only a wall/crown space"):
        play(after, 0, "score")
    with pytest.raises(IllegalAction, match="choose what the space gives"):
        play(after, 0, "roll")
    assert json.dumps(E.dump(after)) == snapshot


def test_the_undo_barrier_follows_rolls_and_turn_changes_only() -> None:
    state = position({"red": (1,)}, crown=space("red", "wall", 3))
    state = replace(state, ply=5, barrier=3)
    after, _ = roll(state, 0, 1)  # resolve only: ply and barrier untouched
    assert (after.ply, after.barrier) == (5, 3)
    took, _ = play(after, 0, "take wall")
    assert took.phase == ROLL and (took.ply, took.barrier) == (6, 3), "placing a card can be undone"
    rolled, _ = play(took, 0, "roll")
    assert rolled.barrier == rolled.ply == 7
    ended, _ = play(took, 0, "end")
    assert ended.barrier == ended.ply == 7


def test_default_action_is_safe() -> None:
    state = position(crown=space("blue", "house"))
    assert E.default_action(state, 0).key == "roll"
    after, _ = roll(state, 0, 3)
    assert E.default_action(after, 0).key == "dice"
    after, _ = play(after, 0, "dice")
    assert E.default_action(after, 0).key == "end"
    state = position(crown=space("yellow", "wall-crown"), colour="yellow", rolls=1, held=(1, 0))
    after, _ = roll(state, 0, 6, 2)  # 6 would leave yellow, 2 stays
    assert E.default_action(after, 0).key == "move 2"


def test_determinize_changes_only_the_future_rolls() -> None:
    state = position({"red": (1, 5)}, crown=5)
    other = E.determinize(state, 1, 99)
    assert other.rng != state.rng and replace(other, rng=state.rng) == state
    assert E.view(other, 1) == E.view(state, 1)


def test_dump_and_load_round_trip() -> None:
    state = position({"yellow": (1, 0, 3, 1)}, {"yellow": (5, 1)}, crown=13, held=(2, 1), scores=(4, 7))
    assert E.load(json.loads(json.dumps(E.dump(state)))) == state
