"""What the store writes once for both databases: the dialect between them, the transaction a table class
talks to (:class:`Tx`), and the base of the table classes (:class:`Tables`), with the steps many writes share.

Statements are written once, in PostgreSQL's syntax: numbered parameters (``$1``, with the casts asyncpg needs
to type them: ``$2::float8``), ``x = ANY($1::bigint[])`` for a list, ``IS [NOT] DISTINCT FROM``, ``LEAST``,
``FOR UPDATE``, ``NOT flag`` for a boolean.  PostgreSQL runs them as written.  SQLite runs them through
:func:`sqlite_sql`, which rewrites just these, outside string literals: ``$n::type`` to ``?n``;
``= ANY($n)`` to ``IN (SELECT value FROM json_each(?n))`` (:func:`sqlite_args` passes a list argument as a
JSON array); ``IS [NOT] DISTINCT FROM`` to ``IS [NOT]``; ``LEAST``, ``GREATEST``, ``strpos`` to ``MIN``,
``MAX``, ``instr``; other casts and ``FOR UPDATE`` dropped (a SQLite write transaction holds the database's
one write lock).  What differs more — JSON built or read in SQL — is a :class:`Dialect` method; the locks that
make claims one process at a time are the transaction's (:meth:`Tx.lock`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from bot.store.codec import Row, dumps, encode_to_act
from bot.store.rows import Outgoing, StaleVersion

_SQLITE_REWRITE = re.compile("|".join((
    r"(?P<text>'(?:[^']|'')*'|\"[^\"]*\")",
    r"= ANY\(\$(?P<list>\d+)(?:::\w+\[\])?\)",
    r"\$(?P<mark>\d+)(?:::\w+(?:\[\])?)?",
    r"(?P<cast>::\w+(?:\[\])?)",
    r"(?P<same>IS NOT DISTINCT FROM)",
    r"(?P<differs>IS DISTINCT FROM)",
    r"\b(?P<function>LEAST|GREATEST|strpos)\(",
    r"(?P<lock>\s+FOR UPDATE)\b",
)))
_SQLITE_FUNCTIONS = {"LEAST": "MIN(", "GREATEST": "MAX(", "strpos": "instr("}

C = TypeVar("C")


def _sqlite_part(match: re.Match[str]) -> str:
    kind = match.lastgroup
    if kind == "text":
        return match[0]
    if kind == "list":
        return f"IN (SELECT value FROM json_each(?{match['list']}))"
    if kind == "mark":
        return f"?{match['mark']}"
    if kind in ("same", "differs"):
        return "IS" if kind == "same" else "IS NOT"
    if kind == "function":
        return _SQLITE_FUNCTIONS[match["function"]]
    return ""  # a cast, FOR UPDATE


@functools.cache
def sqlite_sql(sql: str) -> str:
    """A statement written for PostgreSQL, as SQLite reads it (see the module's docstring)."""
    return _SQLITE_REWRITE.sub(_sqlite_part, sql)


def opened(connection: C | None) -> C:
    """A store's connection (or pool), or the error that says the store was used before ``open()``."""
    if connection is None:
        raise RuntimeError("the store is not open; call open() first")
    return connection


def sqlite_args(args: Sequence[Any]) -> tuple[Any, ...]:
    """Parameters for SQLite: a list (PostgreSQL's array) as a JSON array, for ``json_each``."""
    for arg in args:
        if isinstance(arg, list):
            return tuple(dumps(a) if isinstance(a, list) else a for a in args)
    return tuple(args)  # (the same tuple when it is one: most statements have no list)


@dataclass(frozen=True)
class Dialect:
    """The SQL that differs between the databases beyond :func:`sqlite_sql`'s rewriting."""

    name: str

    def json_rows(self, columns: str, source: str, order: str, limit: str = "") -> str:
        """An expression: the JSON text of an array of ``[columns]`` arrays, one per row of ``source``
        (``table WHERE …``) in ``order``, the first ``limit`` (an SQL expression) if given; ``[]`` for none."""
        limited = f" LIMIT {limit}" if limit else ""
        if self.name == "sqlite":
            return f"(SELECT json_group_array(json_array({columns})) FROM (SELECT {columns} FROM {source} " \
                   f"ORDER BY {order}{limited}))"
        if limit:
            source = f"(SELECT {columns} FROM {source} ORDER BY {order}{limited}) t"
        return f"(SELECT COALESCE(json_agg(json_build_array({columns}) ORDER BY {order}), '[]')::text FROM {source})"

    def json_number(self, document: str, key: str) -> str:
        """An expression: the number at ``key`` in the JSON text ``document`` (NULL if none)."""
        if self.name == "sqlite":
            return f"json_extract({document}, '$.{key}')"
        return f"({document}::jsonb ->> '{key}')::bigint"

    def json_item_is(self, document: str, key: str, index: str, number: int) -> str:
        """A condition: the JSON text ``document``'s ``key`` array holds ``number`` at ``index`` (an SQL
        expression)."""
        if self.name == "sqlite":
            return f"json_extract({document}, '$.{key}[' || {index} || ']') = {number}"
        return f"({document}::jsonb -> '{key}' -> {index}) = '{number}'::jsonb"


SQLITE, POSTGRESQL = Dialect("sqlite"), Dialect("postgresql")


_INSERT_ANNOUNCEMENT = """INSERT INTO outbox (key, game_id, kind, channel_id, user_id, role, body, picture, created_at)
                          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"""


class Tx(Protocol):
    """One transaction, as the table classes use it on either database."""

    async def execute(self, sql: str, *args: Any) -> int:
        """Run one statement; the rows it changed."""
    async def write(self, sql: str, *args: Any, stale: str | None = None) -> None:
        """Run one statement whose result nobody reads (SQLite sends it with the next one read, or with the
        commit); with ``stale``, :class:`StaleVersion` (that message) unless it changed exactly one row."""
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement per row; like :meth:`write`, SQLite sends them with the next statement read."""
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...
    async def fetchrow(self, sql: str, *args: Any) -> Row | None: ...

    async def lock(self, key: int | str, shared: bool = False) -> None:
        """Hold ``key`` until the transaction ends, so what it guards is done one process at a time; ``shared``:
        alongside others holding it shared, but not while one holds it alone (PostgreSQL: an advisory lock;
        SQLite: its write transaction already is that)."""


class Tables:
    """The base of the table classes: what each backend's base provides (the reads, single writes and
    transactions), and the steps that many writes share, written once."""

    dialect: ClassVar[Dialect]
    #: What a broken unique constraint raises.
    _conflict: ClassVar[type[Exception]]
    #: Epoch seconds; stamps rows and starts clocks.
    clock: Callable[[], float]

    async def open(self) -> None:
        """Connect, and bring the schema up to date."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        """The rows of one read."""
        raise NotImplementedError

    async def _write(self, sql: str, *args: Any) -> int:
        """One statement in a transaction of its own; the rows it changed."""
        raise NotImplementedError

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        raise NotImplementedError

    async def _bump(self, tx: Tx, game_id: int, version: int, now: float | None = None, **sets: Any) -> None:
        """Advance the game's version, with ``sets``; StaleVersion if someone else already did.  On
        PostgreSQL the update locks the game's row until the commit: a second writer waits, then finds the
        version moved."""
        columns = "".join(f", {name} = ${i}" for i, name in enumerate(sets, start=4))
        await tx.write(
            f"UPDATE games SET version = version + 1, updated_at = $3{columns} WHERE id = $1 AND version = $2",
            game_id, version, self.clock() if now is None else now, *sets.values(),
            stale=f"game {game_id} is no longer at version {version}")

    @staticmethod
    async def _check(tx: Tx, game_id: int, version: int) -> None:
        """StaleVersion unless the game is at ``version``; otherwise lock its row (as a bump would) until
        the commit, so no other change to the game lands in between."""
        if await tx.fetchrow("SELECT 1 FROM games WHERE id = $1 AND version = $2 FOR UPDATE", game_id, version) is None:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")

    async def _announce(self, tx: Tx, items: Sequence[Outgoing], game_id: int | None = None,
                        now: float | None = None) -> None:
        """Write announcements into the outbox inside the caller's transaction, in order; ``game_id`` for those
        without one."""
        if not items:
            return
        now = self.clock() if now is None else now
        await tx.executemany(_INSERT_ANNOUNCEMENT, [
            (i.key, game_id if i.game_id is None else i.game_id, i.kind, i.channel_id, i.user_id, i.role or "",
             dumps(i.body), None if i.picture is None else dumps(i.picture), now) for i in items])

    @staticmethod
    async def _save_state(tx: Tx, game_id: int, seq: int, state_json: str) -> None:
        await tx.write("""INSERT INTO state (game_id, seq, state_json) VALUES ($1, $2, $3)
                            ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state_json = excluded.state_json""",
                         game_id, seq, state_json)

    async def _restart_clock(self, tx: Tx, game_id: int, to_act: tuple[int, ...] | None,
                             only_if_changed: bool = False, now: float | None = None) -> None:
        """The clock rule, the one place it is written: a new hand-over starts the clock now, no reminder
        sent yet, no longer waiting, and clears the votes.  With ``only_if_changed`` (a move, an undo) the
        clock restarts only when the seats to act changed or the game was waiting after a deadline; the
        votes go either way.  ``to_act`` None: the same seats."""
        hand = None if to_act is None else encode_to_act(to_act)
        await tx.write("""INSERT INTO clocks AS c (game_id, started, hand) VALUES ($1, $2, COALESCE($3::text, ''))
                            ON CONFLICT (game_id) DO UPDATE SET started = $2, hand = COALESCE($3::text, c.hand),
                                                                reminded = 0, waiting = ''
                            WHERE NOT $4::boolean OR c.hand IS DISTINCT FROM $3::text OR c.waiting != ''""",
                         game_id, self.clock() if now is None else now, hand, only_if_changed and hand is not None)
        await tx.write("DELETE FROM votes WHERE game_id = $1", game_id)
