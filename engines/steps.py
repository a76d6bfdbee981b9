"""Engines whose actions are runs of steps over a frozen-dataclass state: what all four games share.

A game supplies

- its state: a frozen dataclass with ``__slots__``, holding ``ply`` (actions applied), ``barrier``
  (actions before it can never be undone), ``turn_number`` (the turn in progress, 1 at the start) and
  an ``actor`` property: the one seat that must decide now, ``None`` once the game is over
  (:class:`StepState`);
- ``do_step(turn, seat, step)``: what one step does, written through an accumulator (:class:`Turn`,
  or a subclass with helpers of the game's own, or another :class:`Accumulator`), emitting its typed events
  (``engines.events``), a :class:`engines.events.TurnBegins` whenever a new player's turn begins;
- its modules, wired into :class:`StepEngine` as typed protocols: ``rules`` (:class:`StepRules`),
  ``views`` (:class:`StepViews`) and ``notation`` (:class:`StepNotation`), and its kinds of event
  (``events``, an :class:`engines.events.EventTypes`), which word what happened.

Everything else lives here, once: the accumulator, the loop that applies a line of steps
(:func:`run_steps`), the undo-barrier rule and the count of turns (:meth:`Accumulator.close`), the check
of a typed line (:meth:`StepEngine.check`) and the label of a line of several steps.
"""

from __future__ import annotations

import functools
import operator
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Generic, Protocol, TypeVar

from engines import serial
from engines.core import Action, BaseEngine, Event, IllegalAction, NoSuchSeat, Outcome, Phrases
from engines.events import EventTypes, GameEvent
from engines.i18n import COMMON, N_, game_catalog

_ = COMMON.gettext

Step = tuple[str, ...]
Steps = tuple[Step, ...]
Events = tuple[Event, ...]

T = TypeVar("T")


class StepState(Protocol):
    """What the shared machinery reads of a game's state."""

    @property
    def ply(self) -> int: ...

    @property
    def barrier(self) -> int: ...

    @property
    def turn_number(self) -> int: ...

    @property
    def actor(self) -> int | None: ...


S = TypeVar("S", bound=StepState)
S_contra = TypeVar("S_contra", contravariant=True)
A = TypeVar("A", bound="Accumulator[Any]")


# ---------------------------------------------------------------------------
# Building frozen states fast


@dataclass(frozen=True, slots=True)
class _Layout:
    index: Mapping[str, int]  # field name -> position, in declaration order
    values: Callable[[Any], tuple[Any, ...]]  # all field values of an instance, in order
    construct: Callable[[Iterable[Any]], Any]  # an instance from all field values, in order


#: Per class (a dict, not functools.cache: mypy takes type objects for unhashable there).
_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type) -> _Layout:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = _new_layout(cls)
    return layout


def _new_layout(cls: type) -> _Layout:
    names = tuple(f.name for f in fields(cls)) if is_dataclass(cls) else ()
    if len(names) < 2:
        raise TypeError(f"{cls.__name__} is not a dataclass of several fields")
    setters = []
    for name in names:
        slot = cls.__dict__.get(name)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{name} is not a slot: declare the dataclass with slots=True")
        setters.append(slot.__set__)
    # The setters unrolled into one generated function: a loop over them was most of a search's time in
    # Burgenland once its legal moves were kept.  Unpacking checks the number of values, as ``zip(strict)`` did.
    args = ", ".join(f"v{i}" for i in range(len(names)))
    body = "".join(f"    s{i}(new, v{i})\n" for i in range(len(names)))
    namespace: dict[str, Any] = {f"s{i}": setter for i, setter in enumerate(setters)}
    namespace["new_object"], namespace["cls"] = object.__new__, cls
    exec(f"def construct(values):\n    {args}, = values\n    new = new_object(cls)\n{body}    return new\n",
         namespace)
    construct: Callable[[Iterable[Any]], Any] = namespace["construct"]
    return _Layout({name: i for i, name in enumerate(names)}, operator.attrgetter(*names), construct)


def constructor(cls: type[T]) -> Callable[[Iterable[Any]], T]:
    """A function that builds an instance of the frozen slots dataclass ``cls`` from all its field values,
    in declaration order.

    Each value goes straight into its slot: the generated ``__init__`` of a frozen dataclass calls
    ``object.__setattr__`` once per field, which made up a third of a step in random playouts."""
    construct: Callable[[Iterable[Any]], T] = _layout(cls).construct
    return construct


