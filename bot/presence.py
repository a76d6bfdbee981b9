"""Who is on the database: each bot process's presence, the shards it serves, and its heartbeat.

Several bot processes may share one database, each running its own gateway shards.  Each has a name of its
own — host, process id and a token of this start, with its shards for the reader
(``host:1234:9f2c4e:shards=0/2``) — under which it records its presence (:meth:`Presence.enter`) and claims
the announcements it sends (:mod:`bot.outbox`).  The bot's heartbeat (:meth:`bot.outbox.Deliverer.heartbeat`)
stamps the presence every ``BEAT`` seconds for as long as the process lives, connected to Discord or not.

A process refuses to start while another live one (a beat in the last ``LIVE`` seconds) serves any of the same
shards: two processes with the same ``SHARD_IDS`` (or both without, each serving every shard) would both
answer every event of those servers.  A process that stops cleanly removes its presence and lets its claims
go; one that crashed is known dead at once when it ran on this host (its process id no longer runs here,
or is the new process's own: a container restarted), else after ``LIVE`` seconds without a beat.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.config import SettingError
from bot.outbox import LEASE
from bot.store import ProcessRow, Store

#: Seconds without a beat after which a process is taken for dead (the heartbeat beats every few seconds).
LIVE = 3 * LEASE
#: The names of the processes entered here (in this interpreter): alive, whatever their process id says.
_HERE: set[str] = set()


@dataclass(frozen=True)
class Shards:
    """The gateway shards a process serves: ``ids`` of ``count`` (None: every shard)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @classmethod
    def of(cls, count: int | None, ids: list[int] | None) -> Shards:
        """From the settings (``SHARD_COUNT``, ``SHARD_IDS``)."""
        return cls(count, tuple(ids) if ids else None)

    @property
    def label(self) -> str:
        """As recorded on the database: ``all``, or ``0,2/4`` (the ids, then the count)."""
        if self.ids is None:
            return "all"
        return f"{','.join(map(str, self.ids))}/{self.count}"

    @classmethod
    def parse(cls, label: str) -> Shards:
        if "/" not in label:
            return cls()
        ids, count = label.split("/", 1)
        return cls(int(count), tuple(int(i) for i in ids.split(",")))

    def overlaps(self, other: Shards) -> bool:
        """Whether two processes with these shards would serve a server twice: one serves every shard, they
        share a shard, or they count shards differently (a server's shard then depends on who asks)."""
        if self.ids is None or other.ids is None or self.count != other.count:
            return True
        return bool(set(self.ids) & set(other.ids))

    def describe(self) -> str:
        if self.ids is None:
            return "every shard"
        plural = "s" if len(self.ids) > 1 else ""
        return f"shard{plural} {','.join(map(str, self.ids))} of {self.count}"


class ShardsTaken(SettingError):
    """Another live process serves some of this one's shards on the same database; says which, and what to do."""


def alive_here(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (one whose id is ours is us, not an earlier process)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True


class Presence:
    """This process on the database: its name, its shards, its record (``enter``, ``leave``)."""

    def __init__(self, store: Store, shards: Shards = Shards(), *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.shards = shards
        self.clock = clock
        self.host = socket.gethostname()
        self.pid = os.getpid()
        self.owner = f"{self.host}:{self.pid}:{secrets.token_hex(3)}:shards={shards.label}"
        self.entered = False

    async def enter(self) -> None:
        """Record this process, after forgetting the dead ones; :class:`ShardsTaken` if a live one serves any
        of its shards (nothing is recorded then)."""
        now = self.clock()
        me = ProcessRow(self.owner, self.shards.label, self.host, self.pid, now, now)
        clash = await self.store.enter_process(me, now - LIVE, self._gone, self._clashes)
        if clash is not None:
            raise ShardsTaken(refusal(self.shards, clash, now))
        _HERE.add(self.owner)
        self.entered = True

    async def leave(self) -> None:
        """Remove this process's record and let its claims go (another process sends them at once)."""
        if self.entered:
            self.entered = False
            _HERE.discard(self.owner)
            await self.store.leave_process(self.owner)

    def _gone(self, other: ProcessRow) -> bool:
        """Whether ``other`` is known dead: it ran on this host and its process no longer does."""
        return other.host == self.host and other.owner not in _HERE and not alive_here(other.pid)

    def _clashes(self, other: ProcessRow) -> bool:
        with contextlib.suppress(ValueError):
            return self.shards.overlaps(Shards.parse(other.shards))
        return True  # a record this version cannot read: keep clear of it


def refusal(mine: Shards, other: ProcessRow, now: float) -> str:
    """The one line a process refused at start prints: who serves its shards, and which setting to change."""
    return (f"Another bot process already serves {Shards.parse(other.shards).describe()} on this database "
            f"(host {other.host}, process {other.pid}, last heartbeat {max(0.0, now - other.beat):.0f} s ago), "
            f"and this one would serve {mine.describe()}: give each process its own SHARD_IDS with the same "
            f"SHARD_COUNT (e.g. SHARD_COUNT=2, SHARD_IDS=0 for one and SHARD_IDS=1 for the other), or, if that "
            f"process was just stopped, start this one again in {LIVE:.0f} s.")
