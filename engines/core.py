"""The engine protocol shared by every game, and the pieces all engines reuse.

An engine is a stateless object whose methods take and return immutable game
states (see ``../shared/DESIGN.md``, "Engine protocol").  Everything here is
standard library only: engines must run anywhere, deterministically.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeAlias, TypedDict, TypeVar, runtime_checkable

from engines.i18n import COMMON, ENGLISH, N_, Catalog, current, speaking

_ = COMMON.gettext

# ---------------------------------------------------------------------------
# Errors


class EngineError(ValueError):
    """Any rejected input.  The message is meant to be shown to the player as is.

    ``suggestions`` are close legal moves (keys, or "key (label)" texts), said as "Did you mean …?"."""

    def __init__(self, message: str, suggestions: Sequence[str] = (), hint: str = "") -> None:
        self.message = message
        self.suggestions = tuple(suggestions)[:5]
        text = message
        if self.suggestions:
            text += " " + _("Did you mean {moves}?", moves=_either(self.suggestions))
        super().__init__(f"{text} {hint}" if hint else text)


def _either(items: Sequence[str]) -> str:
    """'`a`', '`a` or `b`', '`a`, `b` or `c`' (a suggestion may carry its label: ``key (label)``)."""
    shown = [f"`{s}`" if " (" not in s else "`{}` ({}".format(*s.split(" (", 1)) for s in items]
    return shown[0] if len(shown) == 1 else _("{some} or {last}", some=", ".join(shown[:-1]), last=shown[-1])


#: A move's label is often a button's, and a button shows 80 characters (Discord cuts the rest; a select's option
#: and the protocol's ``format_action`` allow 100): a label that would be longer is said the short way, if it has one.
LABEL_FITS = 80

#: The one-line hint after a move that cannot be read (``help`` shows the whole notation): :func:`hint`.
HINT = N_("(`{help}` shows how to write moves.)")


def hint() -> str:
    """:data:`HINT` in the current language, naming the help as its reader types it (``hilfe``, ``ajuda``): the
    word of the console's command and of the Discord command's name alike."""
    return _(HINT, help=COMMON.pgettext("command name", "help"))


class NotationError(EngineError):
    """The text could not be read as any action of this game."""


class IllegalAction(EngineError):
    """The text names a real action that the rules do not allow now."""


class AmbiguousAction(EngineError):
    """The text matches several legal actions; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: Sequence[Action]) -> None:
        self.candidates = tuple(candidates)
        super().__init__(message, [a.key for a in self.candidates])


class NotYourTurn(EngineError):
    """The seat is not among those that must decide now."""


class GameOver(EngineError):
    """The game has ended; nothing more can be played."""


class NoSuchSeat(EngineError):
    """A seat number outside the game's seats."""


#: The longest number any move needs (a castle, a space, a count): longer ones are refused as text.
MAX_DIGITS = 6


def check_numbers(text: str) -> None:
    """Numbers in a move are written with the digits 0-9 and are short: anything else (``²``, ``①``,
    ``٣``, a thousand nines) is refused before any game reads it."""
    odd = next((ch for ch in text if ch.isnumeric() and not ch.isascii()), None)
    if odd is not None:
        raise NotationError(_("`{odd}`: write numbers with the digits 0-9.", odd=odd))
    long = next((run for run in re.findall(r"[0-9]+", text) if len(run) > MAX_DIGITS), None)
    if long is not None:
        raise NotationError(_("`{number}…`: that number is too long for any move.", number=long[:MAX_DIGITS]))


# ---------------------------------------------------------------------------
# Value types


@dataclass(frozen=True, slots=True)
class Action:
    """A player's decision: one step, or several steps typed on one line.

    Each step is a tuple of words (``("build", "wall", "3W")``).  The key is the
    words joined by spaces; every engine's grammar makes it unambiguous.
    """

    steps: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, *words: str) -> Action:
        return cls((tuple(words),))

    @property
    def key(self) -> str:
        return " ".join(w for step in self.steps for w in step)

    def then(self, other: Action) -> Action:
        return Action(self.steps + other.steps)

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as engines return it and the bot keeps it.  ``data`` is JSON-safe;
    ``engine.describe`` words it per viewer.  Each game reads it as a typed event of its own (``engines.events``)."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Scores and places (1 = best; tied seats share a place) when the game is over."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    detail: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


