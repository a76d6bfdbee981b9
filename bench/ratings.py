"""What ratings cost: one game's update (openskill), and a rebuild of many stored games.

    python bench/ratings.py [--games 2000]
    # ratings games=… players=… rate_p50_ms=… rate_p99_ms=… end_p50_ms=… rebuild_s=… rebuild_games_per_s=…

Seeded: ``--games`` finished Sprint games (2–4 of 40 members, random places with ties) are written straight into
a SQLite file, then rated by a rebuild (timed: the reads, the model, one transaction writing every rating); the
update of one game (``rate``: the model alone) is timed over the same games; ``end``: a whole game's end through
the table service (its rating read, computed and committed with the end), over 30 games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ratings.games import update
from bot.ratings.rebuild import rebuild
from bot.store.rating_rows import RatingBasis
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.helpers import ANN, BO, GUILD, ok
from tests.bot.tinygame import lookup

MEMBERS = 40


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _fill(store: SqliteStore, games: int, rnd: random.Random) -> None:
    db = store.db
    await db.execute("BEGIN")
    for game_id in range(1, games + 1):
        players = rnd.randint(2, 4)
        members = rnd.sample(range(1, MEMBERS + 1), players)
        ranks = [rnd.randint(1, players) for _ in members]
        result = {"scores": ranks, "ranks": ranks, "detail": ""}
        await db.execute("""INSERT INTO games (id, engine, rules_version, seed, guild_id, channel_id, status,
                                               created_by, created_at, updated_at, result)
                            VALUES (?, 'sprint', 1, 1, 1, ?, 'finished', ?, ?, ?, ?)""",
                         (game_id, game_id, members[0], game_id, game_id, json.dumps(result)))
        for seat, member in enumerate(members):
            await db.execute("INSERT INTO seats (game_id, user_id, name, seat, joined) VALUES (?, ?, ?, ?, ?)",
                             (game_id, member, f"Member {member}", seat, seat))
    await db.execute("COMMIT")


async def _ends(store: SqliteStore) -> list[float]:
    """Each end of a Sprint game through the service (resigned at once): its rating is read, made and committed."""
    service = TableService(store, engines_lookup=lookup)
    times = []
    for i in range(30):
        channel = 10_000 + i
        ok(await service.create("sprint", GUILD, channel, ANN, seats=2))
        ok(await service.join(channel, BO))
        began = time.perf_counter()
        ok(await service.resign(channel, BO))
        times.append((time.perf_counter() - began) * 1000)
    return times


async def main(games: int) -> None:
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "bench.sqlite3", sync_interval=0)
        await store.open()
        try:
            await _fill(store, games, rnd)
            began = time.perf_counter()
            updates = await rebuild(store)
            rebuilt = time.perf_counter() - began
            rates = []
            for game in await store.finished_games():
                start = time.perf_counter()
                update(game, RatingBasis(0, {}))
                rates.append((time.perf_counter() - start) * 1000)
            ends = await _ends(store)
        finally:
            await store.close()
    players = sum(len(u.changes) for u in updates)
    print(f"ratings games={games} players={players} rate_p50_ms={statistics.median(rates):.2f} "
          f"rate_p99_ms={_percentile(rates, 0.99):.2f} end_p50_ms={statistics.median(ends):.1f} "
          f"rebuild_s={rebuilt:.2f} rebuild_games_per_s={games / rebuilt:.0f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    asyncio.run(main(parser.parse_args().games))
