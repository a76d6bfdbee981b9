"""Databases as released bots left them: every schema version's statements, exactly as those bots ran them
(``old_schemas.json``, frozen from the migrations before the schema was defined once), replayed up to a
version, so tests can open a database of any past version with today's store."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import asyncpg

_RELEASED: dict[str, list[list[str]]] = json.loads((Path(__file__).parent / "old_schemas.json").read_text())
#: The versions released bots wrote, per backend.
SQLITE_VERSIONS = range(1, len(_RELEASED["sqlite"]) + 1)
POSTGRES_VERSIONS = range(1, len(_RELEASED["postgresql"]) + 1)


async def sqlite_at(db: aiosqlite.Connection, version: int) -> None:
    """Build a new SQLite file up to ``version``, as the bots of then did (``PRAGMA user_version`` too)."""
    for number, statements in enumerate(_RELEASED["sqlite"][:version], start=1):
        await db.execute("BEGIN IMMEDIATE")
        for statement in statements:
            await db.execute(statement)
        await db.execute(f"PRAGMA user_version = {number}")
        await db.execute("COMMIT")


async def postgres_at(conn: asyncpg.Connection, version: int) -> None:
    """Build an empty PostgreSQL database up to ``version``, as the bots of then did (``schema_version`` too)."""
    async with conn.transaction():
        await conn.execute("""CREATE TABLE schema_version (version INTEGER PRIMARY KEY,
                                                           applied_at TIMESTAMPTZ NOT NULL DEFAULT now())""")
        for number, statements in enumerate(_RELEASED["postgresql"][:version], start=1):
            for statement in statements:
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
