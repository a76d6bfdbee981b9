"""A game's view as text a person reads: what the console's ``board`` and ``hand`` print.

Generic over every game (the bot knows no game by name): a view is a mapping, and it is written as

- ``label: value`` lines, a nested part indented under its label (a small flat part on one line);
- a list of records as one line each (``- seat 2; score 5; coins 1``), an ``id``/``code``/``key`` leading
  (``- red-S: colour red; size S``); a record too long for a line keeps its plain fields on its first line and
  puts each compound one on a line of its own;
- seats counted from 1, as players count them (views count from 0): the fields :data:`SEAT_KEYS` names, and
  those a game adds (``GameInfo.view_seats``);
- nothing for a field that is empty, ``None`` or false inside a record (no "token none; owner none"), nor
  for a top-level one that is ``None`` or false; an empty top-level list reads "none";
- in the reader's language: the view's words are data, in English (``storage``, ``red``); the game translates
  its fields' names and the values that are its words (``GameInfo.view_words``), and leaves the rest (numbers,
  codes, a move's key, which is typed as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from bot.language import pgettext
from engines.i18n import VIEW_FIELD, VIEW_VALUE

#: View fields whose values are seats, by the engines' common naming (0-based in the view).
SEAT_KEYS = frozenset({"seat", "to_act", "owner", "winner", "winners", "first", "first_player", "turn_order"})
#: Fields that only repeat what the heading above the view says (the game's name).
SKIPPED = frozenset({"game"})
#: Fields that name a record: written first, as its heading (``red-S: …``).
HEADINGS = ("id", "code", "key")
#: Fields whose values are typed as they are (a move's key): never translated.
TYPED = frozenset({"key"})
#: A field that repeats another of its record: a colour's letter (the ``colours`` legend gives it).
REPEATS = {"letter": "colour"}
#: A field shown without its name: a choice's label after its key (``move 4: Move 4 to the red wall``).
UNNAMED = frozenset({"label"})
#: The width past which a record's compound fields go on lines of their own.
WIDTH = 110

#: A game's words in the reader's language: ``translate(context, word)`` is a field's name (``context``
#: ``engines.i18n.VIEW_FIELD``) or a value (``VIEW_VALUE``) as the reader reads it; a word the game does not
#: declare comes back as it is (``engines.i18n.ViewWords`` is one).
Translate = Callable[[str, str], str]


def as_is(context: str, word: str) -> str:
    """The view's own words (English): no translation."""
    return word


def format_view(view: Mapping[str, Any], indent: str = "  ", seat_keys: Collection[str] = (),
                translate: Translate = as_is) -> str:
    """``view`` as readable text (see the module's docstring); ``seat_keys``: more fields that hold seats;
    ``translate``: the game's words in the reader's language (field names and the values that are words)."""
    seats = SEAT_KEYS | frozenset(seat_keys)
    return "\n".join(_Writer(translate).block(counted_from_one(view, seats), indent))


