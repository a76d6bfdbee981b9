"""Replays (``/replay``): a game stepped through turn by turn, for anyone in its server to browse privately.

What a step shows is public only, whoever asks — even a player of the game: the board right after the turn (the
public view, ``engine.view(state, None)``, with what the turn changed marked at its corners), what the turn did (its
moves' public event texts, as the thread told them, in the reader's language) and the scores after it.  Never a
hand, a deck or anything else secret.

**A turn** is the engines' turn (``engine.turn_number``), the one number players read everywhere — the posts (one
per turn), the images' headers, ``/log`` (a line per turn), the status and the end chart: one player's whole turn,
every move of it.  Turn N is the actions applied while the turn in progress was N (:func:`turn_ends`); its board is
the public view right after the last of them.  A game that is over shows every turn that has a move; a running game
the turns that are over (the one in progress may still be taken back, and its post tells it already).

The log is replayed off the event loop — in the drawing pool's worker processes in the bot, else in a worker thread
— and each step is kept (by game, version, language and turn), so browsing back and forth replays nothing twice;
the adapter keeps each board it draws (:class:`bot.rendering.DrawnCache`).  In games with player boards (The Castles
of Burgundy) the board draws the estate of whoever acts next, so a step also shows the own board of whoever played
the turn (``Reply.replay.player``).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import engines
from bot.cache import LRU
from bot.rendering import Picture, PictureKind
from bot.store import ActionRow, GameRow, SeatRow, Status
from bot.table import announce, history, wording, wording_replay
from bot.table.errors import TableError, replies
from bot.table.results import ChannelPost, Problem, ReplayStep, Reply
from bot.table.table import public_text, title_of
from bot.table.tables import Tables
from bot.table.wording_bots import brief_names
from bot.text import plain_name
from bot.turns import board_history, turn_ends  # board_history: where /replay's readers found it
from bot.workers import WorkerPool
from engines.core import AnyEngine, Event
from engines.i18n import current, speaking

#: Replayed steps kept (each a public view and a few lines).
STEPS_KEPT = 256


def clamp(turn: int | None, count: int) -> int:
    """The turn to show of ``count``: ``turn`` brought within 1 … ``count`` (a forged or stale number too), the first
    when none is asked for; 0 when there is none."""
    if count < 1:
        return 0
    return 1 if turn is None else min(max(turn, 1), count)


def moves_to(turn: int, count: int) -> dict[str, int]:
    """Where each replay button goes from ``turn`` of ``count``: the first, the previous, the next and the last turn
    (a button at an end goes nowhere new: it is shown disabled)."""
    return {"first": 1, "previous": max(1, turn - 1), "next": min(count, turn + 1), "last": count}


@dataclass(frozen=True, slots=True)
class Step:
    """One turn of a replay, as the worker replayed it (public only)."""

    turn: int                               # 1 … count; 0 when there is no turn to show
    count: int                              # the turns there are to see
    view: Mapping[str, Any]                 # the public view right after the turn
    said: tuple[tuple[int, str], ...]       # (seat, public texts) per action of the turn, in the reader's language
    scores: tuple[int, ...]                 # the standing after the turn
    seat: int | None = None                 # whose turn it was (the seat of its first action)
    before: Mapping[str, Any] | None = None  # the public view right before the turn (its board marks the changes)


def replay_step(engine: AnyEngine | str, seats: int, seed: int, options: Mapping[str, Any],
                log: Sequence[tuple[int, str]], over: bool, turn: int | None, language: str) -> Step:
    """Replay the log and tell turn ``turn`` (clamped; the first when None) of it: what a worker runs.  The engine is
    named in a worker process (it finds it in the registry), given in a thread."""
    engine = engines.get(engine) if isinstance(engine, str) else engine
    state = engine.new_game(seats, seed, options)
    states: list[Any] = [state]             # the state after each action (the start first)
    events: list[tuple[Event, ...]] = []
    turns: list[int] = []
    for seat, key in log:
        turns.append(engine.turn_number(state))
        state, said = engine.apply(state, seat, engine.parse_action(state, seat, key))
        states.append(state)
        events.append(said)
    ends = turn_ends(turns, engine.turn_number(state), over)
    shown = clamp(turn, len(ends))
    if not shown:
        return Step(0, 0, {}, (), ())
    start, end = (ends[shown - 2] if shown > 1 else 0), ends[shown - 1]
    after = states[end]
    with speaking(language):
        said_now = tuple((log[i][0], text) for i in range(start, end) if (text := public_text(engine, events[i])))
    player = log[start][0] if start < end else None
    return Step(shown, len(ends), engine.view(after, None), said_now, tuple(engine.standing(after).scores), player,
                engine.view(states[start], None))


def turn_lines(step: Step, names: Sequence[str], briefs: Sequence[str]) -> list[str]:
    """The turn's moves as ``/log`` writes them ("12. Ann: …", round and phase markers on lines of their own)."""
    rows = [ActionRow(i, seat, "", text, 0.0) for i, (seat, text) in enumerate(step.said)]
    lines = []
    for entry in history.entries(rows, names):
        if isinstance(entry, history.Turn):
            entry = replace(entry, number=step.turn)
        lines += history.entry_lines(entry, names, briefs)
    return lines


