"""Absent players: deadlines (skip, pause, vote), votes, vacations, handing a seat over, reminders.

The time arithmetic is :mod:`bot.timing` (pure); the scheduler (:mod:`bot.scheduler`) decides what
is due and calls :meth:`Absence.time_out` and :meth:`Absence.remind`.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import ai
from bot.language import _
from bot.store import DAY, Outgoing, Policy, Status, Timer, Vote, Waiting
from bot.table import announce, wording, wording_bots, wording_time
from bot.table.errors import TableError, replies
from bot.table.limits import Limits
from bot.table.play import acting_users, resign_ranks
from bot.table.results import (
    Announcement,
    Buttons,
    ChannelPost,
    Controls,
    PrivateMessage,
    Problem,
    Reply,
    User,
    keyed,
    to_outgoing,
)
from bot.table.table import Table, outcome_result, title_of
from bot.table.tables import Tables
from bot.text import fill_seats, join_names
from bot.timing import Due, deadline_of, on_vacation, span, when
from engines.core import Action, AnyEngine, Event
from engines.i18n import choose, speaking

#: Vacation days a player may take in any 365 days.
VACATION_CAP_DAYS = 30
if TYPE_CHECKING:
    from bot.table.bots import Bots

#: How a move is chosen for an absent seat: (engine, table, state, seat) -> the action.
Chooser = Callable[[AnyEngine, "Table", Any, int], Awaitable[Action]]

#: Default actions played for one absent seat at most, before giving up (engines hand over sooner).
SKIP_LIMIT = 200


def left_text(item: Due, now: float, short: bool = False) -> str:
    """What a reminder says of a waiting player's time: how long they have been waited for (no deadline), else
    how long they have left and (in full) what happens then."""
    timer = item.timer
    if item.deadline is None:
        waited = span(now - timer.started)
        return wording_time.waiting_for_short(waited) if short else wording_time.waiting_for(waited)
    if short:
        return wording_time.time_left_short(span(item.deadline - now), when(item.deadline))
    return wording_time.time_left(span(item.deadline - now), when(item.deadline),
                                  wording_time.pace_label(timer.pace), wording_time.consequence(timer.policy))


def check_newcomer(table: Table, member: User) -> None:
    """A seat is handed to someone not already at the table."""
    if table.seat_of(member.id) is not None:
        raise TableError(Problem.BAD_REQUEST, wording.plays_already(member.name, table.game.id), table.game.id)


class Absence:
    def __init__(self, tables: Tables, limits: Limits, bots: Bots | None = None) -> None:
        self.tables = tables
        self.store = tables.store
        self.limits = limits
        self.bots = bots

    # ------------------------------------------------------------------ deadlines

    @replies
    async def time_out(self, game_id: int, started: float) -> Reply:
        """The hand-over that began at ``started`` ran out of time: apply the game's policy.
        Refused as stale if the hand-over has ended meanwhile (someone moved)."""
        async with self.tables.holding(self.tables.running, None, game_id) as (row, table):
            timer = await self.store.timer(row.id)
            if timer is None or timer.started != started or timer.waiting is not Waiting.NO:
                raise TableError(Problem.STALE, wording.deadline_gone(row.id), row.id)
            engine = self.tables.engine(row.engine)
            late = engine.to_act(table.state)
            if all(table.seats[s].is_bot for s in late):
                # A computer player's own turn is played by the bots' driver (it is never "away").
                raise TableError(Problem.STALE, wording.deadline_gone(row.id), row.id)
            if timer.policy is Policy.SKIP:
                return await self._skip(table, engine, late, self._default, wording_time.away_played)
            if timer.policy is Policy.BOT:
                return await self._skip(table, engine, late, self._stand_in, wording_bots.stood_in)
            # The others vote — people only: with nobody else to vote, the game waits instead.
            others = [s for s in range(len(table.seats)) if s not in late and not table.seats[s].is_bot]
            waiting = Waiting.PAUSED if timer.policy is Policy.PAUSE or not others else Waiting.VOTE
            away = join_names([table.names[s] for s in late])
            limit = wording_time.limit(span(timer.pace.seconds or 0), timer.pace)
            with speaking(table.language):  # said in the thread (nobody clicked: the deadline passed)
                if waiting is Waiting.PAUSED:
                    post = keyed(announce.post(engine, table, wording_time.paused(row.id, away, limit),
                                               [s.user_id for s in table.seats], picture=False))
                    answer = wording_time.paused_short(row.id)
                else:
                    need = len(others) // 2 + 1
                    voters = join_names([table.names[s] for s in others])
                    post = keyed(announce.post(engine, table, wording_time.vote_opened(row.id, away, voters, limit,
                                                                                      need, len(others)),
                                               [table.user_of(s) for s in others], picture=False, vote_on=away))
                    answer = wording_time.vote_opened_short(row.id)
            await self.store.set_waiting(row.id, table.game.version, waiting, [to_outgoing(post)])
        return Reply(answer, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     post=post, outbox=(post,), channel_id=row.channel_id)

    async def _default(self, engine: AnyEngine, table: Table, state: Any, seat: int) -> Action:
        return engine.default_action(state, seat)

    async def _stand_in(self, engine: AnyEngine, table: Table, state: Any, seat: int) -> Action:
        if self.bots is None:  # no computer players here: the safe move instead
            return engine.default_action(state, seat)
        return await self.bots.choose(engine, table, state, seat, ai.DEFAULT)

    async def _skip(self, table: Table, engine: AnyEngine, late: tuple[int, ...], choose: Chooser,
                    note: Callable[[str, Sequence[str]], str]) -> Reply:
        """Play for each late seat (the engine's default move, or a computer's choice) until its turn has
        passed on; all of it and one post telling the table what was played are committed together."""
        current, absent = table.state, list(late)
        moves: list[tuple[int, Action, Sequence[Event]]] = []
        played: list[tuple[int, str]] = []
        for _attempt in range(SKIP_LIMIT * max(1, len(late))):
            acting = engine.to_act(current)
            seat = next((s for s in absent if s in acting), None)
            if seat is None:
                break
            action = await choose(engine, table, current, seat)
            with speaking(table.language):  # what was played for them is told in the thread
                played.append((seat, fill_seats(engine.format_action(current, seat, action), table.names)))
            current, events = engine.apply(current, seat, action)
            moves.append((seat, action, events))
            if engine.to_act(current) != acting:
                absent.remove(seat)
        with speaking(table.language):
            notes = [note(table.names[s], [label for who, label in played if who == s]) for s in late]
        all_events = [e for _seat, _action, events in moves for e in events]

        def announcements(after: Table) -> list[Announcement]:
            post, private = announce.move_messages(engine, table, after, late[0], all_events, lead=notes)
            return [post, *private]

        after, items = await self.tables.commit_moves(table, engine, moves, current, announcements)
        post = next(a for a in items if not isinstance(a, PrivateMessage))
        private = tuple(a for a in items if isinstance(a, PrivateMessage))
        return Reply(" ".join(notes), game_id=table.game.id, engine=engine.name,
                     move_number=engine.move_count(current), post=post, private=private, outbox=items,
                     channel_id=table.game.channel_id, to_act=acting_users(engine, after))

    async def clock_line(self, timer: Timer) -> str:
        """Where a running game's clock stands, for the board and the status."""
        now = self.tables.clock()
        vacations = await self.store.vacations([timer.users[s] for s in timer.to_act], timer.started)
        names = join_names([timer.names[s] for s in timer.to_act])
        if timer.waiting is Waiting.PAUSED:
            return wording_time.clock_paused(names)
        if timer.waiting is Waiting.VOTE:
            return wording_time.clock_vote(names)
        away = [v for s in timer.to_act if (v := on_vacation(vacations, timer.users[s], now))]
        if away:
            return wording_time.clock_vacation(names, when(max(v.end for v in away)))
        deadline = deadline_of(timer, vacations, now)
        if deadline is None:
            return wording_time.clock_waiting(names, span(now - timer.started))
        return wording_time.clock_deadline(names, when(deadline), span(deadline - now))

    # ------------------------------------------------------------------ reminders

    async def remind(self, items: Sequence[Due], now: float) -> list[Reply]:
        """Send the due reminders: a mention in each game's channel and one DM digest per player,
        written into the outbox with the record that they were sent (a hand-over that ended
        meanwhile is skipped)."""
        made: list[Announcement] = []
        people = sorted({item.timer.users[s] for item in items for s in item.seats if item.timer.users[s] > 0})
        readers = {user: choose(*known) for user, known in (await self.store.languages(people)).items()}

        def reminders(marked: set[int]) -> list[Outgoing]:
            digests: dict[int, list[Due]] = {}
            for item in items:
                timer = item.timer
                if timer.game_id not in marked:
                    continue
                with speaking(timer.language):  # in the game's thread, in its language
                    made.append(keyed(ChannelPost(
                        wording_time.reminder(timer.game_id, self.tables.title(timer.engine),
                                              join_names([timer.names[s] for s in item.seats]), left_text(item, now)),
                        tuple(timer.users[s] for s in item.seats), game_id=timer.game_id, channel_id=timer.channel_id,
                        # No move number: the Play button of a reminder opens whatever the choices are then.
                        buttons=Buttons(Controls.TURN))))
                for seat in item.seats:
                    digests.setdefault(timer.users[seat], []).append(item)
            for user_id, due in digests.items():
                with speaking(readers.get(user_id) or due[0].timer.language):  # a DM: its reader's language
                    lines = [wording_time.digest_line(d.timer.game_id, self.tables.title(d.timer.engine),
                                                      left_text(d, now, short=True)) for d in due]
                    text = wording_time.digest([d.timer.game_id for d in due], lines)
                    made.append(keyed(PrivateMessage(user_id, text, game_id=due[0].timer.game_id,
                                                     channel_id=due[0].timer.channel_id)))
            return [to_outgoing(a) for a in made]

        await self.store.mark_reminded([(d.timer.game_id, d.timer.started, d.reminded) for d in items], now,
                                       reminders)
        return [Reply("", game_id=a.game_id, outbox=(a,), post=a if isinstance(a, ChannelPost) else None,
                      private=(a,) if isinstance(a, PrivateMessage) else ()) for a in made]

    @replies
    async def set_reminders(self, user: User, on: bool) -> Reply:
        await self.store.set_reminders(user.id, on)
        return Reply(wording_time.REMINDERS_ON if on else wording_time.REMINDERS_OFF)

    # ------------------------------------------------------------------ vacations

    @replies
    async def vacation(self, user: User, days: int) -> Reply:
        """Stop the user's clock in all their games for ``days`` (0 ends a vacation); everyone at those
        tables is told.  At most ``VACATION_CAP_DAYS`` in any 365 days."""
        now = self.tables.clock()
        if not 0 <= days <= VACATION_CAP_DAYS:
            raise TableError(Problem.BAD_REQUEST, wording.vacation_range(VACATION_CAP_DAYS, days))
        year_ago = now - 365 * DAY
        mine = await self.store.vacations([user.id], year_ago)
        current = on_vacation(mine, user.id, now)
        timers = [t for t in await self.store.running_timers() if user.id in t.users]
        # Each table hears of this player's vacations at most once a day, however often they toggle it.
        role = f"vacation:{user.id}"
        told = await self.store.announced_since(role, now - self.limits.vacation_notice_every)
        quiet = [t for t in timers if t.game_id not in told]
        if days == 0:
            if current is None:
                raise TableError(Problem.BAD_REQUEST, wording.NOT_ON_VACATION)
            posts = tuple(keyed(ChannelPost(wording_time.back_from_vacation(user.name, t.game_id), game_id=t.game_id,
                                            channel_id=t.channel_id, role=role)) for t in quiet)
            await self.store.end_vacation(user.id, now, [to_outgoing(p) for p in posts])
            return Reply(wording_time.WELCOME_BACK, outbox=posts)
        used = sum(min(v.end, now) - max(v.start, year_ago) for v in mine if v.start < now)
        left = VACATION_CAP_DAYS * DAY - used
        if days * DAY > left + 1:
            raise TableError(Problem.BAD_REQUEST, wording.vacation_left(int(left // DAY), VACATION_CAP_DAYS))
        end = now + days * DAY
        posts = tuple(keyed(ChannelPost(wording_time.on_vacation_post(user.name, when(end), days, t.game_id),
                                        game_id=t.game_id, channel_id=t.channel_id, role=role)) for t in quiet)
        await self.store.start_vacation(user.id, now, end, [to_outgoing(p) for p in posts])
        days_left = int((left - days * DAY) // DAY)
        return Reply(wording_time.on_vacation_reply(when(end), len(timers), days_left), outbox=posts)

    # ------------------------------------------------------------------ seats changing hands

    @replies
    async def replace(self, channel_id: int | None, user: User, member: User, *, game_id: int | None = None) -> Reply:
        """Hand the user's seat to ``member``; from another player while a vote is open, a vote to
        give the absent player's seat to ``member``."""
        async with self._seated(channel_id, game_id, user) as (table, engine, seat, timer):
            if timer is not None and timer.waiting is Waiting.VOTE and seat not in timer.to_act:
                return await self._vote(table, engine, timer, seat, user, "replace", member)
            check_newcomer(table, member)
            with speaking(table.language):
                line = wording_time.handed_over(user.name, seat, table.game.id, member.name)
            return await self._hand_over(table, engine, seat, member, line)

    @replies
    async def vote(self, channel_id: int | None, user: User, choice: str, member: User | None = None, *,
                   game_id: int | None = None) -> Reply:
        """A vote ("end", or "replace" with ``member``) on an absent player's seat in ``game_id`` (pressed in
        ``channel_id``, when given: it must be the game's), else in the channel's game."""
        async with self._seated(channel_id, game_id, user) as (table, engine, seat, timer):
            if timer is None or timer.waiting is not Waiting.VOTE:
                raise TableError(Problem.WRONG_PHASE, wording.no_vote(table.game.id), table.game.id)
            return await self._vote(table, engine, timer, seat, user, choice, member)

    @replies
    async def vote_open(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """Whether ``user`` may vote in the game now (before offering them a member picker)."""
        async with self._seated(channel_id, game_id, user) as (table, _engine, seat, timer):
            pass
        game_id = table.game.id
        if timer is None or timer.waiting is not Waiting.VOTE:
            raise TableError(Problem.WRONG_PHASE, wording.no_vote(game_id), game_id)
        if seat in timer.to_act:
            raise TableError(Problem.FORBIDDEN, wording.VOTE_SUBJECT, game_id)
        away = join_names([table.names[s] for s in timer.to_act])
        return Reply(wording_time.vote_who(away, game_id), game_id=game_id, channel_id=table.game.channel_id)

    @contextlib.asynccontextmanager
    async def _seated(self, channel_id: int | None, game_id: int | None, user: User
                      ) -> AsyncIterator[tuple[Table, AnyEngine, int, Timer | None]]:
        """A running game, under its lock, with the user's seat in it and its clock."""
        async with self.tables.holding(self.tables.running, channel_id, game_id) as (row, table):
            yield table, self.tables.engine(row.engine), self.tables.seat(table, user), await self.store.timer(row.id)

    async def _vote(self, table: Table, engine: AnyEngine, timer: Timer, seat: int, user: User, choice: str,
                    member: User | None) -> Reply:
        game_id, late = table.game.id, tuple(timer.to_act)
        if seat in late:
            raise TableError(Problem.FORBIDDEN, wording.VOTE_SUBJECT, game_id)
        if choice not in ("end", "replace"):
            raise TableError(Problem.BAD_REQUEST, wording.VOTE_HOW, game_id)
        if choice == "replace":
            if member is None:
                raise TableError(Problem.BAD_REQUEST, wording.VOTE_WHOM, game_id)
            check_newcomer(table, member)
        ballot = Vote(user.id, choice, member.id if member else None, member.name if member else "")
        voters = {table.user_of(s) for s in range(len(table.seats)) if s not in late and not table.seats[s].is_bot}
        votes = [v for v in await self.store.votes(game_id) if v.voter in voters and v.voter != user.id]
        votes.append(ballot)
        need = len(voters) // 2 + 1
        away = table.names[late[0]]
        ends = sum(v.choice == "end" for v in votes)
        if ends >= need:
            await self.store.cast_vote(game_id, ballot)
            return await self._end_by_vote(table, engine, late[0])
        if choice == "end":
            what, count = wording_time.vote_end_what(), ends
        else:
            assert member is not None
            count = sum(v.choice == "replace" and v.target == member.id for v in votes)
            if count >= need:
                await self.store.cast_vote(game_id, ballot)
                with speaking(table.language):
                    line = wording_time.voted_in(member.name, late[0], game_id, away)
                return await self._hand_over(table, engine, late[0], member, line)
            what = wording_time.vote_seat_what(away, member.name)
        with speaking(table.language):  # the thread hears of the vote in the table's language
            told = wording_time.vote_end_what() if choice == "end" else wording_time.vote_seat_what(
                away, member.name if member else "")
            post = keyed(ChannelPost(wording_time.vote_cast(user.name, told, game_id, count, need), game_id=game_id,
                                     channel_id=table.game.channel_id))
        await self.store.cast_vote(game_id, ballot, [to_outgoing(post)])
        return Reply(wording_time.vote_counts(what, count, need), game_id=game_id, post=post, outbox=(post,),
                     channel_id=table.game.channel_id)

    async def _end_by_vote(self, table: Table, engine: AnyEngine, seat: int) -> Reply:
        game = table.game
        standing = engine.standing(table.state)
        result = outcome_result(standing, ranks=resign_ranks(standing, seat), timed_out=seat)
        ended = dataclasses.replace(table, game=dataclasses.replace(game, status=Status.FINISHED, result=result))
        post = await self.tables.end_by_player(engine, ended, result, lambda: (
            wording_time.ended_by_vote(game.id, table.names[seat]),
            _("ended by vote after {name}'s time ran out", name=table.names[seat])))
        self.tables.forget(game.id)
        return Reply(wording_time.VOTE_ENDED_GAME, game_id=game.id, engine=engine.name, post=post, outbox=(post,),
                     channel_id=game.channel_id)

    async def _hand_over(self, table: Table, engine: AnyEngine, seat: int, member: User, line: str) -> Reply:
        """The seat's user changes (the log keeps seats, not users); the clock starts afresh."""
        game = table.game
        old = table.names[seat]
        seats = tuple(dataclasses.replace(s, user_id=member.id, name=member.name) if i == seat else s
                      for i, s in enumerate(table.seats))
        after = dataclasses.replace(table, seats=seats, views={}, legal={},
                                    game=dataclasses.replace(game, version=game.version + 1))
        after = await self.tables.with_readers(after)
        with speaking(after.language):
            post = keyed(announce.post(engine, after, line + "\n" + announce.turn_line(engine, after), [member.id]))
        with speaking(after.reader_language(member.id)):
            hand = keyed(PrivateMessage(member.id, wording_time.new_seat_dm(seat, game.id, title_of(engine), old),
                                        announce.hand(engine, after, seat), game_id=game.id,
                                        channel_id=game.channel_id))
        await self.store.replace_seat(game.id, game.version, seat, member.id, member.name,
                                      [to_outgoing(post), to_outgoing(hand)])
        self.tables.forget(game.id)
        return Reply(wording_time.seat_now(seat, game.id, member.name), game_id=game.id, engine=engine.name,
                     move_number=engine.move_count(table.state), post=post, private=(hand,), outbox=(post, hand),
                     channel_id=game.channel_id, to_act=acting_users(engine, after))
