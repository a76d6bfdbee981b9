"""A rebuild (``python -m bot.ratings rebuild``, another process: a second store on the same database) running
while a game ends, on both backends, in the two orders that used to lose or spoil the ending's rating: the ending
commits after the rebuild read the results, and the ending computes its update before the rebuild and commits
after it.  Either way the result is what a rebuild run afterwards gives: no game lost, no rating left stale — and
the ending move lands (rated afresh) instead of being refused as if the board had moved, a few times at most;
a board that did move on is refused as ever."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

import pytest

import bot.table.absence
import bot.table.play
import bot.table.tables
from bot.ratings.games import RATING_TRIES
from bot.ratings.rebuild import rebuild
from bot.scheduler import Scheduler
from bot.store import Status, Store
from bot.table import TableService
from bot.table.results import Problem, Reply
from bot.table.wording import STALE
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, FakeClock, ok, play, player_to_act, started
from tests.bot.test_bot_ratings import finish, snapshot
from tests.conftest import StoreFactory
from tests.sql import execute, rows

#: How long the hook lets the ending run before the rebuild goes on: before the fix the ending commits well
#: within it; with the fix it is held back (it waits for the rebuild) and the rebuild goes on after this.
GRACE = 2.0


async def finish_retrying(service: TableService, channel: int) -> list[Reply]:
    """Play the channel's game to its end as a player would: a move refused as stale is sent again."""
    refused = []
    for _ in range(200):
        snap = await service.snapshot(channel)
        if snap.game.status is not Status.RUNNING:
            return refused
        reply = await play(service, "step" if snap.move_number is not None and snap.move_number % 3 < 2 else "end",
                           channel)
        if reply.problem is Problem.STALE:
            refused.append(reply)
        else:
            ok(reply)
    raise AssertionError("the game did not end")


def after_rating(monkeypatch: pytest.MonkeyPatch, module: ModuleType,
                 then: Callable[[int], Awaitable[object]]) -> list[int]:
    """Every ending rated through ``module.rate_ending`` is followed, before its commit, by ``then(n)`` (the n-th
    rating: a rebuild, a change of the ratings or of the board by another process); the list of the n so far."""
    compute = module.rate_ending
    computed: list[int] = []

    async def hooked(*args: Any, **kwargs: Any) -> Any:
        made = await compute(*args, **kwargs)
        computed.append(len(computed) + 1)
        await then(len(computed))
        return made

    monkeypatch.setattr(module, "rate_ending", hooked)
    return computed


async def rated_then_running(service: TableService, store: Store, *, older: bool = False) -> int:
    """A first game played to its end (so there are ratings), then a second started in the next channel: its id.
    ``older``: the ratings as an older bot left them, so that a rebuild changes them."""
    await started(service, 2, target=4)
    await finish(service)
    if older:
        await execute(store, "UPDATE ratings SET mu = mu + 1")
    return await started(service, 2, channel=CHANNEL + 1, seed=3, target=4)


