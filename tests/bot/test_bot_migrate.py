"""``python -m bot migrate``: a SQLite file with games in every state is copied into PostgreSQL whole (ids
kept, every table alike), each started game replays the same there, and play goes on on the target."""

from __future__ import annotations

import asyncio
import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot import migrate as migrate_module
from bot.migrate import main
from bot.outbox import Deliverer
from bot.scheduler import Scheduler
from bot.store import Status, Store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.helpers import (
    ANN,
    BO,
    CY,
    DEE,
    GUILD,
    FakeClock,
    RecordingTransport,
    ok,
    opened,
    play,
    player_to_act,
    started,
)
from tests.bot.tinygame import ENGINE, StricterSprint, lookup
from tests.old_schemas import old_sqlite_file
from tests.sql import rows

USERS = (ANN, BO, CY, DEE)
#: The channel of each game built below (game ids follow in this order).
LOBBY, RUNNING, FINISHED, ABANDONED, CANCELLED, BROKEN, WITH_BOT, VOTING = range(1, 9)
STARTED = (RUNNING, FINISHED, ABANDONED, WITH_BOT, VOTING)  # replayed by the check (BROKEN is not)
ORDER = {"games": "id", "seats": "game_id, user_id", "actions": "game_id, seq", "state": "game_id",
         "clocks": "game_id", "votes": "game_id, voter", "vacations": "user_id, starts",
         "user_settings": "user_id", "outbox": "id", "ratings": "guild_id, engine, user_id, level",
         "rated_games": "game_id", "rating_changes": "game_id, seat", "seat_holders": "game_id, seat, until_seq",
         "reviews": "game_id"}
#: A finished game's review as the bot keeps it (its findings' JSON: what it says does not matter to the copy).
REVIEW = '{"iterations": 7, "seats": [{"seat": 0, "decisions": 2, "weighed": 2, "mean_drop": 0.25, "worst": []}]}'


async def build(path: Path, clock: FakeClock) -> RecordingTransport:
    """A SQLite file made through the table service, one game per channel (see the constants above);
    returns the transport that delivered the first announcements (their message ids are in the outbox)."""
    store = SqliteStore(path, clock=clock)
    await store.open()
    service = TableService(store, engines_lookup=lookup, clock=clock)
    transport = RecordingTransport()
    try:
        ok(await service.create("sprint", GUILD, LOBBY, ANN, seats=3, seed=1))
        await started(service, channel=RUNNING, seed=2)
        ok(await play(service, "end", RUNNING))
        mover = await player_to_act(service, RUNNING)
        ok(await service.act(RUNNING, mover, "step"))
        ok(await service.undo(RUNNING, mover))                  # an undone row, kept in the log
        ok(await service.act(RUNNING, mover, "step"))
        ok(await service.replace(RUNNING, mover, DEE))          # an earlier holder of a seat, for ratings
        await started(service, channel=FINISHED, seed=3)
        ok(await play(service, "end", FINISHED))
        ok(await service.resign(FINISHED, BO))                  # finished, ranked: in the stats and the ratings
        await store.put_review(FINISHED, REVIEW)                # reviewed (/review)
        await started(service, channel=ABANDONED, seed=4)
        ok(await play(service, "step", ABANDONED))
        ok(await service.abandon(ABANDONED, ANN))
        assert await store.claim_review(ABANDONED, "gone:1:dead", 60)  # a review under way when the bot stopped
        ok(await service.create("sprint", GUILD, CANCELLED, BO, seats=2, seed=5))
        ok(await service.cancel(CANCELLED, BO))
        await started(service, channel=BROKEN, seed=6)
        ok(await play(service, "step", BROKEN))
        stricter = TableService(store, engines_lookup={"sprint": StricterSprint()}.__getitem__, clock=clock)
        assert (await stricter.act(BROKEN, ANN, "end")).problem is not None  # marks it broken, as the bot does
        ok(await service.create("sprint", GUILD, WITH_BOT, CY, seats=2, seed=8, bots=1, level="easy"))
        await Deliverer(store, transport, None, clock=clock).drain()  # all so far sent, with message ids
        ok(await service.create("sprint", GUILD, VOTING, ANN, seats=3, seed=9, pace="daily", deadline="vote"))
        for user in (BO, CY):
            ok(await service.join(VOTING, user))
        absent = await player_to_act(service, VOTING)
        await Scheduler(service).tick(clock.at(24))              # the deadline passes: a vote opens
        voter = next(u for u in (ANN, BO, CY) if u != absent)
        ok(await service.vote(None, voter, "replace", DEE, game_id=VOTING))   # one vote of two: still open
        ok(await service.join(LOBBY, BO))                        # a pending edit of a sent lobby message
        ok(await service.vacation(DEE, 3))
        ok(await service.set_reminders(BO, False))
    finally:
        await store.close()
    return transport


