"""Vacations stop a player's clock (with a yearly cap); seats change hands by the player or by vote."""

from __future__ import annotations

from bot.scheduler import Scheduler
from bot.store import DAY, Status, Waiting
from bot.table import VACATION_CAP_DAYS, TableService
from tests.bot.helpers import ANN, BO, CHANNEL, CY, DEE, GUILD, FakeClock, ok, player_to_act


async def open_game(service: TableService, channel: int = CHANNEL, players: tuple = (ANN, BO), **kw: str) -> int:
    created = ok(await service.create("sprint", GUILD, channel, players[0], seats=len(players), seed=7,
                                      options={"target": 15}, pace=kw.get("pace", "daily"),
                                      deadline=kw.get("deadline", "skip")))
    for user in players[1:]:
        ok(await service.join(channel, user))
    assert created.game_id is not None
    return created.game_id


async def test_a_vacation_stops_the_clock_and_every_table_is_told(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed, CHANNEL)
    await open_game(timed, 11)
    first = await player_to_act(timed)
    clock.at(1)
    reply = ok(await timed.vacation(first, 3))
    assert "on vacation until" in reply.text and "in 2 games" in reply.text
    assert sorted(p.game_id for p in reply.posts) == [1, 2]  # type: ignore[type-var]
    assert all(f"{first.name} is on vacation until" in p.text for p in reply.posts)
    scheduler = Scheduler(timed)
    # Away from 1 h to 73 h: no reminder, no deadline meanwhile; the deadline moves to 24 h + 72 h.
    for hours in (12, 24, 60, 72.9):
        assert [r for r in await scheduler.tick(clock.at(hours)) if first.id in (r.post.mentions if r.post else ())
                or any(m.user_id == first.id for m in r.private)] == []
    assert await timed.store.live_actions(1) == []
    reminders = await scheduler.tick(clock.at(85))  # 12 h of running clock: 1 h before, 11 h after
    assert any(r.game_id == 1 and r.post and "Reminder" in r.post.text for r in reminders)
    assert [r for r in await scheduler.tick(clock.at(95.9)) if r.post and "was away" in r.post.text] == []
    skipped = await scheduler.tick(clock.at(96))
    assert any(r.game_id == 1 and r.post and f"{first.name} was away" in r.post.text for r in skipped)


async def test_the_yearly_cap_and_ending_a_vacation_early(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed)
    assert "1 to 30 days" in (await timed.vacation(ANN, VACATION_CAP_DAYS + 1)).text
    assert "not on vacation" in (await timed.vacation(ANN, 0)).text
    ok(await timed.vacation(ANN, 10))
    clock.at(2 * 24)
    back = ok(await timed.vacation(ANN, 0))  # 2 of the 10 days used
    assert "Welcome back" in back.text and "is back from vacation" in back.posts[0].text
    refused = await timed.vacation(ANN, 29)
    assert refused.problem is not None and "28 vacation days left" in refused.text
    assert "0 vacation days left" in ok(await timed.vacation(ANN, 28)).text
    clock.now += (365 + 30) * DAY  # a year after that vacation ended, the days are back (a rolling year)
    assert ok(await timed.vacation(ANN, 30)).ok


async def test_a_player_hands_their_seat_to_another_member(timed: TableService, clock: FakeClock) -> None:
    game = await open_game(timed)
    first = await player_to_act(timed)
    other = ANN if first == BO else BO
    ok(await timed.act(CHANNEL, first, "step"))
    clock.at(5)
    refused = await timed.replace(CHANNEL, first, other)
    assert refused.problem is not None and "already plays" in refused.text
    assert (await timed.replace(CHANNEL, CY, DEE)).problem is not None  # not seated: refused
    handed = ok(await timed.replace(CHANNEL, first, DEE))
    assert handed.post is not None and f"{first.name} handed seat" in handed.post.text and handed.post.mentions == (
        DEE.id,)
    (dm,) = handed.private
    assert dm.user_id == DEE.id and "You now play seat" in dm.text and "hand" in (dm.view or {})
    snap = await timed.snapshot(CHANNEL)
    assert DEE.id in snap.user_ids and first.id not in snap.user_ids
    assert (await timed.store.timer(game)).started == clock.now  # type: ignore[union-attr]
    assert (await timed.act(CHANNEL, first, "end")).problem is not None
    ok(await timed.act(CHANNEL, DEE, "end"))
    # The log keeps seats: the step and the end belong to the same seat, whoever held it.
    actions = await timed.store.live_actions(game)
    assert len({a.seat for a in actions}) == 1


