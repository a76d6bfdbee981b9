"""What both backends decide and encode the same way (no database code): the ``to_act`` column, the outbox
items, which processes a starting one forgets or clashes with, and the rows read back (by column name, from
an ``aiosqlite.Row`` or an ``asyncpg.Record`` alike)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bot.store.rows import (
    ActionRow,
    Delivery,
    GameRow,
    LogStats,
    OutboxRow,
    Outgoing,
    Pace,
    Policy,
    ProcessRow,
    Status,
    Timer,
    Waiting,
)


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


def outbox_json(items: Sequence[Outgoing]) -> str:
    """Announcements as the JSON array SQLite's outbox insert reads."""
    return dumps([{"key": i.key, "game_id": i.game_id, "kind": i.kind, "channel_id": i.channel_id,
                   "user_id": i.user_id, "role": i.role, "body": i.body, "picture": i.picture} for i in items])


def sort_processes(me: ProcessRow, found: Sequence[ProcessRow], live_after: float,
                   gone: Callable[[ProcessRow], bool], clashes: Callable[[ProcessRow], bool]
                   ) -> tuple[list[str], ProcessRow | None]:
    """Of the processes recorded on the database, as ``me`` starts: the owners to forget (no beat since
    ``live_after``, or known to be ``gone``), and the first live one that ``clashes`` with ``me`` (None: none)."""
    forget = [p.owner for p in found if p.owner != me.owner and (p.beat < live_after or gone(p))]
    live = [p for p in found if p.owner != me.owner and p.owner not in forget]
    return forget, next((p for p in live if clashes(p)), None)


def game_row(row: Row) -> GameRow:
    return GameRow(
        id=row["id"], engine=row["engine"], rules_version=row["rules_version"], seed=row["seed"],
        options=json.loads(row["options"]), guild_id=row["guild_id"], channel_id=row["channel_id"],
        status=Status(row["status"]), created_by=row["created_by"], created_at=row["created_at"],
        updated_at=row["updated_at"], seat_count=row["seat_count"], version=row["version"],
        to_act=decode_to_act(row["to_act"]),
        result=json.loads(row["result"]) if row["result"] is not None else None, note=row["note"],
        settings=json.loads(row["settings"] or "{}"),
    )


def action_row(row: Row) -> ActionRow:
    return ActionRow(seq=row["seq"], seat=row["seat"], action_key=row["action_key"], public=row["public"],
                     created_at=row["created_at"])


def log_stats(row: Row) -> LogStats:
    """From the columns ``live``, ``last_live``, ``max_seq`` and ``last_seat``."""
    return LogStats(live=row["live"], last_live_seq=row["last_live"], max_seq=row["max_seq"],
                    last_seat=row["last_seat"])


def timer_row(row: Row) -> Timer:
    """A clock joined with its game, ``people`` a JSON array of [user id, name] by seat."""
    people = json.loads(row["people"])
    return Timer(game_id=row["game_id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
                 engine=row["engine"], pace=Pace(row["pace"]), policy=Policy(row["policy"]),
                 started=row["started"] if row["started"] is not None else row["updated_at"],
                 to_act=decode_to_act(row["hand"]), reminded=row["reminded"], reminded_at=row["reminded_at"],
                 waiting=Waiting(row["waiting"]), users=tuple(u for u, _ in people),
                 names=tuple(n for _, n in people),
                 language=str(json.loads(row["settings"] or "{}").get("language") or ""))


def process_row(row: Row) -> ProcessRow:
    return ProcessRow(owner=row["owner"], shards=row["shards"], host=row["host"], pid=row["pid"],
                      started=row["started"], beat=row["beat"])


def outbox_row(row: Row) -> OutboxRow:
    item = Outgoing(key=row["key"], game_id=row["game_id"], kind=row["kind"], channel_id=row["channel_id"],
                    user_id=row["user_id"], role=row["role"], body=json.loads(row["body"]),
                    picture=json.loads(row["picture"]) if row["picture"] is not None else None)
    return OutboxRow(id=row["id"], item=item, state=Delivery(row["state"]), attempts=row["attempts"],
                     created_at=row["created_at"], next_try=row["next_try"])
