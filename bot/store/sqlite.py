"""The SQLite implementation of :class:`bot.store.Store` (aiosqlite, WAL, foreign keys on).

Built from one class per group of tables on one connection (:mod:`.sqlite_base`): games and their
log (:mod:`.sqlite_games`), time (:mod:`.sqlite_time`), the outbox (:mod:`.sqlite_outbox`), the
processes on the database (:mod:`.sqlite_processes`); the schema and its migrations are in
:mod:`.sqlite_schema`.
"""

from __future__ import annotations

from bot.store.sqlite_games import GameTables
from bot.store.sqlite_outbox import OutboxTables
from bot.store.sqlite_processes import ProcessTables
from bot.store.sqlite_schema import SCHEMA_VERSION, connect, migrate
from bot.store.sqlite_time import TimeTables


class SqliteStore(GameTables, TimeTables, OutboxTables, ProcessTables):
    """``Store`` on one SQLite file (see :class:`bot.store.sqlite_base.SqliteBase` for durability)."""


__all__ = ["SCHEMA_VERSION", "SqliteStore", "connect", "migrate"]
