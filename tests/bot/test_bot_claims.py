"""Claims follow a process's health, on both backends: a claim lasts a short lease that only the heartbeat of a
process able to send renews; a process that cannot send claims nothing and lets go of what it held; a row
waiting for its retry is held by nobody, and another live process gets the first go at it.  And presences:
each process on the database, with its shards; one whose shards a live process serves is refused, and a
dead one is forgotten (at once when it ran on this host).  Each "process" is a store of its own (its own
connection or pool) on the test's database."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys

import pytest

from bot.outbox import GRACE, LEASE, Deliverer, TryLater
from bot.presence import LIVE, Presence, Shards, ShardsTaken
from bot.store import ProcessRow, Store
from bot.table import TableService
from bot.table.results import ChannelPost, from_outgoing
from tests.bot.conftest import TwoProcesses
from tests.bot.helpers import ANN, BO, FakeClock, RecordingTransport, ok
from tests.bot.test_bot_processes import open_games
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory
from tests.sql import rows


async def present(store: Store, clock: FakeClock, shard: int, transport: RecordingTransport, *,
                  able: list[bool] | None = None) -> Deliverer:
    """A process serving ``shard`` of 2: its presence recorded, its deliverer (able to send while ``able[0]``)."""
    presence = Presence(store, Shards.of(2, [shard]), clock=clock)
    await presence.enter()
    health = able if able is not None else [True]
    return Deliverer(store, transport, clock=clock, owner=presence.owner, able=lambda: health[0])


async def open_game(service: TableService, channel: int) -> None:
    ok(await service.create("sprint", 1, channel, ANN, seats=2, seed=channel, options={"target": 50}))
    ok(await service.join(channel, BO))


async def held(store: Store) -> dict[str, int]:
    """How many pending announcements each owner holds (whatever their lease says)."""
    found = await rows(store, "SELECT claimed_by, COUNT(*) FROM outbox WHERE state = 'pending' "
                              "AND claimed_by IS NOT NULL GROUP BY claimed_by")
    return {owner: count for owner, count in found}


async def pending(store: Store) -> int:
    return len(await store.pending_announcements(1000))


async def test_a_row_waiting_for_its_retry_is_held_by_nobody_and_a_live_process_tries_it_first(
        two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 1)
    cut, healthy = RecordingTransport(), RecordingTransport()
    cut.fail_all = TryLater("no connection to Discord")
    failing = await present(first, clock, 0, cut)
    other = await present(second, clock, 1, healthy)
    assert await failing.drain() == 0
    assert await held(first) == {}  # neither the failed row nor the game's later ones
    ((key, failed_by, due),) = await rows(first, "SELECT key, failed_by, next_try FROM outbox WHERE attempts > 0")
    assert failed_by == failing.owner
    clock.now = due
    cut.fail_all = None
    assert await failing.drain() == 0  # its own retry waits while another process lives
    assert await other.drain() > 0 and healthy.sent[0].key == key  # the other has the first go
    assert await pending(first) == 0 and cut.sent == []


async def test_the_process_that_failed_a_row_retries_it_alone_or_after_the_grace(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 2)
    transport = RecordingTransport()
    transport.fail_all = TryLater("Discord answered 503")
    failing = await present(first, clock, 0, transport)
    assert await failing.drain() == 0  # both games' first rows failed
    dues = [due for (due,) in await rows(first, "SELECT next_try FROM outbox WHERE attempts > 0 ORDER BY id")]
    transport.fail_all = None
    clock.now = max(dues)
    assert await failing.drain() > 0  # alone on the database: due is due
    assert await pending(first) == 0

    await open_game(TableService(first, engines_lookup=lookup), 3)
    transport.fail_all = TryLater("Discord answered 503")
    assert await failing.drain() == 0
    transport.fail_all = None
    other = await present(second, clock, 1, RecordingTransport(), able=[False])  # alive, cannot send
    ((due,),) = await rows(first, "SELECT next_try FROM outbox WHERE state = 'pending' AND attempts > 0")
    clock.now = due
    await other.heartbeat()
    assert await failing.drain() == 0  # the other process lives: its go first
    clock.now = due + GRACE
    await other.heartbeat()  # still alive, still not sending: the grace is over
    assert await failing.drain() > 0 and await pending(first) == 0


async def test_the_heartbeat_holds_claims_while_the_process_can_send_and_lets_them_go_when_not(
        two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 2)
    health = [True]
    holder = await present(first, clock, 0, RecordingTransport(), able=health)
    other = await present(second, clock, 1, RecordingTransport())
    claimed = await first.claim_announcements(holder.owner, 1000, LEASE)  # as a drain whose sends are slow
    for _ in range(3):  # longer than a lease, renewed by the beats
        clock.now += LEASE - 1
        assert await holder.heartbeat()
    clock.now += LEASE - 1
    assert await other.drain() == 0  # still held
    health[0] = False  # cut off from Discord: the next beat lets go
    assert await holder.heartbeat()
    assert await held(first) == {}
    assert await other.drain() == len(claimed)
    await first.leave_process(holder.owner)  # as another process does with one it takes for dead
    assert not await holder.heartbeat()  # the bot then records itself again


async def test_a_process_that_cannot_send_claims_nothing(new_store: StoreFactory) -> None:
    clock = FakeClock()
    store = new_store(clock=clock)
    await store.open()
    try:
        await open_games(TableService(store, engines_lookup=lookup), 1)
        transport = RecordingTransport()
        cut_off = await present(store, clock, 0, transport, able=[False])
        assert await cut_off.drain() == 0
        await cut_off.deliver([from_outgoing(r.item) for r in await store.pending_announcements(100)])
        assert transport.sent == [] and await held(store) == {} and await pending(store) > 0
    finally:
        await store.close()


class GatedTransport(RecordingTransport):
    """Its first send waits until ``gate`` opens."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()

    async def post(self, post: ChannelPost, nonce: str) -> int | None:
        if not self.said:
            self.waiting.set()
            await self.gate.wait()
        return await super().post(post, nonce)


