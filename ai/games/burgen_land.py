"""Burgen Land: points on the track, plus what the castles will still score, plus red dice held.

Castles are never emptied by scoring, so a lead in a colour's castle is paid out again each time the crown
stops on that colour's crown: every castle point counts about ``CASTLE`` points (less as the race nears 30,
when fewer scorings are left).  Red dice are worth a little: they choose where the crown lands.
"""

from __future__ import annotations

from typing import Any

from ai.policy import GamePolicy
from engines.burgen_land import data as D
from engines.burgen_land import rules as R
from engines.burgen_land.state import State
from engines.core import AnyEngine

#: Track points per castle point at the start (scaled down as the leader nears 30).
CASTLE = 0.8
#: ... and at the very end (a lead still matters for the next scoring).
CASTLE_LATE = 0.3
RED_DIE = 0.4


def values(engine: AnyEngine, state: Any) -> tuple[float, ...]:
    s: State = state
    scores = s.scores
    left = max(0, D.WIN_SCORE - max(scores)) / D.WIN_SCORE
    weight = CASTLE_LATE + (CASTLE - CASTLE_LATE) * left
    value = R.castle_value
    out = []
    for seat in (0, 1):
        rows = s.castles[seat]
        built = value(rows[0]) + value(rows[1]) + value(rows[2])
        out.append(scores[seat] + weight * built + RED_DIE * s.red_held[seat])
    return tuple(out)


POLICY = GamePolicy(values=values, scale=6.0, rollout_steps=2)
