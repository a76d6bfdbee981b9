"""Information-set Monte Carlo tree search (single-observer: Cowling, Powley & Whitehouse 2012).

One tree for the searching seat, its nodes keyed by the actions taken from the root.  Each iteration
takes the next determinization (a sample of what the seat cannot see), walks down the tree choosing
among the actions legal *in that sample* by UCB1 with availability counts, adds one new node, plays a
few random steps past it, and scores the position with the game's evaluation (each seat's chance of
winning, see :meth:`ai.policy.GamePolicy.utilities`).  Every node keeps the mean utility of the seat
that chose it, so opponents choose what is best for them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy
from engines.core import Action, AnyEngine


class Node:
    __slots__ = ("action", "actor", "avail", "children", "total", "visits")

    def __init__(self, action: Action | None, actor: int) -> None:
        self.action = action
        self.actor = actor                      # the seat that chose ``action``
        self.visits = 0
        self.avail = 0                          # iterations in which ``action`` was legal
        self.total = 0.0                        # the sum of the actor's utilities through this node
        self.children: dict[str, Node] = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Searched:
    root: Node
    iterations: int


def search(engine: AnyEngine, policy: GamePolicy, level: Level, samples: Sequence[Any], seat: int,
           rnd: random.Random) -> Searched:
    root = Node(None, seat)
    deadline = time.monotonic() + level.max_seconds
    done = 0
    for done in range(1, level.iterations + 1):
        _iterate(engine, policy, level, samples[done % len(samples)], root, rnd)
        if done % 32 == 0 and time.monotonic() > deadline:
            break  # the safety net: a slow machine plays what it has found so far
    return Searched(root, done)


def _iterate(engine: AnyEngine, policy: GamePolicy, level: Level, state: Any, root: Node,
             rnd: random.Random) -> None:
    node, path = root, [root]
    events: tuple[object, ...] = ()
    while True:
        acting = engine.to_act(state)
        if not acting:
            break
        actor = acting[0]
        legal = policy.candidates(engine, state, actor, engine.legal_actions(state, actor))
        untried = [a for a in legal if a.key not in node.children]
        for action in legal:
            child = node.children.get(action.key)
            if child is not None:
                child.avail += 1
        if untried:
            action = untried[rnd.randrange(len(untried))]
            child = node.children[action.key] = Node(action, actor)
            child.avail += 1
            state, events = engine.apply_trusted(state, actor, action)
            path.append(child)
            break
        node = max((node.children[a.key] for a in legal), key=lambda c: _ucb(c, level.exploration))
        state, events = engine.apply_trusted(state, actor, node.action)  # type: ignore[arg-type]  # a child has one
        path.append(node)
    state = _rollout(engine, policy, state, rnd, deciding=not events)
    utilities = policy.utilities(engine, state)
    for visited in path[1:]:
        visited.visits += 1
        visited.total += utilities[visited.actor]


def _ucb(node: Node, exploration: float) -> float:
    return node.mean + exploration * math.sqrt(math.log(node.avail) / node.visits)


#: A rollout plays at most this many steps in all, however many of them are inside decisions.
ROLLOUT_CAP = 24


def _rollout(engine: AnyEngine, policy: GamePolicy, state: Any, rnd: random.Random, *, deciding: bool) -> Any:
    """The decision under way finished as well as the evaluation sees (``deciding``: the last step said
    nothing), then ``policy.rollout_steps`` more steps that say something, each decision they start
    finished the same way: the evaluation never scores a half-made choice (a building chosen but not paid
    for, a die before its tile), nor one finished at random."""
    said = 0
    for _ in range(ROLLOUT_CAP):
        acting = engine.to_act(state)
        if not acting or (said >= policy.rollout_steps and not deciding):
            break
        actor = acting[0]
        legal = policy.candidates(engine, state, actor, engine.legal_actions(state, actor))
        if deciding and len(legal) > 1:
            action = max(legal, key=lambda a: policy.utilities(engine, engine.apply_trusted(state, actor, a)[0])[actor])
        elif policy.rollout is not None:
            action = policy.rollout(engine, state, actor, legal, rnd)
        else:
            action = legal[rnd.randrange(len(legal))]
        state, events = engine.apply_trusted(state, actor, action)
        deciding = not events
        if events:
            said += 1
    return state
