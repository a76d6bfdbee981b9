"""The computer's review (``/review``) in the table service: only once a game has ended; each decision weighed on
what its seat could see, the move played always among the choices weighed; the same review when asked twice, kept in
the store (a new service — a restart — reads it and computes nothing); two requests at once share one computation,
in one process and across two (the store's claim, which a dead process's runs out of)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import ai
import engines
from ai.games import policy_for
from bot.store import Status, Store
from bot.table import TableService
from bot.table.bots import thinking_seed
from bot.table.results import Problem
from bot.table.reviewing import Decision, Review, SeatReview, Weighed, decisions, spread, summarise, weigh
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, FakeClock, ok
from tests.conftest import StoreFactory
from tests.sql import rows

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
    assert all(s.weighed == PER_SEAT < s.decisions for s in review.seats)  # none of those listed skipped
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
    # Deterministic order: the first request's computation is held at its first piece of work until the second
    # has looked for a kept review and found none (a fast review could otherwise be kept before the second asks).
    gate = Gated(service.reviews.runner)
    service.reviews.runner = gate
    computing = asyncio.create_task(service.review(CHANNEL, game_id=game))
    await gate.reached.wait()
    looked = asyncio.Event()
    get_review = store.get_review

    async def watched_get_review(game_id: int) -> str | None:
        kept = await get_review(game_id)
        looked.set()  # nothing awaits between this and the second request finding the computation under way
        return kept

    store.get_review = watched_get_review  # type: ignore[method-assign]
    asking = asyncio.create_task(service.review(CHANNEL, game_id=game))
    await looked.wait()
    gate.open.set()
    first, second = await computing, await asking
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


def test_the_move_played_is_weighed_even_where_the_games_policy_never_considers_it() -> None:
    """Burgenland's policy searches a few of the legal moves; a player's move outside them is weighed all the same,
    beside them, by the same analysis (before, such a decision was skipped: about half of a game's)."""
    engine = engines.get("burgenland")
    policy = policy_for(engine)
    state = engine.new_game(2, 3)
    for number in range(60):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        searched = {a.key for a in policy.candidates(engine, state, seat, legal)}
        outside = [a for a in legal if a.key not in searched]
        if outside:
            break
        state, _ = engine.apply(state, seat, ai.choose(engine, state, seat, level="easy", seed=number))
    assert outside, "no position where a legal move lies outside the policy's candidates"
    played = outside[-1]
    decision = Decision(seat, engine.turn_number(state), engine.move_count(state), json.dumps(engine.dump(state)),
                        played.key)
    weighed = weigh("burgenland", decision, thinking_seed(3, decision.number))
    assert weighed is not None and dict(weighed.played)["en"] == engine.format_action(state, seat, played)
    assert 0.0 <= weighed.played_chance <= 1.0 and weighed.best_chance >= 0.0
    # The analysis without the move played does not weigh it: the review asks for it explicitly.
    plain = ai.analyse(engine, state, seat, level=ai.DEFAULT, seed=thinking_seed(3, decision.number))
    assert played.key not in {c.action.key for c in plain.choices}


async def test_two_processes_asking_at_once_compute_the_review_once(new_store: StoreFactory) -> None:
    """Two services on two stores over one database (two bot processes): the second request, made while the first
    computes, waits for its review (the store's claim) and posts nothing; nothing is weighed twice."""
    stores = new_store(), new_store()
    for store in stores:
        await store.open()
    try:
        first, second = reviewer(stores[0]), reviewer(stores[1])
        second.reviews.poll = 0.05
        game = await ended(first)
        # Deterministic order: the first holds the claim and is held at its first piece of work until the second
        # has found the claim taken; only then does the first go on (a fast review could otherwise end first).
        gate = Gated(first.reviews.runner)
        first.reviews.runner = gate
        refused = asyncio.Event()
        claim = stores[1].claim_review

        async def watched_claim(game_id: int, owner: str, lease: float) -> bool:
            taken = await claim(game_id, owner, lease)
            if not taken:
                refused.set()
            return taken

        stores[1].claim_review = watched_claim  # type: ignore[method-assign]
        computing = asyncio.create_task(first.review(CHANNEL, game_id=game))
        await gate.reached.wait()                          # the first holds the claim
        told: list[str] = []

        async def second_progress(_channel: int, line: str) -> None:
            told.append(line)

        asking = asyncio.create_task(second.review(CHANNEL, game_id=game, progress=second_progress))
        await refused.wait()                               # the second found the claim taken and waits
        gate.open.set()
        waited = ok(await asking)
        done = ok(await computing)
        assert waited.review.joined and not done.review.joined and told == []
        assert waited.text == f"Game #{game} is being reviewed already: the review will be posted in its thread."
        assert waited.review.review == done.review.review
        assert (first.reviews.computed, second.reviews.computed, second.reviews.weighed) == (1, 0, 0)
    finally:
        for store in stores:
            await store.close()


async def test_a_claim_holds_while_renewed_and_a_dead_processs_claim_is_taken_over(new_store: StoreFactory) -> None:
    clock = FakeClock()
    one, two = new_store(clock=clock), new_store(clock=clock)
    await one.open()
    await two.open()
    try:
        service = TableService(one)
        game = ok(await service.create(GAME, GUILD, CHANNEL, ANN, seats=2, seed=SEED)).game_id
        other = ok(await service.create(GAME, GUILD, CHANNEL + 1, ANN, seats=2, seed=SEED)).game_id
        assert game is not None and other is not None
        assert await one.claim_review(game, "a", 60) and not await two.claim_review(game, "b", 60)
        assert await one.claim_review(game, "a", 60)       # its own claim, again
        assert await two.get_review(game) is None          # a claim is no review
        clock.now += 30
        assert await one.renew_review(game, "a", 60)       # held until 90 s
        clock.now += 59
        assert not await two.claim_review(game, "b", 60)
        clock.now += 2                                     # a's heartbeat stopped: its claim ran out
        assert await two.claim_review(game, "b", 60) and not await one.renew_review(game, "a", 60)
        await one.put_review(game, '{"first": 1}')         # a finished anyway: the first one written stays
        await two.put_review(game, '{"second": 2}')
        assert await two.get_review(game) == '{"first": 1}' and not await two.claim_review(game, "b", 60)
        assert not await two.renew_review(game, "b", 60)   # written: no claim left
        assert await one.claim_review(other, "a", 60)
        await two.release_review(other, "b")               # not b's to let go
        assert not await two.claim_review(other, "b", 60)
        await one.release_review(other, "a")               # a failed: b may claim it at once
        assert await two.claim_review(other, "b", 60)
    finally:
        await one.close()
        await two.close()


class Gated:
    """A thinking pool that holds every piece of work until ``open`` is set (``reached``: one has been asked for)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.reached, self.open = asyncio.Event(), asyncio.Event()

    async def run(self, fn: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        self.reached.set()
        await self.open.wait()
        return await self.inner.run(fn, *args, priority=priority)


class Failing:
    """A thinking pool whose workers fail (a crashed worker process): a review under way fails with it."""

    async def run(self, fn: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        raise RuntimeError("the worker died")


async def test_a_dead_processs_claim_is_taken_over_and_a_failed_review_lets_its_claim_go(store: Store) -> None:
    service = reviewer(store)
    game = await ended(service)
    assert await store.claim_review(game, "gone:1:dead", -1)  # a process died computing it: its lease ran out
    taken = ok(await service.review(CHANNEL, game_id=game))
    assert not taken.review.joined and service.reviews.computed == 1 and await store.get_review(game) is not None
    other = reviewer(store)
    second = await ended(other)
    other.reviews.runner = Failing()
    failed = await other.review(CHANNEL, game_id=second)
    assert failed.problem is not None and await store.get_review(second) is None
    assert await store.claim_review(second, "next:2:alive", 60)  # not held until its lease runs out: let go at once


async def test_the_claim_is_renewed_while_the_review_is_computed_and_ends_with_it(store: Store) -> None:
    service = reviewer(store)
    service.reviews.beat = 0.01
    game = await ended(service)
    claim = f"SELECT claimed_by, claimed_until, body FROM reviews WHERE game_id = {game}"
    seen: list[list[tuple[Any, ...]]] = []

    async def progress(_channel: int, _line: str) -> None:
        if not seen:  # the review waits for this line: its heartbeat goes on meanwhile
            seen.append(await rows(store, claim))
            await asyncio.sleep(0.2)
            seen.append(await rows(store, claim))

    ok(await service.review(CHANNEL, game_id=game, progress=progress))
    [(owner, until, body)], [(owner_later, until_later, _)] = seen
    assert owner == owner_later == service.reviews.owner and body == "" and until_later > until
    [(owner, until, body)] = await rows(store, claim)
    assert owner is None and until is None and Review.from_json(body).seats