class StandingView(TypedDict):
    """A standing as views carry it once the game is over: each seat's score and place (1 = first;
    tied seats share a place), and what the score counts (``rule``)."""

    scores: list[int]
    ranks: list[int]
    rule: str


def standing_view(standing: Outcome) -> StandingView:
    return {"scores": list(standing.scores), "ranks": list(standing.ranks), "rule": standing.detail}


def check_setup(game: str, seats: int, counts: Collection[int], options: Mapping[str, Any] | None) -> None:
    """Refuse a new game of ``game`` for a seat count not among ``counts``, or with ``options`` where it has none
    (a ``ValueError``: the table service checks both before it asks, so only a caller's mistake gets here)."""
    if seats not in counts:
        low, high = min(counts), max(counts)
        players = f"exactly {low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{game} is for {players} players, not {seats}")
    if options:
        raise ValueError(f"{game} has no options, got {sorted(options)}")


def seat_token(seat: int | None) -> str:
    """A seat in event text, as a neutral token the service replaces with the player's name."""
    return "" if seat is None else f"{{seat:{seat}}}"


#: A turn told in one line ("since your last turn") fits a phone's width about twice: at most this many characters,
#: its bullet and a name of ``SUMMARY_NAME`` characters included.
SUMMARY_CHARS = 90
SUMMARY_NAME = 10


@dataclass(frozen=True, slots=True)
class Phrases:
    """A player's turn in a few words a thing (``BaseEngine.turn_phrases``): what it did, in order ("church → space
    12", "sold goods 3 ×2"), and what it brought, summed ("+9 VP"), which a line too long for a phone keeps."""

    done: tuple[str, ...] = ()
    totals: tuple[str, ...] = ()


def summary_line(seat: int, phrases: Phrases, limit: int = SUMMARY_CHARS) -> str:
    """A player's turn in one line, "{seat:1}: church → space 12, sold goods 3 ×2, +9 VP": what it did, as much as
    fits in ``limit`` with a bullet and a name of ``SUMMARY_NAME`` characters (an ellipsis where some is left out),
    then what it brought; "" when there is nothing to say."""
    room = limit - len("• ") - SUMMARY_NAME - len(": ")
    done = list(phrases.done)
    while done and len(_joined(done, phrases)) > room:
        done.pop()
    said = _joined(done, phrases)
    return _("{who}: {what}", who=seat_token(seat), what=said) if said else ""


def _joined(done: Sequence[str], phrases: Phrases) -> str:
    """What a turn did (some of it: "…" stands for the rest) and what it brought, said together."""
    cut = ["…"] if len(done) < len(phrases.done) else []
    return ", ".join([*done, *cut, *phrases.totals])


