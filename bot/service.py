"""The table service: everything a game table needs except Discord.

Callers (the Discord adapter, the console, tests) name a channel and a user; the service finds
the channel's game, takes that game's lock, and returns a ``Reply`` of plain messages.  A refused
request never raises: its reply carries a ``Problem`` and a sentence for the player, and nothing
changes.  State lives in the store (``bot.store``); a bounded LRU keeps hot game states in memory,
validated against the game's version on every use, so a change made elsewhere is never missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import math
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec

import engines
from bot.cache import LRU
from bot.messages import ChannelPost, Choice, PrivateMessage, Problem, Reply, User
from bot.rendering import Renderer
from bot.scheduler import deadline_of, on_vacation, span, when
from bot.store import (
    ACTIVE,
    DAY,
    ChannelBusy,
    GameRow,
    LogStats,
    NewGame,
    Pace,
    Policy,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    Store,
    Timer,
    Vote,
    Waiting,
)
from bot.text import fill_seats, join_names, result_lines
from engines import rng
from engines.core import Action, Engine, EngineError, Event, Outcome

log = logging.getLogger(__name__)

EngineLookup = Callable[[str], Engine]
P = ParamSpec("P")

HISTORY_PAGE = 20
LIST_LIMIT = 25
#: Vacation days a player may take in any 365 days.
VACATION_CAP_DAYS = 30
#: Default actions played for one absent seat at most, before giving up (engines hand over sooner).
SKIP_LIMIT = 200
STALE_TEXT = "That board has moved on since you saw it; nothing was changed. Have a look and try again."


@dataclass(frozen=True, slots=True)
class Notice(Reply):
    """A reply with more to deliver: vote buttons under its post, other games' posts."""

    vote: str = ""                     # the post asks the others to vote on this (absent) player's seat
    also: tuple[Reply, ...] = ()       # more replies to publish, each in its own game's channel


class TableError(Exception):
    """A refused request: ``problem`` says why for programs, the message says it for people."""

    def __init__(self, problem: Problem, text: str, game_id: int | None = None) -> None:
        super().__init__(text)
        self.problem = problem
        self.text = text
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class Table:
    """One game as the service sees it: the stored row, its seats and (once started) its state."""

    game: GameRow
    seats: tuple[SeatRow, ...]        # by seat once started, by join order in the lobby
    state: Any
    stats: LogStats
    # Views of ``state`` already computed (key None = public): a move compares the views before
    # and after, and the "before" ones were the previous move's "after" ones.
    views: dict[int | None, dict[str, Any]] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def view(self, engine: Engine, seat: int | None) -> dict[str, Any]:
        """``engine.view(state, seat)``, computed once per state (views are read, never changed)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = engine.view(self.state, seat)
        return view


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Read-only facts about a table, for callers that build their own prompts (console, buttons)."""

    game: GameRow
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    to_act: tuple[int, ...]           # seats
    move_number: int | None           # None before the start
    last_mover: int | None            # the user id of the last live move's player (who may undo it)


def replies(method: Callable[Concatenate[TableService, P], Awaitable[Reply]],
            ) -> Callable[Concatenate[TableService, P], Awaitable[Reply]]:
    """Turn refusals and our own failures into replies: a player never sees a traceback."""

    @functools.wraps(method)
    async def wrapper(self: TableService, *args: P.args, **kwargs: P.kwargs) -> Reply:
        try:
            return await method(self, *args, **kwargs)
        except TableError as err:
            return Reply(err.text, problem=err.problem, game_id=err.game_id)
        except StaleVersion:
            return Reply(STALE_TEXT, problem=Problem.STALE)
        except Exception:
            log.exception("%s failed", method.__name__)
            return Reply("Something went wrong on our side (it has been logged). "
                         "Check the game's status before trying again.", problem=Problem.INTERNAL)

    return wrapper


def outcome_result(outcome: Outcome, **extra: Any) -> dict[str, Any]:
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "detail": outcome.detail, **extra}


def resign_ranks(standing: Outcome, resigned: int) -> list[int]:
    """The resigning seat is last; the others keep the engine's standing among themselves (ties share)."""
    others = [s for s in range(len(standing.ranks)) if s != resigned]
    ranks = [1 + sum(1 for o in others if standing.ranks[o] < standing.ranks[s])
             for s in range(len(standing.ranks))]
    ranks[resigned] = len(standing.ranks)
    return ranks


