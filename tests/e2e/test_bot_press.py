"""One press, one call: a button, a select or /move costs one table-service call, one game lock and one
store read; and what a move announces reaches Discord even when Discord fails for a while."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import engines
from bot.discord import GameBot
from bot.store import Delivery
from bot.store.sqlite import SqliteStore
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeMessage, FakeUser
from tests.e2e.helpers import bot_running, drawing_service, open_table, to_act
from tests.sql import rows

#: Every method of the store that reads (the rest write).
READS = ("get_game", "active_game", "latest_game", "seats", "read_state", "live_actions", "log_stats", "game_parts",
         "action_page", "games_in_guild", "games_to_act", "games_with_status", "timer", "running_timers",
         "reminder_opt_outs", "vacations", "votes", "stats", "pending_announcements", "message_of")
VERBS = ("create", "join", "leave", "start", "cancel", "rematch", "act", "moves", "undo", "resign", "abandon",
         "time_out", "remind", "set_reminders", "vacation", "replace", "vote", "vote_open", "status", "board", "hand",
         "help", "rules", "history", "export_history", "list_games", "my_games", "stats", "snapshot", "timing")


class Counter:
    """Counts service calls, store reads, game locks and engine queries while ``on``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.counts: dict[str, int] = {}
        self.monkeypatch = monkeypatch

    def wrap(self, owner: Any, name: str, label: str) -> None:
        original = getattr(owner, name)

        def count() -> None:
            if self.on:
                self.counts[label] = self.counts.get(label, 0) + 1

        if inspect.iscoroutinefunction(original):
            async def counted_async(*args: Any, **kwargs: Any) -> Any:
                count()
                return await original(*args, **kwargs)
            self.monkeypatch.setattr(owner, name, counted_async)
        else:
            def counted(*args: Any, **kwargs: Any) -> Any:
                count()
                return original(*args, **kwargs)
            self.monkeypatch.setattr(owner, name, counted)

    def total(self, prefix: str) -> int:
        return sum(n for label, n in self.counts.items() if label.startswith(prefix))


def counted_bot(store: SqliteStore, counter: Counter) -> GameBot:
    service = drawing_service(store)
    for verb in VERBS:
        counter.wrap(service, verb, f"call.{verb}")
    for read in READS:
        counter.wrap(store, read, f"read.{read}")
    counter.wrap(service.tables, "lock", "lock")
    engine = engines.get("burgenland")
    for query in ("legal_actions", "to_act"):
        counter.wrap(engine, query, f"engine.{query}")
    return GameBot(service, scheduler_interval=None)


async def started_game(fake: FakeDiscord, bot: GameBot, users: list[FakeUser]
                       ) -> tuple[FakeChannel, FakeMessage, FakeUser]:
    """A game of ``users`` opened and started: its thread, its board's post, and the one of ``users`` to act."""
    thread, _ = await open_table(fake, users)
    board = [m for m in fake.messages(thread) if m.attachments][-1]
    return thread, board, await to_act(bot, thread, users)


async def choose(fake: FakeDiscord, user: FakeUser, menu: FakeMessage, label: str) -> None:
    for comp in menu.all_components():
        if comp.get("type") == 2 and comp.get("label") == label:
            await (await fake.click(user, menu, comp["custom_id"])).callback()
            return
        option = next((o for o in comp.get("options", ()) if o["label"] == label), None)
        if option is not None:
            await (await fake.select(user, menu, comp["custom_id"], [option["value"]])).callback()
            return
    raise AssertionError(f"no {label!r} in the menu")


