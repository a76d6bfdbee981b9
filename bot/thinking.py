"""Where computer players think: off the event loop, so no game waits on another's thinking.

:class:`PoolThinker` (the bot) runs :func:`ai.analyse` in a pool of worker processes (``AI_WORKERS``,
default: the cores less one, at least one): a search is pure CPU work, and processes let several run
at once on separate cores.  :class:`ThreadThinker` (tests, the console) runs it in a worker thread.
Either way the state crosses as the engine's dump, and the answer is the whole :class:`ai.Analysis`.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import json
import os
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

import ai
import engines
from bot.workers import WorkerPool


def analyse_dumped(engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis:
    """The analysis of a position given as the engine's dump (what a worker process runs)."""
    engine = engines.get(engine_name)
    return ai.analyse(engine, engine.load(json.loads(state_json)), seat, level=level, seed=seed)


#: The thinking queue's order: a computer player's own move before a hint (a hint waits, a game does not), and both
#: before a review's analyses (a review of a finished game waits for everything else).
MOVE, HINT, REVIEW = 0, 1, 2

T = TypeVar("T")


class Thinker(Protocol):
    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int, *,
                      priority: int = MOVE) -> ai.Analysis: ...


@runtime_checkable
class Runner(Protocol):
    """Runs a module-level function where thinking happens, in turn with it (``priority``: its place in the queue)."""

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = REVIEW) -> T: ...


class Gate:
    """At most ``slots`` thinkings at once; a freed slot goes to the waiting one of lowest ``priority`` (then the
    earliest): a hint never queues ahead of a computer player's move (it may still be under way when one
    comes: thinking is not interrupted)."""

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def acquire(self, priority: int) -> None:
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), granted))
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release()  # the slot came as the caller gave up: pass it on
            raise

    def release(self) -> None:
        while self._waiting:
            _priority, _order, granted = heapq.heappop(self._waiting)
            if not granted.done():
                granted.set_result(None)
                return
        self.free += 1

    @contextlib.asynccontextmanager
    async def held(self, priority: int) -> AsyncIterator[None]:
        await self.acquire(priority)
        try:
            yield
        finally:
            self.release()


class ThreadThinker:
    """Thinks in a worker thread (the GIL shares one core between thinking games)."""

    def __init__(self, slots: int = 4) -> None:
        self.gate = Gate(slots)

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int, *,
                      priority: int = MOVE) -> ai.Analysis:
        return await self.run(analyse_dumped, engine_name, state_json, seat, level, seed, priority=priority)

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = REVIEW) -> T:
        async with self.gate.held(priority):
            return await asyncio.to_thread(fn, *args)

    def close(self) -> None:
        pass


def default_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


def _load_players() -> None:
    """What a thinking worker loads before its first decision: the engines and the players."""
    engines.names()


class PoolThinker:
    """Thinks in worker processes (:class:`bot.workers.WorkerPool`)."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = WorkerPool(workers or default_workers())
        # As many thinkings handed to the pool as it has workers: the rest wait here, in priority order, rather
        # than in the pool's own first-come queue.
        self.gate = Gate(self.pool.workers)

    async def warm(self) -> int:
        return await self.pool.warm(_load_players)

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int, *,
                      priority: int = MOVE) -> ai.Analysis:
        return await self.run(analyse_dumped, engine_name, state_json, seat, level, seed, priority=priority)

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = REVIEW) -> T:
        async with self.gate.held(priority):
            return await self.pool.run(fn, *args)

    def close(self) -> None:
        self.pool.close()


__all__ = ["HINT", "MOVE", "REVIEW", "Gate", "PoolThinker", "Runner", "Thinker", "ThreadThinker", "analyse_dumped",
           "default_workers"]


