"""The SQLite store's bot processes: their presence on the database (the shards each serves, its heartbeat),
and the heartbeat's hold on the outbox rows each has claimed (see :mod:`bot.presence` and :mod:`bot.outbox`)."""

from __future__ import annotations

from collections.abc import Callable, Collection

import aiosqlite

from bot.store.codec import process_row, sort_processes
from bot.store.rows import ProcessRow
from bot.store.sqlite_base import SqliteBase


class ProcessTables(SqliteBase):
    """The processes on the database and the claims they hold."""

    async def enter_process(self, me: ProcessRow, live_after: float, gone: Callable[[ProcessRow], bool],
                            clashes: Callable[[ProcessRow], bool]) -> ProcessRow | None:
        """Record ``me`` unless a live process ``clashes`` with it (that one is returned, nothing recorded).
        Processes without a beat since ``live_after``, or ``gone``, are forgotten first and their claims let
        go.  One transaction (SQLite's write lock): two processes starting at once are judged one by one."""
        async with self._tx() as db:
            found = [process_row(r) for r in await db.execute_fetchall("SELECT * FROM processes")]
            forget, clash = sort_processes(me, found, live_after, gone, clashes)
            for owner in forget:
                await self._let_go(db, owner)
            if clash is None:
                await db.execute(
                    """INSERT INTO processes (owner, shards, host, pid, started, beat) VALUES (?, ?, ?, ?, ?, ?)
                       ON CONFLICT (owner) DO UPDATE SET beat = excluded.beat""",
                    (me.owner, me.shards, me.host, me.pid, me.started, me.beat))
        return clash

    async def leave_process(self, owner: str) -> None:
        """``owner`` stops: its presence is removed and its claims let go (another process sends them at once)."""
        async with self._tx() as db:
            await self._let_go(db, owner)

    async def heartbeat(self, owner: str, lease: float, holding: bool, keep: Collection[str] = ()) -> bool:
        """``owner`` is alive: its beat is now.  ``holding`` (it can send): its claims last ``lease`` seconds
        from now; otherwise they are let go, but for ``keep`` (what it is sending this moment).  Whether its
        presence was still recorded."""
        now = self.clock()
        async with self._tx() as db:
            cursor = await db.execute("UPDATE processes SET beat = ? WHERE owner = ?", (now, owner))
            present = cursor.rowcount == 1
            if holding:
                await db.execute("UPDATE outbox SET claimed_until = ? WHERE claimed_by = ? AND state = 'pending'",
                                 (now + lease, owner))
            else:
                await self._release(db, owner, keep)
        return present

    async def _let_go(self, db: aiosqlite.Connection, owner: str) -> None:
        await db.execute("DELETE FROM processes WHERE owner = ?", (owner,))
        await self._release(db, owner, ())

    @staticmethod
    async def _release(db: aiosqlite.Connection, owner: str, keep: Collection[str]) -> None:
        marks = ",".join("?" * len(keep))
        await db.execute(f"""UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
                             WHERE claimed_by = ? AND state = 'pending' AND key NOT IN ({marks})""", (owner, *keep))