def counted_from_one(value: Any, seats: Collection[str], key: str = "") -> Any:
    """``value`` with every seat under a field named in ``seats`` counted from 1."""
    if isinstance(value, Mapping):
        return {k: counted_from_one(v, seats, str(k)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [counted_from_one(v, seats, key) for v in value]
    if key in seats and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    return value


def label(key: Any) -> str:
    return str(key).replace("_", " ")


def none() -> str:
    return pgettext("value", "none")


def _absent(value: Any) -> bool:
    """Nothing worth a word inside a record: None, false, an empty text or list, a part with nothing in it."""
    if isinstance(value, Mapping):
        return all(_absent(v) for v in value.values())
    return value is None or value is False or (isinstance(value, str | list | tuple) and not value)


def _shown(record: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a record worth a word (see :func:`_absent`, :data:`REPEATS`)."""
    return {k: v for k, v in record.items() if not _absent(v) and REPEATS.get(str(k)) not in record}


def _named(key: Any) -> bool:
    """A field's name (``colour``), not a key that is data (a number, a site letter)."""
    return sum(c.isalpha() for c in str(key)) > 1


class _Writer:
    """Writes a view's parts, its words read through ``translate``."""

    def __init__(self, translate: Translate) -> None:
        self.translate = translate

    def name(self, key: Any) -> str:
        """A field's name as the reader reads it (``turn number``, ``Zugnummer``)."""
        return label(self.translate(VIEW_FIELD, str(key)))

    def word(self, value: str) -> str:
        return self.translate(VIEW_VALUE, value)

    def block(self, view: Mapping[str, Any], indent: str) -> Iterator[str]:
        for key, value in view.items():
            if key in SKIPPED or value is None or value is False:
                continue
            name = self.name(key)
            if isinstance(value, Mapping) and value and not self.flat(value):
                yield f"{indent}{name}:"
                yield from self.block(value, indent + "  ")
            elif isinstance(value, list) and any(isinstance(item, Mapping) for item in value):
                yield f"{indent}{name}:"
                # One layout for a whole list: each record on a line, or each over lines if one is too long.
                wide = any(len(indent) + 4 + len(self.record(item, "; ")) > WIDTH
                           for item in value if isinstance(item, Mapping))
                for item in value:
                    yield from self.record_lines(item, indent + "  ", wide)
            else:
                yield f"{indent}{name}: {self.inline(value) or none()}"

    def flat(self, part: Mapping[str, Any]) -> bool:
        """A part of named fields, short and plain enough for one line (``supply: wall 7, tower 3``)."""
        return (all(_named(k) and not isinstance(v, Mapping | list | tuple) for k, v in part.items())
                and len(self.inline(part)) <= WIDTH // 2)

    def record_lines(self, record: Any, indent: str, wide: bool) -> Iterator[str]:
        """One record of a list: a line, or (``wide``) its plain fields on a line and each compound one below
        them."""
        if not isinstance(record, Mapping):
            yield f"{indent}- {self.inline(record) or none()}"
            return
        if not wide:
            yield f"{indent}- {self.record(record, '; ')}"
            return
        shown = _shown(record)
        plain = {k: v for k, v in shown.items() if not isinstance(v, Mapping | list | tuple)}
        compound = [(k, v) for k, v in shown.items() if k not in plain]
        lines = [f"{self.name(key)}: {self.inline(value)}" for key, value in compound]
        if plain:
            lines.insert(0, self.record(plain, "; "))
        yield f"{indent}- {lines[0]}"
        yield from (f"{indent}    {line}" for line in lines[1:])

    def record(self, record: Mapping[str, Any], sep: str) -> str:
        """A record's fields on one line, its heading first: ``red-S: colour red; size S``."""
        head = next((k for k in HEADINGS if isinstance(record.get(k), str | int) and record.get(k) != ""), None)
        fields = sep.join(self.field(k, v, nested=sep != "; ") for k, v in _shown(record).items() if k != head)
        if head is None:
            return fields
        heading = str(record[head]) if head in TYPED else self.inline(record[head])
        return f"{heading}: {fields}" if fields else heading

    def field(self, key: Any, value: Any, nested: bool = False) -> str:
        """``colour red`` for a field; ``3: 1`` for a key that is data (a number, a letter), not a name.  Inside a
        record that is itself a field (``nested``), a list's items are joined by spaces (its fields by commas)."""
        if isinstance(value, Mapping):
            shown = _shown(value)
            text = self.inline(shown) if len(shown) == 1 and not _named(key) else f"({self.inline(shown)})"
        elif isinstance(value, list) and any(isinstance(v, Mapping) for v in value):
            text = ", ".join(f"({self.inline(v)})" for v in value)
        elif isinstance(value, list) and nested:
            text = " ".join(self.inline(v) for v in value)
        elif key in TYPED:
            text = str(value)
        else:
            text = self.inline(value)
        if key in UNNAMED:
            return text
        return f"{self.name(key)} {text}" if _named(key) else f"{self.name(key)}: {text}"

    def inline(self, value: Any) -> str:
        """A value on one line: records' fields joined by commas, lists by commas, a list of lists by bars."""
        if value is True:
            return pgettext("value", "yes")
        if value is None or value is False:
            return none()
        if isinstance(value, Mapping):
            return self.record(value, ", ")
        if isinstance(value, list | tuple):
            if any(isinstance(v, list | tuple) for v in value):
                return " | ".join(self.inline(v) if v else "–" for v in value)
            if any(isinstance(v, Mapping) for v in value):
                return ", ".join(f"({self.inline(v)})" for v in value)
            return ", ".join(self.inline(v) for v in value)
        if isinstance(value, str):
            return self.word(value)
        return str(value)
