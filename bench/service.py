"""Benchmark the table service on the on-disk store: many stored games, random moves, no rendering.

    python bench/service.py [--engine burgenland] [--games 1000] [--seconds 5]

Creates the games through the service (every lobby filled, so each starts), then for a few seconds
runs ``--concurrency`` streams of moves, as players in different channels would: each picks a
random game of its share, asks the service who is to act and the legal moves, and plays one at
random.  The state cache in memory is smaller than the number of games, so moves also exercise
loading a game from the store.  Ends with one line:

    service moves_per_s=<n> p50_ms=<x> p99_ms=<y> rss_mb=<z>

moves_per_s is moves over wall time, choosing the moves through the service included; p50/p99 are
the latency of the ``act`` call alone (waiting for the store included); rss_mb is the peak
resident memory of the process.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from bench.tables import open_game, random_move
from bot.config import Config
from bot.store.sqlite import SqliteStore
from bot.table import TableService


async def play_one(service: TableService, channel: int, choose: random.Random) -> float | None:
    """One random move in ``channel``; the seconds ``act`` took, or None if the game is over."""
    played = await random_move(service, channel, choose)
    if played is None:
        return None
    reply, elapsed = played
    assert reply.ok, reply.text
    return elapsed


async def bench(args: argparse.Namespace) -> str:
    choose = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3", args.synchronous)
        await store.open()
        try:
            service = TableService(store, cache_size=args.cache_size)
            engine = engines.get(args.engine)
            players = args.players or engine.min_seats
            start = time.perf_counter()
            for channel in range(1, args.games + 1):
                await open_game(service, args.engine, channel, players, seed=channel)
            print(f"setup: {args.games} games of {engine.title} ({players} players) in "
                  f"{time.perf_counter() - start:.1f} s", file=sys.stderr)

            latencies: list[float] = []
            fresh = iter(range(args.games + 1, 10**9))
            deadline = time.perf_counter() + args.seconds

            async def player(games: list[int]) -> None:
                """One stream of moves over its own share of the games (so streams never collide)."""
                while time.perf_counter() < deadline:
                    index = choose.randrange(len(games))
                    took = await play_one(service, games[index], choose)
                    if took is None:  # finished: replace it with a fresh game (not timed as a move)
                        games[index] = next(fresh)
                        await open_game(service, args.engine, games[index], players, seed=games[index])
                    else:
                        latencies.append(took)

            start, cpu_start = time.perf_counter(), time.process_time()
            channels = list(range(1, args.games + 1))
            await asyncio.gather(*(player(channels[i::args.concurrency]) for i in range(args.concurrency)))
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        finally:
            await store.close()
    # Context for a loaded machine: CPU per move (both threads) and the rate of the act calls alone.
    print(f"moves={len(latencies)} cpu_ms_per_move={cpu / len(latencies) * 1000:.2f} "
          f"act_only_moves_per_s={len(latencies) / sum(latencies):.0f}", file=sys.stderr)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    return (f"service moves_per_s={len(latencies) / wall:.0f} p50_ms={statistics.median(latencies) * 1000:.2f} "
            f"p99_ms={p99 * 1000:.2f} rss_mb={rss_mb:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="burgenland")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, help="seats per game (default: the game's minimum)")
    parser.add_argument("--cache-size", type=int, default=Config().state_cache_size)
    parser.add_argument("--synchronous", default=Config().database_synchronous)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=1,
                        help="independent streams of moves, as from players in different channels")
    print(asyncio.run(bench(parser.parse_args())))


if __name__ == "__main__":
    main()
