"""How hard the computer players think: each level as data.

``easy`` is a one-ply greedy player: it tries each choice on one sample of what it cannot see, scores
the result with the game's evaluation, and plays the best — except that now and then it plays any
choice at all.  ``normal`` and ``hard`` search (information-set Monte Carlo tree search) over several
samples; ``hard`` runs more iterations over more samples.  Budgets are counted in iterations, so a
choice depends on the position and the seed only; ``max_seconds`` is a safety net for slow machines
and never decides anything in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    iterations: int           # search iterations per decision (0: one-ply greedy)
    samples: int              # determinizations: samples of what the seat cannot see
    exploration: float = 0.7  # UCB1's constant (utilities are in [0, 1])
    randomness: float = 0.0   # the chance of a random choice instead of the best (easy)
    max_seconds: float = 20.0 # a safety net only
    #: Independent searches whose root counts are added up (each ``iterations`` over ``samples`` of its
    #: own): a wider look at what cannot be seen where one deeper tree would chase its evaluation's flaws.
    searches: int = 1
    #: Plan the seat's whole turn instead of searching (:mod:`ai.plan`): the ways to finish each decision
    #: followed further (0: search), and at the first decision.
    plan_width: int = 0
    plan_root: int = 0
    #: Planning: the best first steps weighed again by what follows the turn (the others' turns and the
    #: seat's next, over this many draws of the dice and tiles to come).
    plan_ahead: int = 0
    plan_ahead_samples: int = 0
    #: Planning: at most about this many positions scored per decision (0: no cap) — counted, not timed.
    plan_budget: int = 0
    #: Search: a second search, its rollouts this many steps long past each new leaf (0: none), sees the game
    #: further on; of the choices it finds within ``far_margin`` (a chance of winning) of its best, the first
    #: search's favourite is played (:func:`ai._far_decides`).
    far_rollout_steps: int = 0
    far_margin: float = 0.0
    #: The far search's iterations (0: as many as ``iterations``).
    far_iterations: int = 0


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=0, samples=1, randomness=0.3, max_seconds=5.0),
    "normal": Level("normal", iterations=240, samples=12, max_seconds=10.0),
    "hard": Level("hard", iterations=900, samples=30, max_seconds=30.0),
}

#: The level a stand-in for an absent player and a hint use.
DEFAULT = "normal"


class UnknownLevel(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


def level(name: str) -> Level:
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise UnknownLevel(f"`{name}` is not a level: choose {', '.join(LEVELS)}.") from None