@pytest.fixture
async def built(db_path: Path) -> RecordingTransport:
    return await build(db_path, FakeClock())


async def run(*argv: str, engines_lookup: Any = lookup) -> tuple[int, str, str]:
    """``python -m bot migrate ARGV`` in a thread (it runs its own event loop): exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = await asyncio.to_thread(main, list(argv), {}, engines_lookup, out, err)
    return code, out.getvalue(), err.getvalue()


async def table_rows(store: Any, columns: dict[str, list[str]]) -> dict[str, list[tuple[Any, ...]]]:
    return {table: await rows(store, f"SELECT {', '.join(names)} FROM {table} ORDER BY {ORDER[table]}")
            for table, names in columns.items()}


async def pg_columns(url: str) -> dict[str, list[str]]:
    """Every column of the copied tables, as the PostgreSQL schema has them."""
    conn = await asyncpg.connect(url)
    try:
        found = await conn.fetch("""SELECT table_name, column_name FROM information_schema.columns
                                    WHERE table_schema = 'public' ORDER BY table_name, ordinal_position""")
    finally:
        await conn.close()
    columns: dict[str, list[str]] = {}
    for r in found:
        if r["table_name"] in ORDER:
            columns.setdefault(r["table_name"], []).append(r["column_name"])
    assert set(columns) == set(ORDER)
    return columns


async def through_the_store(store: Store) -> list[Any]:
    """What the store's own reads return, for every game, user and table."""
    ids = [g.id for s in Status for g in await store.games_with_status(s)]
    seen: list[Any] = [sorted(ids)]
    for game_id in sorted(ids):
        seen += [await store.get_game(game_id), await store.seats(game_id), await store.live_actions(game_id),
                 await store.read_state(game_id), await store.log_stats(game_id), await store.game_parts(game_id),
                 await store.action_page(game_id, 0, 50), await store.timer(game_id), await store.votes(game_id),
                 await store.message_of(game_id, "lobby"), await store.message_of(game_id, "turn"),
                 await store.get_review(game_id)]
    for user in USERS:
        seen += [await store.games_to_act(user.id), await store.stats(GUILD, user.id),
                 await store.open_lobbies(GUILD, user.id, LOBBY), await store.player_ratings(GUILD, user.id),
                 await store.rated_games(GUILD, user.id), await store.rating_place(GUILD, "sprint", user.id)]
    seen += [await store.games_in_guild(GUILD, 100), await store.games_waiting_for_bots(),
             await store.running_timers(), await store.vacations(None, 0), await store.vacations([DEE.id], 0),
             await store.reminder_opt_outs([u.id for u in USERS]), await store.pending_announcements(1000),
             await store.announced_since("turn", 0), await store.announced_since("lobby", 0),
             await store.leaderboard(GUILD, "sprint", 10), await store.finished_games(),
             await store.seat_history(RUNNING)]
    return seen


async def replayed(store: Store, game_id: int) -> dict[str, Any]:
    game = await store.get_game(game_id)
    assert game is not None
    log = [(a.seat, a.action_key) for a in await store.live_actions(game_id)]
    return ENGINE.dump(ENGINE.replay(len(await store.seats(game_id)), game.seed, game.options, log))


async def test_everything_is_copied_and_every_started_game_replays_the_same(
        built: RecordingTransport, db_path: Path, empty_pg_database: str) -> None:
    code, out, err = await run("--to", empty_pg_database, "--from", str(db_path))
    assert (code, err) == (0, "")
    sqlite, pg = SqliteStore(db_path), PostgresStore(empty_pg_database)
    await sqlite.open()
    await pg.open()
    try:
        statuses = {g.id: g.status for s in Status for g in await sqlite.games_with_status(s)}
        assert sorted(statuses.values()) == sorted([Status.LOBBY, Status.RUNNING, Status.FINISHED, Status.ABANDONED,
                                                    Status.CANCELLED, Status.BROKEN, Status.RUNNING, Status.RUNNING])
        # The pieces the brief asks for are really in the file: an undone move, a bot, a vote, a vacation,
        # an opt-out, pending and sent announcements.
        assert (await rows(sqlite, f"SELECT COUNT(*) FROM actions WHERE undone = 1 AND game_id = {RUNNING}")) == [(1,)]
        assert any(s.is_bot for s in await sqlite.seats(WITH_BOT))
        assert await sqlite.votes(VOTING) and await sqlite.vacations([DEE.id], 0)
        assert await sqlite.reminder_opt_outs([BO.id]) == {BO.id}
        assert {s for (s,) in await rows(sqlite, "SELECT DISTINCT state FROM outbox")} == {"pending", "sent"}
        assert len(await sqlite.leaderboard(GUILD, "sprint", 10)) == 2
        assert await sqlite.seat_history(RUNNING) != ((), ())
        assert await sqlite.get_review(FINISHED) == REVIEW and len(await rows(sqlite, "SELECT * FROM reviews")) == 2
        # Table by table, every column PostgreSQL has, row for row.
        columns = await pg_columns(empty_pg_database)
        assert await table_rows(pg, columns) == await table_rows(sqlite, columns)
        # And through each store's own reads.
        assert await through_the_store(pg) == await through_the_store(sqlite)
        for game_id in STARTED:
            assert await replayed(pg, game_id) == await replayed(sqlite, game_id)
        actions = (await rows(sqlite, "SELECT COUNT(*) FROM actions"))[0][0]
        outbox = (await rows(sqlite, "SELECT COUNT(*) FROM outbox"))[0][0]
        assert out.splitlines()[-1] == (f"migrated games=8 actions={actions} outbox={outbox} verified=5 broken=1 "
                                        f"to {empty_pg_database}")
    finally:
        await sqlite.close()
        await pg.close()


