"""The SQLite store's games: rows, seats, the append-only action log and the state cache."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.store.codec import action_row as _action
from bot.store.codec import encode_to_act, move_outcome, outbox_json
from bot.store.codec import game_row as _game
from bot.store.codec import log_stats as _stats
from bot.store.protocol import AnnounceNew
from bot.store.rows import (
    TAIL,
    ActionRow,
    ChannelBusy,
    GameParts,
    GameRow,
    LogStats,
    NewGame,
    NewMove,
    Outgoing,
    Pace,
    Policy,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    UserGame,
)
from bot.store.sqlite_base import SqliteBase

_MOVE_COMMIT = """INSERT INTO move_commits (game_id, version, seq, seat, action_key, public, state_json, to_act,
                                           status, result, now, announce)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""


class GameTables(SqliteBase):
    """Games, seats, actions and states."""

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", game_id)
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", channel_id)
        return _game(rows[0]) if rows else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)
        return _game(rows[0]) if rows else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch("SELECT * FROM seats WHERE game_id = ? ORDER BY seat, joined", game_id)
        return [SeatRow(user_id=r["user_id"], name=r["name"], seat=r["seat"], joined=r["joined"], level=r["level"])
                for r in rows]

    async def read_state(self, game_id: int) -> StateRow | None:
        rows = await self._fetch("SELECT seq, state_json FROM state WHERE game_id = ?", game_id)
        return StateRow(seq=rows[0]["seq"], state_json=rows[0]["state_json"]) if rows else None

    async def live_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq", game_id)
        return [_action(r) for r in rows]

    _STATS = """COALESCE(SUM(undone = 0), 0) AS live,
                 COALESCE(MAX(CASE WHEN undone = 0 THEN seq END), 0) AS last_live,
                 COALESCE(MAX(seq), 0) AS max_seq,
                 (SELECT seat FROM actions WHERE game_id = ?1 AND undone = 0
                  ORDER BY seq DESC LIMIT 1) AS last_seat"""

    async def log_stats(self, game_id: int) -> LogStats:
        rows = await self._fetch(f"SELECT {self._STATS} FROM actions WHERE game_id = ?1", game_id)
        return _stats(rows[0])

    async def game_parts(self, game_id: int) -> GameParts:
        # One query, not three: each query is a round trip to aiosqlite's thread.
        rows = await self._fetch(
            f"""SELECT {self._STATS},
                   (SELECT json_group_array(json_array(user_id, name, seat, joined, level))
                    FROM (SELECT * FROM seats WHERE game_id = ?1 ORDER BY seat, joined)) AS seats,
                   (SELECT seq FROM state WHERE game_id = ?1) AS state_seq,
                   (SELECT state_json FROM state WHERE game_id = ?1) AS state_json,
                   (SELECT pace FROM clocks WHERE game_id = ?1) AS pace,
                   (SELECT policy FROM clocks WHERE game_id = ?1) AS policy,
                   (SELECT json_group_array(json_array(seq, seat, public))
                    FROM (SELECT seq, seat, public FROM actions WHERE game_id = ?1 AND undone = 0
                          ORDER BY seq DESC LIMIT ?2)) AS tail,
                   (SELECT json_extract(body, '$.since') FROM outbox
                    WHERE game_id = ?1 AND role = 'turn' AND kind = 'post' ORDER BY id DESC LIMIT 1) AS turn_from
                FROM actions WHERE game_id = ?1""", game_id, TAIL)
        row = rows[0]
        seats = [SeatRow(user_id=u, name=n, seat=s, joined=j, level=v) for u, n, s, j, v in json.loads(row["seats"])]
        state = None if row["state_seq"] is None else StateRow(seq=row["state_seq"], state_json=row["state_json"])
        tail = tuple((q, s, p) for q, s, p in reversed(json.loads(row["tail"])))
        return GameParts(seats=seats, stats=_stats(row), state=state, pace=Pace(row["pace"] or "none"),
                         policy=Policy(row["policy"] or "skip"), tail=tail, turn_from=row["turn_from"] or 0)

    async def action_page(self, game_id: int, offset: int, limit: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq LIMIT ? OFFSET ?",
            game_id, limit, offset)
        return [_action(r) for r in rows]

    async def games_in_guild(self, guild_id: int, limit: int) -> list[GameRow]:
        rows = await self._fetch(
            """SELECT * FROM games WHERE guild_id = ?
               ORDER BY status IN ('lobby', 'running') DESC, updated_at DESC, id DESC LIMIT ?""", guild_id, limit)
        return [_game(r) for r in rows]

    async def games_to_act(self, user_id: int) -> list[UserGame]:
        rows = await self._fetch(
            """SELECT g.*, s.seat AS my_seat FROM seats s JOIN games g ON g.id = s.game_id
               WHERE s.user_id = ? AND g.status = 'running' AND instr(g.to_act, ',' || s.seat || ',') > 0
               ORDER BY g.updated_at, g.id""", user_id)
        return [UserGame(game=_game(r), seat=r["my_seat"]) for r in rows]

    async def open_lobbies(self, guild_id: int, user_id: int, origin_id: int) -> tuple[int, int]:
        """Open lobbies (by that member in that server, in that channel and its threads)."""
        rows = await self._fetch(
            """SELECT COALESCE(SUM(guild_id = ?1 AND created_by = ?2), 0) AS mine,
                      COALESCE(SUM(origin_id = ?3), 0) AS here
               FROM games WHERE status = 'lobby'""", guild_id, user_id, origin_id)
        return int(rows[0]["mine"]), int(rows[0]["here"])

    async def games_waiting_for_bots(self) -> list[GameRow]:
        rows = await self._fetch(
            """SELECT DISTINCT g.* FROM games g JOIN seats s ON s.game_id = g.id
               WHERE g.status = 'running' AND s.level != '' AND instr(g.to_act, ',' || s.seat || ',') > 0
               ORDER BY g.updated_at, g.id""")
        return [_game(r) for r in rows]

    async def games_with_status(self, status: Status) -> list[GameRow]:
        rows = await self._fetch("SELECT * FROM games WHERE status = ? ORDER BY id", status.value)
        return [_game(r) for r in rows]

    # -- writing -------------------------------------------------------------

    async def create_game(self, new: NewGame, announce: AnnounceNew | None = None) -> GameRow:
        now = self.clock()
        try:
            async with self._tx() as tx:
                db = tx.db
                cursor = await db.execute(
                    """INSERT INTO games (engine, rules_version, seed, options, guild_id, channel_id, status,
                                          created_by, created_at, updated_at, seat_count, origin_id, settings)
                       VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)""",
                    (new.engine, new.rules_version, new.seed, json.dumps(new.options), new.guild_id,
                     new.channel_id, new.created_by, now, now, new.seat_count,
                     new.channel_id if new.origin_id is None else new.origin_id, json.dumps(new.settings)))
                game_id = cursor.lastrowid
                assert game_id is not None  # an INSERT into a rowid table always sets it
                await db.execute("INSERT INTO seats (game_id, user_id, name, joined) VALUES (?, ?, ?, 0)",
                                 (game_id, new.created_by, new.creator_name))
                await db.execute("INSERT INTO clocks (game_id, pace, policy) VALUES (?, ?, ?)",
                                 (game_id, Pace(new.pace).value, Policy(new.policy).value))
                if announce is not None:
                    await self._announce(tx, announce(game_id), game_id)
        except sqlite3.IntegrityError:
            # The partial unique index: the channel has an active game (perhaps from another process).
            busy = await self.active_game(new.channel_id)
            if busy is None:
                raise
            raise ChannelBusy(busy) from None
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def add_seat(self, game_id: int, version: int, user_id: int, name: str,
                       announce: Sequence[Outgoing] = (), level: str = "") -> None:
        async with self._tx() as tx:
            db = tx.db
            await self._bump(tx, game_id, version)
            await self._insert_seat(db, game_id, user_id, name, level)
            await self._announce(tx, announce, game_id)

    @staticmethod
    async def _insert_seat(db: aiosqlite.Connection, game_id: int, user_id: int, name: str, level: str = "") -> None:
        await db.execute(
            """INSERT INTO seats (game_id, user_id, name, joined, level)
               VALUES (?, ?, ?, (SELECT COALESCE(MAX(joined), -1) + 1 FROM seats WHERE game_id = ?), ?)""",
            (game_id, user_id, name, game_id, level))

    async def remove_seat(self, game_id: int, version: int, user_id: int,
                          announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            db = tx.db
            await self._bump(tx, game_id, version)
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ? AND seat IS NULL",
                             (game_id, user_id))
            await self._announce(tx, announce, game_id)

    async def start_game(self, game_id: int, version: int, order: list[int], rules_version: int,
                         state_json: str, to_act: tuple[int, ...], announce: Sequence[Outgoing] = (),
                         newcomer: tuple[int, str] | tuple[int, str, str] | None = None) -> None:
        """Seat the players in ``order`` and store the first state; ``newcomer`` (user id, name, and a
        computer's level) takes the last place first, in the same transaction (a Join that fills the table)."""
        async with self._tx() as tx:
            db = tx.db
            await self._bump(tx, game_id, version, status=Status.RUNNING.value, rules_version=rules_version,
                             to_act=encode_to_act(to_act))
            if newcomer is not None:
                await self._insert_seat(db, game_id, *newcomer)
            await db.executemany("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                                 [(seat, game_id, user) for seat, user in enumerate(order)])
            await db.execute("INSERT INTO state (game_id, seq, state_json) VALUES (?, 0, ?)",
                             (game_id, state_json))
            await self._restart_clock(tx, game_id, to_act)
            await self._announce(tx, announce, game_id)

    async def append_action(self, game_id: int, version: int, seq: int, seat: int, action_key: str,
                            public: str, state_json: str, to_act: tuple[int, ...],
                            result: dict[str, Any] | None, announce: Sequence[Outgoing] = ()) -> None:
        """One move and its announcements: one INSERT on the ``move_commits`` view (one round trip to
        aiosqlite's thread, one atomic statement; its trigger checks the version)."""
        try:
            async with self._lock:
                await self.db.execute(_MOVE_COMMIT, self._move_row(game_id, version, NewMove(seq, seat, action_key,
                                                                                            public),
                                                                   state_json, to_act, result, announce))
                self._dirty = True
        except sqlite3.IntegrityError as err:  # the version moved, or (game_id, seq) is taken
            raise StaleVersion(f"game {game_id} moved on before action {seq}: {err}") from err

    async def append_actions(self, game_id: int, version: int, moves: Sequence[NewMove], state_json: str,
                             to_act: tuple[int, ...], result: dict[str, Any] | None,
                             announce: Sequence[Outgoing] = ()) -> None:
        """Several moves of one seat (played for an absent player) in one transaction; the state and
        the announcements go with the last."""
        try:
            async with self._tx() as tx:
                db = tx.db
                for i, move in enumerate(moves):
                    last = i == len(moves) - 1
                    await db.execute(_MOVE_COMMIT, self._move_row(
                        game_id, version + i, move, state_json, to_act, result if last else None,
                        announce if last else ()))
        except sqlite3.IntegrityError as err:
            raise StaleVersion(f"game {game_id} moved on before action {moves[0].seq}: {err}") from err

    def _move_row(self, game_id: int, version: int, move: NewMove, state_json: str, to_act: tuple[int, ...],
                  result: dict[str, Any] | None, announce: Sequence[Outgoing]) -> tuple[Any, ...]:
        status, result_json = move_outcome(result)
        return (game_id, version, move.seq, move.seat, move.action_key, move.public, state_json,
                encode_to_act(to_act), status, result_json, self.clock(), outbox_json(announce) if announce else None)

    async def undo_action(self, game_id: int, version: int, seq: int, state_seq: int, state_json: str,
                          to_act: tuple[int, ...], announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            db = tx.db
            await self._bump(tx, game_id, version, to_act=encode_to_act(to_act))
            cursor = await db.execute(
                "UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ? AND undone = 0", (game_id, seq))
            if cursor.rowcount != 1:
                raise StaleVersion(f"action {seq} of game {game_id} is not live")
            await db.execute("INSERT OR REPLACE INTO state (game_id, seq, state_json) VALUES (?, ?, ?)",
                             (game_id, state_seq, state_json))
            await self._restart_clock(tx, game_id, to_act, only_if_changed=True)
            await self._announce(tx, announce, game_id)

    async def end_game(self, game_id: int, version: int, status: Status, result: dict[str, Any] | None,
                       note: str, announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version, status=status.value, to_act="", note=note,
                             result=None if result is None else json.dumps(result))
            await self._announce(tx, announce, game_id)

    async def repair_state(self, game_id: int, version: int, state_seq: int, state_json: str,
                           rules_version: int) -> None:
        # A rebuilt cache row is the same game, so the version is checked (the log must not have
        # moved meanwhile) but not bumped: other processes' copies stay valid.
        async with self._tx() as tx:
            db = tx.db
            cursor = await db.execute("UPDATE games SET rules_version = ? WHERE id = ? AND version = ?",
                                      (rules_version, game_id, version))
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")
            await db.execute("INSERT OR REPLACE INTO state (game_id, seq, state_json) VALUES (?, ?, ?)",
                             (game_id, state_seq, state_json))


