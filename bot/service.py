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
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec

import engines
from bot.cache import LRU
from bot.messages import ChannelPost, Choice, PrivateMessage, Problem, Reply, User
from bot.rendering import Renderer
from bot.store import (
    ACTIVE,
    ChannelBusy,
    GameRow,
    LogStats,
    NewGame,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    Store,
)
from bot.text import fill_seats, join_names, result_lines
from engines import rng
from engines.core import Action, Engine, EngineError, Event, Outcome

log = logging.getLogger(__name__)

EngineLookup = Callable[[str], Engine]
P = ParamSpec("P")

HISTORY_PAGE = 20
LIST_LIMIT = 25
STALE_TEXT = "That board has moved on since you saw it; nothing was changed. Have a look and try again."


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
                 renderer: Renderer | None = None, cache_size: int = 512) -> None:
        self.store = store
        self.renderer = renderer
        self._engines = engines_lookup
        self._tables: LRU[int, Table] = LRU(cache_size)
        # One lock per game, forgotten once no request holds or waits for it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # ------------------------------------------------------------------ lobby

    @replies
    async def create(self, engine_name: str, guild_id: int, channel_id: int, creator: User, *,
                     seats: int | None = None, options: Mapping[str, Any] | None = None,
                     seed: int | None = None) -> Reply:
        """Open a lobby in the channel; the creator takes the first place.  With ``seats`` the
        game starts by itself once that many have joined."""
        engine = self._engine(engine_name)
        if seats is not None and not engine.min_seats <= seats <= engine.max_seats:
            raise TableError(Problem.BAD_REQUEST,
                             f"{engine.title} is for {self._seat_range(engine)} players, not {seats}.")
        options = dict(options or {})
        self._check_options(engine, seats or engine.min_seats, options)
        new = NewGame(engine=engine.name, rules_version=engine.rules_version,
                      seed=secrets.randbits(63) if seed is None else seed, options=options, guild_id=guild_id,
                      channel_id=channel_id, created_by=creator.id, creator_name=creator.name,
                      seat_count=seats)
        try:
            game = await self.store.create_game(new)
        except ChannelBusy as busy:
            raise TableError(Problem.CHANNEL_BUSY,
                             f"This channel already has a game: {self._label(busy.game)}. "
                             "Finish or abandon it first, or start the new one in a thread.",
                             busy.game.id) from None
        wanted = f"{seats} players" if seats else self._seat_range(engine) + " players"
        text = (f"{creator.name} opened a table for {engine.title} (game #{game.id}, {wanted}). "
                "Join to take a seat.")
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
        post = ChannelPost(self._label(table.game) + "\n" + self._turn_line(engine, table),
                           view=table.view(engine, None))
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
