"""The store on both backends: the append-only log and its concurrency guards; and SQLite's own schema versions
and pragmas (PostgreSQL's are in test_bot_store_postgres.py)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.config import Config
from bot.store import ChannelBusy, NewGame, SchemaTooNew, StaleVersion, Status, Store
from bot.store.sqlite import SCHEMA_VERSION, SqliteStore, connect
from tests.bot.helpers import opened
from tests.old_schemas import OLD_GAME, old_sqlite_file
from tests.sql import REFUSED, execute, rows


def new_game(channel: int = 10, creator: int = 1) -> NewGame:
    return NewGame(engine="sprint", rules_version=1, seed=42, options={"target": 9}, guild_id=1,
                   channel_id=channel, created_by=creator, creator_name="Ann", seat_count=2)


async def running_game(store: Store, channel: int = 10) -> int:
    game = await store.create_game(new_game(channel))
    await store.add_seat(game.id, game.version, 2, "Bo")
    await store.start_game(game.id, game.version + 1, [2, 1], 1, '{"s": 0}', (0,))
    return game.id


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA user_version").fetchone()[0]


async def test_a_fresh_file_gets_every_schema_version_and_the_pragmas(db_path: Path) -> None:
    async with opened(SqliteStore(db_path)) as store:
        assert (await (await store.db.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
        assert (await (await store.db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
        assert (await (await store.db.execute("PRAGMA synchronous")).fetchone())[0] == 1  # NORMAL
    assert db_path.parent.is_dir()  # created on open
    assert user_version(db_path) == SCHEMA_VERSION >= 2


async def test_an_older_file_is_upgraded_in_place_and_keeps_its_games(db_path: Path) -> None:
    # Write a version-1 database by hand, with a game that has a move, as an old bot would have.
    await old_sqlite_file(db_path, 1, OLD_GAME, "INSERT INTO seats VALUES (1, 1, 'Ann', 0, 0), (1, 2, 'Bo', 1, 1)",
                          "INSERT INTO actions VALUES (1, 1, 0, 'end', 'Ann ends', 0)",
                          "INSERT INTO state VALUES (1, 1, '{}')")
    assert user_version(db_path) == 1

    async with opened(SqliteStore(db_path)) as store:
        game = await store.get_game(1)
        assert game is not None and game.version == 0 and game.status is Status.RUNNING and game.to_act == (1,)
        assert [a.action_key for a in await store.live_actions(1)] == ["end"]  # undone defaults to 0
        # The upgraded file works with the version-2 features: undo flags and version checks.
        await store.undo_action(1, 0, seq=1, state_seq=0, state_json="{}", to_act=(0,))
        assert await store.live_actions(1) == []
    assert user_version(db_path) == SCHEMA_VERSION


async def test_a_file_from_a_newer_bot_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store = SqliteStore(db_path)
    with pytest.raises(SchemaTooNew, match="upgrade the bot"):
        await store.open()
    await store.close()


async def test_no_trigger_and_no_view_holds_a_rule_only_the_log_guards_remain(store: Store) -> None:
    """A move is committed in Python on both databases (one clock rule, in ``Tables._restart_clock``): the
    database's only triggers keep the action log append-only, and there is no view to insert into."""
    if isinstance(store, SqliteStore):
        found = await rows(store, "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')"
                                  " ORDER BY name")
        assert found == [("trigger", "actions_no_delete"), ("trigger", "actions_no_rewrite")]
    else:
        found = await rows(store, """SELECT DISTINCT 'trigger', trigger_name FROM information_schema.triggers
                                     UNION ALL SELECT 'view', table_name FROM information_schema.views
                                               WHERE table_schema = 'public'""")
        assert found == [("trigger", "actions_append_only")]