def rebuild(state: T, changes: Mapping[str, Any]) -> T:
    """``dataclasses.replace(state, **changes)`` for a frozen slots dataclass, at half the cost."""
    layout = _layout(type(state))
    values = list(layout.values(state))
    index = layout.index
    for name, value in changes.items():
        values[index[name]] = value
    new: T = layout.construct(values)
    return new


class Kept:
    """Answers of a pure function kept by what they read (the key), for the lists a search asks for again and
    again: at most ``size`` of them, then all forgotten."""

    __slots__ = ("_known", "_size")

    def __init__(self, size: int) -> None:
        self._known: dict[Any, Any] = {}
        self._size = size

    def get(self, key: Any, make: Callable[[], T]) -> T:
        known = self._known
        if key in known:
            found: T = known[key]
            return found
        if len(known) >= self._size:
            known.clear()
        value = known[key] = make()
        return value


# ---------------------------------------------------------------------------
# The accumulator


class Accumulator(Generic[S]):
    """One action's effects as they are made: the state so far, the events, and whether chance was involved.

    ``random`` is set by any step that draws or reveals something: the action can then never be
    undone.  Subclasses keep the state so far in their own way; they provide ``state`` (the state so
    far, as a frozen state) and ``build`` (the final state).  :class:`Turn` is the usual one.
    """

    __slots__ = ("events", "random", "start")

    def __init__(self, state: S) -> None:
        self.start = state  # the state the action began from
        self.events: list[Event] = []
        self.random = False

    @property
    def state(self) -> S:
        raise NotImplementedError

    def build(self, ply: int) -> S:
        """A new state object, seen by nobody yet: the state so far, with ``ply`` actions applied."""
        raise NotImplementedError

    def emit(self, event: GameEvent) -> None:
        """Record ``event``: kept in its stored form (``Event(kind, seat, data)``), which the engine returns."""
        self.events.append(event.stored())

    def close(self, seat: int) -> S:
        """The state after ``seat``'s action, built once, with the undo-barrier rule applied and the turn counted.

        ``ply`` counts the action.  The barrier moves up to it when the action drew or revealed
        something, passed the turn or ended the game: when ``random`` is set, or when anyone but
        ``seat`` (or nobody) is to act next.  ``turn_number`` — the one turn number players read, in
        the images, posts, the log and the end chart — goes up by one for every event of kind
        ``"turn"`` the action emitted (a new player's turn began): counted here, for every game alike.
        """
        ply = self.start.ply + 1
        new = self.build(ply)
        if self.random or new.actor != seat:
            # Who acts next is a question to the new state itself, so the barrier is set last, on the
            # object just built and not yet seen by anyone, as its own __init__ would have set it.
            object.__setattr__(new, "barrier", ply)
        turns = 0
        for event in self.events:
            if event.kind == "turn":
                turns += 1
        if turns:  # on the new object, like the barrier (whatever the accumulator built it from)
            object.__setattr__(new, "turn_number", self.start.turn_number + turns)
        return new


class Turn(Accumulator[S]):
    """The usual accumulator: changes are collected by field name and applied when the state is read.

    ``update`` records changes; reading ``state`` applies them all in one construction (rebuilding a
    20-field frozen dataclass for every small change was a third of an engine's time); ``get`` reads
    one field's value so far without building anything.  A game may subclass it for helpers of its own.
    """

    __slots__ = ("_changes", "_state")

    def __init__(self, state: S) -> None:
        super().__init__(state)
        self._state = state
        self._changes: dict[str, Any] = {}

    @property
    def state(self) -> S:
        if self._changes:
            self._state = rebuild(self._state, self._changes)
            self._changes = {}
        return self._state

    @state.setter
    def state(self, value: S) -> None:
        self._state, self._changes = value, {}

    def get(self, name: str) -> Any:
        """The value of field ``name`` so far."""
        changes = self._changes
        return changes[name] if name in changes else getattr(self._state, name)

    def update(self, **changes: Any) -> None:
        self._changes.update(changes)

    def set_player(self, seat: int, **changes: Any) -> Any:
        """Change fields of one player, for states that keep a tuple of player dataclasses in ``players``;
        returns the changed player."""
        players = self.get("players")
        player = rebuild(players[seat], changes)
        self._changes["players"] = (*players[:seat], player, *players[seat + 1:])
        return player

    def build(self, ply: int) -> S:
        return rebuild(self._state, {**self._changes, "ply": ply})


# ---------------------------------------------------------------------------
# Applying a line of steps


