"""The SQLite implementation of ``bot.store.Store`` (aiosqlite, WAL, foreign keys on).

One connection serves the whole process.  aiosqlite runs its statements on one
worker thread, so two coroutines' statements could interleave inside one
transaction; ``self._lock`` makes every transaction and read exclusive.  SQLite
allows one writer at a time anyway, and a move's transaction is a handful of
statements.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import (
    ActionRow,
    ChannelBusy,
    EngineStats,
    GameParts,
    GameRow,
    LogStats,
    NewGame,
    Pace,
    Policy,
    SchemaTooNew,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    Timer,
    UserGame,
    Vacation,
    Vote,
    Waiting,
)

_STATUSES = ", ".join(f"'{s.value}'" for s in Status)
_PACES = ", ".join(f"'{p.value}'" for p in Pace)
_POLICIES = ", ".join(f"'{p.value}'" for p in Policy)
_WAITING = ", ".join(f"'{w.value}'" for w in Waiting)

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
            policy TEXT NOT NULL DEFAULT 'skip' CHECK (policy IN ({_POLICIES})),
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
)
SCHEMA_VERSION = len(MIGRATIONS)

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


def encode_to_act(seats: Sequence[int]) -> str:
    """``(0, 2)`` -> ``",0,2,"``: delimited on both sides so SQL can test membership with instr()."""
    return "," + ",".join(map(str, seats)) + "," if seats else ""


def decode_to_act(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.strip(",").split(",") if part)


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the missing schema versions up to ``target``, each in its own transaction."""
    (current,) = await (await db.execute("PRAGMA user_version")).fetchone()  # type: ignore[misc]
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


def _game(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"], engine=row["engine"], rules_version=row["rules_version"], seed=row["seed"],
        options=json.loads(row["options"]), guild_id=row["guild_id"], channel_id=row["channel_id"],
        status=Status(row["status"]), created_by=row["created_by"], created_at=row["created_at"],
        updated_at=row["updated_at"], seat_count=row["seat_count"], version=row["version"],
        to_act=decode_to_act(row["to_act"]),
        result=json.loads(row["result"]) if row["result"] is not None else None, note=row["note"],
    )


