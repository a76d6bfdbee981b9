"""Where computer players think: off the event loop, so no game waits on another's thinking.

:class:`PoolThinker` (the bot) runs :func:`ai.analyse` in a pool of worker processes (``AI_WORKERS``,
default: the cores less one, at least one): a search is pure CPU work, and processes let several run
at once on separate cores.  :class:`ThreadThinker` (tests, the console) runs it in a worker thread.
Either way the state crosses as the engine's dump, and the answer is the whole :class:`ai.Analysis`.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Protocol

import ai
import engines
from bot.workers import WorkerPool


def analyse_dumped(engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis:
    """The analysis of a position given as the engine's dump (what a worker process runs)."""
    engine = engines.get(engine_name)
    return ai.analyse(engine, engine.load(json.loads(state_json)), seat, level=level, seed=seed)


class Thinker(Protocol):
    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis: ...


class ThreadThinker:
    """Thinks in a worker thread (the GIL shares one core between thinking games)."""

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis:
        return await asyncio.to_thread(analyse_dumped, engine_name, state_json, seat, level, seed)

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

    async def warm(self) -> int:
        return await self.pool.warm(_load_players)

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis:
        return await self.pool.run(analyse_dumped, engine_name, state_json, seat, level, seed)

    def close(self) -> None:
        self.pool.close()


__all__ = ["PoolThinker", "Thinker", "ThreadThinker", "analyse_dumped", "default_workers"]


