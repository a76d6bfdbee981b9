"""Computer players at the table: seated at ``new`` or by the host, playing their turns through the
driver (and again after a restart), standing in for an absent player, hints, and stats apart."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

import engines
from bot import autoplay as autoplay_module
from bot.autoplay import AutoPlay
from bot.scheduler import Scheduler
from bot.store import Status, Store
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import PrivateMessage, Problem, Reply
from bot.thinking import HINT
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, FakeClock, ok
from tests.old_schemas import OLD_GAME, old_sqlite_file
from tests.sql import rows

GAME = "buerger-baumeister"


class Published:
    """What the driver published, in order."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []

    async def __call__(self, reply: Reply) -> None:
        self.replies.append(reply)


async def outbox_rows(store: Store) -> list[tuple[Any, ...]]:
    return await rows(store, "SELECT kind, user_id, body FROM outbox ORDER BY id")


async def test_new_with_bots_seats_them_and_a_full_table_starts(service: TableService, store: Store) -> None:
    real = TableService(store)
    reply = ok(await real.create(GAME, GUILD, CHANNEL, ANN, seats=3, bots=2, level="easy", seed=5))
    assert reply.text.startswith("Game #1 is open, with Bot 1 (easy), Bot 2 (easy) seated.")
    game = await store.get_game(1)
    assert game is not None and game.status is Status.RUNNING and game.settings == {"hints": True, "level": "easy",
                                                                                        "language": "en"}
    seats = await store.seats(1)
    assert sorted((s.name, s.level) for s in seats) == [("Ann", ""), ("Bot 1 (easy)", "easy"),
                                                         ("Bot 2 (easy)", "easy")]
    assert all(s.user_id < 0 for s in seats if s.is_bot)
    # The start post pings Ann alone; only Ann gets her hand.
    start = next(p for p in reply.posts if p.role == "turn")
    assert start.mentions == (ANN.id,)
    assert start.picture is not None  # the image marks the computers with a gear
    assert sorted(start.picture.names) == ["Ann", "⚙ Bot 1 (easy)", "⚙ Bot 2 (easy)"]
    assert [m.user_id for m in reply.outbox if isinstance(m, PrivateMessage)] == [ANN.id]
    assert all(user is None or user > 0 for _, user, _ in await outbox_rows(store))


async def test_the_host_adds_computer_players_in_the_lobby(store: SqliteStore) -> None:
    service = TableService(store)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=3, hints=False))
    refused = await service.add_bot(CHANNEL, BO)
    assert refused.problem is Problem.FORBIDDEN and "Only the player who opened game #1" in refused.text
    lobby = ok(await service.add_bot(CHANNEL, ANN))
    assert lobby.text == "Bot 1 (normal) took a seat at game #1."
    edit = lobby.outbox[0]
    assert "Bot 1 (normal)" in edit.text and "Hints: off." in edit.text
    ok(await service.join(CHANNEL, BO))  # fills the table
    assert (await store.get_game(1)).status is Status.RUNNING  # type: ignore[union-attr]
    full = await service.add_bot(CHANNEL, ANN, game_id=1)
    assert full.problem is Problem.WRONG_PHASE


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": 1, "level": "genius"}, "'genius' is not a computer level: choose easy, normal, hard."),
    ({"bots": 2, "seats": 2}, "2 computer players do not fit: at most 1 here"),
    ({"bots": 4}, "4 computer players do not fit: at most 3 here"),
])
async def test_impossible_computer_players_are_refused(store: SqliteStore, kwargs: dict, message: str) -> None:
    reply = await TableService(store).create(GAME, GUILD, CHANNEL, ANN, **kwargs)
    assert reply.problem is Problem.BAD_REQUEST and message in reply.text
    assert await store.get_game(1) is None


