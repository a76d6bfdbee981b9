"""Long-running play through the fake Discord, with an injected clock (no test waits for game time):
reminder mentions and DMs, deadlines, votes, rematches, vacations, replacements, results and the log."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import GameBot
from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.helpers import FakeClock
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeMessage
from tests.e2e.helpers import open_table, to_act


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path: Path, clock: FakeClock) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0, clock=clock)
    await store.open()
    yield store
    await store.close()


def make_bot(store: SqliteStore, clock: FakeClock, interval: float | None = None) -> GameBot:
    return GameBot(TableService(store, clock=clock), scheduler_interval=interval)


def with_text(fake: FakeDiscord, channel: FakeChannel, text: str) -> list[FakeMessage]:
    return [m for m in fake.messages(channel) if text in m.readable]


def labels(message: FakeMessage) -> list[str]:
    return [c.get("label") for c in message.all_components()]


async def test_reminders_mention_and_dm_through_the_running_loop_then_the_deadline_skips(
        fake_discord: FakeDiscord, store: SqliteStore, clock: FakeClock) -> None:
    fake = fake_discord
    users = [fake.add_member("Ann"), fake.add_member("Bo")]
    bot = make_bot(store, clock, interval=0.02)  # the adapter's own loop, ticking fast on the fake clock
    async with fake.running(bot):
        await fake.idle()
        thread, _ = await open_table(fake, users, pace="daily")
        assert "Time: daily pace, 24 h per turn; when time runs out the bot plays a safe move." \
            in fake.messages(thread)[0].readable
        first = await to_act(bot, thread, users)
        dms_before = len(fake.dms(first))
        clock.at(12)
        reminder = await fake.wait_for_message(thread, lambda m: "Reminder" in m.readable)
        assert reminder.mention_ids == [first.id] and "12 h left" in reminder.readable
        assert "Play my turn" in labels(reminder)
        await fake.wait_until(lambda: len(fake.dms(first)) > dms_before, what="the reminder DM")
        assert "Your move is waiting in game #1" in fake.dms(first)[-1].readable
        for _ in range(3):  # more ticks at the same time: nothing new
            assert await bot.tick_once() == 0
        await fake.idle()
        assert len(with_text(fake, thread, "Reminder")) == 1
        clock.at(24)
        skipped = await fake.wait_for_message(thread, lambda m: "was away: the bot played" in m.readable)
        assert skipped.readable.index(f"({first.name} was away") < skipped.readable.index("to act")
        second = await to_act(bot, thread, users)
        assert second != first and skipped.mention_ids == [second.id]


async def test_a_vote_ends_the_game_and_a_rematch_opens_a_lobby(
        fake_discord: FakeDiscord, store: SqliteStore, clock: FakeClock) -> None:
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ann", "Bo", "Cy")]
    bot = make_bot(store, clock)
    async with fake.running(bot):
        await fake.idle()
        thread, _ = await open_table(fake, users, pace="brisk", deadline="vote")
        away = await to_act(bot, thread, users)
        others = [u for u in users if u is not away]
        clock.at(4)
        assert await bot.tick_once() == 1
        await fake.idle()
        (vote,) = with_text(fake, thread, "time ran out")
        assert set(vote.mention_ids) == {u.id for u in others}
        assert {f"Vote: replace {away.name}", "Vote: end the game"} <= set(labels(vote))
        # The absent player cannot vote; the replace button opens a member picker for the others.
        refused = await (await fake.click(away, vote, label="Vote: end the game")).original()
        assert refused.ephemeral and "the vote is about" in refused.readable
        picker = await (await fake.click(others[0], vote, label=f"Vote: replace {away.name}")).original()
        assert picker.ephemeral and any(c.get("type") == 5 for c in picker.all_components())
        # Two of the two others decide.
        first_vote = await (await fake.click(others[0], vote, label="Vote: end the game")).original()
        assert "1 of 2" in first_vote.readable
        assert (await bot.service.snapshot(thread.id)).game.status is Status.RUNNING
        await (await fake.click(others[1], vote, label="Vote: end the game")).original()
        await fake.idle()
        final = fake.messages(thread)[-1]
        assert "By vote, game #1 ends" in final.readable and f"3rd  {away.name}" in final.readable
        assert "Rematch" in labels(final) and "Play my turn" not in labels(final)
        old = await bot.service.snapshot(None, game_id=1)

        rematch = await (await fake.click(others[0], final, label="Rematch")).original()
        assert rematch.ephemeral and "You opened game #2, a rematch of game #1" in rematch.readable
        await fake.idle()
        lobby = fake.messages(thread)[-1]
        assert "Rematch!" in lobby.readable and "Join" in labels(lobby)
        assert set(lobby.mention_ids) == {u.id for u in users if u is not others[0]}
        new = await bot.service.snapshot(thread.id)
        assert (new.game.id, new.game.status, new.game.seat_count) == (2, Status.LOBBY, 3)
        assert new.game.options == old.game.options
        assert "brisk pace" in (await bot.service.timing(2))
        stranger = fake.add_member("Eve")
        await fake.idle()
        nope = await (await fake.click(stranger, final, label="Rematch")).original()
        assert nope.ephemeral and "Only the players of game #1" in nope.readable


async def test_vacation_replace_remind_stats_and_the_log(
        fake_discord: FakeDiscord, store: SqliteStore, clock: FakeClock) -> None:
    fake = fake_discord
    users = [fake.add_member("Ann"), fake.add_member("Bo")]
    dee = fake.add_member("Dee")
    bot = make_bot(store, clock)
    async with fake.running(bot):
        await fake.idle()
        thread, _ = await open_table(fake, users, pace="daily")
        first = await to_act(bot, thread, users)
        off = await (await fake.slash(first, thread, "remind", setting="off")).original()
        assert off.ephemeral and "Reminders are off" in off.readable

        away = await (await fake.slash(first, thread, "vacation", days=3)).original()
        assert away.ephemeral and "You are on vacation until" in away.readable and "27 vacation day" in away.readable
        await fake.idle()
        assert len(with_text(fake, thread, f"{first.name} is on vacation until")) == 1
        clock.at(30)  # past the daily deadline, but the clock stands still during the vacation
        assert await bot.tick_once() == 0
        status = (await bot.service.status(thread.id)).text
        assert "clock is stopped: on vacation" in status and "Daily pace" in status
        too_long = await (await fake.slash(first, thread, "vacation", days=30)).original()
        assert "vacation days left" in too_long.readable

        # The player hands the seat on; the newcomer gets the hand by DM and acts for that seat.
        handed = await (await fake.slash(first, thread, "replace", member=dee)).original()
        assert handed.ephemeral and "now belongs to Dee" in handed.readable
        await fake.idle()
        (post,) = with_text(fake, thread, f"{first.name} handed seat")
        assert post.mentions(dee)
        assert "You now play seat" in fake.dms(dee)[-1].readable
        moved = await (await fake.slash(dee, thread, "move", text="take")).original()
        assert "Played: Take 2 cards" in moved.readable
        gone = await (await fake.slash(first, thread, "move", text="end")).original()
        assert "not playing" in gone.readable

        # /log pages and exports; then results after a resignation.
        await (await fake.slash(dee, thread, "move", text="end")).original()
        page = await (await fake.slash(users[1], thread, "log", page=1)).original()
        # A line per turn (Dee took cards and ended the turn: one line), every step in the export.
        assert "Game #1 — the moves, page 1/1" in page.readable and "1. Dee: Dee takes 2 cards." in page.readable
        export = await (await fake.slash(users[1], thread, "log", export=True)).original()
        (attachment,) = export.attachments
        assert attachment.filename == "game-1-log.txt" and b"Players:" in attachment.data
        assert b"Dee" in attachment.data and b"1.2 Dee \xe2\x80\x94 End turn" in attachment.data  # turn 1, step 2
        confirm = await (await fake.slash(dee, thread, "resign")).original()
        await (await fake.click(dee, confirm, label="Resign")).original()
        await fake.idle()
        (other,) = [u for u in users if u is not first]
        mine = await (await fake.slash(other, thread, "stats")).original()
        assert "Burgenland: 1 played, 1 won" in mine.readable
        theirs = await (await fake.slash(other, thread, "stats", user=dee)).original()
        assert "Burgenland: 1 played, 0 won" in theirs.readable
        none = await (await fake.slash(other, thread, "stats", user=first)).original()
        assert "no finished games" in none.readable
