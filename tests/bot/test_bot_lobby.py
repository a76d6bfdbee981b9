"""Lobbies: opening, joining, leaving, starting and cancelling a table."""

from __future__ import annotations

from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import Limits, TableService
from bot.table.results import Problem, User
from engines import rng
from tests.bot.helpers import ANN, BO, CHANNEL, CY, DEE, GUILD, ok
from tests.bot.tinygame import lookup


async def test_a_full_lobby_starts_with_a_seat_order_drawn_from_the_seed(service: TableService) -> None:
    created = ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3, seed=1234))
    ok(await service.join(CHANNEL, BO))
    started = ok(await service.join(CHANNEL, CY))
    assert started.post is not None and "begins" in started.post.text
    assert set(started.post.mentions) == {ANN.id, BO.id, CY.id}
    snap = await service.snapshot(CHANNEL)
    assert snap.game.status is Status.RUNNING and snap.game.id == created.game_id
    _, expected = rng.shuffle(rng.seed_state(1234), [ANN.id, BO.id, CY.id])
    assert snap.user_ids == expected
    # Each player is dealt privately: their own view, with their own hand.
    assert sorted(m.user_id for m in started.private) == sorted(expected)
    assert all(m.view is not None and "hand" in m.view for m in started.private)
    assert started.post.view is not None and "hand" not in started.post.view


async def test_seat_order_differs_between_seeds(service: TableService) -> None:
    orders = set()
    for channel, seed in enumerate(range(12), start=100):
        ok(await service.create("sprint", GUILD, channel, ANN, seats=3, seed=seed))
        ok(await service.join(channel, BO))
        ok(await service.join(channel, CY))
        orders.add((await service.snapshot(channel)).user_ids)
    assert len(orders) > 1


async def test_a_second_game_in_the_channel_is_refused_naming_the_first(service: TableService) -> None:
    first = ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2))
    second = await service.create("sprint", GUILD, CHANNEL, BO, seats=2)
    assert second.problem is Problem.CHANNEL_BUSY
    assert f"game #{first.game_id}" in second.text and "Sprint" in second.text
    ok(await service.create("sprint", GUILD, CHANNEL + 1, BO, seats=2))  # a thread is its own channel


async def test_a_lobby_without_a_seat_count_starts_when_its_creator_says(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN))
    too_few = await service.start(CHANNEL, ANN)
    assert too_few.problem is Problem.WRONG_PHASE and "2–4 players" in too_few.text
    ok(await service.join(CHANNEL, BO))
    ok(await service.join(CHANNEL, CY))
    not_creator = await service.start(CHANNEL, BO)
    assert not_creator.problem is Problem.FORBIDDEN
    ok(await service.start(CHANNEL, ANN))
    assert len((await service.snapshot(CHANNEL)).names) == 3


async def test_a_manager_may_start_someone_elses_lobby(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN))
    ok(await service.join(CHANNEL, BO))
    ok(await service.start(CHANNEL, CY, is_manager=True))


async def test_joining_twice_or_joining_a_full_or_running_table_is_refused(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2))
    twice = await service.join(CHANNEL, ANN)
    assert twice.problem is Problem.BAD_REQUEST and "already seated" in twice.text
    ok(await service.join(CHANNEL, BO))  # fills and starts the table
    late = await service.join(CHANNEL, CY)
    assert late.problem is Problem.WRONG_PHASE and "started" in late.text


async def test_a_table_is_full_at_the_engines_maximum(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN))
    for user in (BO, CY, DEE):
        ok(await service.join(CHANNEL, user))
    full = await service.join(CHANNEL, User(105, "Eve"))
    assert full.problem is Problem.WRONG_PHASE and "full" in full.text


async def test_leaving_a_lobby(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3))
    ok(await service.join(CHANNEL, BO))
    stranger = await service.leave(CHANNEL, CY)
    assert stranger.problem is Problem.NOT_SEATED
    creator = await service.leave(CHANNEL, ANN)
    assert creator.problem is Problem.FORBIDDEN and "cancel" in creator.text
    ok(await service.leave(CHANNEL, BO))
    assert (await service.snapshot(CHANNEL)).names == ("Ann",)
    ok(await service.join(CHANNEL, BO))  # and may come back


async def test_cancelling_a_lobby_frees_the_channel(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3))
    ok(await service.join(CHANNEL, BO))
    refused = await service.cancel(CHANNEL, BO)
    assert refused.problem is Problem.FORBIDDEN
    ok(await service.cancel(CHANNEL, ANN))
    assert (await service.snapshot(CHANNEL)).game.status is Status.CANCELLED
    ok(await service.create("sprint", GUILD, CHANNEL, BO, seats=2))


async def test_bad_requests_get_clear_messages(service: TableService) -> None:
    unknown = await service.create("chess", GUILD, CHANNEL, ANN)
    assert unknown.problem is Problem.BAD_REQUEST and "'chess'" in unknown.text
    seats = await service.create("sprint", GUILD, CHANNEL, ANN, seats=7)
    assert seats.problem is Problem.BAD_REQUEST and "2–4 players, not 7" in seats.text
    options = await service.create("sprint", GUILD, CHANNEL, ANN, options={"target": 0})
    assert options.problem is Problem.BAD_REQUEST and "target must be at least 1" in options.text
    nothing = await service.join(CHANNEL, BO)  # none of those opened a table
    assert nothing.problem is Problem.NO_GAME and "no game in this channel" in nothing.text


async def test_open_tables_are_limited_per_member_and_per_channel(store: SqliteStore) -> None:
    service = TableService(store, engines_lookup=lookup, limits=Limits(lobbies_per_member=2, lobbies_per_channel=3))
    for thread in (20, 21):  # each table in a thread of channel 10
        ok(await service.create("sprint", GUILD, thread, ANN, seats=3, origin_id=CHANNEL))
    third = await service.create("sprint", GUILD, 22, ANN, seats=3, origin_id=CHANNEL)
    assert third.problem is Problem.FORBIDDEN and "2 open tables" in third.text
    ok(await service.create("sprint", GUILD + 1, 30, ANN, seats=3, origin_id=99))  # another server: its own count
    ok(await service.create("sprint", GUILD, 23, BO, seats=3, origin_id=CHANNEL))
    crowded = await service.create("sprint", GUILD, 24, CY, seats=3, origin_id=CHANNEL)
    assert crowded.problem is Problem.FORBIDDEN and "3 tables waiting" in crowded.text
    ok(await service.cancel(20, ANN))   # a table that ends frees its place
    ok(await service.create("sprint", GUILD, 25, ANN, seats=3, origin_id=CHANNEL))