async def play_to_the_end(service: TableService, autoplay: AutoPlay, reply: Reply) -> int:
    """The person plays the first legal move whenever it is their turn; the bots play theirs."""
    autoplay.after(reply)
    moves = 0
    while True:
        await autoplay.idle()
        snap = await service.snapshot(CHANNEL)
        if snap.game.status is not Status.RUNNING:
            return moves
        assert snap.user_ids[snap.to_act[0]] == ANN.id, "the driver stopped while a computer was to act"
        options = ok(await service.moves(CHANNEL, ANN))
        played = ok(await service.act(CHANNEL, ANN, options.choices[0].key))
        moves += 1
        autoplay.after(played)


async def test_a_person_plays_a_whole_game_against_a_computer(store: Store) -> None:
    service = TableService(store)
    published = Published()
    autoplay = AutoPlay(service, published)
    started = ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, bots=1, level="easy", seed=11))
    moves = await play_to_the_end(service, autoplay, started)
    game = await store.get_game(1)
    assert game is not None and game.status is Status.FINISHED and game.result is not None
    log = await store.live_actions(1)
    bot_seat = next(s.seat for s in await store.seats(1) if s.is_bot)
    assert moves > 10 and sum(a.seat == bot_seat for a in log) > 10
    assert all(r.ok for r in published.replies)
    # Nobody pinged or wrote to the computer.
    for _, user, body in await outbox_rows(store):
        assert user is None or user > 0
        assert all(m > 0 for m in json.loads(body).get("mentions", []))


async def test_a_restart_in_a_computers_turn_loses_nothing(store: SqliteStore) -> None:
    service = TableService(store)
    # Two computers and a person: whoever starts, computers are to act at some point; find one.
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=3, bots=2, level="easy", seed=2))
    if (await store.games_waiting_for_bots()) == []:  # the person starts: play until the turn passes
        snap = await service.snapshot(CHANNEL)
        while (await service.snapshot(CHANNEL)).to_act == snap.to_act:
            ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))
    assert [g.id for g in await store.games_waiting_for_bots()] == [1]
    before = (await service.snapshot(CHANNEL)).move_number
    # "After a restart": a new service and driver over the same database pick the game up.
    fresh = TableService(store)
    autoplay = AutoPlay(fresh, Published())
    assert await autoplay.resume() == 1
    await autoplay.idle()
    after = await fresh.snapshot(CHANNEL)
    assert after.move_number > before  # type: ignore[operator]
    assert after.user_ids[after.to_act[0]] == ANN.id
    assert await store.games_waiting_for_bots() == []


async def test_deadline_policy_bot_plays_the_absent_players_turn_each_time(store: SqliteStore) -> None:
    clock = FakeClock()
    service = TableService(store, clock=clock)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=3, pace="brisk", deadline="bot"))
    ok(await service.join(CHANNEL, BO))
    scheduler = Scheduler(service)
    for hours in (4, 8.01):
        snap = await service.snapshot(CHANNEL)
        absent = snap.names[snap.to_act[0]]
        clock.at(hours)
        (reply,) = [r for r in await scheduler.tick() if r.post is not None and "away" in r.post.text]
        assert reply.post is not None
        assert reply.post.text.startswith(f"({absent} was away: a computer player (normal) played ")
        after = await service.snapshot(CHANNEL)
        assert after.to_act != snap.to_act and after.move_number > snap.move_number  # type: ignore[operator]
        assert (await store.timer(1)).started == clock.now  # type: ignore[union-attr]
    engine = engines.get(GAME)
    assert engine.move_count(engine.replay(2, 3, (await store.get_game(1)).options,  # type: ignore[union-attr]
                                           [(a.seat, a.action_key) for a in await store.live_actions(1)])) \
        == (await service.snapshot(CHANNEL)).move_number