async def test_a_game_ending_while_a_rebuild_reads_the_results_keeps_its_rating(
        service: TableService, store: Store, new_store: StoreFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    late = await rated_then_running(service, store)
    other = new_store()  # the rebuild's process
    await other.open()
    read = other.finished_games
    ending: list[asyncio.Task[Reply]] = []

    async def read_then_end(*args: Any, **kwargs: Any) -> Any:
        games = await read(*args, **kwargs)
        # Right after the rebuild read the results, the other game ends (in the bot's process).
        ending.append(asyncio.create_task(finish(service, CHANNEL + 1)))
        await asyncio.wait(ending, timeout=GRACE)
        return games

    monkeypatch.setattr(other, "finished_games", read_then_end)
    try:
        await rebuild(other)
    finally:
        await other.close()
    await ending[0]
    assert (late,) in await rows(store, "SELECT game_id FROM rated_games")
    ended = await snapshot(store)
    await rebuild(store)
    assert await snapshot(store) == ended


async def test_an_ending_computed_before_a_rebuild_is_rated_on_top_of_it(
        service: TableService, store: Store, new_store: StoreFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    late = await rated_then_running(service, store, older=True)  # older ratings: the reason to rebuild
    other = new_store()
    await other.open()
    rebuilt: list[int] = []

    async def rebuild_once(n: int) -> None:
        if n == 1:  # the ending's update is made from the old ratings, then the rebuild replaces them
            rebuilt.append(len(await rebuild(other)))

    after_rating(monkeypatch, bot.table.tables, rebuild_once)
    try:
        refused = await finish_retrying(service, CHANNEL + 1)
    finally:
        await other.close()
    assert rebuilt == [1]
    assert refused == []  # the board did not move: the ending move landed, rated again on the rebuilt ratings
    assert (late,) in await rows(store, "SELECT game_id FROM rated_games")
    ended = await snapshot(store)
    await rebuild(store)
    assert await snapshot(store) == ended  # the ending's update rests on the rebuilt ratings


async def test_an_ending_whose_ratings_keep_changing_is_refused_after_a_few_tries(
        service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    late = await rated_then_running(service, store)

    async def change(n: int) -> None:
        if n <= RATING_TRIES:  # the ratings change under every try of the first ending move
            await execute(store, "UPDATE ratings SET mu = mu + 1")

    computed = after_rating(monkeypatch, bot.table.tables, change)
    refused = await finish_retrying(service, CHANNEL + 1)
    assert len(refused) == 1 and len(computed) == RATING_TRIES + 1  # tried RATING_TRIES times, then refused; the
    assert refused[0].text == STALE                                   # player's move sent again landed
    assert (late,) in await rows(store, "SELECT game_id FROM rated_games")


async def test_an_ending_whose_board_moved_on_is_refused_at_once(
        service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    late = await rated_then_running(service, store)

    async def move_on(n: int) -> None:
        if n == 1:  # another process changes the game meanwhile: the board the move saw is gone
            await execute(store, f"UPDATE games SET version = version + 1 WHERE id = {late}")

    computed = after_rating(monkeypatch, bot.table.tables, move_on)
    refused = await finish_retrying(service, CHANNEL + 1)
    assert len(refused) == 1 and len(computed) == 2  # refused without a retry; the player's move sent again landed
    assert refused[0].problem is Problem.STALE and refused[0].text == STALE


async def test_a_resignation_whose_ratings_were_rebuilt_meanwhile_lands(
        service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    await rated_then_running(service, store, older=True)

    async def rebuild_once(n: int) -> None:
        if n == 1:
            await rebuild(store)

    rated = after_rating(monkeypatch, bot.table.tables, rebuild_once)
    ok(await service.resign(CHANNEL + 1, BO))
    assert rated == [1, 2]  # rated, the rebuild, rated again on the rebuilt ratings
    ended = await snapshot(store)
    await rebuild(store)
    assert await snapshot(store) == ended  # rated on top of the rebuilt ratings


async def test_an_end_by_vote_whose_ratings_were_rebuilt_meanwhile_lands(
        timed: TableService, store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last vote that ends a game (its absent player ranked last) lands though a rebuild replaced the ratings
    between the ending's rating and its commit: rated again on top of the rebuilt ratings, as a move would be."""
    await started(timed, 3, target=4)
    await finish(timed)
    await execute(store, "UPDATE ratings SET mu = mu + 1")  # (so a rebuild changes them)
    ok(await timed.create("sprint", GUILD, CHANNEL + 1, ANN, seats=3, pace="daily", deadline="vote"))
    for user in (BO, CY):
        ok(await timed.join(CHANNEL + 1, user))
    absent = await player_to_act(timed, CHANNEL + 1)
    await Scheduler(timed).tick(clock.at(24))  # the deadline passes: a vote opens

    async def rebuild_once(n: int) -> None:
        if n == 1:
            await rebuild(store)

    rated = after_rating(monkeypatch, bot.table.tables, rebuild_once)
    last = [ok(await timed.vote(CHANNEL + 1, voter, "end")) for voter in (ANN, BO, CY) if voter != absent][-1]
    assert rated == [1, 2] and last.post is not None and "Ratings: " in last.post.text
    ended = await snapshot(store)
    await rebuild(store)
    assert await snapshot(store) == ended  # rated on top of the rebuilt ratings
