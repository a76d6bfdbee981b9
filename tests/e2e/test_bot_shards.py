"""Several processes split the gateway: SHARD_COUNT shards in all, SHARD_IDS those a process runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.config import Config, SettingError
from bot.discord import GameBot
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running


def test_shard_settings_are_read_and_checked() -> None:
    config = Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "1, 3"})
    assert (config.shard_count, config.shard_ids) == (4, [1, 3])
    assert (Config.from_env({}).shard_count, Config.from_env({}).shard_ids) == (None, None)
    with pytest.raises(SettingError, match="SHARD_IDS needs SHARD_COUNT"):
        Config.from_env({"SHARD_IDS": "0"})
    with pytest.raises(SettingError, match="shard numbers go from 0 to 1 with SHARD_COUNT=2"):
        Config.from_env({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"})
    with pytest.raises(SettingError, match="SHARD_IDS='0,0'"):
        Config.from_env({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"})


def test_every_process_claims_under_a_name_of_its_own(tmp_path: Path) -> None:
    """Two processes without SHARD_IDS shared one claim owner ("host:shards=all"), so nothing kept them from
    sending the same announcement twice: each bot now has a name of its own (host, process, this start)."""
    store = SqliteStore(tmp_path / "bot.sqlite3")
    owners = [GameBot(TableService(store), scheduler_interval=None).deliverer.owner for _ in range(2)]
    owners += [GameBot(TableService(store), scheduler_interval=None, shard_count=2, shard_ids=[0]).deliverer.owner
               for _ in range(2)]
    assert len(set(owners)) == 4 and all(str(os.getpid()) in owner for owner in owners)


async def test_a_process_runs_only_its_shards(fake_discord: FakeDiscord, sqlite_store: SqliteStore) -> None:
    fake = fake_discord
    async with bot_running(fake, TableService(sqlite_store), scheduler_interval=None, shard_count=2,
                           shard_ids=[1]) as bot:
        shards = [s.shard for s in fake.gateway.sessions.values() if s.connected]
        assert shards == [[1, 2]]
        assert bot.shard_count == 2 and list(bot.shards) == [1]


async def test_two_processes_split_the_servers_over_one_database(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Two bot 'processes' (clients with their own service and store connection), one shard each, on one
    database: a server's interactions reach the process of its shard only, and both see the same games."""
    fake = fake_discord
    owner = (fake.guild.id >> 22) % 2
    stores = [SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0) for _ in range(2)]
    for store in stores:
        await store.open()
    try:
        bots = [GameBot(TableService(stores[i]), scheduler_interval=None, shard_count=2, shard_ids=[i])
                for i in range(2)]
        async with fake.running(bots[0]), fake.running(bots[1]):
            await fake.idle()
            ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
            opened = await (await fake.slash(ann, fake.channel, "buerger new", players=2)).original()
            assert "You opened game #1" in opened.readable
            thread = fake.threads(fake.channel)[-1]
            await (await fake.click(bo, fake.messages(thread)[0], label="Join")).callback()
            await fake.idle()
            # The other process answered nothing, yet reads the same game from the shared database.
            other = bots[1 - owner].service
            snap = await other.snapshot(thread.id)
            assert snap.game.id == 1 and snap.names == (await bots[owner].service.snapshot(thread.id)).names
            assert bots[1 - owner].get_guild(fake.guild.id) is None  # not its shard's server
            assert bots[owner].get_guild(fake.guild.id) is not None
            sessions = {tuple(s.shard) for s in fake.gateway.sessions.values() if s.connected}
            assert sessions == {(0, 2), (1, 2)}
    finally:
        for store in stores:
            await store.close()
