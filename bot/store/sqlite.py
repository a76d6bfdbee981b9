"""The SQLite store (aiosqlite, WAL, foreign keys on): one connection, exclusive transactions, periodic syncs,
the transaction the table classes talk to (:class:`SqliteTx`: statements in PostgreSQL's syntax rewritten by
:func:`bot.store.dialect.sqlite_sql`, sent in as few trips as it can), and the schema (:mod:`.schema`) applied at
start, recorded in ``PRAGMA user_version``.

One connection serves the whole process.  aiosqlite runs its statements on one worker thread, so two
coroutines' statements could interleave inside one transaction; ``self._lock`` makes every transaction
and read exclusive.  SQLite allows one writer at a time anyway, and a move's transaction is a handful of
statements.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.codec import Row
from bot.store.dialect import SQLITE, opened, sqlite_args, sqlite_sql
from bot.store.protocol import Store
from bot.store.rows import StaleVersion
from bot.store.schema import (
    ADD_COLUMN_IF_MISSING,
    GUARDS,
    SCHEMA_VERSION,
    STEPS,
    TABLES,
    TABLES_VERSION,
    check_version,
    sqlite_ddl,
)

__all__ = ["SCHEMA_VERSION", "SqliteStore", "connect", "migrate"]

#: A statement waiting to be sent: SQL, parameters, and the StaleVersion message if it must change one row.
_Queued = tuple[str, tuple[Any, ...], str | None]


def _send(conn: sqlite3.Connection, queued: Sequence[_Queued], last: tuple[str, tuple[Any, ...]] | None,
          rows: bool) -> Any:
    """On aiosqlite's thread: the queued statements, then ``last``'s rows (``rows``) or row count."""
    for sql, args, stale in queued:
        with contextlib.closing(conn.execute(sql, args)) as cursor:  # a statement left open blocks the COMMIT
            if cursor.rowcount != 1 and stale is not None:
                raise StaleVersion(stale)
    if last is None:
        return None
    with contextlib.closing(conn.execute(*last)) as cursor:
        return cursor.fetchall() if rows else cursor.rowcount


class SqliteTx:
    """A transaction on the store's one connection (:class:`bot.store.dialect.Tx`); ``db`` is the connection.

    What is only written (:meth:`write`, :meth:`executemany`, and the BEGIN) waits, and goes to aiosqlite's thread
    with the next statement whose result is read, or with the COMMIT: a move's six statements are one trip
    there, not eight (each trip costs more than the statement)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.queued: list[_Queued] = [("BEGIN IMMEDIATE", (), None)]

    async def send(self, last: tuple[str, tuple[Any, ...]] | None = None, rows: bool = False) -> Any:
        """Send what waits, then ``last``: its rows or its row count."""
        queued, self.queued = self.queued, []
        # aiosqlite's own way to run a function on its thread (its one connection lives there).
        return await self.db._execute(_send, self.db._conn, queued, last, rows)  # type: ignore[no-untyped-call]

    async def write(self, sql: str, *args: Any, stale: str | None = None) -> None:
        self.queued.append((sqlite_sql(sql), sqlite_args(args), stale))

    async def execute(self, sql: str, *args: Any) -> int:
        return int(await self.send((sqlite_sql(sql), sqlite_args(args))))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.queued.extend((sqlite_sql(sql), sqlite_args(r), None) for r in rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.send((sqlite_sql(sql), sqlite_args(args)), rows=True))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def lock(self, key: int | str, shared: bool = False) -> None:
        """Nothing more to take: the transaction (BEGIN IMMEDIATE) holds SQLite's one write lock."""