async def test_a_vote_replaces_the_absent_player(timed: TableService, clock: FakeClock) -> None:
    game = await open_game(timed, players=(ANN, BO, CY), deadline="vote")
    absent = await player_to_act(timed)
    others = [u for u in (ANN, BO, CY) if u != absent]
    assert (await timed.vote(None, others[0], "end", game_id=game)).problem is not None  # no vote open yet
    await Scheduler(timed).tick(clock.at(24))
    assert (await timed.store.timer(game)).waiting is Waiting.VOTE  # type: ignore[union-attr]
    assert "vote is about" in (await timed.vote(None, absent, "end", game_id=game)).text
    assert "already plays" in (await timed.vote(None, others[0], "replace", others[1], game_id=game)).text
    first = ok(await timed.vote(None, others[0], "replace", DEE, game_id=game))
    assert "1 of 2" in first.text
    # The second vote for the same member decides (2 of the 2 others).
    done = ok(await timed.replace(CHANNEL, others[1], DEE))  # /replace during a vote is a vote
    assert done.post is not None and "By vote, Dee takes over" in done.post.text
    assert done.private[0].user_id == DEE.id
    snap = await timed.snapshot(CHANNEL)
    assert snap.user_ids[snap.to_act[0]] == DEE.id and snap.game.status is Status.RUNNING
    assert (await timed.store.timer(game)).waiting is Waiting.NO  # type: ignore[union-attr]
    assert await timed.store.votes(game) == []


async def test_the_absent_players_move_ends_the_vote(timed: TableService, clock: FakeClock) -> None:
    game = await open_game(timed, players=(ANN, BO, CY), deadline="vote")
    absent = await player_to_act(timed)
    other = next(u for u in (ANN, BO, CY) if u != absent)
    await Scheduler(timed).tick(clock.at(24))
    ok(await timed.vote(None, other, "end", game_id=game))
    ok(await timed.act(CHANNEL, absent, "step"))
    assert await timed.store.votes(game) == []
    assert (await timed.vote(None, other, "end", game_id=game)).problem is not None
    assert (await timed.snapshot(CHANNEL)).game.status is Status.RUNNING


async def test_rematch_and_stats(timed: TableService, clock: FakeClock) -> None:
    game = await open_game(timed, pace="brisk", deadline="pause")
    assert (await timed.rematch(None, ANN, game_id=game)).problem is not None  # not over yet
    loser = await player_to_act(timed)
    ok(await timed.resign(CHANNEL, loser))
    winner = ANN if loser == BO else BO
    assert "Only the players" in (await timed.rematch(None, CY, game_id=game)).text
    again = ok(await timed.rematch(None, winner, game_id=game))
    assert again.post is not None and "Rematch!" in again.post.text and again.post.mentions == (loser.id,)
    new = await timed.snapshot(CHANNEL)
    assert (new.game.id, new.game.seat_count, new.game.options) == (again.game_id, 2, {"target": 15})
    assert "brisk pace" in await timed.timing(new.game.id)
    assert "pauses" in await timed.timing(new.game.id)
    assert (await timed.rematch(None, winner, game_id=game)).problem is not None  # the channel is busy now
    stats = ok(await timed.stats(GUILD, winner)).text
    assert "Sprint: 1 played, 1 won" in stats
    assert "Sprint: 1 played, 0 won" in ok(await timed.stats(GUILD, loser)).text
    assert "no finished games" in ok(await timed.stats(GUILD + 1, winner)).text


async def test_toggling_a_vacation_tells_each_table_at_most_once_a_day(timed: TableService, clock: FakeClock) -> None:
    await open_game(timed, CHANNEL)
    told: list[str] = []
    for _ in range(5):  # /vacation 1, /vacation 0, five times over
        told += [p.text for p in ok(await timed.vacation(ANN, 1)).posts]
        clock.now += 60
        told += [p.text for p in ok(await timed.vacation(ANN, 0)).posts]
        clock.now += 60
    assert len(told) == 1 and "on vacation" in told[0]
    clock.now += DAY
    assert len(ok(await timed.vacation(ANN, 1)).posts) == 1  # a day later the table hears again
