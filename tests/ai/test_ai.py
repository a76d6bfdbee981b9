"""The computer players: legal choices at every level, blind to what the seat cannot see, deterministic,
and whole games of bots that end."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

import ai
import engines
from ai.games import policy_for
from engines import rng
from engines.core import Action, AnyEngine, NotYourTurn

GAMES = engines.names()


def positions(engine: AnyEngine, seats: int, seed: int) -> Iterator[tuple[Any, int]]:
    """Every position with a choice (and the seat to act) of a seeded random game, up to its end."""
    state = engine.new_game(seats, seed)
    r = rng.seed_state(seed)
    while acting := engine.to_act(state):
        seat = acting[0]
        legal = engine.legal_actions(state, seat)
        if len(legal) > 1:
            yield state, seat
        r, pick = rng.randbelow(r, len(legal))
        state, _ = engine.apply(state, seat, legal[pick])


def sampled(name: str, count: int, seats: int = 2) -> list[tuple[Any, int]]:
    """``count`` positions spread evenly over a seeded game, from the first choice to near the end."""
    found = list(positions(engines.get(name), seats, 11))
    return [found[i * len(found) // count] for i in range(count)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("level", "count"), [("easy", 12), ("normal", 4), ("hard", 2)])
def test_every_level_returns_an_action_the_engine_accepts(name: str, level: str, count: int) -> None:
    engine = engines.get(name)
    found = sampled(name, count, seats=engine.max_seats)
    assert len(found) == count
    for i, (state, seat) in enumerate(found):
        action = ai.choose(engine, state, seat, level=level, seed=i)
        engine.apply(state, seat, action)  # raises if the engine refuses it


@pytest.mark.parametrize("name", GAMES)
def test_the_same_view_and_seed_give_the_same_choice(name: str) -> None:
    """Two states that look alike to the seat — the second with every hidden card reshuffled and
    another RNG — get the same choice: the players cannot see what the seat cannot."""
    engine = engines.get(name)
    for i, (state, seat) in enumerate(sampled(name, 6, seats=engine.max_seats)):
        lookalike = engine.determinize(state, seat, 1_000 + i)
        assert engine.view(lookalike, seat) == engine.view(state, seat)
        for level in ("easy", "normal"):
            # The whole weighing, not only the move it picks: every estimate must match.
            assert ai.analyse(engine, state, seat, level=level, seed=i).choices == ai.analyse(
                engine, lookalike, seat, level=level, seed=i).choices, (level, i)


def test_the_invariance_test_catches_a_player_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """With determinize made to keep the truth (a peeking player), some look-alike positions of a game
    with hidden hands get different choices — so the test above can fail."""
    engine = engines.get("buerger-baumeister")
    pairs = [(s, seat, engine.determinize(s, seat, 1_000 + i)) for i, (s, seat) in
             enumerate(sampled("buerger-baumeister", 12, seats=4))]
    monkeypatch.setattr(type(engine), "determinize", lambda self, state, seat, seed: state)
    differ = [ai.analyse(engine, s, seat, level="normal", seed=i).choices
              != ai.analyse(engine, other, seat, level="normal", seed=i).choices
              for i, (s, seat, other) in enumerate(pairs)]
    assert any(differ)


@pytest.mark.parametrize("name", GAMES)
def test_choices_are_deterministic_for_a_seed(name: str) -> None:
    engine = engines.get(name)
    state, seat = sampled(name, 1)[0]
    first = ai.analyse(engine, state, seat, level="normal", seed=3)
    again = ai.analyse(engine, state, seat, level="normal", seed=3)
    assert first.choices == again.choices
    assert first.iterations == ai.LEVELS["normal"].iterations or first.iterations == again.iterations


def _all_bots(name: str, seats: int, level: str, seed: int) -> tuple[Any, int]:
    engine = engines.get(name)
    state = engine.new_game(seats, seed)
    decisions = 0
    while acting := engine.to_act(state):
        seat = acting[0]
        state, _ = engine.apply(state, seat, ai.choose(engine, state, seat, level=level, seed=decisions))
        decisions += 1
        assert decisions < 5_000, "the bots never finish"
    return state, decisions


@pytest.mark.parametrize(("name", "seats"), [(n, s) for n in GAMES for s in range(engines.get(n).min_seats,
                                                                                       engines.get(n).max_seats + 1)])
def test_a_table_of_bots_plays_a_whole_game(name: str, seats: int) -> None:
    engine = engines.get(name)
    state, _ = _all_bots(name, seats, "easy", seats)
    outcome = engine.outcome(state)
    assert outcome is not None and len(outcome.ranks) == seats


def test_a_normal_bot_plays_a_whole_game() -> None:
    engine = engines.get("buerger-baumeister")
    state, decisions = _all_bots("buerger-baumeister", 2, "normal", 5)
    assert engine.outcome(state) is not None and decisions > 20


@pytest.mark.parametrize("name", ["castles-of-burgundy", "buerger-baumeister"])
def test_analysis_ranks_the_choices_with_their_chances(name: str) -> None:
    """A searched decision ranks by visits (they add up to the iterations); a planned one (The Castles of
    Burgundy's normal plans its turn) by the chance of its best end of turn."""
    engine = engines.get(name)
    state, seat = sampled(name, 1)[0]
    analysis = ai.analyse(engine, state, seat, level="normal", seed=1)
    legal = engine.legal_actions(state, seat)
    assert analysis.best == ai.choose(engine, state, seat, level="normal", seed=1)
    assert len(analysis.choices) > 1 and all(c.action in legal for c in analysis.choices)
    assert all(0.0 <= c.win_chance <= 1.0 for c in analysis.choices)
    assert analysis.iterations > 0
    if policy_for(engine).level(ai.level("normal")).plan_width:
        chances = [c.win_chance for c in analysis.choices]
        assert chances == sorted(chances, reverse=True) and all(c.visits == 0 for c in analysis.choices)
    else:
        visits = [c.visits for c in analysis.choices]
        assert visits == sorted(visits, reverse=True) and sum(visits) == analysis.iterations


def test_a_single_choice_costs_no_search() -> None:
    engine = engines.get("burgen-land")
    state = engine.new_game(2, 1)
    seat = engine.to_act(state)[0]
    assert len(engine.legal_actions(state, seat)) == 1
    analysis = ai.analyse(engine, state, seat, level="hard", seed=1)
    assert analysis.iterations == 0 and analysis.best == engine.legal_actions(state, seat)[0]


def test_wrong_seat_and_unknown_level_are_refused_clearly() -> None:
    engine = engines.get("burgen-land")
    state = engine.new_game(2, 1)
    idle = 1 - engine.to_act(state)[0]
    with pytest.raises(NotYourTurn):
        ai.choose(engine, state, idle)
    with pytest.raises(ai.UnknownLevel, match="`genius` is not a level: choose easy, normal, hard"):
        ai.choose(engine, state, engine.to_act(state)[0], level="genius")


def test_a_finished_game_still_prefers_the_larger_margin() -> None:
    """The last turn of a game: every ending wins (or loses), so the result alone cannot choose — the margin
    orders endings of one result (before, a won last turn was played at random), and never outweighs it."""
    from ai.policy import MARGIN

    engine = engines.get("castles-of-burgundy")
    policy = policy_for(engine)
    state = engine.new_game(2, 5)
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        state = engine.apply_trusted(state, seat, engine.legal_actions(state, seat)[0])[0]
    winner = engine.outcome(state).winners[0]
    players = list(state.players)
    richer = dataclasses.replace(state, players=tuple(
        dataclasses.replace(p, vp=p.vp + 10) if seat == winner else p for seat, p in enumerate(players)))
    won, won_more = policy.utilities(engine, state)[winner], policy.utilities(engine, richer)[winner]
    assert 1.0 - MARGIN <= won < won_more <= 1.0
    loser = 1 - winner
    assert policy.utilities(engine, richer)[loser] < policy.utilities(engine, state)[loser] <= MARGIN


def _choices(*entries: tuple[str, float, int]) -> tuple[ai.Choice, ...]:
    return tuple(ai.Choice(Action.of(*key.split()), chance, visits) for key, chance, visits in entries)


def _keys(choices: tuple[ai.Choice, ...]) -> list[str]:
    return [c.action.key for c in choices]


def test_the_far_search_decides_and_the_near_one_breaks_its_near_ties() -> None:
    """hard in Burgenland: a search with rollouts five steps long ranks; of its choices within the margin of its
    best, the one-step search's favourite is played (build now rather than take and build later); a choice
    outside the margin, or tried too rarely to say, is never picked by the near search."""
    far = _choices(("take", 0.74, 540), ("build wall 9W", 0.70, 290), ("build wall 9N", 0.60, 180))
    builds_first = _choices(("build wall 9W", 0.72, 460), ("take", 0.71, 380), ("build wall 9N", 0.66, 170))
    north_first = _choices(("build wall 9N", 0.72, 460), ("take", 0.71, 380), ("build wall 9W", 0.66, 170))
    assert _keys(ai._far_decides(far, builds_first, 0.05)) == ["build wall 9W", "take", "build wall 9N"]
    assert _keys(ai._far_decides(far, builds_first, 0.03)) == _keys(far)  # 9W is 0.04 below: the far search decides
    assert _keys(ai._far_decides(far, north_first, 0.05)) == _keys(far)  # 9N is far below: take, the near's next
    rare = _choices(("take", 0.74, 540), ("build wall 9E", 0.76, 26))  # 26 of 540 visits: too few to say
    assert _keys(ai._far_decides(rare, _choices(("build wall 9E", 0.8, 500), ("take", 0.7, 40)), 0.05)) == _keys(rare)
    assert _keys(ai._far_decides(rare[:1] + _choices(("build wall 9E", 0.76, 27)),
                                _choices(("build wall 9E", 0.8, 500)), 0.05))[0] == "build wall 9E"


def test_hard_in_burgenland_searches_twice_near_and_far() -> None:
    """Both searches run (their iterations add up), the far one's rollouts longer, over the same samples."""
    engine = engines.get("burgenland")
    hard = policy_for(engine).level(ai.level("hard"))
    assert hard.far_rollout_steps > policy_for(engine).rollout_steps and hard.far_margin > 0
    state, seat = next((s, seat) for s, seat in sampled("burgenland", 8)
                       if len(policy_for(engine).candidates(engine, s, seat, engine.legal_actions(s, seat))) > 1)
    analysis = ai.analyse(engine, state, seat, level="hard", seed=3)
    far = hard.far_iterations or hard.iterations
    assert analysis.iterations == hard.iterations + far
    assert sum(c.visits for c in analysis.choices) == far  # the choices are the far search's
    assert analysis.best == ai.choose(engine, state, seat, level="hard", seed=3)
