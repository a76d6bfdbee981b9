"""A person against a computer player through the fake Discord: the table opens full, the computer's
turns follow by themselves (thought out in the worker-process pool), a hint is private, and the
computer is never pinged or written to.  The lobby's Add computer player button is the host's."""

from __future__ import annotations

from pathlib import Path

from bot.discord import GameBot
from bot.rendering import installed_renderer
from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from bot.thinking import PoolThinker
from tests.e2e.fake import FakeDiscord
from tests.e2e.test_bot_games import said_in


async def test_a_person_plays_a_whole_game_against_a_computer(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    ann = fake.add_member("Ann")
    store = SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0)
    await store.open()
    thinker = PoolThinker(1)
    try:
        bot = GameBot(TableService(store, renderer=installed_renderer(), thinker=thinker))
        async with fake.running(bot):
            await fake.idle()
            opened = await (await fake.slash(ann, fake.channel, "buerger new", players=2, bots=1,
                                             level="easy")).original()
            assert "Game #1 has started in" in opened.readable and opened.ephemeral
            thread = fake.threads(fake.channel)[-1]
            hinted = False
            for _ in range(400):
                await bot.autoplay.idle()
                await fake.idle()
                snap = await bot.service.snapshot(thread.id)
                if snap.game.status is not Status.RUNNING:
                    break
                assert snap.user_ids[snap.to_act[0]] == ann.id, "the computer did not play its turn"
                if not hinted:  # once: the hint is Ann's alone and names a move she may play
                    hint = await (await fake.slash(ann, thread, "hint")).original()
                    assert hint.ephemeral and hint.readable.startswith("💡 Game #1: I would play **")
                    hinted = True
                choices = (await bot.service.moves(thread.id, User(ann.id, ann.name))).choices
                answer = await (await fake.slash(ann, thread, "move", text=choices[0].key)).original()
                assert "Played:" in answer.readable, answer.readable
            snap = await bot.service.snapshot(thread.id)
            assert snap.game.status is Status.FINISHED and snap.game.result is not None
            bot_seat = next(i for i, u in enumerate(snap.user_ids) if u < 0)
            assert snap.names[bot_seat] == "Bot 1 (easy)"
            moves = await store.live_actions(1)
            assert sum(a.seat == bot_seat for a in moves) > 10  # the computer played its share
            posts = said_in(fake, thread)
            assert any("Bot 1 (easy)" in m.readable for m in posts)
            assert all(all(i > 0 for i in m.mention_ids) for m in posts)
            assert all(d.channel_id == fake.dm_channel(ann).id for d in fake.dms(ann))
    finally:
        thinker.close()
        await store.close()


async def test_only_the_host_adds_a_computer_player(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    store = SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0)
    await store.open()
    try:
        bot = GameBot(TableService(store, renderer=installed_renderer()), scheduler_interval=None)
        async with fake.running(bot):
            await fake.idle()
            await (await fake.slash(ann, fake.channel, "buerger new", players=3)).original()
            await fake.idle()
            thread = fake.threads(fake.channel)[-1]
            lobby = fake.messages(thread)[0]
            assert "Hints: on" in lobby.readable
            await (await fake.click(bo, lobby, label="Add computer player")).callback()
            await fake.idle()
            refused = fake.ephemerals(bo)[-1]
            assert "Only the player who opened game #1" in refused.readable
            assert "Bot 1" not in fake.messages(thread)[0].readable
            await (await fake.click(ann, lobby, label="Add computer player")).callback()
            await fake.idle()
            assert "Bot 1 (normal)" in fake.messages(thread)[0].readable
            await (await fake.click(bo, lobby, label="Join")).callback()
            await fake.idle()
            await bot.autoplay.idle()
            await fake.idle()
            snap = await bot.service.snapshot(thread.id)
            assert snap.game.status is Status.RUNNING and "Bot 1 (normal)" in snap.names
            assert snap.user_ids[snap.to_act[0]] > 0  # a computer that started has played its turn already
    finally:
        await store.close()
