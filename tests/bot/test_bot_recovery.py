"""The state cache is only a cache: damaged rows are rebuilt, unreplayable games are marked broken,
and memory holds a bounded number of states."""

from __future__ import annotations

import json

from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Problem
from tests.bot.helpers import ANN, CHANNEL, GUILD, ok, play, started
from tests.bot.tinygame import ENGINE, CosmeticSprint, StricterSprint
from tests.sql import execute, literal


async def play_a_few(service: TableService, channel: int = CHANNEL) -> None:
    for text in ("step", "end", "step", "step"):
        ok(await play(service, text, channel))


async def state_row(store: SqliteStore, game_id: int) -> tuple[int, dict[str, object]]:
    row = await store.read_state(game_id)
    assert row is not None
    return row.seq, json.loads(row.state_json)


async def played_a_little(store: SqliteStore) -> tuple[int, tuple[int, dict[str, object]]]:
    """A game started and a few moves played in it: its id and its good state row."""
    service = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)
    game_id = await started(service)
    await play_a_few(service)
    return game_id, await state_row(store, game_id)


async def test_a_corrupt_state_row_is_rebuilt_from_the_log(store: SqliteStore) -> None:
    game_id, good = await played_a_little(store)
    await execute(store, f"UPDATE state SET state_json = '{{not json' WHERE game_id = {game_id}")
    fresh = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)  # as after a restart
    ok(await play(fresh, "end"))
    seq, state = await state_row(store, game_id)
    assert seq == good[0] + 1 and state["moves"] == 5
    assert (await fresh.snapshot(CHANNEL)).move_number == 5


async def test_a_missing_or_lagging_state_row_is_rebuilt(store: SqliteStore) -> None:
    game_id, good = await played_a_little(store)
    await execute(store, f"DELETE FROM state WHERE game_id = {game_id}")
    fresh = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)
    assert (await fresh.snapshot(CHANNEL)).move_number == 4
    assert await state_row(store, game_id) == good
    # A row from an earlier move (seq behind the log) is not trusted either.
    initial = ENGINE.new_game(2, 7, {"target": 15})
    await execute(store, f"UPDATE state SET seq = 0, state_json = {literal(json.dumps(ENGINE.dump(initial)))} "
                         f"WHERE game_id = {game_id}")
    again = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)
    assert (await again.snapshot(CHANNEL)).move_number == 4
    assert await state_row(store, game_id) == good


async def test_a_log_that_no_longer_replays_marks_only_its_game_broken(store: SqliteStore) -> None:
    old = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)
    stepped = await started(old, channel=1)
    ok(await play(old, "step", 1))                 # 'step' is gone in the new rules
    clean = await started(old, channel=2, seed=3)
    ok(await play(old, "end", 2))                  # still legal in the new rules
    new = TableService(store, engines_lookup={"sprint": StricterSprint()}.__getitem__)
    broken = await new.act(1, ANN, "end")  # whoever asks: the game is loaded (and checked) first
    assert broken.problem is Problem.BROKEN and f"Game #{stepped} cannot continue" in broken.text
    assert "rules version 2 (stored under version 1)" in broken.text
    game = await store.get_game(stepped)
    assert game is not None and game.status is Status.BROKEN and "no longer replay" in game.note
    assert [a.action_key for a in await store.live_actions(stepped)] == ["step"]  # nothing is lost
    ok(await play(new, "end", 2))                  # the other game carries on
    assert (await store.get_game(clean)).rules_version == 2  # type: ignore[union-attr]
    ok(await new.create("sprint", GUILD, 1, ANN))  # and the broken game's channel is free


async def test_the_startup_check_replays_games_stored_under_other_rules(store: SqliteStore) -> None:
    old = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__)
    await started(old, channel=1)
    ok(await play(old, "step", 1))
    await started(old, channel=2, seed=3)
    ok(await play(old, "end", 2))
    cosmetic = TableService(store, engines_lookup={"sprint": CosmeticSprint()}.__getitem__)
    assert await cosmetic.check_rules() == []
    assert {g.rules_version for g in await store.games_with_status(Status.RUNNING)} == {2}
    stricter = StricterSprint()
    stricter.rules_version = 3
    strict = TableService(store, engines_lookup={"sprint": stricter}.__getitem__)
    broken = await strict.check_rules()
    assert [g.channel_id for g in broken] == [1] and broken[0].status is Status.BROKEN
    assert [g.channel_id for g in await store.games_with_status(Status.RUNNING)] == [2]


async def test_memory_holds_at_most_the_cache_size_in_states(store: SqliteStore) -> None:
    service = TableService(store, engines_lookup={"sprint": ENGINE}.__getitem__, cache_size=4)
    for channel in range(1, 31):
        await started(service, channel=channel, seed=channel)
        ok(await play(service, "step", channel))
    assert len(service.tables._tables) == 4
    # Evicted games still play: their state comes back from the store.
    for channel in range(1, 31):
        ok(await play(service, "step", channel))
        assert (await service.snapshot(channel)).move_number == 2
    assert len(service.tables._tables) == 4
