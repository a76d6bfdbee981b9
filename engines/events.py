"""Typed events: each game's events as frozen dataclasses, stored as the plain :class:`engines.core.Event`.

A game declares each kind of event it emits as a subclass of :class:`GameEvent` (in ``engines/<game>/events.py``),
under ``@game_event("take")`` (:func:`game_event`), which makes it the dataclass the storing below relies on and
names it in the stored form (``KIND``; a field may be called ``kind``): its fields are what the event says,
``describe(viewer)`` its words for a viewer (what only one seat may know stays hidden from the others) and
``phrase(mover)`` its few words in a turn's one-line summary.  The rules emit the dataclass (``Accumulator.emit``);
what an engine returns, and what the bot keeps, is still ``Event(kind, seat, data)`` with JSON-safe ``data``:
:meth:`GameEvent.stored` writes it, and :meth:`EventTypes.read` reads it back into the dataclass, to the identical
value (tuples are stored as lists).

The stored form is the protocol's (``../shared/DESIGN.md``): it is what every log, test and earlier version holds,
so a field's name is its key in ``data``, and a field declared with :func:`optional` is left out of ``data`` while
it is None (events whose keys depend on what happened: a gain of workers has no ``silver``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from engines.core import Event, seat_token
from engines.i18n import COMMON

_ = COMMON.gettext

#: ``field(metadata=…)`` of a field left out of the stored data while it is None.
_OPTIONAL = {"stored": "when set"}

E = TypeVar("E", bound="GameEvent")


def optional() -> Any:
    """A field that is None when the event does not carry it: left out of the stored data then."""
    return field(default=None, metadata=_OPTIONAL)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEvent:
    """Something that happened, of one kind: the base of every game's events.

    ``seat`` is the seat the event is about (None: nobody's, as a new round); the subclass adds the rest."""

    #: The kind's name in the stored form, given by :func:`game_event` ("" here: no kind of its own).
    KIND: ClassVar[str] = ""

    seat: int | None = None

    @property
    def who(self) -> str:
        """The seat the event is about, as the neutral token the bot replaces with the player's name."""
        return seat_token(self.seat)

    def seen_by(self, viewer: int | None) -> bool:
        """Is ``viewer`` the seat the event is about (who may read what the event hides from others)?"""
        return viewer is not None and viewer == self.seat

    def describe(self, viewer: int | None) -> str:
        """The event in words for ``viewer`` (None: the public), in the current language, with seat tokens."""
        raise NotImplementedError

    def phrase(self, mover: int) -> str:
        """The event in a few words for the one-line summary of ``mover``'s turn ("" where it says nothing)."""
        return ""

    def stored(self) -> Event:
        """The stored form: ``Event(kind, seat, data)`` with JSON-safe data (tuples as lists)."""
        return _plan(type(self)).store(self)

    @classmethod
    def read(cls: type[E], event: Event) -> E:
        """The dataclass of a stored event of this kind (lists read as tuples)."""
        data, plan = event.data, _plan(cls)
        return cls(seat=event.seat, **{name: _frozen(data[name])
                                       for name, when_set in zip(plan.names, plan.optional, strict=True)
                                       if not when_set or name in data})


@dataclass_transform(frozen_default=True, kw_only_default=True)
def game_event(kind: str) -> Callable[[type[E]], type[E]]:
    """Declares a kind of event (a subclass of :class:`GameEvent`), stored as ``kind``: the class becomes a frozen,
    keyword-only dataclass with slots, as every event must be (an event's ``__init__`` and ``stored`` fill its
    slots through their descriptors: :func:`_init_function`)."""
    def declare(cls: type[E]) -> type[E]:
        made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
        made.KIND = kind
        return made

    return declare


@dataclass(frozen=True, slots=True)
class _Plan:
    """How a class of events is stored: its fields but ``seat``, in order; which are left out while None; and
    ``store``, the function that writes an event of the class in its stored form."""

    names: tuple[str, ...]
    optional: tuple[bool, ...]
    store: Callable[[Any], Event]
    init: Callable[..., None]


#: Per class (a dict, as in ``engines.steps``): storing an event is part of every step the computer players try.
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type[GameEvent]) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _new_plan(cls)
    return plan


def _new_plan(cls: type[GameEvent]) -> _Plan:
    own = [f for f in fields(cls) if f.name != "seat"]
    optional = tuple(f.metadata.get("stored") == _OPTIONAL["stored"] for f in own)
    return _Plan(tuple(f.name for f in own), optional, _store_function(cls, own, optional), _init_function(cls))


