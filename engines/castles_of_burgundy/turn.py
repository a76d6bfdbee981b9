"""The accumulator every rule writes through: the state so far, the events, and whether chance was involved."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.castles_of_burgundy.state import Player, State
from engines.core import Event


class Turn:
    """Collects one action's effects: the new state so far and the events it produced."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.random = False  # a draw or a reveal happened: the move cannot be undone

    def event(self, kind: str, seat: int | None = None, /, **data: Any) -> None:
        self.events.append(Event(kind, seat, data))

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def set_player(self, seat: int, **changes: Any) -> Player:
        player = replace(self.state.players[seat], **changes)
        players = list(self.state.players)
        players[seat] = player
        self.state = replace(self.state, players=tuple(players))
        return player

    def gain(self, seat: int, *, silver: int = 0, workers: int = 0, vp: int = 0) -> None:
        p = self.state.players[seat]
        self.set_player(seat, silver=p.silver + silver, workers=p.workers + workers, vp=p.vp + vp)

    def update(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)
