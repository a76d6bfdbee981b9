"""The log of a game: its moves, one line per turn, for reading (``/log``); every step, for keeping (export).

``/log`` lists what was done — the public texts of completed moves, grouped by turn (a turn: one
player's moves in a row), with the games' round and phase markers on lines of their own.  Steps that
said nothing (a choice inside a decision, a cancel) and moves taken back are not there.  Its turns are
numbered from the stored texts alone, and the numbers are the engines' ``turn_number`` — the ones the
images, posts and end chart show (``tests/bot/test_bot_turns.py`` plays complete games of every game
to check it).  The export replays the game and writes every step with its label and every text its
reader may see, numbered by turn and step ("12.3": the third step of turn 12).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot.language import _
from bot.store import ActionRow
from bot.table import wording
from bot.text import fill_seats
from engines.core import AnyEngine

#: Event kinds that open a new part of a game: written as markers between turns.
MARKERS = ("round", "phase")
_MARK = "— "


def marked(kind: str, text: str) -> str:
    """An event's public text as the log stores it: round and phase changes stand out as markers."""
    return f"{_MARK}{text} —" if kind in MARKERS and text else text


def is_marker(line: str) -> bool:
    """Whether a stored line is a round or phase marker: the table's news, not a player's move."""
    return line.startswith(_MARK)


@dataclass(frozen=True, slots=True)
class Turn:
    number: int
    seat: int
    moves: tuple[str, ...]        # what the player's completed moves said, in order (seat tokens unfilled)


Entry = Turn | str                # a turn, or a round/phase marker between turns


def entries(actions: Sequence[ActionRow], names: Sequence[str]) -> list[Entry]:
    """The log: completed moves grouped by turn (a player's moves in a row), markers between them where
    a round or phase changed (a marker with its names filled in; a turn's texts are filled as its line is
    written, :func:`entry_lines`)."""
    found: list[Entry] = []
    turn: Turn | None = None
    count = 0
    for action in actions:
        for line in action.public.splitlines():
            if not line.strip():
                continue
            if is_marker(line):
                found.append(fill_seats(line, names))
                turn = None  # what comes after a marker is a new turn, even by the same player
                continue
            if turn is None or turn.seat != action.seat:
                count += 1
                turn = Turn(count, action.seat, (line,))
                found.append(turn)
            else:
                turn = Turn(turn.number, turn.seat, (*turn.moves, line))
                found[-1] = turn
    return found


def entry_lines(entry: Entry, names: Sequence[str], brief: Sequence[str] | None = None) -> list[str]:
    """An entry as the log shows it: a marker, or "12. Ann: …" — the line names its player first, so its moves
    name them (and anyone named twice) by their ``brief`` names."""
    if isinstance(entry, str):
        return [entry]
    who = names[entry.seat] if entry.seat < len(names) else _("seat {number}", number=entry.seat + 1)
    said = fill_seats(" ".join(entry.moves), names, brief, named=(entry.seat,))
    return [wording.log_turn(entry.number, who, said)]


async def export(engine: AnyEngine, seats: int, seed: int, options: dict[str, object],
                 actions: Sequence[ActionRow], names: Sequence[str], reader: int | None,
                 brief: Sequence[str] | None = None) -> list[str]:
    """Every step of the game with its label and the texts ``reader`` (a seat, None: a spectator) may
    see, by replaying it (in a worker thread: it is CPU work)."""
    return await asyncio.to_thread(_export, engine, seats, seed, options, actions, names, reader, brief)


def _export(engine: AnyEngine, seats: int, seed: int, options: dict[str, object], actions: Sequence[ActionRow],
            names: Sequence[str], reader: int | None, brief: Sequence[str] | None = None) -> list[str]:
    state = engine.new_game(seats, seed, options)
    lines = []
    turn, step = 0, 0
    for action in actions:
        # A line per step, numbered by its turn (the number /log and the posts give it) and its place in that turn.
        now = engine.turn_number(state)
        turn, step = now, (step + 1 if now == turn else 1)
        parsed = engine.parse_action(state, action.seat, action.action_key)
        label = fill_seats(engine.format_action(state, action.seat, parsed), names)
        state, events = engine.apply(state, action.seat, parsed)
        said = " ".join(text.replace("\n", " ") for e in events if (text := engine.describe(e, reader)))
        who = names[action.seat] if action.seat < len(names) else _("seat {number}", number=action.seat + 1)
        # The line names its player first: its texts name them (and anyone named twice) briefly.
        lines.append(wording.export_line(turn, step, who, label, fill_seats(said, names, brief, named=(action.seat,))))
    return lines