async def test_what_a_process_let_go_mid_drain_is_not_sent_by_it_but_by_another(two_processes: TwoProcesses) -> None:
    """Cut off while its first send is in the transport's hands: the beat lets go of all but that one, and
    the process sends none of the rest it had claimed; another sends them, none twice."""
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 1)
    health = [True]
    gated, healthy = GatedTransport(), RecordingTransport()
    holder = await present(first, clock, 0, gated, able=health)
    other = await present(second, clock, 1, healthy)
    draining = asyncio.create_task(holder.drain())
    await gated.waiting.wait()
    health[0] = False
    await holder.heartbeat()
    assert list((await held(first)).values()) == [1]  # the one being sent
    gated.gate.set()
    assert await draining == 1
    await other.drain()
    said = gated.said + healthy.said
    assert len(gated.said) == 1 and len(said) == len(set(said)) and await pending(first) == 0


def test_shards_overlap_when_a_server_would_be_served_twice() -> None:
    every, zero, one, both = Shards(), Shards.of(2, [0]), Shards.of(2, [1]), Shards.of(2, [0, 1])
    assert every.overlaps(zero) and zero.overlaps(every) and every.overlaps(Shards.of(4, None))
    assert not zero.overlaps(one) and zero.overlaps(both) and one.overlaps(both)
    assert Shards.of(4, [0]).overlaps(Shards.of(2, [1]))  # counted differently: servers land elsewhere
    for shards in (every, zero, both, Shards.of(4, [1, 3])):
        assert Shards.parse(shards.label) == shards


async def test_a_process_is_refused_while_a_live_one_serves_its_shards(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    zero = Presence(first, Shards.of(2, [0]), clock=clock)
    await zero.enter()
    with pytest.raises(ShardsTaken) as refused:
        await Presence(second, Shards.of(2, [0, 1]), clock=clock).enter()
    line = str(refused.value)
    assert "\n" not in line and f"process {os.getpid()}" in line and "shard 0 of 2" in line
    assert "SHARD_IDS" in line and "SHARD_COUNT" in line
    with pytest.raises(ShardsTaken, match="this one would serve every shard"):
        await Presence(second, Shards(), clock=clock).enter()
    one = Presence(second, Shards.of(2, [1]), clock=clock)
    await one.enter()  # its own shard: welcome
    await zero.leave()  # stopped cleanly: its shard is free at once
    again = Presence(second, Shards.of(2, [0]), clock=clock)
    await again.enter()
    assert sorted(s for (s,) in await rows(first, "SELECT shards FROM processes")) == ["0/2", "1/2"]


async def test_a_process_without_a_beat_for_a_while_is_forgotten(two_processes: TwoProcesses) -> None:
    first, second, clock = two_processes
    await Presence(first, Shards(), clock=clock).enter()
    clock.now += LIVE - 1
    with pytest.raises(ShardsTaken):
        await Presence(second, Shards(), clock=clock).enter()
    clock.now += 2
    await Presence(second, Shards(), clock=clock).enter()
    assert len(await rows(first, "SELECT owner FROM processes")) == 1


def _dead_pid() -> int:
    """The id of a process of this host that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("pid", ["dead", "ours"])
async def test_a_crashed_process_of_this_host_is_forgotten_at_once_and_its_claims_let_go(
        two_processes: TwoProcesses, pid: str) -> None:
    """Its process id no longer runs here — or is the new process's own (a container restarted)."""
    first, second, clock = two_processes
    await open_games(TableService(first, engines_lookup=lookup), 1)
    number = _dead_pid() if pid == "dead" else os.getpid()
    crashed = ProcessRow(f"{socket.gethostname()}:{number}:abc:shards=all", "all", socket.gethostname(), number,
                         clock(), clock())
    assert await first.enter_process(crashed, 0.0, lambda _: False, lambda _: False) is None
    claimed = await first.claim_announcements(crashed.owner, 1000, LEASE)
    restarted = await present(second, clock, 0, RecordingTransport())  # would clash, were it alive
    assert await held(first) == {}
    assert await restarted.drain() == len(claimed)
