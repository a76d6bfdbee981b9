"""Fixtures for the table service: a store on a temporary file and a service running Sprint."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.messages import Reply, User
from bot.service import TableService
from bot.sqlite_store import SqliteStore
from tests.bot.tinygame import lookup

ANN, BO, CY, DEE = User(101, "Ann"), User(102, "Bo"), User(103, "Cy"), User(104, "Dee")
GUILD, CHANNEL = 1, 10


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


def ok(reply: Reply) -> Reply:
    """The reply, after checking it was not refused (the message says why if it was)."""
    assert reply.problem is None, reply.text
    return reply


async def started(service: TableService, players: int = 2, *, channel: int = CHANNEL, seed: int = 7,
                  target: int = 15) -> int:
    """A running Sprint game in ``channel`` with Ann, Bo, ... seated; returns its id."""
    users = [ANN, BO, CY, DEE][:players]
    created = ok(await service.create("sprint", GUILD, channel, users[0], seats=players, seed=seed,
                                      options={"target": target}))
    for user in users[1:]:
        ok(await service.join(channel, user))
    assert created.game_id is not None
    return created.game_id
