"""The PostgreSQL store's bot processes: their presence on the database (the shards each serves, its
heartbeat), and the heartbeat's hold on the outbox rows each has claimed (see :mod:`bot.presence` and
:mod:`bot.outbox`)."""

from __future__ import annotations

from collections.abc import Callable, Collection

import asyncpg

from bot.store.codec import process_row, sort_processes
from bot.store.postgres_base import PostgresBase
from bot.store.rows import ProcessRow

#: The advisory lock that makes processes start one at a time (each sees who started before it).
PRESENCE_LOCK = 0x70726F63  # "proc"


class ProcessTables(PostgresBase):
    """The processes on the database and the claims they hold."""

    async def enter_process(self, me: ProcessRow, live_after: float, gone: Callable[[ProcessRow], bool],
                            clashes: Callable[[ProcessRow], bool]) -> ProcessRow | None:
        """Record ``me`` unless a live process ``clashes`` with it (that one is returned, nothing recorded).
        Processes without a beat since ``live_after``, or ``gone``, are forgotten first and their claims let
        go.  One transaction under an advisory lock: two processes starting at once are judged one by one."""
        async with self._tx() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", PRESENCE_LOCK)
            found = [process_row(r) for r in await conn.fetch("SELECT * FROM processes")]
            forget, clash = sort_processes(me, found, live_after, gone, clashes)
            for owner in forget:
                await self._let_go(conn, owner)
            if clash is None:
                await conn.execute(
                    """INSERT INTO processes (owner, shards, host, pid, started, beat) VALUES ($1, $2, $3, $4, $5, $6)
                       ON CONFLICT (owner) DO UPDATE SET beat = excluded.beat""",
                    me.owner, me.shards, me.host, me.pid, me.started, me.beat)
        return clash

    async def leave_process(self, owner: str) -> None:
        """``owner`` stops: its presence is removed and its claims let go (another process sends them at once)."""
        async with self._tx() as conn:
            await self._let_go(conn, owner)

    async def heartbeat(self, owner: str, lease: float, holding: bool, keep: Collection[str] = ()) -> bool:
        """``owner`` is alive: its beat is now.  ``holding`` (it can send): its claims last ``lease`` seconds
        from now; otherwise they are let go, but for ``keep`` (what it is sending this moment).  Whether its
        presence was still recorded.  One statement (the claims' update runs as part of it)."""
        present = await self.pool.fetchval(
            """WITH held AS (UPDATE outbox SET claimed_by = CASE WHEN $4::boolean THEN claimed_by END,
                                               claimed_until = CASE WHEN $4::boolean THEN $2::float8 + $3::float8 END
                             WHERE claimed_by = $1 AND state = 'pending'
                             AND ($4::boolean OR NOT key = ANY($5::text[])))
               UPDATE processes SET beat = $2 WHERE owner = $1 RETURNING true""",
            owner, self.clock(), lease, holding, list(keep))
        return bool(present)

    @staticmethod
    async def _let_go(conn: asyncpg.Connection, owner: str) -> None:
        await conn.execute("DELETE FROM processes WHERE owner = $1", owner)
        await conn.execute("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
                           "WHERE claimed_by = $1 AND state = 'pending'", owner)
