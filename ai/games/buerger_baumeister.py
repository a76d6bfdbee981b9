"""Bürger, Baumeister & Co.: a seat's worth is its points plus what its hand and purse will still score.

Each token in hand is worth part of the best placement it has on the board now (its value, the
same-type values already in a district of its colour, a free +2 space) — it will be placed on a later
turn, when others may have used or taken the spot, so it counts at a discount; as the bag empties the
hand's best single colour (what the final count adds) takes over.  Coins pay for large projects and for
better tokens on offer; a crane is worth something only while a project is still open to it.  A
half-made turn counts what it has decided (placement points, project) so leaves at every step of a
turn compare fairly.
"""

from __future__ import annotations

from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy, without_going_back
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_COLOUR, TOKEN_TYPE, TOKEN_VALUE, State
from engines.core import Action, AnyEngine

HAND_WEIGHT = 0.55    # a token's best placement now, discounted (it is placed later, if the spot is still there)
COIN = 2.0            # a coin: a project (+4 or doubled placement) or a better token on offer
CRANE = 1.0           # a crane while projects are open
MISSING_TOKEN = 3.0   # a half-made turn has not bought its token yet
_TOKENS = D.TOKENS
_PLUS2 = tuple(tuple(b == D.PLUS2 for b in R.SPACE_BONUS[d]) for d in range(len(D.DISTRICTS)))
_TYPES = D.TYPES


def _best_spots(state: State) -> dict[tuple[int, str], int]:
    """Per (colour, type): the most points a token of that colour and type would add on placement,
    without its own value (same-type values in the district, +2 when such a space is free)."""
    out: dict[tuple[int, str], int] = {}
    for district, spaces in enumerate(state.board):
        colour = district // 3
        free = False
        plus2 = False
        same = {t: 0 for t in _TYPES}
        for i, token in enumerate(spaces):
            if token == EMPTY:
                free = True
                if _PLUS2[district][i]:
                    plus2 = True
            else:
                same[TOKEN_TYPE[token]] += TOKEN_VALUE[token]
        if not free:
            continue
        for kind in _TYPES:
            gain = same[kind] + (D.PLUS2_POINTS if plus2 else 0)
            key = (colour, kind)
            if out.get(key, -1) < gain:
                out[key] = gain
    return out


def values(engine: AnyEngine, state: Any) -> list[float]:
    s: State = state
    if s.over:
        return [float(v) for v in R.final_scores(s)]
    spots = _best_spots(s)
    total_tokens = len(s.bag)
    end_weight = max(0.0, 1.0 - total_tokens / 24.0)  # the last ~12 turns: the hand's colour starts to count
    open_projects = sum(1 for c in s.cranes if c == EMPTY)
    out = []
    for seat, player in enumerate(s.players):
        hand = list(player.hand)
        worth = float(player.score)
        coins = player.coins
        pending = s.pending if s.turn == seat else None
        if pending is not None:
            hand.remove(pending.token)
            if pending.discard:
                pass
            elif pending.district != EMPTY:
                placed = R.placement_points(s, pending.token, pending.district, pending.space)
                worth += placed
                coins = R.coins_after_placing(s, seat, pending)
                if pending.project == 1:
                    cost, bonus = R.project_of(pending.district)
                    worth += R.project_points(bonus, placed) - CRANE
                    coins -= cost
            else:
                worth += TOKEN_VALUE[pending.token] + spots.get((TOKEN_COLOUR[pending.token],
                                                                 TOKEN_TYPE[pending.token]), -99)
            worth += MISSING_TOKEN
        placing = 0.0
        for token in hand:
            gain = spots.get((TOKEN_COLOUR[token], TOKEN_TYPE[token]))
            if gain is not None:
                placing += TOKEN_VALUE[token] + gain
        colour_bonus = R.hand_bonus(tuple(hand))[0]
        worth += (1.0 - end_weight) * HAND_WEIGHT * placing + end_weight * colour_bonus
        worth += COIN * coins * (1.0 - 0.5 * end_weight)
        if open_projects:
            worth += CRANE * min(player.cranes, open_projects)
        out.append(worth)
    return out


def candidates(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Forward moves only; among placements of one token in one district the plain space is dropped when a
    +2 space is free (same points plus 2), and a coin space is kept (a coin)."""
    forward = without_going_back(engine, state, seat, legal)
    s: State = state
    if s.pending is None or s.pending.district != EMPTY or s.pending.discard:
        return forward
    with_plus2 = {a.steps[0][0] for a in forward if len(a.steps[0]) == 2 and a.steps[0][1] == D.PLUS2}
    kept = tuple(a for a in forward if not (a.steps[0][1:] == (D.PLAIN,) and a.steps[0][0] in with_plus2))
    return kept or forward


POLICY = GamePolicy(
    values=values,
    scale=8.0,
    candidates=candidates,
    rollout_steps=3,
    levels={
        "normal": Level("normal", iterations=400, samples=12, max_seconds=10.0),
        "hard": Level("hard", iterations=1400, samples=30, max_seconds=30.0),
    },
)
