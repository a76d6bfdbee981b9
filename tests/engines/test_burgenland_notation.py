"""Reading and writing Burgenland moves: keys, labels, forgiving text, and clear errors."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import engines
from engines.burgenland import data as D
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from tests.engines.burgenland_helpers import cards, give, position, set_site

E = engines.get("burgenland")
MARKERS = ("red", "green", "yellow", "white", "purple", "orange", "light-blue", "dark-blue")


def base(hand: list[int], jokers: int = 0, **player: object):
    return give(position(2, markers=MARKERS), 0, hand=hand, jokers=jokers, **player)


@pytest.mark.parametrize("text", ["", "   ", "hello", "fly to the moon", "build", "pay", "12", "build castle"])
def test_garbage_gets_a_specific_message_with_an_example(text: str) -> None:
    state = base(cards("red", 1, 1, 1, 1))
    with pytest.raises((NotationError, IllegalAction)) as info:
        E.parse_action(state, 0, text)
    message = str(info.value)
    assert "`" in message  # quotes the input or shows an example to type
    if isinstance(info.value, NotationError):
        # Legal moves to type and a one-line hint (`help` has the whole grammar, with examples).
        assert "Did you mean `" in message and "`help`" in message and len(message) < 400


def test_errors_quote_the_input_as_typed() -> None:
    with pytest.raises(NotationError, match="`Fly Home`"):
        E.parse_action(base([]), 0, "Fly Home")


def test_keys_and_labels_are_case_and_space_insensitive() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    assert E.parse_action(state, 0, "  BUILD   wall 1n ") == Action.of("build", "wall", "1N")
    label = E.format_action(state, 0, Action.of("build", "wall", "1N"))
    assert label == "Build a wall in castle 1, north site"
    assert E.parse_action(state, 0, label.upper()) == Action.of("build", "wall", "1N")


def test_friendly_forms_of_a_build() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    expected = Action.of("build", "wall", "1N")
    for text in ("build wall 1N", "build wall 1 north", "build a wall in castle 1 n", "wall 1-n", "build wall 1 N"):
        assert E.parse_action(state, 0, text) == expected, text


def test_a_castle_without_a_site_is_read_when_only_one_site_fits() -> None:
    state = set_site(set_site(base(cards("red", 1, 1, 1, 1)), 1, "N", D.WALL), 1, "W", D.TOWER)
    assert E.parse_action(state, 0, "build wall 1") == Action.of("build", "wall", "1E")
    with pytest.raises(AmbiguousAction) as info:
        E.parse_action(base(cards("red", 1, 1, 1, 1)), 0, "build wall 1")
    assert [a.key for a in info.value.candidates] == ["build wall 1N", "build wall 1W", "build wall 1E"]


def test_one_line_builds_with_colour_names_counts_and_jokers() -> None:
    state = base(cards("red", 1, 2) + cards("green", 2), jokers=2)
    action = E.parse_action(state, 0, "build wall 1N pay red red green joker")
    assert action.key == "build wall 1N pay R1 R2 G2 J"
    assert E.parse_action(state, 0, action.key) == action
    purple = base(cards("purple", 1, 1, 1, 1, 2, 2))
    assert E.parse_action(purple, 0, "build tower large pay 6 purple").key == "build tower large pay P1 P1 P1 P1 P2 P2"
    assert E.parse_action(purple, 0, "build wall large pay 4x purple").key == "build wall large pay P1 P1 P1 P1"


def test_pay_suggested_and_bare_pay() -> None:
    state, _ = E.apply(base(cards("red", 1, 1, 2, 3)), 0, Action.of("build", "wall", "1N"))
    assert E.parse_action(state, 0, "pay").key == "pay R1 R1 R2 R3"
    assert E.parse_action(state, 0, "pay suggested").key == "pay R1 R1 R2 R3"


def test_the_two_blues_must_be_told_apart() -> None:
    state = give(position(2, markers=("light-blue", "dark-blue")), 0, hand=cards("light-blue", 1, 1)
                 + cards("dark-blue", 1, 1))
    state, _ = E.apply(state, 0, Action.of("build", "wall", "1N"))
    with pytest.raises(AmbiguousAction, match=r"light blue .L. or dark blue .B.") as info:
        E.parse_action(state, 0, "pay blue")
    assert {a.key for a in info.value.candidates} == {"pay L1", "pay B1"}
    assert E.parse_action(state, 0, "pay light blue").key == "pay L1"
    assert E.parse_action(state, 0, "pay dark-blue 1").key == "pay B1"


def test_tile_modifiers_in_text() -> None:
    hand = cards("yellow", 3, 3) + cards("white", 2, 2)
    state = base(hand, bonus_tiles=(D.PAY_TEN,))
    for text in ("build wall large pay10", "build wall large pay 10", "build wall large pay-10"):
        assert E.parse_action(state, 0, text) == Action.of("build", "wall", "large", "pay10"), text
    assert E.parse_action(state, 0, "build wall large pay 10 pay Y3 Y3 W2 W2").key == (
        "build wall large pay10 pay Y3 Y3 W2 W2")


def test_swap_by_marker_or_colour() -> None:
    state = base([], exchange_tiles=1)
    assert E.parse_action(state, 0, "swap m1 m5").key == "swap M1 M5"
    assert E.parse_action(state, 0, "swap red purple").key == "swap M1 M5"
    with pytest.raises(NotationError, match="not a marker"):
        E.parse_action(state, 0, "swap M1 M9")


def test_illegal_builds_say_why_and_suggest_moves() -> None:
    state = set_site(base(cards("white", 1, 1, 1, 1, 3, 3)), 4, "N", D.TOWER)
    with pytest.raises(IllegalAction) as info:
        E.parse_action(state, 0, "build tower 4W")
    assert "castle 4 already has a tower" in str(info.value)
    assert info.value.suggestions and all(s in {a.key for a in E.legal_actions(state, 0)}
                                          for s in info.value.suggestions)
    cases = {
        "build wall 4N": "castle 4's north site is taken (a neutral tower)",
        "build wall 12N": "'12N' is not a place",
        "build house large pay10": "you hold no pay 10 coins tile",
        "build wall 1X": "you hold no extra building site tile",
        "build well 1": "the well indicator stands in castle",
        "end": "take your main action first",
        "pay R1": "nothing to pay",
        "swap": "you hold no exchange tile",
        "draw5": "you hold no draw-5 tile",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalAction, match=None) as info:
            E.parse_action(replace(state, well_deck=(9, *range(1, 9), 10, 11)), 0, text)
        assert reason in str(info.value), (text, str(info.value))


def test_a_player_with_no_pieces_of_a_kind_is_told_so() -> None:
    state = base(cards("red", 1, 1, 1, 1), supply=(0, 4, 5, 3))
    with pytest.raises(IllegalAction, match="you have no walls left"):
        E.parse_action(state, 0, "build wall 1N")


def test_every_legal_label_and_key_parses_back_in_a_busy_position() -> None:
    hand = cards("red", 1, 1, 2, 3) + cards("green", 1, 2, 3) + cards("purple", 1, 1, 1, 1, 2, 2)
    state = give(base(hand, jokers=2, exchange_tiles=1), 0,
                 bonus_tiles=(D.DRAW_FIVE, D.EXTRA_SITE, D.IGNORE, D.PAY_TEN))
    legal = E.legal_actions(state, 0)
    assert len(legal) > 60
    for action in legal:
        assert E.parse_action(state, 0, action.key) == action
        assert E.parse_action(state, 0, E.format_action(state, 0, action)) == action


def test_event_texts_use_seat_tokens_and_hide_private_details() -> None:
    state = base([])
    _after, events = E.apply(state, 0, Action.of("take"))
    take = events[0]
    own, other, public = E.describe(take, 0), E.describe(take, 1), E.describe(take, None)
    assert own.startswith("{seat:0} takes 2 cards: ")
    assert other == public == "{seat:0} takes 2 cards."
    assert E.describe(events[-1], None) == "It is {seat:1}'s turn."


def test_views_are_built_from_an_allow_list() -> None:
    state = base(cards("red", 1, 1), jokers=1, bonus_tiles=(D.PAY_TEN,))
    public, mine, theirs = E.view(state, None), E.view(state, 0), E.view(state, 1)
    assert "hand" not in public and "tiles" not in public
    assert mine["hand"]["cards"] == [{"colour": "red", "letter": "R", "value": 1, "count": 2}]
    assert mine["tiles"] == {"exchange": 0, "bonus": ["pay10"]}
    assert theirs["hand"] == {"cards": [], "jokers": 0}
    assert public["players_info"][0]["hand_size"] == 3 and public["players_info"][0]["bonus_tiles"] == 1
    text = json.dumps(public)
    assert "pay10" not in text and "deck" not in [k for k in public if k != "deck_size"]
    assert str(state.rng) not in text



def test_nothing_may_follow_a_draw_on_one_line() -> None:
    # Otherwise "pay R3" after a 3-coin reward would be accepted or refused depending on
    # the unseen cards drawn, and a player could probe the deck with rejected lines.
    hand = cards("green", 1, 1, 1, 1) + cards("red", 3, 3)
    state = base(hand)
    with pytest.raises(IllegalAction, match="must be the last on its line"):
        E.parse_action(state, 0, "build wall 2W pay G1 G1 G1 G1 jokers 1 pay R3 R3")  # 2W: 3-coin draw
    with pytest.raises(IllegalAction, match="must be the last on its line"):
        E.parse_action(state, 0, "take jokers 1")
    forged = Action((("build", "wall", "2W"), ("pay", "G1", "G1", "G1", "G1"), ("jokers", "1")))
    with pytest.raises(IllegalAction, match="must be the last on its line"):
        E.apply(state, 0, forged)
    # A build without a draw may be followed by more on the same line.
    after, _ = E.apply(state, 0, E.parse_action(state, 0, "build wall 1N pay G1 G1 G1 G1 jokers 1 pay R3 R3"))
    assert after.players[0].jokers == 2 and after.turn == 1