async def test_a_hint_suggests_a_legal_move_privately_and_changes_nothing(store: SqliteStore) -> None:
    service = TableService(store)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=4))
    ok(await service.join(CHANNEL, BO))
    snap = await service.snapshot(CHANNEL)
    mover = ANN if snap.user_ids[snap.to_act[0]] == ANN.id else BO
    other = BO if mover is ANN else ANN
    hint = ok(await service.hint(CHANNEL, mover))
    assert hint.outbox == () and hint.post is None
    first, *rest = hint.text.splitlines()
    assert first.startswith("💡 Game #1: I would play **") and "% to win" in first
    labels = {c.label for c in ok(await service.moves(CHANNEL, mover)).choices}
    suggested = first.split("**")[1]
    assert suggested in labels
    assert rest[0].startswith("Also considered: ")
    assert re.fullmatch(r"\(normal level: \d+ simulated continuations over \d+ guesses at what you cannot see; "
                        r"the chances are estimates\.\)", rest[-1]), rest[-1]
    assert (await service.snapshot(CHANNEL)).move_number == snap.move_number
    assert (await service.hint(CHANNEL, other)).problem is Problem.NOT_YOUR_TURN
    assert (await service.hint(CHANNEL, CY)).problem is Problem.NOT_SEATED


async def test_hints_can_be_turned_off(store: SqliteStore) -> None:
    service = TableService(store)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, bots=1, hints=False))
    refused = await service.hint(CHANNEL, ANN)
    assert refused.problem is Problem.FORBIDDEN
    assert refused.text == "Hints are off at game #1 (chosen when it was opened)."


async def test_stats_count_games_against_computers_apart(store: SqliteStore) -> None:
    service = TableService(store)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, bots=1, level="easy"))
    ok(await service.resign(CHANNEL, ANN))
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2))
    ok(await service.join(CHANNEL, BO))
    ok(await service.resign(CHANNEL, BO))
    stats = ok(await service.stats(GUILD, ANN)).text.splitlines()
    assert stats == ["Ann on this server (finished games):", "Bürger, Baumeister & Co.: 1 played, 1 won",
                     "Bürger, Baumeister & Co. against computer players: 1 played, 0 won"]


async def test_a_version_7_file_gains_computer_seats_and_the_bot_policy(db_path: Path) -> None:
    await old_sqlite_file(
        db_path, 7, OLD_GAME, "INSERT INTO seats (game_id, user_id, name, seat, joined) VALUES (1, 1, 'Ann', 0, 0)",
        "INSERT INTO clocks (game_id, pace, policy, started, hand) VALUES (1, 'daily', 'vote', 5, ',1,')")
    store = SqliteStore(db_path)
    await store.open()
    try:
        timer = await store.timer(1)
        assert timer is not None and timer.policy.value == "vote" and timer.started == 5
        assert (await store.seats(1))[0].level == "" and (await store.get_game(1)).settings == {}  # type: ignore[union-attr]
        await store.db.execute("UPDATE clocks SET policy = 'bot' WHERE game_id = 1")
        assert (await store.timer(1)).policy.value == "bot"  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_a_rematch_seats_the_computers_again(store: SqliteStore) -> None:
    service = TableService(store)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=3, bots=1, level="hard", hints=False))
    ok(await service.join(CHANNEL, BO))
    ok(await service.resign(CHANNEL, BO))
    again = ok(await service.rematch(None, ANN, game_id=1))
    seats = await store.seats(again.game_id or 0)
    assert [(s.name, s.level) for s in seats] == [("Ann", ""), ("Bot 1 (hard)", "hard")]
    game = await store.get_game(again.game_id or 0)
    assert game is not None and game.status is Status.LOBBY
    assert game.settings == {"hints": False, "level": "hard", "language": "en"}
    call = next(p for p in again.posts if p.role == "lobby")
    assert call.mentions == (BO.id,) and "Bo: press **Join** to play again." in call.text


async def test_computers_are_never_reminded_nor_timed_out(store: SqliteStore) -> None:
    clock = FakeClock()
    service = TableService(store, clock=clock)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, bots=1, seed=1, pace="brisk", deadline="pause"))
    while not await store.games_waiting_for_bots():  # Ann plays until the computer is to act (no driver runs)
        ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))
    waiting = await service.snapshot(CHANNEL)
    for hours in (2.5, 4.5, 30):
        clock.at(hours)
        assert await Scheduler(service).tick() == []
    assert (await service.snapshot(CHANNEL)).move_number == waiting.move_number
    assert (await store.timer(1)).waiting.value == ""  # type: ignore[union-attr]


