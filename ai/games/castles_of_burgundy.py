"""The Castles of Burgundy: a seat's worth is its VP plus what it holds and has built toward VP.

Besides the VP scored it weighs what final scoring or a later action turns into VP: goods (a sale is
2 VP and a silverling; unsold 1 VP), silverlings (1 VP, or a black-depot tile), workers (1 VP per 2,
and dice that fit), knowledge tiles' end-game points so far, tiles in storage that have a free space
of their colour, dice not used yet this round, and regions partly covered — a region's size points
and phase bonus scaled by the square of the share covered, so nearly completed regions count most.
The more rounds left, the more storage, goods and dice are worth (at the very end they are not).
"""

from __future__ import annotations

from typing import Any

from ai.policy import GamePolicy, without_going_back
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import EMPTY, State, knowledge_in
from engines.core import Action, AnyEngine

ROUNDS = len(D.PHASES) * D.ROUNDS_PER_PHASE
GOODS_SOLD = 2.6     # a goods tile that will be sold: 2 VP (2 players) + a silverling, less the die it takes
SILVER = 1.3         # 1 VP at the end, or half a black-depot tile
WORKER = 0.7         # 1 VP per 2 at the end, and a die that fits
STORED_TILE = 4.5    # a tile in storage with a free space of its colour: its region progress and effect to come
DIE = 2.0            # a die not used yet this round: one more action
REGION_SHARE = 1.0   # weight of a partly covered region's completion value
END_KNOWLEDGE = 15  # knowledge 15-26 score at the end
KIND_INDEX = {kind: i for i, kind in enumerate(D.KINDS)}
TILE_KIND_INDEX = tuple(KIND_INDEX[k] for k in D.TILE_KIND)


class _Layout:
    """One estate's regions (spaces, size) and spaces per colour, as plain tuples."""

    __slots__ = ("kind_spaces", "regions")

    def __init__(self, number: int) -> None:
        estate = D.ESTATES[number]
        self.regions = tuple((r, D.REGION_POINTS[len(r)], len(r)) for r in estate.regions[1:])
        self.kind_spaces = tuple(estate.spaces_of_kind[k] for k in D.KINDS)


_LAYOUTS = {n: _Layout(n) for n in D.ESTATES}


def values(engine: AnyEngine, state: Any) -> list[float]:
    s: State = state
    if s.over:
        return [float(p.vp) for p in s.players]
    left = (ROUNDS - (s.phase * D.ROUNDS_PER_PHASE + s.round)) / ROUNDS  # 1 at the start, 0.04 in the last round
    bonus = D.PHASE_BONUS[s.phase]
    goods_worth = 1.0 + (GOODS_SOLD - 1.0) * min(1.0, left * 6)
    silver_worth = 1.0 + (SILVER - 1.0) * min(1.0, left * 6)
    worker_worth = 0.5 + (WORKER - 0.5) * min(1.0, left * 6)
    tile_worth = STORED_TILE * min(1.0, left * 4)
    out = []
    for player in s.players:
        layout = _LAYOUTS[player.estate_no]
        estate = player.estate
        worth = float(player.vp)
        worth += goods_worth * sum(player.goods) + silver_worth * player.silver + worker_worth * player.workers
        worth += DIE * len(player.dice)
        if any(k >= END_KNOWLEDGE for k in knowledge_in(estate)):
            worth += sum(S.knowledge_points(player).values())
        for spaces, points, size in layout.regions:
            covered = 0
            for space in spaces:
                if estate[space] != EMPTY:
                    covered += 1
            if 0 < covered < size:
                share = covered / size
                worth += REGION_SHARE * (points + bonus) * share * share
        if player.storage and tile_worth:
            for tile in player.storage:
                if any(estate[sp] == EMPTY for sp in layout.kind_spaces[TILE_KIND_INDEX[tile]]):
                    worth += tile_worth
        out.append(worth)
    return out


def candidates(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Forward moves only, and a building's effect is used rather than skipped when it can be."""
    forward = without_going_back(engine, state, seat, legal)
    used = tuple(a for a in forward if a.steps[0][0] != "skip")
    return used or forward


POLICY = GamePolicy(
    values=values,
    scale=12.0,
    candidates=candidates,
    rollout_steps=2,
)
