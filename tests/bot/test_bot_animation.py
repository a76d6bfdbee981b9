"""The animation at a game's end, in the table service and the outbox: a game ended by its rules commits, with its
last move, an end post that carries the whole game (its log, replayed where it is drawn) as an animation after its end
screen; another end carries none; the end post is sent in the background (the mover is answered while the animation
is drawn), and a drawing that fails costs the animation alone."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.outbox import Deliverer
from bot.rendering import PictureKind, game_record
from bot.store import Store
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import ChannelPost, PrivateMessage, Reply, from_outgoing, to_outgoing
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, RecordingTransport, ok
from tests.bot.test_bot_replay import playthrough

GAME, SEED = "burgenland", 3


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """One backend is enough here: these tests look at what is announced and how it is delivered, not stored."""
    store = SqliteStore(tmp_path / "bot.sqlite3", sync_interval=0)
    await store.open()
    yield store
    await store.close()


async def played(service: TableService, moves: int | None = None, *, skip: int = 0
                 ) -> tuple[Reply, list[tuple[int, str]]]:
    """The golden playthrough's game (all of it, else its first ``moves``; its first ``skip`` played already): the
    last move's reply and the whole log played."""
    engine, steps = playthrough(GAME, seed=SEED)
    log = [(seat, engine.action_key(action)) for seat, action, _ in steps][:moves]
    if skip:
        snap = await service.snapshot(CHANNEL)
        reply = Reply("")
        for seat, key in log[skip:]:
            reply = ok(await service.act(CHANNEL, {ANN.id: ANN, BO.id: BO}[snap.user_ids[seat]], key))
        return reply, log
    ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=SEED))
    ok(await service.join(CHANNEL, BO))
    snap = await service.snapshot(CHANNEL)
    users = {ANN.id: ANN, BO.id: BO}
    reply = Reply("")
    for seat, key in log:
        reply = ok(await service.act(CHANNEL, users[snap.user_ids[seat]], key))
    return reply, log


async def test_an_end_by_the_rules_carries_the_animation_in_the_end_post(store: Store) -> None:
    service = TableService(store)
    last, log = await played(service)
    (end,) = [a for a in last.outbox if isinstance(a, ChannelPost)]  # one post: no follow-up of its own
    assert end.role == "final" and end.picture is not None and end.picture.kind == PictureKind.STANDINGS
    assert end.animation is not None and end.animation.kind == PictureKind.ANIMATION
    assert end.animation.view == game_record(2, SEED, {}, log)  # the whole log, to replay where it is drawn
    turns = engines.get(GAME).turn_number(engines.get(GAME).replay(2, SEED, {}, log))
    assert end.animation.alt.startswith(f"Burgenland, game #1: an animation of the board, from the start through its "
                                        f"{turns} turns")
    assert from_outgoing(to_outgoing(end)) == end  # as the outbox keeps it


async def test_an_end_by_resignation_has_no_animation(store: Store) -> None:
    service = TableService(store)
    await played(service, moves=30)
    resigned = ok(await service.resign(CHANNEL, BO))
    (end,) = [p for p in resigned.outbox if isinstance(p, ChannelPost)]
    assert end.role == "final" and end.animation is None


class SlowAnimation:
    """A renderer whose boards come at once and whose animation waits until it is let go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.drawing = threading.Event()

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return b"board"

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return b"hand"

    def render_standings(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                         history: Sequence[Sequence[int]]) -> bytes:
        return b"standings"

    def render_animation(self, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
        self.drawing.set()
        assert self.go.wait(30)
        return b"GIF89a"


async def last_move(service: TableService, store: Store, renderer: Any) -> tuple[Reply, Deliverer, RecordingTransport]:
    """The golden game played to its last move, everything before it delivered; the last move's reply, and the
    deliverer (drawing with ``renderer``) and transport that are to send it."""
    transport = RecordingTransport()
    _, log = await played(service, moves=len(playthrough(GAME, seed=SEED)[1]) - 1)
    deliverer = Deliverer(store, transport, renderer)
    while await deliverer.drain():  # everything before the last move (a drain sends a batch)
        pass
    last, _log = await played(service, skip=len(log))
    return last, deliverer, transport


async def test_the_mover_is_answered_while_the_end_posts_animation_is_drawn(store: Store) -> None:
    renderer = SlowAnimation()
    service = TableService(store, renderer=renderer)
    last, deliverer, transport = await last_move(service, store, renderer)
    (end,) = [a for a in last.outbox if isinstance(a, ChannelPost)]
    after = [a.key for a in last.outbox if a.key != end.key]
    assert after and all(isinstance(a, PrivateMessage) for a in last.outbox if a.key in after)
    try:
        await asyncio.wait_for(deliverer.deliver(last.outbox), 60)  # returns: the mover's answer does not wait …
        assert renderer.drawing.wait(10)  # … for the animation being drawn,
        assert end.key not in transport.said and not set(after) & set(transport.said)  # nor does its game jump it
    finally:
        renderer.go.set()
        await deliverer.settled()
    assert transport.said[-len(last.outbox):] == [end.key, *after]  # the end post first, then the rest, in order
    (sent,) = [p for p in transport.posts() if p.key == end.key]
    assert sent.image == b"standings" and sent.animated == b"GIF89a"  # one post, both pictures


class BrokenAnimation(SlowAnimation):
    def render_animation(self, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
        raise RuntimeError("the film tore")


async def test_a_failed_animation_costs_only_the_animation(store: Store) -> None:
    renderer = BrokenAnimation()
    service = TableService(store, renderer=renderer)
    last, deliverer, transport = await last_move(service, store, renderer)
    await deliverer.deliver(last.outbox)
    await deliverer.settled()
    assert set(transport.said[-len(last.outbox):]) == {a.key for a in last.outbox}  # everything went out
    (sent,) = [p for p in transport.posts() if p.role == "final"]
    assert sent.image == b"standings" and sent.animated is None  # the end screen, without the animation
    assert await store.pending_announcements(10) == []
