"""Time arithmetic for long-running games: deadlines, vacations, reminder points — pure functions.

Every timer lives in the database (``clocks``, ``vacations``, ``user_settings``), so nothing is lost
when the bot restarts.  The clock of a game runs per hand-over: it restarts whenever the set of
seats to act changes (the store does that in the move's own transaction).

:func:`plan` says what is due at ``now`` from the clocks, the vacations and who opted out of
reminders.  After downtime it yields each overdue reminder once (not once per missed point) and
each passed deadline once, ordered by when they fell due.  (:mod:`bot.scheduler` reads the store
and applies it through the table service; this module imports neither.)

Reminder points: with a pace of P per hand-over, a reminder when half of P has gone and another
when a sixth of P is left (``daily``: 12 h and 4 h before the deadline).  Without a time limit,
one reminder every 72 h of waiting.  At most one reminder per game per *interval* (P/3, or 72 h
without a limit), across hand-overs.  A player whose reminder is due also hears, in the same
digest, about every other game of theirs whose next reminder would fall due within the hour.
Vacations stop the clock: a deadline moves on by the time the players to act were away.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.language import _, ngettext, pgettext
from bot.store import HOUR, Timer, Vacation, Waiting

#: Fractions of the pace after which a reminder goes out.
REMINDER_POINTS = (1 / 2, 5 / 6)
#: Without a time limit: a reminder after every this long of waiting.
NO_LIMIT_INTERVAL = 72 * HOUR
#: A reminder due for a player pulls in their other games' reminders due within this long.
DIGEST_WINDOW = 1 * HOUR
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Due:
    """One thing to do: a game's ``deadline`` passed, or a ``reminder`` is due for some seats."""

    at: float                   # when it fell due (ordering; after downtime, in the past)
    kind: str                   # "deadline" or "reminder"
    timer: Timer
    seats: tuple[int, ...]      # the seats concerned (to act; for reminders: those who want them)
    deadline: float | None      # the game's current deadline (None: no time limit)
    reminded: int = 0           # reminders: the count of points passed once this one is sent


def away_seconds(vacations: Iterable[Vacation], users: Iterable[int], start: float, now: float) -> float:
    """How long, between ``start`` and ``now``, at least one of ``users`` was on vacation (union)."""
    wanted = set(users)
    spans = sorted((max(v.start, start), min(v.end, now)) for v in vacations if v.user_id in wanted)
    total, reach = 0.0, start
    for lo, hi in spans:
        lo = max(lo, reach)
        if hi > lo:
            total += hi - lo
            reach = hi
    return total


def deadline_of(timer: Timer, vacations: Sequence[Vacation], now: float) -> float | None:
    """The current hand-over's deadline, moved on by the acting players' time away (None: no limit)."""
    pace = timer.pace.seconds
    if pace is None:
        return None
    users = {timer.users[s] for s in timer.to_act}
    return timer.started + away_seconds(vacations, users, timer.started, now) + pace


def on_vacation(vacations: Sequence[Vacation], user_id: int, now: float) -> Vacation | None:
    return next((v for v in vacations if v.user_id == user_id and v.start <= now < v.end), None)


def interval(timer: Timer) -> float:
    """The least time between two reminders of one game."""
    pace = timer.pace.seconds
    return NO_LIMIT_INTERVAL if pace is None else pace * (REMINDER_POINTS[1] - REMINDER_POINTS[0])


