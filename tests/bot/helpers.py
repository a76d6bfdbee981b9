"""Shared test helpers: players, a channel, and a quick way to a running Sprint game."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, TypeVar

from bot.store import HOUR, Store
from bot.table import TableService
from bot.table.results import ChannelEdit, ChannelPost, PrivateMessage, Reply, User

ANN, BO, CY, DEE = User(101, "Ann"), User(102, "Bo"), User(103, "Cy"), User(104, "Dee")
GUILD, CHANNEL = 1, 10


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


USERS = {user.id: user for user in (ANN, BO, CY, DEE)}


async def player_to_act(service: TableService, channel: int = CHANNEL) -> User:
    snap = await service.snapshot(channel)
    return USERS[snap.user_ids[snap.to_act[0]]]


async def play(service: TableService, text: str, channel: int = CHANNEL) -> Reply:
    """``text`` played by whoever is to act in ``channel``."""
    return await service.act(channel, await player_to_act(service, channel), text)


T0 = 1_700_000_000.0  # a Tuesday; any fixed epoch works


class FakeClock:
    """The injectable clock of the store, service and scheduler: tests set the time, nobody sleeps."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def at(self, hours: float) -> float:
        """Jump to ``hours`` after ``T0``."""
        self.now = T0 + hours * HOUR
        return self.now


class RecordingRenderer:
    """A renderer that notes what it was asked to draw and on which thread."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[str, str, Any, list[str]]] = []
        self.threads: set[int] = set()
        self.fail = fail

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self._draw("board", engine, view, names)

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self._draw("hand", engine, view, names)

    def _draw(self, what: str, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        self.threads.add(threading.get_ident())
        self.calls.append((what, engine, view, list(names)))
        if self.fail:
            raise RuntimeError("the pen broke")
        return f"{what}:{'hand' in view}".encode()


class RecordingTransport:
    """An outbox transport that records what it sends; ``fail`` maps a key to the exception its next
    attempt raises (once)."""

    def __init__(self) -> None:
        self.sent: list[ChannelPost | PrivateMessage | ChannelEdit] = []
        self.edits: list[tuple[ChannelEdit, int, int]] = []
        self.fail: dict[str, Exception] = {}
        self.fail_all: Exception | None = None
        self.said: list[str] = []  # the keys sent, in order (several transports may share one list)
        self._ids = 1000

    def _check(self, nonce: str) -> int:
        if self.fail_all is not None:
            raise self.fail_all
        if nonce in self.fail:
            raise self.fail.pop(nonce)
        self._ids += 1
        self.said.append(nonce)
        return self._ids

    async def post(self, post: ChannelPost, nonce: str) -> int | None:
        message_id = self._check(nonce)
        self.sent.append(post)
        return message_id

    async def dm(self, message: PrivateMessage, nonce: str) -> int | None:
        message_id = self._check(nonce)
        self.sent.append(message)
        return message_id

    async def edit(self, edit: ChannelEdit, channel_id: int, message_id: int) -> None:
        self._check(edit.key)
        self.sent.append(edit)
        self.edits.append((edit, channel_id, message_id))

    def posts(self) -> list[ChannelPost]:
        return [m for m in self.sent if isinstance(m, ChannelPost)]

    def dms(self, user_id: int) -> list[PrivateMessage]:
        return [m for m in self.sent if isinstance(m, PrivateMessage) and m.user_id == user_id]


S = TypeVar("S", bound=Store)


@contextlib.asynccontextmanager
async def opened(store: S) -> AsyncIterator[S]:
    """``store`` opened for the block and closed after it, whatever the block raised."""
    await store.open()
    try:
        yield store
    finally:
        await store.close()
