"""Fixtures for the table service: a store (on each backend, see ``tests/conftest.py``) and a service
running Sprint."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.table import TableService
from tests.bot.helpers import FakeClock
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory

#: Two "processes" on the test's database (a store each, with its own connection or pool) and their clock.
TwoProcesses = tuple[Store, Store, FakeClock]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest.fixture
async def store(new_store: StoreFactory) -> AsyncIterator[Store]:
    store = new_store()
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def two_processes(new_store: StoreFactory) -> AsyncIterator[TwoProcesses]:
    """Two stores opened on the test's database, as two bot processes have them, on one fake clock."""
    clock = FakeClock()
    first, second = new_store(clock=clock), new_store(clock=clock)
    await first.open()
    await second.open()
    try:
        yield first, second, clock
    finally:
        await first.close()
        await second.close()


@pytest.fixture
def service(store: Store) -> TableService:
    return TableService(store, engines_lookup=lookup)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(store: Store, clock: FakeClock) -> TableService:
    """A service whose store and scheduler read the test's clock."""
    return TableService(store, engines_lookup=lookup, clock=clock)
