"""``python -m bot migrate``: move the bot's SQLite file into a PostgreSQL database, and check the result.

Everything is copied with its ids: every game (whatever its status), its seats, its whole action log (undone
rows too), the state cache, clocks, votes, vacations, reminder settings, ratings (with the games they rest on
and who held each seat), the computer's reviews (a claim on one under way too: its lease has run out by the time a
bot runs on the target, so the next request takes it over) and the outbox (pending rows are
delivered by the bot afterwards; sent rows keep their message ids, so later edits find their messages).
Then the target's id sequences are moved past the largest copied id, so a new game gets a fresh one.

The SQLite file is never written: it is copied first (SQLite's backup: a consistent snapshot even while a
bot has it open) into a temporary file, which is brought to the current SQLite schema when an older bot
wrote it; the rows are read from that copy.  The target is migrated to the current PostgreSQL schema and
must hold no rows in the copied tables unless ``--force`` (which empties them); the copy is one transaction
on the target, with the row counts checked before it commits: all or nothing.

After the commit every started game is replayed from the target with its engine: it must replay, and when
its state cache is current (same last move, same rules version) the replayed state must equal the cache and
a running game's recorded seats to act.  A game marked broken in SQLite is copied as is and counted, not
replayed.  Exit codes: 0 done; 1 the copy failed, or a game does not replay on the target (the target was
written: fix the cause, then ``--force`` redoes it); 2 the command cannot start (no SQLite file, a file
written by a newer bot, PostgreSQL unreachable, a target that is not empty, a bad argument).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote, urlsplit

import aiosqlite
import asyncpg

import engines
from bot.store import SchemaTooNew, Status, postgres, redact_url, sqlite
from bot.store.codec import decode_to_act
from bot.store.opening import url_secrets
from engines import AnyEngine

EngineLookup = Callable[[str], AnyEngine]

OK, FAILED, CANNOT_START = 0, 1, 2
#: Games copied (and verified) per progress line.
BATCH = 100

USAGE = "python -m bot migrate --to postgresql://USER:PASSWORD@HOST/DB [--from PATH] [--force | --verify]"
DESCRIPTION = """Copy everything in the bot's SQLite file (games in every state with their seats, action
logs, state caches and clocks; votes, vacations, reminder settings, ratings, reviews and the outbox) into a PostgreSQL
database, keeping every id, then replay each started game from PostgreSQL to check it.  Stop the bot first.
The SQLite file is only read.  Then set DATABASE_URL to the same URL and start the bot."""

# The copied tables, parents first (the foreign keys): each column with how its value crosses over ("f": a
# float, "b": SQLite's 0/1 as a boolean, "": as it is).  The columns are those of both schemas' current shape.
_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (("id", ""), ("engine", ""), ("rules_version", ""), ("seed", ""), ("options", ""),
              ("guild_id", ""), ("channel_id", ""), ("status", ""), ("created_by", ""), ("created_at", "f"),
              ("updated_at", "f"), ("seat_count", ""), ("to_act", ""), ("result", ""), ("note", ""),
              ("version", ""), ("origin_id", ""), ("settings", "")),
    "seats": (("game_id", ""), ("user_id", ""), ("name", ""), ("seat", ""), ("joined", ""), ("level", "")),
    "actions": (("game_id", ""), ("seq", ""), ("seat", ""), ("action_key", ""), ("public", ""),
                ("created_at", "f"), ("undone", "b")),
    "state": (("game_id", ""), ("seq", ""), ("state_json", "")),
    "clocks": (("game_id", ""), ("pace", ""), ("policy", ""), ("started", "f"), ("hand", ""), ("reminded", ""),
               ("reminded_at", "f"), ("waiting", "")),
    "votes": (("game_id", ""), ("voter", ""), ("choice", ""), ("target", ""), ("target_name", ""),
              ("created_at", "f")),
    "vacations": (("user_id", ""), ("starts", "f"), ("ends", "f")),
    "user_settings": (("user_id", ""), ("reminders", "b"), ("language", ""), ("locale", "")),
    "outbox": (("id", ""), ("key", ""), ("game_id", ""), ("kind", ""), ("channel_id", ""), ("user_id", ""),
               ("role", ""), ("body", ""), ("picture", ""), ("state", ""), ("attempts", ""), ("next_try", "f"),
               ("message_id", ""), ("created_at", "f"), ("sent_at", "f"), ("note", ""), ("claimed_by", ""),
               ("claimed_until", "f"), ("failed_by", "")),
    "rated_games": (("game_id", ""), ("guild_id", ""), ("engine", ""), ("n", ""), ("rated_at", "f")),
    "rating_changes": (("game_id", ""), ("seat", ""), ("user_id", ""), ("level", ""), ("place", ""),
                       ("mu_before", "f"), ("sigma_before", "f"), ("mu", "f"), ("sigma", "f")),
    "seat_holders": (("game_id", ""), ("seat", ""), ("user_id", ""), ("until_seq", "")),
    "ratings": (("guild_id", ""), ("engine", ""), ("user_id", ""), ("level", ""), ("name", ""), ("mu", "f"),
                ("sigma", "f"), ("games", ""), ("wins", ""), ("places", "")),
    "reviews": (("game_id", ""), ("body", ""), ("created_at", "f"), ("claimed_by", ""), ("claimed_until", "f")),
}
TABLES = tuple(_COLUMNS)
#: The tables whose rows belong to a game, copied with their games batch by batch (their order in the key).
_PER_GAME = ("seats", "actions", "state", "clocks", "votes", "outbox", "rated_games", "rating_changes", "seat_holders",
             "reviews")
#: Identity columns whose sequences must continue after the copied ids.
_IDENTITIES = ("games", "outbox")


class Refused(Exception):
    """The migration cannot start or cannot go on; the message is one line for the operator."""


@dataclass
class Report:
    """What was copied and what the check found."""

    games: int = 0
    actions: int = 0
    outbox: int = 0
    verified: int = 0
    broken: int = 0
    failures: list[str] = field(default_factory=list)

    def summary(self, url: str) -> str:
        return (f"migrated games={self.games} actions={self.actions} outbox={self.outbox} "
                f"verified={self.verified} broken={self.broken} to {redact_url(url)}")


def _value(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == "f":
        return float(value)
    if kind == "b":
        return bool(value)
    return value


def _records(table: str, rows: Sequence[aiosqlite.Row]) -> list[tuple[Any, ...]]:
    columns = _COLUMNS[table]
    return [tuple(_value(kind, row[name]) for name, kind in columns) for row in rows]


def _select(table: str, where: str = "") -> str:
    names = ", ".join(name for name, _ in _COLUMNS[table])
    return f"SELECT {names} FROM {table}{where}"


def _one_line(err: BaseException, url: str = "") -> str:
    """An error as one short line, without the URL's password."""
    text = " ".join(str(err).split()) or type(err).__name__
    for secret in sorted(url_secrets(url), key=len, reverse=True) if url else ():
        text = text.replace(secret, "***")
    return text if len(text) <= 200 else text[:199] + "…"


