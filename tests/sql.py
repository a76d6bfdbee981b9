"""Raw SQL against whichever store a test has (both backends' stores have ``_fetch`` and ``_write``): for
tests that look under the hood.  Write SQL both dialects read alike (no parameters)."""

from __future__ import annotations

import sqlite3
from typing import Any

import asyncpg

#: What a refused write raises, per backend.
REFUSED = (sqlite3.IntegrityError, asyncpg.PostgresError)


async def rows(store: Any, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in await store._fetch(sql)]


async def execute(store: Any, sql: str) -> int:
    """One statement in a transaction of its own; the rows it changed."""
    return int(await store._write(sql))


def literal(text: str) -> str:
    """``text`` as an SQL string literal (for the few statements that need one)."""
    return "'" + text.replace("'", "''") + "'"
