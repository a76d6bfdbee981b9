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
from bot.store.sqlite import SqliteStore
from tests.bot.helpers import opened
from tests.old_schemas import POSTGRES_VERSIONS, SQLITE_VERSIONS, old_postgres_database, old_sqlite_file
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


async def _plays_on(store: Store, version_query: str, latest: int) -> None:
    """Today's ``store`` opens the old database, which ``version_query`` then finds at the ``latest`` version:
    the old game reads back and takes an undo and a move."""
    await store.open()
    try:
        game = await store.get_game(1)
        assert game is not None and game.to_act == (1,)
        assert [a.action_key for a in await store.live_actions(1)] == ["end"]
        await store.undo_action(1, game.version, seq=1, state_seq=0, state_json="{}", to_act=(0,))
        await store.append_action(1, game.version + 1, 2, 0, "again", "", '{"s": 2}', (1,), None)
        assert [a.action_key for a in await store.live_actions(1)] == ["again"]
        assert await rows(store, version_query) == [(latest,)]
    finally:
        await store.close()


async def _sqlite_shape(path: Path) -> list[tuple[Any, ...]]:
    async with opened(SqliteStore(path)) as store:
        return await rows(store, _SQLITE_SHAPE)


@pytest.mark.parametrize("version", SQLITE_VERSIONS)
async def test_a_sqlite_file_of_every_past_version_upgrades_in_place(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.sqlite3"
    await old_sqlite_file(path, version, *_GAME)
    await _plays_on(SqliteStore(path), "PRAGMA user_version", SQLITE_LATEST)
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
    await old_postgres_database(empty_pg_database, version, *_GAME)
    await _plays_on(PostgresStore(empty_pg_database), "SELECT MAX(version) FROM schema_version", POSTGRES_LATEST)
    fresh = await pg_server.create_database()
    try:
        assert await _postgres_shape(empty_pg_database) == await _postgres_shape(fresh)
    finally:
        await pg_server.drop_database(fresh)