def _check_url(url: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
        ok = parts.scheme in ("postgresql", "postgres") and bool(
            parts.netloc or parts.query or parts.path.strip("/"))
    except ValueError:
        ok = False
    if not ok:
        raise Refused(f"--to {redact_url(url)!r} is not a PostgreSQL URL: postgresql://user:password@host:port/dbname")


# ---------------------------------------------------------------------------------------------- the source

def snapshot_sqlite(source: Path, into: Path) -> None:
    """Copy the SQLite file ``source`` (opened read-only) to ``into``: a consistent snapshot of it."""
    if not source.is_file():
        raise Refused(f"No SQLite file at {source}: give its path with --from (or set DATABASE_PATH).")
    try:
        src = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)
    except sqlite3.Error as err:
        raise Refused(f"Cannot open the SQLite file {source} ({_one_line(err)}).") from None
    try:
        version = int(src.execute("PRAGMA user_version").fetchone()[0])
        if version > sqlite.SCHEMA_VERSION:
            raise Refused(f"The SQLite file {source} is at schema version {version}, but this bot only knows up "
                          f"to {sqlite.SCHEMA_VERSION}: it was written by a newer bot; migrate with that one.")
        dst = sqlite3.connect(into)
        try:
            src.backup(dst)
        finally:
            dst.close()
    except sqlite3.Error as err:  # "file is not a database", a locked or damaged file
        raise Refused(f"Cannot read the SQLite file {source} ({_one_line(err)}).") from None
    finally:
        src.close()


