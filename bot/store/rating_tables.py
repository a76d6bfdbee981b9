"""Ratings, on either database: each player's rating per game per server, the games taken account of (in the
order they were rated), what each rated game changed, and who held a seat before its last holder.

A game's rating is written in the transaction that ends it (:func:`write_rating`, called by the end's commit on
both backends), so a finished game is never left unrated by a crash; games that finished before ratings existed
are rated by :func:`bot.ratings.rebuild.catch_up` at start.  The order (``rated_games.n``, per server and game)
is checked under a lock: a game's update was computed from the ratings after game ``n - 1``, so another game of
that server and engine rated in between makes it stale (``StaleRatings``: the ending is rated again and retried,
:func:`bot.ratings.games.rerated`).

A rebuild (:meth:`RatingTables.rebuild_ratings`) reads the results and replaces every rating in one transaction
holding the ``ratings`` lock alone, while each game's end holds it shared: an end waits for a rebuild, so a game
ending meanwhile is never read as unfinished and then wiped.  An end whose update was computed before the rebuild
finds the ratings it started from changed (its ``mu_before``, ``sigma_before`` and game count are checked against
the stored ones) and is stale too: tried again, it is rated on top of the rebuilt ratings.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Sequence

from bot.store.codec import Row, read
from bot.store.dialect import Dialect, Tables, Tx
from bot.store.rating_rows import (
    FinishedGame,
    RatedGameRow,
    RatingBasis,
    RatingRow,
    RatingUpdate,
)
from bot.store.rows import StaleRatings

#: The lock every game's end takes shared and a rebuild alone.
_RATINGS_LOCK = "ratings"
_ORDINAL = "(mu - 3 * sigma)"
_RATING_ORDER = f"{_ORDINAL} DESC, games DESC, user_id, level"


async def record_holder(tx: Tx, game_id: int, seat: int) -> None:
    """Before a seat changes hands: who held it, until the log's last action (in the replacement's transaction)."""
    await tx.execute("""INSERT INTO seat_holders (game_id, seat, user_id, until_seq)
                        SELECT $1, $2, user_id, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1)
                        FROM seats WHERE game_id = $1 AND seat = $2""", game_id, seat)


async def write_rating(tx: Tx, update: RatingUpdate | None, rebuilding: bool = False) -> None:
    """Record what a finished game does to the ratings, inside the transaction that ends it.  StaleRatings when
    another game of the server and engine was rated, or the ratings were rebuilt, since the ratings it was computed
    from were read.  ``rebuilding``: inside a rebuild, which holds the ``ratings`` lock and wrote the basis itself."""
    if update is None:
        return
    if not rebuilding:
        await tx.lock(_RATINGS_LOCK, shared=True)  # a rebuild running now finishes first
    await tx.lock(f"ratings:{update.guild_id}:{update.engine}")
    # One trip: whether it was taken account of, the order's last number, and (at an end) the ratings it changes.
    users = [] if rebuilding else sorted({c.user_id for c in update.changes})
    found = await tx.fetch(
        """SELECT (SELECT COUNT(*) FROM rated_games WHERE game_id = $4) AS taken,
                  (SELECT COALESCE(MAX(n), 0) FROM rated_games WHERE guild_id = $1 AND engine = $2) AS last,
                  r.user_id, r.level, r.mu, r.sigma, r.games
           FROM (SELECT 1 AS one) o LEFT JOIN ratings r
                ON r.guild_id = $1 AND r.engine = $2 AND r.user_id = ANY($3::bigint[])""",
        update.guild_id, update.engine, users, update.game_id)
    if found[0]["taken"]:
        return  # already taken account of (two processes catching up at once): the first one's stands
    if update.n is not None and found[0]["last"] != update.n - 1:
        raise StaleRatings(f"the ratings of {update.engine} on server {update.guild_id} changed meanwhile")
    if not rebuilding:
        _check_basis(update, {(r["user_id"], r["level"]): (r["mu"], r["sigma"], r["games"])
                              for r in found if r["user_id"] is not None})
    # Stamped with the end's own time (the same transaction's), which a rebuild reads again.
    await tx.execute("""INSERT INTO rated_games (game_id, guild_id, engine, n, rated_at)
                        SELECT $1, $2, $3, $4, updated_at FROM games WHERE id = $1""",
                     update.game_id, update.guild_id, update.engine, update.n)
    if not update.changes:
        return
    await tx.executemany(
        """INSERT INTO ratings (guild_id, engine, user_id, level, name, mu, sigma, games, wins, places)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (guild_id, engine, user_id, level) DO UPDATE SET name = excluded.name, mu = excluded.mu,
               sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, places = excluded.places""",
        [(update.guild_id, update.engine, c.user_id, c.level, c.after.name, c.after.mu, c.after.sigma,
          c.after.games, c.after.wins, c.after.places) for c in update.changes])
    await tx.executemany(
        """INSERT INTO rating_changes (game_id, seat, user_id, level, place, mu_before, sigma_before, mu, sigma)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)""",
        [(update.game_id, c.seat, c.user_id, c.level, c.place, c.mu_before, c.sigma_before, c.after.mu,
          c.after.sigma) for c in update.changes])


def _check_basis(update: RatingUpdate, stored: dict[tuple[int, str], tuple[float, float, int]]) -> None:
    """StaleRatings unless the ``stored`` ratings (mu, sigma, games) of the players the update changes are those it
    was computed from (a rebuild keeps the numbering but may change the values)."""
    for change in update.changes:
        before = stored.get((change.user_id, change.level))
        expected = (change.mu_before, change.sigma_before, change.after.games - 1)
        if (before is None and change.after.games != 1) or (before is not None and before != expected):
            raise StaleRatings(f"the ratings of {update.engine} on server {update.guild_id} were rebuilt meanwhile")


@functools.cache
def _finished(dialect: Dialect) -> str:
    seats = dialect.json_rows("seat, user_id, level, name", "seats WHERE game_id = g.id", "seat")
    holders = dialect.json_rows("seat, user_id, until_seq", "seat_holders WHERE game_id = g.id", "seat, until_seq")
    return f"""SELECT g.id, g.guild_id, g.engine, g.settings, g.result, r.n,
                      COALESCE(r.rated_at, g.updated_at) AS ended, r.game_id IS NOT NULL AS taken,
                      {seats} AS seats, {holders} AS holders
               FROM games g LEFT JOIN rated_games r ON r.game_id = g.id
               WHERE g.status = 'finished' AND g.result IS NOT NULL AND (NOT $1::boolean OR r.game_id IS NULL)
               ORDER BY g.guild_id, g.engine, r.n IS NULL, r.n, COALESCE(r.rated_at, g.updated_at), g.id"""


async def _live_actions(fetch: Callable[..., Awaitable[list[Row]]], game_id: int) -> tuple[tuple[int, int], ...]:
    actions = await fetch("SELECT seq, seat FROM actions WHERE game_id = $1 AND NOT undone ORDER BY seq", game_id)
    return tuple((a["seq"], a["seat"]) for a in actions)


async def _replace(tx: Tx, updates: Sequence[RatingUpdate]) -> None:
    for table in ("rating_changes", "ratings", "rated_games"):
        await tx.execute(f"DELETE FROM {table}")
    for update in updates:
        await write_rating(tx, update, rebuilding=True)


class RatingTables(Tables):
    """Ratings, the games they were computed from, and seat holders."""

    async def rating_basis(self, guild_id: int, engine: str, user_ids: Sequence[int]) -> RatingBasis:
        """The stored ratings of these users (0: the computer levels) in one game on one server, and the
        number of the last game rated there."""
        rows = await self._fetch(
            """SELECT r.*, (SELECT COALESCE(MAX(n), 0) FROM rated_games WHERE guild_id = $1 AND engine = $2) AS last
               FROM (SELECT 1 AS one) o LEFT JOIN ratings r
                    ON r.guild_id = $1 AND r.engine = $2 AND r.user_id = ANY($3::bigint[])""",
            guild_id, engine, list(user_ids))
        found = {(r["user_id"], r["level"]): read(RatingRow, r) for r in rows if r["user_id"] is not None}
        return RatingBasis(int(rows[0]["last"]), found)

    async def seat_history(self, game_id: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...]]:
        """Earlier holders of the game's seats (seat, user, until action) and, if any, its live (seq, seat)."""
        holders = await self._fetch("SELECT seat, user_id, until_seq FROM seat_holders WHERE game_id = $1 "
                                    "ORDER BY seat, until_seq", game_id)
        if not holders:
            return (), ()
        return (tuple((h["seat"], h["user_id"], h["until_seq"]) for h in holders),
                await _live_actions(self._fetch, game_id))

    async def record_rating(self, update: RatingUpdate) -> None:
        """A finished game's rating in a transaction of its own (a game that ended before ratings existed)."""
        async with self._tx() as tx:
            await write_rating(tx, update)

    async def finished_games(self, pending_only: bool = False, tx: Tx | None = None) -> list[FinishedGame]:
        """Every finished game with a result (only those not yet taken account of, with ``pending_only``): by
        server and engine, in the order they were rated, then those not rated yet in the order they ended.
        ``tx``: read inside that transaction (a rebuild's)."""
        fetch = self._fetch if tx is None else tx.fetch
        games = []
        for r in await fetch(_finished(self.dialect), pending_only):
            holders = tuple((s, u, q) for s, u, q in json.loads(r["holders"]))
            actions: tuple[tuple[int, int], ...] = ()
            if holders:
                actions = await _live_actions(fetch, r["id"])
            games.append(FinishedGame(
                r["id"], r["guild_id"], r["engine"], json.loads(r["settings"]), json.loads(r["result"]),
                tuple((s, u, v, n) for s, u, v, n in json.loads(r["seats"])), holders, actions, r["ended"], r["n"],
                bool(r["taken"])))
        return games

    async def rebuild_ratings(self, compute: Callable[[Sequence[FinishedGame]], Sequence[RatingUpdate]]
                              ) -> Sequence[RatingUpdate]:
        """Every rating anew: ``compute`` makes the updates from the finished games, read and replaced in one
        transaction that holds the ``ratings`` lock alone (no game ends in between); returns the updates."""
        async with self._tx() as tx:
            await tx.lock(_RATINGS_LOCK)
            updates = compute(await self.finished_games(tx=tx))
            await _replace(tx, updates)
        return updates

    async def replace_ratings(self, updates: Sequence[RatingUpdate]) -> None:
        """Every rating replaced by ``updates``, in one transaction (holding the ``ratings`` lock alone)."""
        async with self._tx() as tx:
            await tx.lock(_RATINGS_LOCK)
            await _replace(tx, updates)

    async def leaderboard(self, guild_id: int, engine: str, limit: int) -> list[RatingRow]:
        rows = await self._fetch(f"SELECT * FROM ratings WHERE guild_id = $1 AND engine = $2 "
                                 f"ORDER BY {_RATING_ORDER} LIMIT $3", guild_id, engine, limit)
        return [read(RatingRow, r) for r in rows]

    async def rating_place(self, guild_id: int, engine: str, user_id: int, level: str = ""
                           ) -> tuple[int, int, RatingRow | None]:
        """(place, players rated) of a player in one game on one server, and their rating (None: not rated)."""
        rows = await self._fetch(
            """SELECT r.*, (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = $1 AND o.engine = $2
                             AND (o.mu - 3 * o.sigma) > (r.mu - 3 * r.sigma)) AS above,
                            (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = $1 AND o.engine = $2) AS rated
                FROM ratings r WHERE r.guild_id = $1 AND r.engine = $2 AND r.user_id = $3 AND r.level = $4""",
            guild_id, engine, user_id, level)
        if not rows:
            count = await self._fetch("SELECT COUNT(*) AS rated FROM ratings WHERE guild_id = $1 AND engine = $2",
                                      guild_id, engine)
            return 0, int(count[0]["rated"]), None
        return int(rows[0]["above"]) + 1, int(rows[0]["rated"]), read(RatingRow, rows[0])

    async def player_ratings(self, guild_id: int, user_id: int, level: str = "") -> list[RatingRow]:
        """A player's ratings on one server, one per game (by engine name)."""
        rows = await self._fetch("SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2 AND level = $3 "
                                 "ORDER BY engine", guild_id, user_id, level)
        return [read(RatingRow, r) for r in rows]

    async def rated_games(self, guild_id: int, user_id: int, level: str = "", limit: int = 100) -> list[RatedGameRow]:
        """A player's rated games on one server, the latest first."""
        rows = await self._fetch(
            """SELECT c.*, r.engine, r.rated_at, r.n,
                      (SELECT COUNT(*) FROM seats s WHERE s.game_id = c.game_id) AS players
               FROM rating_changes c JOIN rated_games r ON r.game_id = c.game_id
               WHERE r.guild_id = $1 AND c.user_id = $2 AND c.level = $3
               ORDER BY r.rated_at DESC, c.game_id DESC LIMIT $4""", guild_id, user_id, level, limit)
        return [read(RatedGameRow, r, players=int(r["players"])) for r in rows]


