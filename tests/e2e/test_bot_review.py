"""``/review`` through the fake Discord: refused while the game runs; once it has ended, a progress line in the game's
thread, edited into the review (each player's summary and findings), the caller answered privately; asked again,
posted again at once and computed nothing; the command in the reader's language."""

from __future__ import annotations

from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running
from tests.e2e.test_bot_replay import delivered

GAME = "buerger-baumeister"


async def test_a_finished_game_is_reviewed_in_its_thread(fake_discord: FakeDiscord,
                                                         sqlite_store: SqliteStore) -> None:
    fake, store = fake_discord, sqlite_store
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    jonas = fake.add_member("Jonas")
    jonas.locale = "de"
    service = TableService(store)
    service.reviews.per_seat = 2  # what a review posts, not a whole game's worth of analyses
    users = {ann.id: User(ann.id, ann.name), bo.id: User(bo.id, bo.name)}
    created = await service.create(GAME, fake.guild.id, fake.channel.id, users[ann.id], seats=2, seed=5)
    assert (await service.join(fake.channel.id, users[bo.id])).ok and created.game_id is not None
    game = created.game_id
    for _ in range(20):
        snap = await service.snapshot(fake.channel.id)
        user = users[snap.user_ids[snap.to_act[0]]]
        assert (await service.act(fake.channel.id, user, (await service.moves(fake.channel.id, user)).choices[0]
                                  .key)).ok
    await delivered(store)
    async with bot_running(fake, service, scheduler_interval=None):
        refused = await (await fake.slash(ann, fake.channel, "review")).original()
        assert refused.ephemeral and refused.readable.startswith(f"Game #{game} is still being played")
        assert not fake.messages(fake.channel) and await store.get_review(game) is None
        assert (await service.resign(fake.channel.id, users[bo.id])).ok
        assert (await store.get_game(game)).status is Status.FINISHED  # type: ignore[union-attr]
        await delivered(store)

        answered = await (await fake.slash(ann, fake.channel, "review", game=game)).original(timeout=120)
        assert answered.ephemeral and answered.readable == f"The review of game #{game} is posted in its thread."
        posted = fake.messages(fake.channel)
        assert len(posted) == 1 and not posted[0].mention_ids
        review = posted[0].readable
        assert review.startswith(f"**The computer's review of game #{game} (Bürger, Baumeister & Co., finished)**")
        assert "**Ann** — accuracy: " in review and "**Bo** — accuracy: " in review
        assert "decisions weighed)." in review and ("Turn " in review or "No decision cost" in review)
        # It began as the progress line, edited as the decisions were weighed.
        first = posted[0].history[0]["content"]
        assert first.startswith(f"🔎 Reviewing game #{game}: 0 of ") and first.endswith(" decisions weighed…")

        computed = service.reviews.computed
        german = await (await fake.slash(jonas, fake.channel, "analyse", partie=game)).original()
        assert german.readable == f"Die Auswertung von Partie #{game} steht in ihrem Thread."
        again = fake.messages(fake.channel)
        assert len(again) == 2 and again[1].readable == review  # the table's language, the same review
        assert service.reviews.computed == computed == 1