def private_part(seat_view: Mapping[str, Any], public_view: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat's view shows beyond the public one (its hand, its secrets)."""
    missing = object()
    return {k: v for k, v in seat_view.items() if public_view.get(k, missing) != v}


class TableService:
    def __init__(self, store: Store, *, engines_lookup: EngineLookup = engines.get,
                 renderer: Renderer | None = None, cache_size: int = 512,
                 clock: Callable[[], float] | None = None) -> None:
        self.store = store
        # One clock for the table: the store stamps rows and starts hand-overs with it.
        if clock is not None:
            store.clock = clock
        self.clock: Callable[[], float] = getattr(store, "clock", time.time)
        self.renderer = renderer
        self._engines = engines_lookup
        self._tables: LRU[int, Table] = LRU(cache_size)
        # One lock per game, forgotten once no request holds or waits for it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # ------------------------------------------------------------------ lobby

    @replies
    async def create(self, engine_name: str, guild_id: int, channel_id: int, creator: User, *,
                     seats: int | None = None, options: Mapping[str, Any] | None = None,
                     seed: int | None = None, pace: str = Pace.NONE.value, deadline: str = Policy.SKIP.value,
                     ) -> Reply:
        """Open a lobby in the channel; the creator takes the first place.  With ``seats`` the
        game starts by itself once that many have joined.  ``pace`` (time per hand-over) and
        ``deadline`` (what happens when it runs out) are kept for the whole game."""
        engine = self._engine(engine_name)
        pace_, policy = self._timing(pace, deadline)
        if seats is not None and not engine.min_seats <= seats <= engine.max_seats:
            raise TableError(Problem.BAD_REQUEST,
                             f"{engine.title} is for {self._seat_range(engine)} players, not {seats}.")
        options = dict(options or {})
        self._check_options(engine, seats or engine.min_seats, options)
        new = NewGame(engine=engine.name, rules_version=engine.rules_version,
                      seed=secrets.randbits(63) if seed is None else seed, options=options, guild_id=guild_id,
                      channel_id=channel_id, created_by=creator.id, creator_name=creator.name,
                      seat_count=seats, pace=pace_, policy=policy)
        try:
            game = await self.store.create_game(new)
        except ChannelBusy as busy:
            raise TableError(Problem.CHANNEL_BUSY,
                             f"This channel already has a game: {self._label(busy.game)}. "
                             "Finish or abandon it first, or start the new one in a thread.",
                             busy.game.id) from None
        wanted = f"{seats} players" if seats else self._seat_range(engine) + " players"
        text = (f"{creator.name} opened a table for {engine.title} (game #{game.id}, {wanted}; "
                f"{timing_text(pace_, policy)}). Join to take a seat.")
        return Reply(f"You opened game #{game.id}.", game_id=game.id, engine=engine.name,
                     post=ChannelPost(text))

    @replies
    async def join(self, channel_id: int, user: User, *, game_id: int | None = None) -> Reply:
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._lobby(row.id, known)
            engine = self._engine(table.game.engine)
            if table.seat_of(user.id) is not None:
                raise TableError(Problem.BAD_REQUEST, f"You are already seated at game #{row.id}.", row.id)
            limit = table.game.seat_count or engine.max_seats
            if len(table.seats) >= limit:
                raise TableError(Problem.WRONG_PHASE, f"Game #{row.id} is full ({limit} players).", row.id)
            await self.store.add_seat(row.id, table.game.version, user.id, user.name)
            table = await self._load(row.id)
            if len(table.seats) == table.game.seat_count:
                return await self._start(table, engine)
        seated = f"{len(table.seats)} seated: {join_names(table.names)}"
        return Reply(f"You joined game #{row.id}.", game_id=row.id, engine=engine.name,
                     post=ChannelPost(f"{user.name} joined game #{row.id} ({seated})."))

    @replies
    async def leave(self, channel_id: int, user: User) -> Reply:
        row = await self._find(channel_id)
        async with self._locked(row) as known:
            table = await self._lobby(row.id, known)
            if table.seat_of(user.id) is None:
                raise TableError(Problem.NOT_SEATED, f"You are not seated at game #{row.id}.", row.id)
            if user.id == table.game.created_by:
                raise TableError(Problem.FORBIDDEN, "You opened this table, so you cannot leave it; "
                                 "cancel it instead.", row.id)
            await self.store.remove_seat(row.id, table.game.version, user.id)
        return Reply(f"You left game #{row.id}.", game_id=row.id,
                     post=ChannelPost(f"{user.name} left game #{row.id}."))

    @replies
    async def start(self, channel_id: int, user: User, *, is_manager: bool = False) -> Reply:
        row = await self._find(channel_id)
        async with self._locked(row) as known:
            table = await self._lobby(row.id, known)
            self._require_owner(table.game, user, is_manager, "start")
            engine = self._engine(table.game.engine)
            if not engine.min_seats <= len(table.seats) <= engine.max_seats:
                raise TableError(Problem.WRONG_PHASE,
                                 f"{engine.title} needs {self._seat_range(engine)} players; "
                                 f"{len(table.seats)} seated.", row.id)
            return await self._start(table, engine)

    @replies
    async def cancel(self, channel_id: int, user: User, *, is_manager: bool = False) -> Reply:
        row = await self._find(channel_id)
        async with self._locked(row) as known:
            table = await self._lobby(row.id, known)
            self._require_owner(table.game, user, is_manager, "cancel")
            await self.store.end_game(row.id, table.game.version, Status.CANCELLED, None,
                                      f"cancelled by {user.name}")
        return Reply(f"Game #{row.id} is cancelled.", game_id=row.id,
                     post=ChannelPost(f"{user.name} cancelled game #{row.id} before it started."))

    # ------------------------------------------------------------------ play

    @replies
    async def act(self, channel_id: int | None, user: User, text: str, *, move_number: int | None = None,
                  game_id: int | None = None) -> Reply:
        """Play ``text`` for the user's seat.  ``move_number`` is the move count the player saw (a
        button carries it); if the board has moved on since, the move is refused as stale."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            # A request that waited for the lock while another landed was aimed at an older board.
            before = await self._running(row.id, known, seen_version=row.version)
            engine = self._engine(row.engine)
            seat = self._acting_seat(before, engine, user)
            if move_number is not None and move_number != engine.move_count(before.state):
                raise TableError(Problem.STALE, STALE_TEXT, row.id)
            action, state, events = self._apply(before, engine, seat, text)
            after = await self._commit_move(before, engine, seat, action, state, events)
        if events:
            post, private = self._move_messages(engine, before, after, seat, events)
        else:
            # A step inside a decision (choose, then pay ...): nothing happened yet for anyone
            # else to see, so only the player hears back; the channel gets the completed move.
            post, private = None, ()
        label = fill_seats(engine.format_action(before.state, seat, action), before.names)
        return await self._drawn(Reply(f"Played: {label}", game_id=row.id, engine=engine.name,
                                       move_number=engine.move_count(state), post=post, private=private),
                                 after.names)

    @replies
    async def undo(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """Take back the user's last move: only their own, only after the engine's undo barrier, and
        only while nobody else has acted since.  The log row stays, marked undone."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            engine = self._engine(row.engine)
            seat = self._seat(table, user)
            actions = await self.store.live_actions(row.id)
            self._check_undo(table, engine, seat, len(actions), actions[-1].seat if actions else None)
            remaining = actions[:-1]
            state = await self._replay(table, engine, [(a.seat, a.action_key) for a in remaining])
            state_seq = remaining[-1].seq if remaining else 0
            await self.store.undo_action(row.id, table.game.version, actions[-1].seq, state_seq,
                                         self._dump(engine, state), engine.to_act(state))
            after = await self._load(row.id)
        what = fill_seats(actions[-1].public, table.names) or "a move"
        text = f"{user.name} took back a move ({what}). " + self._turn_line(engine, after)
        _, private = self._move_messages(engine, table, after, seat, ())
        post = ChannelPost(text, view=after.view(engine, None))
        return await self._drawn(Reply("Your move was taken back.", game_id=row.id, engine=engine.name,
                                       move_number=engine.move_count(state), post=post, private=private),
                                 after.names)

    @replies
    async def resign(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """End the game: the resigning player ranks last, the others by the engine's standing."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            engine = self._engine(row.engine)
            seat = self._seat(table, user)
            standing = engine.standing(table.state)
            result = outcome_result(standing, ranks=resign_ranks(standing, seat), resigned=seat)
            await self.store.end_game(row.id, table.game.version, Status.FINISHED, result,
                                      f"{user.name} resigned")
        lines = [f"{user.name} resigned game #{row.id}. Final standing:", *result_lines(result, table.names)]
        post = ChannelPost("\n".join(lines), mentions=tuple(s.user_id for s in table.seats),
                           view=table.view(engine, None))
        return await self._drawn(Reply("You resigned.", game_id=row.id, engine=engine.name, post=post),
                                 table.names)

    @replies
    async def abandon(self, channel_id: int | None, user: User, *, is_manager: bool = False,
                      game_id: int | None = None) -> Reply:
        """End the game unranked; only its creator or a server manager may."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._load(row.id, known)
            if table.game.status not in ACTIVE:
                raise TableError(Problem.WRONG_PHASE, f"Game #{row.id} has already ended.", row.id)
            self._require_owner(table.game, user, is_manager, "abandon")
            await self.store.end_game(row.id, table.game.version, Status.ABANDONED, None,
                                      f"abandoned by {user.name}")
        return Reply(f"Game #{row.id} is abandoned.", game_id=row.id, post=ChannelPost(
            f"{user.name} abandoned game #{row.id}; it ends without a result.",
            mentions=tuple(s.user_id for s in table.seats)))

    # ------------------------------------------------------------------ time: deadlines, absences, results

    def title(self, engine_name: str) -> str:
        try:
            return self._engines(engine_name).title
        except KeyError:
            return engine_name

    async def timing(self, game_id: int) -> str:
        """'daily pace, 24 h per turn; when time runs out the game pauses' (for the lobby message)."""
        timer = await self.store.timer(game_id)
        return "" if timer is None else timing_text(timer.pace, timer.policy)

    @replies
    async def time_out(self, game_id: int, started: float) -> Reply:
        """The hand-over that began at ``started`` ran out of time: apply the game's policy.
        Refused as stale if the hand-over has ended meanwhile (someone moved)."""
        row = await self._find(None, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            timer = await self.store.timer(row.id)
            if timer is None or timer.started != started or timer.waiting is not Waiting.NO:
                raise TableError(Problem.STALE, f"The deadline in game #{row.id} no longer applies.", row.id)
            engine = self._engine(row.engine)
            late = engine.to_act(table.state)
            if timer.policy is Policy.SKIP:
                return await self._skip(table, engine, late)
            waiting = Waiting.PAUSED if timer.policy is Policy.PAUSE else Waiting.VOTE
            await self.store.set_waiting(row.id, table.game.version, waiting)
        away = join_names([table.names[s] for s in late])
        others = [s for s in range(len(table.seats)) if s not in late]
        limit = f"{span(timer.pace.seconds or 0)} per turn, {timer.pace.value} pace"
        if waiting is Waiting.PAUSED:
            text = (f"⏸ Game #{row.id} is paused: {away}'s time ran out ({limit}). It goes on as soon as "
                    f"{away} moves; {away} can also hand the seat to another member with `/replace`.")
            return Reply(f"Game #{row.id} paused.", game_id=row.id, engine=engine.name,
                         move_number=engine.move_count(table.state),
                         post=ChannelPost(text, mentions=tuple(s.user_id for s in table.seats)))
        need = len(others) // 2 + 1
        voters = join_names([table.names[s] for s in others])
        text = (f"🗳 {away}'s time ran out in game #{row.id} ({limit}). {voters}: vote below to replace "
                f"{away} with another member of this server, or to end the game ({away} would rank last). "
                f"{need} of {len(others)} vote{'s' if need > 1 else ''} decide; if {away} moves first, "
                "the vote is off.")
        return Notice(f"Game #{row.id}: vote opened.", game_id=row.id, engine=engine.name,
                      move_number=engine.move_count(table.state), vote=away,
                      post=ChannelPost(text, mentions=tuple(table.user_of(s) for s in others)))

    async def _skip(self, table: Table, engine: Engine, late: tuple[int, ...]) -> Reply:
        """Play the engine's default move for each late seat until its turn has passed on, each move
        through the normal move path; one post tells the table what was played."""
        before, current = table, table
        absent, played, all_events = list(late), [], []
        for _ in range(SKIP_LIMIT * max(1, len(late))):
            acting = engine.to_act(current.state)
            seat = next((s for s in absent if s in acting), None)
            if seat is None:
                break
            action = engine.default_action(current.state, seat)
            played.append((seat, fill_seats(engine.format_action(current.state, seat, action), current.names)))
            state, events = engine.apply(current.state, seat, action)
            current = await self._commit_move(current, engine, seat, action, state, events)
            all_events.extend(events)
            if engine.to_act(state) != acting:
                absent.remove(seat)
        post, private = self._move_messages(engine, before, current, late[0], tuple(all_events))
        notes = []
        for seat in late:
            labels = [label for s, label in played if s == seat]
            notes.append(f"({table.names[seat]} was away: the bot played {', '.join(labels) or 'nothing'}.)")
        post = dataclasses.replace(post, text="\n".join(notes) + "\n" + post.text)
        return await self._drawn(Reply(" ".join(notes), game_id=table.game.id, engine=engine.name,
                                       move_number=engine.move_count(current.state), post=post,
                                       private=private), current.names)

    async def _clock_line(self, timer: Timer) -> str:
        now = self.clock()
        vacations = await self.store.vacations([timer.users[s] for s in timer.to_act], timer.started)
        names = join_names([timer.names[s] for s in timer.to_act])
        if timer.waiting is Waiting.PAUSED:
            return f"Paused: {names}'s time ran out; it goes on when {names} moves."
        if timer.waiting is Waiting.VOTE:
            return f"{names}'s time ran out; the other players are voting to replace {names} or end the game."
        away = [v for s in timer.to_act if (v := on_vacation(vacations, timer.users[s], now))]
        if away:
            return f"{names}'s clock is stopped: on vacation until {when(max(v.end for v in away))}."
        deadline = deadline_of(timer, vacations, now)
        if deadline is None:
            return f"Waiting for {names} for {span(now - timer.started)}."
        return f"{names} to move by {when(deadline)} ({span(deadline - now)} left)."

    @replies
    async def set_reminders(self, user: User, on: bool) -> Reply:
        await self.store.set_reminders(user.id, on)
        if on:
            return Reply("Reminders are on: when a game waits for you, I mention you in its channel and DM you "
                         "one digest of your waiting games.")
        return Reply("Reminders are off: I will not remind you of waiting games. Deadlines still apply; "
                     "`/remind on` turns reminders back on.")

    @replies
    async def vacation(self, user: User, days: int) -> Reply:
        """Stop the user's clock in all their games for ``days`` (0 ends a vacation); everyone at those
        tables is told.  At most ``VACATION_CAP_DAYS`` in any 365 days."""
        now = self.clock()
        if not 0 <= days <= VACATION_CAP_DAYS:
            raise TableError(Problem.BAD_REQUEST, f"A vacation is 1 to {VACATION_CAP_DAYS} days "
                             f"(0 ends the current one), not {days}.")
        year_ago = now - 365 * DAY
        mine = await self.store.vacations([user.id], year_ago)
        current = on_vacation(mine, user.id, now)
        timers = [t for t in await self.store.running_timers() if user.id in t.users]
        if days == 0:
            if current is None:
                raise TableError(Problem.BAD_REQUEST, "You are not on vacation.")
            await self.store.end_vacation(user.id, now)
            also = tuple(Reply("", game_id=t.game_id, post=ChannelPost(
                f"{user.name} is back from vacation; their clock in game #{t.game_id} runs again.")) for t in timers)
            return Notice("Welcome back: your clocks run again.", also=also)
        used = sum(min(v.end, now) - max(v.start, year_ago) for v in mine if v.start < now)
        left = VACATION_CAP_DAYS * DAY - used
        if days * DAY > left + 1:
            raise TableError(Problem.BAD_REQUEST, f"You have {int(left // DAY)} vacation day(s) left in these 365 "
                             f"days ({VACATION_CAP_DAYS} a year); ask for at most that.")
        end = now + days * DAY
        await self.store.start_vacation(user.id, now, end)
        also = tuple(Reply("", game_id=t.game_id, post=ChannelPost(
            f"🏖 {user.name} is on vacation until {when(end)} ({days} day{'s' if days > 1 else ''}): their clock "
            f"in game #{t.game_id} is stopped until then.")) for t in timers)
        where = f" in {len(timers)} game{'s' if len(timers) != 1 else ''}" if timers else ""
        return Notice(f"You are on vacation until {when(end)}; your clock is stopped{where}. "
                      f"{int((left - days * DAY) // DAY)} vacation day(s) left this year. `/vacation 0` "
                      "ends it early.", also=also)

    @replies
    async def replace(self, channel_id: int | None, user: User, member: User, *,
                      game_id: int | None = None) -> Reply:
        """Hand the user's seat to ``member``; from another player while a vote is open, a vote to
        give the absent player's seat to ``member``."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            engine = self._engine(row.engine)
            seat = self._seat(table, user)
            timer = await self.store.timer(row.id)
            late = timer.to_act if timer is not None and timer.waiting is Waiting.VOTE else ()
            if late and seat not in late:
                return await self._vote(table, engine, timer, seat, user, "replace", member)  # type: ignore[arg-type]
            self._check_newcomer(table, member)
            return await self._hand_over(table, engine, seat, member,
                                         f"{user.name} handed seat {seat + 1} of game #{row.id} to {member.name}.")

    @replies
    async def vote(self, game_id: int, user: User, choice: str, member: User | None = None) -> Reply:
        """A vote ("end", or "replace" with ``member``) on an absent player's seat."""
        row = await self._find(None, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            engine = self._engine(row.engine)
            seat = self._seat(table, user)
            timer = await self.store.timer(row.id)
            if timer is None or timer.waiting is not Waiting.VOTE:
                raise TableError(Problem.WRONG_PHASE, f"There is no vote open in game #{row.id}.", row.id)
            return await self._vote(table, engine, timer, seat, user, choice, member)

    @replies
    async def vote_open(self, game_id: int, user: User) -> Reply:
        """Whether ``user`` may vote in the game now (before offering them a member picker)."""
        row = await self._find(None, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
            seat = self._seat(table, user)
            timer = await self.store.timer(row.id)
        if timer is None or timer.waiting is not Waiting.VOTE:
            raise TableError(Problem.WRONG_PHASE, f"There is no vote open in game #{row.id}.", row.id)
        if seat in timer.to_act:
            raise TableError(Problem.FORBIDDEN, "You are the player the vote is about; just make your move "
                             "(that ends the vote), or hand your seat on with `/replace`.", row.id)
        away = join_names([table.names[s] for s in timer.to_act])
        return Reply(f"Who should take {away}'s seat in game #{row.id}? Pick a member of this server.",
                     game_id=row.id)

    async def _vote(self, table: Table, engine: Engine, timer: Timer, seat: int, user: User, choice: str,
                    member: User | None) -> Reply:
        game_id = table.game.id
        late = tuple(s for s in timer.to_act)
        if seat in late:
            raise TableError(Problem.FORBIDDEN, "You are the player the vote is about; just make your move "
                             "(that ends the vote), or hand your seat on with `/replace`.", game_id)
        if choice not in ("end", "replace"):
            raise TableError(Problem.BAD_REQUEST, "Vote `end` or `replace` (with a member).", game_id)
        if choice == "replace":
            if member is None:
                raise TableError(Problem.BAD_REQUEST, "Say whom to give the seat to.", game_id)
            self._check_newcomer(table, member)
        await self.store.cast_vote(game_id, Vote(user.id, choice, member.id if member else None,
                                                 member.name if member else ""))
        votes = await self.store.votes(game_id)
        voters = {table.user_of(s) for s in range(len(table.seats)) if s not in late}
        votes = [v for v in votes if v.voter in voters]
        need = len(voters) // 2 + 1
        away = table.names[late[0]]
        ends = sum(v.choice == "end" for v in votes)
        tally: dict[int, list[Vote]] = {}
        for v in votes:
            if v.choice == "replace" and v.target is not None:
                tally.setdefault(v.target, []).append(v)
        if ends >= need:
            return await self._end_by_vote(table, engine, late[0])
        for target, backing in tally.items():
            if len(backing) >= need:
                newcomer = User(target, backing[-1].target_name)
                return await self._hand_over(table, engine, late[0], newcomer,
                                             f"By vote, {newcomer.name} takes over seat {late[0] + 1} of game "
                                             f"#{game_id} from {away}.")
        what = "end the game" if choice == "end" else f"give {away}'s seat to {member.name}"  # type: ignore[union-attr]
        count = ends if choice == "end" else len(tally.get(member.id, []))  # type: ignore[union-attr]
        post = ChannelPost(f"🗳 {user.name} votes to {what} in game #{game_id} ({count} of {need} needed).")
        return Reply(f"Your vote counts: {what} ({count} of {need}).", game_id=game_id, post=post)

    async def _end_by_vote(self, table: Table, engine: Engine, seat: int) -> Reply:
        game = table.game
        standing = engine.standing(table.state)
        result = outcome_result(standing, ranks=resign_ranks(standing, seat), timed_out=seat)
        note = f"ended by vote after {table.names[seat]}'s time ran out"
        await self.store.end_game(game.id, game.version, Status.FINISHED, result, note)
        await self._load(game.id)
        lines = [f"By vote, game #{game.id} ends: {table.names[seat]}'s time ran out and they rank last. "
                 "Final standing:", *result_lines(result, table.names)]
        post = ChannelPost("\n".join(lines), mentions=tuple(s.user_id for s in table.seats),
                           view=table.view(engine, None))
        return await self._drawn(Reply("Your vote ended the game.", game_id=game.id, engine=engine.name, post=post),
                                 table.names)

    def _check_newcomer(self, table: Table, member: User) -> None:
        if table.seat_of(member.id) is not None:
            raise TableError(Problem.BAD_REQUEST, f"{member.name} already plays in game #{table.game.id}; "
                             "choose someone who is not at the table.", table.game.id)

    async def _hand_over(self, table: Table, engine: Engine, seat: int, member: User, line: str) -> Reply:
        """The seat's user changes (the log keeps seats, not users); the clock starts afresh."""
        game = table.game
        old = table.names[seat]
        await self.store.replace_seat(game.id, game.version, seat, member.id, member.name)
        after = await self._load(game.id)
        post = ChannelPost(line + "\n" + self._turn_line(engine, after), mentions=(member.id,),
                           view=after.view(engine, None))
        hand = PrivateMessage(member.id, f"You now play seat {seat + 1} in game #{game.id} ({engine.title}), "
                              f"taking over from {old}. This is your hand; the game is in its channel.",
                              view=after.view(engine, seat))
        return await self._drawn(Reply(f"Seat {seat + 1} of game #{game.id} now belongs to {member.name}.",
                                       game_id=game.id, engine=engine.name,
                                       move_number=engine.move_count(after.state), post=post, private=(hand,)),
                                 after.names)

    @replies
    async def rematch(self, game_id: int, user: User) -> Reply:
        """A new lobby in the same channel with the same options; the others are asked to join."""
        old = await self.store.get_game(game_id)
        if old is None:
            raise TableError(Problem.NO_GAME, f"There is no game #{game_id}.")
        if old.status in ACTIVE:
            raise TableError(Problem.WRONG_PHASE, f"Game #{game_id} is not over yet.", game_id)
        seats = await self.store.seats(game_id)
        if not any(s.user_id == user.id for s in seats):
            raise TableError(Problem.NOT_SEATED, f"Only the players of game #{game_id} can ask for a rematch.",
                             game_id)
        engine = self._engine(old.engine)
        timer = await self.store.timer(game_id)
        pace, policy = (timer.pace, timer.policy) if timer is not None else (Pace.NONE, Policy.SKIP)
        new = NewGame(engine=engine.name, rules_version=engine.rules_version, seed=secrets.randbits(63),
                      options=dict(old.options), guild_id=old.guild_id, channel_id=old.channel_id,
                      created_by=user.id, creator_name=user.name, seat_count=len(seats), pace=pace, policy=policy)
        try:
            game = await self.store.create_game(new)
        except ChannelBusy as busy:
            raise TableError(Problem.CHANNEL_BUSY, f"This channel already has a game: {self._label(busy.game)}.",
                             busy.game.id) from None
        others = [s for s in seats if s.user_id != user.id]
        text = (f"Rematch! {user.name} opened game #{game.id} ({engine.title}, {len(seats)} players, same options; "
                f"{timing_text(pace, policy)}). {join_names([s.name for s in others])}: press **Join** to play again.")
        return Reply(f"You opened game #{game.id}, a rematch of game #{game_id}.", game_id=game.id,
                     engine=engine.name, post=ChannelPost(text, mentions=tuple(s.user_id for s in others)))

    @replies
    async def stats(self, guild_id: int, user: User) -> Reply:
        rows = await self.store.stats(guild_id, user.id)
        if not rows:
            return Reply(f"{user.name} has no finished games on this server yet.")
        lines = [f"{user.name} on this server (finished games):"]
        lines += [f"{self.title(r.engine)}: {r.played} played, {r.won} won" for r in rows]
        if len(rows) > 1:
            lines.append(f"All games: {sum(r.played for r in rows)} played, {sum(r.won for r in rows)} won")
        return Reply("\n".join(lines))

    # ------------------------------------------------------------------ looking

    @replies
    async def status(self, channel_id: int | None, *, game_id: int | None = None) -> Reply:
        row = await self._find(channel_id, game_id, active_only=False)
        async with self._locked(row) as known:
            table = await self._load(row.id, known)
        engine = self._engine(row.engine)
        moves = engine.move_count(table.state) if table.state is not None else None
        lines = [self._label(table.game) + (f", {moves} moves played" if moves is not None else "")]
        if table.game.status is Status.LOBBY:
            lines.append(f"Seated ({len(table.seats)}): {join_names(table.names)}")
        elif table.game.status in (Status.RUNNING, Status.FINISHED, Status.ABANDONED):
            to_act = set(table.game.to_act)
            lines += [f"{i + 1}. {name}" + ("  ← to act" if i in to_act else "")
                      for i, name in enumerate(table.names)]
        if table.game.result is not None:
            lines += result_lines(table.game.result, table.names)
        timer = await self.store.timer(row.id)
        if timer is not None:
            lines.append(timing_text(timer.pace, timer.policy).capitalize() + ".")
            if table.game.status is Status.RUNNING:
                lines.append(await self._clock_line(timer))
        if table.game.note:
            lines.append(table.game.note[:1].upper() + table.game.note[1:] + ".")
        return Reply("\n".join(lines), game_id=row.id, engine=engine.name, move_number=moves)

    @replies
    async def board(self, channel_id: int | None, *, game_id: int | None = None, draw: bool = True) -> Reply:
        """The public board, as a post (with its image when a renderer is installed and ``draw``)."""
        row = await self._find(channel_id, game_id, active_only=False)
        async with self._locked(row) as known:
            table = await self._started(row.id, known)
        engine = self._engine(row.engine)
        text = self._label(table.game) + "\n" + self._turn_line(engine, table)
        timer = await self.store.timer(row.id) if table.game.status is Status.RUNNING else None
        if timer is not None and timer.pace is not Pace.NONE:
            text += "\n" + await self._clock_line(timer)
        post = ChannelPost(text, view=table.view(engine, None))
        reply = Reply("", game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                      post=post)
        return await self._drawn(reply, table.names) if draw else reply

    @replies
    async def hand(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """The user's own view, as a private message."""
        row = await self._find(channel_id, game_id, active_only=False)
        async with self._locked(row) as known:
            table = await self._started(row.id, known)
        engine = self._engine(row.engine)
        seat = self._seat(table, user)
        message = PrivateMessage(user.id, f"Your view of game #{row.id} (seat {seat + 1}).",
                                 view=table.view(engine, seat))
        return await self._drawn(Reply(message.text, game_id=row.id, engine=engine.name,
                                       move_number=engine.move_count(table.state), private=(message,)),
                                 table.names)

    @replies
    async def moves(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """The user's legal moves now (for a list, buttons or autocomplete)."""
        row = await self._find(channel_id, game_id)
        async with self._locked(row) as known:
            table = await self._running(row.id, known)
        engine = self._engine(row.engine)
        seat = self._acting_seat(table, engine, user)
        choices = tuple(Choice(engine.action_key(a), fill_seats(engine.format_action(table.state, seat, a),
                                                                table.names))
                        for a in engine.legal_actions(table.state, seat))
        text = "\n".join(f"`{c.key}` — {c.label}" if c.label.casefold() != c.key else f"`{c.key}`"
                         for c in choices)
        return Reply(text, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     choices=choices)

    @replies
    async def help(self, engine_name: str) -> Reply:
        """How to write moves in this game."""
        engine = self._engine(engine_name)
        text = engine.notation_help or f"Type a move as {engine.title} writes it; `moves` lists the legal ones."
        return Reply(text, engine=engine.name)

    @replies
    async def rules(self, engine_name: str) -> Reply:
        """The game's rules in short."""
        engine = self._engine(engine_name)
        text = getattr(engine, "rules_summary", "") or f"No rules summary for {engine.title} yet."
        return Reply(text, engine=engine.name)

    @replies
    async def history(self, channel_id: int | None, *, page: int | None = None, per_page: int = HISTORY_PAGE,
                      game_id: int | None = None) -> Reply:
        """One page of the public log (1 = oldest; default the newest page)."""
        row = await self._find(channel_id, game_id, active_only=False)
        names = await self._names(row.id)
        total = (await self.store.log_stats(row.id)).live
        pages = max(1, math.ceil(total / per_page))
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise TableError(Problem.BAD_REQUEST, f"The log of game #{row.id} has {pages} page(s); "
                             f"there is no page {page}.", row.id)
        rows = await self.store.action_page(row.id, (page - 1) * per_page, per_page)
        lines = [f"Game #{row.id} — moves, page {page}/{pages}"]
        lines += self._log_lines(rows, names, first=(page - 1) * per_page + 1) or ["No moves yet."]
        return Reply("\n".join(lines), game_id=row.id, engine=row.engine)

    @replies
    async def export_history(self, channel_id: int | None, *, game_id: int | None = None) -> Reply:
        """The whole public log as text (for a file attachment)."""
        row = await self._find(channel_id, game_id, active_only=False)
        names = await self._names(row.id)
        header = [self._label(row), "Players: " + join_names(names), ""]
        lines = self._log_lines(await self.store.live_actions(row.id), names, first=1)
        return Reply("\n".join(header + lines) + "\n", game_id=row.id, engine=row.engine)

    @replies
    async def list_games(self, guild_id: int) -> Reply:
        games = await self.store.games_in_guild(guild_id, LIST_LIMIT)
        if not games:
            return Reply("No games on this server yet.")
        return Reply("\n".join(self._label(g) for g in games), games=tuple(games))

    @replies
    async def my_games(self, user_id: int) -> Reply:
        """The games, on any server, waiting for this user to act."""
        waiting = await self.store.games_to_act(user_id)
        if not waiting:
            return Reply("No game is waiting for you.")
        return Reply("Waiting for you:\n" + "\n".join(self._label(w.game) for w in waiting),
                     games=tuple(w.game for w in waiting))

    async def snapshot(self, channel_id: int | None, *, game_id: int | None = None) -> Snapshot:
        """Facts about the channel's game (raises ``TableError``)."""
        row = await self._find(channel_id, game_id, active_only=False)
        async with self._locked(row) as known:
            table = await self._load(row.id, known)
        engine = self._engine(row.engine)
        started = table.state is not None
        return Snapshot(game=table.game, names=table.names, user_ids=tuple(s.user_id for s in table.seats),
                        to_act=engine.to_act(table.state) if started else (),
                        move_number=engine.move_count(table.state) if started else None,
                        last_mover=None if table.stats.last_seat is None else table.user_of(table.stats.last_seat))

    async def check_rules(self) -> list[GameRow]:
        """At start: replay every running game stored under another rules version.  Those that still
        replay carry on under the new version; the others are marked broken and returned."""
        broken = []
        for row in await self.store.games_with_status(Status.RUNNING):
            try:
                if row.rules_version == self._engine(row.engine).rules_version:
                    continue
                async with self._lock(row.id):
                    await self._load(row.id)
            except TableError as err:
                if err.problem is Problem.BROKEN:
                    broken.append(await self.store.get_game(row.id) or row)
                else:
                    log.warning("game %s not checked: %s", row.id, err.text)
        return broken

    # ------------------------------------------------------------------ internals: finding and loading

    def _engine(self, name: str) -> Engine:
        try:
            return self._engines(name)
        except KeyError:
            raise TableError(Problem.BAD_REQUEST, f"There is no game called {name!r} here; "
                             f"available: {', '.join(engines.names())}.") from None

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def _locked(self, row: GameRow) -> AsyncIterator[GameRow | None]:
        """Hold the game's lock; yield ``row`` if it is still current, else None (read it again).

        Taking a free lock does not yield to the event loop, and every change to a game happens
        under its lock, so a row read just before is current unless we had to wait.  (Another
        process may still change it; the store's version check refuses writes based on it.)"""
        lock = self._lock(row.id)
        waited = lock.locked()
        async with lock:
            yield None if waited else row

    async def _find(self, channel_id: int | None, game_id: int | None = None, *,
                    active_only: bool = True) -> GameRow:
        """The game a request is about: by id, or the channel's active game (else its latest one)."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or (channel_id is not None and row.channel_id != channel_id):
                raise TableError(Problem.NO_GAME, f"There is no game #{game_id} in this channel.")
            return row
        if channel_id is None:
            raise TableError(Problem.NO_GAME, "Say which game you mean.")
        row = await self.store.active_game(channel_id)
        if row is not None:
            return row
        latest = await self.store.latest_game(channel_id)
        if latest is None:
            raise TableError(Problem.NO_GAME, "There is no game in this channel. Open one with `new`.")
        if active_only:
            raise TableError(Problem.NO_GAME, f"No game is running in this channel; the last one, "
                             f"{self._label(latest)}. Open a new one with `new`.", latest.id)
        return latest

    async def _load(self, game_id: int, known: GameRow | None = None) -> Table:
        """The table at its stored version: from memory when current, else from the store.
        Call with the game's lock held; ``known`` is the game's row if already read under it."""
        row = known or await self.store.get_game(game_id)
        if row is None:
            raise TableError(Problem.NO_GAME, f"There is no game #{game_id}.")
        cached = self._tables.get(game_id)
        if cached is not None and cached.game.version == row.version:
            return cached
        parts = await self.store.game_parts(game_id)
        table = Table(row, tuple(parts.seats), None, parts.stats)
        if row.status in (Status.RUNNING, Status.FINISHED):
            table = await self._with_state(table, parts.state)
        self._tables.put(game_id, table)
        return table

    async def _with_state(self, table: Table, cached: StateRow | None) -> Table:
        """Attach the state from the store's cache row; rebuild it from the log when that row is
        missing, corrupt, behind, or written under another rules version."""
        row, engine = table.game, self._engine(table.game.engine)
        if row.rules_version == engine.rules_version:
            if cached is not None and cached.seq == table.stats.last_live_seq:
                try:
                    state = engine.load(json.loads(cached.state_json))
                    if engine.move_count(state) == table.stats.live:
                        return dataclasses.replace(table, state=state, views={})
                except Exception:  # any damage to the row: the log is the truth
                    pass
            log.warning("game %s: state cache row missing, damaged or behind the log; rebuilding", row.id)
        log_rows = [(a.seat, a.action_key) for a in await self.store.live_actions(row.id)]
        state = await self._replay(table, engine, log_rows)
        await self.store.repair_state(row.id, row.version, table.stats.last_live_seq,
                                      self._dump(engine, state), engine.rules_version)
        game = dataclasses.replace(row, rules_version=engine.rules_version)
        return dataclasses.replace(table, game=game, state=state, views={})

    async def _replay(self, table: Table, engine: Engine, log_rows: Sequence[tuple[int, str]]) -> Any:
        """Replay the log (in a worker thread: it is CPU work).  When a running game's log no longer
        replays, the game is marked broken and reported; the other games carry on."""
        row = table.game
        try:
            return await asyncio.to_thread(engine.replay, len(table.seats), row.seed,  # type: ignore[attr-defined]
                                           row.options, log_rows)
        except Exception as err:
            note = (f"its moves no longer replay under {engine.title} rules version {engine.rules_version} "
                    f"(stored under version {row.rules_version}): {str(err).rstrip('.')}")
            log.error("game %s cannot be replayed: %s", row.id, note)
            if row.status is not Status.RUNNING:  # a finished game keeps its result; only its board is lost
                raise TableError(Problem.BROKEN, f"The board of game #{row.id} cannot be shown: {note}.",
                                 row.id) from err
            await self.store.end_game(row.id, row.version, Status.BROKEN, None, note)
            self._tables.pop(row.id)
            raise TableError(Problem.BROKEN, f"Game #{row.id} cannot continue: {note}. "
                             "It is now marked broken for the bot's operators; this channel is free "
                             "for a new game.", row.id) from err

    async def _lobby(self, game_id: int, known: GameRow | None = None) -> Table:
        table = await self._load(game_id, known)
        if table.game.status is not Status.LOBBY:
            raise TableError(Problem.WRONG_PHASE, f"Game #{game_id} has already started.", game_id)
        return table

    async def _started(self, game_id: int, known: GameRow | None = None) -> Table:
        table = await self._load(game_id, known)
        if table.state is None:
            raise self._not_running(table.game)
        return table

    async def _running(self, game_id: int, known: GameRow | None = None,
                       seen_version: int | None = None) -> Table:
        table = await self._load(game_id, known)
        if table.game.status is not Status.RUNNING:
            raise self._not_running(table.game)
        if seen_version is not None and table.game.version != seen_version:
            raise TableError(Problem.STALE, STALE_TEXT, game_id)
        return table

    def _not_running(self, game: GameRow) -> TableError:
        if game.status is Status.LOBBY:
            return TableError(Problem.WRONG_PHASE, f"Game #{game.id} has not started yet.", game.id)
        if game.status is Status.BROKEN:
            return TableError(Problem.BROKEN, f"Game #{game.id} cannot continue: {game.note}.", game.id)
        return TableError(Problem.WRONG_PHASE, f"Game #{game.id} is over ({game.status.value}).", game.id)

    async def _names(self, game_id: int) -> tuple[str, ...]:
        return tuple(s.name for s in await self.store.seats(game_id))

    # ------------------------------------------------------------------ internals: rules

    def _seat(self, table: Table, user: User) -> int:
        seat = table.seat_of(user.id)
        if seat is None:
            raise TableError(Problem.NOT_SEATED, f"You are not playing in game #{table.game.id}.",
                             table.game.id)
        return seat

    def _acting_seat(self, table: Table, engine: Engine, user: User) -> int:
        seat = self._seat(table, user)
        to_act = engine.to_act(table.state)
        if seat not in to_act:
            waiting = join_names([table.names[s] for s in to_act])
            raise TableError(Problem.NOT_YOUR_TURN, f"It is not your turn; waiting for {waiting}.",
                             table.game.id)
        return seat

    def _apply(self, table: Table, engine: Engine, seat: int,
               text: str) -> tuple[Action, Any, tuple[Event, ...]]:
        try:
            action = engine.parse_action(table.state, seat, text)
            state, events = engine.apply(table.state, seat, action)
        except EngineError as err:
            raise TableError(Problem.ILLEGAL, fill_seats(str(err), table.names), table.game.id) from None
        return action, state, events

    def _check_undo(self, table: Table, engine: Engine, seat: int, live: int, last_seat: int | None) -> None:
        if last_seat is None:
            raise TableError(Problem.CANNOT_UNDO, "There is nothing to undo yet.", table.game.id)
        if last_seat != seat:
            raise TableError(Problem.CANNOT_UNDO, f"{table.names[last_seat]} has moved since; only the "
                             "player who made the last move can take it back.", table.game.id)
        if live - 1 < engine.undo_barrier(table.state):
            raise TableError(Problem.CANNOT_UNDO, "That move cannot be taken back: something was drawn or "
                             "revealed, or the turn passed on, after it.", table.game.id)

    def _check_options(self, engine: Engine, seats: int, options: dict[str, Any]) -> None:
        try:
            engine.new_game(seats, 0, options)
        except Exception as err:  # the engine knows its options; say what it said
            raise TableError(Problem.BAD_REQUEST,
                             f"Those options do not work for {engine.title}: {err}") from None

    @staticmethod
    def _timing(pace: str, deadline: str) -> tuple[Pace, Policy]:
        try:
            pace_ = Pace(str(pace).lower())
        except ValueError:
            raise TableError(Problem.BAD_REQUEST, f"Pace {pace!r} is not one of: "
                             f"{', '.join(p.value for p in Pace)}.") from None
        try:
            policy = Policy(str(deadline).lower())
        except ValueError:
            raise TableError(Problem.BAD_REQUEST, f"Deadline {deadline!r} is not one of: "
                             f"{', '.join(p.value for p in Policy)}.") from None
        return pace_, policy

    @staticmethod
    def _require_owner(game: GameRow, user: User, is_manager: bool, verb: str) -> None:
        if user.id != game.created_by and not is_manager:
            raise TableError(Problem.FORBIDDEN, f"Only the player who opened game #{game.id} or a server "
                             f"manager can {verb} it.", game.id)

    @staticmethod
    def _dump(engine: Engine, state: Any) -> str:
        return json.dumps(engine.dump(state), separators=(",", ":"))

    # ------------------------------------------------------------------ internals: writing

    async def _start(self, table: Table, engine: Engine) -> Reply:
        """Seat the lobby in an order drawn from the game's seed, deal, and tell everyone."""
        game = table.game
        users = [s.user_id for s in sorted(table.seats, key=lambda s: s.joined)]
        _, order = rng.shuffle(rng.seed_state(game.seed), users)
        state = engine.new_game(len(order), game.seed, game.options)
        await self.store.start_game(game.id, game.version, list(order), engine.rules_version,
                                    self._dump(engine, state), engine.to_act(state))
        started = await self._load(game.id)
        seating = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(started.names))
        post = ChannelPost(f"Game #{game.id} of {engine.title} begins! Seats: {seating}.\n"
                           + self._turn_line(engine, started),
                           mentions=tuple(s.user_id for s in started.seats), view=started.view(engine, None))
        private = tuple(PrivateMessage(s.user_id, f"You are seat {i + 1} in game #{game.id}.",
                                       view=started.view(engine, i)) for i, s in enumerate(started.seats))
        return await self._drawn(Reply(f"Game #{game.id} started.", game_id=game.id, engine=engine.name,
                                       move_number=engine.move_count(state), post=post, private=private),
                                 started.names)

    async def _commit_move(self, before: Table, engine: Engine, seat: int, action: Action, state: Any,
                           events: tuple[Event, ...]) -> Table:
        """Append the move and the new cached state in one transaction; update memory only after."""
        game = before.game
        outcome = engine.outcome(state)
        result = outcome_result(outcome) if outcome is not None else None
        public = "\n".join(t for t in (engine.describe(e, None) for e in events) if t)
        seq = before.stats.max_seq + 1
        to_act = engine.to_act(state)
        await self.store.append_action(game.id, game.version, seq, seat, engine.action_key(action), public,
                                       self._dump(engine, state), to_act, result)
        status = Status.RUNNING if result is None else Status.FINISHED
        after = Table(
            game=dataclasses.replace(game, version=game.version + 1, to_act=to_act, status=status,
                                     result=result),
            seats=before.seats, state=state,
            stats=LogStats(live=before.stats.live + 1, last_live_seq=seq, max_seq=seq, last_seat=seat))
        self._tables.put(game.id, after)
        return after

    # ------------------------------------------------------------------ internals: messages

    def _move_messages(self, engine: Engine, before: Table, after: Table, actor: int,
                       events: tuple[Event, ...]) -> tuple[ChannelPost, tuple[PrivateMessage, ...]]:
        """The channel post (public event texts, who is next) and a private message for every seat
        that learned something or whose own view changed."""
        names = after.names
        public_texts = [engine.describe(e, None) for e in events]
        lines = [fill_seats(t, names) for t in public_texts if t]
        lines.append(self._turn_line(engine, after))
        to_act = engine.to_act(after.state)
        mentions = tuple(after.user_of(s) for s in to_act if s != actor)
        public_after = after.view(engine, None)
        public_before = before.view(engine, None)
        private = []
        for seat in range(len(after.seats)):
            own = [fill_seats(t, names) for e, pub in zip(events, public_texts, strict=True)
                   if (t := engine.describe(e, seat)) and t != pub]
            view = after.view(engine, seat)
            changed = private_part(view, public_after) != private_part(before.view(engine, seat), public_before)
            if own or changed:
                text = "\n".join(own) or f"Your view of game #{after.game.id} changed."
                private.append(PrivateMessage(after.user_of(seat), text, view=view))
        return ChannelPost("\n".join(lines), mentions=mentions, view=public_after), tuple(private)

    def _turn_line(self, engine: Engine, table: Table) -> str:
        if table.game.result is not None:
            return "Game over!\n" + "\n".join(result_lines(table.game.result, table.names))
        if table.game.status is not Status.RUNNING:
            return f"Game #{table.game.id} is {table.game.status.value}."
        waiting = join_names([table.names[s] for s in engine.to_act(table.state)])
        return f"Move {engine.move_count(table.state) + 1}: {waiting} to act."

    def _label(self, game: GameRow) -> str:
        try:
            title = self._engines(game.engine).title
        except KeyError:
            title = game.engine
        state = {Status.LOBBY: "waiting for players"}.get(game.status, game.status.value)
        return f"game #{game.id} ({title}, {state})"

    @staticmethod
    def _log_lines(rows: Sequence[Any], names: Sequence[str], first: int) -> list[str]:
        lines = []
        for number, row in enumerate(rows, start=first):
            who = names[row.seat] if row.seat < len(names) else f"seat {row.seat + 1}"
            text = fill_seats(row.public, names).replace("\n", " ") or f"{who} moved."
            lines.append(f"{number}. {text}")
        return lines

    async def _drawn(self, reply: Reply, names: Sequence[str]) -> Reply:
        """Attach images for the post and private views, drawn in worker threads (never on the loop).
        A drawing failure is logged and the messages go out without the image."""
        if self.renderer is None or reply.engine is None:
            return reply
        renderer, engine = self.renderer, reply.engine

        async def draw(fn: Callable[[str, dict[str, Any], Sequence[str]], bytes | None],
                       view: dict[str, Any] | None) -> bytes | None:
            if view is None:
                return None
            try:
                return await asyncio.to_thread(fn, engine, view, list(names))
            except Exception:
                log.exception("drawing for game %s failed", reply.game_id)
                return None

        post_image, *hand_images = await asyncio.gather(
            draw(renderer.render_board, reply.post.view if reply.post else None),
            *(draw(renderer.render_hand, m.view) for m in reply.private))
        post = dataclasses.replace(reply.post, image=post_image) if reply.post else None
        private = tuple(dataclasses.replace(m, image=image)
                        for m, image in zip(reply.private, hand_images, strict=True))
        return dataclasses.replace(reply, post=post, private=private)

    @staticmethod
    def _seat_range(engine: Engine) -> str:
        low, high = engine.min_seats, engine.max_seats
        return str(low) if low == high else f"{low}–{high}"


def timing_text(pace: Pace, policy: Policy) -> str:
    """'daily pace, 24 h per turn; when time runs out the game pauses'."""
    if pace is Pace.NONE:
        return "no time limit"
    return f"{pace.label}; {policy.label}"