def _timer(row: aiosqlite.Row) -> Timer:
    people = json.loads(row["people"])
    return Timer(game_id=row["game_id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
                 engine=row["engine"], pace=Pace(row["pace"]), policy=Policy(row["policy"]),
                 started=row["started"] if row["started"] is not None else row["updated_at"],
                 to_act=decode_to_act(row["hand"]), reminded=row["reminded"], reminded_at=row["reminded_at"],
                 waiting=Waiting(row["waiting"]), users=tuple(u for u, _ in people),
                 names=tuple(n for _, n in people))


def _action(row: aiosqlite.Row) -> ActionRow:
    return ActionRow(seq=row["seq"], seat=row["seat"], action_key=row["action_key"], public=row["public"],
                     created_at=row["created_at"])


class SqliteStore:
    """``Store`` on one SQLite file.

    With ``synchronous=NORMAL`` (the default) a commit reaches the operating system before the
    call returns, so a crash of the bot loses nothing, but it is fsynced to disk only when the
    WAL is checkpointed.  A checkpoint every ``sync_interval`` seconds (when there were writes)
    bounds what a power loss can cost to about that long.  ``FULL`` fsyncs every commit."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL", sync_interval: float = 1.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self.synchronous = synchronous
        self.sync_interval = sync_interval
        self.checkpoints = 0              # periodic WAL syncs done (for tests and monitoring)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._dirty = False               # committed writes not yet synced by a checkpoint
        self._syncer: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self._db = await connect(self.path, self.synchronous)
        await migrate(self._db)
        if self.synchronous.upper() in ("OFF", "NORMAL") and self.sync_interval > 0:
            self._syncer = asyncio.create_task(self._sync_periodically())

    async def close(self) -> None:
        if self._syncer is not None:
            self._syncer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._syncer
            self._syncer = None
        if self._db is not None:
            await self._db.close()  # the last connection to close checkpoints the WAL
            self._db = None

    async def _sync_periodically(self) -> None:
        while True:
            await asyncio.sleep(self.sync_interval)
            if not self._dirty:
                continue
            self._dirty = False
            async with self._lock:
                # PASSIVE never waits for readers; in WAL mode with synchronous=NORMAL SQLite
                # fsyncs the WAL before checkpointing, which makes the commits so far durable.
                await self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self.checkpoints += 1

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open; call open() first")
        return self._db

    async def _fetch(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        async with self._lock:
            return list(await self.db.execute_fetchall(sql, args))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction.  BEGIN IMMEDIATE takes SQLite's write lock up front, so a
        second process waits (busy_timeout) instead of failing halfway through."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                await self.db.execute("COMMIT")
                self._dirty = True
            except BaseException:
                # Keep the original error: a failed ROLLBACK (no transaction left) says nothing new.
                with contextlib.suppress(sqlite3.Error):
                    await self.db.execute("ROLLBACK")
                raise

    async def _bump(self, db: aiosqlite.Connection, game_id: int, version: int, **sets: Any) -> None:
        """Advance the game's version, with ``sets``; StaleVersion if someone else already did."""
        columns = "".join(f", {name} = ?" for name in sets)
        cursor = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{columns} WHERE id = ? AND version = ?",
            (self.clock(), *sets.values(), game_id, version))
        if cursor.rowcount != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")

    # -- reading -------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", game_id)
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", channel_id)
        return _game(rows[0]) if rows else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)
        return _game(rows[0]) if rows else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch("SELECT * FROM seats WHERE game_id = ? ORDER BY seat, joined", game_id)
        return [SeatRow(user_id=r["user_id"], name=r["name"], seat=r["seat"], joined=r["joined"])
                for r in rows]

    async def read_state(self, game_id: int) -> StateRow | None:
        rows = await self._fetch("SELECT seq, state_json FROM state WHERE game_id = ?", game_id)
        return StateRow(seq=rows[0]["seq"], state_json=rows[0]["state_json"]) if rows else None

    async def live_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq", game_id)
        return [_action(r) for r in rows]

    _STATS = """COALESCE(SUM(undone = 0), 0) AS live,
                 COALESCE(MAX(CASE WHEN undone = 0 THEN seq END), 0) AS last_live,
                 COALESCE(MAX(seq), 0) AS max_seq,
                 (SELECT seat FROM actions WHERE game_id = ?1 AND undone = 0
                  ORDER BY seq DESC LIMIT 1) AS last_seat"""

    @staticmethod
    def _stats(row: aiosqlite.Row) -> LogStats:
        return LogStats(live=row["live"], last_live_seq=row["last_live"], max_seq=row["max_seq"],
                        last_seat=row["last_seat"])

    async def log_stats(self, game_id: int) -> LogStats:
        rows = await self._fetch(f"SELECT {self._STATS} FROM actions WHERE game_id = ?1", game_id)
        return self._stats(rows[0])

    async def game_parts(self, game_id: int) -> GameParts:
        # One query, not three: each query is a round trip to aiosqlite's thread.
        rows = await self._fetch(
            f"""SELECT {self._STATS},
                   (SELECT json_group_array(json_array(user_id, name, seat, joined))
                    FROM (SELECT * FROM seats WHERE game_id = ?1 ORDER BY seat, joined)) AS seats,
                   (SELECT seq FROM state WHERE game_id = ?1) AS state_seq,
                   (SELECT state_json FROM state WHERE game_id = ?1) AS state_json
                FROM actions WHERE game_id = ?1""", game_id)
        row = rows[0]
        seats = [SeatRow(user_id=u, name=n, seat=s, joined=j) for u, n, s, j in json.loads(row["seats"])]
        state = None if row["state_seq"] is None else StateRow(seq=row["state_seq"], state_json=row["state_json"])
        return GameParts(seats=seats, stats=self._stats(row), state=state)

    async def action_page(self, game_id: int, offset: int, limit: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq LIMIT ? OFFSET ?",
            game_id, limit, offset)
        return [_action(r) for r in rows]

    async def games_in_guild(self, guild_id: int, limit: int) -> list[GameRow]:
        rows = await self._fetch(
            """SELECT * FROM games WHERE guild_id = ?
               ORDER BY status IN ('lobby', 'running') DESC, updated_at DESC LIMIT ?""", guild_id, limit)
        return [_game(r) for r in rows]

    async def games_to_act(self, user_id: int) -> list[UserGame]:
        rows = await self._fetch(
            """SELECT g.*, s.seat AS my_seat FROM seats s JOIN games g ON g.id = s.game_id
               WHERE s.user_id = ? AND g.status = 'running' AND instr(g.to_act, ',' || s.seat || ',') > 0
               ORDER BY g.updated_at""", user_id)
        return [UserGame(game=_game(r), seat=r["my_seat"]) for r in rows]

    async def games_with_status(self, status: Status) -> list[GameRow]:
        rows = await self._fetch("SELECT * FROM games WHERE status = ? ORDER BY id", status.value)
        return [_game(r) for r in rows]

    # -- writing -------------------------------------------------------------

    async def create_game(self, new: NewGame) -> GameRow:
        now = self.clock()
        try:
            async with self._tx() as db:
                cursor = await db.execute(
                    """INSERT INTO games (engine, rules_version, seed, options, guild_id, channel_id, status,
                                          created_by, created_at, updated_at, seat_count)
                       VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)""",
                    (new.engine, new.rules_version, new.seed, json.dumps(new.options), new.guild_id,
                     new.channel_id, new.created_by, now, now, new.seat_count))
                game_id = cursor.lastrowid
                await db.execute("INSERT INTO seats (game_id, user_id, name, joined) VALUES (?, ?, ?, 0)",
                                 (game_id, new.created_by, new.creator_name))
                await db.execute("INSERT INTO clocks (game_id, pace, policy) VALUES (?, ?, ?)",
                                 (game_id, Pace(new.pace).value, Policy(new.policy).value))
        except sqlite3.IntegrityError:
            # The partial unique index: the channel has an active game (perhaps from another process).
            busy = await self.active_game(new.channel_id)
            if busy is None:
                raise
            raise ChannelBusy(busy) from None
        game = await self.get_game(game_id)  # type: ignore[arg-type]
        assert game is not None
        return game

    async def add_seat(self, game_id: int, version: int, user_id: int, name: str) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version)
            await db.execute(
                """INSERT INTO seats (game_id, user_id, name, joined)
                   VALUES (?, ?, ?, (SELECT COALESCE(MAX(joined), -1) + 1 FROM seats WHERE game_id = ?))""",
                (game_id, user_id, name, game_id))

    async def remove_seat(self, game_id: int, version: int, user_id: int) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version)
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ? AND seat IS NULL",
                             (game_id, user_id))

    async def start_game(self, game_id: int, version: int, order: list[int], rules_version: int,
                         state_json: str, to_act: tuple[int, ...]) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version, status=Status.RUNNING.value, rules_version=rules_version,
                             to_act=encode_to_act(to_act))
            await db.executemany("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                                 [(seat, game_id, user) for seat, user in enumerate(order)])
            await db.execute("INSERT INTO state (game_id, seq, state_json) VALUES (?, 0, ?)",
                             (game_id, state_json))
            await self._restart_clock(db, game_id, to_act)

    async def append_action(self, game_id: int, version: int, seq: int, seat: int, action_key: str,
                            public: str, state_json: str, to_act: tuple[int, ...],
                            result: dict[str, Any] | None) -> None:
        status, result_json = (None, None) if result is None else (Status.FINISHED.value, json.dumps(result))
        try:
            async with self._lock:
                await self.db.execute(
                    """INSERT INTO move_commits (game_id, version, seq, seat, action_key, public, state_json,
                                                 to_act, status, result, now)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    (game_id, version, seq, seat, action_key, public, state_json, encode_to_act(to_act),
                     status, result_json, self.clock()))
                self._dirty = True
        except sqlite3.IntegrityError as err:  # the version moved, or (game_id, seq) is taken
            raise StaleVersion(f"game {game_id} moved on before action {seq}: {err}") from err

    async def undo_action(self, game_id: int, version: int, seq: int, state_seq: int, state_json: str,
                          to_act: tuple[int, ...]) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version, to_act=encode_to_act(to_act))
            cursor = await db.execute(
                "UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ? AND undone = 0", (game_id, seq))
            if cursor.rowcount != 1:
                raise StaleVersion(f"action {seq} of game {game_id} is not live")
            await db.execute("INSERT OR REPLACE INTO state (game_id, seq, state_json) VALUES (?, ?, ?)",
                             (game_id, state_seq, state_json))
            await self._restart_clock(db, game_id, to_act, only_if_changed=True)

    async def end_game(self, game_id: int, version: int, status: Status,
                       result: dict[str, Any] | None, note: str) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version, status=status.value, to_act="", note=note,
                             result=None if result is None else json.dumps(result))

    async def repair_state(self, game_id: int, version: int, state_seq: int, state_json: str,
                           rules_version: int) -> None:
        # A rebuilt cache row is the same game, so the version is checked (the log must not have
        # moved meanwhile) but not bumped: other processes' copies stay valid.
        async with self._tx() as db:
            cursor = await db.execute("UPDATE games SET rules_version = ? WHERE id = ? AND version = ?",
                                      (rules_version, game_id, version))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")
            await db.execute("INSERT OR REPLACE INTO state (game_id, seq, state_json) VALUES (?, ?, ?)",
                             (game_id, state_seq, state_json))

    # -- clocks, reminders, vacations, votes, replacements, results -----------

    async def _restart_clock(self, db: aiosqlite.Connection, game_id: int, to_act: tuple[int, ...] | None,
                             only_if_changed: bool = False) -> None:
        """A new hand-over: the clock starts now, no reminder sent yet, no longer waiting, no vote."""
        hand = "hand" if to_act is None else "?"
        args: tuple[Any, ...] = (self.clock(),) + (() if to_act is None else (encode_to_act(to_act),))
        where = " AND (hand IS NOT ? OR waiting != '')" if only_if_changed and to_act is not None else ""
        extra = (encode_to_act(to_act),) if where else ()
        await db.execute("INSERT INTO clocks (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING", (game_id,))
        await db.execute(f"UPDATE clocks SET started = ?, hand = {hand}, reminded = 0, waiting = '' "
                         f"WHERE game_id = ?{where}", (*args, game_id, *extra))
        await db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))

    _TIMERS = """SELECT c.*, g.guild_id, g.channel_id, g.engine, g.updated_at,
                   (SELECT json_group_array(json_array(user_id, name))
                    FROM (SELECT user_id, name FROM seats WHERE game_id = g.id ORDER BY seat)) AS people
                 FROM clocks c JOIN games g ON g.id = c.game_id"""

    async def timer(self, game_id: int) -> Timer | None:
        rows = await self._fetch(self._TIMERS + " WHERE c.game_id = ?", game_id)
        return _timer(rows[0]) if rows else None

    async def running_timers(self) -> list[Timer]:
        rows = await self._fetch(self._TIMERS + " WHERE g.status = 'running' ORDER BY g.id")
        return [_timer(r) for r in rows]

    async def mark_reminded(self, game_id: int, started: float, reminded: int, at: float) -> bool:
        """Record reminders sent for the hand-over that began at ``started``; False if it has ended."""
        async with self._tx() as db:
            cursor = await db.execute(
                "UPDATE clocks SET reminded = ?, reminded_at = ? WHERE game_id = ? AND started = ?",
                (reminded, at, game_id, started))
            return cursor.rowcount == 1

    async def set_waiting(self, game_id: int, version: int, waiting: Waiting) -> None:
        async with self._tx() as db:
            cursor = await db.execute(
                """UPDATE clocks SET waiting = ? WHERE game_id = ?
                   AND EXISTS (SELECT 1 FROM games WHERE id = ? AND version = ?)""",
                (waiting.value, game_id, game_id, version))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")

    async def reminder_opt_outs(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetch(
            f"SELECT user_id FROM user_settings WHERE reminders = 0 AND user_id IN ({marks})", *user_ids)
        return {r["user_id"] for r in rows}

    async def set_reminders(self, user_id: int, on: bool) -> None:
        async with self._tx() as db:
            await db.execute("""INSERT INTO user_settings (user_id, reminders) VALUES (?, ?)
                                ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders""",
                             (user_id, int(on)))

    async def vacations(self, user_ids: list[int] | None, since: float) -> list[Vacation]:
        """Vacations ending after ``since`` (of these users, or of everyone)."""
        where, args = "ends > ?", [since]
        if user_ids is not None:
            if not user_ids:
                return []
            where += f" AND user_id IN ({','.join('?' * len(user_ids))})"
            args += user_ids
        rows = await self._fetch(f"SELECT * FROM vacations WHERE {where} ORDER BY user_id, starts", *args)
        return [Vacation(r["user_id"], r["starts"], r["ends"]) for r in rows]

    async def start_vacation(self, user_id: int, start: float, end: float) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ?",
                             (start, user_id, start, start))
            await db.execute("INSERT OR REPLACE INTO vacations (user_id, starts, ends) VALUES (?, ?, ?)",
                             (user_id, start, end))

    async def end_vacation(self, user_id: int, at: float) -> bool:
        async with self._tx() as db:
            cursor = await db.execute(
                "UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ?",
                (at, user_id, at, at))
            return cursor.rowcount > 0

    async def cast_vote(self, game_id: int, vote: Vote) -> None:
        async with self._tx() as db:
            await db.execute(
                """INSERT OR REPLACE INTO votes (game_id, voter, choice, target, target_name, created_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (game_id, vote.voter, vote.choice, vote.target, vote.target_name, self.clock()))

    async def votes(self, game_id: int) -> list[Vote]:
        rows = await self._fetch("SELECT * FROM votes WHERE game_id = ? ORDER BY created_at, voter", game_id)
        return [Vote(r["voter"], r["choice"], r["target"], r["target_name"]) for r in rows]

    async def replace_seat(self, game_id: int, version: int, seat: int, user_id: int, name: str) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version)
            cursor = await db.execute("UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                                      (user_id, name, game_id, seat))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} has no seat {seat}")
            await self._restart_clock(db, game_id, None)

    async def stats(self, guild_id: int, user_id: int) -> list[EngineStats]:
        rows = await self._fetch(
            """SELECT g.engine, COUNT(*) AS played,
                      COALESCE(SUM(json_extract(g.result, '$.ranks[' || s.seat || ']') = 1), 0) AS won
               FROM seats s JOIN games g ON g.id = s.game_id
               WHERE g.guild_id = ? AND s.user_id = ? AND g.status = 'finished' AND g.result IS NOT NULL
               GROUP BY g.engine ORDER BY g.engine""", guild_id, user_id)
        return [EngineStats(r["engine"], r["played"], r["won"]) for r in rows]