async def open_snapshot(path: Path) -> aiosqlite.Connection:
    """The snapshot, brought to the current SQLite schema (an older bot's file gains the newer columns)."""
    db = await sqlite.connect(path)
    try:
        await sqlite.migrate(db)
    except BaseException:
        await db.close()
        raise
    return db


async def _fetch(db: aiosqlite.Connection, sql: str, *args: Any) -> list[aiosqlite.Row]:
    return list(await db.execute_fetchall(sql, args))


async def _count(db: aiosqlite.Connection, table: str) -> int:
    rows = await _fetch(db, f"SELECT COUNT(*) AS n FROM {table}")
    return int(rows[0]["n"])


async def _next_ids(db: aiosqlite.Connection) -> dict[str, int]:
    """Per identity table, the largest id it has handed out (SQLite's AUTOINCREMENT remembers ids of rows
    gone since; the target continues after those too)."""
    found = {table: 0 for table in _IDENTITIES}
    for table in _IDENTITIES:
        rows = await _fetch(db, f"SELECT COALESCE(MAX(id), 0) AS top FROM {table}")
        found[table] = int(rows[0]["top"])
    for row in await _fetch(db, "SELECT name, seq FROM sqlite_sequence"):
        if row["name"] in found:
            found[row["name"]] = max(found[row["name"]], int(row["seq"]))
    return found


# ---------------------------------------------------------------------------------------------- the target

async def connect_target(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(url, timeout=15)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        raise Refused(f"Cannot open the PostgreSQL database at {redact_url(url)} ({_one_line(err, url)}): check the "
                      "URL, that the server runs and that the user may log in.") from None


async def _occupied(conn: asyncpg.Connection) -> list[str]:
    """The copied tables that already hold rows on the target."""
    found = await conn.fetchrow("SELECT " + ", ".join(f"EXISTS (SELECT 1 FROM {t}) AS {t}" for t in TABLES))
    return [t for t in TABLES if found[t]]


async def _complete(db: aiosqlite.Connection, conn: asyncpg.Connection) -> bool:
    """Whether the target holds as many rows as the SQLite file in every copied table: a finished copy (one
    transaction wrote them all, or none)."""
    for table in TABLES:
        if await _count(db, table) != int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}")):
            return False
    return True


async def copied(db: aiosqlite.Connection, conn: asyncpg.Connection, url: str) -> Report:
    """``--verify``: the report of a copy already made (the target must hold all of it), to be checked again."""
    if not await _complete(db, conn):
        raise Refused(f"The PostgreSQL database at {redact_url(url)} does not hold a complete copy of this SQLite "
                      "file: run without --verify to copy it (with --force if it has rows).")
    report = Report()
    report.games = await _count(db, "games")
    report.actions = await _count(db, "actions")
    report.outbox = await _count(db, "outbox")
    return report


