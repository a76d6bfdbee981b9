"""The PostgreSQL store's foundation: a connection pool, transactions, the transaction the table classes talk
to (:class:`PostgresTx`: statements as written, advisory locks, announcements in one batch), and a move's
commit, in Python inside one transaction, doing what SQLite's ``move_commits`` trigger does: the version
check, the action, the state cache, the clock restarted when the seats to act changed, the votes cleared,
the announcements.

Every write is one transaction on one pooled connection.  The version check is the first statement of
each write that changes a game: ``UPDATE games SET version = version + 1 … WHERE id = $1 AND version = $2``.
The update locks the game's row until the commit, so a second writer at the same version waits for the
first, then finds the version moved and updates nothing: its row count (0) is the ``StaleVersion``.  Two
processes (two pools) on one database land exactly one of two moves made at once.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store.codec import Row, clock_restarts, dumps, encode_to_act, move_outcome
from bot.store.dialect import POSTGRESQL, Tables
from bot.store.postgres_schema import migrate
from bot.store.rating_rows import RatingUpdate
from bot.store.rating_tables import write_rating
from bot.store.rows import NewMove, Outgoing, StaleVersion

_INSERT_ANNOUNCEMENT = """INSERT INTO outbox (key, game_id, kind, channel_id, user_id, role, body, picture, created_at)
                          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"""
_MOVE = """UPDATE games SET version = version + 1, updated_at = $3, to_act = $4, status = COALESCE($5, status),
                            result = COALESCE($6, result)
           WHERE id = $1 AND version = $2
           RETURNING (SELECT hand FROM clocks WHERE game_id = $1) AS hand,
                     (SELECT waiting FROM clocks WHERE game_id = $1) AS waiting"""


def changed(status: str) -> int:
    """The rows a statement changed, from asyncpg's status tag (``"UPDATE 1"``, ``"INSERT 0 1"``)."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresTx:
    """A transaction on one pooled connection (:class:`bot.store.dialect.Tx`); ``conn`` is the connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        return changed(await self.conn.execute(sql, *args))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.conn.fetch(sql, *args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        row: Row | None = await self.conn.fetchrow(sql, *args)
        return row

    async def lock(self, key: int | str) -> None:
        """A transaction-scoped advisory lock: on a number, or on a text's hash."""
        if isinstance(key, int):
            await self.conn.execute("SELECT pg_advisory_xact_lock($1)", key)
        else:
            await self.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)

    async def announce(self, items: Sequence[Outgoing], game_id: int | None, now: float) -> None:
        await self.conn.executemany(_INSERT_ANNOUNCEMENT, [
            (i.key, game_id if i.game_id is None else i.game_id, i.kind, i.channel_id, i.user_id, i.role or "",
             dumps(i.body), None if i.picture is None else dumps(i.picture), now) for i in items])


class PostgresBase(Tables):
    """A pool of connections to one PostgreSQL database (``url``: ``postgresql://user:password@host/db``);
    the tables' methods are in the classes built on this one.  Durability is the server's: a commit
    returns once PostgreSQL has it (with its default ``synchronous_commit``, flushed to its WAL)."""

    dialect = POSTGRESQL
    _conflict = asyncpg.UniqueViolationError

    def __init__(self, url: str, clock: Callable[[], float] = time.time, min_size: int = 1,
                 max_size: int = 10) -> None:
        self.url = url
        self.clock = clock
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    async def open(self) -> None:
        pool = await asyncpg.create_pool(self.url, min_size=self.min_size, max_size=self.max_size)
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open; call open() first")
        return self._pool

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        return list(await self.pool.fetch(sql, *args))

    async def _write(self, sql: str, *args: Any) -> int:
        """One statement in a transaction of its own; returns the rows it changed."""
        return changed(await self.pool.execute(sql, *args))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[PostgresTx]:
        """One transaction on one connection: committed when the block ends, rolled back if it raises."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield PostgresTx(conn)

    async def append_action(self, game_id: int, version: int, seq: int, seat: int, action_key: str,
                            public: str, state_json: str, to_act: tuple[int, ...],
                            result: dict[str, Any] | None, announce: Sequence[Outgoing] = (),
                            rating: RatingUpdate | None = None) -> None:
        """One move and its announcements (and the game's ``rating`` when it ends it), in one transaction."""
        await self.append_actions(game_id, version, [NewMove(seq, seat, action_key, public)], state_json, to_act,
                                  result, announce, rating)

    async def append_actions(self, game_id: int, version: int, moves: Sequence[NewMove], state_json: str,
                             to_act: tuple[int, ...], result: dict[str, Any] | None,
                             announce: Sequence[Outgoing] = (), rating: RatingUpdate | None = None) -> None:
        """Several moves of one seat (played for an absent player) in one transaction; the state and
        the announcements go with the last, and the game's ``rating`` when they end it."""
        try:
            async with self._tx() as tx:
                for i, move in enumerate(moves):
                    last = i == len(moves) - 1
                    await self._commit_move(tx, game_id, version + i, move, state_json, to_act,
                                            result if last else None, announce if last else ())
                await write_rating(tx, rating)
        except asyncpg.UniqueViolationError as err:  # (game_id, seq) is taken
            raise StaleVersion(f"game {game_id} moved on before action {moves[0].seq}: {err}") from err

    async def _commit_move(self, tx: PostgresTx, game_id: int, version: int, move: NewMove,
                           state_json: str, to_act: tuple[int, ...], result: dict[str, Any] | None,
                           announce: Sequence[Outgoing]) -> None:
        now, hand = self.clock(), encode_to_act(to_act)
        # The version check; the clock as it was (both None: the game has no clock).
        clock = await tx.fetchrow(_MOVE, game_id, version, now, hand, *move_outcome(result))
        if clock is None:
            raise StaleVersion(f"game {game_id} moved on before action {move.seq}: stale version")
        await tx.execute("""INSERT INTO actions (game_id, seq, seat, action_key, public, created_at)
                            VALUES ($1, $2, $3, $4, $5, $6)""",
                         game_id, move.seq, move.seat, move.action_key, move.public, now)
        await self._save_state(tx, game_id, move.seq, state_json)
        if clock["waiting"] is not None and clock_restarts(clock["hand"], hand, clock["waiting"]):
            await tx.execute("UPDATE clocks SET started = $2, hand = $3, reminded = 0, waiting = '' WHERE game_id = $1",
                             game_id, now, hand)
        await tx.execute("DELETE FROM votes WHERE game_id = $1", game_id)
        await self._announce(tx, announce, game_id, now)