def point_times(timer: Timer, shift: float, upto: float) -> list[float]:
    """The reminder points of the current hand-over not later than ``upto``."""
    base = timer.started + shift
    pace = timer.pace.seconds
    if pace is not None:
        return [t for t in (base + f * pace for f in REMINDER_POINTS) if t <= upto]
    count = int(max(0.0, upto - base) // NO_LIMIT_INTERVAL)
    return [base + (k + 1) * NO_LIMIT_INTERVAL for k in range(count)]


def plan(now: float, timers: Sequence[Timer], vacations: Sequence[Vacation], quiet: set[int]) -> list[Due]:
    """What is due at ``now``: passed deadlines and reminders (grouped per player), oldest first.

    ``quiet`` holds the users who turned reminders off; deadlines apply to them all the same."""
    deadlines: list[Due] = []
    # Per game: the time its next reminder is due (maybe in the future), and to whom.
    pending: list[tuple[float, Timer, tuple[int, ...], float | None, float]] = []
    for timer in timers:
        if timer.waiting is not Waiting.NO or not timer.to_act:
            continue
        acting_users = {timer.users[s] for s in timer.to_act}
        shift = away_seconds(vacations, acting_users, timer.started, now)
        if any(on_vacation(vacations, u, now) for u in acting_users):
            continue  # the clock stands still; nobody is chased while away
        deadline = deadline_of(timer, vacations, now)
        if deadline is not None and now >= deadline:
            deadlines.append(Due(deadline, "deadline", timer, timer.to_act, deadline))
            continue
        seats = tuple(s for s in timer.to_act if timer.users[s] not in quiet)
        if not seats:
            continue
        points = point_times(timer, shift, deadline if deadline is not None else now + DIGEST_WINDOW)
        if len(points) <= timer.reminded:
            continue
        at = points[timer.reminded]
        if timer.reminded_at is not None:
            at = max(at, timer.reminded_at + interval(timer))
        if deadline is not None and at >= deadline:
            continue
        pending.append((at, timer, seats, deadline, shift))
    due_users = {timer.users[s] for at, timer, seats, _, _ in pending if at <= now for s in seats}
    reminders = []
    for at, timer, seats, deadline, shift in pending:
        if at <= now or (at <= now + DIGEST_WINDOW and any(timer.users[s] in due_users for s in seats)):
            passed = len(point_times(timer, shift, now))
            reminders.append(Due(at, "reminder", timer, seats, deadline, max(timer.reminded + 1, passed)))
    return sorted(deadlines, key=lambda d: (d.at, d.timer.game_id)) + sorted(
        reminders, key=lambda d: (d.at, d.timer.game_id))


def _weekday(index: int) -> str:
    """A day's short name (0 = Monday, as :func:`time.gmtime` counts)."""
    return (pgettext("weekday", "Mon"), pgettext("weekday", "Tue"), pgettext("weekday", "Wed"),
            pgettext("weekday", "Thu"), pgettext("weekday", "Fri"), pgettext("weekday", "Sat"),
            pgettext("weekday", "Sun"))[index]


def _month(number: int) -> str:
    """A month's short name (1 = January)."""
    return (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"), pgettext("month", "Apr"),
            pgettext("month", "May"), pgettext("month", "Jun"), pgettext("month", "Jul"), pgettext("month", "Aug"),
            pgettext("month", "Sep"), pgettext("month", "Oct"), pgettext("month", "Nov"),
            pgettext("month", "Dec"))[number - 1]


def when(epoch: float) -> str:
    """'Tue 4 Jun 14:00 UTC': a date anyone can read, in any client (names in the current language)."""
    t = time.gmtime(epoch)
    # As the English has always read: the first leading zero is dropped — the day's ("Tue 4 Jun 09:05"), else
    # the hour's ("Fri 14 Jun 9:05").
    hour = f"{t.tm_hour:02d}" if t.tm_mday < 10 else str(t.tm_hour)
    # TRANSLATORS: a date and time, e.g. "Tue 4 Jun 14:00 UTC"; {weekday} and {month} are short names.
    minute = f"{t.tm_min:02d}"
    return _("{weekday} {day} {month} {hour}:{minute} UTC", weekday=_weekday(t.tm_wday), day=t.tm_mday,
             month=_month(t.tm_mon), hour=hour, minute=minute)


def span(seconds: float) -> str:
    """'3 days', '11 h', '40 min'."""
    seconds = max(0.0, seconds)
    if seconds >= 48 * HOUR:
        return ngettext("{n} day", "{n} days", int(f"{seconds / (24 * HOUR):.0f}"))
    if seconds >= HOUR:
        hours = f"{seconds / HOUR:.0f}"
        return _("{n} h", n=hours)
    return _("{n} min", n=max(1, round(seconds / 60)))


