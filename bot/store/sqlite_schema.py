"""The SQLite schema: the tables and their history (:mod:`.schema`) applied at start, recorded in
``PRAGMA user_version``; opening a connection with the pragmas it needs."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.store.rows import SchemaTooNew
from bot.store.schema import ADD_COLUMN_IF_MISSING, GUARDS, SCHEMA_VERSION, STEPS, TABLES, TABLES_VERSION, sqlite_ddl

__all__ = ["SCHEMA_VERSION", "connect", "migrate"]

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


async def migrate(db: aiosqlite.Connection, steps: tuple[tuple[str, ...], ...] = STEPS) -> int:
    """Bring the file to the last of ``steps``, each version in its own transaction: a new one is created from
    :data:`~bot.store.schema.TABLES` at once.  Returns the version."""
    row = await (await db.execute("PRAGMA user_version")).fetchone()
    current = int(row[0]) if row is not None else 0
    if current > len(steps):
        raise SchemaTooNew(f"the database is at schema version {current}, "
                           f"but this bot only knows up to {len(steps)}; upgrade the bot")
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


