"""Names people choose: stored safe for messages (no pings, markdown shown as typed), drawn as typed."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bot.store.sqlite import SqliteStore
from bot.text import escape_name, plain_name
from tests.bot.helpers import opened
from tests.old_schemas import old_sqlite_file

MENTION = re.compile(r"<@[!&]?\d+>|@everyone|@here")


@given(st.text().filter(lambda s: "\u200b" not in s))
def test_an_escaped_name_pings_nobody_and_reads_back_as_typed(name: str) -> None:
    safe = escape_name(name)
    assert MENTION.search(safe) is None
    assert plain_name(safe) == name


def test_markdown_in_a_name_is_shown_as_typed() -> None:
    assert escape_name("**Bo** _x_ `y`") == "\\*\\*Bo\\*\\* \\_x\\_ \\`y\\`"
    assert escape_name("# Ann") == "\\# Ann" and escape_name("Jean-Luc") == "Jean-Luc"


async def test_names_stored_before_are_escaped_when_the_database_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    await old_sqlite_file(path, 5, """INSERT INTO games (engine, rules_version, seed, guild_id, channel_id, status,
                                      created_by, created_at, updated_at)
                                      VALUES ('sprint', 1, 7, 1, 10, 'lobby', 1, 0, 0)""",
                          "INSERT INTO seats (game_id, user_id, name, joined) VALUES (1, 1, '@everyone <@5> **x**', 0)")
    async with opened(SqliteStore(path)) as store:
        (seat,) = await store.seats(1)
        assert seat.name == escape_name("@everyone <@5> **x**")
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 6
