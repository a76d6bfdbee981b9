"""A game's view as text a person reads: what the console's ``board`` and ``hand`` print.

Generic over every game (the bot knows no game by name): a view is a mapping, and it is written as

- ``label: value`` lines, a nested part indented under its label (a small flat part on one line);
- a list of records as one line each (``- seat 2; score 5; coins 1``), an ``id``/``code``/``key`` leading
  (``- red-S: colour red; size S``); a record too long for a line keeps its plain fields on its first line and
  puts each compound one on a line of its own;
- seats counted from 1, as players count them (views count from 0): the fields :data:`SEAT_KEYS` names, and
  those a game adds (``GameInfo.view_seats``);
- nothing for a field that is empty, ``None`` or false inside a record (no "token none; owner none"), nor
  for a top-level one that is ``None`` or false; an empty top-level list reads "none".
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

from bot.language import pgettext

#: View fields whose values are seats, by the engines' common naming (0-based in the view).
SEAT_KEYS = frozenset({"seat", "to_act", "owner", "winner", "winners", "first", "first_player", "turn_order"})
#: Fields that only repeat what the heading above the view says (the game's name).
SKIPPED = frozenset({"game"})
#: Fields that name a record: written first, as its heading (``red-S: …``).
HEADINGS = ("id", "code", "key")
#: A field that repeats another of its record: a colour's letter (the ``colours`` legend gives it).
REPEATS = {"letter": "colour"}
#: A field shown without its name: a choice's label after its key (``move 4: Move 4 to the red wall``).
UNNAMED = frozenset({"label"})
#: The width past which a record's compound fields go on lines of their own.
WIDTH = 110


def format_view(view: Mapping[str, Any], indent: str = "  ", seat_keys: Collection[str] = ()) -> str:
    """``view`` as readable text (see the module's docstring); ``seat_keys``: more fields that hold seats."""
    seats = SEAT_KEYS | frozenset(seat_keys)
    return "\n".join(_block(counted_from_one(view, seats), indent))


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


def _block(view: Mapping[str, Any], indent: str) -> Iterator[str]:
    for key, value in view.items():
        if key in SKIPPED or value is None or value is False:
            continue
        name = label(key)
        if isinstance(value, Mapping) and value and not _flat(value):
            yield f"{indent}{name}:"
            yield from _block(value, indent + "  ")
        elif isinstance(value, list) and any(isinstance(item, Mapping) for item in value):
            yield f"{indent}{name}:"
            # One layout for a whole list: each record on a line, or each over lines if one is too long.
            wide = any(len(indent) + 4 + len(_record(item, "; ")) > WIDTH
                       for item in value if isinstance(item, Mapping))
            for item in value:
                yield from _record_lines(item, indent + "  ", wide)
        else:
            yield f"{indent}{name}: {_inline(value) or none()}"


def _flat(part: Mapping[str, Any]) -> bool:
    """A part of named fields, short and plain enough for one line (``supply: wall 7, tower 3``)."""
    return (all(_named(k) and not isinstance(v, Mapping | list | tuple) for k, v in part.items())
            and len(_inline(part)) <= WIDTH // 2)


def _named(key: Any) -> bool:
    """A field's name (``colour``), not a key that is data (a number, a site letter)."""
    return sum(c.isalpha() for c in str(key)) > 1


def _record_lines(record: Any, indent: str, wide: bool) -> Iterator[str]:
    """One record of a list: a line, or (``wide``) its plain fields on a line and each compound one below them."""
    if not isinstance(record, Mapping):
        yield f"{indent}- {_inline(record) or none()}"
        return
    if not wide:
        yield f"{indent}- {_record(record, '; ')}"
        return
    shown = _shown(record)
    plain = {k: v for k, v in shown.items() if not isinstance(v, Mapping | list | tuple)}
    compound = [(k, v) for k, v in shown.items() if k not in plain]
    lines = [f"{label(key)}: {_inline(value)}" for key, value in compound]
    if plain:
        lines.insert(0, _record(plain, "; "))
    yield f"{indent}- {lines[0]}"
    yield from (f"{indent}    {line}" for line in lines[1:])


def _record(record: Mapping[str, Any], sep: str) -> str:
    """A record's fields on one line, its heading first: ``red-S: colour red; size S``."""
    head = next((k for k in HEADINGS if isinstance(record.get(k), str | int) and record.get(k) != ""), None)
    fields = sep.join(_field(k, v, nested=sep != "; ") for k, v in _shown(record).items() if k != head)
    if head is None:
        return fields
    return f"{record[head]}: {fields}" if fields else str(record[head])


def _field(key: Any, value: Any, nested: bool = False) -> str:
    """``colour red`` for a field; ``3: 1`` for a key that is data (a number, a letter), not a name.  Inside a
    record that is itself a field (``nested``), a list's items are joined by spaces (its fields by commas)."""
    if isinstance(value, Mapping):
        shown = _shown(value)
        text = _inline(shown) if len(shown) == 1 and not _named(key) else f"({_inline(shown)})"
    elif isinstance(value, list) and any(isinstance(v, Mapping) for v in value):
        text = ", ".join(f"({_inline(v)})" for v in value)
    elif isinstance(value, list) and nested:
        text = " ".join(_inline(v) for v in value)
    else:
        text = _inline(value)
    if key in UNNAMED:
        return text
    return f"{label(key)} {text}" if _named(key) else f"{key}: {text}"


def _inline(value: Any) -> str:
    """A value on one line: records' fields joined by commas, lists by commas, a list of lists by bars."""
    if value is True:
        return pgettext("value", "yes")
    if value is None or value is False:
        return none()
    if isinstance(value, Mapping):
        return _record(value, ", ")
    if isinstance(value, list | tuple):
        if any(isinstance(v, list | tuple) for v in value):
            return " | ".join(_inline(v) if v else "–" for v in value)
        if any(isinstance(v, Mapping) for v in value):
            return ", ".join(f"({_inline(v)})" for v in value)
        return ", ".join(_inline(v) for v in value)
    return str(value)
