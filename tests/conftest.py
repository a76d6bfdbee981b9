"""Fixtures shared by every test directory: the store backends.

``new_store`` builds stores (unopened) on the test's own database, once per backend: SQLite on a file in
the test's folder, and PostgreSQL on a fresh database of a throwaway server started once per session
(:mod:`tests.pg`).  Where PostgreSQL is not installed its cases are skipped, saying so — except in CI
(``CI`` set), where they fail.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.pg import PgServer, Unavailable, start_server, without_server

SQLITE, POSTGRESQL = "sqlite", "postgresql"
StoreFactory = Callable[..., Store]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server of the session's own, stopped (and its files removed) at the end."""
    try:
        server = start_server()
    except Unavailable as why:
        without_server(why)
    yield server
    server.stop()


@pytest.fixture
async def pg_database(pg_server: PgServer) -> AsyncIterator[str]:
    """The URL of a fresh, migrated PostgreSQL database of the test's own, dropped after it."""
    url = await pg_server.create_database()
    yield url
    await pg_server.drop_database(url)


@pytest.fixture
async def empty_pg_database(pg_server: PgServer) -> AsyncIterator[str]:
    """The URL of a new PostgreSQL database with no tables (for what must migrate it), dropped after the test."""
    url = await pg_server.create_database(empty=True)
    yield url
    await pg_server.drop_database(url)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The SQLite file of the test."""
    return tmp_path / "bot.sqlite3"


@pytest.fixture(params=[SQLITE, POSTGRESQL])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def new_store(backend: str, db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[StoreFactory]:
    """``new_store(clock=…, **sqlite_options)``: a store on this test's database (each call a new one, as a
    second process or a restart would have); the SQLite options (``sync_interval``, …) apply to SQLite only."""
    server: PgServer | None = request.getfixturevalue("pg_server") if backend == POSTGRESQL else None
    url = await server.create_database() if server is not None else ""

    def make(clock: Callable[[], float] | None = None, **sqlite_options: Any) -> Store:
        if server is None:
            return SqliteStore(db_path, clock=clock or time.time, **sqlite_options)
        return PostgresStore(url, clock=clock or time.time)

    yield make
    if server is not None:
        await server.drop_database(url)
