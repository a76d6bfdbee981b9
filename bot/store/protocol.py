"""What the table service needs from durable storage, independent of the database: :class:`Store`, the tables
written once for both over a small dialect (:mod:`bot.store.dialect`) — games, their log, a move's commit
(:mod:`.game_tables`), the reviews of finished games (:mod:`.review_tables`), time (:mod:`.time_tables`), the
outbox (:mod:`.outbox_tables`), the processes on the database (:mod:`.process_tables`) and ratings
(:mod:`.rating_tables`). Two backends give it a connection: :class:`~bot.store.sqlite.SqliteStore` and
:class:`~bot.store.postgres.PostgresStore`.

Every write that changes a game checks and bumps ``games.version`` (optimistic concurrency), so two
processes sharing one database can never both land a move on the same board; appended actions are also
guarded by the ``(game_id, seq)`` primary key.

The **outbox**: writes take ``announce``, the announcements the change causes (posts, DMs, edits),
and store them in the change's own transaction, so what the bot must say is exactly as durable as
what happened.  A delivery loop reads them back (``pending_announcements``) and marks each sent.

**Claims**: several processes may share one database.  Each sends only what it has claimed
(``claim_announcements``, ``claim_keys``) under its own name, for a lease of a few seconds that its
``heartbeat`` extends while it can reach Discord and lets go when it cannot; a row waiting for a retry is
held by nobody.  Each process records its presence and shards (``enter_process``, refused when another
live one serves the same shards) and removes it when it stops (``leave_process``).
"""

from __future__ import annotations

from bot.store.game_tables import GameTables
from bot.store.outbox_tables import OutboxTables
from bot.store.process_tables import ProcessTables
from bot.store.rating_tables import RatingTables
from bot.store.review_tables import ReviewTables
from bot.store.rows import AnnounceNew
from bot.store.time_tables import TimeTables

__all__ = ["AnnounceNew", "Store"]


class Store(GameTables, TimeTables, OutboxTables, ProcessTables, RatingTables, ReviewTables):
    """The store on either database; a backend adds the connection (``open``, ``close``, reads, writes and
    transactions: :class:`bot.store.dialect.Tables`).  Each write is one transaction."""
