"""End-to-end latency through the fake Discord: ``python bench/e2e.py [--seconds 10]``.

Runs the real bot (discord.py client, table service, SQLite store, renderer) against the in-repo
fake Discord on 127.0.0.1 and plays a 2-player Burgenland game with ``/move``.  For every move
that completes (the ones that post a board), it measures the time from the interaction being
dispatched to the channel post with the board image.  Ends with one line:
``e2e p50_ms=<x> p99_ms=<y>``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.discord import GameBot
from bot.rendering import installed_renderer
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from tests.e2e.fake import FakeDiscord


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(seconds: float) -> list[float]:
    choose = random.Random(7)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        await store.open()
        fake = FakeDiscord()
        try:
            async with fake:
                bot = GameBot(TableService(store, renderer=installed_renderer()))
                async with fake.running(bot):
                    await fake.idle()
                    players = [fake.add_member(n) for n in ("Ann", "Bo")]
                    by_id = {p.id: p for p in players}
                    deadline = time.perf_counter() + seconds
                    while time.perf_counter() < deadline:
                        thread = await new_game(fake, players)
                        while time.perf_counter() < deadline:
                            snap = await bot.service.snapshot(thread.id)
                            if not snap.to_act:
                                break
                            player = by_id[snap.user_ids[snap.to_act[0]]]
                            choices = (await bot.service.moves(thread.id, User(player.id, player.name))).choices
                            key = pick(choose, [c.key for c in choices])
                            posts = len(fake.messages(thread))
                            start = time.perf_counter()
                            interaction = await fake.slash(player, thread, "move", text=key)
                            await interaction.original(timeout=10)
                            # The bot posts a completed move's board before it answers the mover.
                            new = fake.messages(thread)[posts:]
                            if any(m.attachments for m in new):
                                timings.append((time.perf_counter() - start) * 1000)
                            await fake.idle()
        finally:
            await store.close()
    return timings


def pick(choose: random.Random, keys: list[str]) -> str:
    """Mostly purposeful random play: finish payments, build when possible, else take and end."""
    for preferred in ("pay ", "build "):
        wanted = [k for k in keys if k.startswith(preferred) and (preferred != "pay " or len(k.split()) > 2)]
        if wanted and choose.random() < 0.9:
            return choose.choice(wanted)
    for key in ("take", "end"):
        if key in keys:
            return key
    return choose.choice(keys)


async def new_game(fake: FakeDiscord, players: list) -> object:  # type: ignore[type-arg]
    opened = await fake.slash(players[0], fake.channel, "burgenland new", players=2)
    await opened.original(timeout=10)
    await fake.idle()
    thread = fake.threads(fake.channel)[-1]
    lobby = fake.messages(thread)[0]
    await (await fake.click(players[1], lobby, label="Join")).callback(timeout=10)
    await fake.idle()
    return thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    timings = asyncio.run(run(args.seconds))
    if not timings:
        raise SystemExit("no completed moves were measured")
    print(f"{len(timings)} completed moves; mean {statistics.mean(timings):.1f} ms", file=sys.stderr)
    print(f"e2e p50_ms={statistics.median(timings):.1f} p99_ms={percentile(timings, 0.99):.1f}")


if __name__ == "__main__":
    main()
