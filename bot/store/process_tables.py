"""The bot processes on the database, on either one: their presence (the shards each serves, its heartbeat),
and the heartbeat's hold on the outbox rows each has claimed (see :mod:`bot.presence` and :mod:`bot.outbox`)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from bot.store.codec import read, sort_processes
from bot.store.dialect import Tables, Tx
from bot.store.rows import ProcessRow

#: The lock that makes processes start one at a time (each sees who started before it).
PRESENCE_LOCK = 0x70726F63  # "proc"


class ProcessTables(Tables):
    """The processes on the database and the claims they hold."""

    async def enter_process(self, me: ProcessRow, live_after: float, gone: Callable[[ProcessRow], bool],
                            clashes: Callable[[ProcessRow], bool]) -> ProcessRow | None:
        """Record ``me`` unless a live process ``clashes`` with it (that one is returned, nothing recorded).
        Processes without a beat since ``live_after``, or ``gone``, are forgotten first and their claims let
        go.  One transaction under :data:`PRESENCE_LOCK`: two processes starting at once are judged one by one."""
        async with self._tx() as tx:
            await tx.lock(PRESENCE_LOCK)
            found = [read(ProcessRow, r) for r in await tx.fetch("SELECT * FROM processes")]
            forget, clash = sort_processes(me, found, live_after, gone, clashes)
            for owner in forget:
                await tx.execute("DELETE FROM processes WHERE owner = $1", owner)
                await self._release(tx, owner, ())
            if clash is None:
                await tx.execute(
                    """INSERT INTO processes (owner, shards, host, pid, started, beat) VALUES ($1, $2, $3, $4, $5, $6)
                       ON CONFLICT (owner) DO UPDATE SET beat = excluded.beat""",
                    me.owner, me.shards, me.host, me.pid, me.started, me.beat)
        return clash

    async def leave_process(self, owner: str) -> None:
        """``owner`` stops: its presence is removed and its claims let go (another process sends them at once)."""
        async with self._tx() as tx:
            await tx.execute("DELETE FROM processes WHERE owner = $1", owner)
            await self._release(tx, owner, ())

    async def heartbeat(self, owner: str, lease: float, holding: bool, keep: Collection[str] = ()) -> bool:
        """``owner`` is alive: its beat is now.  ``holding`` (it can send): its claims last ``lease`` seconds
        from now; otherwise they are let go, but for ``keep`` (what it is sending this moment).  Whether its
        presence was still recorded."""
        now = self.clock()
        async with self._tx() as tx:
            present = await tx.execute("UPDATE processes SET beat = $1 WHERE owner = $2", now, owner) == 1
            if holding:
                await tx.execute("""UPDATE outbox SET claimed_until = $1::float8
                                    WHERE claimed_by = $2 AND state = 'pending'""", now + lease, owner)
            else:
                await self._release(tx, owner, keep)
        return present

    @staticmethod
    async def _release(tx: Tx, owner: str, keep: Collection[str]) -> None:
        await tx.execute("""UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
                            WHERE claimed_by = $1 AND state = 'pending' AND NOT key = ANY($2::text[])""",
                         owner, list(keep))
