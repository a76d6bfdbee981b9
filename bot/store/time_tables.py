"""Time, on either database: clocks, reminders, vacations, votes, seat replacements and results."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from bot.store.codec import read
from bot.store.codec import timer_row as _timer
from bot.store.dialect import Dialect, Tables
from bot.store.rating_tables import record_holder
from bot.store.rows import EngineStats, Outgoing, StaleVersion, Timer, Vacation, Vote, Waiting

#: A user's vacation under way at ``$1`` ends then (a new one starts, or they end it).
_CUT_VACATION = "UPDATE vacations SET ends = $1 WHERE user_id = $2 AND starts <= $1 AND ends > $1"


@functools.cache
def _timers(dialect: Dialect) -> str:
    """A clock joined with its game, and its people by seat.  (The seats of a game under way are numbered and
    distinct: ordered by seat alone, SQLite reads them in its index's order, with no sort.)"""
    people = dialect.json_rows("user_id, name", "seats WHERE game_id = g.id", "seat NULLS FIRST")
    return f"""SELECT c.*, g.guild_id, g.channel_id, g.engine, g.updated_at, g.settings, {people} AS people
               FROM clocks c JOIN games g ON g.id = c.game_id"""


@functools.cache
def _stats(dialect: Dialect) -> str:
    won = dialect.json_item_is("g.result", "ranks", "s.seat", 1)
    return f"""SELECT engine, COUNT(*) AS played, COUNT(*) FILTER (WHERE won) AS won, against_bots
               FROM (SELECT g.engine, {won} AS won,
                            EXISTS (SELECT 1 FROM seats b WHERE b.game_id = g.id AND b.level != '') AS against_bots
                     FROM seats s JOIN games g ON g.id = s.game_id
                     WHERE g.guild_id = $1 AND s.user_id = $2 AND s.level = '' AND g.status = 'finished'
                           AND g.result IS NOT NULL) mine
               GROUP BY engine, against_bots"""


class TimeTables(Tables):
    """Clocks, reminder settings, vacations, votes and per-server results."""

    async def timer(self, game_id: int) -> Timer | None:
        rows = await self._fetch(_timers(self.dialect) + " WHERE c.game_id = $1", game_id)
        return _timer(rows[0]) if rows else None

    async def running_timers(self) -> list[Timer]:
        rows = await self._fetch(_timers(self.dialect) + " WHERE g.status = 'running' ORDER BY g.id")
        return [_timer(r) for r in rows]

    async def mark_reminded(self, marks: Sequence[tuple[int, float, int]], at: float,
                            announce: Callable[[set[int]], Sequence[Outgoing]] | None = None) -> set[int]:
        """Record reminders sent: ``marks`` are (game, the hand-over's start, reminder points passed).
        A hand-over that has ended meanwhile is left alone.  ``announce`` gets the games marked and
        returns the reminders to send, written in the same transaction.  Returns the games marked."""
        marked = set()
        async with self._tx() as tx:
            for game_id, started, reminded in marks:
                # Only forward: two processes sending the same reminder mark it once (and one sends it).
                if await tx.execute("""UPDATE clocks SET reminded = $1, reminded_at = $2
                                       WHERE game_id = $3 AND started = $4 AND reminded < $1""",
                                    reminded, at, game_id, started) == 1:
                    marked.add(game_id)
            if announce is not None and marked:
                await self._announce(tx, announce(marked))
        return marked

    async def set_waiting(self, game_id: int, version: int, waiting: Waiting,
                          announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await self._check(tx, game_id, version)
            if await tx.execute("UPDATE clocks SET waiting = $1 WHERE game_id = $2", waiting.value, game_id) != 1:
                raise StaleVersion(f"game {game_id} has no clock")
            await self._announce(tx, announce, game_id)

    async def reminder_opt_outs(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        rows = await self._fetch(
            "SELECT user_id FROM user_settings WHERE NOT reminders AND user_id = ANY($1::bigint[])", user_ids)
        return {r["user_id"] for r in rows}

    async def _set_user(self, user_id: int, column: str, value: bool | str) -> None:
        await self._write(f"""INSERT INTO user_settings (user_id, {column}) VALUES ($1, $2)
                              ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}""", user_id, value)

    async def set_reminders(self, user_id: int, on: bool) -> None:
        await self._set_user(user_id, "reminders", on)

    async def languages(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        """Each user's (chosen language, client locale last seen); users with neither are left out."""
        if not user_ids:
            return {}
        rows = await self._fetch("""SELECT user_id, language, locale FROM user_settings
                                    WHERE (language != '' OR locale != '') AND user_id = ANY($1::bigint[])""",
                                 user_ids)
        return {r["user_id"]: (r["language"], r["locale"]) for r in rows}

    async def set_language(self, user_id: int, language: str) -> None:
        await self._set_user(user_id, "language", language)

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self._set_user(user_id, "locale", locale)

    async def vacations(self, user_ids: list[int] | None, since: float) -> list[Vacation]:
        """Vacations ending after ``since`` (of these users, or of everyone)."""
        if user_ids is not None and not user_ids:
            return []
        rows = await self._fetch(
            """SELECT * FROM vacations WHERE ends > $1 AND ($2::bigint[] IS NULL OR user_id = ANY($2::bigint[]))
               ORDER BY user_id, starts""", since, user_ids)
        return [Vacation(r["user_id"], r["starts"], r["ends"]) for r in rows]

    async def start_vacation(self, user_id: int, start: float, end: float,
                             announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await tx.execute(_CUT_VACATION, start, user_id)
            await tx.execute("""INSERT INTO vacations (user_id, starts, ends) VALUES ($1, $2, $3)
                                ON CONFLICT (user_id, starts) DO UPDATE SET ends = excluded.ends""",
                             user_id, start, end)
            await self._announce(tx, announce)

    async def end_vacation(self, user_id: int, at: float, announce: Sequence[Outgoing] = ()) -> bool:
        async with self._tx() as tx:
            ended = await tx.execute(_CUT_VACATION, at, user_id) > 0
            if ended:
                await self._announce(tx, announce)
            return ended

    async def cast_vote(self, game_id: int, vote: Vote, announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await tx.execute(
                """INSERT INTO votes (game_id, voter, choice, target, target_name, created_at)
                   VALUES ($1, $2, $3, $4, $5, $6)
                   ON CONFLICT (game_id, voter) DO UPDATE SET choice = excluded.choice, target = excluded.target,
                       target_name = excluded.target_name, created_at = excluded.created_at""",
                game_id, vote.voter, vote.choice, vote.target, vote.target_name, self.clock())
            await self._announce(tx, announce, game_id)

    async def votes(self, game_id: int) -> list[Vote]:
        rows = await self._fetch("SELECT * FROM votes WHERE game_id = $1 ORDER BY created_at, voter", game_id)
        return [read(Vote, r) for r in rows]

    async def replace_seat(self, game_id: int, version: int, seat: int, user_id: int, name: str,
                           announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version)
            await record_holder(tx, game_id, seat)  # who played the seat so far: ratings weigh their share
            if await tx.execute("UPDATE seats SET user_id = $1, name = $2 WHERE game_id = $3 AND seat = $4",
                                user_id, name, game_id, seat) != 1:
                raise StaleVersion(f"game {game_id} has no seat {seat}")
            await self._restart_clock(tx, game_id, None)
            await self._announce(tx, announce, game_id)

    async def stats(self, guild_id: int, user_id: int) -> list[EngineStats]:
        """Games played and won per engine (in code point order), those against computers apart."""
        rows = await self._fetch(_stats(self.dialect), guild_id, user_id)
        return sorted((read(EngineStats, r, against_bots=bool(r["against_bots"])) for r in rows),
                      key=lambda s: (s.engine, s.against_bots))
