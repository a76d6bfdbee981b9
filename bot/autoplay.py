"""The computer players' driver: whenever a computer is to act, its game gets a task that plays on —
step after step, bot after bot — until a person is to act or the game ends.

It is told of every reply (:meth:`AutoPlay.after`); at start-up and on every scheduler tick it also looks
in the database for games waiting for a computer (:meth:`AutoPlay.resume`), so a restart in the middle
of a computer's turn loses nothing: the move was either committed or is thought again.  One task per
game at most; moves go through the table service like anyone's (committed with their announcements,
then ``publish`` delivers them).  While a computer thinks, its table is told (``thinking``: on Discord, "is
typing…" in the game's thread), so a person waiting seconds for a hard player's turn sees it coming.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.table import TableService
from bot.table.results import Problem, Reply, is_person

log = logging.getLogger(__name__)

#: Steps one task plays at most before handing back (a safety net against a game that never hands over).
MAX_STEPS = 2_000
#: A table is told that a computer thinks at most this often (Discord shows "is typing…" for about ten seconds).
THINKING_EVERY = 8.0
#: How long telling it may take before the computer plays on regardless (it only shows; nothing waits on it).
THINKING_TIMEOUT = 2.0


class AutoPlay:
    def __init__(self, service: TableService, publish: Callable[[Reply], Awaitable[None]],
                 thinking: Callable[[int], Awaitable[None]] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.service = service
        self.publish = publish
        self.thinking = thinking
        self.clock = clock
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._told: dict[int, float] = {}  # game -> when its table was last told that a computer thinks

    def after(self, reply: Reply) -> None:
        """A reply went out: if a computer is to act in its game, play."""
        if reply.game_id is not None and any(not is_person(u) for u in reply.to_act):
            self.kick(reply.game_id)

    def kick(self, game_id: int) -> None:
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._play(game_id), name=f"bots-{game_id}")

    async def resume(self) -> int:
        """Start every game waiting for a computer (after a restart; and on each scheduler tick)."""
        waiting = await self.service.store.games_waiting_for_bots()
        for row in waiting:
            self.kick(row.id)
        return len(waiting)

    async def _play(self, game_id: int) -> None:
        try:
            for _ in range(MAX_STEPS):
                await self._tell_thinking(game_id)
                reply = await self.service.bot_move(game_id)
                if not reply.ok:
                    if reply.problem not in (Problem.WRONG_PHASE, Problem.NO_GAME):
                        log.warning("game %s: a computer player could not move: %s", game_id, reply.text)
                    return
                await self.publish(reply)
                if all(is_person(u) for u in reply.to_act):
                    return
        except Exception:
            log.exception("game %s: the computer players' driver failed; the next tick tries again", game_id)
        finally:
            self._told.pop(game_id, None)

    async def _tell_thinking(self, game_id: int) -> None:
        """Tell the game's table that a computer is thinking — once every :data:`THINKING_EVERY` seconds at most
        (a turn of several quick steps is one notice).  It only shows: a failure or a slow answer is logged, and
        the computer plays on."""
        now = self.clock()
        if self.thinking is None or now - self._told.get(game_id, -THINKING_EVERY) < THINKING_EVERY:
            return
        self._told[game_id] = now
        try:
            await asyncio.wait_for(self.thinking(game_id), timeout=THINKING_TIMEOUT)
        except Exception as err:  # a notice that could not be shown changes nothing
            log.info("game %s: could not show that a computer is thinking: %r", game_id, err)

    async def idle(self) -> None:
        """Wait until no computer is thinking or playing (tests, the console, shutting down)."""
        while running := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
