"""Ratings through the fake Discord: a game against a computer player ends, its last post tells both players' new
ratings, and ``/leaderboard`` and ``/profile`` show both (text beside an image; private unless ``public``)."""

from __future__ import annotations

import io

from PIL import Image

from bot.ratings.model import shown
from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.thinking import PoolThinker
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running, drawing_service, play_against_computer
from tests.e2e.test_bot_games import said_in


async def test_a_game_against_a_computer_is_rated_and_shown(fake_discord: FakeDiscord,
                                                            sqlite_store: SqliteStore) -> None:
    fake, store = fake_discord, sqlite_store
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    thinker = PoolThinker(1)
    try:
        async with bot_running(fake, drawing_service(store, thinker)) as bot:
            await (await fake.slash(ann, fake.channel, "buerger new", players=2, bots=1, level="easy")).original()
            thread = fake.threads(fake.channel)[-1]
            await play_against_computer(fake, bot, thread, ann)
            await fake.idle()
            snap = await bot.service.snapshot(thread.id)
            assert snap.game.status is Status.FINISHED and snap.game.result is not None
            ranked = {r.level or r.name: r for r in await store.leaderboard(fake.guild.id, "buerger-baumeister", 10)}
            assert set(ranked) == {"Ann", "easy"} and all(r.games == 1 for r in ranked.values())
            final = said_in(fake, thread)[-1]
            ratings = next(line for line in final.readable.split("\n") if line.startswith("Ratings: "))
            assert f"Ann {shown(ranked['Ann'].mu, ranked['Ann'].sigma)}? (" in ratings
            assert f"Bot 1 (easy) {shown(ranked['easy'].mu, ranked['easy'].sigma)}? (" in ratings

            board = await (await fake.slash(bo, thread, "leaderboard", game="buerger")).original()
            assert board.ephemeral
            lines = board.readable.split("\n")
            assert lines[0] == "**Bürger, Baumeister & Co. — this server's leaderboard**"
            assert {lines[1][3:].split(" — ")[0], lines[2][3:].split(" — ")[0]} == {"Ann", "Computer (easy)"}
            assert "You have no rated game of Bürger, Baumeister & Co. on this server yet." in board.readable
            [image] = board.attachments
            assert image.is_png and Image.open(io.BytesIO(image.data)).size[0] == 800
            assert "Leaderboard of" in (image.description or "")

            shown_to_all = await (await fake.slash(ann, thread, "profile", public=True)).original()
            assert not shown_to_all.ephemeral
            assert shown_to_all.readable.startswith("**Ann — ratings on this server**\nBürger, Baumeister & Co.: ")
            assert "Recent results:" in shown_to_all.readable and len(shown_to_all.attachments) == 1
            mine = await (await fake.slash(bo, thread, "profile")).original()
            assert mine.ephemeral and "Bo has no rated game on this server yet." in mine.readable
            # In German, under the command's German name: the computer level as it is rated, in German.
            ann.locale = "de"
            rangliste = await (await fake.slash(ann, thread, "rangliste", game="buerger")).original()
            assert "Computer (easy)" in rangliste.readable and "Dein Platz: " in rangliste.readable
    finally:
        thinker.close()
