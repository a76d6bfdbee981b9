"""Several processes, one database: each announcement is sent once and a game's go out in order; what
a process that died had claimed is sent by another once its lease has passed; two schedulers fire each
due timer once.  Each "process" is a store of its own (its own connection or pool) on the test's
database, on both backends."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest

from bot.outbox import LEASE, Deliverer
from bot.scheduler import Scheduler
from bot.store import HOUR, Store
from bot.table import TableService
from tests.bot.conftest import TwoProcesses
from tests.bot.helpers import ANN, BO, T0, RecordingTransport, ok
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory
from tests.sql import rows


async def open_games(service: TableService, count: int) -> None:
    """``count`` running Sprint games (brisk pace, the bot plays a safe move at the deadline)."""
    for channel in range(1, count + 1):
        ok(await service.create("sprint", 1, channel, ANN, seats=2, seed=channel, pace="brisk", deadline="skip",
                                options={"target": 50}))
        ok(await service.join(channel, BO))


async def outbox_order(store: Store) -> dict[int, list[str]]:
    """Each game's announcement keys in the order they were written."""
    order: dict[int, list[str]] = {}
    for key, game_id in await rows(store, "SELECT key, game_id FROM outbox ORDER BY id"):
        order.setdefault(game_id, []).append(key)
    return order


async def drain_together(deliverers: list[Deliverer], store: Store) -> None:
    while await store.pending_announcements(1):
        await asyncio.gather(*(d.drain() for d in deliverers))


async def test_two_processes_drain_one_outbox_each_once_and_in_order(two_processes: TwoProcesses,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.outbox.BATCH", 12)  # small claims, so both processes get a share
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 25)
    transports = [RecordingTransport(), RecordingTransport()]
    said: list[str] = []  # every send, from either process, in the order it happened
    for transport in transports:
        transport.said = said  # type: ignore[attr-defined]
    deliverers = [Deliverer(store, t, clock=clock) for store, t in zip((first, second), transports, strict=True)]
    await drain_together(deliverers, first)
    sent = [[m.key for m in t.sent] for t in transports]
    written = await outbox_order(first)
    assert sorted(said) == sorted(k for keys in written.values() for k in keys)  # each exactly once
    assert sent[0] and sent[1]  # both processes took a share
    for keys in written.values():  # a game's announcements went out in order, whoever sent them
        assert [k for k in said if k in keys] == keys


async def test_a_move_delivered_at_once_is_not_sent_again_by_another_process(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    service = TableService(first, engines_lookup=lookup)
    await open_games(service, 1)
    transports = [RecordingTransport(), RecordingTransport()]
    mover, other = (Deliverer(store, t, clock=clock) for store, t in zip((first, second), transports, strict=True))
    await mover.drain()
    snap = await service.snapshot(1)
    user = ANN if snap.user_ids[snap.to_act[0]] == ANN.id else BO
    reply = ok(await service.act(1, user, "step"))
    await asyncio.gather(mover.deliver(reply.outbox), other.drain(), other.drain())
    keys = [m.key for t in transports for m in t.sent]
    assert len(keys) == len(set(keys)) and {a.key for a in reply.outbox} <= set(keys)


async def test_what_a_dead_process_claimed_is_sent_after_its_lease(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 3)
    claimed = await first.claim_announcements("a process that died", 1000, LEASE)
    assert claimed and [r.id for r in claimed] == sorted(r.id for r in claimed)
    transport = RecordingTransport()
    survivor = Deliverer(second, transport, clock=clock)
    assert await survivor.drain() == 0 and transport.sent == []  # still held
    clock.now += LEASE + 1
    assert await survivor.drain() == len(claimed)
    assert [m.key for m in transport.sent] == [r.item.key for r in claimed]


async def test_two_schedulers_fire_each_of_1000_due_timers_once(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    services = [TableService(store, engines_lookup=lookup, clock=clock) for store in (first, second)]
    await open_games(services[0], 1000)
    schedulers = [Scheduler(s) for s in services]
    clock.now = T0 + 2.1 * HOUR  # past half the pace: a reminder each
    await asyncio.gather(*(s.tick() for s in schedulers))
    clock.now = T0 + 4.01 * HOUR  # past the deadline: a safe move each
    await asyncio.gather(*(s.tick() for s in schedulers))
    posts: Counter[tuple[int, str]] = Counter()
    for game_id, body in await rows(first, "SELECT game_id, body FROM outbox WHERE kind = 'post'"):
        text = json.loads(body)["text"]
        posts[(game_id, "reminder" if "Reminder" in text else "away" if "was away" in text else "")] += 1
    assert {posts[(g, "reminder")] for g in range(1, 1001)} == {1}
    assert {posts[(g, "away")] for g in range(1, 1001)} == {1}
    moves = await rows(first, "SELECT game_id, COUNT(*) FROM actions GROUP BY game_id")
    assert len(moves) == 1000 and all(n >= 1 for _, n in moves)


async def test_a_deadline_a_dying_process_was_applying_is_applied_once_by_another(
        two_processes: TwoProcesses, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first process dies in the middle of applying a deadline (its transaction never commits); the
    other's next tick applies it, once."""
    first, second, clock = two_processes
    services = [TableService(store, engines_lookup=lookup, clock=clock) for store in (first, second)]
    await open_games(services[0], 3)
    clock.now = T0 + 4.01 * HOUR

    async def dies(*args: object, **kwargs: object) -> None:
        raise ConnectionResetError("the process was killed")

    monkeypatch.setattr(first, "append_actions", dies)
    monkeypatch.setattr(first, "append_action", dies)
    assert [r for r in await Scheduler(services[0]).tick() if r.ok] == []
    assert await rows(second, "SELECT COUNT(*) FROM actions") == [(0,)]  # nothing half-written
    applied = [r for r in await Scheduler(services[1]).tick() if r.ok and r.post is not None]
    assert sorted(r.game_id for r in applied) == [1, 2, 3]
    assert [r for r in await Scheduler(services[1]).tick() if r.ok and r.post is not None] == []


async def test_a_process_never_plays_on_a_board_older_than_the_databases(new_store: StoreFactory) -> None:
    """Both processes hold the game in memory; after one moves, the other reads the new board (its cache
    is checked against the game's version) and its own move lands on top of it."""
    first, second = new_store(), new_store()
    await first.open()
    await second.open()
    try:
        services = [TableService(store, engines_lookup=lookup) for store in (first, second)]
        await open_games(services[0], 1)
        before = await services[1].snapshot(1)  # the second process has the game cached now
        mover = ANN if before.user_ids[before.to_act[0]] == ANN.id else BO
        ok(await services[0].act(1, mover, "step"))
        seen = await services[1].snapshot(1)
        assert seen.move_number == (before.move_number or 0) + 1
        ok(await services[1].act(1, mover, "end"))
        assert (await services[0].snapshot(1)).move_number == (before.move_number or 0) + 2
    finally:
        await first.close()
        await second.close()
