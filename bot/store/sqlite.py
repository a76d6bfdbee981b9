"""The SQLite implementation of :class:`bot.store.Store` (aiosqlite, WAL, foreign keys on).

The tables written once for both databases over :mod:`.dialect` — games and their log (:mod:`.game_tables`),
time (:mod:`.time_tables`), the outbox (:mod:`.outbox_tables`), the processes on the database
(:mod:`.process_tables`), ratings (:mod:`.rating_tables`) and reviews (:mod:`.review_tables`) — on one
connection (:mod:`.sqlite_base`); the schema, defined once for both databases, is in :mod:`.schema`, applied by
:mod:`.sqlite_schema`.
"""

from __future__ import annotations

from bot.store.game_tables import GameTables
from bot.store.outbox_tables import OutboxTables
from bot.store.process_tables import ProcessTables
from bot.store.rating_tables import RatingTables
from bot.store.review_tables import ReviewTables
from bot.store.sqlite_base import SqliteBase
from bot.store.sqlite_schema import SCHEMA_VERSION, connect, migrate
from bot.store.time_tables import TimeTables


class SqliteStore(GameTables, TimeTables, OutboxTables, ProcessTables, RatingTables, ReviewTables, SqliteBase):
    """``Store`` on one SQLite file (see :class:`bot.store.sqlite_base.SqliteBase` for durability)."""


__all__ = ["SCHEMA_VERSION", "SqliteStore", "connect", "migrate"]
