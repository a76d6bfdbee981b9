"""Load: many games in play at once through the table service, with the real store and drawing.

    python bench/load.py [--backend sqlite|postgresql] [--processes 1] [--render threads|pool|off]
                         [--games 200] [--streams 8] [--seconds 10]

Opens ``--games`` games of Bürger, Baumeister & Co. (3 players), then runs bot processes on the same
database, each with its own table service, store connection and renderer, and its share of the games
(as shards would split servers); each records its presence and beats its heartbeat, as the bot does.
``--streams`` concurrent streams of moves in all: each picks a game of its share, asks who is to act and
the legal moves, plays one, and draws what the move announced (the board and the hands that changed), as
the bot's delivery would.  Two phases:

1. as fast as it goes: the most moves per second (drawing included);
2. moves offered at 80 % of that rate: the latency of a move — the ``act`` call, commit included,
   drawing excluded — at that load.

Ends with one line:
``load backend=<b> processes=<n> render=<mode> moves_per_s=<max> p50_ms=<at 80 %> p99_ms=<at 80 %>
cpu_ms_per_move=<c> busy=<u> ceiling_moves_per_s=<cores * 1000 / c>``.
The last three come from the machine's CPU counters (``/proc/stat``) over phase 1 and count everything
that ran — bot processes, drawing workers, the database server, this driver: the CPU one move costs in
all, how busy the cores were, and the most moves per second the cores could give at that cost (a
configuration that reaches it cannot go faster on this machine, however its work is spread).
``--render threads`` draws in worker threads (one core's worth of Python between them), ``pool`` in
the bot's worker-process pool (``RENDER_WORKERS``, default the cores, shared by the processes).
``--backend postgresql`` uses ``DATABASE_URL`` (an empty database) or else starts a throwaway server
from the machine's PostgreSQL binaries, as the tests do.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tables import open_game, random_move
from bot.outbox import BEAT, LEASE
from bot.presence import Presence, Shards
from bot.rendering import PoolRenderer, Renderer, draw, installed_renderer
from bot.store import Store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table import TableService

ENGINE, PLAYERS = "buerger-baumeister", 3


async def move(service: TableService, renderer: Renderer | None, channel: int, choose: random.Random
               ) -> float | None:
    """One random move and its drawings; the seconds ``act`` took, or None when the game is over."""
    played = await random_move(service, channel, choose)
    if played is None:
        return None
    reply, took = played
    if not reply.ok:  # another stream's move landed first (only when streams share games)
        return took
    if renderer is not None:
        await asyncio.gather(*(draw(renderer, item.picture) for item in reply.outbox if item.picture is not None))
    return took


def store_for(database: str) -> Store:
    """The store of a "process": PostgreSQL for a URL, else the SQLite file."""
    return PostgresStore(database) if database.startswith("postgresql://") else SqliteStore(database)


async def heartbeat(store: Store, owner: str) -> None:
    """The bot's heartbeat (its presence stamped, its claims held), every ``BEAT`` seconds."""
    while True:
        await store.heartbeat(owner, LEASE, True)
        await asyncio.sleep(BEAT)


