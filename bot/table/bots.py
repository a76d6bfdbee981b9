"""Computer players at the table: their turns, hints, and the choice of a stand-in for an absent player.

A computer player holds a seat like a person, with a negative user id (``-1``, ``-2`` … per table: never
a Discord user) and its level in the seat row; it is named "Bot 1 (normal)".  It is never pinged or
sent a DM.  Its moves go through :meth:`bot.table.play.Play.act` like anyone's, so they are committed
and announced the same way; the thinking itself happens in a :class:`bot.thinking.Thinker` (worker
processes in the bot), never on the event loop and never under the game's lock.
"""

from __future__ import annotations

import ai
from bot.table import wording_bots
from bot.table.errors import TableError, replies
from bot.table.play import Play
from bot.table.results import Problem, Reply, User
from bot.table.tables import Table, Tables
from bot.text import fill_seats
from bot.thinking import Thinker
from engines.core import Action, AnyEngine

#: Tries when a person's move lands while a computer was thinking (its choice is then stale).
STALE_RETRIES = 3


def is_bot(user_id: int) -> bool:
    """Computer players have negative user ids; Discord's are positive."""
    return user_id < 0


def bot_seats(table: Table) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(table.seats) if s.is_bot)


def thinking_seed(game_seed: int, move_number: int) -> int:
    """A computer's seed for one decision: fixed by the game and the move, so a replayed decision (after
    a restart, or a hint asked twice) gives the same answer."""
    return (game_seed * 1_000_003 + move_number) & ((1 << 62) - 1)


class Bots:
    def __init__(self, tables: Tables, play: Play, thinker: Thinker) -> None:
        self.tables = tables
        self.play = play
        self.thinker = thinker

    async def think(self, engine: AnyEngine, table: Table, seat: int, level: str, state: object = None
                    ) -> ai.Analysis:
        """The analysis of ``seat``'s decision in ``state`` (default: the table's), off the event loop."""
        state = table.state if state is None else state
        return await self.thinker.analyse(engine.name, self.tables.dump(engine, state), seat, level,
                                          thinking_seed(table.game.seed, engine.move_count(state)))

    async def choose(self, engine: AnyEngine, table: Table, state: object, seat: int, level: str) -> Action:
        """The computer's choice for ``seat`` in ``state`` (a stand-in's turn, step by step)."""
        return (await self.think(engine, table, seat, level, state)).best

    @replies
    async def bot_move(self, game_id: int) -> Reply:
        """One step of the computer player whose turn it is: thought out with no lock held, then played
        as a move made at the move number it saw (a person's move meanwhile makes it stale: think again)."""
        for _ in range(STALE_RETRIES):
            row = await self.tables.find(None, game_id)
            async with self.tables.locked(row) as known:
                table = await self.tables.running(row.id, known)
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
        row = await self.tables.find(channel_id, game_id)
        async with self.tables.locked(row) as known:
            table = await self.tables.running(row.id, known)
        if not table.game.settings.get("hints", True):
            raise TableError(Problem.FORBIDDEN, wording_bots.hints_off(row.id), row.id)
        engine = self.tables.engine(row.engine)
        seat = self.tables.acting_seat(table, engine, user)
        analysis = await self.think(engine, table, seat, ai.DEFAULT)
        options = [(fill_seats(engine.format_action(table.state, seat, c.action), table.names), c.win_chance)
                   for c in analysis.choices[:3]]
        text = wording_bots.hint(row.id, options, analysis.level, analysis.iterations, analysis.samples)
        return Reply(text, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     channel_id=row.channel_id)
