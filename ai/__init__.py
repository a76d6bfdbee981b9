"""Computer players for every game, through the engine protocol alone (standard library only).

>>> import ai, engines
>>> engine = engines.get("burgen-land")
>>> state = engine.new_game(2, seed=1)
>>> action = ai.choose(engine, state, engine.to_act(state)[0], level="easy", seed=7)

:func:`choose` returns an action ``engine.apply(state, seat, action)`` accepts (one step);
:func:`analyse` also says how the best choices compare, for hints.

**It never looks at what the seat cannot see**: before anything else the state is replaced by
``engine.determinize(state, seat, k)`` samples, and everything after reads those only.  Engines make
``determinize`` a function of ``view(state, seat)`` and the seed, so two states that look the same to
the seat get the same choice for the same seed and level.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from ai.games import policy_for
from ai.levels import DEFAULT, LEVELS, Level, UnknownLevel, level
from ai.plan import plan
from ai.policy import GamePolicy
from ai.search import search
from engines.core import Action, AnyEngine, NotYourTurn

__all__ = ["DEFAULT", "LEVELS", "Analysis", "Choice", "Level", "UnknownLevel", "analyse", "choose", "level"]


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    win_chance: float       # the searching seat's estimated chance of winning after this choice (0–1)
    visits: int             # how often the search tried it (0 for the greedy level)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The choices weighed for one decision, best first (``choices[0].action`` is the one played)."""

    level: str
    choices: tuple[Choice, ...]
    iterations: int
    seconds: float
    samples: int = 0        # the determinizations searched over

    @property
    def best(self) -> Action:
        return self.choices[0].action


def choose(engine: AnyEngine, state: Any, seat: int, *, level: str = DEFAULT, seed: int = 0) -> Action:
    """The action the computer plays for ``seat`` at ``level``; the same view and seed give the same action."""
    return analyse(engine, state, seat, level=level, seed=seed).best


def analyse(engine: AnyEngine, state: Any, seat: int, *, level: str = DEFAULT, seed: int = 0,
            also: Collection[str] = ()) -> Analysis:
    """Weigh ``seat``'s choices now; ``also`` (action keys) are weighed beside the game's candidates even where its
    policy would never consider them (a review weighs the move a player made).  Raises :class:`NotYourTurn` if the
    seat has nothing to decide."""
    started = time.perf_counter()
    base = _level(level)
    if seat not in engine.to_act(state):
        raise NotYourTurn(f"It is not seat {seat + 1}'s turn.")
    policy = policy_for(engine)
    if also:
        policy = _weighing_too(policy, engine.move_count(state), seat, frozenset(also))
    chosen = policy.level(base)
    rnd = random.Random(f"{engine.name}:{base.name}:{seed}")
    samples = [engine.determinize(state, seat, rnd.getrandbits(62)) for _ in range(max(1, chosen.samples))]
    legal = policy.candidates(engine, samples[0], seat, engine.legal_actions(samples[0], seat))
    if len(legal) == 1:  # nothing to think about
        return Analysis(base.name, (Choice(legal[0], 0.5, 0),), 0, time.perf_counter() - started, len(samples))
    if chosen.plan_width > 0:
        planned = plan(engine, policy, samples, seat, chosen.plan_width, chosen.plan_root, chosen.plan_ahead,
                       chosen.plan_ahead_samples, rnd.getrandbits(32), chosen.plan_budget)
        choices = tuple(Choice(planned.actions[k], planned.values[k], 0) for k in planned.ranked)
        iterations = planned.evaluations
    elif chosen.iterations <= 0:
        choices, iterations = _greedy(engine, policy, chosen, samples, seat, legal, rnd), 0
    else:
        choices, iterations = _searched(engine, policy, chosen, state, samples, seat, rnd)
        if chosen.far_rollout_steps:
            far_policy = dataclasses.replace(policy, rollout_steps=chosen.far_rollout_steps)
            far_level = dataclasses.replace(chosen, iterations=chosen.far_iterations or chosen.iterations)
            far, more = _searched(engine, far_policy, far_level, state, samples, seat, rnd)
            choices, iterations = _far_decides(far, choices, chosen.far_margin), iterations + more
    return Analysis(base.name, choices, iterations, time.perf_counter() - started, len(samples))


def _level(name: str) -> Level:
    return level(name)


