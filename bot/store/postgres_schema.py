"""The PostgreSQL schema: the tables and their history (:mod:`.schema`) applied at start, recorded in
``schema_version``.  JSON columns stay ``text`` (what the bot wrote is what it reads back, byte for byte, as
with SQLite).  PostgreSQL counts its versions from step 8 of the history (:data:`~bot.store.schema.POSTGRES_OFFSET`).
"""

from __future__ import annotations

import asyncpg

from bot.store.rows import SchemaTooNew
from bot.store.schema import GUARDS, POSTGRES_OFFSET, STEPS, TABLES, TABLES_VERSION

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
        if current > latest:
            raise SchemaTooNew(f"the database is at schema version {current}, "
                               f"but this bot only knows up to {latest}; upgrade the bot")
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
