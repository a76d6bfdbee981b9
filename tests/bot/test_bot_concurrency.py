"""Two actions racing for the same board: exactly one lands, the other is told the board changed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Problem
from tests.bot.helpers import CHANNEL, ok, player_to_act, started
from tests.bot.tinygame import lookup


async def test_two_moves_sent_at_once_land_exactly_once(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service)
    actor = await player_to_act(service)
    replies = await asyncio.gather(service.act(CHANNEL, actor, "step"), service.act(CHANNEL, actor, "step"))
    assert sorted(r.problem is None for r in replies) == [False, True]
    loser = next(r for r in replies if not r.ok)
    assert loser.problem is Problem.STALE and "moved on" in loser.text
    assert len(await store.live_actions(game_id)) == 1


async def test_two_clicks_on_the_same_button_land_exactly_once(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service)
    actor = await player_to_act(service)
    replies = await asyncio.gather(*(service.act(CHANNEL, actor, "step", move_number=0) for _ in range(5)))
    assert [r.problem for r in replies].count(None) == 1
    assert {r.problem for r in replies if not r.ok} == {Problem.STALE}
    assert len(await store.live_actions(game_id)) == 1


class GatedStore(SqliteStore):
    """A store whose move commit waits for a signal: lets a test hold one writer just before its write."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        self.waiting.set()
        await self.gate.wait()
        await super().append_action(*args, **kwargs)


async def test_two_processes_on_one_database_cannot_both_land(db_path: Path) -> None:
    # Two services with their own connections and locks, as two bot processes would have: the
    # in-memory lock cannot help here, so the store's version check must.
    first_store, second_store = SqliteStore(db_path), GatedStore(db_path)
    await first_store.open()
    await second_store.open()
    try:
        first = TableService(first_store, engines_lookup=lookup)
        second = TableService(second_store, engines_lookup=lookup)
        game_id = await started(first)
        actor = await player_to_act(first)
        slow = asyncio.create_task(second.act(CHANNEL, actor, "step"))  # reads the board, then waits
        await second_store.waiting.wait()
        ok(await first.act(CHANNEL, actor, "end"))                       # lands meanwhile
        second_store.gate.set()
        lost = await slow
        assert lost.problem is Problem.STALE
        log = await first_store.live_actions(game_id)
        assert [a.action_key for a in log] == ["end"]
        # The loser's memory is not trusted afterwards: it sees the new board.
        seen = await second.snapshot(CHANNEL)
        assert seen.move_number == 1 and seen.to_act == (await first.snapshot(CHANNEL)).to_act
    finally:
        await first_store.close()
        await second_store.close()


async def test_a_move_based_on_a_board_undone_elsewhere_is_refused(db_path: Path) -> None:
    # An undo adds no log row, so the (game_id, seq) key alone would not notice this race:
    # the version token does.
    first_store, second_store = SqliteStore(db_path), GatedStore(db_path)
    await first_store.open()
    await second_store.open()
    try:
        first = TableService(first_store, engines_lookup=lookup)
        second = TableService(second_store, engines_lookup=lookup)
        game_id = await started(first)
        actor = await player_to_act(first)
        ok(await first.act(CHANNEL, actor, "step"))
        slow = asyncio.create_task(second.act(CHANNEL, actor, "step"))  # a second step, on move 1
        await second_store.waiting.wait()
        ok(await first.undo(CHANNEL, actor))                             # move 1 is taken back meanwhile
        second_store.gate.set()
        assert (await slow).problem is Problem.STALE
        assert await first_store.live_actions(game_id) == []
    finally:
        await first_store.close()
        await second_store.close()