async def test_a_move_restarts_the_clock_only_when_the_hand_changes_and_always_clears_the_votes(
        store: Store) -> None:
    game_id = await running_game(store)
    await execute(store, f"UPDATE clocks SET started = 5, reminded = 2 WHERE game_id = {game_id}")
    await execute(store, f"INSERT INTO votes (game_id, voter, choice, created_at) VALUES ({game_id}, 1, 'end', 0)")
    await store.append_action(game_id, 2, 1, 0, "a", "", "{}", (0,), None)   # seat 0 again: the same hand
    assert await rows(store, f"SELECT started, reminded, waiting, hand FROM clocks WHERE game_id = {game_id}") == [
        (5, 2, "", ",0,")]
    assert await rows(store, f"SELECT voter FROM votes WHERE game_id = {game_id}") == []
    await execute(store, f"UPDATE clocks SET waiting = 'vote' WHERE game_id = {game_id}")
    await store.append_action(game_id, 3, 2, 0, "b", "", "{}", (0,), None)   # the same hand, but it waited
    started, reminded, waiting, _ = (await rows(store, f"SELECT started, reminded, waiting, hand FROM clocks"
                                                       f" WHERE game_id = {game_id}"))[0]
    assert started > 5 and (reminded, waiting) == (0, "")
    await execute(store, f"UPDATE clocks SET started = 5, reminded = 2 WHERE game_id = {game_id}")
    await store.append_action(game_id, 4, 3, 0, "c", "", "{}", (1,), None)   # the hand moves on
    started, reminded, waiting, hand = (await rows(store, f"SELECT started, reminded, waiting, hand FROM clocks"
                                                          f" WHERE game_id = {game_id}"))[0]
    assert started > 5 and (reminded, waiting, hand) == (0, "", ",1,")


async def test_one_active_game_per_channel_is_enforced_by_the_database(store: Store) -> None:
    first = await store.create_game(new_game(channel=10))
    with pytest.raises(ChannelBusy) as busy:
        await store.create_game(new_game(channel=10, creator=5))
    assert busy.value.game.id == first.id
    other = await store.create_game(new_game(channel=11))  # a thread is its own channel
    await store.end_game(first.id, first.version, Status.CANCELLED, None, "cancelled")
    again = await store.create_game(new_game(channel=10))
    assert {other.id, again.id}.isdisjoint({first.id})


async def test_a_write_at_an_old_version_is_refused_and_changes_nothing(store: Store) -> None:
    game_id = await running_game(store)
    game = await store.get_game(game_id)
    assert game is not None
    await store.append_action(game_id, game.version, 1, 0, "end", "", '{"s": 1}', (1,), None)
    with pytest.raises(StaleVersion):
        await store.append_action(game_id, game.version, 2, 1, "end", "", '{"s": 2}', (0,), None)
    assert [a.seq for a in await store.live_actions(game_id)] == [1]
    state = await store.read_state(game_id)
    assert state is not None and state.seq == 1 and json.loads(state.state_json) == {"s": 1}


async def test_the_sequence_key_refuses_a_second_writer_for_the_same_slot(store: Store) -> None:
    # Two writers that both read version v can't both win the version check; the key is a second
    # guard for a writer that reached the same seq another way (e.g. a backend without the check).
    game_id = await running_game(store)
    game = await store.get_game(game_id)
    assert game is not None
    await store.append_action(game_id, game.version, 1, 0, "end", "", "{}", (1,), None)
    with pytest.raises(StaleVersion, match=r"UNIQUE constraint failed|duplicate key"):
        await store.append_action(game_id, game.version + 1, 1, 1, "end", "", "{}", (0,), None)
    assert len(await store.live_actions(game_id)) == 1


async def test_the_log_is_append_only(store: Store) -> None:
    game_id = await running_game(store)
    game = await store.get_game(game_id)
    assert game is not None
    await store.append_action(game_id, game.version, 1, 0, "end", "", "{}", (1,), None)
    with pytest.raises(REFUSED, match="append-only"):
        await execute(store, "DELETE FROM actions")
    with pytest.raises(REFUSED, match="append-only"):
        await execute(store, "UPDATE actions SET action_key = 'step'")
    await store.undo_action(game_id, game.version + 1, 1, 0, "{}", (0,))
    with pytest.raises(REFUSED, match="append-only"):
        await execute(store, "UPDATE actions SET undone = (1 = 0)")  # an undo is final
    stats = await store.log_stats(game_id)
    assert (stats.live, stats.last_live_seq, stats.max_seq) == (0, 0, 1)


async def test_games_to_act_finds_a_users_turns_across_servers(store: Store) -> None:
    here = await running_game(store, channel=10)    # Bo (user 2) is seat 0 and to act
    there = await running_game(store, channel=99)
    quiet = await store.create_game(new_game(channel=50))  # a lobby: nobody acts
    waiting = await store.games_to_act(2)
    assert [(w.game.id, w.seat) for w in waiting] == [(here, 0), (there, 0)]
    assert await store.games_to_act(1) == []
    assert quiet.id not in {w.game.id for w in waiting}


def test_config_reads_the_database_path_from_the_environment(tmp_path: Path) -> None:
    assert Config.from_env({}).database_path == Path("./data/bot.sqlite3")
    assert Config.from_env({}).database_synchronous == "NORMAL"
    config = Config.from_env({"DATABASE_PATH": str(tmp_path / "x.db"), "DATABASE_SYNCHRONOUS": "full",
                              "DATABASE_SYNC_INTERVAL": "0.5"})
    assert config.database_path == tmp_path / "x.db"
    assert (config.database_synchronous, config.database_sync_interval) == ("FULL", 0.5)