async def test_play_goes_on_on_the_target(built: RecordingTransport, db_path: Path, empty_pg_database: str) -> None:
    assert (await run("--to", empty_pg_database, "--from", str(db_path)))[0] == 0
    clock = FakeClock(FakeClock().at(25))
    async with opened(PostgresStore(empty_pg_database, clock=clock)) as pg:
        service = TableService(pg, engines_lookup=lookup, clock=clock)
        fresh = ok(await service.create("sprint", GUILD, 99, DEE, seats=2))
        assert fresh.game_id == VOTING + 1                      # the id sequence continues after the copied ids
        before = len(await pg.live_actions(RUNNING))
        ok(await play(service, "end", RUNNING))                 # the running game takes its next move
        assert len(await pg.live_actions(RUNNING)) == before + 1
        # The review under way when the bot stopped: its claim has run out, so the next request computes it.
        assert await pg.claim_review(ABANDONED, "target:2:new", 60) and await pg.get_review(FINISHED) == REVIEW
        # The announcements still pending are delivered from the target; the lobby edit finds the message
        # the first delivery posted (its id came over with the sent rows).
        pending = [r.item.key for r in await pg.pending_announcements(1000)]
        assert pending
        transport = RecordingTransport()
        await Deliverer(pg, transport, None, clock=clock).drain()
        assert await pg.pending_announcements(1000) == []
        delivered = {row[0] for row in await rows(pg, "SELECT key FROM outbox WHERE state = 'sent'")}
        assert set(pending) <= delivered
        lobby_post = next(p for p in built.posts() if p.game_id == LOBBY)
        lobby_message = built.sent.index(lobby_post) + 1001     # RecordingTransport numbers from 1001
        assert [(channel, message) for edit, channel, message in transport.edits if edit.game_id == LOBBY] == [
            (LOBBY, lobby_message)]


async def test_a_target_that_is_not_empty_is_refused_unless_forced(
        built: RecordingTransport, db_path: Path, empty_pg_database: str) -> None:
    assert (await run("--to", empty_pg_database, "--from", str(db_path)))[0] == 0
    async with opened(PostgresStore(empty_pg_database)) as pg:
        ok(await play(TableService(pg, engines_lookup=lookup), "end", RUNNING))  # the target moves on
        columns = await pg_columns(empty_pg_database)
        before = await table_rows(pg, columns)
        code, out, err = await run("--to", empty_pg_database, "--from", str(db_path))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert "is not empty" in err and "--force" in err and "Traceback" not in err
        assert await table_rows(pg, columns) == before          # nothing changed
        code, out, err = await run("--to", empty_pg_database, "--from", str(db_path), "--force")
        assert (code, err) == (0, "") and out.splitlines()[-1].startswith("migrated games=8 ")
        sqlite = SqliteStore(db_path)
        await sqlite.open()
        try:
            assert await table_rows(pg, columns) == await table_rows(sqlite, columns)  # the copy again, whole
        finally:
            await sqlite.close()


