"""One game as the service sees it (:class:`Table`), and what is told of its moves.

A ``Table`` is a value: the stored row, its seats, its state and what was computed of that state once
(views, legal actions).  :mod:`bot.table.tables` finds, loads and commits them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import GameRow, LogStats, NewMove, Pace, Policy, SeatRow
from bot.store.rating_rows import RatingRow, RatingUpdate
from bot.table import wording_lobby
from bot.table.history import marked
from bot.table.wording_bots import brief_names
from engines.core import Action, AnyEngine, Event, Outcome
from engines.i18n import ENGLISH


@dataclass(frozen=True, slots=True)
class Table:
    """One game as the service sees it: the stored row, its seats and (once started) its state."""

    game: GameRow
    seats: tuple[SeatRow, ...]        # by seat once started, by join order in the lobby
    state: Any
    stats: LogStats
    pace: Pace = Pace.NONE
    policy: Policy = Policy.SKIP
    #: (seq, seat, public text) of the last live actions, oldest first: what a turn's message tells.
    tail: tuple[tuple[int, int, str], ...] = ()
    #: The action after which the current turn's message was posted (the hand-over); 0 at the start.
    turn_from: int = 0
    #: Once the game is over: every seat's score after each turn (the end screen's chart: x is the turn).
    history: tuple[tuple[int, ...], ...] = dataclasses.field(default=(), compare=False, repr=False)
    #: Once the game is over by its rules: its whole log, (seat, action key) — its animation replays it.
    log: tuple[tuple[int, str], ...] = dataclasses.field(default=(), compare=False, repr=False)
    # Views of ``state`` already computed (key None = public): a move compares the views before
    # and after, and the "before" ones were the previous move's "after" ones.
    views: dict[int | None, Mapping[str, Any]] = dataclasses.field(default_factory=dict, compare=False,
                                                                   repr=False)
    #: Each seat's legal actions in ``state``, computed once (the move's next choices and its hand's alt text).
    legal: dict[int, tuple[Action, ...]] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: Each player's language for what is written to them alone (DMs), where known
    #: (:meth:`bot.table.tables.Tables.with_readers`); the others read the table's.
    readers: Mapping[int, str] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: The public view when the player the turn's post pings last acted: its board marks what was placed
    #: after it.  Made at the hand-over (a replay of the log); None when not known (a computer's turn, or the
    #: table was loaded afresh: the marks are a courtesy, the board is whole without them).
    since: Mapping[str, Any] | None = dataclasses.field(default=None, compare=False, repr=False)
    #: Per seat, the public view right after its last action, for the actions this process committed since it
    #: loaded the table (the others' are replayed from the log when needed): a hand-over's ``since`` costs no
    #: store read.
    seen: Mapping[int, Mapping[str, Any]] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: Whether ``seen`` has every seat that ever acted (this process saw the game from its first action): a
    #: seat missing from it has not acted yet.
    seen_all: bool = dataclasses.field(default=False, compare=False, repr=False)
    #: The public events of actions in ``tail``, by seq, where known: those this process committed since it loaded
    #: the table, and those it replayed (:func:`bot.table.hindsight.with_events`).  The log keeps each action's
    #: texts, not its events; the short lines of "since your last turn" are told from the events (``engine.summary``).
    events: Mapping[int, tuple[Event, ...]] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: Once the game is over: what it did to the ratings (its end screen shows them), committed with the end.
    rating: RatingUpdate | None = dataclasses.field(default=None, compare=False, repr=False)
    #: In the lobby: each seated player's rating in this game on this server (None: unrated), when read.
    seat_ratings: tuple[RatingRow | None, ...] = dataclasses.field(default=(), compare=False, repr=False)

    @property
    def language(self) -> str:
        """The table's language: its channel posts and board images (chosen when it was opened)."""
        return str(self.game.settings.get("language") or ENGLISH)

    def reader_language(self, user_id: int) -> str:
        """The language of a DM to this player: theirs where known, else the table's."""
        return self.readers.get(user_id) or self.language

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def briefs(self) -> tuple[str, ...]:
        """The names a line uses once it has said them (:func:`bot.text.fill_seats`)."""
        return brief_names(self.seats)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    @property
    def timing(self) -> str:
        return wording_lobby.timing(self.pace, self.policy)

    def view(self, engine: AnyEngine, seat: int | None) -> Mapping[str, Any]:
        """``engine.view(state, seat)``, computed once per state (views are read, never changed)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = engine.view(self.state, seat)
        return view

    def legal_actions(self, engine: AnyEngine, seat: int) -> tuple[Action, ...]:
        """``engine.legal_actions(state, seat)``, computed once per state."""
        legal = self.legal.get(seat)
        if legal is None:
            legal = self.legal[seat] = engine.legal_actions(self.state, seat)
        return legal

    def since_entries(self, seats: Collection[int], upto: int) -> list[tuple[int, int, str]]:
        """The entries of ``tail`` after the latest action of any of ``seats``, up to action ``upto``: what the
        others did since those seats last acted (the whole tail if they never did)."""
        last = max((seq for seq, seat, _text in self.tail if seat in seats and seq <= upto), default=None)
        return [e for e in self.tail if e[0] <= upto and (last is None or e[0] > last)]

    def since_turn(self, engine: AnyEngine) -> list[tuple[int, int, str]]:
        """What the turn's message tells as done since its players last acted (:meth:`since_entries`)."""
        return self.since_entries(set(engine.to_act(self.state)), self.turn_from)


def title_of(engine: AnyEngine) -> str:
    """The game's name as its publisher gives it in the current language (Die Burgen von Burgund)."""
    return str(getattr(engine, "local_title", engine.title))


def told(event: Event) -> bool:
    """Whether a table tells this event: not the engines' "it is X's turn" (the table says whose turn it
    is in its own words, with a ping)."""
    return event.kind != "turn"


def public_text(engine: AnyEngine, events: Sequence[Event]) -> str:
    """What everyone may read of a move: its events' public texts, one line each (kept in the log)."""
    return "\n".join(marked(e.kind, t) for e in events if told(e) and (t := engine.describe(e, None)))


def kept_events(table: Table, known: Mapping[int, tuple[Event, ...]], rows: Sequence[NewMove],
                moves: Sequence[tuple[int, Action, Sequence[Event]]]) -> dict[int, tuple[Event, ...]]:
    """The public events ``table`` keeps: those ``known`` of actions still in its tail, and the new ``moves``'
    (committed as ``rows``)."""
    kept = {seq for seq, _seat, _text in table.tail}
    events = {seq: said for seq, said in known.items() if seq in kept}
    for row, (_seat, _action, said) in zip(rows, moves, strict=True):
        events[row.seq] = tuple(e for e in said if told(e))
    return events


def outcome_result(outcome: Outcome, **extra: Any) -> dict[str, Any]:
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "detail": outcome.detail, **extra}
