"""A bot process for the crash test: plays random Sprint moves and prints ``ACK <n> <key>`` after
each move the service acknowledged.  The test kills it with SIGKILL at random moments.

Run: ``python -m tests.bot.crash_worker DB_PATH SEED``
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from tests.bot.tinygame import lookup

CHANNEL = 1
PLAYERS = {1: User(1, "Ann"), 2: User(2, "Bo")}


async def main(path: str, seed: int) -> None:
    store = SqliteStore(path)
    await store.open()
    service = TableService(store, engines_lookup=lookup)
    if await store.active_game(CHANNEL) is None:
        await service.create("sprint", 1, CHANNEL, PLAYERS[1], seats=2, seed=5, options={"target": 10**9})
        await service.join(CHANNEL, PLAYERS[2])
    print("READY", flush=True)
    choose = random.Random(seed)
    while True:
        snap = await service.snapshot(CHANNEL)
        user = PLAYERS[snap.user_ids[snap.to_act[0]]]
        choices = (await service.moves(CHANNEL, user)).choices
        key = choose.choice(choices).key
        reply = await service.act(CHANNEL, user, key, move_number=snap.move_number)
        if reply.problem is not None:
            raise SystemExit(f"move refused: {reply.text}")
        print("ACK", reply.move_number, key, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
