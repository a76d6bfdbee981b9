"""Games, on either database: rows, seats, the append-only action log and the state cache, a move's commit
(the version check, the action, the state, the clock by :meth:`bot.store.dialect.Tables._restart_clock`, the
announcements: one transaction)."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from bot.store.codec import encode_to_act, game_row, read
from bot.store.dialect import Dialect, Tables, Tx
from bot.store.rating_rows import RatingUpdate
from bot.store.rating_tables import write_rating
from bot.store.rows import (
    TAIL,
    ActionRow,
    AnnounceNew,
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

_ACTIVE = "status IN ('lobby', 'running')"
_SEAT_ORDER = "seat NULLS FIRST, joined"  # lobby seats (no seat yet) lead, in the order they joined

_STATS = """COUNT(*) FILTER (WHERE NOT undone) AS live,
            COALESCE(MAX(seq) FILTER (WHERE NOT undone), 0) AS last_live_seq,
            COALESCE(MAX(seq), 0) AS max_seq,
            (SELECT seat FROM actions WHERE game_id = $1 AND NOT undone ORDER BY seq DESC LIMIT 1) AS last_seat"""


@functools.cache
def _parts(dialect: Dialect) -> str:
    """Everything :meth:`GameTables.game_parts` reads, in one statement: one round trip, one snapshot."""
    seats = dialect.json_rows("user_id, name, seat, joined, level", "seats WHERE game_id = $1", _SEAT_ORDER)
    tail = dialect.json_rows("seq, seat, public", "actions WHERE game_id = $1 AND NOT undone", "seq DESC", "$2")
    return f"""SELECT {_STATS}, {seats} AS seats,
                   (SELECT seq FROM state WHERE game_id = $1) AS state_seq,
                   (SELECT state_json FROM state WHERE game_id = $1) AS state_json,
                   (SELECT pace FROM clocks WHERE game_id = $1) AS pace,
                   (SELECT policy FROM clocks WHERE game_id = $1) AS policy,
                   {tail} AS tail,
                   (SELECT {dialect.json_number("body", "since")} FROM outbox
                    WHERE game_id = $1 AND role = 'turn' AND kind = 'post' ORDER BY id DESC LIMIT 1) AS turn_from
                FROM actions WHERE game_id = $1"""


class GameTables(Tables):
    """Games, seats, actions, states."""

    async def _games(self, sql: str, *args: Any) -> list[GameRow]:
        return [game_row(r) for r in await self._fetch(sql, *args)]

    async def _game(self, sql: str, key: int) -> GameRow | None:
        return next(iter(await self._games(sql, key)), None)

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._game("SELECT * FROM games WHERE id = $1", game_id)

    async def active_game(self, channel_id: int) -> GameRow | None:
        # (No ORDER BY: there is at most one, and the partial unique index finds it.)
        return await self._game(f"SELECT * FROM games WHERE channel_id = $1 AND {_ACTIVE}", channel_id)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        return await self._game("SELECT * FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch(f"SELECT * FROM seats WHERE game_id = $1 ORDER BY {_SEAT_ORDER}", game_id)
        return [read(SeatRow, r) for r in rows]

    async def read_state(self, game_id: int) -> StateRow | None:
        rows = await self._fetch("SELECT seq, state_json FROM state WHERE game_id = $1", game_id)
        return read(StateRow, rows[0]) if rows else None

    async def live_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._fetch("SELECT * FROM actions WHERE game_id = $1 AND NOT undone ORDER BY seq", game_id)
        return [read(ActionRow, r) for r in rows]

    async def log_stats(self, game_id: int) -> LogStats:
        rows = await self._fetch(f"SELECT {_STATS} FROM actions WHERE game_id = $1", game_id)
        return read(LogStats, rows[0])

    async def game_parts(self, game_id: int) -> GameParts:
        row = (await self._fetch(_parts(self.dialect), game_id, TAIL))[0]
        seats = [SeatRow(user_id=u, name=n, seat=s, joined=j, level=v) for u, n, s, j, v in json.loads(row["seats"])]
        state = None if row["state_seq"] is None else StateRow(seq=row["state_seq"], state_json=row["state_json"])
        tail = tuple((q, s, p) for q, s, p in reversed(json.loads(row["tail"])))  # read newest first
        return GameParts(seats=seats, stats=read(LogStats, row), state=state, pace=Pace(row["pace"] or "none"),
                         policy=Policy(row["policy"] or "skip"), tail=tail, turn_from=row["turn_from"] or 0)

    async def action_page(self, game_id: int, offset: int, limit: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = $1 AND NOT undone ORDER BY seq LIMIT $2 OFFSET $3",
            game_id, limit, offset)
        return [read(ActionRow, r) for r in rows]

    async def games_in_guild(self, guild_id: int, limit: int) -> list[GameRow]:
        return await self._games(f"""SELECT * FROM games WHERE guild_id = $1
                                     ORDER BY {_ACTIVE} DESC, updated_at DESC, id DESC LIMIT $2""", guild_id, limit)

    async def games_to_act(self, user_id: int) -> list[UserGame]:
        rows = await self._fetch(
            """SELECT g.*, s.seat AS my_seat FROM seats s JOIN games g ON g.id = s.game_id
               WHERE s.user_id = $1 AND g.status = 'running' AND strpos(g.to_act, ',' || s.seat || ',') > 0
               ORDER BY g.updated_at, g.id""", user_id)
        return [UserGame(game=game_row(r), seat=r["my_seat"]) for r in rows]

    async def open_lobbies(self, guild_id: int, user_id: int, origin_id: int) -> tuple[int, int]:
        """Open lobbies (by that member in that server, in that channel and its threads)."""
        rows = await self._fetch(
            """SELECT COUNT(*) FILTER (WHERE guild_id = $1 AND created_by = $2) AS mine,
                      COUNT(*) FILTER (WHERE origin_id = $3) AS here
               FROM games WHERE status = 'lobby'""", guild_id, user_id, origin_id)
        return int(rows[0]["mine"]), int(rows[0]["here"])

    async def games_waiting_for_bots(self) -> list[GameRow]:
        return await self._games(
            """SELECT g.* FROM games g
               WHERE g.status = 'running' AND EXISTS (
                   SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.level != ''
                                         AND strpos(g.to_act, ',' || s.seat || ',') > 0)
               ORDER BY g.updated_at, g.id""")

    async def games_with_status(self, status: Status) -> list[GameRow]:
        return await self._games("SELECT * FROM games WHERE status = $1 ORDER BY id", status.value)

    # -- writing -------------------------------------------------------------

    async def create_game(self, new: NewGame, announce: AnnounceNew | None = None) -> GameRow:
        now = self.clock()
        try:
            async with self._tx() as tx:
                row = await tx.fetchrow(
                    """INSERT INTO games (engine, rules_version, seed, options, guild_id, channel_id, status,
                                          created_by, created_at, updated_at, seat_count, origin_id, settings)
                       VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, $8, $9, $10, $11) RETURNING *""",
                    new.engine, new.rules_version, new.seed, json.dumps(new.options), new.guild_id,
                    new.channel_id, new.created_by, now, new.seat_count,
                    new.channel_id if new.origin_id is None else new.origin_id, json.dumps(new.settings))
                assert row is not None  # an INSERT … RETURNING returns its row
                game_id = row["id"]
                await tx.execute("INSERT INTO seats (game_id, user_id, name, joined) VALUES ($1, $2, $3, 0)",
                                 game_id, new.created_by, new.creator_name)
                await tx.execute("INSERT INTO clocks (game_id, pace, policy) VALUES ($1, $2, $3)",
                                 game_id, Pace(new.pace).value, Policy(new.policy).value)
                if announce is not None:
                    await self._announce(tx, announce(game_id), game_id)
        except self._conflict as err:
            # The partial unique index: the channel has an active game (perhaps from another process).
            busy = await self.active_game(new.channel_id)
            if busy is None or getattr(err, "constraint_name", "games_active_channel") != "games_active_channel":
                raise
            raise ChannelBusy(busy) from None
        return game_row(row)

    async def add_seat(self, game_id: int, version: int, user_id: int, name: str,
                       announce: Sequence[Outgoing] = (), level: str = "") -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version)
            await self._insert_seat(tx, game_id, user_id, name, level)
            await self._announce(tx, announce, game_id)

    @staticmethod
    async def _insert_seat(tx: Tx, game_id: int, user_id: int, name: str, level: str = "") -> None:
        await tx.execute(
            """INSERT INTO seats (game_id, user_id, name, joined, level)
               VALUES ($1, $2, $3, (SELECT COALESCE(MAX(joined), -1) + 1 FROM seats WHERE game_id = $1), $4)""",
            game_id, user_id, name, level)

    async def remove_seat(self, game_id: int, version: int, user_id: int,
                          announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version)
            await tx.execute("DELETE FROM seats WHERE game_id = $1 AND user_id = $2 AND seat IS NULL",
                             game_id, user_id)
            await self._announce(tx, announce, game_id)

    async def start_game(self, game_id: int, version: int, order: list[int], rules_version: int,
                         state_json: str, to_act: tuple[int, ...], announce: Sequence[Outgoing] = (),
                         newcomer: tuple[int, str] | tuple[int, str, str] | None = None) -> None:
        """Seat the players in ``order`` and store the first state; ``newcomer`` (user id, name, and a
        computer's level) takes the last place first, in the same transaction (a Join that fills the table)."""
        async with self._tx() as tx:
            await self._bump(tx, game_id, version, status=Status.RUNNING.value, rules_version=rules_version,
                             to_act=encode_to_act(to_act))
            if newcomer is not None:
                await self._insert_seat(tx, game_id, *newcomer)
            await tx.executemany("UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3",
                                 [(seat, game_id, user) for seat, user in enumerate(order)])
            await tx.execute("INSERT INTO state (game_id, seq, state_json) VALUES ($1, 0, $2)", game_id, state_json)
            await self._restart_clock(tx, game_id, to_act)
            await self._announce(tx, announce, game_id)

    async def append_action(self, game_id: int, version: int, seq: int, seat: int, action_key: str,
                            public: str, state_json: str, to_act: tuple[int, ...],
                            result: dict[str, Any] | None, announce: Sequence[Outgoing] = (),
                            rating: RatingUpdate | None = None) -> None:
        """One move and its announcements (and the game's ``rating`` when it ends it), in one transaction."""
        await self.append_actions(game_id, version, [NewMove(seq, seat, action_key, public)], state_json, to_act,
                                  result, announce, rating)

    async def append_actions(self, game_id: int, version: int, moves: Sequence[NewMove], state_json: str,
                             to_act: tuple[int, ...], result: dict[str, Any] | None,
                             announce: Sequence[Outgoing] = (), rating: RatingUpdate | None = None) -> None:
        """Several moves of one seat (played for an absent player) in one transaction; the state, the outcome
        and the announcements go with the last, and the game's ``rating`` when they end it."""
        try:
            async with self._tx() as tx:
                for i, move in enumerate(moves):
                    last = i == len(moves) - 1
                    await self._commit_move(tx, game_id, version + i, move, state_json, to_act,
                                            result if last else None, announce if last else ())
                await write_rating(tx, rating)
        except self._conflict as err:  # (game_id, seq) is taken
            raise StaleVersion(f"game {game_id} moved on before action {moves[0].seq}: {err}") from err

    async def _commit_move(self, tx: Tx, game_id: int, version: int, move: NewMove, state_json: str,
                           to_act: tuple[int, ...], result: dict[str, Any] | None,
                           announce: Sequence[Outgoing]) -> None:
        now = self.clock()
        # A result finishes the game; otherwise its status and result stay.
        outcome = {} if result is None else {"status": Status.FINISHED.value, "result": json.dumps(result)}
        await self._bump(tx, game_id, version, now, to_act=encode_to_act(to_act), **outcome)
        await tx.write("""INSERT INTO actions (game_id, seq, seat, action_key, public, created_at)
                            VALUES ($1, $2, $3, $4, $5, $6)""",
                         game_id, move.seq, move.seat, move.action_key, move.public, now)
        await self._save_state(tx, game_id, move.seq, state_json)
        await self._restart_clock(tx, game_id, to_act, only_if_changed=True, now=now)
        await self._announce(tx, announce, game_id, now)

    async def undo_action(self, game_id: int, version: int, seq: int, state_seq: int, state_json: str,
                          to_act: tuple[int, ...], announce: Sequence[Outgoing] = ()) -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version, to_act=encode_to_act(to_act))
            if await tx.execute("UPDATE actions SET undone = TRUE WHERE game_id = $1 AND seq = $2 AND NOT undone",
                                game_id, seq) != 1:
                raise StaleVersion(f"action {seq} of game {game_id} is not live")
            await self._save_state(tx, game_id, state_seq, state_json)
            await self._restart_clock(tx, game_id, to_act, only_if_changed=True)
            await self._announce(tx, announce, game_id)

    async def end_game(self, game_id: int, version: int, status: Status, result: dict[str, Any] | None,
                       note: str, announce: Sequence[Outgoing] = (), rating: RatingUpdate | None = None) -> None:
        async with self._tx() as tx:
            await self._bump(tx, game_id, version, status=status.value, to_act="", note=note,
                             result=None if result is None else json.dumps(result))
            await write_rating(tx, rating)
            await self._announce(tx, announce, game_id)

    async def repair_state(self, game_id: int, version: int, state_seq: int, state_json: str,
                           rules_version: int) -> None:
        # A rebuilt cache row is the same game, so the version is checked (the log must not have
        # moved meanwhile) but not bumped: other processes' copies stay valid.
        async with self._tx() as tx:
            if await tx.execute("UPDATE games SET rules_version = $3 WHERE id = $1 AND version = $2",
                                game_id, version, rules_version) != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")
            await self._save_state(tx, game_id, state_seq, state_json)
