"""The PostgreSQL store (asyncpg): a connection pool, transactions, the transaction the table classes talk to
(:class:`PostgresTx`: statements as written, advisory locks), and the schema
(:mod:`.schema`) applied at start, recorded in ``schema_version``.  JSON columns stay ``text`` (what the bot
wrote is what it reads back, byte for byte, as with SQLite).  PostgreSQL counts its versions from step 8 of the
history (:data:`~bot.store.schema.POSTGRES_OFFSET`).

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

from bot.store.codec import Row
from bot.store.dialect import POSTGRESQL, opened
from bot.store.protocol import Store
from bot.store.rows import StaleVersion
from bot.store.schema import GUARDS, POSTGRES_OFFSET, STEPS, TABLES, TABLES_VERSION, check_version

__all__ = ["SCHEMA_VERSION", "PostgresStore", "migrate"]

SCHEMA_VERSION = len(STEPS) - POSTGRES_OFFSET

#: Taken (per transaction) while migrating, so two processes starting at once migrate one after the other.
_MIGRATION_LOCK = 0x6761_6D65  # "game"


async def migrate(conn: asyncpg.Connection, steps: tuple[tuple[str, ...], ...] = STEPS) -> int:
    """Bring the database to the last of ``steps`` on an asyncpg connection, in one transaction (DDL is
    transactional in PostgreSQL: a failed migration leaves the database as it was); a new one is created
    from :data:`~bot.store.schema.TABLES` at once.  Returns the version."""
    latest = len(steps) - POSTGRES_OFFSET
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("""CREATE TABLE IF NOT EXISTS schema_version (
                                  version INTEGER PRIMARY KEY,
                                  applied_at TIMESTAMPTZ NOT NULL DEFAULT now())""")
        current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        check_version(current, latest)
        if current == 0:
            for statement in (*TABLES, *GUARDS["postgresql"]):
                await conn.execute(statement)
            current = TABLES_VERSION - POSTGRES_OFFSET
            await conn.executemany("INSERT INTO schema_version (version) VALUES ($1)",
                                   [(v,) for v in range(1, current + 1)])
        for version in range(current + 1, latest + 1):
            for statement in steps[version + POSTGRES_OFFSET - 1]:
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
    return max(current, latest)


def changed(status: str) -> int:
    """The rows a statement changed, from asyncpg's status tag (``"UPDATE 1"``, ``"INSERT 0 1"``)."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresTx:
    """A transaction on one pooled connection (:class:`bot.store.dialect.Tx`); ``conn`` is the connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        return changed(await self.conn.execute(sql, *args))

    async def write(self, sql: str, *args: Any, stale: str | None = None) -> None:
        if await self.execute(sql, *args) != 1 and stale is not None:
            raise StaleVersion(stale)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.conn.fetch(sql, *args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        row: Row | None = await self.conn.fetchrow(sql, *args)
        return row

    async def lock(self, key: int | str, shared: bool = False) -> None:
        """A transaction-scoped advisory lock (shared or not): on a number, or on a text's hash."""
        take = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
        if isinstance(key, int):
            await self.conn.execute(f"SELECT {take}($1)", key)
        else:
            await self.conn.execute(f"SELECT {take}(hashtextextended($1, 0))", key)


class PostgresStore(Store):
    """:class:`~bot.store.protocol.Store` on a pool of connections to one PostgreSQL database (``url``:
    ``postgresql://user:password@host/db``).  Durability is the server's: a commit
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
        return opened(self._pool)

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
