"""Fixtures for end-to-end tests: a fake Discord on 127.0.0.1 that the real discord.py client logs into.

    async def test_ping(fake_discord: FakeDiscord) -> None:
        client = discord.Client(intents=discord.Intents.default())
        tree = app_commands.CommandTree(client)

        @tree.command(description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        async with fake_discord.running(client):
            await tree.sync()
            ann = fake_discord.add_member("Ann")
            reply = await (await fake_discord.slash(ann, fake_discord.channel, "ping")).reply()
            assert reply.content == "pong"
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.sqlite import SqliteStore
from tests.conftest import StoreFactory
from tests.e2e.fake import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake (discord.py pointed at it) with a default guild (``.guild``) and channel (``.channel``).

    At teardown the fake stops, discord.py's URLs are restored, and the test fails if the bot called a route
    the fake does not implement or the fake raised (clear ``fake.unknown`` if a test provokes that on purpose).
    """
    fake = FakeDiscord()
    async with fake:
        yield fake
    fake.assert_clean()


@pytest.fixture
async def store(new_store: StoreFactory) -> AsyncIterator[Store]:
    """An open store on each backend (SQLite in the test's folder, flushed on every commit; PostgreSQL on a
    fresh database); a test may override it."""
    store = new_store(sync_interval=0)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    """An open SQLite store in the test's folder (flushed on every commit), for the tests that play whole games
    or keep a computer thinking: the store's part of them is tested on both backends elsewhere."""
    store = SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0)
    await store.open()
    yield store
    await store.close()