async def copy(db: aiosqlite.Connection, conn: asyncpg.Connection, url: str, force: bool,
               out: TextIO) -> Report:
    """Copy every row into the (migrated) target in one transaction; the counts are checked before the commit."""
    report = Report()
    games = [int(r["id"]) for r in await _fetch(db, "SELECT id FROM games ORDER BY id")]
    async with conn.transaction():
        occupied = await _occupied(conn)
        if occupied and not force and await _complete(db, conn):
            raise Refused(f"The PostgreSQL database at {redact_url(url)} already holds a complete copy of this "
                          f"SQLite file ({len(games)} games), not known to be checked (a migrate stopped during "
                          "its check?). Run again with --verify to check it, or with --force to copy again.")
        if occupied and not force:
            raise Refused(f"The PostgreSQL database at {redact_url(url)} is not empty (it has rows in "
                          f"{', '.join(occupied)}); nothing was copied. Give --force to empty those tables and "
                          "copy again.")
        if occupied:
            # CASCADE: a table tied to the games but not copied (none today) would be emptied too.
            await conn.execute(f"TRUNCATE {', '.join(TABLES)} CASCADE")
        print(f"copying {len(games)} games to {redact_url(url)}" + (" (emptied first)" if occupied else ""),
              file=out, flush=True)
        for start in range(0, len(games), BATCH):
            batch = games[start:start + BATCH]
            low, high = batch[0], batch[-1]
            await _copy(conn, "games", await _fetch(db, _select("games", " WHERE id BETWEEN ? AND ? ORDER BY id"),
                                                    low, high))
            for table in _PER_GAME:
                rows = await _fetch(db, _select(table, " WHERE game_id BETWEEN ? AND ?"), low, high)
                await _copy(conn, table, rows)
            if len(games) > BATCH:
                print(f"copied {start + len(batch)}/{len(games)} games", file=out, flush=True)
        await _copy(conn, "outbox", await _fetch(db, _select("outbox", " WHERE game_id IS NULL")))
        await _copy(conn, "vacations", await _fetch(db, _select("vacations")))
        await _copy(conn, "user_settings", await _fetch(db, _select("user_settings")))
        await _copy(conn, "ratings", await _fetch(db, _select("ratings")))
        for table, top in (await _next_ids(db)).items():
            # The next id handed out is top + 1 (setval with is_called false: the next is exactly 1).
            await conn.execute("SELECT setval(pg_get_serial_sequence($1, 'id'), $2, $3)",
                               table, max(top, 1), top > 0)
        for table in TABLES:
            want, got = await _count(db, table), int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))
            if want != got:
                raise RuntimeError(f"{table}: {got} rows on the target, {want} in the SQLite file")
    report.games = len(games)
    report.actions = await _count(db, "actions")
    report.outbox = await _count(db, "outbox")
    return report


async def _copy(conn: asyncpg.Connection, table: str, rows: Sequence[aiosqlite.Row]) -> None:
    if rows:
        await conn.copy_records_to_table(table, records=_records(table, rows),
                                         columns=[name for name, _ in _COLUMNS[table]])


# ---------------------------------------------------------------------------------------------- verifying