class CountingThinker:
    """The real thinking (in a thread), counted, and held until released: what a flood of /hint costs."""

    def __init__(self) -> None:
        import asyncio

        from bot.thinking import ThreadThinker

        self.inner, self.calls, self.release = ThreadThinker(), 0, asyncio.Event()
        self.priorities: list[int] = []

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int, *,
                      priority: int = 0) -> Any:
        self.calls += 1
        self.priorities.append(priority)
        await self.release.wait()
        return await self.inner.analyse(engine_name, state_json, seat, level, seed)


async def test_a_flood_of_hints_is_worked_out_once_and_a_second_one_waits_its_turn(store: SqliteStore) -> None:
    """60 /hint at once by one player cost one analysis (a hint is fixed by the game, the move and the seat);
    while it is worked out, that player's hint in another game is refused with a clear word, not queued; once
    done, asking again costs nothing."""
    import asyncio

    thinker = CountingThinker()
    service = TableService(store, thinker=thinker)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=4))
    ok(await service.join(CHANNEL, BO))
    ok(await service.create(GAME, GUILD, CHANNEL + 1, ANN, seats=2, seed=5))
    ok(await service.join(CHANNEL + 1, BO))
    snap = await service.snapshot(CHANNEL)
    mover = ANN if snap.user_ids[snap.to_act[0]] == ANN.id else BO
    flood = [asyncio.ensure_future(service.hint(CHANNEL, mover)) for _ in range(60)]
    await asyncio.sleep(0.05)
    other = await service.hint(CHANNEL + 1, mover)
    assert other.problem is Problem.BUSY and "still being worked out" in other.text and "#1" in other.text
    thinker.release.set()
    replies = await asyncio.gather(*flood)
    assert thinker.calls == 1 and len({ok(r).text for r in replies}) == 1
    assert thinker.priorities == [HINT]  # a hint waits behind computer players' moves in the thinking queue
    assert ok(await service.hint(CHANNEL, mover)).text == replies[0].text and thinker.calls == 1
    mine = ok(await service.hint(CHANNEL + 1, mover))  # theirs is done: the other game's hint is worked out now
    assert mine.text.startswith("💡 Game #2") and thinker.calls == 2


async def test_a_player_gets_five_new_hints_a_minute(store: SqliteStore) -> None:
    """Each move a new position, each hint a new analysis: the sixth within a minute is refused saying when to
    ask again; one already worked out is still given; a minute later hints come again."""
    clock = FakeClock()
    service = TableService(store, clock=clock)
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=4, bots=1))
    worked: list[str] = []
    for _ in range(6):
        hint = await service.hint(CHANNEL, ANN)
        if hint.problem is Problem.BUSY:
            break
        worked.append(ok(hint).text)
        await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key)
        while (snap := await service.snapshot(CHANNEL)).user_ids[snap.to_act[0]] != ANN.id:
            ok(await service.bots.bot_move(snap.game.id))
    assert len(worked) == 5 and hint.problem is Problem.BUSY
    assert "5 hints" in hint.text and "ask again in 60 s" in hint.text
    clock.now += 61
    assert ok(await service.hint(CHANNEL, ANN)).text.startswith("💡")


async def test_a_line_names_a_computer_player_with_its_level_once(store: SqliteStore) -> None:
    """The Castles of Burgundy against Bot 1 (easy): a move sets off several events, each said with its player.  A
    line says "Bot 1 (easy)" once and "Bot 1" after — in a post's lines and in `/log`, whose line names its player
    first ("4. Bot 1 (easy): Bot 1 takes … Bot 1 sells …": the level was said up to four times a line)."""
    service = TableService(store)
    ok(await service.create("castles-of-burgundy", GUILD, CHANNEL, ANN, seats=2, bots=1, level="easy", seed=5))
    said: list[str] = []
    for _ in range(60):
        snap = await service.snapshot(CHANNEL)
        if not snap.to_act:
            break
        if snap.user_ids[snap.to_act[0]] == ANN.id:
            reply = ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))
        else:
            reply = ok(await service.bots.bot_move(snap.game.id))
        if reply.post is not None:
            said += [line for line in reply.post.text.split("\n") if line.startswith("• ") and "Bot 1" in line]
    logged = [line for line in ok(await service.history(CHANNEL)).text.split("\n") if ". Bot 1 (easy): " in line]
    assert said and logged
    for line in said + logged:
        assert line.count("Bot 1 (easy)") == 1, line
    # Named again in the same line, briefly: a move's events ("This turn so far"), a turn's moves (the log).
    assert any(line.count("Bot 1") >= 2 for line in said) and any(line.count("Bot 1") >= 2 for line in logged)


