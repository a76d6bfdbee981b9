"""Each deadline policy on every engine: skip plays the engine's default move through the normal move
path until the turn passes on; pause stops the clock and changes nothing; vote opens a vote whose end
result ranks the absent player last."""

from __future__ import annotations

import pytest

import engines
from bot.scheduler import Scheduler
from bot.store import HOUR, Status, Waiting
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, T0, USERS, FakeClock, ok


async def running(service: TableService, engine: str, policy: str) -> tuple[int, int]:
    """A two-player game of ``engine`` with a brisk pace; returns its id and the seat to act."""
    created = ok(await service.create(engine, GUILD, CHANNEL, ANN, seats=2, seed=3, pace="brisk",
                                      deadline=policy))
    ok(await service.join(CHANNEL, BO))
    snap = await service.snapshot(CHANNEL)
    assert created.game_id is not None
    return created.game_id, snap.to_act[0]


@pytest.mark.parametrize("policy", ["skip", "pause", "vote"])
@pytest.mark.parametrize("engine", engines.names())
async def test_every_policy_on_every_engine(store: SqliteStore, engine: str, policy: str) -> None:
    clock = FakeClock()
    service = TableService(store, clock=clock)
    game, seat = await running(service, engine, policy)
    before = await service.snapshot(CHANNEL)
    absent = USERS[before.user_ids[seat]]
    other = USERS[before.user_ids[1 - seat]]
    scheduler = Scheduler(service)
    clock.now = T0 + 3.99 * HOUR
    assert [r for r in await scheduler.tick() if r.post and "Reminder" not in r.post.text] == []
    clock.now = T0 + 4 * HOUR
    (reply,) = [r for r in await scheduler.tick() if r.game_id == game and r.post]
    after = await service.snapshot(CHANNEL)
    assert reply.post is not None
    if policy == "skip":
        assert reply.post.text.startswith(f"({absent.name} was away: the bot played ")
        assert after.to_act != before.to_act and after.move_number > before.move_number  # type: ignore[operator]
        stored = await store.live_actions(game)
        assert len(stored) == after.move_number and all(a.seat == seat for a in stored)
        assert (await store.timer(game)).started == clock.now  # type: ignore[union-attr]
    else:
        assert after.move_number == before.move_number == 0 and after.to_act == before.to_act
        timer = await store.timer(game)
        assert timer is not None
        if policy == "pause":
            assert timer.waiting is Waiting.PAUSED and "is paused" in reply.post.text
        else:
            assert timer.waiting is Waiting.VOTE and reply.post.buttons.vote_on == absent.name
            assert reply.post.mentions == (other.id,)
            ended = ok(await service.vote(None, other, "end", game_id=game))
            assert ended.post is not None and "they rank last" in ended.post.text
            result = (await service.snapshot(CHANNEL)).game
            assert result.status is Status.FINISHED and result.result["ranks"][seat] == 2  # type: ignore[index]
    # Nothing more is due at the same moment: each deadline fires once.
    assert [r for r in await scheduler.tick() if r.post and "Reminder" not in r.post.text] == []
