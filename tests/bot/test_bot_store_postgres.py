"""PostgreSQL's own: its schema versions, two processes (two pools) racing on one game, and choosing the
backend from the settings.  (Everything else about the store runs on both backends, in the other tests.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.config import Config, SettingError
from bot.run import main as run_main
from bot.store import NewGame, Outgoing, SchemaTooNew, Status, StoreUnavailable, open_store, redact_url
from bot.store.postgres import SCHEMA_VERSION, PostgresStore, migrate
from bot.store.schema import POSTGRES_OFFSET, STEPS
from bot.table import TableService
from bot.table.results import Problem
from bot.table.wording import STALE
from tests.bot.helpers import CHANNEL, opened, player_to_act, started
from tests.bot.tinygame import lookup
from tests.pg import PgServer


@pytest.fixture
async def two_stores(pg_database: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two stores with a pool each on one database: what two bot processes have."""
    first, second = PostgresStore(pg_database), PostgresStore(pg_database)
    await first.open()
    await second.open()
    yield first, second
    await first.close()
    await second.close()


def new_game(channel: int = CHANNEL) -> NewGame:
    return NewGame(engine="sprint", rules_version=1, seed=42, options={"target": 9}, guild_id=1,
                   channel_id=channel, created_by=1, creator_name="Ann", seat_count=2)


async def versions(url: str) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        return [r[0] for r in await conn.fetch("SELECT version FROM schema_version ORDER BY version")]
    finally:
        await conn.close()


async def test_a_fresh_database_gets_every_schema_version_once(pg_database: str) -> None:
    # The test databases are copies of a migrated template: opening again applies nothing twice.
    assert await versions(pg_database) == list(range(1, SCHEMA_VERSION + 1))
    store = PostgresStore(pg_database)
    await store.open()
    await store.close()
    assert await versions(pg_database) == list(range(1, SCHEMA_VERSION + 1))


async def test_a_later_migration_is_applied_in_order_and_keeps_the_games(pg_database: str) -> None:
    async with opened(PostgresStore(pg_database)) as store:
        game = await store.create_game(new_game())
    later = (*STEPS, ("ALTER TABLE games ADD COLUMN later TEXT NOT NULL DEFAULT 'x'",),
             ("UPDATE games SET later = later || 'y'",))
    conn = await asyncpg.connect(pg_database)
    try:
        assert await migrate(conn, steps=later) == len(later) - POSTGRES_OFFSET == SCHEMA_VERSION + 2
        assert await migrate(conn, steps=later) == SCHEMA_VERSION + 2  # nothing left to do
        assert await conn.fetchval("SELECT later FROM games WHERE id = $1", game.id) == "xy"
    finally:
        await conn.close()
    assert await versions(pg_database) == list(range(1, SCHEMA_VERSION + 3))
    # That database is now newer than this bot: it refuses it rather than guess.
    store = PostgresStore(pg_database)
    with pytest.raises(SchemaTooNew, match="upgrade the bot"):
        await store.open()
    await store.close()