class Thinking:
    """The "a computer is thinking" notices the driver gave its table: (game, moves played by then), in order; each
    notice first fails (``fail``: Discord out of reach) or never ends (``hang``), if asked to."""

    def __init__(self, store: Store, *, fail: bool = False, hang: bool = False) -> None:
        self.store, self.fail, self.hang = store, fail, hang
        self.notices: list[tuple[int, int]] = []

    async def __call__(self, game_id: int) -> None:
        self.notices.append((game_id, len(await self.store.live_actions(game_id))))
        if self.hang:
            await asyncio.Event().wait()
        if self.fail:
            raise ConnectionError("Discord is out of reach")


async def bots_start(service: TableService, store: Store) -> None:
    """Bürger with a person and two computers (seed 2), played by the person until the computers are to act."""
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=3, bots=2, level="easy", seed=2))
    while not await store.games_waiting_for_bots():
        ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))


async def test_the_table_is_told_a_computer_thinks_before_it_plays_once_in_a_while(store: SqliteStore) -> None:
    service, clock = TableService(store), FakeClock()
    await bots_start(service, store)
    before = len(await store.live_actions(1))
    thinking = Thinking(store)
    autoplay = AutoPlay(service, Published(), thinking, clock=clock)
    assert await autoplay.resume() == 1
    await autoplay.idle()
    steps = len(await store.live_actions(1)) - before
    # Both computers' turns, several steps, and no time passed: one notice, before the first step.
    assert steps >= 4 and thinking.notices == [(1, before)]
    # The person plays; the computers' next turns get a notice of their own, before them again.
    snap = await service.snapshot(CHANNEL)
    played = ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))
    while (await service.snapshot(CHANNEL)).to_act == snap.to_act:
        played = ok(await service.act(CHANNEL, ANN, ok(await service.moves(CHANNEL, ANN)).choices[0].key))
    at = len(await store.live_actions(1))
    autoplay.after(played)
    await autoplay.idle()
    assert thinking.notices == [(1, before), (1, at)]


async def test_while_the_computers_think_for_long_the_notice_is_given_again(store: SqliteStore) -> None:
    service, clock = TableService(store), FakeClock()
    await bots_start(service, store)
    before = len(await store.live_actions(1))
    thinking = Thinking(store)

    def slow() -> float:  # each step takes 5 s: a notice every other step (Discord shows one for about ten)
        clock.now += 5
        return clock.now

    autoplay = AutoPlay(service, Published(), thinking, clock=slow)
    await autoplay.resume()
    await autoplay.idle()
    steps = len(await store.live_actions(1)) - before
    assert [moves for _, moves in thinking.notices] == list(range(before, before + steps, 2))


@pytest.mark.parametrize("trouble", ["fail", "hang"])
async def test_a_notice_that_cannot_be_given_does_not_stop_the_computers(store: SqliteStore, trouble: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autoplay_module, "THINKING_TIMEOUT", 0.05)
    service = TableService(store)
    await bots_start(service, store)
    before = len(await store.live_actions(1))
    thinking = Thinking(store, fail=trouble == "fail", hang=trouble == "hang")
    autoplay = AutoPlay(service, Published(), thinking)
    await autoplay.resume()
    await autoplay.idle()
    assert thinking.notices == [(1, before)]
    assert len(await store.live_actions(1)) > before and await store.games_waiting_for_bots() == []
