"""Where computer players think: off the event loop, so no game waits on another's thinking.

:class:`PoolThinker` (the bot) runs :func:`ai.analyse` in a pool of worker processes (``AI_WORKERS``,
default: the cores less one, at least one): a search is pure CPU work, and processes let several run
at once on separate cores.  :class:`ThreadThinker` (tests, the console) runs it in a worker thread.
Either way the state crosses as the engine's dump, and the answer is the whole :class:`ai.Analysis`.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

import ai
import engines


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


class PoolThinker:
    """Thinks in worker processes, started when first needed ("spawn": a clean interpreter each, never a
    copy of the bot's threads and connections)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def analyse(self, engine_name: str, state_json: str, seat: int, level: str, seed: int) -> ai.Analysis:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), analyse_dumped, engine_name, state_json, seat, level, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["PoolThinker", "Thinker", "ThreadThinker", "analyse_dumped", "default_workers"]