async def test_two_processes_append_at_the_same_version_and_exactly_one_lands(
        two_stores: tuple[PostgresStore, PostgresStore]) -> None:
    first, second = two_stores
    game = await first.create_game(new_game())
    await first.add_seat(game.id, game.version, 2, "Bo")
    await first.start_game(game.id, game.version + 1, [1, 2], 1, '{"s": 0}', (0,))
    version = game.version + 2
    for seq in range(1, 11):  # ten rounds, each a fresh race at the current version
        async def append(store: PostgresStore, seat: int, seq: int = seq, version: int = version) -> None:
            await store.append_action(game.id, version, seq, seat, f"move{seat}", "", f'{{"by": {seat}}}', (1 - seat,),
                                      None, [Outgoing(key=f"k{seq}-{seat}", game_id=game.id, kind="post", body={})])
        results = await asyncio.gather(append(first, 0), append(second, 1), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleVersion"]
        winner = results.index(None)
        version += 1
        log = await second.live_actions(game.id)
        assert [a.seq for a in log] == list(range(1, seq + 1)) and log[-1].action_key == f"move{winner}"
        state = await first.read_state(game.id)
        assert state is not None and state.state_json == f'{{"by": {winner}}}'  # the winner's, whole
        keys = [r.item.key for r in await first.pending_announcements(100)]
        assert keys[-1] == f"k{seq}-{winner}" and f"k{seq}-{1 - winner}" not in keys
        stored = await first.get_game(game.id)
        assert stored is not None and stored.version == version and stored.to_act == (1 - winner,)


async def test_two_processes_open_a_table_in_one_channel_and_one_is_told_it_is_busy(
        two_stores: tuple[PostgresStore, PostgresStore]) -> None:
    first, second = two_stores
    results = await asyncio.gather(first.create_game(new_game()), second.create_game(new_game()),
                                   return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["ChannelBusy", "GameRow"]
    assert len(await first.games_with_status(Status.LOBBY)) == 1


async def test_two_services_on_two_processes_land_one_move_and_refuse_the_other(
        two_stores: tuple[PostgresStore, PostgresStore]) -> None:
    first_store, second_store = two_stores
    first = TableService(first_store, engines_lookup=lookup)
    second = TableService(second_store, engines_lookup=lookup)
    game_id = await started(first)
    actor = await player_to_act(first)
    await second.snapshot(CHANNEL)  # both processes have the board in memory
    before = len(await first_store.pending_announcements(1000))
    replies = await asyncio.gather(first.act(CHANNEL, actor, "end"), second.act(CHANNEL, actor, "end"))
    assert sorted(r.problem is None for r in replies) == [False, True]
    landed = next(r for r in replies if r.ok)
    refused = next(r for r in replies if not r.ok)
    assert refused.problem is Problem.STALE and refused.text == STALE and refused.outbox == ()
    # Nothing half-written: one action, the winner's announcements and no others, one version step.
    assert [a.action_key for a in await first_store.live_actions(game_id)] == ["end"]
    pending = await second_store.pending_announcements(1000)
    assert [r.item.key for r in pending[before:]] == [a.key for a in landed.outbox]
    assert (await first.snapshot(CHANNEL)).move_number == (await second.snapshot(CHANNEL)).move_number == 1


async def test_opening_picks_postgresql_from_database_url(pg_database: str) -> None:
    store = await open_store(Config(database_url=pg_database))
    try:
        assert isinstance(store, PostgresStore)
    finally:
        await store.close()


async def test_a_database_that_cannot_be_reached_is_one_line_and_hides_the_password(pg_server: PgServer) -> None:
    wrong = f"postgresql://postgres:secret@/no_such_database?host={pg_server.socket_dir}"
    with pytest.raises(StoreUnavailable) as refused:
        await open_store(Config(database_url=wrong))
    message = str(refused.value)
    assert "\n" not in message and "secret" not in message and "no_such_database" in message


def test_database_url_is_read_and_checked() -> None:
    assert Config.from_env({}).database_url == ""
    url = "postgresql://bot:pw@db.example:5432/games"
    assert Config.from_env({"DATABASE_URL": url}).database_url == url
    for wrong in ("mysql://bot@db/games", "db.example/games", "postgresql://db:port/games", "postgresql://"):
        with pytest.raises(SettingError, match="DATABASE_URL"):
            Config.from_env({"DATABASE_URL": wrong})
    with pytest.raises(SettingError) as refused:
        Config.from_env({"DATABASE_URL": "postgres://bot:hunter2@db:x/games"})
    assert "hunter2" not in str(refused.value)


def test_a_password_given_as_a_parameter_or_in_a_broken_url_is_never_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """libpq also takes the password as ``?password=`` (and ``sslpassword``); an unclosed ``[`` made the
    redaction itself raise (a traceback and exit 1, the password in it)."""
    assert redact_url("postgresql://bot@db/games?sslmode=require&password=hunter2") == \
        "postgresql://bot@db/games?sslmode=require&password=***"
    assert redact_url("postgresql://bot:p%40ss@db/games?sslpassword=x9") == "postgresql://bot:***@db/games?sslpassword=***"
    assert "hunter2" not in redact_url("postgresql://bot:hunter2@[::1/games")
    with pytest.raises(SettingError) as refused:
        Config.from_env({"DATABASE_URL": "postgresql://bot:hunter2@[::1/games"})
    assert "hunter2" not in str(refused.value) and "DATABASE_URL" in str(refused.value)
    assert run_main([], env={"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot:hunter2@[::1/games"}) == 2
    env = {"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot@/games?host=/nonexistent-socket-dir&password=hunter2"}
    assert run_main([], env=env) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "hunter2" not in err and "password=***" in err


def test_a_wrong_database_url_stops_the_bot_with_one_line_and_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main([], env={"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://bot@db/games"}) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DATABASE_URL" in err


def test_a_database_that_is_not_there_stops_the_bot_with_one_line_and_code_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = {"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot:hunter2@/games?host=/nonexistent-socket-dir"}
    assert run_main([], env=env) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DATABASE_URL" in err and "hunter2" not in err
