"""What a table learns by replaying its log: the end screen's score history, the view a turn's board marks
its changes from, and the events of turns this process did not see.  Replays run in a worker thread (CPU
work); the marks and short lines are courtesies, so a log that does not replay leaves them out.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.store import Store
from bot.table.table import Table, told
from engines.core import Action, AnyEngine, Event

log = logging.getLogger(__name__)


async def whole_log(store: Store, table: Table, engine: AnyEngine,
                    moves: Sequence[tuple[int, Action, Sequence[Event]]] = ()) -> tuple[tuple[int, str], ...]:
    """The game's log: the stored one and ``moves`` not yet stored, as (seat, action key)."""
    log = [(a.seat, a.action_key) for a in await store.live_actions(table.game.id)]
    return (*log, *((seat, engine.action_key(action)) for seat, action, _ in moves))


async def score_history(table: Table, engine: AnyEngine,
                        log: Sequence[tuple[int, str]]) -> tuple[tuple[int, ...], ...]:
    """Every seat's score (the engine's standing) after each turn — one row per turn, as numbered by
    ``engine.turn_number`` (the number the images, posts and ``/log`` show), the last row the final
    position — from the whole ``log``: the game replayed once, in a worker thread (CPU work, done when a
    game ends)."""
    game = table.game

    def replay() -> tuple[tuple[int, ...], ...]:
        state = engine.new_game(len(table.seats), game.seed, game.options)
        scores = []
        for seat, key in log:
            turn = engine.turn_number(state)
            state, _ = engine.apply(state, seat, engine.parse_action(state, seat, key))
            ended = engine.turn_number(state) - turn  # the turns this move ended (one at most, as a rule)
            if ended:
                scores += [tuple(engine.standing(state).scores)] * ended
        if log:  # the last turn, which no next turn follows
            scores.append(tuple(engine.standing(state).scores))
        return tuple(scores)

    return await asyncio.to_thread(replay)


async def view_since(store: Store, table: Table, engine: AnyEngine,
                     moves: Sequence[tuple[int, Action, Sequence[Event]]],
                     seats: Sequence[int]) -> Mapping[str, Any] | None:
    """The public view right after the first of ``seats`` last acted (the start, if it never did): kept from
    this process's own commits (``table.seen``), else from the stored log and ``moves`` not yet stored,
    replayed in a worker thread; None for a computer player (its turn's post is read by nobody it marks
    anything for)."""
    if not seats or table.seats[seats[0]].is_bot:
        return None
    seat, game = seats[0], table.game
    if seat in table.seen:
        return table.seen[seat]
    if table.seen_all:  # it has not acted yet: the game's start
        return engine.view(engine.new_game(len(table.seats), game.seed, game.options), None)
    actions = [(a.seat, a.action_key) for a in await store.live_actions(game.id)]
    actions += [(mover, engine.action_key(action)) for mover, action, _ in moves]
    last = max((i for i, (mover, _key) in enumerate(actions) if mover == seat), default=-1)

    def replay() -> Mapping[str, Any]:
        return engine.view(engine.replay(len(table.seats), game.seed, game.options, actions[:last + 1]), None)

    try:
        return await asyncio.to_thread(replay)
    except Exception:  # the marks are a courtesy: a log that does not replay is the loader's to report
        log.exception("game %s: no view to mark the turn's changes from", game.id)
        return None


async def with_events(store: Store, table: Table, engine: AnyEngine) -> Table:
    """``table`` knowing the events of every action its turn's message tells as done since its players last
    acted (``Table.since_turn``): those this process did not see (it loaded the table afresh: a restart, another
    process's move, the cache) are replayed from the stored log, in a worker thread.  Where the log does not
    replay, the table stays as it is: its message tells those turns in their logged texts."""
    wanted = {seq for seq, _seat, _text in table.since_turn(engine)} - table.events.keys()
    if not wanted:
        return table
    game = table.game
    stored = await store.live_actions(game.id)
    log_rows = [(a.seq, a.seat, a.action_key) for a in stored if a.seq <= max(wanted)]

    def replay() -> dict[int, tuple[Event, ...]]:
        state = engine.new_game(len(table.seats), game.seed, game.options)
        found = {}
        for seq, seat, key in log_rows:
            state, events = engine.apply(state, seat, engine.parse_action(state, seat, key))
            if seq in wanted:
                found[seq] = tuple(e for e in events if told(e))
        return found

    try:
        found = await asyncio.to_thread(replay)
    except Exception:  # the short lines are a courtesy: a log that does not replay is the loader's to report
        log.exception("game %s: no events to tell the turns since from", game.id)
        return table
    return dataclasses.replace(table, events={**table.events, **found})