async def test_an_unknown_synchronous_setting_is_refused(db_path: Path) -> None:
    with pytest.raises(ValueError, match="synchronous must be one of"):
        await connect(db_path, synchronous="SOMETIMES")


async def test_writes_are_synced_to_disk_within_the_interval(db_path: Path) -> None:
    async with opened(SqliteStore(db_path, synchronous="NORMAL", sync_interval=0.05)) as store:
        await asyncio.sleep(0.2)
        assert store.checkpoints == 0  # nothing written, nothing to sync
        await running_game(store)
        for _ in range(100):  # bounded wait: the syncer runs every 0.05 s
            if store.checkpoints:
                break
            await asyncio.sleep(0.02)
        assert store.checkpoints == 1


async def test_moves_commit_after_a_periodic_sync(db_path: Path) -> None:
    """A sync (the WAL checkpoint) leaves no statement open that would make the next move's COMMIT fail."""
    async with opened(SqliteStore(db_path, synchronous="NORMAL", sync_interval=0.01)) as store:
        game_id = await running_game(store)
        for seq in range(1, 6):
            checkpoints = store.checkpoints
            for _ in range(100):  # bounded wait for the next sync
                if store.checkpoints > checkpoints:
                    break
                await asyncio.sleep(0.01)
            await store.append_action(game_id, seq + 1, seq, 0, "k", "", "{}", (seq % 2,), None)
        assert [a.seq for a in await store.live_actions(game_id)] == [1, 2, 3, 4, 5]


async def test_full_synchronous_fsyncs_each_commit_and_needs_no_syncer(db_path: Path) -> None:
    async with opened(SqliteStore(db_path, synchronous="FULL", sync_interval=0.01)) as store:
        assert (await (await store.db.execute("PRAGMA synchronous")).fetchone())[0] == 2
        await running_game(store)
        await asyncio.sleep(0.1)
        assert store.checkpoints == 0


async def test_game_parts_keep_discord_sized_ids_and_odd_names(store: Store) -> None:
    game = await store.create_game(new_game())
    snowflake = 1_234_567_890_123_456_789  # beyond 2**53: must not pass through a float
    await store.add_seat(game.id, game.version, snowflake, 'Zoë "the \\ builder" 🏰')
    parts = await store.game_parts(game.id)
    assert [(s.user_id, s.name) for s in parts.seats] == [(1, "Ann"), (snowflake, 'Zoë "the \\ builder" 🏰')]
    assert parts.state is None and parts.stats.live == 0 and parts.stats.last_seat is None


def test_sqlite_reads_the_shared_statements_rewritten_outside_their_literals() -> None:
    """The statements written once (PostgreSQL's syntax) as SQLite runs them: parameters, lists, null-safe
    equality, LEAST, casts and FOR UPDATE rewritten; string literals and quoted names left as they are."""
    from bot.store.dialect import sqlite_args, sqlite_sql

    assert sqlite_sql("""SELECT "a::b", LEAST($2::float8, 1::bigint) FROM t WHERE k = ANY($1::text[])
                         AND NOT k = ANY($1) AND g IS NOT DISTINCT FROM $3 AND h IS DISTINCT FROM '$4::x'
                         AND strpos(x, ',') > 0 FOR UPDATE"""
                      ) == """SELECT "a::b", MIN(?2, 1) FROM t WHERE k IN (SELECT value FROM json_each(?1))
                         AND NOT k IN (SELECT value FROM json_each(?1)) AND g IS ?3 AND h IS NOT '$4::x'
                         AND instr(x, ',') > 0"""
    assert sqlite_args(["k", ["a", "b"], [], None, 2.5]) == ("k", '["a","b"]', "[]", None, 2.5)


async def test_a_write_cancelled_while_sqlite_begins_its_transaction_leaves_none_open(db_path: Path) -> None:
    """A task cancelled at BEGIN (as the heartbeat is when a process stops) rolls back the transaction that
    BEGIN opened anyway: the next write starts its own (it found one still open, and the process could not
    leave the database)."""
    async with opened(SqliteStore(db_path)) as store:
        task = asyncio.create_task(store.start_vacation(1, 10.0, 20.0))
        await asyncio.sleep(0)  # the task takes the store's lock and awaits BEGIN IMMEDIATE
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await store.start_vacation(2, 10.0, 20.0)
        assert [v.user_id for v in await store.vacations(None, 0.0)] == [2]
