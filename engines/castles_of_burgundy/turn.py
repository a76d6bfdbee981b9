"""The accumulator every rule writes through (the shared one, see :mod:`engines.steps`), with two helpers."""

from __future__ import annotations

from engines import steps
from engines.castles_of_burgundy.state import Player, State


class Turn(steps.Turn[State]):
    """One action's effects so far: the shared accumulator, with the player helpers every rule uses."""

    __slots__ = ()

    def player(self, seat: int) -> Player:
        player: Player = self.get("players")[seat]
        return player

    def gain(self, seat: int, *, silver: int = 0, workers: int = 0, vp: int = 0) -> None:
        p = self.player(seat)
        self.set_player(seat, silver=p.silver + silver, workers=p.workers + workers, vp=p.vp + vp)
