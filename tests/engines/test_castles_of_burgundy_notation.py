"""Typed lines, labels, error messages, views, event texts, determinize and the away-player move."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import engines
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy.state import Decision, State
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError, NotYourTurn
from tests.engines.castles_of_burgundy_helpers import conservation, position, put, set_goods, setp, stock, store

E = engines.get("castles-of-burgundy")


def base(dice: tuple[int, int] = (2, 5), workers: int = 0, silver: int = 0) -> State:
    state = set_goods(position(2, dice=dice), 0)
    return setp(state, 0, workers=workers, silver=silver)


def parse(state: State, text: str) -> Action:
    return E.parse_action(state, 0, text)


def steps(state: State, text: str) -> tuple[tuple[str, ...], ...]:
    return parse(state, text).steps


# --- One-line moves ----------------------------------------------------------------------------------


def test_place_in_one_line_and_its_key_reads_the_same() -> None:
    s = store(base(), 0, "ship")
    action = parse(s, "die 2 place ship on 18")
    assert action.steps == (("die", "2", "place", "ship"), ("on", "18"))
    assert action.key == "die 2 place ship on 18"
    assert steps(s, "Die 2 Place Ship 18") == action.steps
    assert steps(s, "die 2 place 1 on 18") == action.steps  # storage slot 1
    after, _ = E.apply(s, 0, action)
    assert D.TILE_TOKEN[after.players[0].estate[18]] == "ship"


def test_take_in_one_line_with_or_without_the_depot() -> None:
    s = stock(stock(base(), 2, "ship", "k3"), 4, "ship")
    assert steps(s, "die 2 take ship from depot 2") == (("die", "2", "take"), ("ship", "2"))
    assert parse(s, "die 2 take ship 2").key == "die 2 take ship 2"
    assert steps(s, "die 2 take k3") == (("die", "2", "take"), ("k3", "2"))  # only depot 2 offers it
    assert steps(s, "die 2 take knowledge 3") == (("die", "2", "take"), ("k3", "2"))
    assert steps(s, "die 2 take ship") == (("die", "2", "take"), ("ship", "2"))  # depot 4 is out of reach


def test_a_tile_on_several_reachable_depots_is_ambiguous() -> None:
    s = stock(stock(base(workers=2), 2, "ship"), 3, "ship")
    with pytest.raises(AmbiguousAction) as err:
        parse(s, "die 2 take ship")
    assert {"ship 2", "ship 3"} <= {a.key for a in err.value.candidates}


def test_discard_buy_sell_workers_and_names() -> None:
    s = store(stock(stock(base(workers=1, silver=2), 3, "ship"), 7, "bank", "cityhall"), 0, "mine", "cow2", "pig3")
    assert steps(s, "die 2 take ship 3 discard mine") == (("die", "2", "take"), ("ship", "3"), ("discard", "mine"))
    assert steps(s, "buy city hall from the black depot discard 2 cows") == (
        ("buy",), ("cityhall", "black"), ("discard", "cow2"))
    assert steps(s, "buy bank") == (("buy",), ("bank", "black"))
    k6 = put(stock(s, 3, "ship", "mine"), 0, 13, "k6")
    assert steps(k6, "buy mine from depot 3") == (("buy",), ("depot", "3"), ("mine", "3"))
    assert parse(k6, "buy mine from depot 3").key == "buy depot 3 mine 3"
    assert steps(k6, "buy depot 3 mine 3") == (("buy",), ("depot", "3"), ("mine", "3"))
    s = set_goods(s, 0, g5=2)
    assert steps(s, "die 5 sell 5") == (("die", "5", "sell", "5"),)
    assert steps(s, "die 5 sell") == (("die", "5", "sell", "5"),)
    assert steps(s, "die 2 take 2 workers") == (("die", "2", "workers"),)
    assert steps(s, "die 2 workers") == (("die", "2", "workers"),)


def test_animals_knowledge_and_buildings_by_name() -> None:
    s = store(put(put(base(dice=(1, 3)), 0, 12, "bank"), 0, 11, "cow3"), 0, "cow4", "cityhall")
    assert steps(s, "die 1 place 4 cows on 6") == (("die", "1", "place", "cow4"), ("on", "6"))
    assert steps(s, "die 1 place cow4 6") == (("die", "1", "place", "cow4"), ("on", "6"))
    s2 = store(base(dice=(3, 3)), 0, "cityhall")
    assert steps(s2, "die 3 place city hall on 12") == (("die", "3", "place", "cityhall"), ("on", "12"))


def test_follow_ups_goods_castle_action_and_city_hall() -> None:
    s = store(put(base(dice=(6, 2)), 0, 13, "k1"), 0, "castle", "ship")
    s = stock(s, 4, "bank")
    action = parse(s, "die 6 place castle on 7 take bank 4")
    assert action.steps == (("die", "6", "place", "castle"), ("on", "7"), ("take",), ("bank", "4"))
    after, _ = E.apply(s, 0, action)
    assert [D.TILE_TOKEN[t] for t in after.players[0].storage] == ["ship", "bank"]
    assert parse(s, "die 6 place castle on 7 workers").steps[-1] == ("workers",)


# --- Errors --------------------------------------------------------------------------------------------


def test_errors_quote_the_input_and_say_what_is_expected() -> None:
    s = store(base(), 0, "ship")
    with pytest.raises(NotationError, match="fly away"):
        parse(s, "fly away")
    with pytest.raises(IllegalAction, match=r"no die showing 6 \(your dice: 2, 5\)"):
        parse(s, "die 6 workers")
    with pytest.raises(IllegalAction, match="you have no mine in storage"):
        parse(s, "die 2 place mine on 25")
    with pytest.raises(NotationError, match="`dragon` in `die 2 place dragon` is not a stored tile; your storage"):
        parse(s, "die 2 place dragon")
    with pytest.raises(IllegalAction, match="is beige"):
        parse(s, "die 2 place ship on 23")
    with pytest.raises(NotationError, match="say what the 2 does"):
        parse(s, "die 2")
    with pytest.raises(IllegalAction, match="your turn ended"):
        parse(s, "die 2 workers die 5 workers die 2 workers")
    with pytest.raises(NotYourTurn):
        E.parse_action(s, 1, "die 2 workers")


def test_illegal_apply_names_the_reason_and_changes_nothing() -> None:
    s = base()
    with pytest.raises(IllegalAction, match="buying a tile costs 2 silverlings"):
        E.apply(s, 0, Action.of("buy"))
    with pytest.raises(IllegalAction, match="a die can"):
        E.apply(s, 0, Action.of("die", "2", "fly"))


# --- Labels -----------------------------------------------------------------------------------------------


def test_labels_are_friendly_and_show_worker_costs() -> None:
    s = stock(store(base(workers=2), 0, "ship"), 3, "mine")
    labels = {a.key: E.format_action(s, 0, a) for a in E.legal_actions(s, 0)}
    assert labels["die 2 take"] == "Use the 2 to take a tile from a depot"
    assert labels["die 2 place ship"] == "Use the 2 to place the ship from storage"
    assert labels["die 5 workers"] == "Use the 5 to take 2 workers"
    after, _ = E.apply(s, 0, parse(s, "die 2 take"))
    assert E.format_action(after, 0, Action.of("mine", "3")) == "Take the mine from depot 3 (1 worker)"
    assert E.format_action(s, 0, parse(s, "die 2 place ship on 18")) == (
        "Use the 2 to place the ship from storage, then Place it on space 18 (die 2, blue region of 3 spaces)")


def test_every_legal_action_round_trips_by_key_and_label() -> None:
    s = stock(store(base(workers=3, silver=2), 0, "ship", "bank"), 7, "mine", "k7")
    for state in (s, E.apply(s, 0, parse(s, "die 2 take"))[0], E.apply(s, 0, parse(s, "buy"))[0]):
        for action in E.legal_actions(state, 0):
            assert E.parse_action(state, 0, action.key) == action
            assert E.parse_action(state, 0, E.format_action(state, 0, action)) == action


# --- Views, events, determinize -----------------------------------------------------------------------------


def test_views_show_the_table_but_not_the_stacks_or_later_goods() -> None:
    s = E.new_game(3, 8)
    view = E.view(s, None)
    text = json.dumps(view)
    assert view["phase"] == "A" and view["round"] == 1 and view["to_act"] == s.order[0]
    assert view["stack_sizes"][D.BLACK] == 40 - 6 and view["goods_stacks_left"] == [0, 5, 5, 5, 5]
    assert view["round_goods"] == list(s.round_goods)
    assert "stacks" not in view and "goods_box" not in view and str(s.rng) not in text
    assert view["players_info"][0]["estate"] == {"19": "castle"}
    assert view["depot_spaces"]["6"] == ["building", "animal", "castle"] and view["black_depot_spaces"] == 6
    seat_view = E.view(s, s.order[0])
    assert seat_view["seat"] == s.order[0] and "decision" not in seat_view
    acting, _ = E.apply(s, s.order[0], Action.of("die", str(s.players[s.order[0]].dice[0]), "take"))
    assert E.view(acting, s.order[0])["decision"]["prompt"] == "choose which tile to take"
    assert "decision" not in E.view(acting, (s.order[0] + 1) % 3)


def test_determinize_reshuffles_only_what_nobody_sees() -> None:
    s = E.new_game(4, 3)
    other = E.determinize(s, 1, 99)
    assert other.stacks != s.stacks and other.goods_stacks != s.goods_stacks
    assert all(sorted(a) == sorted(b) for a, b in zip(other.stacks, s.stacks, strict=True))
    assert other.depots == s.depots and other.players == s.players and other.rng != s.rng
    for seat in (None, 0, 1, 2, 3):
        assert E.view(other, seat) == E.view(s, seat)
    conservation(other)


def test_event_texts_use_seat_tokens() -> None:
    s = stock(base(), 2, "ship")
    _, events = E.apply(s, 0, parse(s, "die 2 take ship 2"))
    assert E.describe(events[0], None) == "{seat:0} takes the ship from depot 2."
    game = E.new_game(2, 4)
    start = replace(game, round=4, round_goods=(), order=game.order, turn=len(game.order) - 1)
    seat = start.order[-1]
    start = setp(start, seat, dice=(3,))
    _, events = E.apply(start, seat, Action.of("die", "3", "workers"))
    texts = [E.describe(e, seat) for e in events]
    assert any(t.startswith("Phase B begins") for t in texts)
    assert any("Phase B, round 1: the white die shows" in t and "{seat:0}" in t for t in texts)


def test_rules_summary_and_help() -> None:
    assert "die 5 place bank on 24" in E.rules_summary and "die 2 take ship 2" in E.notation_help
    assert E.name == "castles-of-burgundy" and (E.min_seats, E.max_seats) == (2, 4)


# --- The away-player move --------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4])
def test_default_actions_alone_finish_a_game(seats: int) -> None:
    s = E.new_game(seats, 21)
    moves = 0
    while E.to_act(s):
        seat = E.to_act(s)[0]
        s, _ = E.apply(s, seat, E.default_action(s, seat))
        moves += 1
    assert s.over and moves == 25 * seats * 2
    assert all(sum(1 for t in p.estate if t >= 0) == 1 for p in s.players)  # only workers were taken
    conservation(s)


def test_default_action_backs_out_of_half_made_choices_and_skips_effects() -> None:
    s = base()
    half, _ = E.apply(s, 0, parse(s, "die 2 take"))
    assert E.default_action(half, 0) == Action.of("cancel")
    effect = replace(s, pending=(Decision("warehouse", "warehouse"),))
    assert E.default_action(effect, 0) == Action.of("skip")
    castle = replace(s, pending=(Decision("action", "castle"),))
    assert E.default_action(castle, 0) == Action.of("workers")
    assert R.step_problem(castle, 0, ("cancel",)) is not None


def test_taking_a_castle_tile_is_labelled_as_a_tile_not_as_the_start_castle() -> None:
    from engines import rng

    engine = engines.get("castles-of-burgundy")
    state, r, seen = engine.new_game(2, 3), rng.seed_state(1), 0
    for _ in range(400):
        if not engine.to_act(state):
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        for action in legal:
            if action.steps[-1][0] == "castle" and state.pending and state.pending[-1].kind != "castle":
                label = engine.format_action(state, seat, action)
                assert "Start castle" not in label and "castle" in label.lower(), label
                seen += 1
        r, i = rng.randbelow(r, len(legal))
        state, _ = engine.apply(state, seat, legal[i])
    assert seen > 0


def test_a_space_is_named_by_its_number_with_what_it_is_and_every_such_label_fits_a_button() -> None:
    """Images key each space by its number; a choice adds its die and region, and stays within a button's 80
    characters on every estate, with the most workers a die can need, in every language."""
    from engines.castles_of_burgundy import notation as N
    from engines.castles_of_burgundy import words as W
    from engines.i18n import LANGUAGES, speaking

    s = setp(store(position(2, dice=(2, 5)), 0, "ship"), 0, workers=0)
    after, _ = E.apply(s, 0, parse(s, "die 2 place ship"))
    assert [E.format_action(after, 0, a) for a in E.legal_actions(after, 0)] == [
        "Place it on space 18 (die 2, blue region of 3 spaces)", "Cancel"]
    for language in LANGUAGES:
        with speaking(language):
            for estate in D.ESTATES:
                player = replace(s.players[0], estate_no=estate)
                for space in D.SPACE_IDS:
                    label = W._("Place it on space {space} ({what})", space=space,
                                what=N.space_words(player, space)) + W.workers_note(3)
                    assert len(label) <= 80 and str(space) in label, (language, label)