async def test_a_press_costs_one_service_call_one_lock_and_one_read(fake_discord: FakeDiscord, store: SqliteStore,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    counter = Counter(monkeypatch)
    bot = counted_bot(store, counter)
    press: dict[str, int] = {}
    try:
        async with fake.running(bot):
            await fake.idle()
            thread, board, player = await started_game(fake, bot, [ann, bo])

            counter.on = True
            opened = await fake.click(player, board, label="Play my turn")   # press 1: open the menu
            menu = await opened.original()
            await fake.idle()
            assert (counter.total("call."), counter.total("lock"), counter.total("read.")) == (1, 1, 1), \
                counter.counts
            counter.counts.clear()

            await choose(fake, player, menu, "Take 2 cards")                # press 2: a button or an option
            await fake.idle()
            assert counter.counts.get("call.act") == 1
            assert (counter.total("call."), counter.total("lock"), counter.total("read.")) == (1, 1, 1), \
                counter.counts
            assert counter.counts.get("engine.legal_actions", 0) <= 2  # the choice, and the mover's next ones
            press = dict(counter.counts)
            counter.counts.clear()

            played = await fake.slash(player, thread, "move", text="end")    # press 3: /move
            await played.original()
            await fake.idle()
            assert (counter.total("call."), counter.total("lock"), counter.total("read.")) == (1, 1, 1), \
                counter.counts
            counter.on = False
            assert "takes 2 cards" in [m for m in fake.messages(thread) if m.attachments][-2].readable
    finally:
        print("one press that plays a move:", press)


async def test_a_server_error_on_the_post_delays_it_and_loses_nothing(fake_discord: FakeDiscord,
                                                                      store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    bot = GameBot(drawing_service(store), scheduler_interval=None,
                  delivery_interval=0.2, retry_delay=0.2)
    async with fake.running(bot):
        await fake.idle()
        thread, _, player = await started_game(fake, bot, [ann, bo])
        posts, dms = fake.messages(thread), len(fake.dms(player))
        # Discord has a bad moment as the turn's message is to be edited with the move.
        fault = fake.fail("PATCH", "/channels/{channel_id}/messages/{message_id}", 503)
        played = await fake.slash(player, thread, "move", text="take")
        assert "Played: Take 2 cards" in (await played.original()).readable  # the move stands
        await fake.wait_until(lambda: len(fake.dms(player)) > dms, 10, "the DM after the retry")
        await fake.idle()
        assert fault.hits == 1
        assert fake.messages(thread) == posts  # no new message: the turn's message says it
        assert "takes 2 cards" in posts[-1].readable and len(posts[-1].history) == 1
        assert len(fake.dms(player)) == dms + 1   # after the edit (the game's order is kept), once
        assert await store.pending_announcements(100) == []


async def test_rate_limits_are_waited_out(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store), scheduler_interval=None) as bot:
        thread, _, player = await started_game(fake, bot, [ann, bo])
        turn = fake.messages(thread)[-1]
        fault = fake.fail("PATCH", "/channels/{channel_id}/messages/{message_id}", 429, times=2, retry_after=0.05)
        await (await fake.slash(player, thread, "move", text="take")).original()
        await fake.wait_until(lambda: turn.history, 10, "the edit after the waits")
        await fake.idle(quiet=0.3)
        assert fault.hits == 2 and len(turn.history) == 1 and "takes 2 cards" in turn.readable


async def test_a_channel_that_is_gone_drops_its_posts_and_other_games_go_on(fake_discord: FakeDiscord,
                                                                           store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store), scheduler_interval=None) as bot:
        thread, _, player = await started_game(fake, bot, [ann, bo])
        # Unknown Channel: the turn's message cannot be edited, nor said anew.
        fake.fail("PATCH", "/channels/{channel_id}/messages/{message_id}", 404, code=10003)
        fake.fail("POST", "/channels/{channel_id}/messages", 404, code=10003)
        dms = len(fake.dms(player))
        await (await fake.slash(player, thread, "move", text="take")).original()
        await fake.idle()
        assert await store.pending_announcements(100) == []  # nothing left pending: dropped (logged)
        states = [state for state, in await rows(store, "SELECT state FROM outbox ORDER BY id")]
        assert states[-2:] == [Delivery.FAILED.value, Delivery.SENT.value] and len(fake.dms(player)) == dms + 1


async def test_a_deleted_turn_message_is_said_anew(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store), scheduler_interval=None) as bot:
        thread, turn, player = await started_game(fake, bot, [ann, bo])
        turn.deleted = True  # a moderator deleted the turn's message
        fake.fail("PATCH", "/channels/{channel_id}/messages/{message_id}", 404, code=10008)  # Unknown Message
        await (await fake.slash(player, thread, "move", text="take")).original()
        await fake.idle()
        anew = fake.messages(thread)[-1]
        assert anew.id != turn.id and "takes 2 cards" in anew.readable and anew.attachments
