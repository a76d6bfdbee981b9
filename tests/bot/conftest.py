"""Fixtures for the table service: a store on a temporary file and a service running Sprint."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.helpers import FakeClock
from tests.bot.tinygame import lookup


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(db_path)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
def service(store: SqliteStore) -> TableService:
    return TableService(store, engines_lookup=lookup)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(store: SqliteStore, clock: FakeClock) -> TableService:
    """A service whose store and scheduler read the test's clock."""
    return TableService(store, engines_lookup=lookup, clock=clock)
