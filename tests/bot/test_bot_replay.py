"""Replays (``/replay``) in the table service: what a turn is (the engines' turn, as ``/log`` groups it), how a
number out of range is brought within the game, which games may be replayed from where, and that a step shows
the public view and public texts only — in the reader's language, replayed once per look, off the event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import pytest

import engines
from bot.rendering import DrawnCache, FunctionRenderer, Picture
from bot.store import ActionRow, Store
from bot.table import TableService, history
from bot.table.replays import Replays, board_history, clamp, moves_to, replay_step, turn_ends, turn_lines
from bot.table.results import ReplayStep
from bot.table.table import public_text
from bot.workers import WorkerPool
from engines import rng
from engines.core import Action, AnyEngine, Event
from engines.i18n import ENGLISH, speaking
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, ok, play, player_to_act, started
from tests.bot.tinygame import SprintEngine
from tests.golden.record import POLICIES

# ---------------------------------------------------------------------- a turn, and where a look lands


def test_a_turn_ends_where_the_next_one_begins() -> None:
    # The turn in progress before each action: turn 1 took two actions, turn 2 three, turn 3 is under way.
    turns = [1, 1, 2, 2, 2, 3]
    assert turn_ends(turns, now=3, over=False) == (2, 5)         # a running game: the turn in progress is not shown
    assert turn_ends(turns, now=3, over=True) == (2, 5, 6)       # a game that is over: its last turn too
    assert turn_ends([1, 2], now=3, over=False) == (1, 2)        # the turn just handed on: both are over
    assert turn_ends([1, 1, 3, 3], now=4, over=False) == (2, 2, 4)  # an action that ended two turns
    assert turn_ends([], now=1, over=False) == () == turn_ends([], now=1, over=True)
    assert turn_ends([1, 1], now=1, over=False) == ()            # nothing over yet
    assert turn_ends([1, 1], now=1, over=True) == (2,)           # a game ended in its first turn (a resignation)


def test_a_look_is_brought_within_the_game() -> None:
    assert clamp(None, 12) == 1                                  # the first turn when none is asked for
    assert [clamp(t, 12) for t in (1, 7, 12)] == [1, 7, 12]
    assert [clamp(t, 12) for t in (0, -5)] == [1, 1]             # before the first: the first
    assert [clamp(t, 12) for t in (13, 999_999_999)] == [12, 12]  # past the last: the last
    assert clamp(3, 0) == clamp(None, 0) == 0                    # nothing to show
    assert moves_to(1, 12) == {"first": 1, "previous": 1, "next": 2, "last": 12}
    assert moves_to(12, 12) == {"first": 1, "previous": 11, "next": 12, "last": 12}
    assert moves_to(5, 12) == {"first": 1, "previous": 4, "next": 6, "last": 12}
    assert moves_to(1, 1) == {"first": 1, "previous": 1, "next": 1, "last": 1}


Steps = list[tuple[int, Action, tuple[Event, ...]]]


def playthrough(game: str, seats: int = 2, seed: int = 3) -> tuple[AnyEngine, Steps]:
    """A whole seeded game (the golden playthroughs' purposeful policy)."""
    engine = engines.get(game)
    state = engine.new_game(seats, seed, {})
    r, policy = rng.seed_state(seed), POLICIES[game]()
    steps: Steps = []
    while acting := engine.to_act(state):
        r, action = policy(engine, state, acting[0], engine.legal_actions(state, acting[0]), r)
        state, events = engine.apply(state, acting[0], action)
        steps.append((acting[0], action, events))
    return engine, steps


@pytest.mark.parametrize("game", engines.names())
def test_a_replay_turn_is_the_log_turn_and_its_board_the_public_view_after_it(game: str) -> None:
    """A whole game of each engine: the replay has as many turns as the engine counted; turn N tells exactly what
    ``/log``'s line N tells, and shows the public view right after the last action of turn N."""
    engine, steps = playthrough(game)
    log = [(seat, engine.action_key(action)) for seat, action, _events in steps]
    names = ["P1", "P2"]
    stored = [ActionRow(i, seat, key, public_text(engine, events), 0.0)
              for i, ((seat, key), (_s, _a, events)) in enumerate(zip(log, steps, strict=True), start=1)]
    logged = {e.number: e for e in history.entries(stored, names) if isinstance(e, history.Turn)}
    # The public view after each turn, told apart by the engine's own turn count.
    state, after = engine.new_game(2, 3, {}), {}
    for seat, action, _events in steps:
        turn = engine.turn_number(state)
        state, _ = engine.apply(state, seat, action)
        after[turn] = engine.view(state, None)
    count = engine.turn_number(state)
    assert sorted(after) == list(range(1, count + 1))
    looks: list[int | None] = [None, *sorted({1, 2, count // 2, count - 1, count})]
    for look in looks:
        step = replay_step(engine, 2, 3, {}, log, True, look, ENGLISH)
        shown = look or 1
        assert (step.turn, step.count) == (shown, count)
        assert step.view == after[shown]
        said = [line for line in turn_lines(step, names, names) if not history.is_marker(line)]
        assert said == history.entry_lines(logged[shown], names, names)
    # Out of range: the ends.
    assert replay_step(engine, 2, 3, {}, log, True, 10**6, ENGLISH).turn == count
    assert replay_step(engine, 2, 3, {}, log, True, 0, ENGLISH).turn == 1
    # The board history an animation draws: the start, then the board of each turn, as the replay shows them.
    boards = board_history(engine, 2, 3, {}, log)
    assert boards == [engine.view(engine.new_game(2, 3, {}), None), *(after[turn] for turn in range(1, count + 1))]


# ---------------------------------------------------------------------- the service


def view_after(engine: AnyEngine, log: Sequence[ActionRow], upto: int) -> Any:
    """The public view after the first ``upto`` actions of a Sprint game (seed 7, target 15)."""
    state = engine.replay(2, 7, {"target": 15}, [(a.seat, a.action_key) for a in log[:upto]])
    return engine.view(state, None)


async def test_a_running_game_shows_its_turns_that_are_over_and_nothing_secret(service: TableService,
                                                                               store: Store) -> None:
    game = await started(service)
    refused = await service.replay(CHANNEL)
    assert refused.problem is not None and refused.text == (f"No turn of game #{game} is over yet: there is nothing "
                                                            "to replay so far.")
    first = await player_to_act(service)
    ok(await play(service, "step"))
    ok(await play(service, next(k for k in await keys(service) if k.startswith("play"))))  # turn 1: ends with a draw
    second = await player_to_act(service)
    ok(await play(service, "end"))                                       # turn 2
    ok(await play(service, "step"))                                      # turn 3 under way: not shown
    reply = ok(await service.replay(CHANNEL, turn=99, guild_id=GUILD))
    assert reply.replay == ReplayStep(2, 2)
    lines = reply.text.splitlines()
    assert lines[0] == f"**Replay of game #{game} (Sprint, running) — after turn 2 of 2**"
    assert lines[1] == f"2. {second.name}: {second.name} ends the turn; {first.name} is next."
    assert lines[-1] == "The game goes on: the turn in progress is not shown until it is over."
    log = await store.live_actions(game)
    engine = SprintEngine()
    assert reply.post is not None and reply.post.picture is not None
    picture = reply.post.picture
    assert picture.kind == "board" and picture.view == view_after(engine, log, 3) and "hand" not in picture.view
    assert picture.since == view_after(engine, log, 2) and picture.last_turn  # what the turn changed is marked
    assert Picture.from_json(picture.to_json()) == picture
    assert picture.names == (await service.snapshot(CHANNEL)).names
    assert "after turn 2 of 2" in picture.alt
    turn_one = ok(await service.replay(CHANNEL, turn=1, guild_id=GUILD))
    assert "draws a card" in turn_one.text or "ends the turn" in turn_one.text
    assert "You draw" not in turn_one.text and "You draw" not in (turn_one.post.picture.alt if turn_one.post and
                                                                  turn_one.post.picture else "")
    assert turn_one.post is not None and turn_one.post.picture is not None
    assert turn_one.post.picture.view == view_after(engine, log, 2)


async def keys(service: TableService) -> list[str]:
    return [c.key for c in ok(await service.moves(CHANNEL, await player_to_act(service))).choices]


async def test_which_games_may_be_replayed_and_from_where(service: TableService) -> None:
    game = await started(service)
    ok(await play(service, "end"))
    assert ok(await service.replay(None, game_id=game, guild_id=GUILD)).replay == ReplayStep(1, 1)
    assert ok(await service.replay(CHANNEL + 1, game_id=game, guild_id=GUILD)).ok  # from anywhere in its server
    for asked in (game, 999):  # another server's game reads as no game at all
        refused = await service.replay(CHANNEL, game_id=asked, guild_id=GUILD + 1)
        assert refused.problem is not None and refused.text == f"There is no game #{asked} on this server."
    assert (await service.replay(CHANNEL, game_id=999)).text == "There is no game #999."
    lobby = ok(await service.create("sprint", GUILD, CHANNEL + 5, CY, seats=3)).game_id
    assert (await service.replay(CHANNEL + 5)).text == (f"Game #{lobby} has not started yet: there is nothing to "
                                                        "replay.")
    ok(await service.cancel(CHANNEL + 5, CY, game_id=lobby))
    never = await service.replay(None, game_id=lobby)
    assert never.text == f"Game #{lobby} never started: there is nothing to replay."
    assert (await service.replay(CHANNEL + 6)).text.startswith("There is no game in this channel.")


async def test_a_look_in_another_language_and_a_look_again(store: Store) -> None:
    service = TableService(store)
    ok(await service.create("burgenland", GUILD, CHANNEL, ANN, seats=2, seed=5))
    ok(await service.join(CHANNEL, BO))
    for _ in range(6):
        ok(await play(service, "take" if "take" in await keys(service) else "end"))
    english = ok(await service.replay(CHANNEL, turn=2))
    assert service.replays.replayed == 1
    assert ok(await service.replay(CHANNEL, turn=2)).text == english.text and service.replays.replayed == 1
    ok(await service.replay(CHANNEL, turn=-4))  # the first turn: replayed once more, then kept
    ok(await service.replay(CHANNEL, turn=1))
    assert service.replays.replayed == 2
    with speaking("de"):
        german = ok(await service.replay(CHANNEL, turn=2))
    assert service.replays.replayed == 3
    assert "nach Zug 2 von" in german.text and "nimmt 2 Karten" in german.text and "takes" not in german.text
    assert german.post is not None and german.post.picture is not None and german.post.picture.language == "de"
    assert "takes 2 cards." in english.text and "takes 2 cards:" not in english.text  # never the cards drawn
    ok(await play(service, "take" if "take" in await keys(service) else "end"))  # a new move: looked at anew
    assert ok(await service.replay(CHANNEL, turn=2)).text == english.text and service.replays.replayed == 4


async def test_the_log_is_replayed_in_the_pool_when_there_is_one(store: Store) -> None:
    service = TableService(store)
    ok(await service.create("burgen-land", GUILD, CHANNEL, ANN, seats=2, seed=5))
    ok(await service.join(CHANNEL, BO))
    for _ in range(8):
        player = await player_to_act(service)
        choices = ok(await service.moves(CHANNEL, player)).choices
        ok(await service.act(CHANNEL, player, choices[0].key))
    pool = WorkerPool(1)
    ran: list[Any] = []
    real = pool.run

    async def spy(fn: Any, *args: Any) -> Any:
        ran.append((fn, args[0]))
        return await real(fn, *args)

    pool.run = spy  # type: ignore[method-assign]
    try:
        pooled = Replays(service.tables, pool)
        here = ok(await service.replay(CHANNEL, turn=1))
        there = await pooled.replay(CHANNEL, turn=1)
        assert there.text == here.text and there.post is not None and here.post is not None
        assert there.post.picture == here.post.picture
        assert ran == [(replay_step, "burgen-land")]  # the engine by its name: the worker finds it in the registry
    finally:
        pool.close()


# ---------------------------------------------------------------------- drawing once


async def test_a_picture_is_drawn_once_even_when_asked_for_twice_at_once() -> None:
    drawn: list[int] = []
    gate = threading.Event()

    def board(engine: str, view: Any, names: Any) -> bytes:
        gate.wait(5)
        drawn.append(view["n"])
        return b"png%d" % view["n"]

    renderer = FunctionRenderer(board, None)
    cache = DrawnCache(capacity=2)
    picture = Picture("x", "board", {"n": 1}, ("A",))
    both = asyncio.gather(cache.draw(renderer, "one", picture), cache.draw(renderer, "one", picture))
    await asyncio.sleep(0.05)
    gate.set()
    assert list(await both) == [b"png1", b"png1"] and drawn == [1] and cache.draws == 1
    assert await cache.draw(renderer, "one", picture) == b"png1" and drawn == [1]
    await cache.draw(renderer, "two", Picture("x", "board", {"n": 2}, ("A",)))
    await cache.draw(renderer, "three", Picture("x", "board", {"n": 3}, ("A",)))
    await cache.draw(renderer, "one", picture)  # pushed out by two others: drawn again
    assert drawn == [1, 2, 3, 1]


async def test_a_failed_drawing_is_not_kept() -> None:
    calls = []

    def board(engine: str, view: Any, names: Any) -> bytes:
        calls.append(1)
        raise RuntimeError("no ink")

    cache = DrawnCache()
    picture = Picture("x", "board", {}, ())
    assert await cache.draw(FunctionRenderer(board, None), "k", picture) is None
    assert await cache.draw(FunctionRenderer(board, None), "k", picture) is None
    assert len(calls) == 2

