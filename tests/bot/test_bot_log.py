"""The log: completed moves, a line per turn, with round and phase markers; the export has every step."""

from __future__ import annotations

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, USERS, ok, player_to_act, started


async def started_real(service: TableService, engine: str, seed: int) -> None:
    ok(await service.create(engine, GUILD, CHANNEL, ANN, seats=2, seed=seed))
    ok(await service.join(CHANNEL, BO))


async def to_act(service: TableService) -> User:
    snap = await service.snapshot(CHANNEL)
    return USERS[snap.user_ids[snap.to_act[0]]]


async def test_cancels_undos_and_steps_that_say_nothing_are_not_in_the_log(store: SqliteStore) -> None:
    service = TableService(store)
    await started_real(service, "burgenland", seed=5)
    first = await to_act(service)
    keys = [c.key for c in ok(await service.moves(CHANNEL, first)).choices]
    build = next(k for k in keys if k.startswith("build "))
    ok(await service.act(CHANNEL, first, build))      # a step: nothing said yet
    ok(await service.act(CHANNEL, first, "cancel"))   # taken back by the player
    ok(await service.act(CHANNEL, first, "take"))     # a completed move: in the log
    if "end" in [c.key for c in ok(await service.moves(CHANNEL, first)).choices]:
        ok(await service.act(CHANNEL, first, "end"))
    log = ok(await service.history(CHANNEL)).text.splitlines()
    assert log[1:] == [f"1. {first.name}: {first.name} takes 2 cards."]
    assert not any("moved." in line or "ancel" in line for line in log)
    exported = ok(await service.export_history(CHANNEL, first)).text
    assert "Cancel" in exported and "takes 2 cards:" in exported  # every step; the reader's own cards too
    assert exported.count("takes 2 cards:") == 1  # only the reader's own draw shows the cards


async def test_a_move_taken_back_is_not_in_the_log(service: TableService) -> None:
    await started(service)
    actor = await player_to_act(service)
    ok(await service.act(CHANNEL, actor, "step"))
    ok(await service.act(CHANNEL, actor, "step"))
    ok(await service.undo(CHANNEL, actor))
    ok(await service.act(CHANNEL, actor, "end"))
    log = ok(await service.history(CHANNEL)).text.splitlines()
    name = actor.name
    assert log[1:] == [f"1. {name}: {name} steps to 1. {name} ends the turn; {other(actor).name} is next."]


def other(user: User) -> User:
    return BO if user == ANN else ANN


async def test_rounds_and_phases_are_markers_between_turns(store: SqliteStore) -> None:
    service = TableService(store)
    await started_real(service, "burgundy", seed=3)
    for _ in range(400):
        snap = await service.snapshot(CHANNEL)
        if not snap.to_act:
            break
        user = USERS[snap.user_ids[snap.to_act[0]]]
        keys = [c.key for c in ok(await service.moves(CHANNEL, user)).choices]
        key = next((k for k in keys if k.endswith("workers")), next((k for k in keys if k != "cancel"), keys[0]))
        ok(await service.act(CHANNEL, user, key))
        log = ok(await service.history(CHANNEL, page=1, per_page=200)).text.splitlines()
        if sum(line.startswith("— ") for line in log) >= 2:
            break
    markers = [i for i, line in enumerate(log) if line.startswith("— ")]
    assert len(markers) >= 2 and all(log[i].endswith(" —") for i in markers)
    numbers = [int(line.split(".")[0]) for line in log[1:] if not line.startswith("— ")]
    assert numbers == list(range(1, len(numbers) + 1))  # turns numbered in order, markers between them
