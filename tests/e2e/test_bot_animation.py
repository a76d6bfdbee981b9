"""The end of a game through the fake Discord: a game ended by its rules ends with one post that carries its end
screen (a PNG) and, in a gallery of its own below it, the whole game as an animated GIF — a frame for the start and
one per turn, under Discord's 8 MB, 800 px wide (a phone's width, doubled) — each described for screen readers.
The mover is answered while the animation is still being drawn; a drawing that fails, or an animation too large to
send with the end screen, costs the animation alone; and the separate animation post an older bot queued still goes
out."""

from __future__ import annotations

import dataclasses
import io
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

import engines
from bot.rendering import DrawFn, FunctionRenderer, Picture, PictureKind, game_record, installed_renderer
from bot.store import Outgoing, Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Buttons, Controls, PostRole
from render.animation import MAX_BYTES
from tests.bot.test_bot_replay import playthrough
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import MEDIA_GALLERY, FakeChannel, FakeMessage, FakeUser
from tests.e2e.helpers import bot_running
from tests.e2e.test_bot_replay import GAME, SEED, delivered, play_out


def renderer_drawing_animations_with(animation: Callable[[DrawFn, str, Mapping[str, Any], Sequence[str]], bytes]
                                     ) -> FunctionRenderer:
    """The installed renderer (the bot's drawing), but for its animations, drawn by ``animation`` — given the
    installed drawing function, to call or not."""
    renderer = installed_renderer()
    assert isinstance(renderer, FunctionRenderer) and renderer.animation is not None
    drawn = renderer.animation

    def draw(engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return animation(drawn, engine, record, names)

    return dataclasses.replace(renderer, animation=draw)


def whole_log() -> list[tuple[int, str]]:
    engine, steps = playthrough(GAME, seed=SEED)
    return [(seat, engine.action_key(action)) for seat, action, _events in steps]


async def all_but_the_last_move(fake: FakeDiscord, service: TableService, log: Sequence[tuple[int, str]]
                                ) -> tuple[FakeChannel, int, list[FakeUser]]:
    """The golden game played in a channel of its own but for its last move, its posts so far marked sent (these
    tests look at the end): the channel, the game and the players."""
    players = [fake.add_member("Ann"), fake.add_member("Bo")]
    channel = fake.add_channel("table")
    game, _ = await play_out(service, fake.guild.id, channel.id, players, steps=len(log) - 1)
    await delivered(service.store)
    return channel, game, players


async def last_mover(service: TableService, channel: FakeChannel, players: Sequence[FakeUser],
                     log: Sequence[tuple[int, str]]) -> tuple[FakeUser, str]:
    """Who plays the game's last move, and that move."""
    seat, key = log[-1]
    snap = await service.snapshot(channel.id)
    return next(p for p in players if p.id == snap.user_ids[seat]), key


def turns_of(log: Sequence[tuple[int, str]]) -> int:
    engine = engines.get(GAME)
    return int(engine.turn_number(engine.replay(2, SEED, {}, list(log))))


def check_animation(message: FakeMessage, game: int, turns: int, gallery: dict[str, Any]) -> None:
    """The message's animation: a GIF of the start and every turn, 800 px wide, under 8 MB, shown by ``gallery``
    (described for screen readers)."""
    gif = message.attachment(f"game-{game}-history.gif")
    (item,) = gallery["items"]
    assert item["media"]["url"].endswith(f"/game-{game}-history.gif")
    assert item["description"].startswith(f"Burgenland, game #{game}: an animation of the board, from the start "
                                          f"through its {turns} turns")
    image = Image.open(io.BytesIO(gif.data))
    assert image.format == "GIF" and image.n_frames == turns + 1 and image.width == 800
    assert len(gif.data) <= MAX_BYTES


async def test_a_game_ended_by_its_rules_ends_with_one_post_carrying_its_end_screen_and_animation(
        fake_discord: FakeDiscord, sqlite_store: SqliteStore) -> None:
    fake, log = fake_discord, whole_log()
    go, drawing = threading.Event(), threading.Event()

    def held(draw: DrawFn, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
        drawing.set()  # the animation waits until the mover has been answered
        assert go.wait(60)
        return draw(engine, record, names)

    service = TableService(sqlite_store, renderer=renderer_drawing_animations_with(held))
    channel, game, players = await all_but_the_last_move(fake, service, log)
    mover, key = await last_mover(service, channel, players, log)
    async with bot_running(fake, service, scheduler_interval=None):
        try:
            answer = await (await fake.slash(mover, channel, "move", text=key)).original(timeout=60)
            assert answer.ephemeral and drawing.wait(10)  # the mover is answered while the animation is drawn
            assert fake.messages(channel) == []  # (nothing of the end is out yet: it is one post)
        finally:
            go.set()
        await fake.wait_until(lambda: fake.messages(channel), 120, "the end post")
        await fake.idle()
    assert (await sqlite_store.get_game(game)).status is Status.FINISHED  # type: ignore[union-attr]
    (end,) = fake.messages(channel)
    assert [a.filename for a in end.attachments] == [f"game-{game}-board.png", f"game-{game}-history.gif"]
    assert Image.open(io.BytesIO(end.attachments[0].data)).format == "PNG"  # the end screen first
    assert sorted(end.mention_ids) == sorted(p.id for p in players) and "Game over" in end.readable
    screen, animation = end.layout(MEDIA_GALLERY)  # each in a gallery of its own: full width on a phone
    assert [i["media"]["url"].rsplit("/", 1)[-1] for i in screen["items"]] == [f"game-{game}-board.png"]
    assert screen["items"][0]["description"].startswith(f"Burgenland, game #{game}")
    check_animation(end, game, turns_of(log), animation)


def broken(draw: DrawFn, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
    raise RuntimeError("the film tore")


def too_large(draw: DrawFn, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """An animation that, with the end screen, passes what Discord takes of one message's files (10 MB)."""
    return b"GIF89a" + bytes(10 * 1024 * 1024)


@pytest.mark.parametrize("animation", [broken, too_large])
async def test_a_failed_animation_still_posts_the_end_screen(
        fake_discord: FakeDiscord, sqlite_store: SqliteStore,
        animation: Callable[[DrawFn, str, Mapping[str, Any], Sequence[str]], bytes]) -> None:
    fake, log = fake_discord, whole_log()
    service = TableService(sqlite_store, renderer=renderer_drawing_animations_with(animation))
    channel, game, players = await all_but_the_last_move(fake, service, log)
    mover, key = await last_mover(service, channel, players, log)
    async with bot_running(fake, service, scheduler_interval=None):
        assert (await (await fake.slash(mover, channel, "move", text=key)).original(timeout=60)).ephemeral
        await fake.wait_until(lambda: fake.messages(channel), 120, "the end post")
        await fake.idle()
    (end,) = fake.messages(channel)
    assert [a.filename for a in end.attachments] == [f"game-{game}-board.png"]  # the end screen, alone
    (screen,) = end.layout(MEDIA_GALLERY)
    assert screen["items"][0]["media"]["url"].endswith(f"/game-{game}-board.png")
    assert await sqlite_store.pending_announcements(10) == []


async def test_the_animation_post_an_older_bot_queued_still_goes_out(fake_discord: FakeDiscord,
                                                                      sqlite_store: SqliteStore) -> None:
    """An older bot ended a game with its end post and, after it, a post of its own carrying the animation
    (role "history"), and stopped before sending that one: the bot after the upgrade sends it."""
    fake, log = fake_discord, whole_log()
    service = TableService(sqlite_store, renderer=installed_renderer())
    channel = fake.add_channel("table")
    game, _ = await play_out(service, fake.guild.id, channel.id, [fake.add_member("Ann"), fake.add_member("Bo")])
    assert (await sqlite_store.get_game(game)).status is Status.FINISHED  # type: ignore[union-attr]
    await delivered(sqlite_store)  # (its own end post is out)
    names = tuple((await service.snapshot(channel.id)).names)
    turns = turns_of(log)
    alt = f"Burgenland, game #{game}: an animation of the board, from the start through its {turns} turns, what " \
          "each turn changed marked at its corners."
    picture = Picture(GAME, PictureKind.ANIMATION, game_record(2, SEED, {}, log), names, alt=alt)
    # The row as the older bot wrote it (its words, its picture: the whole log, replayed where it is drawn).
    text = f"**Game #{game}, turn by turn** — the board after each of its {turns} turns, one frame a turn " \
           "(`/replay` steps through it)."
    row = Outgoing("older-history", game, "post", channel_id=channel.id, role=PostRole.HISTORY,
                   body={"text": text, "mentions": [], "buttons": Buttons(Controls.NONE).to_json(), "since": None,
                         "seat": None},
                   picture=picture.to_json())
    async with sqlite_store._tx() as tx:
        await sqlite_store._announce(tx, [row])
    async with bot_running(fake, service, scheduler_interval=None):
        await fake.wait_until(lambda: fake.messages(channel), 120, "the older bot's animation post")
        await fake.idle()
    (history,) = fake.messages(channel)
    assert history.readable == text and not history.mention_ids
    (gallery,) = history.layout(MEDIA_GALLERY)
    check_animation(history, game, turns, gallery)
    assert await sqlite_store.pending_announcements(10) == []
