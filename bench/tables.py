"""What the table-service benches do alike: open a game with every seat taken, and play a random move."""

from __future__ import annotations

import random
import time

from bot.table import TableService
from bot.table.results import Reply, User


async def open_game(service: TableService, engine: str, channel: int, players: int, seed: int) -> None:
    """A game of ``engine`` in ``channel``, its lobby filled by made-up players (so it starts)."""
    users = [User(channel * 10 + i, f"P{i}") for i in range(players)]
    reply = await service.create(engine, 1, channel, users[0], seats=players, seed=seed)
    assert reply.ok, reply.text
    for user in users[1:]:
        reply = await service.join(channel, user)
        assert reply.ok, reply.text


async def random_move(service: TableService, channel: int, choose: random.Random) -> tuple[Reply, float] | None:
    """Whoever is to act in ``channel`` plays one of their moves at random: the ``act`` reply and the seconds
    ``act`` took (choosing the move excluded), or None when the game is over."""
    snap = await service.snapshot(channel)
    if not snap.to_act:
        return None
    seat = snap.to_act[0]
    user = User(snap.user_ids[seat], snap.names[seat])
    key = choose.choice((await service.moves(channel, user)).choices).key
    start = time.perf_counter()
    reply = await service.act(channel, user, key, move_number=snap.move_number)
    return reply, time.perf_counter() - start
