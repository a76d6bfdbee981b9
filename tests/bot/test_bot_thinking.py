"""The thinking queue: a computer player's move goes before hints waiting for a slot, so one member's hints
never hold up another game's computer player by more than the one hint already under way."""

from __future__ import annotations

import asyncio

from bot.thinking import HINT, MOVE, Gate


async def _holder(gate: Gate, priority: int, name: str, started: list[str], done: asyncio.Event) -> None:
    async with gate.held(priority):
        started.append(name)
        await done.wait()


async def test_a_freed_slot_goes_to_a_move_before_the_hints_that_waited_longer() -> None:
    gate, started = Gate(1), []
    events = {name: asyncio.Event() for name in ("hint 1", "hint 2", "hint 3", "move")}
    tasks = [asyncio.ensure_future(_holder(gate, HINT, "hint 1", started, events["hint 1"]))]
    await asyncio.sleep(0)
    for name, priority in (("hint 2", HINT), ("hint 3", HINT), ("move", MOVE)):
        tasks.append(asyncio.ensure_future(_holder(gate, priority, name, started, events[name])))
        await asyncio.sleep(0)
    assert started == ["hint 1"]  # one slot: the others wait
    for name in ("hint 1", "move", "hint 2", "hint 3"):
        events[name].set()
        await asyncio.sleep(0.01)
    await asyncio.gather(*tasks)
    assert started == ["hint 1", "move", "hint 2", "hint 3"]  # first come was hint 2: the move went first
    assert gate.free == 1


async def test_a_waiter_that_gives_up_loses_no_slot() -> None:
    gate = Gate(1)
    await gate.acquire(MOVE)
    waiter = asyncio.ensure_future(gate.acquire(HINT))
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.sleep(0)
    gate.release()
    assert gate.free == 1
    await asyncio.wait_for(gate.acquire(HINT), 1)  # the slot is there for the next one
