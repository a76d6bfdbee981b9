"""Burgen Land notation (keys, labels, typed lines, errors), views and event texts."""

from __future__ import annotations

import json

import pytest

import engines
from engines.burgen_land import rules as R
from engines.burgen_land.state import MOVE, PLACE, SOURCE, SPACE, State
from engines.core import Action, IllegalAction, NotationError
from engines.steps import SEALED
from tests.engines.burgen_land_helpers import at_little_tower, position, rolled, space

E = engines.get("burgen-land")


def parse(state: State, text: str, seat: int = 0) -> str:
    return E.parse_action(state, seat, text).key


# --- Keys and labels -----------------------------------------------------------------------------


def test_keys_and_labels_of_every_phase() -> None:
    state = position(held=(2, 0))
    labels = {a.key: E.format_action(state, 0, a) for a in E.legal_actions(state, 0)}
    assert labels == {"roll": "Roll your die", "roll +1": "Roll your die + 1 red die",
                      "roll +2": "Roll your die + 2 red dice"}
    state = position(crown=space("yellow", "wall-crown"), colour="yellow", rolls=1, held=(1, 0))
    state = R.resolve_roll(state, 0, (2, 6))[0]
    assert state.phase == MOVE
    labels = {a.key: E.format_action(state, 0, a) for a in E.legal_actions(state, 0)}
    assert labels == {"move 2": "Move 2: to the yellow house",
                      "move 6": "Move 6: to the red crown (leaves yellow: penalty)"}
    state = at_little_tower()
    labels = {a.key: E.format_action(state, 0, a) for a in E.legal_actions(state, 0)}
    assert labels == {"take little-tower": "Take a red little tower", "dice": "Take 2 red dice instead"}
    state = E.apply(state, 0, Action.of("take", "little-tower"))[0]
    labels = {a.key: E.format_action(state, 0, a) for a in E.legal_actions(state, 0)}
    assert labels == {"left": "Put it at the left end", "right": "Put it at the right end", "cancel": "Cancel"}


def test_a_multi_step_label_reads_as_a_sentence() -> None:
    state = at_little_tower()
    action = E.parse_action(state, 0, "take little tower right end")
    assert E.format_action(state, 0, action) == (
        "Take a red little tower, then Put it at the right end, then End your turn")


# --- Typed lines -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "key"), [
    ("roll", "roll"), ("R", "roll"), ("roll +2", "roll +2"), ("roll 2", "roll +2"), ("ROLL + 1", "roll +1"),
    ("roll with 2 red dice", "roll +2"), ("roll my die and 1 red", "roll +1"),
])
def test_rolls(text: str, key: str) -> None:
    assert parse(position(held=(2, 0)), text) == key


@pytest.mark.parametrize(("text", "key"), [
    ("move 5", "move 5"), ("5", "move 5"), ("use 1", "move 1"), ("move 5 to the yellow wall", "move 5"),
    ("move 5 dice end", "move 5 dice end"), ("move 5, take wall, stop", "move 5 take wall end"),
])
def test_choosing_the_die(text: str, key: str) -> None:
    assert parse(rolled(3, 5, 1), text) == key


@pytest.mark.parametrize(("text", "key"), [
    ("take little tower right end", "take little-tower right end"),
    ("little tower at the left end", "take little-tower left"),
    ("put it at the right end", "take little-tower right"),
    ("right", "take little-tower right"),
    ("tower left stop", "take little-tower left end"),
    ("take", "take little-tower"),
    ("take 2 red dice", "dice"), ("2 red", "dice"), ("red dice end", "dice end"), ("dice, then end", "dice end"),
])
def test_space_choices(text: str, key: str) -> None:
    assert parse(at_little_tower(), text) == key


def test_a_placement_word_the_engine_did_not_need_is_accepted_if_it_fits() -> None:
    state = position({"blue": (1,)}, crown=space("blue", "crown"))
    state = R.resolve_roll(state, 0, (1,))[0]  # a blue wall: left and right give the same castle
    assert state.phase == SPACE
    assert parse(state, "take wall right end") == "take wall end"
    state = position({"blue": (1, 3)}, crown=space("blue", "little-tower") - 1)
    state = R.resolve_roll(state, 0, (1,))[0]  # the little tower fits only at the left end
    assert parse(state, "take little tower left") == "take little-tower"
    with pytest.raises(IllegalAction, match="next to another building"):
        parse(state, "take little tower right")


def test_supply_exhausted_lines() -> None:
    state = position({"yellow": (1, 3, 1)}, {"yellow": (1, 3, 1, 1, 3, 1)}, crown=space("yellow", "wall-crown"))
    state = R.resolve_roll(state, 0, (2,))[0]
    assert parse(state, "take house left from 5 end") == "take house left from 5 end"
    placed = E.apply(state, 0, E.parse_action(state, 0, "take house left"))[0]
    assert placed.phase == SOURCE
    assert parse(placed, "take your opponent's card at 2") == "from 2"
    with pytest.raises(IllegalAction, match="no house there"):
        parse(placed, "from 3")


