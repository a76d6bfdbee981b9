"""What the search needs to know of one game: how a position is worth, and which choices to consider.

Each game's policy lives in :mod:`ai.games` (``ai/games/<engine package>.py`` defines ``POLICY``); a
game without one is played with :data:`GENERIC`, which counts the points already scored.

The evaluation is only ever called on *determinizations* made from the searching seat's view (see
:func:`ai.choose`): every hidden card in it is a sample, never the truth, so reading the whole state
reads only what that seat knows plus guesses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.levels import Level
from engines.core import Action, AnyEngine

#: Each seat's worth of a position, in the game's points (higher is better).
Values = Callable[[AnyEngine, Any], Sequence[float]]
#: The choices worth searching among the legal ones (never empty when ``legal`` is not).
Candidates = Callable[[AnyEngine, Any, int, tuple[Action, ...]], tuple[Action, ...]]
#: A cheap choice among the candidates for the steps played past a new leaf of the search tree.
Rollout = Callable[[AnyEngine, Any, int, tuple[Action, ...], random.Random], Action]
#: A finished game's figures of the game's own for ``bench/ai.py`` (e.g. how the dice were spent), from the
#: final state and every (seat, action) played; each seat's figures are averaged over the game's seats.
Figures = Callable[[AnyEngine, Any, Sequence[tuple[int, Action]]], dict[str, float]]


def standing_points(engine: AnyEngine, state: Any) -> Sequence[float]:
    """The points each seat has scored so far (every engine keeps a running standing)."""
    return engine.standing(state).scores


def without_going_back(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Every legal choice but ``cancel``/``undo``: stepping back only returns to a position the search
    has already weighed, and would let it wander in circles."""
    forward = tuple(a for a in legal if a.steps[0][0] not in ("cancel", "undo"))
    return forward or legal


#: The weight of the margin in a finished game's utilities: it only orders endings of the same result.
MARGIN = 1e-3


@dataclass(frozen=True, slots=True)
class GamePolicy:
    values: Values = standing_points
    #: The lead in points that makes a win likely: utilities are logistic in (my value - best other) / scale.
    scale: float = 10.0
    candidates: Candidates = without_going_back
    #: Steps played past a new leaf of the tree before the evaluation scores it (steps inside a decision,
    #: which say nothing, do not count: the decision is finished first).
    rollout_steps: int = 2
    #: How those steps are chosen (``None``: uniformly at random among the candidates).
    rollout: Rollout | None = None
    figures: Figures | None = None
    #: What a good human player reaches in a 2-player game (0: not known): the yardstick ``bench/ai.py``
    #: prints beside the computer's self-play.  Each game's module says whence.
    good_player: float = 0.0
    #: Which figure ``good_player`` is: ``""`` the final score per player (the self-play means), else
    #: one of :attr:`figures`' keys (a race's turns to the goal, where points say little of the play).
    good_player_figure: str = ""
    #: Per-level budgets for this game (its steps may be cheaper or dearer than the default's).
    levels: dict[str, Level] = field(default_factory=dict)

    def level(self, base: Level) -> Level:
        return self.levels.get(base.name, base)

    def utilities(self, engine: AnyEngine, state: Any) -> tuple[float, ...]:
        """Each seat's chance of winning as this policy guesses it: logistic in the seat's lead over the best
        other seat; once the game is over 1/0 (shared when tied), the lead only breaking ties (:data:`MARGIN`)."""
        values = self.values(engine, state)
        chances = []
        for seat, mine in enumerate(values):
            best_other = max(v for other, v in enumerate(values) if other != seat)
            lead = (mine - best_other) / self.scale
            chances.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
        outcome = engine.outcome(state)
        if outcome is None:
            return tuple(chances)
        # A finished game is won or lost; the margin only breaks ties, so that a last turn whose every
        # ending wins (or loses) still scores what it can, as a player would (it chose at random before).
        winners = outcome.winners
        return tuple((1.0 - MARGIN) * (1.0 / len(winners) if seat in winners else 0.0) + MARGIN * chance
                     for seat, chance in enumerate(chances))


GENERIC = GamePolicy()
