"""The scheduler: what is due in long-running games (reminders, deadlines), applied through the service.

Every timer lives in the database (``clocks``, ``vacations``, ``user_settings``), so nothing is lost
when the bot restarts.  :meth:`Scheduler.tick` reads the clocks, asks :func:`bot.timing.plan` what is
due, applies passed deadlines oldest first (as moves, pauses or votes) and records the due reminders;
each writes its announcements into the outbox in its own transaction, and ``tick`` returns the replies
so the caller can deliver them at once.
"""

from __future__ import annotations

from dataclasses import replace

from bot.table import TableService
from bot.table.results import Reply, is_person
from bot.timing import Clock, Due, plan

#: How often the bot runs :meth:`Scheduler.tick`.
TICK_SECONDS = 60.0


class Scheduler:
    """Applies what is due; the bot calls :meth:`tick` about once a minute."""

    def __init__(self, service: TableService, clock: Clock | None = None) -> None:
        self.service = service
        self.store = service.store
        self.clock = clock or service.clock

    async def due(self, now: float | None = None) -> list[Due]:
        now = self.clock() if now is None else now
        timers = await self.store.running_timers()
        if not timers:
            return []
        since = min(t.started for t in timers)
        vacations = await self.store.vacations(None, since)
        quiet = await self.store.reminder_opt_outs(sorted({u for t in timers for u in t.users}))
        # Computer players are never reminded, and their turns are played by the bots' driver, not timed out.
        due = [replace(d, seats=tuple(s for s in d.seats if is_person(d.timer.users[s])))
               for d in plan(now, timers, vacations, quiet)]
        return [d for d in due if d.seats]

    async def tick(self, now: float | None = None) -> list[Reply]:
        """Apply every passed deadline (oldest first), then send the due reminders (a mention per game,
        one DM digest per player).  Returns the replies whose announcements are now in the outbox."""
        now = self.clock() if now is None else now
        out: list[Reply] = []
        items = await self.due(now)
        for item in items:
            if item.kind == "deadline":
                reply = await self.service.time_out(item.timer.game_id, item.timer.started)
                if reply.ok and reply.outbox:
                    out.append(reply)
        reminders = [item for item in items if item.kind == "reminder"]
        if reminders:
            out += await self.service.remind(reminders, now)
        return out