def test_penalty_lines() -> None:
    state = position({"blue": (1, 3, 1, 5, 1)}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    state = R.resolve_roll(state, 0, (1,))[0]
    for text in ("remove left", "left", "give back the left end card", "lose left"):
        assert parse(state, text) == "remove left"


def test_a_roll_must_end_the_line() -> None:
    state = at_little_tower()
    state = E.apply(state, 0, E.parse_action(state, 0, "dice"))[0]
    assert parse(state, "roll +2") == "roll +2"
    with pytest.raises(IllegalAction, match="roll must be the last"):
        parse(state, "roll move 4")
    # A forged multi-step action is refused by the shared rule: nothing follows a draw on one line.
    assert E.check(state, 0, Action((("roll",), ("move", "4")))) == SEALED


def test_errors_quote_the_input_and_suggest_legal_moves() -> None:
    state = at_little_tower()
    with pytest.raises(NotationError, match="`frobnicate`") as info:
        parse(state, "frobnicate")
    assert "take little-tower" in str(info.value)
    with pytest.raises(IllegalAction, match="the card here is a little tower") as illegal:
        parse(state, "take house")
    assert illegal.value.suggestions == ("take little-tower", "dice")
    with pytest.raises(IllegalAction, match="no die shows 2"):
        parse(rolled(3, 5, 1), "move 2")
    with pytest.raises(IllegalAction, match="hold 2 red dice"):
        parse(position(held=(2, 0)), "roll +3")
    with pytest.raises(IllegalAction, match="your turn is over"):
        parse(state, "take tower left end end")
    with pytest.raises(NotationError, match="Type a move"):
        parse(state, "   ")


def test_cancel_is_offered_only_before_anything_changed() -> None:
    state = at_little_tower()
    assert "cancel" not in [a.key for a in E.legal_actions(state, 0)]
    placing = E.apply(state, 0, Action.of("take", "little-tower"))[0]
    assert placing.phase == PLACE and "cancel" in [a.key for a in E.legal_actions(placing, 0)]


def test_every_decision_offers_a_short_list() -> None:
    state = position({"red": (1, 0, 1, 0, 1, 0, 1, 0, 1)}, crown=space("red", "crown"))
    state = R.resolve_roll(state, 0, (1,))[0]
    assert 0 < len(E.legal_actions(state, 0)) <= 25
    placing = E.apply(state, 0, E.parse_action(state, 0, "take wall"))[0]
    assert [a.key for a in E.legal_actions(placing, 0)] == ["left", "hole 2", "hole 4", "hole 6", "hole 8",
                                                            "right", "cancel"]


def test_help_and_rules_name_the_notation() -> None:
    for text in (E.notation_help, E.rules_summary):
        for word in ("roll +", "move 4", "take house", "dice", "score", "hole 3", "from 2", "end"):
            assert word in text, word
    assert "not the card game Burgenland" in E.rules_summary and len(E.rules_summary) < 2000


# --- Views and event texts -----------------------------------------------------------------------


def test_the_view_shows_the_table_the_turns_colour_and_the_risk() -> None:
    state = position({"yellow": (1, 0, 3, 1)}, {"yellow": (5, 1)}, crown=space("yellow", "wall-crown"),
                     colour="yellow", rolls=1, held=(2, 1), scores=(4, 7))
    view = E.view(state, None)
    json.dumps(view, allow_nan=False)
    assert str(state.rng) not in json.dumps(view)
    assert view["crown"] == {"space": 12, "name": "yellow wall/crown", "colour": "yellow", "kind": "wall-crown"}
    assert view["castles"][0]["yellow"] == {"cards": [1, None, 3, 1], "value": 4, "segments": [1, 4]}
    assert view["castles"][1]["yellow"]["value"] == 6
    assert view["red_dice"] == {"supply": 2, "held": [2, 1]} and view["scores"] == [4, 7]
    turn = view["turn"]
    assert turn["colour"] == "yellow" and turn["spaces_left"] == 3 and turn["safe_rolls"] == [1, 2, 3]
    assert [c["key"] for c in view["choices"]] == ["roll", "roll +1", "roll +2", "end"]
    assert E.view(state, 1) == {**view, "seat": 1}
    assert E.view(position(crown=5), None)["turn"]["spaces_left"] is None  # before the first roll


def _texts(state: State, text: str) -> list[str]:
    _, events = E.apply(state, state.turn, E.parse_action(state, state.turn, text))
    return [E.describe(e, None) for e in events]


def test_event_texts_use_seat_tokens() -> None:
    state = position({"red": (1, 5, 1, 3, 1)}, {"red": (1,)}, crown=space("red", "wall", 2), turn=1, held=(0, 2))
    after, events = R.resolve_roll(state, 1, (1, 1, 1))
    assert [E.describe(e, v) for e in events for v in (None,)] == [
        "{seat:1} rolls 1, 1, 1 (own die first, with 2 red dice).",
        "The crown moves 1 space to the red crown. Red is {seat:1}'s colour this turn.",
        "The red castles are scored: {seat:0} 1, {seat:1} 11: {seat:1} scores 10 (now 10).",
    ]
    after = R.resolve_roll(after, 1, (1,))[0]  # red wall
    assert _texts(after, "take wall left") == ["{seat:1} takes a red wall and puts it at the left end."]
    assert _texts(after, "dice") == ["{seat:1} takes 1 red die."]


def test_penalty_and_turn_texts() -> None:
    state = position({"blue": (5, 1, 3, 1, 2)}, crown=space("blue", "house"), colour="blue", rolls=1)
    _, events = R.resolve_roll(state, 0, (2,))
    assert [E.describe(e, 1) for e in events][2:] == [
        "The crown has left blue: {seat:0}'s turn ends with a penalty.",
        "{seat:0} gives back the blue great tower from the left end of the castle.",
        "It is {seat:1}'s turn.",
    ]