async def streams(database: str, render: str, channels: list[int], count: int, seconds: float,
                  rate: float | None, seed: int, shard: tuple[int, int]) -> list[float]:
    """``count`` streams over ``channels`` for ``seconds``; at ``rate`` moves/s in all when given; a process
    that serves shard ``shard[0]`` of ``shard[1]``."""
    store = store_for(database)
    await store.open()
    presence = Presence(store, Shards.of(shard[1], [shard[0]]))
    await presence.enter()
    beating = asyncio.create_task(heartbeat(store, presence.owner))
    renderer: Renderer | None = None
    if render == "threads":
        renderer = installed_renderer()
    elif render == "pool":
        renderer = PoolRenderer(int(os.environ.get("RENDER_WORKERS", 0)) or None)
    try:
        service = TableService(store)
        if isinstance(renderer, PoolRenderer):  # start the workers before the clock runs
            await renderer.warm()
        latencies: list[float] = []
        choose = random.Random(seed)
        deadline = time.perf_counter() + seconds
        fresh = iter(range(channels[-1] * 1000 + seed * 100_000, 10**12))

        async def stream(mine: list[int], offset: float) -> None:
            interval = count / rate if rate else 0.0
            due = time.perf_counter() + offset * interval
            while time.perf_counter() < deadline:
                if interval:
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    due += interval
                index = choose.randrange(len(mine))
                took = await move(service, renderer, mine[index], choose)
                if took is None:  # a finished game is replaced by a new one (not counted)
                    mine[index] = next(fresh)
                    await open_game(service, ENGINE, mine[index], PLAYERS, seed=mine[index])
                else:
                    latencies.append(took)

        await asyncio.gather(*(stream(channels[i::count], i / count) for i in range(count)))
        return latencies
    finally:
        beating.cancel()
        if isinstance(renderer, PoolRenderer):
            renderer.close()
        await presence.leave()
        await store.close()


def worker(database: str, render: str, channels: list[int], count: int, seconds: float, rate: float | None,
           seed: int, shard: tuple[int, int]) -> list[float]:
    return asyncio.run(streams(database, render, channels, count, seconds, rate, seed, shard))


def cpu_ticks() -> tuple[int, int] | None:
    """The machine's (busy, total) CPU ticks so far, all cores; None where ``/proc/stat`` is missing."""
    try:
        fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)   # idle + iowait
    return sum(fields) - idle, sum(fields)


def phase(args: argparse.Namespace, database: str, rate: float | None
          ) -> tuple[float, list[float], tuple[float, float] | None]:
    """Every process's streams at once; (moves per second, act latencies, (busy CPU ms per move, share of
    all cores busy) when the machine's counters are readable)."""
    channels = list(range(1, args.games + 1))
    per = max(1, args.streams // args.processes)
    share = [r / args.processes for r in [rate]] if rate else [None]
    ticks = cpu_ticks()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(worker, database, args.render, channels[i::args.processes], per, args.seconds,
                               share[0], i + 1, (i, args.processes)) for i in range(args.processes)]
        latencies = [t for f in futures for t in f.result()]
    wall = time.perf_counter() - started
    after = cpu_ticks()
    cpu = None
    if ticks is not None and after is not None and latencies:
        busy, total = after[0] - ticks[0], after[1] - ticks[1]
        tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
        cpu = (busy * tick_ms / len(latencies), busy / max(1, total))
    return len(latencies) / min(wall, args.seconds + 1.0), latencies, cpu


async def setup(database: str, games: int) -> None:
    store = store_for(database)
    await store.open()
    try:
        service = TableService(store)
        for channel in range(1, games + 1):
            await open_game(service, ENGINE, channel, PLAYERS, seed=channel)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--render", choices=["threads", "pool", "off"], default="threads")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--streams", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    server = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.backend == "sqlite":
            database = str(Path(tmp) / "load.sqlite3")
        elif os.environ.get("DATABASE_URL"):
            database = os.environ["DATABASE_URL"]  # an empty database of yours
        else:  # a throwaway server from the machine's PostgreSQL binaries, as the tests start one
            from tests.pg import run_async, start_server
            server = start_server()
            database = run_async(server.create_database())
        try:
            asyncio.run(setup(database, args.games))
            most, _, cpu = phase(args, database, None)
            print(f"at most: {most:.1f} moves/s", file=sys.stderr)
            _, latencies, _ = phase(args, database, 0.8 * most)
        finally:
            if server is not None:
                server.stop()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"load backend={args.backend} processes={args.processes} render={args.render} moves_per_s={most:.1f} "
          f"p50_ms={statistics.median(latencies) * 1000:.1f} p99_ms={p99 * 1000:.1f}" + (
              "" if cpu is None else f" cpu_ms_per_move={cpu[0]:.2f} busy={cpu[1]:.2f} "
              f"ceiling_moves_per_s={(os.cpu_count() or 1) * 1000 / cpu[0]:.1f}"))


if __name__ == "__main__":
    main()
