"""The SQLite schema: versioned migrations applied in order at start, and opening a connection."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.store.codec import decode_to_act, encode_to_act
from bot.store.review_tables import SQLITE_MIGRATION
from bot.store.rows import Delivery, Pace, Policy, SchemaTooNew, Status, Waiting

_STATUSES = ", ".join(f"'{s.value}'" for s in Status)
_PACES = ", ".join(f"'{p.value}'" for p in Pace)
_POLICIES = ", ".join(f"'{p.value}'" for p in Policy)
_WAITING = ", ".join(f"'{w.value}'" for w in Waiting)
_DELIVERY = ", ".join(f"'{d.value}'" for d in Delivery)

# Version 3's move trigger; version 4 re-creates it with the clock kept in step.
_MOVE_TRIGGER_HEAD = """CREATE TRIGGER move_commits_insert INSTEAD OF INSERT ON move_commits BEGIN
            SELECT RAISE(ABORT, 'stale version')
                WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.version);
            UPDATE games SET version = version + 1, updated_at = NEW.now, to_act = NEW.to_act,
                             status = COALESCE(NEW.status, status), result = COALESCE(NEW.result, result)
                WHERE id = NEW.game_id;
            INSERT INTO actions (game_id, seq, seat, action_key, public, created_at)
                VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.action_key, NEW.public, NEW.now);
            INSERT INTO state (game_id, seq, state_json) VALUES (NEW.game_id, NEW.seq, NEW.state_json)
                ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state_json = excluded.state_json;