def run_steps(new_turn: Callable[[S], A], do_step: Callable[[A, int, Step], None],
              state: S, seat: int, steps: Steps) -> tuple[S, Events]:
    """Apply ``steps`` (validated before) for ``seat``: ``do_step`` carries out each one through the
    accumulator ``new_turn(state)``.  Returns the new state and the events, in order.

    A line stops when the game ends: what follows is void.  (Whether it ended is asked only between
    steps, so a single step costs no extra state construction.)
    """
    turn = new_turn(state)
    for i, step in enumerate(steps):
        if i and turn.state.actor is None:
            break  # the game ended: the rest of the line is void
        do_step(turn, seat, step)
    final: S = turn.close(seat)
    return final, tuple(turn.events)


#: Why nothing may follow a step that moved the undo barrier on one typed line.
SEALED = N_("a step that draws or reveals something, or ends the turn, must be the last on its line; "
            "send the rest as a new move")


def sealed(trial: StepState) -> bool:
    """Did the last step applied to ``trial`` draw, reveal, pass the turn or end the game?"""
    return trial.barrier == trial.ply and trial.ply > 0


def check_step(rules: StepRules[S], state: S, seat: int, step: Step, line: str | None = None) -> None:
    """Refuse ``step`` when it is not allowed in ``state``: :class:`IllegalAction` says why and suggests up to
    five legal steps.  ``line``: the typed line it was read from, quoted first.  (For the notation modules,
    which read a typed line step by step against a trial state.)"""
    problem = rules.step_problem(state, seat, step)
    if problem:
        said = _("`{step}` is not allowed: {problem}.", step=" ".join(step), problem=problem)
        raise IllegalAction(said if line is None else f"`{line}`: {said}",
                            [" ".join(s) for s in rules.legal_steps(state, seat)][:5])


@functools.lru_cache(maxsize=16384)
def step_action(step: Step) -> Action:
    """The one-step Action for ``step``, shared: random play asks for the same few thousand again and again."""
    return Action((step,))


# ---------------------------------------------------------------------------
# The engine


class StepRules(Protocol[S]):
    """A game's rules module, as :class:`StepEngine` uses it."""

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None, /) -> S: ...
    def legal_steps(self, state: S, seat: int, /) -> list[Step]: ...
    def step_problem(self, state: S, seat: int, step: Step, /) -> str | None: ...
    def apply_steps(self, state: S, seat: int, steps: Steps, /) -> tuple[S, Events]: ...


class StepViews(Protocol[S_contra]):
    """A game's views module: what each viewer may see (an allow-list of the state)."""

    def public_view(self, state: S_contra, /) -> Mapping[str, Any]: ...
    def seat_view(self, state: S_contra, seat: int, /) -> Mapping[str, Any]: ...


class StepNotation(Protocol[S_contra]):
    """A game's notation module: labels, the typed grammar, and the texts that explain them."""

    HELP: str  # the grammar with examples, shown when a text cannot be read at all
    RULES: str  # a concise summary of the rules in our own words, with the notation

    def step_label(self, state: S_contra, seat: int, step: Step, /) -> str: ...
    def parse_line(self, state: S_contra, seat: int, text: str, /) -> Action: ...


class StepScoring(Protocol[S_contra]):
    """A game's module that ranks the seats: at any moment, and at the end the final ranking."""

    def standing(self, state: S_contra, /) -> Outcome: ...


class StepSummary(Protocol):
    """A game's module that sums a turn up in a few words (:meth:`BaseEngine.turn_phrases`)."""

    def turn_phrases(self, seat: int, events: Sequence[Event], /) -> Phrases: ...


