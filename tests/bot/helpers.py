"""Shared test helpers: players, a channel, and a quick way to a running Sprint game."""

from __future__ import annotations

from bot.messages import Reply, User
from bot.service import TableService
from bot.store import HOUR

ANN, BO, CY, DEE = User(101, "Ann"), User(102, "Bo"), User(103, "Cy"), User(104, "Dee")
GUILD, CHANNEL = 1, 10


def ok(reply: Reply) -> Reply:
    """The reply, after checking it was not refused (the message says why if it was)."""
    assert reply.problem is None, reply.text
    return reply


async def started(service: TableService, players: int = 2, *, channel: int = CHANNEL, seed: int = 7,
                  target: int = 15) -> int:
    """A running Sprint game in ``channel`` with Ann, Bo, ... seated; returns its id."""
    users = [ANN, BO, CY, DEE][:players]
    created = ok(await service.create("sprint", GUILD, channel, users[0], seats=players, seed=seed,
                                      options={"target": target}))
    for user in users[1:]:
        ok(await service.join(channel, user))
    assert created.game_id is not None
    return created.game_id


USERS = {user.id: user for user in (ANN, BO, CY, DEE)}


async def player_to_act(service: TableService, channel: int = CHANNEL) -> User:
    snap = await service.snapshot(channel)
    return USERS[snap.user_ids[snap.to_act[0]]]


async def play(service: TableService, text: str, channel: int = CHANNEL) -> Reply:
    """``text`` played by whoever is to act in ``channel``."""
    return await service.act(channel, await player_to_act(service, channel), text)


T0 = 1_700_000_000.0  # a Tuesday; any fixed epoch works


class FakeClock:
    """The injectable clock of the store, service and scheduler: tests set the time, nobody sleeps."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def at(self, hours: float) -> float:
        """Jump to ``hours`` after ``T0``."""
        self.now = T0 + hours * HOUR
        return self.now
