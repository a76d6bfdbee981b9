"""Databases of every schema version a released bot wrote, on both backends, upgrade in place when today's
store opens them: their games still read and play, and the tables come out as a new database's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import Store
from bot.store.postgres import SCHEMA_VERSION as POSTGRES_LATEST
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SCHEMA_VERSION as SQLITE_LATEST
from bot.store.sqlite import SqliteStore, connect
from tests.old_schemas import POSTGRES_VERSIONS, SQLITE_VERSIONS, postgres_at, sqlite_at
from tests.pg import PgServer
from tests.sql import rows

# A game with a seat each and a move, in the columns every version has had since the first.
_GAME = ("""INSERT INTO games (id, engine, rules_version, seed, options, guild_id, channel_id, status, created_by,
                               created_at, updated_at, seat_count, to_act)
            VALUES (1, 'sprint', 1, 42, '{}', 1, 10, 'running', 1, 0, 0, 2, ',1,')""",
         "INSERT INTO seats (game_id, user_id, name, seat, joined) VALUES (1, 1, 'Ann', 0, 0), (1, 2, 'Bo', 1, 1)",
         "INSERT INTO actions (game_id, seq, seat, action_key, public, created_at) VALUES (1, 1, 0, 'end', 'x', 0)",
         "INSERT INTO state (game_id, seq, state_json) VALUES (1, 1, '{}')")

_SQLITE_SHAPE = """SELECT m.type, m.name, p.name, p.type, p."notnull", p.dflt_value, p.pk
                   FROM sqlite_master m LEFT JOIN pragma_table_info(m.name) p ON m.type = 'table'
                   WHERE m.name NOT LIKE 'sqlite_%' ORDER BY 1, 2, 3"""
_POSTGRES_SHAPE = """SELECT 'column', table_name::text, column_name::text, data_type::text, is_nullable::text,
                            column_default::text FROM information_schema.columns WHERE table_schema = 'public'
                     UNION ALL SELECT 'index', tablename::text, indexname::text, NULL, NULL, NULL FROM pg_indexes
                               WHERE schemaname = 'public'
                     UNION ALL SELECT 'trigger', event_object_table::text, trigger_name::text, event_manipulation::text,
                                      NULL, NULL FROM information_schema.triggers
                     ORDER BY 1, 2, 3, 4"""


async def _plays_on(store: Store) -> None:
    """The old game reads back and takes an undo and a move with today's store."""
    game = await store.get_game(1)
    assert game is not None and game.to_act == (1,)
    assert [a.action_key for a in await store.live_actions(1)] == ["end"]
    await store.undo_action(1, game.version, seq=1, state_seq=0, state_json="{}", to_act=(0,))
    await store.append_action(1, game.version + 1, 2, 0, "again", "", '{"s": 2}', (1,), None)
    assert [a.action_key for a in await store.live_actions(1)] == ["again"]


async def _sqlite_shape(path: Path) -> list[tuple[Any, ...]]:
    store = SqliteStore(path)
    await store.open()
    try:
        return await rows(store, _SQLITE_SHAPE)
    finally:
        await store.close()


@pytest.mark.parametrize("version", SQLITE_VERSIONS)
async def test_a_sqlite_file_of_every_past_version_upgrades_in_place(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.sqlite3"
    db = await connect(path)
    await sqlite_at(db, version)
    for statement in _GAME:
        await db.execute(statement)
    await db.close()
    store = SqliteStore(path)
    await store.open()
    try:
        await _plays_on(store)
        assert await rows(store, "PRAGMA user_version") == [(SQLITE_LATEST,)]
    finally:
        await store.close()
    assert await _sqlite_shape(path) == await _sqlite_shape(tmp_path / "new.sqlite3")


async def _postgres_shape(url: str) -> list[tuple[Any, ...]]:
    conn = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await conn.fetch(_POSTGRES_SHAPE)]
    finally:
        await conn.close()


@pytest.mark.parametrize("version", POSTGRES_VERSIONS)
async def test_a_postgresql_database_of_every_past_version_upgrades_in_place(
        empty_pg_database: str, pg_server: PgServer, version: int) -> None:
    conn = await asyncpg.connect(empty_pg_database)
    try:
        await postgres_at(conn, version)
        for statement in _GAME:
            await conn.execute(statement)
    finally:
        await conn.close()
    store = PostgresStore(empty_pg_database)
    await store.open()
    try:
        await _plays_on(store)
        assert await rows(store, "SELECT MAX(version) FROM schema_version") == [(POSTGRES_LATEST,)]
    finally:
        await store.close()
    fresh = await pg_server.create_database()
    try:
        assert await _postgres_shape(empty_pg_database) == await _postgres_shape(fresh)
    finally:
        await pg_server.drop_database(fresh)
