"""The computer's review (``/review``) in the table service: only once a game has ended; each decision weighed on
what its seat could see; the same review when asked twice, kept in the store (a new service — a restart — reads it
and computes nothing), and two requests at once share one computation."""

from __future__ import annotations

import asyncio
import json

import engines
from bot.store import Status, Store
from bot.table import TableService
from bot.table.results import Problem
from bot.table.reviewing import Decision, Review, SeatReview, Weighed, decisions, spread, summarise, weigh
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, ok

GAME = "buerger-baumeister"
SEED = 5
#: A small budget: these tests look at what a review is, not at a whole game's worth of analyses.
PER_SEAT = 3


def reviewer(store: Store) -> TableService:
    service = TableService(store)
    service.reviews.per_seat = PER_SEAT
    return service


async def played(service: TableService, moves: int = 24) -> int:
    """A 2-player game with ``moves`` first-choice moves played; its id (running)."""
    created = ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=SEED))
    ok(await service.join(CHANNEL, BO))
    for _ in range(moves):
        snap = await service.snapshot(CHANNEL)
        user = ANN if snap.user_ids[snap.to_act[0]] == ANN.id else BO
        ok(await service.act(CHANNEL, user, ok(await service.moves(CHANNEL, user)).choices[0].key))
    assert created.game_id is not None
    return created.game_id


async def ended(service: TableService) -> int:
    game = await played(service)
    ok(await service.resign(CHANNEL, BO))
    row = await service.store.get_game(game)
    assert row is not None and row.status is Status.FINISHED
    return game


async def test_a_game_is_reviewed_only_once_it_has_ended(store: Store) -> None:
    service = reviewer(store)
    lobby = ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=3, seed=SEED)).game_id
    refused = await service.review(CHANNEL, game_id=lobby)
    assert refused.problem is Problem.WRONG_PHASE and "has not started yet" in refused.text
    ok(await service.cancel(CHANNEL, ANN))
    game = await played(service)
    refused = await service.review(CHANNEL, game_id=game, guild_id=GUILD)
    assert refused.problem is Problem.WRONG_PHASE
    assert refused.text.startswith(f"Game #{game} is still being played: it can be reviewed once it has ended")
    assert refused.review is None
    foreign = await service.review(None, game_id=game, guild_id=GUILD + 1)
    assert foreign.problem is Problem.NO_GAME
    assert service.reviews.computed == service.reviews.weighed == 0 and await store.get_review(game) is None


async def test_a_finished_game_is_reviewed_once_and_kept_across_a_restart(store: Store) -> None:
    service = reviewer(store)
    game = await ended(service)
    lines: list[tuple[int, str]] = []

    async def progress(channel: int, line: str) -> None:
        lines.append((channel, line))

    first = ok(await service.review(CHANNEL, game_id=game, guild_id=GUILD, progress=progress))
    assert first.text == f"The review of game #{game} is posted in its thread." and not first.review.joined
    review = first.review.review
    assert isinstance(review, Review) and [s.seat for s in review.seats] == [0, 1]
    assert all(0 < s.weighed <= PER_SEAT <= s.decisions for s in review.seats)
    post = "\n\n".join(first.review.posts)
    assert post.startswith(f"**The computer's review of game #{game} (Bürger, Baumeister & Co., finished)**")
    assert "**Ann** — accuracy: " in post and "**Bo** — accuracy: " in post
    weighed = sum(s.weighed for s in review.seats)
    assert [line for _, line in lines] == [f"🔎 Reviewing game #{game}: {n} of {service.reviews.weighed} decisions "
                                           "weighed…" for n in range(service.reviews.weighed + 1)]
    assert {channel for channel, _ in lines} == {CHANNEL} and weighed <= service.reviews.weighed
    assert service.reviews.computed == 1
    again = ok(await service.review(CHANNEL, game_id=game, guild_id=GUILD, progress=progress))
    assert again.review.posts == first.review.posts and again.review.review == review
    assert service.reviews.computed == 1 and len(lines) == service.reviews.weighed + 1  # nothing weighed again
    restarted = reviewer(store)
    kept = ok(await restarted.review(CHANNEL, guild_id=GUILD))  # the channel's latest game
    assert kept.review.posts == first.review.posts and restarted.reviews.computed == 0
    # Computed afresh (the kept review gone), it is the same review: the analyses are seeded by the game.
    await store.put_review(game, "{}")  # the first one written stays
    assert await store.get_review(game) == review.to_json()


async def test_two_requests_at_once_share_one_computation(store: Store) -> None:
    service = reviewer(store)
    game = await ended(service)
    first, second = await asyncio.gather(service.review(CHANNEL, game_id=game), service.review(CHANNEL, game_id=game))
    assert ok(first).review.review == ok(second).review.review
    assert [first.review.joined, second.review.joined] == [False, True]
    assert second.text == f"Game #{game} is being reviewed already: the review will be posted in its thread."
    assert service.reviews.computed == 1
    listed, _counts = decisions(GAME, 2, (await store.get_game(game)).seed, {},  # type: ignore[union-attr]
                                [(a.seat, a.action_key) for a in await store.live_actions(game)], PER_SEAT)
    assert service.reviews.weighed == len(listed)


def test_a_decision_is_weighed_on_what_its_seat_could_see() -> None:
    """Two positions that look the same to the seat (the true one, and one with the hidden cards dealt anew) are
    weighed alike: the review never reads the cards the seat could not see."""
    engine = engines.get(GAME)
    state = engine.new_game(2, SEED)
    log = []
    for _ in range(6):
        seat = engine.to_act(state)[0]
        action = engine.legal_actions(state, seat)[0]
        state, _ = engine.apply(state, seat, action)
        log.append((seat, engine.action_key(action)))
    seat = engine.to_act(state)[0]
    other = engine.determinize(state, seat, 99)
    assert engine.view(other, seat) == engine.view(state, seat) and engine.dump(other) != engine.dump(state)
    played = engine.action_key(engine.legal_actions(state, seat)[0])
    true = Decision(seat, 3, engine.move_count(state), json.dumps(engine.dump(state)), played)
    dealt = Decision(seat, 3, engine.move_count(state), json.dumps(engine.dump(other)), played)
    assert weigh(GAME, true, 11) == weigh(GAME, dealt, 11) is not None


def test_the_findings_are_each_players_largest_drops_and_the_summary_their_average() -> None:
    def w(seat: int, turn: int, played: float, best: float) -> Weighed:
        return Weighed(seat, turn, played, best, (("en", f"move {turn}"),), (("en", f"best {turn}"),), 10)

    found = [w(0, 1, 0.5, 0.5), w(0, 2, 0.3, 0.6), w(0, 3, 0.4, 0.5), w(0, 4, 0.2, 0.6), w(0, 5, 0.49, 0.5),
             w(0, 6, 0.1, 0.3), None, w(1, 2, 0.5, 0.5)]
    review = summarise(2, {0: 9, 1: 4}, found)
    ann, bo = review.seats
    assert [f.turn for f in ann.worst] == [2, 4, 6]          # the three largest drops, told in the game's order
    assert ann.weighed == 6 and ann.decisions == 9 and abs(ann.mean_drop - (0.3 + 0.1 + 0.4 + 0.01 + 0.2) / 6) < 1e-9
    assert bo == SeatReview(1, 4, 1, 0.0, ())                 # no drop worth telling
    assert Review.from_json(review.to_json()) == review and review.iterations == 70
    assert spread(list(range(10)), 4) == [0, 3, 6, 9] and spread(list(range(3)), 4) == [0, 1, 2]  # type: ignore[arg-type]
