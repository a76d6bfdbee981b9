"""Every rating recomputed from the stored results (``python -m bot.ratings rebuild``), and the games that
finished before ratings existed rated at start (:func:`catch_up`).

A rebuild replays each server's games of each engine in the order they were rated (``rated_games.n``), then those
never rated in the order they ended, through :func:`bot.ratings.games.update` — the function a game's end uses —
and replaces every rating in one transaction: run twice, it writes the same; run after games were rated one by
one, it writes what they wrote.  It reads the results inside that transaction, which game ends wait for
(:meth:`bot.store.rating_tables.RatingTables.rebuild_ratings`); an end computed before it is stale after it and
is tried again on top of the rebuilt ratings.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.ratings.games import update, user_ids
from bot.store import StaleVersion, Store
from bot.store.rating_rows import FinishedGame, RatingBasis, RatingRow, RatingUpdate

#: Tries to rate a game at start while other processes rate others of the same server and engine.
RETRIES = 5


def recompute(games: Sequence[FinishedGame]) -> list[RatingUpdate]:
    """The updates of ``games`` (as :meth:`Store.finished_games` orders them) made one after another."""
    ratings: dict[tuple[int, str], dict[tuple[int, str], RatingRow]] = {}
    last: dict[tuple[int, str], int] = {}
    updates = []
    for game in games:
        pool = (game.guild_id, game.engine)
        known = ratings.setdefault(pool, {})
        made = update(game, RatingBasis(last.get(pool, 0), dict(known)))
        if made.n is not None:
            last[pool] = made.n
        for change in made.changes:
            known[(change.user_id, change.level)] = change.after
        updates.append(made)
    return updates


async def rebuild(store: Store) -> list[RatingUpdate]:
    """Replace every rating with the one the stored results give; returns the updates written."""
    return list(await store.rebuild_ratings(recompute))


async def catch_up(store: Store) -> int:
    """Rate the finished games not yet taken account of (those that ended before ratings existed), in the order
    they ended, each in a transaction of its own; returns how many."""
    pending = await store.finished_games(pending_only=True)
    for game in pending:
        for attempt in range(RETRIES):
            basis = await store.rating_basis(game.guild_id, game.engine, user_ids(game))
            try:
                await store.record_rating(update(game, basis))
                break
            except StaleVersion:  # another process rated a game of that server meanwhile: read again
                if attempt == RETRIES - 1:
                    raise
    return len(pending)


async def _main(argv: Sequence[str]) -> int:
    from bot.config import Config, read_env_file  # the bot's settings: the same database it uses
    from bot.store import open_store

    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["rebuild"])
    parser.parse_args(argv)
    store = await open_store(Config.from_env(read_env_file()))
    try:
        updates = await rebuild(store)
    finally:
        await store.close()
    rated = [u for u in updates if u.n is not None]
    print(f"rebuilt games={len(updates)} rated={len(rated)} changes={sum(len(u.changes) for u in rated)}")
    return 0


def main() -> None:
    sys.exit(asyncio.run(_main(sys.argv[1:])))
