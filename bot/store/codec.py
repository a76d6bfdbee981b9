"""What both backends decide and encode the same way (no database code): the ``to_act`` column, JSON, which
processes a starting one forgets or clashes with, and the rows read back (by column name, from an
``aiosqlite.Row`` or an ``asyncpg.Record`` alike)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bot.store.rows import (
    Delivery,
    GameRow,
    OutboxRow,
    Outgoing,
    Pace,
    Policy,
    ProcessRow,
    Status,
    Timer,
    Waiting,
)

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


class Row(Protocol):
    """A result row, read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


def encode_to_act(seats: Sequence[int]) -> str:
    """``(0, 2)`` -> ``",0,2,"``: delimited on both sides so SQL can test membership with instr()/strpos()."""
    return "," + ",".join(map(str, seats)) + "," if seats else ""


def decode_to_act(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.strip(",").split(",") if part)


def dumps(value: Any) -> str:
    """JSON as the store keeps it in a text column (compact, non-ASCII as is)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def sort_processes(me: ProcessRow, found: Sequence[ProcessRow], live_after: float,
                   gone: Callable[[ProcessRow], bool], clashes: Callable[[ProcessRow], bool]
                   ) -> tuple[list[str], ProcessRow | None]:
    """Of the processes recorded on the database, as ``me`` starts: the owners to forget (no beat since
    ``live_after``, or known to be ``gone``), and the first live one that ``clashes`` with ``me`` (None: none)."""
    forget = [p.owner for p in found if p.owner != me.owner and (p.beat < live_after or gone(p))]
    live = [p for p in found if p.owner != me.owner and p.owner not in forget]
    return forget, next((p for p in live if clashes(p)), None)


#: Each row dataclass's field names, read once.
_COLUMNS: dict[type[Any], tuple[str, ...]] = {}


def read(kind: type[T], row: Row, **decoded: Any) -> T:
    """A row dataclass from the columns named as its fields; ``decoded``: the fields read otherwise (JSON, enums)."""
    names = _COLUMNS.get(kind) or _COLUMNS.setdefault(kind, tuple(f.name for f in fields(kind)))
    return kind(**{name: row[name] for name in names if name not in decoded}, **decoded)


def game_row(row: Row) -> GameRow:
    return read(GameRow, row, options=json.loads(row["options"]), status=Status(row["status"]),
                to_act=decode_to_act(row["to_act"]), settings=json.loads(row["settings"] or "{}"),
                result=json.loads(row["result"]) if row["result"] is not None else None)


def timer_row(row: Row) -> Timer:
    """A clock joined with its game, ``people`` a JSON array of [user id, name] by seat."""
    people = json.loads(row["people"])
    return read(Timer, row, pace=Pace(row["pace"]), policy=Policy(row["policy"]), waiting=Waiting(row["waiting"]),
                started=row["started"] if row["started"] is not None else row["updated_at"],
                to_act=decode_to_act(row["hand"]), users=tuple(u for u, _ in people),
                names=tuple(n for _, n in people),
                language=str(json.loads(row["settings"] or "{}").get("language") or ""))


def outbox_row(row: Row) -> OutboxRow:
    item = read(Outgoing, row, body=json.loads(row["body"]),
                picture=json.loads(row["picture"]) if row["picture"] is not None else None)
    return read(OutboxRow, row, item=item, state=Delivery(row["state"]))
