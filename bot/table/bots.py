"""Computer players at the table: their turns, hints, and the choice of a stand-in for an absent player.

A computer player holds a seat like a person, with a negative user id (``-1``, ``-2`` … per table: never
a Discord user) and its level in the seat row; it is named "Bot 1 (normal)".  It is never pinged or
sent a DM.  Its moves go through :meth:`bot.table.play.Play.act` like anyone's, so they are committed
and announced the same way; the thinking itself happens in a :class:`bot.thinking.Thinker` (worker
processes in the bot), never on the event loop and never under the game's lock.
"""

from __future__ import annotations

import asyncio

import ai
from bot.cache import LRU
from bot.table import wording_bots
from bot.table.errors import TableError, replies
from bot.table.play import Play
from bot.table.results import Problem, Reply, User
from bot.table.table import Table
from bot.table.tables import Tables
from bot.text import fill_seats
from bot.thinking import HINT, MOVE, Thinker
from engines.core import Action, AnyEngine

#: Tries when a person's move lands while a computer was thinking (its choice is then stale).
STALE_RETRIES = 3
#: Hints kept (a hint is fixed by the game, the move number and the seat: asked again, it is not thought again).
HINTS_KEPT = 512

HintKey = tuple[int, int, int]  # game, move number, seat
#: Hints worked out for one player within a minute, at most (one already worked out costs nothing).
HINTS_A_MINUTE = 5


def is_bot(user_id: int) -> bool:
    """Computer players have negative user ids; Discord's are positive."""
    return user_id < 0


def thinking_seed(game_seed: int, move_number: int) -> int:
    """A computer's seed for one decision: fixed by the game and the move, so a replayed decision (after
    a restart, or a hint asked twice) gives the same answer."""
    return (game_seed * 1_000_003 + move_number) & ((1 << 62) - 1)


class Bots:
    def __init__(self, tables: Tables, play: Play, thinker: Thinker) -> None:
        self.tables = tables
        self.play = play
        self.thinker = thinker
        # Hints worked out or being worked out (asked again meanwhile: the same one awaited), and per player
        # the hint being worked out for them: one at a time, so nobody floods the thinking pool.
        self._hints: LRU[HintKey, asyncio.Task[ai.Analysis]] = LRU(HINTS_KEPT)
        self._hinting: dict[int, HintKey] = {}
        self._hinted: dict[int, list[float]] = {}  # per player: when their last hints were worked out

    async def think(self, engine: AnyEngine, table: Table, seat: int, level: str, state: object = None, *,
                    priority: int = MOVE) -> ai.Analysis:
        """The analysis of ``seat``'s decision in ``state`` (default: the table's), off the event loop; a hint
        (``priority=HINT``) waits behind computer players' moves."""
        state = table.state if state is None else state
        return await self.thinker.analyse(engine.name, self.tables.dump(engine, state), seat, level,
                                          thinking_seed(table.game.seed, engine.move_count(state)), priority=priority)

    async def choose(self, engine: AnyEngine, table: Table, state: object, seat: int, level: str) -> Action:
        """The computer's choice for ``seat`` in ``state`` (a stand-in's turn, step by step)."""
        return (await self.think(engine, table, seat, level, state)).best

    async def _hint(self, engine: AnyEngine, table: Table, seat: int, user: User) -> ai.Analysis:
        """The hint for ``seat``'s decision now: kept once worked out (it depends on the game, the move number and
        the seat only); a player asking for another while theirs is being worked out is told to wait."""
        key = (table.game.id, engine.move_count(table.state), seat)
        task = self._hints.get(key)
        if task is None:
            if user.id in self._hinting:
                raise TableError(Problem.BUSY, wording_bots.hint_busy(self._hinting[user.id][0]), table.game.id)
            now = self.tables.clock()
            recent = [t for t in self._hinted.get(user.id, []) if now - t < 60.0]
            if len(recent) >= HINTS_A_MINUTE:
                wait = max(1, round(60.0 - (now - recent[0])))
                raise TableError(Problem.BUSY, wording_bots.hints_too_many(HINTS_A_MINUTE, wait), table.game.id)
            self._hinted[user.id] = [*recent, now]
            task = asyncio.get_running_loop().create_task(self.think(engine, table, seat, ai.DEFAULT, priority=HINT))
            self._hints.put(key, task)
            self._hinting[user.id] = key
            task.add_done_callback(lambda _done: self._hinting.pop(user.id, None))
        try:
            return await asyncio.shield(task)
        except Exception:
            self._hints.pop(key)  # a failure is not kept: asked again, it is tried again
            raise

    @replies
    async def bot_move(self, game_id: int) -> Reply:
        """One step of the computer player whose turn it is: thought out with no lock held, then played
        as a move made at the move number it saw (a person's move meanwhile makes it stale: think again)."""
        for _ in range(STALE_RETRIES):
            row, table = await self.tables.reading(self.tables.running, None, game_id)
            engine = self.tables.engine(row.engine)
            seat = next((s for s in engine.to_act(table.state) if table.seats[s].is_bot), None)
            if seat is None:
                raise TableError(Problem.WRONG_PHASE, wording_bots.no_bot_to_act(row.id), row.id)
            analysis = await self.think(engine, table, seat, table.seats[seat].level)
            reply = await self.play.act(None, User(table.user_of(seat), table.names[seat]),
                                        engine.action_key(analysis.best),
                                        move_number=engine.move_count(table.state), game_id=row.id)
            if reply.problem is not Problem.STALE:
                return reply
        return reply

    @replies
    async def hint(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """The computer's suggestion for the user's decision now, at the normal level, with the best
        choices' estimated chances of winning (for the user alone)."""
        row, table = await self.tables.reading(self.tables.running, channel_id, game_id)
        if not table.game.settings.get("hints", True):
            raise TableError(Problem.FORBIDDEN, wording_bots.hints_off(row.id), row.id)
        engine = self.tables.engine(row.engine)
        seat = self.tables.acting_seat(table, engine, user)
        analysis = await self._hint(engine, table, seat, user)
        options = [(fill_seats(engine.format_action(table.state, seat, c.action), table.names), c.win_chance)
                   for c in analysis.choices[:3]]
        text = wording_bots.hint(row.id, options, analysis.level, analysis.iterations, analysis.samples)
        return Reply(text, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     channel_id=row.channel_id)
