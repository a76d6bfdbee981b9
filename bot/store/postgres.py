"""The PostgreSQL implementation of :class:`bot.store.Store` (asyncpg, a pool of connections).

The same tables as SQLite's (:mod:`.game_tables`, :mod:`.time_tables`, :mod:`.outbox_tables`,
:mod:`.process_tables`, :mod:`.rating_tables`, :mod:`.review_tables`) on one pool (:mod:`.postgres_base`); the
schema, defined once for both databases, is in :mod:`.schema`, applied by :mod:`.postgres_schema`.  Several bot
processes may share one database: every change to a game is serialised by its row's version check.
"""

from __future__ import annotations

from bot.store.game_tables import GameTables
from bot.store.outbox_tables import OutboxTables
from bot.store.postgres_base import PostgresBase
from bot.store.postgres_schema import SCHEMA_VERSION, migrate
from bot.store.process_tables import ProcessTables
from bot.store.rating_tables import RatingTables
from bot.store.review_tables import ReviewTables
from bot.store.time_tables import TimeTables


class PostgresStore(GameTables, TimeTables, OutboxTables, ProcessTables, RatingTables, ReviewTables, PostgresBase):
    """``Store`` on one PostgreSQL database (see :class:`bot.store.postgres_base.PostgresBase`)."""


__all__ = ["SCHEMA_VERSION", "PostgresStore", "migrate"]
