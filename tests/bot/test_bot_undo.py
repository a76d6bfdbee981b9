"""Undo: own moves only, back to the engine's barrier, while nobody else has acted; the log keeps them."""

from __future__ import annotations

import json

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Problem
from tests.bot.helpers import CHANNEL, DEE, ok, play, player_to_act, started
from tests.bot.tinygame import ENGINE
from tests.sql import rows


async def cached_state_equals_replay(store: SqliteStore, game_id: int) -> bool:
    game = await store.get_game(game_id)
    row = await store.read_state(game_id)
    assert game is not None and row is not None
    log = [(a.seat, a.action_key) for a in await store.live_actions(game_id)]
    replayed = ENGINE.replay(len(await store.seats(game_id)), game.seed, game.options, log)
    return ENGINE.load(json.loads(row.state_json)) == replayed


async def test_undo_takes_back_own_moves_and_keeps_the_rows(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service, players=3)
    actor = await player_to_act(service)
    ok(await play(service, "step"))
    ok(await play(service, "step"))
    reply = ok(await service.undo(CHANNEL, actor))
    assert reply.move_number == 1
    assert reply.post is not None and f"{actor.name} took back a move ({actor.name} steps to 2.)" in reply.post.text
    assert (await service.snapshot(CHANNEL)).move_number == 1
    assert await cached_state_equals_replay(store, game_id)
    ok(await service.undo(CHANNEL, actor))
    nothing = await service.undo(CHANNEL, actor)
    assert nothing.problem is Problem.CANNOT_UNDO and "nothing to undo" in nothing.text
    # The log is append-only: both rows are still there, marked undone, and the sequence keeps growing.
    assert await rows(store, f"SELECT seq, undone FROM actions WHERE game_id = {game_id} ORDER BY seq") == [
        (1, True), (2, True)]  # SQLite's 1 == True
    ok(await play(service, "step"))
    stats = await store.log_stats(game_id)
    assert (stats.live, stats.last_live_seq, stats.max_seq) == (1, 3, 3)
    assert await cached_state_equals_replay(store, game_id)


async def test_undo_stops_at_the_engines_barrier(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service, players=2)
    actor = await player_to_act(service)
    state = ENGINE.load(json.loads((await store.read_state(game_id)).state_json))  # type: ignore[union-attr]
    seat = (await service.snapshot(CHANNEL)).to_act[0]
    ok(await play(service, "step"))
    ok(await play(service, f"play {state.hands[seat][0]}"))  # draws a card: fixed forever
    refused = await service.undo(CHANNEL, actor)
    assert refused.problem is Problem.CANNOT_UNDO and "cannot be taken back" in refused.text
    assert (await service.snapshot(CHANNEL)).move_number == 2


async def test_a_turn_handed_on_cannot_be_undone(service: TableService) -> None:
    await started(service, players=2)
    actor = await player_to_act(service)
    ok(await play(service, "end"))
    refused = await service.undo(CHANNEL, actor)
    assert refused.problem is Problem.CANNOT_UNDO and "cannot be taken back" in refused.text


async def test_only_the_player_who_moved_may_undo(service: TableService) -> None:
    await started(service, players=3)
    first = await player_to_act(service)
    ok(await play(service, "end"))
    second = await player_to_act(service)
    ok(await play(service, "step"))
    stranger = await service.undo(CHANNEL, DEE)
    assert stranger.problem is Problem.NOT_SEATED
    other = await service.undo(CHANNEL, first)
    assert other.problem is Problem.CANNOT_UNDO and f"{second.name} has moved since" in other.text
    ok(await service.undo(CHANNEL, second))


async def test_everyone_is_told_and_unchanged_hands_are_not_resent(service: TableService) -> None:
    await started(service, players=2)
    actor = await player_to_act(service)
    ok(await play(service, "step"))
    reply = ok(await service.undo(CHANNEL, actor))
    assert reply.post is not None and reply.post.view is not None and "took back" in reply.post.text
    assert reply.private == ()  # a step changes no hand, so nobody needs a new one
