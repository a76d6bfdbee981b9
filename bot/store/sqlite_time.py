"""The SQLite store's time: clocks, reminders, vacations, votes, seat replacements and results."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.store.codec import timer_row as _timer
from bot.store.rows import EngineStats, Outgoing, StaleVersion, Timer, Vacation, Vote, Waiting
from bot.store.sqlite_base import SqliteBase


class TimeTables(SqliteBase):
    """Clocks, reminder settings, vacations, votes and per-server results."""

    _TIMERS = """SELECT c.*, g.guild_id, g.channel_id, g.engine, g.updated_at, g.settings,
                   (SELECT json_group_array(json_array(user_id, name))
                    FROM (SELECT user_id, name FROM seats WHERE game_id = g.id ORDER BY seat)) AS people
                 FROM clocks c JOIN games g ON g.id = c.game_id"""

    async def timer(self, game_id: int) -> Timer | None:
        rows = await self._fetch(self._TIMERS + " WHERE c.game_id = ?", game_id)
        return _timer(rows[0]) if rows else None

    async def running_timers(self) -> list[Timer]:
        rows = await self._fetch(self._TIMERS + " WHERE g.status = 'running' ORDER BY g.id")
        return [_timer(r) for r in rows]

    async def mark_reminded(self, marks: Sequence[tuple[int, float, int]], at: float,
                            announce: Callable[[set[int]], Sequence[Outgoing]] | None = None) -> set[int]:
        """Record reminders sent: ``marks`` are (game, the hand-over's start, reminder points passed).
        A hand-over that has ended meanwhile is left alone.  ``announce`` gets the games marked and
        returns the reminders to send, written in the same transaction.  Returns the games marked."""
        marked = set()
        async with self._tx() as db:
            for game_id, started, reminded in marks:
                cursor = await db.execute(
                    # Only forward: two processes sending the same reminder mark it once (and one sends it).
                    """UPDATE clocks SET reminded = ?1, reminded_at = ?2
                       WHERE game_id = ?3 AND started = ?4 AND reminded < ?1""",
                    (reminded, at, game_id, started))
                if cursor.rowcount == 1:
                    marked.add(game_id)
            if announce is not None and marked:
                await self._announce(db, announce(marked))
        return marked

    async def set_waiting(self, game_id: int, version: int, waiting: Waiting,
                          announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as db:
            cursor = await db.execute(
                """UPDATE clocks SET waiting = ? WHERE game_id = ?
                   AND EXISTS (SELECT 1 FROM games WHERE id = ? AND version = ?)""",
                (waiting.value, game_id, game_id, version))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")
            await self._announce(db, announce, game_id)

    async def reminder_opt_outs(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetch(
            f"SELECT user_id FROM user_settings WHERE reminders = 0 AND user_id IN ({marks})", *user_ids)
        return {r["user_id"] for r in rows}

    async def set_reminders(self, user_id: int, on: bool) -> None:
        async with self._tx() as db:
            await db.execute("""INSERT INTO user_settings (user_id, reminders) VALUES (?, ?)
                                ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders""",
                             (user_id, int(on)))

    async def languages(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        """Each user's (chosen language, client locale last seen); users with neither are left out."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetch(f"""SELECT user_id, language, locale FROM user_settings
                                     WHERE (language != '' OR locale != '') AND user_id IN ({marks})""", *user_ids)
        return {r["user_id"]: (r["language"], r["locale"]) for r in rows}

    async def set_language(self, user_id: int, language: str) -> None:
        async with self._tx() as db:
            await db.execute("""INSERT INTO user_settings (user_id, language) VALUES (?, ?)
                                ON CONFLICT (user_id) DO UPDATE SET language = excluded.language""",
                             (user_id, language))

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self._tx() as db:
            await db.execute("""INSERT INTO user_settings (user_id, locale) VALUES (?, ?)
                                ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale""",
                             (user_id, locale))

    async def vacations(self, user_ids: list[int] | None, since: float) -> list[Vacation]:
        """Vacations ending after ``since`` (of these users, or of everyone)."""
        where, args = "ends > ?", [since]
        if user_ids is not None:
            if not user_ids:
                return []
            where += f" AND user_id IN ({','.join('?' * len(user_ids))})"
            args += user_ids
        rows = await self._fetch(f"SELECT * FROM vacations WHERE {where} ORDER BY user_id, starts", *args)
        return [Vacation(r["user_id"], r["starts"], r["ends"]) for r in rows]

    async def start_vacation(self, user_id: int, start: float, end: float,
                             announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ?",
                             (start, user_id, start, start))
            await db.execute("INSERT OR REPLACE INTO vacations (user_id, starts, ends) VALUES (?, ?, ?)",
                             (user_id, start, end))
            await self._announce(db, announce)

    async def end_vacation(self, user_id: int, at: float, announce: Sequence[Outgoing] = ()) -> bool:
        async with self._tx() as db:
            cursor = await db.execute(
                "UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ?",
                (at, user_id, at, at))
            if cursor.rowcount > 0:
                await self._announce(db, announce)
            return cursor.rowcount > 0

    async def cast_vote(self, game_id: int, vote: Vote, announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as db:
            await db.execute(
                """INSERT OR REPLACE INTO votes (game_id, voter, choice, target, target_name, created_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (game_id, vote.voter, vote.choice, vote.target, vote.target_name, self.clock()))
            await self._announce(db, announce, game_id)

    async def votes(self, game_id: int) -> list[Vote]:
        rows = await self._fetch("SELECT * FROM votes WHERE game_id = ? ORDER BY created_at, voter", game_id)
        return [Vote(r["voter"], r["choice"], r["target"], r["target_name"]) for r in rows]

    async def replace_seat(self, game_id: int, version: int, seat: int, user_id: int, name: str,
                           announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version)
            cursor = await db.execute("UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                                      (user_id, name, game_id, seat))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} has no seat {seat}")
            await self._restart_clock(db, game_id, None)
            await self._announce(db, announce, game_id)

    async def stats(self, guild_id: int, user_id: int) -> list[EngineStats]:
        rows = await self._fetch(
            """SELECT g.engine, COUNT(*) AS played,
                      COALESCE(SUM(json_extract(g.result, '$.ranks[' || s.seat || ']') = 1), 0) AS won,
                      EXISTS (SELECT 1 FROM seats b WHERE b.game_id = g.id AND b.level != '') AS against_bots
               FROM seats s JOIN games g ON g.id = s.game_id
               WHERE g.guild_id = ? AND s.user_id = ? AND s.level = '' AND g.status = 'finished'
                     AND g.result IS NOT NULL
               GROUP BY g.engine, against_bots ORDER BY g.engine, against_bots""", guild_id, user_id)
        return [EngineStats(r["engine"], r["played"], r["won"], bool(r["against_bots"])) for r in rows]
