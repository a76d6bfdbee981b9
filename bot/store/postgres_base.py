"""The PostgreSQL store's foundation: a connection pool, transactions, the version check, the outbox insert
and the clock restart.

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

from bot.store.codec import clock_restarts, dumps, encode_to_act
from bot.store.postgres_schema import migrate
from bot.store.rows import Outgoing, StaleVersion

_INSERT_ANNOUNCEMENT = """INSERT INTO outbox (key, game_id, kind, channel_id, user_id, role, body, picture, created_at)
                          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"""


def changed(status: str) -> int:
    """The rows a statement changed, from asyncpg's status tag (``"UPDATE 1"``, ``"INSERT 0 1"``)."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresBase:
    """A pool of connections to one PostgreSQL database (``url``: ``postgresql://user:password@host/db``);
    the tables' methods are in the classes built on this one.  Durability is the server's: a commit
    returns once PostgreSQL has it (with its default ``synchronous_commit``, flushed to its WAL)."""

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
    async def _tx(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on one connection: committed when the block ends, rolled back if it raises."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    async def _bump(self, conn: asyncpg.Connection, game_id: int, version: int, **sets: Any) -> None:
        """Advance the game's version, with ``sets``; StaleVersion if someone else already did."""
        columns = "".join(f", {name} = ${i}" for i, name in enumerate(sets, start=4))
        status = await conn.execute(
            f"UPDATE games SET version = version + 1, updated_at = $3{columns} WHERE id = $1 AND version = $2",
            game_id, version, self.clock(), *sets.values())
        if changed(status) != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")

    async def _check(self, conn: asyncpg.Connection, game_id: int, version: int) -> None:
        """StaleVersion unless the game is at ``version``; otherwise lock its row (as a bump would) until
        the commit, so no other change to the game lands in between."""
        found = await conn.fetchval("SELECT 1 FROM games WHERE id = $1 AND version = $2 FOR UPDATE",
                                    game_id, version)
        if found is None:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")

    async def _announce(self, conn: asyncpg.Connection, items: Sequence[Outgoing], game_id: int | None = None,
                        now: float | None = None) -> None:
        """Write announcements into the outbox inside the caller's transaction, in order."""
        if not items:
            return
        at = self.clock() if now is None else now
        await conn.executemany(_INSERT_ANNOUNCEMENT, [
            (i.key, game_id if i.game_id is None else i.game_id, i.kind, i.channel_id, i.user_id, i.role or "",
             dumps(i.body), None if i.picture is None else dumps(i.picture), at) for i in items])

    async def _restart_clock(self, conn: asyncpg.Connection, game_id: int, to_act: tuple[int, ...] | None,
                             only_if_changed: bool = False, now: float | None = None) -> None:
        """A new hand-over: the clock starts now, no reminder sent yet, no longer waiting, no vote.
        With ``only_if_changed`` only when the seats to act changed or the game was waiting
        (:func:`bot.store.codec.clock_restarts`); the votes go either way."""
        hand = None if to_act is None else encode_to_act(to_act)
        clock = await conn.fetchrow(
            """INSERT INTO clocks (game_id) VALUES ($1) ON CONFLICT (game_id) DO UPDATE SET game_id = $1
               RETURNING hand, waiting""", game_id)
        await self._after_change(conn, game_id, clock, hand, self.clock() if now is None else now,
                                 only_if_changed and hand is not None)

    async def _after_change(self, conn: asyncpg.Connection, game_id: int, clock: asyncpg.Record | None,
                            hand: str | None, now: float, only_if_changed: bool) -> None:
        """Restart the clock ``clock`` (its ``hand`` and ``waiting`` before the change; None: the game has
        none) unless ``only_if_changed`` and nothing changed; clear the game's votes."""
        if clock is not None and (not only_if_changed or clock_restarts(clock["hand"], hand or "", clock["waiting"])):
            await conn.execute("""UPDATE clocks SET started = $2, hand = COALESCE($3, hand), reminded = 0,
                                  waiting = '' WHERE game_id = $1""", game_id, now, hand)
        await conn.execute("DELETE FROM votes WHERE game_id = $1", game_id)
