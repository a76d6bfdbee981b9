"""The lobby: opening a table, joining, leaving, starting, cancelling, and a rematch after the end.

Each verb's announcements (the lobby message, its edits, the start post and the hands) are written
in the same transaction as the change, so a crash between them cannot leave a table half-told.
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

import ai
from bot.language import _
from bot.ratings.model import BOT
from bot.store import ACTIVE, ChannelBusy, GameRow, LogStats, NewGame, Outgoing, Pace, Policy, SeatRow, Status
from bot.store.rating_rows import RatingRow
from bot.table import announce, wording, wording_bots, wording_lobby
from bot.table.errors import TableError, replies
from bot.table.limits import Limits
from bot.table.results import Announcement, ChannelPost, Problem, Reply, User, keyed, to_outgoing
from bot.table.table import Table, title_of
from bot.table.tables import Tables
from engines import registry, rng
from engines.core import AnyEngine
from engines.i18n import choose, speaking


def parse_timing(pace: str, deadline: str) -> tuple[Pace, Policy]:
    try:
        pace_ = Pace(str(pace).lower())
    except ValueError:
        raise TableError(Problem.BAD_REQUEST, wording.not_one_of("Pace", pace, [p.value for p in Pace])) from None
    try:
        policy = Policy(str(deadline).lower())
    except ValueError:
        raise TableError(Problem.BAD_REQUEST,
                         wording.not_one_of("Deadline", deadline, [p.value for p in Policy])) from None
    return pace_, policy


class Lobby:
    def __init__(self, tables: Tables, limits: Limits) -> None:
        self.tables = tables
        self.store = tables.store
        self.limits = limits

    @replies
    async def create(self, engine_name: str, guild_id: int, channel_id: int, creator: User, *,
                     seats: int | None = None, options: Mapping[str, Any] | None = None,
                     seed: int | None = None, pace: str = Pace.NONE.value, deadline: str = Policy.SKIP.value,
                     origin_id: int | None = None, bots: int = 0, level: str = ai.DEFAULT,
                     hints: bool = True, language: str | None = None, rated: bool = True) -> Reply:
        """Open a lobby in the channel; the creator takes the first place.  With ``seats`` the game
        starts by itself once that many have joined.  ``pace`` (time per hand-over) and ``deadline``
        (what happens when it runs out) are kept for the whole game.  ``origin_id`` is the channel the
        request came from when the lobby gets a thread of its own (lobbies are limited per channel).
        ``bots`` computer players of ``level`` take seats at once (more may be added in the lobby);
        ``hints`` lets players ask the computer for a suggestion.  ``language``: the table's (its posts and
        images; a language tag, e.g. the server's), else English.  ``rated`` False: the game changes no rating."""
        engine = self.tables.engine(engine_name)
        pace_, policy = parse_timing(pace, deadline)
        players = wording.seat_range(engine.min_seats, engine.max_seats)
        if seats is not None and not engine.min_seats <= seats <= engine.max_seats:
            raise TableError(Problem.BAD_REQUEST, wording.wrong_seat_count(title_of(engine), players, seats))
        level = _level(level)
        room = (seats or engine.max_seats) - 1
        if not 0 <= bots <= room:
            raise TableError(Problem.BAD_REQUEST, wording_bots.too_many_bots(bots, room))
        options = {**_default_options(engine.name), **(options or {})}  # stored whole: replays never guess
        self._check_options(engine, seats or engine.min_seats, options)
        await self._check_room(guild_id, creator, channel_id if origin_id is None else origin_id)
        new = NewGame(engine=engine.name, rules_version=engine.rules_version,
                      seed=secrets.randbits(63) if seed is None else seed, options=options, guild_id=guild_id,
                      channel_id=channel_id, created_by=creator.id, creator_name=creator.name,
                      seat_count=seats, pace=pace_, policy=policy, origin_id=origin_id,
                      settings={"hints": bool(hints), "level": level, "language": choose(language),
                                **({} if rated else {"rated": False})})
        opened = await self._open(engine, new, wording_lobby.opened)
        return await self._seat_bots(opened, engine, bots, level)

    async def _seat_bots(self, opened: Reply, engine: AnyEngine, bots: int, level: str) -> Reply:
        """Seat ``bots`` computer players at a lobby just opened; the reply tells of all of it (the
        lobby post, its edits, and the start when they fill the table)."""
        reply, names = opened, []
        for _number in range(bots):
            assert opened.game_id is not None
            async with self.tables.holding(self.tables.lobby, None, opened.game_id) as (_row, table):
                bot = _next_bot(table, level)
                seated = await self._seat_bot(table, engine, bot, level)
            names.append(bot.name)
            reply = dataclasses.replace(seated, post=reply.post or seated.post, outbox=reply.outbox + seated.outbox)
        if not names:
            return opened
        text = wording_bots.opened_with_bots(reply.game_id or 0, names)
        return dataclasses.replace(reply, text=text + ("\n" + reply.text if reply.to_act else ""))

    @replies
    async def add_bot(self, channel_id: int | None, user: User, *, level: str | None = None, is_manager: bool = False,
                      game_id: int | None = None) -> Reply:
        """A computer player takes the next seat (the host's or a manager's choice); at the table's
        level unless ``level`` says otherwise.  Fills the table: the game starts."""
        hosted = self._hosted("add a computer player to", channel_id, user, is_manager, game_id)
        async with hosted as (row, table, engine):
            limit = table.game.seat_count or engine.max_seats
            if len(table.seats) >= limit:
                raise TableError(Problem.WRONG_PHASE, wording.table_full(row.id, limit), row.id)
            chosen = _level(level or table.game.settings.get("level", ai.DEFAULT))
            return await self._seat_bot(table, engine, _next_bot(table, chosen), chosen)

    @contextlib.asynccontextmanager
    async def _hosted(self, verb: str, channel_id: int | None, user: User, is_manager: bool, game_id: int | None
                      ) -> AsyncIterator[tuple[GameRow, Table, AnyEngine]]:
        """The lobby under its lock, with its engine: refused (saying it may not ``verb`` it) unless ``user``
        opened the table or manages the server."""
        async with self.tables.holding(self.tables.lobby, channel_id, game_id) as (row, table):
            self.tables.require_owner(table.game, user, is_manager, verb)
            yield row, table, self.tables.engine(table.game.engine)

    async def _seat_bot(self, table: Table, engine: AnyEngine, bot: User, level: str) -> Reply:
        """Seat computer player ``bot`` (lock held); start the game if that fills the table."""
        seated = _with_seat(table, bot, level)
        game = table.game
        if len(seated.seats) == game.seat_count:
            return await self._start(seated, engine, joining=bot, level=level)
        seated = await self._rated(seated)
        with speaking(seated.language):
            edit = keyed(announce.lobby_edit(engine, seated, table.timing))
        await self.store.add_seat(game.id, game.version, bot.id, bot.name, [to_outgoing(edit)], level=level)
        return Reply(wording_bots.bot_added(game.id, bot.name), game_id=game.id, engine=engine.name, outbox=(edit,),
                     channel_id=game.channel_id)

    async def _rated(self, table: Table) -> Table:
        """``table`` knowing its seated players' ratings (the lobby shows them)."""
        ratings = await self._ratings(table.game.guild_id, table.game.engine, table.seats)
        return dataclasses.replace(table, seat_ratings=ratings)

    async def _ratings(self, guild_id: int, engine: str, seats: Sequence[SeatRow]) -> tuple[RatingRow | None, ...]:
        basis = await self.store.rating_basis(guild_id, engine, sorted({BOT if s.is_bot else s.user_id for s in seats}))
        return tuple(basis.ratings.get((BOT, s.level) if s.is_bot else (s.user_id, "")) for s in seats)

    async def _check_room(self, guild_id: int, user: User, origin_id: int) -> None:
        mine, here = await self.store.open_lobbies(guild_id, user.id, origin_id)
        if mine >= self.limits.lobbies_per_member:
            raise TableError(Problem.FORBIDDEN, wording.too_many_lobbies(self.limits.lobbies_per_member))
        if here >= self.limits.lobbies_per_channel:
            raise TableError(Problem.FORBIDDEN, wording.channel_full_of_lobbies(self.limits.lobbies_per_channel))

    async def _open(self, engine: AnyEngine, new: NewGame, answer: Callable[[int], str],
                    lead: Callable[[int], str] | None = None, mentions: tuple[int, ...] = ()) -> Reply:
        """Store a new lobby and its lobby message (whose words need the new game's id)."""
        posted: list[ChannelPost] = []
        creator = (SeatRow(new.created_by, new.creator_name, None, 0),)
        ratings = await self._ratings(new.guild_id, new.engine, creator)

        def lobby_message(game_id: int) -> list[Outgoing]:
            table = Table(_lobby_row(new, game_id), creator, None, LogStats(0, 0, 0), new.pace, new.policy,
                          seat_ratings=ratings)
            with speaking(table.language):
                item = keyed(announce.lobby_post(engine, table, table.timing, lead(game_id) if lead else "", mentions))
            posted.append(item)
            return [to_outgoing(item)]

        try:
            game = await self.store.create_game(new, lobby_message)
        except ChannelBusy as busy:
            raise TableError(Problem.CHANNEL_BUSY, wording.channel_busy(self.tables.label(busy.game)),
                             busy.game.id) from None
        (lobby,) = posted
        return Reply(answer(game.id), game_id=game.id, engine=engine.name, post=lobby, outbox=(lobby,),
                     channel_id=game.channel_id)

    @replies
    async def join(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        async with self.tables.holding(self.tables.lobby, channel_id, game_id) as (row, table):
            engine = self.tables.engine(table.game.engine)
            if table.seat_of(user.id) is not None:
                raise TableError(Problem.BAD_REQUEST, wording.already_seated(row.id), row.id)
            limit = table.game.seat_count or engine.max_seats
            if len(table.seats) >= limit:
                raise TableError(Problem.WRONG_PHASE, wording.table_full(row.id, limit), row.id)
            seated = _with_seat(table, user)
            if len(seated.seats) == table.game.seat_count:
                return await self._start(seated, engine, joining=user)
            seated = await self._rated(seated)
            with speaking(seated.language):
                edit = keyed(announce.lobby_edit(engine, seated, table.timing))
            await self.store.add_seat(row.id, table.game.version, user.id, user.name, [to_outgoing(edit)])
        return Reply(wording_lobby.joined(row.id), game_id=row.id, engine=engine.name, outbox=(edit,),
                     channel_id=row.channel_id)

    @replies
    async def leave(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        async with self.tables.holding(self.tables.lobby, channel_id, game_id) as (row, table):
            engine = self.tables.engine(table.game.engine)
            if table.seat_of(user.id) is None:
                raise TableError(Problem.NOT_SEATED, wording.not_seated_here(row.id), row.id)
            if user.id == table.game.created_by:
                raise TableError(Problem.FORBIDDEN, wording.creator_cannot_leave(), row.id)
            remaining = await self._rated(
                dataclasses.replace(table, seats=tuple(s for s in table.seats if s.user_id != user.id)))
            with speaking(remaining.language):
                edit = keyed(announce.lobby_edit(engine, remaining, table.timing))
            await self.store.remove_seat(row.id, table.game.version, user.id, [to_outgoing(edit)])
        return Reply(wording_lobby.left(row.id), game_id=row.id, engine=engine.name, outbox=(edit,),
                     channel_id=row.channel_id)

    @replies
    async def start(self, channel_id: int | None, user: User, *, is_manager: bool = False,
                    game_id: int | None = None) -> Reply:
        async with self._hosted("start", channel_id, user, is_manager, game_id) as (row, table, engine):
            if not engine.min_seats <= len(table.seats) <= engine.max_seats:
                players = wording.seat_range(engine.min_seats, engine.max_seats)
                said = wording.needs_players(title_of(engine), players, len(table.seats))
                raise TableError(Problem.WRONG_PHASE, said, row.id)
            return await self._start(table, engine)

    @replies
    async def cancel(self, channel_id: int | None, user: User, *, is_manager: bool = False,
                     game_id: int | None = None) -> Reply:
        async with self._hosted("cancel", channel_id, user, is_manager, game_id) as (row, table, engine):
            ended = dataclasses.replace(table, game=dataclasses.replace(table.game, status=Status.CANCELLED))
            with speaking(ended.language):  # the game's note (shown by its status) is in its language too
                edit = keyed(announce.lobby_edit(engine, ended, table.timing))
                note = _("cancelled by {name}", name=user.name)
            await self.store.end_game(row.id, table.game.version, Status.CANCELLED, None, note, [to_outgoing(edit)])
        return Reply(wording_lobby.cancelled(row.id), game_id=row.id, engine=engine.name, outbox=(edit,),
                     channel_id=row.channel_id)

    async def _start(self, table: Table, engine: AnyEngine, joining: User | None = None, level: str = "") -> Reply:
        """Seat the lobby in an order drawn from the game's seed, deal, and tell everyone: the lobby
        message, the start post and each hand are stored with the start itself."""
        game = table.game
        by_join = sorted(table.seats, key=lambda s: s.joined)
        _drawn, order = rng.shuffle(rng.seed_state(game.seed), [s.user_id for s in by_join])
        state = engine.new_game(len(order), game.seed, game.options)
        seats = tuple(dataclasses.replace(next(s for s in by_join if s.user_id == uid), seat=i)
                      for i, uid in enumerate(order))
        to_act = engine.to_act(state)
        started = dataclasses.replace(
            table, seats=seats, state=state, views={}, legal={},
            game=dataclasses.replace(game, status=Status.RUNNING, rules_version=engine.rules_version, to_act=to_act,
                                     version=game.version + 1))
        started = await self.tables.with_readers(started)
        with speaking(started.language):
            post, hands = announce.start_messages(engine, started)
            edit = keyed(announce.lobby_edit(engine, started, table.timing))
        post = keyed(post)
        hands = tuple(keyed(h) for h in hands)
        items: tuple[Announcement, ...] = (edit, post, *hands)
        # The last seat (when a Join fills the table) and the start land in one transaction.
        await self.store.start_game(game.id, game.version, list(order), engine.rules_version,
                                    self.tables.dump(engine, state), to_act, [to_outgoing(a) for a in items],
                                    newcomer=(joining.id, joining.name, level) if joining else None)
        self.tables.forget(game.id)  # re-read on next use: the seats and the clock as stored
        return Reply(wording_lobby.started(game.id), game_id=game.id, engine=engine.name,
                     move_number=engine.move_count(state), post=post, private=hands, outbox=items,
                     channel_id=game.channel_id, to_act=tuple(order[s] for s in to_act))

    @replies
    async def rematch(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """A new lobby in the same channel with the same options as ``game_id`` (else the channel's latest game);
        the others are asked to join."""
        old = await self.tables.find(channel_id, game_id, active_only=False)
        game_id = old.id
        if old.status in ACTIVE:
            raise TableError(Problem.WRONG_PHASE, wording.not_over_yet(game_id), game_id)
        seats = await self.store.seats(game_id)
        if not any(s.user_id == user.id for s in seats):
            raise TableError(Problem.NOT_SEATED, wording.rematch_players_only(game_id), game_id)
        engine = self.tables.engine(old.engine)
        await self._check_room(old.guild_id, user, old.channel_id)
        timer = await self.store.timer(game_id)
        pace, policy = (timer.pace, timer.policy) if timer is not None else (Pace.NONE, Policy.SKIP)
        new = NewGame(engine=engine.name, rules_version=engine.rules_version, seed=secrets.randbits(63),
                      options={**_default_options(engine.name), **old.options}, guild_id=old.guild_id,
                      channel_id=old.channel_id,
                      created_by=user.id, creator_name=user.name, seat_count=len(seats), pace=pace, policy=policy)
        others = [s for s in seats if s.user_id != user.id and not s.is_bot]
        bots = [s for s in seats if s.is_bot]  # the computer players take their seats again at once
        new = dataclasses.replace(new, settings={**old.settings})

        def lead(new_id: int) -> str:
            return wording_lobby.rematch_call(user.name, new_id, title_of(engine), len(seats),
                                              wording_lobby.timing(pace, policy), [s.name for s in others])

        opened = await self._open(engine, new, lambda new_id: wording_lobby.rematch_opened(new_id, game_id), lead,
                                  tuple(s.user_id for s in others))
        level = bots[0].level if bots else ai.DEFAULT
        return await self._seat_bots(opened, engine, len(bots), level) if opened.ok else opened

    @staticmethod
    def _check_options(engine: AnyEngine, seats: int, options: dict[str, Any]) -> None:
        try:
            engine.new_game(seats, 0, options)
        except Exception as err:  # the engine knows its options; say what it said
            raise TableError(Problem.BAD_REQUEST, wording.bad_options(title_of(engine), err)) from None


def _default_options(engine_name: str) -> dict[str, Any]:
    """The game's declared options with their defaults (a game outside the registry has none)."""
    try:
        return registry.find(engine_name).default_options()
    except KeyError:
        return {}


def _with_seat(table: Table, user: User, level: str = "") -> Table:
    joined = max((s.joined for s in table.seats), default=-1) + 1
    return dataclasses.replace(table, seats=(*table.seats, SeatRow(user.id, user.name, None, joined, level)))


def _next_bot(table: Table, level: str) -> User:
    """The next computer player to seat: numbered after those seated, named in the table's language."""
    number = 1 + sum(1 for s in table.seats if s.is_bot)
    with speaking(table.language):
        return User(-number, wording_bots.bot_name(number, level))


def _level(name: str) -> str:
    try:
        return ai.level(name).name
    except ai.UnknownLevel:
        raise TableError(Problem.BAD_REQUEST, wording_bots.bad_level(name)) from None


def _lobby_row(new: NewGame, game_id: int) -> GameRow:
    """The row a new game gets (for the words of its lobby message, written in the same transaction)."""
    return GameRow(id=game_id, engine=new.engine, rules_version=new.rules_version, seed=new.seed,
                   options=new.options, guild_id=new.guild_id, channel_id=new.channel_id, status=Status.LOBBY,
                   created_by=new.created_by, created_at=0.0, updated_at=0.0, seat_count=new.seat_count,
                   version=0, to_act=(), result=None, note="", settings=new.settings)