def _weighing_too(policy: GamePolicy, root: int, seat: int, keys: frozenset[str]) -> GamePolicy:
    """``policy`` with ``keys`` among the seat's candidates at the root only (the position ``root`` moves in, in
    every sample): below it the search and the plan still follow the game's own candidates."""
    narrow = policy.candidates

    def candidates(engine: AnyEngine, state: Any, actor: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        chosen = narrow(engine, state, actor, legal)
        if actor != seat or engine.move_count(state) != root:
            return chosen
        have = {a.key for a in chosen}
        return chosen + tuple(a for a in legal if a.key in keys and a.key not in have)

    return dataclasses.replace(policy, candidates=candidates)


def _searched(engine: AnyEngine, policy: GamePolicy, chosen: Level, state: Any, samples: list[Any], seat: int,
              rnd: random.Random) -> tuple[tuple[Choice, ...], int]:
    """The root's choices after ``chosen.searches`` searches (the first over ``samples``, each other over
    fresh ones), their visits and utilities added up; best first."""
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    actions: dict[str, Action] = {}
    iterations = 0
    for index in range(chosen.searches):
        if index:
            samples = [engine.determinize(state, seat, rnd.getrandbits(62)) for _ in range(len(samples))]
        searched = search(engine, policy, chosen, samples, seat, rnd)
        iterations += searched.iterations
        for key, child in searched.root.children.items():
            if child.action is not None:
                actions[key] = child.action
                visits[key] = visits.get(key, 0) + child.visits
                totals[key] = totals.get(key, 0.0) + child.total
    ranked = sorted(actions, key=lambda k: (-visits[k], -totals[k] / max(1, visits[k]), k))
    return tuple(Choice(actions[k], totals[k] / max(1, visits[k]), visits[k]) for k in ranked), iterations


#: A choice the far search tried less than a twentieth as often as its best is never near the best: too few
#: visits to say.
FAR_VISITS = 20


def _far_decides(far: tuple[Choice, ...], near: tuple[Choice, ...], margin: float) -> tuple[Choice, ...]:
    """``far``'s choices (best first), the one to play first: of those within ``margin`` of ``far``'s best, the one
    ``near`` ranks highest.  A search whose rollouts run further sees the race a few moves on, but there two
    orders of the same moves look alike (Burgenland: build, then take cards, or take, then build); the near
    search sees what a move gains now (a site's bonus the other may take first), so it breaks those ties."""
    best = far[0]
    close = {c.action.key for c in far
             if c.win_chance >= best.win_chance - margin and c.visits * FAR_VISITS >= best.visits}
    pick = next((c.action.key for c in near if c.action.key in close), best.action.key)
    return tuple(sorted(far, key=lambda c: c.action.key != pick))


def _greedy(engine: AnyEngine, policy: GamePolicy, chosen: Level, samples: list[Any], seat: int,
            legal: tuple[Action, ...], rnd: random.Random) -> tuple[Choice, ...]:
    """One move ahead: each choice tried on the samples and scored once the decision it starts is made
    (see :func:`_settled`); now and then a random choice goes first."""
    scored = []
    for order, action in enumerate(legal):
        chance = sum(_settled(engine, policy, s, seat, action, GREEDY_DEPTH) for s in samples)
        scored.append((-chance / len(samples), order, action))
    scored.sort(key=lambda entry: (entry[0], entry[1]))
    choices = [Choice(action, -value, 0) for value, _, action in scored]
    if rnd.random() < chosen.randomness:
        pick = rnd.randrange(len(choices))
        choices.insert(0, choices.pop(pick))
    return tuple(choices)


#: How many steps of one decision the greedy player looks through before it scores the result.
GREEDY_DEPTH = 4


def _settled(engine: AnyEngine, policy: GamePolicy, state: Any, seat: int, action: Action, depth: int) -> float:
    """The seat's utility after ``action`` once the decision it opens is made as well as can be.

    A step that says nothing (no events: choosing a building to pay for, a die before its tile) changes
    nothing the evaluation can see, so scoring it as it stands would rank every such start below any
    choice that gains at once (taking cards, taking workers) — a greedy player that never builds.  So the
    best way to finish the decision is looked for, ``depth`` steps at most."""
    after, events = engine.apply_trusted(state, seat, action)
    if events or depth <= 1 or tuple(engine.to_act(after)) != (seat,):
        return policy.utilities(engine, after)[seat]
    legal = policy.candidates(engine, after, seat, engine.legal_actions(after, seat))
    return max(_settled(engine, policy, after, seat, step, depth - 1) for step in legal)
