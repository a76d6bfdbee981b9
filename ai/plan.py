"""Planning a whole turn: the best way to finish the seat's turn, decision by decision, on the evaluation.

For games where a turn is several decisions of one player that only together make sense — The Castles of
Burgundy's two dice, each with its tile and space, and the purchase — a tree search that averages its
visits blurs the plan (a good first die is blamed for the poor second dice it tries).  The planner instead
looks at every way to finish the decision under way (each step that says nothing is followed to the step
that does), keeps the ``width`` most promising positions, goes on from each until the turn passes to
someone else, and scores each first step by the best end of turn it leads to (the maximum, not the mean:
the seat chooses all of it).  Over several samples of what the seat cannot see the scores are averaged.
It reads only the samples it is given (see :func:`ai.analyse`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ai.policy import GamePolicy
from engines.core import Action, AnyEngine

#: A decision has at most this many steps that say nothing before one that does.
DECISION_DEPTH = 6
#: A turn has at most this many decisions of the seat.
TURN_DECISIONS = 6


@dataclass(frozen=True, slots=True)
class Planned:
    values: dict[str, float]    # each first step's key: its best end of turn, averaged over the samples
    actions: dict[str, Action]
    evaluations: int            # positions scored, over all samples
    ranked: tuple[str, ...]     # the keys, best first


class _Planner:
    def __init__(self, engine: AnyEngine, policy: GamePolicy, seat: int, width: int, root_width: int) -> None:
        self.engine, self.policy, self.seat = engine, policy, seat
        self.width, self.root_width = width, root_width
        self.evaluations = 0

    def score(self, state: Any) -> float:
        self.evaluations += 1
        return self.policy.utilities(self.engine, state)[self.seat]

    def acting(self, state: Any) -> bool:
        return tuple(self.engine.to_act(state)) == (self.seat,)

    def finishes(self, state: Any, depth: int = DECISION_DEPTH) -> list[tuple[Action, Any]]:
        """Every way to finish the decision under way: (its first step, the position once a step said
        something or the turn passed)."""
        engine, seat = self.engine, self.seat
        out: list[tuple[Action, Any]] = []
        for action in self.policy.candidates(engine, state, seat, engine.legal_actions(state, seat)):
            after, events = engine.apply_trusted(state, seat, action)
            if events or depth <= 1 or not self.acting(after):
                out.append((action, after))
            else:
                out += [(action, end) for _, end in self.finishes(after, depth - 1)]
        return out

    def best_end(self, state: Any, decisions: int, width: int) -> tuple[float, Any]:
        """The best score the seat can reach by the end of its turn from ``state``, and that position: the
        ``width`` most promising ways to finish each decision are followed (a position where the seat must
        still decide is never an end: its dice are still to be used)."""
        if decisions <= 0 or not self.acting(state):
            return self.score(state), state
        scored = sorted(((self.score(end), i, end) for i, (_, end) in enumerate(self.finishes(state))),
                        key=lambda entry: (-entry[0], entry[1]))
        best: tuple[float, Any] | None = None
        for value, _, end in scored[:width]:
            found = self.best_end(end, decisions - 1, width) if self.acting(end) else (value, end)
            if best is None or found[0] > best[0]:
                best = found
        return best if best is not None else (self.score(state), state)

    def first_steps(self, state: Any) -> dict[str, tuple[Action, float, Any]]:
        """Each first step, the best end of turn it leads to and that position: the ``root_width`` most
        promising ways to finish this decision are followed ``width`` wide, the others one way only."""
        scored = sorted(((self.score(end), i, action, end) for i, (action, end) in enumerate(self.finishes(state))),
                        key=lambda entry: (-entry[0], entry[1]))
        out: dict[str, tuple[Action, float, Any]] = {}
        for rank, (value, _, action, end) in enumerate(scored):
            if self.acting(end):
                value, end = self.best_end(end, TURN_DECISIONS - 1, self.width if rank < self.root_width else 1)
            known = out.get(action.key)
            if known is None or value > known[1]:
                out[action.key] = (action, value, end)
        return out


def _turn_played(engine: AnyEngine, policy: GamePolicy, state: Any, seat: int, width: int,
                 root_width: int) -> tuple[Any, int]:
    """``seat``'s whole turn from ``state``, each decision planned as :class:`_Planner` would (for the
    look-ahead: the others' turns and the seat's next), and the positions scored on the way."""
    evaluations = 0
    for _ in range(TURN_DECISIONS * DECISION_DEPTH):
        if tuple(engine.to_act(state)) != (seat,):
            break
        planner = _Planner(engine, policy, seat, width, root_width)
        steps = planner.first_steps(state)
        evaluations += planner.evaluations
        key = max(steps, key=lambda k: (steps[k][1], k))
        state = engine.apply_trusted(state, seat, steps[key][0])[0]
    return state, evaluations


def _ahead(engine: AnyEngine, policy: GamePolicy, end: Any, seat: int, seed: int) -> tuple[float, int]:
    """The seat's score once the others have played their turns and the seat its next one (each planned
    narrowly), from ``end`` with what the seat cannot see — the next dice, the tiles to come — drawn anew;
    and the positions scored on the way."""
    state = engine.determinize(end, seat, seed)
    mine = False
    evaluations = 0
    for _ in range(8 * engine.max_seats):
        acting = engine.to_act(state)
        if not acting or (mine and acting[0] != seat):
            break
        mine = mine or acting[0] == seat
        state, scored = _turn_played(engine, policy, state, acting[0], AHEAD_WIDTH, AHEAD_ROOT)
        evaluations += scored
    return policy.utilities(engine, state)[seat], evaluations + 1


#: How far below the best turn's a turn's lead may be and still be weighed again by the look-ahead, in units of
#: the policy's ``scale`` (the lead whose chance of winning is 0.73): 0.04 is 0.01 of a chance in an even game,
#: half a VP in The Castles of Burgundy.
AHEAD_MARGIN = 0.04


def close_to_best(values: Mapping[str, float], ranked: Sequence[str], ahead: int) -> list[str]:
    """The first steps the look-ahead weighs again: of the ``ahead`` best (``ranked`` by ``values``, chances of
    winning), those about as good as the best.  Where the plan sees a clear difference, the evaluation of the
    turn's end is trusted over a look-ahead played by narrow plans.  The margin is taken in the lead the chances
    stand for (their logit), not in the chances: a chance is logistic in the lead, so 0.01 of it is half a VP
    in a close game but several in a lopsided one, where a few draws of the look-ahead would overrule a clear
    difference in the plan."""
    best = _lead(values[ranked[0]])
    return [k for k in ranked[:ahead] if _lead(values[k]) >= best - AHEAD_MARGIN]


def _lead(chance: float) -> float:
    """The lead, in units of the policy's scale, that a chance of winning stands for (its logit)."""
    chance = min(1.0 - 1e-9, max(1e-9, chance))
    return math.log(chance / (1.0 - chance))