def ranks_from_scores(scores: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking, higher score better: (5, 7, 7) -> (3, 1, 1)."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


# ---------------------------------------------------------------------------
# The protocol

#: A game's state type: each engine is an ``Engine[its State]``.
S = TypeVar("S")


@runtime_checkable
class Engine(Protocol[S]):
    """What the bot, the renderer and the computer players may rely on (``../shared/DESIGN.md``)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    rules_version: int

    @property
    def notation_help(self) -> str: ...   # in the current language (engines.i18n)
    @property
    def rules_summary(self) -> str: ...

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...
    def to_act(self, state: S) -> tuple[int, ...]: ...
    def legal_actions(self, state: S, seat: int) -> tuple[Action, ...]: ...
    def apply(self, state: S, seat: int, action: Action) -> tuple[S, tuple[Event, ...]]: ...
    def apply_trusted(self, state: S, seat: int, action: Action) -> tuple[S, tuple[Event, ...]]: ...
    def view(self, state: S, seat: int | None) -> Mapping[str, Any]: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def standing(self, state: S) -> Outcome: ...
    def action_key(self, action: Action) -> str: ...
    def format_action(self, state: S, seat: int, action: Action) -> str: ...
    def parse_action(self, state: S, seat: int, text: str) -> Action: ...
    def describe(self, event: Event, viewer: int | None) -> str: ...
    def dump(self, state: S) -> dict[str, Any]: ...
    def load(self, data: Mapping[str, Any]) -> S: ...
    def determinize(self, state: S, seat: int, seed: int) -> S: ...
    def default_action(self, state: S, seat: int) -> Action: ...
    def undo_barrier(self, state: S) -> int: ...
    def move_count(self, state: S) -> int: ...   # actions applied (a step each): buttons' staleness key
    def turn_number(self, state: S) -> int: ...  # the turn in progress (a player's whole turn), 1 at the start
    def holdings(self, state: S, seat: int) -> str: ...  # what only ``seat`` sees it holds, in words ("": nothing)
    def summary(self, seat: int, events: Sequence[Event]) -> str: ...  # a player's turn in one short line
    def replay(self, seats: int, seed: int, options: Mapping[str, Any] | None,
               log: Iterable[tuple[int, str]]) -> S: ...


#: Any game's engine, for code that handles every game alike (the bot, the registry).
AnyEngine: TypeAlias = Engine[Any]


class BaseEngine(Generic[S]):
    """Behaviour every engine shares; a game subclasses it and fills in the rules.

    Subclasses implement ``new_game``, ``to_act``, ``legal_actions``,
    ``apply_trusted``, ``check`` (why an action is illegal), ``view``,
    ``outcome``, ``standing``, ``format_action``, ``parse_text`` (the game's
    own grammar), ``describe`` (its events in words), ``dump``, ``load``,
    ``determinize`` and ``default_action``.  ``S`` is the game's state type.
    Engines of step games build on :class:`engines.steps.StepEngine`, which
    provides most of these.
    """

    name: str = ""
    title: str = ""
    min_seats: int = 2
    max_seats: int = 2
    rules_version: int = 1
    #: The game's texts (its engine's and its images'): a game sets its own ``engines.i18n.game_catalog``.
    catalog: Catalog = COMMON
    #: Shown when text cannot be read at all: the grammar with examples (English, marked ``N_``).
    help_source: str = ""
    #: A concise summary of the rules in our own words, with the notation (for a `rules` command; English).
    rules_source: str = ""

    @property
    def notation_help(self) -> str:
        """The notation's help in the current language."""
        return self.catalog.gettext(self.help_source) if self.help_source else ""

    @property
    def rules_summary(self) -> str:
        """The rules summary in the current language."""
        return self.catalog.gettext(self.rules_source) if self.rules_source else ""

    @property
    def local_title(self) -> str:
        """The game's name as its publisher gives it in the current language (most keep one name)."""
        return self.catalog.gettext(self.title)

    # -- the protocol members every engine gets for free ------------------

    def holdings(self, state: S, seat: int) -> str:
        """What only ``seat`` sees that it holds (a secret hand), in words in the current language, for its hand
        image's description; "" where nothing is hidden (the game's images and alt text say it all)."""
        return ""

    def summary(self, seat: int, events: Sequence[Event]) -> str:
        """One player's turn in one short line, for the others' "since your last turn" (seat tokens for names):
        ``events`` are the public events of ``seat``'s moves in a row, in order.  A game that words its turns in a
        few words a thing (``turn_phrases``) gets "{seat}: a, b, +9 VP", fitted to a phone (:func:`summary_line`);
        else every event's public text, joined (what a game of one short event a turn needs)."""
        return (summary_line(seat, self.turn_phrases(seat, events))
                or " ".join(text for e in events if (text := self.describe(e, None))))

    def apply(self, state: S, seat: int, action: Action) -> tuple[S, tuple[Event, ...]]:
        self.check_turn(state, seat)
        check_numbers(action.key)
        try:
            problem = self.check(state, seat, action)
        except EngineError:
            raise
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            # Only a made-up action gets here (a parsed one is built from legal steps): whatever part of it
            # a game cannot even read makes it no move of this game.
            raise IllegalAction(_("`{move}` is not a move of this game.", move=action.key[:100]),
                                self.close_actions(state, seat, action.key[:100])) from None
        if problem is not None:
            raise IllegalAction(_("`{move}` is not allowed: {problem}.", move=action.key, problem=problem),
                                self.close_actions(state, seat, action.key))
        return self.apply_trusted(state, seat, action)

    def action_key(self, action: Action) -> str:
        return action.key

    def check_turn(self, state: S, seat: int) -> None:
        if self.outcome(state) is not None:
            raise GameOver(_("The game is over."))
        if seat not in self.to_act(state):
            raise NotYourTurn(_("It is not seat {seat}'s turn.", seat=seat + 1))

    def parse_action(self, state: S, seat: int, text: str) -> Action:
        """Read a key or friendly text by filtering the legal actions, then the game's grammar."""
        self.check_turn(state, seat)
        check_numbers(text)
        wanted = normalize(text)
        if not wanted:
            raise NotationError(_("Type a move."), self.close_actions(state, seat, ""), hint())
        legal = self.legal_actions(state, seat)
        for action in legal:
            if normalize(action.key) == wanted:
                return action
        for action in legal:
            if normalize(self.format_action(state, seat, action)) == wanted:
                return action
        found = self._english_label(state, seat, legal, wanted)
        if found is not None:
            return found
        try:
            return self.parse_text(state, seat, " ".join(text.split()), legal)
        except NotationError as err:
            # What cannot be read at all gets the closest legal moves and a one-line hint, not the notation.
            raise NotationError(err.message, self.close_actions(state, seat, text), hint()) from None
        except IllegalAction as err:
            if err.suggestions:
                raise
            raise IllegalAction(err.message, self.close_actions(state, seat, text)) from None

    def _english_label(self, state: S, seat: int, legal: tuple[Action, ...], wanted: str) -> Action | None:
        """The legal action whose English label is ``wanted`` (English always reads, in any language)."""
        if not legal or self.catalog is COMMON:
            return None
        if current() == ENGLISH:
            return None
        with speaking(ENGLISH):
            return next((a for a in legal if normalize(self.format_action(state, seat, a)) == wanted), None)

    def close_actions(self, state: S, seat: int, text: str) -> list[str]:
        """The 1–3 legal moves closest to ``text`` (by key and by label; a one-letter slip of a move
        suggests that move), each as ``key (label)`` when its label says more.  Only close moves (at most
        a third of the text, or 2 letters, to change); when none is, the first legal moves in the game's
        own order: for text that resembles nothing, the nearest by letters is noise."""
        wanted = normalize(text)
        close = max(2, len(wanted) // 3)
        scored = []
        for order, action in enumerate(self.legal_actions(state, seat)):
            key, label = action.key, self.format_action(state, seat, action)
            distance = min(edit_distance(wanted, normalize(key)), edit_distance(wanted, normalize(label)))
            shown = key if normalize(label) == normalize(key) else f"{key} ({label})"
            scored.append((distance, order, shown))
        near = sorted(entry for entry in scored if entry[0] <= close)
        return [shown for _, _, shown in (near or scored)[:3]]

    def replay(self, seats: int, seed: int, options: Mapping[str, Any] | None,
               log: Iterable[tuple[int, str]]) -> S:
        """Rebuild a state from its seed and the stored ``(seat, action_key)`` log."""
        state = self.new_game(seats, seed, options)
        for seat, key in log:
            state, _ = self.apply(state, seat, self.parse_action(state, seat, key))
        return state

    def describe(self, event: Event, viewer: int | None) -> str:
        """One event in words for ``viewer`` (None: the public), with neutral seat tokens the bot may style.

        A game words its events as typed events (``engines.events``, read by ``engines.steps.StepEngine``); an
        engine that words none reads each as its kind."""
        return event.kind

    # -- to be provided by each game ---------------------------------------

    def turn_phrases(self, seat: int, events: Sequence[Event]) -> Phrases:
        """What ``seat``'s turn (the public ``events`` of its moves in a row) did and brought, a few words a thing, in
        the current language: the turn's one short line (``summary``).  None said (the default): the turn is told
        in its events' full texts."""
        return Phrases()

    def check(self, state: S, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal now (a short phrase), or None if it is legal."""
        raise NotImplementedError

    def parse_text(self, state: S, seat: int, text: str, legal: tuple[Action, ...]) -> Action:
        raise NotationError(_("`{text}` is not a move.", text=text))

    # Declared so that the shared methods above type-check.
    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        raise NotImplementedError

    def to_act(self, state: S) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> tuple[Action, ...]:
        raise NotImplementedError

    def apply_trusted(self, state: S, seat: int, action: Action) -> tuple[S, tuple[Event, ...]]:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def format_action(self, state: S, seat: int, action: Action) -> str:
        raise NotImplementedError


_SPACES = re.compile(r"\s+")


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: the fewest letters added, removed or changed to turn ``a`` into ``b``."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def normalize(text: str) -> str:
    """Case-folded, trimmed, single-spaced text: how all notation is compared."""
    return _SPACES.sub(" ", text.strip().casefold())
