"""A pool of worker processes for CPU work the event loop must never wait on (drawing, thinking).

Started on first use or by :meth:`WorkerPool.warm` ("spawn": clean interpreters, never copies of the
bot's threads and connections), so the bot's start-up can load the workers' code before the first
request needs it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def _warm(prepare: Callable[[], object], pause: float) -> int:
    """Load a worker's code (and hold the worker a moment, so each warm-up lands on another)."""
    prepare()
    time.sleep(pause)
    return os.getpid()


class WorkerPool:
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor(), fn, *args)

    async def warm(self, prepare: Callable[[], object]) -> int:
        """Start every worker and run ``prepare`` (a module-level function) in each; how many answered."""
        pids = await asyncio.gather(*(self.run(_warm, prepare, 0.3) for _ in range(self.workers)))
        return len(set(pids))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
