"""Two actions racing for the same board: exactly one lands, the other is told the board changed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.store import Store
from bot.table import TableService
from bot.table.results import Problem
from tests.bot.helpers import CHANNEL, ok, player_to_act, started
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory


def read_together(store: Store, readers: int) -> None:
    """Holds every move commit until ``readers`` requests have found their game: makes "at once" exact.
    (With SQLite's one connection the reads of requests sent together always come before any write; a
    pool's connections answer in any order, so a request read a moment late would see the new board.)"""
    found, all_read = 0, asyncio.Event()
    active_game, append_action = store.active_game, store.append_action

    async def counted(*args: Any) -> Any:
        nonlocal found
        row = await active_game(*args)
        found += 1
        if found >= readers:
            all_read.set()
        return row

    async def held(*args: Any, **kwargs: Any) -> None:
        await all_read.wait()
        await append_action(*args, **kwargs)

    store.active_game = counted  # type: ignore[method-assign]
    store.append_action = held  # type: ignore[method-assign]


async def test_two_moves_sent_at_once_land_exactly_once(service: TableService, store: Store) -> None:
    game_id = await started(service)
    actor = await player_to_act(service)
    read_together(store, 2)
    replies = await asyncio.gather(service.act(CHANNEL, actor, "step"), service.act(CHANNEL, actor, "step"))
    assert sorted(r.problem is None for r in replies) == [False, True]
    loser = next(r for r in replies if not r.ok)
    assert loser.problem is Problem.STALE and "moved on" in loser.text
    assert len(await store.live_actions(game_id)) == 1


async def test_two_clicks_on_the_same_button_land_exactly_once(service: TableService, store: Store) -> None:
    game_id = await started(service)
    actor = await player_to_act(service)
    replies = await asyncio.gather(*(service.act(CHANNEL, actor, "step", move_number=0) for _ in range(5)))
    assert [r.problem for r in replies].count(None) == 1
    assert {r.problem for r in replies if not r.ok} == {Problem.STALE}
    assert len(await store.live_actions(game_id)) == 1


class Gate:
    """Makes a store's move commit wait for a signal: lets a test hold one writer just before its write."""

    def __init__(self, store: Store) -> None:
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()
        commit = store.append_action

        async def append_action(*args: Any, **kwargs: Any) -> None:
            self.waiting.set()
            await self.gate.wait()
            await commit(*args, **kwargs)

        store.append_action = append_action  # type: ignore[method-assign]


@pytest.fixture
async def two_processes(new_store: StoreFactory) -> AsyncIterator[tuple[TableService, TableService, Gate]]:
    """Two services with their own connections and locks, as two bot processes would have, on one database (of
    either backend), a started game between them; the second's move commits wait at its :class:`Gate`."""
    first_store, second_store = new_store(), new_store()
    second_gate = Gate(second_store)
    await first_store.open()
    await second_store.open()
    try:
        yield TableService(first_store, engines_lookup=lookup), TableService(second_store, engines_lookup=lookup), \
            second_gate
    finally:
        await first_store.close()
        await second_store.close()


async def test_two_processes_on_one_database_cannot_both_land(
        two_processes: tuple[TableService, TableService, Gate]) -> None:
    # The in-memory lock cannot help here, so the store's version check must.
    first, second, second_gate = two_processes
    game_id = await started(first)
    actor = await player_to_act(first)
    slow = asyncio.create_task(second.act(CHANNEL, actor, "step"))  # reads the board, then waits
    await second_gate.waiting.wait()
    ok(await first.act(CHANNEL, actor, "end"))                       # lands meanwhile
    second_gate.gate.set()
    lost = await slow
    assert lost.problem is Problem.STALE
    log = await first.store.live_actions(game_id)
    assert [a.action_key for a in log] == ["end"]
    # The loser's memory is not trusted afterwards: it sees the new board.
    seen = await second.snapshot(CHANNEL)
    assert seen.move_number == 1 and seen.to_act == (await first.snapshot(CHANNEL)).to_act


async def test_a_move_based_on_a_board_undone_elsewhere_is_refused(
        two_processes: tuple[TableService, TableService, Gate]) -> None:
    # An undo adds no log row, so the (game_id, seq) key alone would not notice this race:
    # the version token does.
    first, second, second_gate = two_processes
    game_id = await started(first)
    actor = await player_to_act(first)
    ok(await first.act(CHANNEL, actor, "step"))
    slow = asyncio.create_task(second.act(CHANNEL, actor, "step"))  # a second step, on move 1
    await second_gate.waiting.wait()
    ok(await first.undo(CHANNEL, actor))                             # move 1 is taken back meanwhile
    second_gate.gate.set()
    assert (await slow).problem is Problem.STALE
    assert await first.store.live_actions(game_id) == []