#: The look-ahead plans each turn narrowly: one way on from each decision, four at the first.
AHEAD_WIDTH, AHEAD_ROOT = 1, 4


def plan(engine: AnyEngine, policy: GamePolicy, samples: Sequence[Any], seat: int, width: int,
         root_width: int, ahead: int = 0, ahead_samples: int = 0, seed: int = 0, budget: int = 0) -> Planned:
    """Each first step's best end of turn, averaged over ``samples``; with ``ahead``, those of the ``ahead`` best
    first steps that are about as good as the best (:func:`close_to_best`; two at least) are weighed again by
    what follows their end of turn — the others' turns and the seat's next, over ``ahead_samples`` draws of
    what cannot be seen (dice to come) — and rank above the rest.  ``budget`` (0: none) caps the positions
    scored: the look-ahead draws for every close first step alike, a round at a time, and stops before a
    round that would take it past the budget (the first round is always drawn)."""
    planner = _Planner(engine, policy, seat, width, root_width)
    totals: dict[str, float] = {}
    actions: dict[str, Action] = {}
    ends: dict[str, list[Any]] = {}
    for sample in samples:
        for key, (action, value, end) in planner.first_steps(sample).items():
            actions.setdefault(key, action)
            totals[key] = totals.get(key, 0.0) + value
            ends.setdefault(key, []).append(end)
    # A first step legal in only some samples is scored as the worst outcome where it is missing.
    values = {k: v / len(samples) for k, v in totals.items()}
    ranked = sorted(values, key=lambda k: (-values[k], k))
    evaluations = planner.evaluations
    top = close_to_best(values, ranked, ahead) if ahead and len(values) > 1 else []
    if len(top) > 1:  # a turn alone near the best is played whatever the look-ahead would say of it
        # Each draw plays every other seat's turn: at a larger table fewer draws keep the look-ahead's cost
        # about what it is with two (a 4-player game's hard player waited a minute on some turns).
        seats = len(engine.standing(samples[0]).scores)
        count = max(1, ahead_samples * 2 // seats)
        draws: dict[str, list[float]] = {key: [] for key in top}
        # Draw by draw, each close turn's the same draw (what is to come drawn alike for all: they are compared
        # on the same dice), until another round would pass the budget; counted, not timed, so the same
        # position, level and seed still give the same choice.  Every close turn has as many draws.
        for i in range(count):
            before = evaluations
            for key in top:
                value, scored = _ahead(engine, policy, ends[key][i % len(ends[key])], seat, seed * 7919 + i)
                draws[key].append(value)
                evaluations += scored
            if budget and 2 * evaluations - before > budget:
                break
        for key in top:
            values[key] = sum(draws[key]) / len(draws[key])
        # Weighed again: ahead of the rest, the best of them first.
        ranked = sorted(top, key=lambda k: (-values[k], k)) + [k for k in ranked if k not in top]
    return Planned(values, actions, evaluations, tuple(ranked))
