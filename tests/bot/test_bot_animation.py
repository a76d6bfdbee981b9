"""The animation at a game's end, in the table service and the outbox: a game ended by its rules commits, with its
last move, a post after the end screen that carries the whole game (its log, replayed where it is drawn) as an
animation; another end commits none; and the end screen goes out without waiting for the animation's drawing."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.outbox import Deliverer
from bot.rendering import Picture, game_record
from bot.store import Store
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import ChannelPost, Reply
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


async def test_an_end_by_the_rules_posts_the_animation_after_the_end_screen(store: Store) -> None:
    service = TableService(store)
    last, log = await played(service)
    said = [a for a in last.outbox if isinstance(a, ChannelPost)]
    assert [p.role for p in said] == ["final", "history"]  # the end screen first, then the animation
    history = said[1]
    assert history.picture is not None and history.picture.kind == "animation" and not history.mentions
    assert history.picture.view == game_record(2, SEED, {}, log)  # the whole log, to replay where it is drawn
    turns = engines.get(GAME).turn_number(engines.get(GAME).replay(2, SEED, {}, log))
    assert history.text.startswith(f"**Game #1, turn by turn** — the board after each of its {turns} turns")
    assert Picture.from_json(history.picture.to_json()) == history.picture  # as the outbox keeps it


async def test_an_end_by_resignation_has_no_animation(store: Store) -> None:
    service = TableService(store)
    await played(service, moves=30)
    resigned = ok(await service.resign(CHANNEL, BO))
    assert [p.role for p in resigned.outbox if isinstance(p, ChannelPost)] == ["final"]


class SlowAnimation:
    """A renderer whose boards come at once and whose animation waits until it is let go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.drawing = threading.Event()

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return b"board"

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return b"hand"

    def render_animation(self, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
        self.drawing.set()
        assert self.go.wait(30)
        return b"GIF89a"


async def test_the_end_screen_does_not_wait_for_the_animation(store: Store) -> None:
    renderer, transport = SlowAnimation(), RecordingTransport()
    service = TableService(store, renderer=renderer)
    _, log = await played(service, moves=len(playthrough(GAME, seed=SEED)[1]) - 1)
    deliverer = Deliverer(store, transport, renderer)
    while await deliverer.drain():  # everything before the last move (a drain sends a batch)
        pass
    last, _log = await played(service, skip=len(log))
    end = [a for a in last.outbox if isinstance(a, ChannelPost)]
    delivering = asyncio.create_task(deliverer.deliver(last.outbox))
    try:
        for _ in range(3000):  # (a minute at most)
            if end[0].key in transport.said:
                break
            await asyncio.sleep(0.02)
        assert end[0].key in transport.said  # the end screen is out …
        assert renderer.drawing.wait(10) and end[1].key not in transport.said  # … while the animation is being drawn
    finally:
        renderer.go.set()
        await delivering  # (the move's caller is answered without waiting for the animation)
        await deliverer.settled()
    assert transport.said[-1] == end[1].key and transport.posts()[-1].image == b"GIF89a"
