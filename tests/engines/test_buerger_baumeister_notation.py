"""Reading and writing Bürger, Baumeister & Co. moves: keys, labels, forgiving one-line turns, clear errors."""

from __future__ import annotations

import pytest

import engines
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import notation as N
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from tests.engines.buerger_baumeister_helpers import give, offer, position, put, put_at

E = engines.get("buerger-baumeister")


def base(*hand: str, **player: object):
    return give(position(3), 0, *hand, **player)


def key(state, text: str) -> str:
    return E.parse_action(state, 0, text).key


@pytest.mark.parametrize("text", ["", "   ", "hello", "fly to the moon", "place", "buy", "12 13"])
def test_garbage_gets_a_specific_message_with_an_example(text: str) -> None:
    with pytest.raises((NotationError, IllegalAction)) as info:
        E.parse_action(base("RH2", "GV2", "BP3"), 0, text)
    message = str(info.value)
    assert "`" in message  # quotes the input or shows an example to type
    if text.strip() in ("", "hello", "fly to the moon"):
        # Legal moves to type and a one-line hint (`help` has the whole grammar, with examples).
        assert "Did you mean `place " in message and "`help`" in message and len(message) < 300


def test_errors_quote_the_input_as_typed() -> None:
    with pytest.raises(NotationError, match="`Fly Home`"):
        E.parse_action(base("RH2", "GV2", "BP3"), 0, "Fly Home")
    with pytest.raises(IllegalAction, match=r"`place YP3`.*your hand: RH2, GV2, BP3"):
        E.parse_action(base("RH2", "GV2", "BP3"), 0, "place YP3")


def test_keys_and_labels_are_case_and_space_insensitive() -> None:
    state = base("RH2", "GV2", "BP3")
    assert E.parse_action(state, 0, "  PLACE   rh2 ") == Action.of("place", "RH2")
    assert E.format_action(state, 0, Action.of("place", "RH2")) == "Place red house 2"
    assert E.parse_action(state, 0, "place RED HOUSE 2") == Action.of("place", "RH2")
    placed, _ = E.apply(state, 0, Action.of("place", "RH2"))
    label = E.format_action(placed, 0, Action.of("red-L", "+2"))
    assert label == "red-L +2 space: 4 points"
    assert E.parse_action(placed, 0, label.upper()) == Action.of("red-L", "+2")


@pytest.mark.parametrize("text", [
    "place RH2 red-M coin project buy 3",
    "place rh2 red m coin project buy 3",
    "RH2 M coin project buy 3",
    "place red house 2 in red medium on coin, large project, buy green house",
    "rh2 rm $ yes take 3",
    "place the red house on red-M coin; project; buy GH2",
])
def test_one_line_turns(text: str) -> None:
    state = base("RH2", "GV2", "BP3", coins=3)
    assert key(state, text) == "place RH2 red-M coin project buy 3"


def test_going_straight_to_buy_declines_the_project() -> None:
    state = base("RH2", "GV2", "BP3", coins=1)
    assert key(state, "RH2 M +2 buy free") == "place RH2 red-M +2 no-project buy 1"
    assert key(state, "RH2 S plain no project buy mayor") == "place RH2 red-S plain no-project buy 1"
    # "no project" where none was possible (no coins) is simply nothing to decline.
    assert key(base("RH2", "GV2", "BP3"), "RH2 L plain skip buy 1") == "place RH2 red-L plain buy 1"


def test_a_step_at_a_time_continues_the_half_made_turn() -> None:
    state, _ = E.apply(base("RH2", "GV2", "BP3", coins=1), 0, Action.of("place", "RH2"))
    assert key(state, "M +2") == "red-M +2"
    assert key(state, "medium +2 project buy 1") == "red-M +2 project buy 1"
    state, _ = E.apply(state, 0, Action.of("red-M", "+2"))
    assert key(state, "no") == "no-project"
    assert key(state, "y") == "project"  # "y" is yes when the project is asked (else yellow)
    assert key(state, "buy 1") == "no-project buy 1"


def test_a_token_is_read_from_what_the_hand_makes_unambiguous() -> None:
    state = base("RH2", "RV3", "GP3")
    assert key(state, "place villa") == "place RV3"
    assert key(state, "place green") == "place GP3"
    assert key(state, "park") == "place GP3"
    with pytest.raises(AmbiguousAction) as info:
        E.parse_action(state, 0, "place red")
    assert [a.key for a in info.value.candidates] == ["place RH2", "place RV3"]