def _canonical(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def verify(conn: asyncpg.Connection, lookup: EngineLookup, report: Report, out: TextIO) -> None:
    """Replay every started game from the target; note each failure in ``report``."""
    games = await conn.fetch("SELECT id, engine, rules_version, seed, options, status, to_act FROM games ORDER BY id")
    for done, game in enumerate(games, start=1):
        if game["status"] == Status.BROKEN.value:
            report.broken += 1
        else:
            why = await _check_game(conn, lookup, game)
            if why is True:
                report.verified += 1
            elif why:
                report.failures.append(f"game {game['id']} ({game['engine']}, {game['status']}): {why}")
        if len(games) > BATCH and (done % BATCH == 0 or done == len(games)):
            print(f"verified {done}/{len(games)} games", file=out, flush=True)


async def _check_game(conn: asyncpg.Connection, lookup: EngineLookup, game: asyncpg.Record) -> str | bool:
    """True: the game replays (and matches what is stored); False: nothing to check (never started);
    otherwise why it fails."""
    game_id, status = game["id"], Status(game["status"])
    state = await conn.fetchrow("SELECT seq, state_json FROM state WHERE game_id = $1", game_id)
    if state is None and status not in (Status.RUNNING, Status.FINISHED):
        return False  # a lobby, a cancelled one, or one abandoned before it started
    try:
        engine = lookup(game["engine"])
    except KeyError:
        return f"no engine called {game['engine']!r} is installed"
    seats = int(await conn.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", game_id))
    log = [(r["seat"], r["action_key"]) for r in await conn.fetch(
        "SELECT seat, action_key, seq FROM actions WHERE game_id = $1 AND NOT undone ORDER BY seq", game_id)]
    try:
        replayed = engine.replay(seats, game["seed"], json.loads(game["options"]), log)
    except Exception as err:
        return f"its log of {len(log)} live moves does not replay ({_one_line(err)})"
    last = int(await conn.fetchval(
        "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1 AND NOT undone", game_id))
    if state is None or state["seq"] != last or game["rules_version"] != engine.rules_version:
        return True  # no current state cache to compare with: the bot rebuilds it from the log
    try:
        cached = json.loads(state["state_json"])
    except ValueError:
        return True  # a damaged cache row: the bot rebuilds it from the log too
    if _canonical(engine.dump(replayed)) != cached:
        return "the replayed state differs from its state cache"
    if status is Status.RUNNING and tuple(engine.to_act(replayed)) != decode_to_act(game["to_act"]):
        return (f"the replay has seats {list(engine.to_act(replayed))} to act, the game records "
                f"{list(decode_to_act(game['to_act']))}")
    return True


# ---------------------------------------------------------------------------------------------- the command

async def migrate(source: Path, url: str, *, force: bool = False, lookup: EngineLookup = engines.get,
                  out: TextIO = sys.stdout, verify_only: bool = False) -> Report:
    """Copy ``source`` into the database at ``url`` and verify it (``verify_only``: verify a copy already
    made); Refused when it cannot start."""
    _check_url(url)
    with tempfile.TemporaryDirectory(prefix="bot-migrate-") as tmp:
        snapshot = Path(tmp) / "snapshot.sqlite3"
        snapshot_sqlite(source, snapshot)
        db = await open_snapshot(snapshot)
        try:
            conn = await connect_target(url)
            try:
                try:
                    await postgres.migrate(conn)
                except SchemaTooNew as err:
                    raise Refused(f"The PostgreSQL database at {redact_url(url)}: {err}.") from None
                report = await (copied(db, conn, url) if verify_only else copy(db, conn, url, force, out))
                try:
                    await verify(conn, lookup, report, out)
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
                    report.failures.append(f"the check stopped before the end ({_one_line(err, url)})")
            finally:
                await conn.close()
        finally:
            await db.close()
    return report


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="python -m bot migrate", usage=USAGE, description=DESCRIPTION)
    parse.add_argument("--to", required=True, metavar="URL",
                       help="the PostgreSQL database to copy into: postgresql://user:password@host:port/dbname")
    parse.add_argument("--from", dest="source", type=Path, metavar="PATH",
                       help="the SQLite file to copy (default: DATABASE_PATH from the environment or .env)")
    chosen = parse.add_mutually_exclusive_group()
    chosen.add_argument("--force", action="store_true",
                        help="empty the target's game tables first when they hold rows (otherwise refused)")
    chosen.add_argument("--verify", action="store_true",
                        help="copy nothing: check a complete copy already made (one whose check was cut short)")
    return parse


def main(argv: list[str], env: Mapping[str, str] | None = None, lookup: EngineLookup = engines.get,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    try:
        args = parser().parse_args(argv)
    except SystemExit as done:  # --help, or a usage error (argparse has said why)
        return done.code if isinstance(done.code, int) else CANNOT_START
    url: str = args.to
    source: Path | None = args.source
    if source is None:
        from bot.config import Config, SettingError, read_env_file

        try:
            source = Config.from_env(read_env_file() if env is None else env).database_path
        except SettingError as why:
            print(why, file=err)
            return CANNOT_START
    try:
        report = asyncio.run(migrate(source, url, force=args.force, lookup=lookup, out=out, verify_only=args.verify))
    except Refused as why:
        print(why, file=err)
        return CANNOT_START
    except (OSError, sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, RuntimeError) as why:
        print(f"The copy failed ({_one_line(why, url)}); nothing was written to the target.", file=err)
        return FAILED
    for failure in report.failures:
        print(f"not verified: {failure}", file=err)
    print(report.summary(url), file=out)
    if report.failures:
        print(f"{len(report.failures)} game(s) do not replay on the target. The target was written: fix the cause "
              "and run again with --force to redo the copy.", file=err)
        return FAILED
    return OK
