"""Databases as released bots left them: every schema version's statements, exactly as those bots ran them
(``old_schemas.json``, frozen from the migrations before the schema was defined once), replayed up to a
version, so tests can open a database of any past version with today's store."""

from __future__ import annotations

import json
from pathlib import Path

import asyncpg

from bot.store.sqlite import connect

_RELEASED: dict[str, list[list[str]]] = json.loads((Path(__file__).parent / "old_schemas.json").read_text())
#: The versions released bots wrote, per backend.
SQLITE_VERSIONS = range(1, len(_RELEASED["sqlite"]) + 1)
POSTGRES_VERSIONS = range(1, len(_RELEASED["postgresql"]) + 1)
#: A running Sprint game (number 1 in a new file), in the columns every version has had since the first.
OLD_GAME = """INSERT INTO games (engine, rules_version, seed, options, guild_id, channel_id, status, created_by,
                                created_at, updated_at, seat_count, to_act)
              VALUES ('sprint', 1, 42, '{}', 1, 10, 'running', 1, 0, 0, 2, ',1,')"""


async def old_sqlite_file(path: Path, version: int, *inserts: str) -> None:
    """Write a new SQLite file at ``path`` up to ``version``, as the bots of then did (``PRAGMA user_version``
    too), holding what ``inserts`` write."""
    db = await connect(path)
    try:
        for number, statements in enumerate(_RELEASED["sqlite"][:version], start=1):
            await db.execute("BEGIN IMMEDIATE")
            for statement in statements:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number}")
            await db.execute("COMMIT")
        for insert in inserts:
            await db.execute(insert)
    finally:
        await db.close()


async def old_postgres_database(url: str, version: int, *inserts: str) -> None:
    """Build the empty PostgreSQL database at ``url`` up to ``version``, as the bots of then did
    (``schema_version`` too), holding what ``inserts`` write."""
    conn = await asyncpg.connect(url)
    try:
        await _postgres_at(conn, version)
        for insert in inserts:
            await conn.execute(insert)
    finally:
        await conn.close()


async def _postgres_at(conn: asyncpg.Connection, version: int) -> None:
    async with conn.transaction():
        await conn.execute("""CREATE TABLE schema_version (version INTEGER PRIMARY KEY,
                                                           applied_at TIMESTAMPTZ NOT NULL DEFAULT now())""")
        for number, statements in enumerate(_RELEASED["postgresql"][:version], start=1):
            for statement in statements:
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