"""

#: Announcements (a JSON array of outbox items, see ``bot.store.rows.Outgoing``) into the outbox:
#: one statement for any number of them.  ``?1`` the array, ``?2`` the game (for items without one),
#: ``?3`` the time.
OUTBOX_INSERT = """INSERT INTO outbox (key, game_id, kind, channel_id, user_id, role, body, picture, created_at)
    SELECT json_extract(value, '$.key'), COALESCE(json_extract(value, '$.game_id'), {game}),
           json_extract(value, '$.kind'), json_extract(value, '$.channel_id'), json_extract(value, '$.user_id'),
           COALESCE(json_extract(value, '$.role'), ''), json_extract(value, '$.body'),
           json_extract(value, '$.picture'), {now}
    FROM json_each({items})"""

def _escaped_sql(column: str) -> str:
    """SQL for ``bot.text.escape_name(column)`` (used once, to bring older names in line)."""
    sql = f"replace({column}, '\\', '\\\\')"
    for char in "*_~`|[]":
        sql = f"replace({sql}, '{char}', '\\{char}')"
    sql = f"CASE WHEN substr({sql}, 1, 1) IN ('#', '-', '>') THEN '\\' || {sql} ELSE {sql} END"
    return f"replace(replace({sql}, '@', '@' || char(8203)), '<', '<' || char(8203))"


#: Schema versions, applied in order at start; ``PRAGMA user_version`` records the last one.
#: Never edit a released version: add a new one (an older file must upgrade in place).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the tables of DESIGN.md.
    (
        f"""CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            engine TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            options TEXT NOT NULL DEFAULT '{{}}',
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ({_STATUSES})),
            created_by INTEGER NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            seat_count INTEGER,
            to_act TEXT NOT NULL DEFAULT '',
            result TEXT,
            note TEXT NOT NULL DEFAULT ''
        )""",
        # One active game per channel, enforced by the database even across processes.
        """CREATE UNIQUE INDEX games_active_channel ON games(channel_id)
            WHERE status IN ('lobby', 'running')""",
        "CREATE INDEX games_guild ON games(guild_id, updated_at)",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id),
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            seat INTEGER,
            joined INTEGER NOT NULL,
            PRIMARY KEY (game_id, user_id),
            UNIQUE (game_id, seat)
        )""",
        "CREATE INDEX seats_user ON seats(user_id)",
        """CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action_key TEXT NOT NULL,
            public TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""",
        """CREATE TABLE state (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            seq INTEGER NOT NULL,
            state_json TEXT NOT NULL
        )""",
    ),
    # 2: undo (a flag, never a delete) and the version token for optimistic concurrency.
    (
        "ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
            BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
        """CREATE TRIGGER actions_no_rewrite BEFORE UPDATE ON actions
            WHEN NEW.game_id IS NOT OLD.game_id OR NEW.seq IS NOT OLD.seq OR NEW.seat IS NOT OLD.seat
              OR NEW.action_key IS NOT OLD.action_key OR NEW.undone < OLD.undone
            BEGIN SELECT RAISE(ABORT, 'the action log is append-only; only undone may be set'); END""",
    ),
    # 3: a move lands in one INSERT on this view: one round trip to aiosqlite's thread instead of
    # five (BEGIN, three writes, COMMIT), still one atomic transaction; the trigger checks the version.
    (
        """CREATE VIEW move_commits AS SELECT
            NULL AS game_id, NULL AS version, NULL AS seq, NULL AS seat, NULL AS action_key, NULL AS public,
            NULL AS state_json, NULL AS to_act, NULL AS status, NULL AS result, NULL AS now""",
        _MOVE_TRIGGER_HEAD + "        END",
    ),
    # 4: long-running play.  Each game's clock (pace, deadline policy, when the current hand-over
    # began, reminders sent, whether it waits after a deadline), per-user reminder settings,
    # vacations and votes.  A move restarts the clock in its own transaction whenever the set of
    # seats to act changes (or the game was waiting), and clears any vote.
    (
        f"""CREATE TABLE clocks (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            pace TEXT NOT NULL DEFAULT 'none' CHECK (pace IN ({_PACES})),
            policy TEXT NOT NULL DEFAULT 'skip' CHECK (policy IN ('skip', 'pause', 'vote')),
            started REAL,
            hand TEXT NOT NULL DEFAULT '',
            reminded INTEGER NOT NULL DEFAULT 0,
            reminded_at REAL,
            waiting TEXT NOT NULL DEFAULT '' CHECK (waiting IN ({_WAITING}))
        )""",
        # Games from before this version: no time limit, their clock starting at their last change.
        "INSERT INTO clocks (game_id, started, hand) SELECT id, updated_at, to_act FROM games",
        """CREATE TABLE user_settings (
            user_id INTEGER PRIMARY KEY,
            reminders INTEGER NOT NULL DEFAULT 1
        )""",
        """CREATE TABLE vacations (
            user_id INTEGER NOT NULL,
            starts REAL NOT NULL,
            ends REAL NOT NULL,
            PRIMARY KEY (user_id, starts)
        )""",
        """CREATE TABLE votes (
            game_id INTEGER NOT NULL REFERENCES games(id),
            voter INTEGER NOT NULL,
            choice TEXT NOT NULL CHECK (choice IN ('end', 'replace')),
            target INTEGER,
            target_name TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            PRIMARY KEY (game_id, voter)
        )""",
        "DROP TRIGGER move_commits_insert",
        _MOVE_TRIGGER_HEAD + """            UPDATE clocks
                SET started = NEW.now, hand = NEW.to_act, reminded = 0, waiting = ''
                WHERE game_id = NEW.game_id AND (hand IS NOT NEW.to_act OR waiting != '');
            DELETE FROM votes WHERE game_id = NEW.game_id;
        END""",
    ),
    # 5: the outbox.  What a change must announce (posts, pings, DMs, lobby edits) is written in the
    # change's own transaction and marked sent once Discord has it (with its message id), so a crash
    # between the commit and the post delays the post instead of losing it.  A move still lands in one
    # statement: the view gained the move's announcements.
    (
        f"""CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            key TEXT NOT NULL UNIQUE,
            game_id INTEGER REFERENCES games(id),
            kind TEXT NOT NULL CHECK (kind IN ('post', 'dm', 'edit')),
            channel_id INTEGER,
            user_id INTEGER,
            role TEXT NOT NULL DEFAULT '',
            body TEXT NOT NULL,
            picture TEXT,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ({_DELIVERY})),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_try REAL,
            message_id INTEGER,
            created_at REAL NOT NULL,
            sent_at REAL,
            note TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX outbox_pending ON outbox(id) WHERE state = 'pending'",
        "CREATE INDEX outbox_game ON outbox(game_id, role, kind)",
        "DROP TRIGGER move_commits_insert",
        "DROP VIEW move_commits",
        """CREATE VIEW move_commits AS SELECT
            NULL AS game_id, NULL AS version, NULL AS seq, NULL AS seat, NULL AS action_key, NULL AS public,
            NULL AS state_json, NULL AS to_act, NULL AS status, NULL AS result, NULL AS now, NULL AS announce""",
        _MOVE_TRIGGER_HEAD + """            UPDATE clocks
                SET started = NEW.now, hand = NEW.to_act, reminded = 0, waiting = ''
                WHERE game_id = NEW.game_id AND (hand IS NOT NEW.to_act OR waiting != '');
            DELETE FROM votes WHERE game_id = NEW.game_id;
""" + "            " + OUTBOX_INSERT.format(items="COALESCE(NEW.announce, '[]')", game="NEW.game_id",
                                          now="NEW.now") + """;
        END""",
    ),
    # 6: names are stored as they may appear in a message (bot.text.escape_name): markdown shown as typed,
    # mentions that ping nobody.  Names stored before are escaped the same way here.
    tuple(f"UPDATE {table} SET {column} = " + _escaped_sql(column)
          for table, column in (("seats", "name"), ("votes", "target_name"))),
    # 7: where a table was opened (the channel whose thread holds it), so open lobbies can be counted
    # per channel; and the outbox by role and time, for announcements that must not repeat too often.
    (
        "ALTER TABLE games ADD COLUMN origin_id INTEGER",
        "UPDATE games SET origin_id = channel_id",
        "CREATE INDEX games_open_lobbies ON games(guild_id, created_by) WHERE status = 'lobby'",
        "CREATE INDEX outbox_role ON outbox(role, created_at)",
    ),
    # 8: computer players: a seat's level ('' for a person); the table's own settings (hints on or off);
    # and the deadline policy 'bot' — SQLite cannot change a CHECK, so the clocks table is rebuilt (the
    # legacy rename keeps the move trigger, which names the table, from being checked mid-way).
    (
        "PRAGMA legacy_alter_table = ON",
        f"""CREATE TABLE clocks_v8 (
            game_id INTEGER PRIMARY KEY REFERENCES games(id),
            pace TEXT NOT NULL DEFAULT 'none' CHECK (pace IN ({_PACES})),
            policy TEXT NOT NULL DEFAULT 'skip' CHECK (policy IN ({_POLICIES})),
            started REAL,
            hand TEXT NOT NULL DEFAULT '',
            reminded INTEGER NOT NULL DEFAULT 0,
            reminded_at REAL,
            waiting TEXT NOT NULL DEFAULT '' CHECK (waiting IN ({_WAITING}))
        )""",
        """INSERT INTO clocks_v8 (game_id, pace, policy, started, hand, reminded, reminded_at, waiting)
           SELECT game_id, pace, policy, started, hand, reminded, reminded_at, waiting FROM clocks""",
        "DROP TABLE clocks",
        "ALTER TABLE clocks_v8 RENAME TO clocks",
        "PRAGMA legacy_alter_table = OFF",
        "ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
    ),
    # 9: announcements are claimed by the process delivering them, for a while (a lease): two processes
    # never send one twice, and what a process that died had claimed is taken over when its lease ends.
    (
        "ALTER TABLE outbox ADD COLUMN claimed_by TEXT",
        "ALTER TABLE outbox ADD COLUMN claimed_until REAL",
    ),
    # 10: languages: the one a user chose with /language ('' = none) and their Discord client's, as last
    # seen (for DMs written while they are not the one clicking).
    (
        "ALTER TABLE user_settings ADD COLUMN language TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE user_settings ADD COLUMN locale TEXT NOT NULL DEFAULT ''",
    ),
    # 11: claims follow a process's health (bot.outbox).  A row waiting for its retry is held by nobody,
    # and ``failed_by`` names the process that failed it last (it lets the others try first); a process's
    # claims are found by their owner (the heartbeat extends or releases them); and the processes on the
    # database: their presence, heartbeat and shards (bot.presence).  Rows the old rule kept claimed while
    # they waited for a retry are let go.
    (
        "ALTER TABLE outbox ADD COLUMN failed_by TEXT",
        "CREATE INDEX outbox_claimed ON outbox(claimed_by) WHERE state = 'pending' AND claimed_by IS NOT NULL",
        """CREATE TABLE processes (
            owner TEXT PRIMARY KEY,
            shards TEXT NOT NULL,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            started REAL NOT NULL,
            beat REAL NOT NULL
        )""",
        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE state = 'pending' AND next_try IS NOT NULL",
    ),
    # 12: the computer's reviews of finished games (/review; bot.store.review_tables).
    SQLITE_MIGRATION,
)
SCHEMA_VERSION = len(MIGRATIONS)

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")

__all__ = ["MIGRATIONS", "OUTBOX_INSERT", "SCHEMA_VERSION", "connect", "decode_to_act", "encode_to_act", "migrate"]



async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the missing schema versions up to ``target``, each in its own transaction."""
    row = await (await db.execute("PRAGMA user_version")).fetchone()
    current = int(row[0]) if row is not None else 0
    if current > SCHEMA_VERSION:
        raise SchemaTooNew(f"the database is at schema version {current}, "
                           f"but this bot only knows up to {SCHEMA_VERSION}; upgrade the bot")
    for version in range(current + 1, target + 1):
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[version - 1]:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {version}")
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
    return max(current, target)


async def connect(path: str | Path, synchronous: str = "NORMAL") -> aiosqlite.Connection:
    """Open ``path`` (creating its directory) with the pragmas every connection needs."""
    if synchronous.upper() not in _SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {', '.join(_SYNCHRONOUS)}, not {synchronous!r}")
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly what we say.
    db = await aiosqlite.connect(str(path), isolation_level=None)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    await db.execute("PRAGMA foreign_keys = ON")
    await db.execute("PRAGMA busy_timeout = 5000")
    return db


