"""The end of a game through the fake Discord: after the end screen, a post of its own in the thread carries the
whole game as an animated GIF — a frame for the start and one per turn, under Discord's 8 MB, 800 px wide (a
phone's width, doubled) — in a Components V2 layout whose gallery names it; an end by resignation has none."""

from __future__ import annotations

import io

from PIL import Image

import engines
from bot.discord import GameBot
from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table.results import User
from render.animation import MAX_BYTES
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import MEDIA_GALLERY
from tests.e2e.helpers import drawing_service
from tests.e2e.test_bot_replay import GAME, SEED, delivered, play_out


async def test_a_game_ended_by_its_rules_posts_its_animation(fake_discord: FakeDiscord,
                                                             sqlite_store: SqliteStore) -> None:
    fake, store = fake_discord, sqlite_store
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    service = drawing_service(store)
    _whole, log = await play_out(service, fake.guild.id, fake.channel.id, [ann, bo])
    # The same game again in another channel, all but its last move: the bot sees only that move's posts.
    other = fake.add_channel("other")
    game, _ = await play_out(service, fake.guild.id, other.id, [ann, bo], steps=len(log) - 1)
    await delivered(store)
    snap = await service.snapshot(other.id)
    seat, key = log[-1]
    last = await service.act(other.id, User(snap.user_ids[seat], snap.names[seat]), key)
    assert last.ok and (await store.get_game(game)).status is Status.FINISHED  # type: ignore[union-attr]
    engine = engines.get(GAME)
    turns = engine.turn_number(engine.replay(2, SEED, {}, log))
    bot = GameBot(service, scheduler_interval=None)
    async with fake.running(bot):
        await fake.wait_until(lambda: len(fake.messages(other)) >= 2, 120, "the end post and the animation")
        await fake.idle()
        final, history = fake.messages(other)
        assert final.attachments[0].filename == f"game-{game}-board.png"  # the end screen first
        assert history.readable.startswith(f"**Game #{game}, turn by turn** — the board after each of its "
                                           f"{turns} turns")
        gif = history.attachment(f"game-{game}-history.gif")
        (gallery,) = history.layout(MEDIA_GALLERY)
        assert gallery["items"][0]["media"]["url"].endswith(f"/game-{game}-history.gif")  # the gallery shows it
        assert gallery["items"][0]["description"].startswith(f"Burgenland, game #{game}: an animation")
        image = Image.open(io.BytesIO(gif.data))
        assert image.format == "GIF" and image.n_frames == turns + 1 and image.width == 800
        assert len(gif.data) <= MAX_BYTES and not history.mention_ids
