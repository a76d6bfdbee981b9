"""The bot asks the gateway only for what it uses: servers and their channels.  Messages, typing and
reactions in the servers it joins never reach it (at scale the largest stream a bot would receive)."""

from __future__ import annotations

import discord

from bot.discord.client import INTENTS
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running

MESSAGES = 1 << 9  # GUILD_MESSAGES


def test_the_intents_are_guilds_only() -> None:
    assert discord.Intents(guilds=True) == INTENTS
    assert INTENTS.value == 1


async def test_the_bot_identifies_with_guilds_only_and_gets_no_messages(fake_discord: FakeDiscord,
                                                                        sqlite_store: SqliteStore) -> None:
    fake = fake_discord
    async with bot_running(fake, TableService(sqlite_store), scheduler_interval=None):
        (session,) = [s for s in fake.gateway.sessions.values() if s.connected]
        assert session.intents == 1
        sent = await fake.gateway.dispatch("MESSAGE_CREATE", {"id": "1", "channel_id": str(fake.channel.id),
                                                              "content": "hello"}, intent=MESSAGES)
        assert sent == 0
        # And a table still opens and fills through interactions alone.
        ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
        await (await fake.slash(ann, fake.channel, "buerger new", players=2)).original()
        await fake.idle()
        thread = fake.threads(fake.channel)[-1]
        await (await fake.click(bo, fake.messages(thread)[0], label="Join")).callback()
        await fake.idle()
        assert "Game #1 of Bürger" in fake.messages(thread)[-1].readable