class StepEngine(BaseEngine[S]):
    """An engine whose actions are runs of steps over a frozen-dataclass state (see the module docstring).

    A game's engine class names its ``state_type`` and wires its modules (``rules``, ``views``,
    ``notation``, ``events``, ``scoring``, ``summary``); it adds what is its own: ``determinize``,
    ``default_action`` (and ``outcome`` when the end has more to say than the standing).

    A typed line may chain steps, but nothing may follow a step that moved the barrier: checking
    the rest against the drawn cards or dice would let a refused line reveal them.
    """

    state_type: type[S]
    rules: StepRules[S]
    views: StepViews[S]
    notation: StepNotation[S]
    #: The game's kinds of event, each a dataclass that words it (``engines/<game>/events.py``).
    event_types: EventTypes = EventTypes()
    scoring: StepScoring[S]
    #: The module named ``summary=`` (``summary`` is the engine's own method); None: the game sums no turn up
    #: (its events' full texts tell it).
    turn_summary: StepSummary | None = None

    def __init_subclass__(cls, *, state: type[S] | None = None, rules: StepRules[S] | None = None,
                          views: StepViews[S] | None = None, notation: StepNotation[S] | None = None,
                          events: EventTypes | None = None, scoring: StepScoring[S] | None = None,
                          summary: StepSummary | None = None, **kwargs: Any) -> None:
        """A game names its state, modules and events in its class statement: ``class Burgenland(StepEngine[State],
        state=State, rules=R, views=V, notation=N, events=E.EVENTS, scoring=R, summary=summary)``."""
        super().__init_subclass__(**kwargs)
        named = {"state_type": state, "rules": rules, "views": views, "notation": notation, "event_types": events,
                 "scoring": scoring, "turn_summary": summary}
        for attribute, value in named.items():
            if value is not None:  # None: what a base class named stays
                setattr(cls, attribute, value)

    def __init__(self) -> None:
        self.help_source = self.notation.HELP
        self.rules_source = self.notation.RULES
        # The game's catalog is its package's: engines.<package>.notation → engines/<package>/locale.
        package = str(getattr(self.notation, "__name__", "")).split(".")
        if len(package) > 2 and package[0] == "engines":
            self.catalog = game_catalog(package[1])

    # -- the rules --------------------------------------------------------------------------

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        return self.rules.new_game(seats, seed, options)

    def to_act(self, state: S) -> tuple[int, ...]:
        actor = state.actor
        return () if actor is None else (actor,)

    def outcome(self, state: S) -> Outcome | None:
        return None if state.actor is not None else self.standing(state)

    def standing(self, state: S) -> Outcome:
        return self.scoring.standing(state)

    def turn_phrases(self, seat: int, events: Sequence[Event]) -> Phrases:
        return Phrases() if self.turn_summary is None else self.turn_summary.turn_phrases(seat, events)

    def legal_actions(self, state: S, seat: int) -> tuple[Action, ...]:
        return tuple(map(step_action, self.rules.legal_steps(state, seat)))

    def apply_trusted(self, state: S, seat: int, action: Action) -> tuple[S, Events]:
        return self.rules.apply_steps(state, seat, action.steps)

    def check(self, state: S, seat: int, action: Action) -> str | None:
        if not action.steps:
            return _("an empty move")
        trial = state
        for i, step in enumerate(action.steps):
            if i:
                if trial.actor is None:
                    return _("the game ended before the rest of that line")
                if sealed(trial):
                    return _(SEALED)
            problem = self.rules.step_problem(trial, seat, step)
            if problem:
                return problem
            if i + 1 < len(action.steps):
                trial = self.rules.apply_steps(trial, seat, (step,))[0]
        return None

    # -- views and words ---------------------------------------------------------------------

    def view(self, state: S, seat: int | None) -> Mapping[str, Any]:
        if seat is None:
            return self.views.public_view(state)
        if not 0 <= seat < self.seat_count(state):  # not -1: Python would read it as the last seat
            raise NoSuchSeat(_("There is no seat {seat}; seats are 1 to {seats}.", seat=seat + 1,
                                 seats=self.seat_count(state)))
        return self.views.seat_view(state, seat)

    def describe(self, event: Event, viewer: int | None) -> str:
        """The event's words for ``viewer``: its typed event's (an event of a kind the game does not know reads as
        its kind)."""
        typed = self.event_types.read(event)
        return event.kind if typed is None else typed.describe(viewer)

    def seat_count(self, state: S) -> int:
        """How many seats the game has (a two-seat game's state may not say)."""
        return int(getattr(state, "seats", self.max_seats))

    def format_action(self, state: S, seat: int, action: Action) -> str:
        """Each step's label, read against the state it applies to, joined into one sentence (≤ 100 chars)."""
        labels = []
        trial = state
        last = len(action.steps) - 1
        for i, step in enumerate(action.steps):
            labels.append(self.notation.step_label(trial, seat, step))
            if i < last and trial.actor is not None:
                trial = self.rules.apply_steps(trial, seat, (step,))[0]
        text = _(", then ").join(labels)
        return text if len(text) <= 100 else text[:99] + "…"

    def parse_text(self, state: S, seat: int, text: str, legal: tuple[Action, ...]) -> Action:
        return self.notation.parse_line(state, seat, text)

    # -- storage and undo --------------------------------------------------------------------

    def dump(self, state: S) -> dict[str, Any]:
        return serial.dump_state(state)

    def load(self, data: Mapping[str, Any]) -> S:
        return serial.load(self.state_type, data)

    def undo_barrier(self, state: S) -> int:
        return state.barrier

    def move_count(self, state: S) -> int:
        return state.ply

    def turn_number(self, state: S) -> int:
        return state.turn_number