def test_the_kind_of_space_may_be_left_out_when_only_one_is_free() -> None:
    state = put(base("RH2", "GV2", "BP3"), "red-S", "RH3", "RV2")  # red-S: coin and 1 plain taken
    state = put_at(state, "red-S", 2, "RV2")  # only the last plain is free
    assert key(state, "place RH2 red-S buy 1") == "place RH2 red-S plain buy 1"
    with pytest.raises(AmbiguousAction) as info:
        E.parse_action(state, 0, "place RH2 red-M")
    assert [a.key for a in info.value.candidates] == ["red-M coin", "red-M +2", "red-M plain"]


def test_buying_by_token_takes_the_cheapest_space() -> None:
    state = offer(base("RH2", "GV2", "BP3", coins=2), "GH2", "YV2", "GH2", "GV3", "BP3", mayor=2)
    # GH2 lies on space 1 (1 coin) and on space 3 (the Mayor's, free).
    assert key(state, "place RH2 red-S plain no-project buy GH2") == "place RH2 red-S plain no-project buy 3"
    assert key(state, "place RH2 red-S plain no-project buy green villa") == "place RH2 red-S plain no-project buy 4"
    with pytest.raises(AmbiguousAction):
        E.parse_action(state, 0, "place RH2 red-S plain no-project buy green")
    # Equal prices: the lowest space number (both YV2 cost 1 coin, on spaces 2 and 4).
    twice = offer(base("RH2", "GV2", "BP3", coins=2), "GH2", "YV2", "GH2", "YV2", "BP3", mayor=2)
    assert key(twice, "place RH2 red-S plain no-project buy YV2") == "place RH2 red-S plain no-project buy 2"
    with pytest.raises(IllegalAction, match="no token like `RP3` is on offer"):
        E.parse_action(state, 0, "place RH2 red-S plain no-project buy RP3")


def test_a_wrong_step_for_the_moment_says_what_comes_first() -> None:
    state = base("RH2", "GV2", "BP3")
    with pytest.raises(IllegalAction, match="choose a token to place first"):
        E.parse_action(state, 0, "red-M coin")
    with pytest.raises(IllegalAction, match="first place a token"):
        E.parse_action(state, 0, "buy 1")
    with pytest.raises(IllegalAction, match="costs 2 coins; you would have 0"):
        E.parse_action(state, 0, "place RH2 red-L plain project")
    with pytest.raises(IllegalAction, match="a red token goes in a red district"):
        E.parse_action(state, 0, "place RH2 green-L plain")


def test_labels_say_what_a_choice_scores_and_costs() -> None:
    state = put(base("RH2", "GV2", "BP3", coins=2), "red-M", "RH3")
    state, _ = E.apply(state, 0, Action.of("place", "RH2"))
    labels = [E.format_action(state, 0, a) for a in E.legal_actions(state, 0)]
    assert "red-M +2 space: 7 points" in labels and "red-S coin space: 2 points, +1 coin" in labels
    state, _ = E.apply(state, 0, Action.of("red-M", "+2"))
    assert E.format_action(state, 0, Action.of("project")) == "Large project in red-M (1 coin, a crane): ×2 = +7 points"
    state, _ = E.apply(state, 0, Action.of("no-project"))
    assert E.format_action(state, 0, Action.of("buy", "3")) == "Buy green house 2 from space 3 (2 coins)"
    line = Action((("place", "RH2"), ("red-M", "+2"), ("no-project",), ("buy", "1")))
    assert len(E.format_action(base("RH2", "GV2", "BP3"), 0, line)) <= 100


def test_help_and_summary_use_our_words() -> None:
    assert "villa" in N.RULES and "village" not in N.RULES.casefold()
    assert "`place RH2 red-M coin project buy 3`" in N.RULES and "ties share" in N.RULES
    assert E.title == "Bürger, Baumeister & Co." and E.notation_help == N.HELP
    # Every code the summary promises is a real token code.
    assert {"RH2", "GV3", "PP3"} <= {f"{c}{t}{v}" for c in D.COLOUR_LETTERS for t in D.TYPE_LETTERS for v in (2, 3)}