def _store_function(cls: type[GameEvent], own: list[Field[Any]], optional: tuple[bool, ...]) -> Callable[[Any], Event]:
    """``stored`` for one class, written out as ``dataclasses`` writes ``__init__``: one dict display of the fields
    (a loop over them cost more than the rest of a Burgen Land step's events together).  A field whose type (its
    text, under ``from __future__ import annotations``) names a container goes through :func:`_plain`."""
    def value(f: Field[Any]) -> str:
        spelled = str(f.type)
        if not any(word in spelled for word in ("tuple", "Mapping", "dict", "list")):
            return f"e.{f.name}"
        flat = spelled.count("[") == 1 and spelled.startswith("tuple[")  # tuple[int, ...]: a list of scalars
        return f"list(e.{f.name})" if flat else f"_plain(e.{f.name})"

    always = ", ".join(f"{f.name!r}: {value(f)}" for f, maybe in zip(own, optional, strict=True) if not maybe)
    lines = ["def store(e):", f"    data = {{{always}}}"]
    for f, maybe in zip(own, optional, strict=True):
        if maybe:
            lines += [f"    if e.{f.name} is not None:", f"        data[{f.name!r}] = {value(f)}"]
    # The Event built slot by slot, as ``engines.steps.constructor`` builds states: its frozen __init__ cost as much.
    lines += ["    new = _new(Event)", f"    _kind(new, {cls.KIND!r})", "    _seat(new, e.seat)",
              "    _data(new, data)", "    return new"]
    scope: dict[str, Any] = {"Event": Event, "_plain": _plain, "_new": object.__new__,
                             **{f"_{name}": Event.__dict__[name].__set__ for name in ("kind", "seat", "data")}}
    exec("\n".join(lines), scope)  # the text is built from the class's own field names only
    store: Callable[[Any], Event] = scope["store"]
    return store


def _init_function(cls: type[GameEvent]) -> Callable[..., None]:
    """The dataclass's ``__init__`` (keywords only, the same defaults), filling each slot through its descriptor:
    a frozen dataclass's own goes through ``object.__setattr__`` field by field, which cost as much as the rest of
    storing the event."""
    every = fields(cls)
    if any(f.default is MISSING and f.default_factory is not MISSING for f in every):
        raise TypeError(f"{cls.__name__}: an event's fields take plain defaults")
    params = ", ".join(f.name if f.default is MISSING else f"{f.name}=_default_{f.name}" for f in every)
    body = "; ".join(f"_set_{f.name}(self, {f.name})" for f in every)
    scope: dict[str, Any] = {f"_default_{f.name}": f.default for f in every if f.default is not MISSING}
    for f in every:
        slot = next(c.__dict__[f.name] for c in cls.__mro__ if f.name in c.__dict__)
        scope[f"_set_{f.name}"] = slot.__set__
    exec(f"def __init__(self, *, {params}):\n    {body}", scope)  # built from the class's own field names only
    init: Callable[..., None] = scope["__init__"]
    return init


def _plain(value: Any) -> Any:
    """A field's value as stored: tuples as lists, inside mappings and tuples too."""
    kind = type(value)
    if kind is tuple:
        return [_plain(v) for v in value]
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    """A stored value as a field holds it: lists as tuples, inside mappings and lists too."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value


@game_event("turn")
class TurnBegins(GameEvent):
    """A new player's turn begins: the one kind every game shares (it counts the turns, ``engines.steps``)."""

    def describe(self, viewer: int | None) -> str:
        return _("It is {seat}'s turn.", seat=self.who)


class EventTypes:
    """A game's kinds of event: each stored event read back into its dataclass (:class:`TurnBegins` included)."""

    def __init__(self, *types: type[GameEvent]) -> None:
        self.by_kind: dict[str, type[GameEvent]] = {}
        every: tuple[type[GameEvent], ...] = (TurnBegins, *types)
        for cls in every:
            if not cls.KIND or cls.KIND in self.by_kind:
                raise ValueError(f"{cls.__name__}: its kind {cls.KIND!r} is missing or taken")
            self.by_kind[cls.KIND] = cls
            # The class's own ``stored`` and ``__init__``, without a look-up per call or field (setattr: mypy refuses
            # assigning a method).
            setattr(cls, "stored", _plan(cls).store)  # noqa: B010
            setattr(cls, "__init__", _plan(cls).init)  # noqa: B010

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.by_kind)

    def read(self, event: Event) -> GameEvent | None:
        """The dataclass of ``event``; None for a kind the game does not know."""
        cls = self.by_kind.get(event.kind)
        return None if cls is None else cls.read(event)

    def read_all(self, events: Iterable[Event]) -> list[GameEvent]:
        """The dataclasses of ``events`` (an iterable of stored events), those of unknown kinds left out."""
        return [typed for e in events if (typed := self.read(e)) is not None]
