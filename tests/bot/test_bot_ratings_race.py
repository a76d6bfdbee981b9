"""A rebuild (``python -m bot.ratings rebuild``, another process: a second store on the same database) running
while a game ends, on both backends, in the two orders that used to lose or spoil the ending's rating: the ending
commits after the rebuild read the results, and the ending computes its update before the rebuild and commits
after it.  Either way the result is what a rebuild run afterwards gives: no game lost, no rating left stale."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.table.tables
from bot.ratings.rebuild import rebuild
from bot.store import Status, Store
from bot.table import TableService
from bot.table.results import Problem, Reply
from tests.bot.helpers import CHANNEL, ok, play, started
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


async def test_a_game_ending_while_a_rebuild_reads_the_results_keeps_its_rating(
        service: TableService, store: Store, new_store: StoreFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    await started(service, 2, target=4)
    await finish(service)
    late = await started(service, 2, channel=CHANNEL + 1, seed=3, target=4)
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
    await started(service, 2, target=4)
    await finish(service)
    # Ratings from an older bot (the reason to rebuild): the rebuild changes them.
    await execute(store, "UPDATE ratings SET mu = mu + 1")
    late = await started(service, 2, channel=CHANNEL + 1, seed=3, target=4)
    other = new_store()
    await other.open()
    compute = bot.table.tables.rate_ending
    rebuilt: list[int] = []

    async def compute_then_rebuild(*args: Any, **kwargs: Any) -> Any:
        made = await compute(*args, **kwargs)
        if not rebuilt:  # the ending's update is made from the old ratings, then the rebuild replaces them
            rebuilt.append(len(await rebuild(other)))
        return made

    monkeypatch.setattr(bot.table.tables, "rate_ending", compute_then_rebuild)
    try:
        await finish_retrying(service, CHANNEL + 1)
    finally:
        await other.close()
    assert rebuilt == [1]
    assert (late,) in await rows(store, "SELECT game_id FROM rated_games")
    ended = await snapshot(store)
    await rebuild(store)
    assert await snapshot(store) == ended  # the ending's update rests on the rebuilt ratings