class Replays:
    """``replay``: one step of a game's replay, as a private post (its text, and its board to draw)."""

    def __init__(self, tables: Tables, pool: WorkerPool | None = None) -> None:
        self.tables = tables
        self.store = tables.store
        #: Where logs are replayed: the drawing pool's worker processes (the bot), else a worker thread.
        self.pool = pool
        self._steps: LRU[tuple[int, int, str, int], Step] = LRU(STEPS_KEPT)
        self._counts: LRU[tuple[int, int], int] = LRU(STEPS_KEPT)
        #: How many times a log was replayed (tests: a step seen again is not).
        self.replayed = 0

    @replies
    async def replay(self, channel_id: int | None, *, game_id: int | None = None, turn: int | None = None,
                     guild_id: int | None = None) -> Reply:
        """Turn ``turn`` of a game (the first when None; a number out of range is brought within it): ``game_id``,
        else the channel's game (its running one, else its latest).  ``guild_id``: the server asked from — a game
        of another one is not shown (None: no check, for the console and tests)."""
        row = await self._game(channel_id, game_id, guild_id)
        engine = self.tables.engine(row.engine)
        seats = await self.store.seats(row.id)
        step = await self._step(row, engine, seats, turn, current())
        if not step.count:
            raise TableError(Problem.WRONG_PHASE, wording_replay.no_turn_yet(row.id), row.id)
        names, briefs = tuple(s.name for s in seats), brief_names(seats)
        moves = turn_lines(step, names, briefs)
        scores = wording.scores(announce.score_unit(engine), list(zip(names, step.scores, strict=True)))
        lines = [wording_replay.heading(self.tables.label(row), step.turn, step.count),
                 *(moves or [wording_replay.nothing_said()]), scores]
        if row.status is Status.RUNNING:
            lines.append(wording_replay.still_running())
        alt = " ".join([wording_replay.alt(title_of(engine), row.id, step.turn, step.count), scores + ".",
                        wording_replay.alt_moves(moves) if moves else ""])
        picture = Picture(engine.name, PictureKind.BOARD, step.view, announce.drawn_names(seats),
                          alt=re.sub(r"\s+", " ", plain_name(alt)).strip(), since=step.before, last_turn=True)
        player = None
        if announce.has_boards(engine) and step.seat is not None and step.seat < len(seats):
            # The board shows the estate of whoever acts next: the turn's player's own board beside it shows what the
            # turn did to it.
            head = wording_replay.alt_player(title_of(engine), row.id, plain_name(seats[step.seat].name), step.turn)
            player = Picture(engine.name, PictureKind.PLAYER, step.view, picture.names, step.seat,
                                      alt=re.sub(r"\s+", " ", plain_name(" ".join([head, scores + "."]))).strip())
        post = ChannelPost("\n".join(lines), picture=picture, game_id=row.id, channel_id=row.channel_id)
        return Reply(post.text, game_id=row.id, engine=engine.name, post=post, channel_id=row.channel_id,
                     replay=ReplayStep(step.turn, step.count, player))

    async def _game(self, channel_id: int | None, game_id: int | None, guild_id: int | None) -> GameRow:
        """The game asked for, if it may be replayed from there."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or (guild_id is not None and row.guild_id != guild_id):
                # Another server's game reads as no game at all: its number says nothing about it.
                text = wording_replay.not_on_this_server(game_id) if guild_id is not None else wording.no_game(
                    game_id, here=False)
                raise TableError(Problem.NO_GAME, text)
        else:
            row = await self.tables.find(channel_id, None, active_only=False)
        if row.status is Status.LOBBY:
            raise TableError(Problem.WRONG_PHASE, wording_replay.not_started(row.id), row.id)
        if row.status is Status.CANCELLED:
            raise TableError(Problem.WRONG_PHASE, wording_replay.never_started(row.id), row.id)
        if row.status is Status.BROKEN:
            raise TableError(Problem.BROKEN, wording_replay.cannot_replay(row.id, row.note), row.id)
        return row

    async def _step(self, row: GameRow, engine: AnyEngine, seats: Sequence[SeatRow], turn: int | None,
                    language: str) -> Step:
        """The step, kept from an earlier look at the same version of the game, else replayed off the event loop."""
        count = self._counts.get((row.id, row.version))
        if count is not None:
            kept = self._steps.get((row.id, row.version, language, clamp(turn, count)))
            if kept is not None:
                return kept
        log = [(a.seat, a.action_key) for a in await self.store.live_actions(row.id)]
        over = row.status is not Status.RUNNING
        try:
            if self.pool is not None:  # a worker process finds the engine by its name
                step = await self.pool.run(replay_step, engine.name, len(seats), row.seed, row.options, log, over,
                                           turn, language)
            else:
                step = await asyncio.to_thread(replay_step, engine, len(seats), row.seed, row.options, log, over,
                                               turn, language)
        except Exception as err:  # a log that no longer replays: the loader marks a running game broken
            note = wording.no_replay(title_of(engine), engine.rules_version, row.rules_version, str(err))
            raise TableError(Problem.BROKEN, wording_replay.cannot_replay(row.id, note), row.id) from err
        self.replayed += 1
        self._counts.put((row.id, row.version), step.count)
        if step.count:
            self._steps.put((row.id, row.version, language, step.turn), step)
        return step


__all__ = ["Replays", "Step", "board_history", "clamp", "moves_to", "replay_step", "turn_ends", "turn_lines"]
