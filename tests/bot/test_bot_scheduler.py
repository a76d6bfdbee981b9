"""Reminders and deadlines with an injected clock: they fire exactly once, at the right times, across restarts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.scheduler import Scheduler, plan
from bot.store import HOUR, Pace, Policy, Waiting
from bot.store.sqlite import SCHEMA_VERSION, SqliteStore
from bot.table import TableService
from bot.table.results import Reply
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, T0, FakeClock, ok, opened, player_to_act
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory
from tests.old_schemas import old_sqlite_file


async def open_game(service: TableService, *, pace: str = "daily", deadline: str = "skip", channel: int = CHANNEL,
                    players: tuple = (ANN, BO), seed: int = 7) -> int:
    created = ok(await service.create("sprint", GUILD, channel, players[0], seats=len(players), seed=seed,
                                      options={"target": 15}, pace=pace, deadline=deadline))
    for user in players[1:]:
        ok(await service.join(channel, user))
    assert created.game_id is not None
    return created.game_id


def posts(replies: list[Reply]) -> list[str]:
    return [r.post.text for r in replies if r.post is not None]


def dms(replies: list[Reply], user_id: int) -> list[str]:
    return [m.text for r in replies for m in r.private if m.user_id == user_id]


async def test_daily_reminders_then_the_deadline_fire_once_each(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed)
    first = await player_to_act(timed)
    scheduler = Scheduler(timed)
    assert await scheduler.tick(clock.at(11.9)) == []
    due = await scheduler.tick(clock.at(12))  # half of 24 h gone
    (post,) = [r.post for r in due if r.post]
    assert post.mentions == (first.id,) and "Reminder: game #1 (Sprint)" in post.text and "12 h left" in post.text
    assert "bot plays a safe move" in post.text
    (dm,) = dms(due, first.id)
    assert "Your move is waiting in game #1" in dm
    assert await scheduler.tick(clock.at(12.5)) == []
    assert await scheduler.tick(clock.at(19.9)) == []
    second = await scheduler.tick(clock.at(20))  # a sixth of the pace left: 4 h
    assert len(posts(second)) == 1 and "4 h left" in posts(second)[0]
    assert await scheduler.tick(clock.at(23.99)) == []

    # The deadline: the default move (Sprint: end the turn) through the normal move path.
    (skipped,) = await scheduler.tick(clock.at(24))
    assert skipped.post is not None
    assert skipped.post.text.startswith(f"({first.name} was away: the bot played End turn.)")
    assert "ends the turn" in skipped.post.text
    nxt = await player_to_act(timed)
    assert nxt != first and skipped.post.mentions == (nxt.id,)
    assert len(await timed.store.live_actions(1)) == 1
    assert await scheduler.tick(clock.at(24.5)) == []  # a fresh clock for the next player
    assert posts(await scheduler.tick(clock.at(36)))[0].startswith("⏰ Reminder")


async def test_a_move_restarts_the_clock_and_reminds_nobody_twice(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed)
    scheduler = Scheduler(timed)
    clock.at(10)
    first = await player_to_act(timed)
    ok(await timed.act(CHANNEL, first, "step"))  # the same player still acts: the clock runs on
    assert len(posts(await scheduler.tick(clock.at(12)))) == 1
    ok(await timed.act(CHANNEL, first, "end"))   # hand-over at 12 h: the next player's clock starts
    second = await player_to_act(timed)
    assert await scheduler.tick(clock.at(23.9)) == []
    # 24 h: the old deadline is gone; it is 12 h into the new hand-over, so the new player is reminded.
    (reminder,) = [r.post for r in await scheduler.tick(clock.at(24)) if r.post]
    assert reminder.mentions == (second.id,) and "12 h left" in reminder.text
    assert len(await timed.store.live_actions(1)) == 2
    assert await scheduler.tick(clock.at(31.9)) == []
    assert len(posts(await scheduler.tick(clock.at(32)))) == 1
    assert await scheduler.tick(clock.at(35.9)) == []
    assert "was away" in posts(await scheduler.tick(clock.at(36)))[0]


@asynccontextmanager
async def process(new_store: StoreFactory, clock: FakeClock) -> AsyncIterator[TableService]:
    """One run of the bot: a service on a store of its own (the test's database), reading the test's clock; its
    store closed at the end, as the process stops."""
    store = new_store(clock=clock)
    await store.open()
    try:
        yield TableService(store, engines_lookup=lookup, clock=clock)
    finally:
        await store.close()


async def test_after_downtime_an_overdue_reminder_is_sent_once_across_a_restart(
        new_store: StoreFactory, clock: FakeClock) -> None:
    async with process(new_store, clock) as service:
        await open_game(service)
        assert await Scheduler(service).tick(clock.at(1)) == []

    # Down from 1 h to 21 h: both reminder points (12 h, 20 h) passed; one reminder is sent.
    async with process(new_store, clock) as service:
        scheduler = Scheduler(service)
        due = await scheduler.tick(clock.at(21))
        assert len(posts(due)) == 1 and "3 h left" in posts(due)[0]
        assert await scheduler.tick(clock.at(23.9)) == []
        (skip,) = await scheduler.tick(clock.at(24))
        assert "was away" in skip.post.text  # type: ignore[union-attr]


async def test_after_downtime_deadlines_apply_once_in_order(new_store: StoreFactory, clock: FakeClock) -> None:
    async with process(new_store, clock) as service:
        await open_game(service, pace="brisk", channel=11)     # deadline at 4 h
        clock.at(1)
        await open_game(service, pace="brisk", channel=12)     # deadline at 5 h
        clock.at(-1)
        await open_game(service, pace="daily", channel=13, deadline="pause")  # deadline at 23 h

    async with process(new_store, clock) as service:
        scheduler = Scheduler(service)
        due = await scheduler.due(clock.at(100))
        assert [(d.kind, d.timer.game_id) for d in due] == [("deadline", 1), ("deadline", 2), ("deadline", 3)]
        replies = await scheduler.tick()
        assert [r.game_id for r in replies] == [1, 2, 3]
        assert "was away" in posts(replies)[0] and "was away" in posts(replies)[1]
        assert "is paused" in posts(replies)[2]
        # Each was applied once: one default move in each skipped game, and the next clocks start at 100 h.
        assert [len(await service.store.live_actions(g)) for g in (1, 2, 3)] == [1, 1, 0]
        assert await scheduler.tick(clock.at(101)) == []
        assert [d.timer.game_id for d in await scheduler.due(clock.at(104))] == [1, 2]


async def test_a_player_with_several_waiting_games_gets_one_digest(timed: TableService, clock: FakeClock) -> None:
    # Six games opened ten minutes apart; the seed decides who moves first in each.
    games, first_at = [], None
    for channel in (21, 22, 23, 24, 25, 26):
        game = await open_game(timed, channel=channel, seed=channel)
        if (await player_to_act(timed, channel)) == ANN:
            games.append((channel, game))
            first_at = clock.now if first_at is None else first_at
        clock.now += 10 * 60
    assert len(games) >= 2 and first_at is not None
    ann_games = {g for _, g in games}
    # Ann's first reminder falls due; her others (due within the hour) come in the same digest.
    due = await Scheduler(timed).tick(first_at + 12 * HOUR)
    ann_posts = [r for r in due if r.post and r.post.mentions == (ANN.id,)]
    # Every game of Ann due now or within the hour is in the one digest, and each channel hears once.
    assert {r.game_id for r in ann_posts} == ann_games
    (digest,) = dms(due, ANN.id)
    assert f"Your move is waiting in {len(ann_games)} games" in digest
    assert all(f"game #{g} (Sprint)" in digest for g in ann_games)
    assert len(dms(due, BO.id)) == 1  # Bo waits in the others: his own single digest
    assert dms(await Scheduler(timed).tick(first_at + 13 * HOUR), ANN.id) == []


async def test_reminder_interval_holds_after_downtime(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed)
    scheduler = Scheduler(timed)
    # First reminder late (down until 19 h); the 20 h point comes within the 8 h interval: skipped.
    assert len(posts(await scheduler.tick(clock.at(19)))) == 1
    assert await scheduler.tick(clock.at(20)) == []
    assert await scheduler.tick(clock.at(23.9)) == []


async def test_remind_off_silences_reminders_but_not_deadlines(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed)
    first = await player_to_act(timed)
    assert "Reminders are off" in ok(await timed.set_reminders(first, False)).text
    scheduler = Scheduler(timed)
    assert await scheduler.tick(clock.at(12)) == []
    assert await scheduler.tick(clock.at(20)) == []
    (skip,) = await scheduler.tick(clock.at(24))
    assert "was away" in skip.post.text  # type: ignore[union-attr]
    ok(await timed.set_reminders(first, True))
    assert await player_to_act(timed) != first


async def test_no_time_limit_reminds_every_three_days_and_never_skips(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed, pace="none")
    scheduler = Scheduler(timed)
    assert await scheduler.tick(clock.at(71)) == []
    assert len(posts(await scheduler.tick(clock.at(72)))) == 1
    assert await scheduler.tick(clock.at(143)) == []
    due = await scheduler.tick(clock.at(500))  # long downtime: one reminder, no deadline
    assert len(posts(due)) == 1 and "waiting for" in posts(due)[0]
    assert await timed.store.live_actions(1) == []


async def test_pause_waits_for_the_absent_player_and_tells_the_others(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed, deadline="pause", players=(ANN, BO, CY))
    first = await player_to_act(timed)
    scheduler = Scheduler(timed)
    (paused,) = [r for r in await scheduler.tick(clock.at(24)) if r.post]
    assert "is paused" in paused.post.text and f"{first.name}'s time ran out" in paused.post.text  # type: ignore
    assert set(paused.post.mentions) == {ANN.id, BO.id, CY.id}  # type: ignore[union-attr]
    assert await timed.store.live_actions(1) == []
    assert "Paused" in ok(await timed.status(CHANNEL)).text
    assert await scheduler.tick(clock.at(200)) == []  # no more reminders or deadlines while paused
    ok(await timed.act(CHANNEL, first, "step"))  # the player is back: the clock runs again from now
    assert (await timed.store.timer(1)).waiting is Waiting.NO  # type: ignore[union-attr]
    assert await scheduler.tick(clock.at(211)) == []
    assert len(posts(await scheduler.tick(clock.at(212)))) == 1


async def test_a_pace_and_policy_show_in_the_lobby_and_status(timed: TableService) -> None:
    created = ok(await timed.create("sprint", GUILD, CHANNEL, ANN, seats=2, pace="brisk", deadline="vote"))
    assert "brisk pace, 4 h per turn" in created.post.text and "vote" in created.post.text  # type: ignore
    ok(await timed.join(CHANNEL, BO))
    status = ok(await timed.status(CHANNEL)).text
    assert "Brisk pace, 4 h per turn" in status and "to move by" in status and "(4 h left)" in status
    board = ok(await timed.board(CHANNEL))
    assert board.post is not None and "to move by" in board.post.text
    bad = await timed.create("sprint", GUILD, 99, ANN, pace="glacial")
    assert bad.problem is not None and "relaxed, daily, brisk, none" in bad.text
    bad = await timed.create("sprint", GUILD, 99, ANN, deadline="explode")
    assert bad.problem is not None and "skip, pause, vote" in bad.text
    assert await timed.store.active_game(99) is None


def test_plan_is_pure_and_orders_by_due_time() -> None:
    from bot.store import Timer

    def timer(game: int, started: float, pace: Pace) -> Timer:
        return Timer(game, GUILD, game, "sprint", pace, Policy.SKIP, started, (0,), 0, None, Waiting.NO,
                     (ANN.id, BO.id), ("Ann", "Bo"))

    timers = [timer(1, T0, Pace.DAILY), timer(2, T0 - 10 * HOUR, Pace.DAILY), timer(3, T0, Pace.BRISK)]
    due = plan(T0 + 30 * HOUR, timers, [], set())
    assert [(d.kind, d.timer.game_id) for d in due] == [("deadline", 3), ("deadline", 2), ("deadline", 1)]
    assert plan(T0 + 30 * HOUR, timers, [], set()) == due


async def test_an_older_database_migrates_its_running_games_to_clocks(db_path: Path) -> None:
    await old_sqlite_file(db_path, 3, """INSERT INTO games (engine, rules_version, seed, guild_id, channel_id, status,
                                         created_by, created_at, updated_at, to_act, version)
                                         VALUES ('sprint', 1, 7, 1, 10, 'running', 101, 5.0, 6.0, ',1,', 3)""")
    async with opened(SqliteStore(db_path)) as store:
        (timer,) = await store.running_timers()
        assert (timer.pace, timer.policy, timer.started, timer.to_act) == (Pace.NONE, Policy.SKIP, 6.0, (1,))
        async with store._lock:
            (version,) = await (await store.db.execute("PRAGMA user_version")).fetchone()  # type: ignore[misc]
        assert version == SCHEMA_VERSION >= 4


async def test_a_reminder_under_the_bot_deadline_says_a_computer_will_play(timed: TableService, clock: FakeClock
                                                                           ) -> None:
    """The reminder of a table whose deadline hands the turn to a computer says so (it raised KeyError)."""
    await open_game(timed, deadline="bot")
    first = await player_to_act(timed)
    due = await Scheduler(timed).tick(clock.at(12))
    (post,) = [r.post for r in due if r.post]
    assert post.mentions == (first.id,) and "12 h left" in post.text
    assert "a computer player plays your turn" in post.text
