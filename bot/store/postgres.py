"""The PostgreSQL implementation of :class:`bot.store.Store` (asyncpg, a pool of connections).

Built like the SQLite store, one class per group of tables on one pool (:mod:`.postgres_base`): games
and their log (:mod:`.postgres_games`), and the same time, outbox and processes classes as SQLite's
(:mod:`.time_tables`, :mod:`.outbox_tables`, :mod:`.process_tables`); the schema and its migrations are in
:mod:`.postgres_schema`.  Several bot processes may share one database: every change to a game is
serialised by its row's version check.
"""

from __future__ import annotations

from bot.store.outbox_tables import OutboxTables
from bot.store.postgres_games import GameTables
from bot.store.postgres_schema import SCHEMA_VERSION, migrate
from bot.store.process_tables import ProcessTables
from bot.store.time_tables import TimeTables


class PostgresStore(GameTables, TimeTables, OutboxTables, ProcessTables):
    """``Store`` on one PostgreSQL database (see :class:`bot.store.postgres_base.PostgresBase`)."""


__all__ = ["SCHEMA_VERSION", "PostgresStore", "migrate"]
