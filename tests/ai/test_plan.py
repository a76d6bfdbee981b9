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


def test_a_budget_stops_the_look_ahead_after_the_best_turn_but_never_before_it() -> None:
    """hard's counted cap: with a budget the plan alone spends, only the plan's best first step is weighed
    again (and still comes first); without one every close first step is; the same budget and seed give
    the same choice (counted, not timed)."""
    checked = 0
    for state, seat in turn_starts(9, 6):
        free = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3)
        plain = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4)
        close = close_to_best(plain.values, plain.ranked, 4)
        if len(close) < 2:
            continue
        checked += 1
        capped = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3,
                      budget=1)
        # Capped: the best plan is weighed again (its value changes from the plan's) and leads; the other
        # close ones keep the plan's values.
        assert capped.ranked[0] == plain.ranked[0]
        assert capped.values[plain.ranked[0]] == free.values[plain.ranked[0]]
        assert all(capped.values[k] == plain.values[k] for k in close[1:])
        assert capped.evaluations < free.evaluations
        again = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3,
                     budget=1)
        assert again.ranked == capped.ranked
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
        apart = [k for k in plain.ranked[1:4] if best - 0.01 <= plain.values[k] and k not in
                 close_to_best(plain.values, plain.ranked, 4)]
        if not apart:
            continue
        checked += 1
        weighed = plan(ENGINE, POLICY, [state], seat, width=1, root_width=4, ahead=4, ahead_samples=1, seed=3)
        assert all(weighed.values[k] == plain.values[k] for k in apart)
        assert weighed.values[plain.ranked[0]] != plain.values[plain.ranked[0]]  # the best one is weighed again
    assert checked