async def test_a_complete_copy_left_unchecked_is_named_and_verified_on_request(
        built: RecordingTransport, db_path: Path, empty_pg_database: str) -> None:
    """A migrate killed after its commit, during its check, left a complete target that a rerun only called
    "not empty": it now says the copy is complete and unchecked, and ``--verify`` checks it copying nothing."""
    assert (await run("--to", empty_pg_database, "--from", str(db_path)))[0] == 0  # as if its check had been cut short
    code, out, err = await run("--to", empty_pg_database, "--from", str(db_path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "already holds a complete copy" in err and "--verify" in err and "not empty" not in err
    async with opened(PostgresStore(empty_pg_database)) as pg:
        before = await table_rows(pg, await pg_columns(empty_pg_database))
        code, out, err = await run("--to", empty_pg_database, "--from", str(db_path), "--verify")
        assert (code, err) == (0, "") and "copying" not in out
        assert out.splitlines()[-1].startswith("migrated games=8 ") and " verified=" in out
        assert await table_rows(pg, await pg_columns(empty_pg_database)) == before  # nothing written
        ok(await play(TableService(pg, engines_lookup=lookup), "end", RUNNING))  # the target moves on
    code, out, err = await run("--to", empty_pg_database, "--from", str(db_path), "--verify")
    assert code == 2 and "does not hold a complete copy" in err


async def test_a_game_that_does_not_replay_on_the_target_fails_the_migration(
        built: RecordingTransport, db_path: Path, empty_pg_database: str) -> None:
    # Under stricter rules the running game's 'step' no longer replays (the finished one only ended turns).
    code, out, err = await run("--to", empty_pg_database, "--from", str(db_path),
                               engines_lookup={"sprint": StricterSprint()}.__getitem__)
    assert code == 1
    assert f"game {RUNNING} (sprint, running)" in err and "does not replay" in err
    assert "target was written" in err and "--force" in err and "Traceback" not in err
    assert out.splitlines()[-1].startswith("migrated games=8 ") and " broken=1 " in out


async def test_the_summary_and_the_progress_never_show_the_password(
        built: RecordingTransport, db_path: Path, empty_pg_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(migrate_module, "BATCH", 3)
    url = empty_pg_database.replace("postgres@", "postgres:s3cret-pw@")  # the test server trusts any password
    code, out, err = await run("--to", url, "--from", str(db_path))
    assert (code, err) == (0, "")
    assert "copied 3/8 games" in out and "copied 8/8 games" in out and "verified 6/8 games" in out
    assert out.splitlines()[-1].endswith(f" to {empty_pg_database.replace('postgres@', 'postgres:***@')}")
    assert "s3cret" not in out
    # A refusal names the database without its password too.
    code, out, err = await run("--to", url, "--from", str(db_path))
    assert code == 2 and "postgres:***@" in err and "s3cret" not in err + out


def test_what_cannot_start_says_why_in_one_line(tmp_path: Path) -> None:
    unreachable = f"postgresql://bot:s3cret@/nodb?host={tmp_path / 'no-server'}"
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 999")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_text("not a database, just words " * 100)
    built = tmp_path / "ok.sqlite3"
    asyncio.run(build(built, FakeClock()))
    for source, url, expected in (
            (tmp_path / "missing.sqlite3", unreachable, "No SQLite file at"),
            (newer, unreachable, "written by a newer bot"),
            (garbage, unreachable, "Cannot read the SQLite file"),
            (built, unreachable, "Cannot open the PostgreSQL database at postgresql://bot:***@/nodb"),
            (built, "mysql://bot@host/db", "is not a PostgreSQL URL")):
        out, err = io.StringIO(), io.StringIO()
        assert main(["--to", url, "--from", str(source)], {}, lookup, out, err) == 2
        assert expected in err.getvalue() and len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
        assert "s3cret" not in err.getvalue()


def test_python_m_bot_migrate_is_wired(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "missing.sqlite3"), "DATABASE_URL": ""}
    listed = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=False,
                            cwd=tmp_path, env={**env, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert "migrate --to postgresql://" in listed.stdout
    done = subprocess.run([sys.executable, "-m", "bot", "migrate", "--to", "postgresql://bot:pw@/db?host=/nowhere"],
                          capture_output=True, text=True, check=False, cwd=tmp_path,
                          env={**env, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == f"No SQLite file at {tmp_path / 'missing.sqlite3'}: give its path with --from " \
                                  "(or set DATABASE_PATH)."


async def test_a_file_from_an_older_bot_is_brought_up_to_date_in_a_copy_and_left_as_it_was(
        tmp_path: Path, empty_pg_database: str) -> None:
    old = tmp_path / "old.sqlite3"
    # Version 4: before names were escaped (6) and seats had levels (8).
    await old_sqlite_file(old, 4, """INSERT INTO games (engine, rules_version, seed, guild_id, channel_id, status,
                                     created_by, created_at, updated_at)
                                     VALUES ('sprint', 1, 1, 1, 3, 'lobby', 5, 1.0, 1.0)""",
                          "INSERT INTO seats (game_id, user_id, name, joined) VALUES (1, 5, 'A_b', 0)")
    code, out, err = await run("--to", empty_pg_database, "--from", str(old))
    assert (code, err) == (0, "") and "migrated games=1 " in out
    with sqlite3.connect(old) as source:
        assert source.execute("PRAGMA user_version").fetchone() == (4,)  # the file itself is only read
    async with opened(PostgresStore(empty_pg_database)) as pg:
        assert await rows(pg, "SELECT name, level FROM seats") == [("A\\_b", "")]
        assert await rows(pg, "SELECT origin_id, settings FROM games") == [(3, "{}")]
