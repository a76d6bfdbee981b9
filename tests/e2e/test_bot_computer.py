"""A person against a computer player through the fake Discord: the table opens full, the computer's
turns follow by themselves (thought out in the worker-process pool), a hint is private, and the
computer is never pinged or written to.  The lobby's Add computer player button is the host's."""

from __future__ import annotations

from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.thinking import PoolThinker
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running, drawing_service, open_table, play_against_computer
from tests.e2e.test_bot_games import said_in


async def test_a_person_plays_a_whole_game_against_a_computer(fake_discord: FakeDiscord,
                                                               sqlite_store: SqliteStore) -> None:
    fake, store = fake_discord, sqlite_store
    ann = fake.add_member("Ann")
    thinker = PoolThinker(1)
    try:
        async with bot_running(fake, drawing_service(store, thinker)) as bot:
            opened = await (await fake.slash(ann, fake.channel, "buerger new", players=2, bots=1,
                                             level="easy")).original()
            assert "Game #1 has started in" in opened.readable and opened.ephemeral
            thread = fake.threads(fake.channel)[-1]
            await bot.autoplay.idle()
            await fake.idle()
            # The hint is Ann's alone and names a move she may play.
            hint = await (await fake.slash(ann, thread, "hint")).original()
            assert hint.ephemeral and hint.readable.startswith("💡 Game #1: I would play **")
            answers = await play_against_computer(fake, bot, thread, ann)
            assert answers and all("Played:" in answer.readable for answer in answers), answers
            snap = await bot.service.snapshot(thread.id)
            assert snap.game.status is Status.FINISHED and snap.game.result is not None
            bot_seat = next(i for i, u in enumerate(snap.user_ids) if u < 0)
            assert snap.names[bot_seat] == "Bot 1 (easy)"
            moves = await store.live_actions(1)
            assert sum(a.seat == bot_seat for a in moves) > 10  # the computer played its share
            posts = said_in(fake, thread)
            assert any("Bot 1 (easy)" in m.readable for m in posts)
            # While the computer thought, the thread showed "GameBot is typing…", each time followed by a post of its
            # move — and not at every one of its steps.
            assert thread.typing_after
            for after in thread.typing_after:
                assert any(m.id > (after or 0) and "Bot 1" in m.readable for m in posts)
            assert len(thread.typing_after) < sum(a.seat == bot_seat for a in moves)
            assert all(all(i > 0 for i in m.mention_ids) for m in posts)
            assert all(d.channel_id == fake.dm_channel(ann).id for d in fake.dms(ann))
    finally:
        thinker.close()


async def test_only_the_host_adds_a_computer_player(fake_discord: FakeDiscord, sqlite_store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(sqlite_store), scheduler_interval=None) as bot:
        thread, lobby = await open_table(fake, [ann], "buerger new", players=3)
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