class SqliteStore(Store):
    """:class:`~bot.store.protocol.Store` on one SQLite file, on one connection.

    With ``synchronous=NORMAL`` (the default) a commit reaches the operating system before the
    call returns, so a crash of the bot loses nothing, but it is fsynced to disk only when the
    WAL is checkpointed.  A checkpoint every ``sync_interval`` seconds (when there were writes)
    bounds what a power loss can cost to about that long.  ``FULL`` fsyncs every commit."""

    dialect = SQLITE
    _conflict = sqlite3.IntegrityError

    def __init__(self, path: str | Path, synchronous: str = "NORMAL", sync_interval: float = 1.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self.synchronous = synchronous
        self.sync_interval = sync_interval
        self.checkpoints = 0              # periodic WAL syncs done (for tests and monitoring)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._dirty = False               # committed writes not yet synced by a checkpoint
        self._syncer: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self._db = await connect(self.path, self.synchronous)
        await migrate(self._db)
        if self.synchronous.upper() in ("OFF", "NORMAL") and self.sync_interval > 0:
            self._syncer = asyncio.create_task(self._sync_periodically())

    async def close(self) -> None:
        if self._syncer is not None:
            self._syncer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._syncer
            self._syncer = None
        if self._db is not None:
            await self._db.close()  # the last connection to close checkpoints the WAL
            self._db = None

    async def _sync_periodically(self) -> None:
        while True:
            await asyncio.sleep(self.sync_interval)
            if not self._dirty:
                continue
            self._dirty = False
            async with self._lock:
                # PASSIVE never waits for readers; in WAL mode with synchronous=NORMAL SQLite
                # fsyncs the WAL before checkpointing, which makes the commits so far durable.
                # Its row is read: a statement left open would block the next COMMIT.
                await self.db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
            self.checkpoints += 1

    @property
    def db(self) -> aiosqlite.Connection:
        return opened(self._db)

    async def _fetch(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        async with self._lock:
            return list(await self.db.execute_fetchall(sqlite_sql(sql), sqlite_args(args)))

    async def _write(self, sql: str, *args: Any) -> int:
        """One statement in a transaction of its own (SQLite's autocommit: one round trip, not three);
        returns the rows it changed."""
        async with self._lock:
            cursor = await self.db.execute(sqlite_sql(sql), sqlite_args(args))
            self._dirty = True
            return cursor.rowcount

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[SqliteTx]:
        """One write transaction.  BEGIN IMMEDIATE takes SQLite's write lock up front, so a
        second process waits (busy_timeout) instead of failing halfway through."""
        async with self._lock:
            try:
                # Inside the try: a task cancelled while it awaits a trip has it run all the same (aiosqlite's
                # thread runs it), so a BEGIN sent must be rolled back, or the next BEGIN finds it.
                tx = SqliteTx(self.db)
                yield tx
                await tx.send(("COMMIT", ()))
                self._dirty = True
            except BaseException:
                # Keep the original error: a failed ROLLBACK (no transaction left) says nothing new.
                with contextlib.suppress(sqlite3.Error):
                    await self.db.execute("ROLLBACK")
                raise


_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


async def migrate(db: aiosqlite.Connection, steps: tuple[tuple[str, ...], ...] = STEPS) -> int:
    """Bring the file to the last of ``steps``, each version in its own transaction: a new one is created from
    :data:`~bot.store.schema.TABLES` at once.  Returns the version."""
    row = await (await db.execute("PRAGMA user_version")).fetchone()
    current = int(row[0]) if row is not None else 0
    check_version(current, len(steps))
    if current == 0:
        await _apply(db, TABLES_VERSION, (*TABLES, *GUARDS["sqlite"]))
        current = TABLES_VERSION
    for version in range(current + 1, len(steps) + 1):
        await _apply(db, version, steps[version - 1])
    return max(current, len(steps))


async def _apply(db: aiosqlite.Connection, version: int, statements: tuple[str, ...]) -> None:
    await db.execute("BEGIN IMMEDIATE")
    try:
        for statement in statements:
            missing = ADD_COLUMN_IF_MISSING.match(statement)
            if missing:
                if missing[2] in {r[1] for r in await db.execute_fetchall(f"PRAGMA table_info({missing[1]})")}:
                    continue
                statement = statement.replace(" IF NOT EXISTS", "", 1)
            await db.execute(sqlite_ddl(statement))
        await db.execute(f"PRAGMA user_version = {version}")
        await db.execute("COMMIT")
    except BaseException:
        await db.execute("ROLLBACK")
        raise


async def connect(path: str | Path, synchronous: str = "NORMAL") -> aiosqlite.Connection:
    """Open ``path`` (creating its directory) with the pragmas every connection needs."""
    if synchronous.upper() not in _SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {', '.join(_SYNCHRONOUS)}, not {synchronous!r}")
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly what we say.
    db = await aiosqlite.connect(str(path), isolation_level=None)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    await db.execute("PRAGMA foreign_keys = ON")
    await db.execute("PRAGMA busy_timeout = 5000")
    return db
