"""The turn planner (ai.plan): unbounded, it finds the best end of turn there is; narrowed, it never claims
more than there is; and its first step leads there."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import engines
from ai.games import policy_for
from ai.plan import close_to_best, plan
from engines import rng
from engines.core import AnyEngine

ENGINE = engines.get("castles-of-burgundy")
POLICY = policy_for(ENGINE)


def turn_starts(seed: int, count: int) -> list[tuple[Any, int]]:
    """Positions where a seat starts its turn (both dice to use), from a seeded random game."""
    state = ENGINE.new_game(2, seed)
    r = rng.seed_state(seed)
    found: list[tuple[Any, int]] = []
    last = None
    while (acting := ENGINE.to_act(state)) and len(found) < count * 6:
        seat = acting[0]
        if seat != last and not state.pending:
            found.append((state, seat))
        last = seat
        legal = POLICY.candidates(ENGINE, state, seat, ENGINE.legal_actions(state, seat))
        r, pick = rng.randbelow(r, len(legal))
        state, _ = ENGINE.apply(state, seat, legal[pick])
    return found[::6][:count]


def best_end(engine: AnyEngine, state: Any, seat: int) -> float:
    """Every sequence of the seat's steps to the end of its turn, tried: the best score at its end."""
    if tuple(engine.to_act(state)) != (seat,):
        return POLICY.utilities(engine, state)[seat]
    legal = POLICY.candidates(engine, state, seat, engine.legal_actions(state, seat))
    return max(best_end(engine, engine.apply_trusted(state, seat, a)[0], seat) for a in legal)


@pytest.mark.parametrize("index", range(3))
def test_unbounded_planning_finds_the_best_end_of_turn(index: int) -> None:
    state, seat = turn_starts(7, 3)[index]
    exhaustive = best_end(ENGINE, state, seat)
    planned = plan(ENGINE, POLICY, [state], seat, width=1_000, root_width=1_000)
    assert planned.values[planned.ranked[0]] == pytest.approx(exhaustive)
    # ... and its first step is one from which that end can be reached.
    first = planned.actions[planned.ranked[0]]
    assert best_end(ENGINE, ENGINE.apply_trusted(state, seat, first)[0], seat) == pytest.approx(exhaustive)


def test_narrow_planning_never_claims_more_than_there_is() -> None:
    for state, seat in turn_starts(8, 3):
        exhaustive = best_end(ENGINE, state, seat)
        planned = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4)
        assert max(planned.values.values()) <= exhaustive + 1e-9


def test_a_budget_stops_the_look_ahead_between_rounds_of_draws_alike_for_every_close_turn() -> None:
    """hard's counted cap: the look-ahead draws what follows each close turn a round at a time, the same draw for
    all, and stops before a round that would pass the budget — so with a budget the first round spends, every
    close turn is weighed by one draw (as with one draw and no budget), never some turns by three draws and the
    others not at all; without one, by all three; the same budget and seed give the same choice."""
    checked = 0
    for state, seat in turn_starts(9, 6):
        plain = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4)
        close = close_to_best(plain.values, plain.ranked, 4)
        if len(close) < 2:
            continue
        checked += 1
        free = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=3, seed=3)
        one_draw = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3)
        capped = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=3, seed=3,
                      budget=plain.evaluations + 1)
        assert all(capped.values[k] == one_draw.values[k] != plain.values[k] for k in close)
        assert capped.ranked == one_draw.ranked and set(capped.ranked[:len(close)]) == set(close)
        assert one_draw.evaluations == capped.evaluations < free.evaluations
        # A budget that one round more fits draws that round too.
        rounds = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=3, seed=3,
                      budget=free.evaluations)
        assert rounds.values == free.values
        again = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=3, seed=3,
                     budget=plain.evaluations + 1)
        assert again.ranked == capped.ranked
    assert checked


def test_a_turn_alone_close_to_the_best_is_played_without_a_look_ahead() -> None:
    """The look-ahead only chooses among close turns: where one turn is clearly best it is not played at all
    (the slowest decisions of hard spent it on a single turn, which it could not change)."""
    checked = 0
    for state, seat in turn_starts(10, 8):
        plain = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4)
        if len(plain.values) < 2 or len(close_to_best(plain.values, plain.ranked, 4)) != 1:
            continue
        checked += 1
        weighed = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=3, seed=3)
        assert (weighed.values, weighed.ranked, weighed.evaluations) == (plain.values, plain.ranked, plain.evaluations)
    assert checked


def test_far_ahead_the_look_ahead_still_weighs_again_only_turns_close_in_points() -> None:
    """A chance of winning bunches up near 1 in a lopsided game: turns 0.01 of a chance apart there differ by
    several VP.  The look-ahead weighs again only turns whose leads (the chances' logits) are close; a turn
    clearly worse keeps the plan's value, however close its chance looks."""
    checked = 0
    for state, seat in turn_starts(9, 6):
        players = list(state.players)
        players[seat] = replace(players[seat], vp=players[seat].vp + 40)  # far ahead: 40 VP is 3.3 scales
        state = replace(state, players=tuple(players))
        plain = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4)
        best = plain.values[plain.ranked[0]]
        close = close_to_best(plain.values, plain.ranked, 4)
        apart = [k for k in plain.ranked[1:4] if best - 0.01 <= plain.values[k] and k not in close]
        if not apart:
            continue
        checked += 1
        weighed = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3)
        assert all(weighed.values[k] == plain.values[k] for k in apart)
        if len(close) > 1:  # the close ones are weighed again
            assert all(weighed.values[k] != plain.values[k] for k in close)
    assert checked
