"""The tables in play: finding a game, its lock, loading it (memory, state cache or replay) and committing.

Every verb of the service goes through here: ``find`` the game a request is about (one store read),
hold its lock, ``load`` it (from memory when the row's version matches — no further read), change it
with one store write that carries the change's announcements.  A bounded LRU keeps hot games in
memory, validated against the game's version on every use, so a change made elsewhere is never missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import engines
from bot.cache import LRU
from bot.ratings.games import rate_ending, rerated
from bot.store import TAIL, GameRow, LogStats, NewMove, StateRow, Status, Store
from bot.table import announce as announcing
from bot.table import wording
from bot.table.errors import TableError
from bot.table.hindsight import score_history, view_since, whole_log, with_events
from bot.table.results import Announcement, ChannelPost, Problem, User, keyed, to_outgoing
from bot.table.table import Table, kept_events, outcome_result, public_text, title_of
from bot.text import fill_seats, join_names
from engines.core import Action, AnyEngine, EngineError, Event
from engines.i18n import choose, speaking

log = logging.getLogger(__name__)

EngineLookup = Callable[[str], AnyEngine]
#: How a verb reads its game under the lock: ``Tables.load``, ``lobby``, ``started`` or ``running``.
TableRead = Callable[[int, GameRow | None], Awaitable[Table]]

#: How long a process trusts what it knows of a user's languages (another process may store a change).
LANGUAGE_SECONDS = 60.0


class Tables:
    """Finding, locking, loading and committing games; shared by every part of the service."""

    def __init__(self, store: Store, engines_lookup: EngineLookup, cache_size: int) -> None:
        self.store = store
        self._engines = engines_lookup
        self._tables: LRU[int, Table] = LRU(cache_size)
        # Users' (chosen language, client locale), with when they were read: a click and a DM need no store read.
        self._languages: LRU[int, tuple[float, tuple[str, str]]] = LRU(8192)
        # One lock per game, forgotten once no request holds or waits for it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @property
    def clock(self) -> Callable[[], float]:
        return getattr(self.store, "clock", time.time)

    # ------------------------------------------------------------------ engines

    def engine(self, name: str) -> AnyEngine:
        try:
            return self._engines(name)
        except KeyError:
            raise TableError(Problem.BAD_REQUEST, wording.no_such_engine(name, engines.names())) from None

    def title(self, engine_name: str) -> str:
        try:
            return title_of(self._engines(engine_name))
        except KeyError:
            return engine_name

    def label(self, game: GameRow) -> str:
        return wording.label(game.id, self.title(game.engine), game.status)

    # ------------------------------------------------------------------ finding and locking

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def locked(self, row: GameRow) -> AsyncIterator[GameRow | None]:
        """Hold the game's lock; yield ``row`` if it is still current, else None (read it again).

        Taking a free lock does not yield to the event loop, and every change to a game happens
        under its lock, so a row read just before is current unless we had to wait.  (Another
        process may still change it; the store's version check refuses writes based on it.)"""
        lock = self.lock(row.id)
        waited = lock.locked()
        async with lock:
            yield None if waited else row

    @contextlib.asynccontextmanager
    async def holding(self, read: TableRead, channel_id: int | None, game_id: int | None = None, *,
                      active_only: bool = True) -> AsyncIterator[tuple[GameRow, Table]]:
        """The game a request is about (``find``) under its lock, read by ``read`` (``load``, or ``lobby``,
        ``started``, ``running``, which refuse a game in another phase): the row found and the table."""
        row = await self.find(channel_id, game_id, active_only=active_only)
        async with self.locked(row) as known:
            yield row, await read(row.id, known)

    async def reading(self, read: TableRead, channel_id: int | None, game_id: int | None = None, *,
                      active_only: bool = True) -> tuple[GameRow, Table]:
        """What ``holding`` yields, the lock let go at once: for a verb that only reads the game."""
        async with self.holding(read, channel_id, game_id, active_only=active_only) as held:
            return held

    async def find(self, channel_id: int | None, game_id: int | None = None, *, active_only: bool = True) -> GameRow:
        """The game a request is about: by id, or the channel's active game (else its latest one)."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or (channel_id is not None and row.channel_id != channel_id):
                raise TableError(Problem.NO_GAME, wording.no_game(game_id, here=channel_id is not None))
            return row
        if channel_id is None:
            raise TableError(Problem.NO_GAME, wording.SAY_WHICH_GAME)
        row = await self.store.active_game(channel_id)
        if row is not None:
            return row
        latest = await self.store.latest_game(channel_id)
        if latest is None:
            raise TableError(Problem.NO_GAME, wording.no_game_here())
        if active_only:
            raise TableError(Problem.NO_GAME, wording.none_running(self.label(latest)), latest.id)
        return latest

    # ------------------------------------------------------------------ loading

    async def load(self, game_id: int, known: GameRow | None = None) -> Table:
        """The table at its stored version: from memory when current, else from the store.
        Call with the game's lock held; ``known`` is the game's row if already read under it."""
        row = known or await self.store.get_game(game_id)
        if row is None:
            raise TableError(Problem.NO_GAME, wording.no_game(game_id, here=False))
        cached = self._tables.get(game_id)
        if cached is not None and cached.game.version == row.version:
            return cached
        parts = await self.store.game_parts(game_id)
        table = Table(row, tuple(parts.seats), None, parts.stats, parts.pace, parts.policy, parts.tail,
                      parts.turn_from, seen_all=parts.stats.live == 0)
        if row.status in (Status.RUNNING, Status.FINISHED):
            table = await self._with_state(table, parts.state)
        self._tables.put(game_id, table)
        return table

    async def _with_state(self, table: Table, cached: StateRow | None) -> Table:
        """Attach the state from the store's cache row; rebuild it from the log when that row is
        missing, corrupt, behind, or written under another rules version."""
        row, engine = table.game, self.engine(table.game.engine)
        if row.rules_version == engine.rules_version:
            if cached is not None and cached.seq == table.stats.last_live_seq:
                try:
                    state = engine.load(json.loads(cached.state_json))
                    if engine.move_count(state) == table.stats.live:
                        return dataclasses.replace(table, state=state, views={}, legal={})
                except Exception:  # any damage to the row: the log is the truth
                    pass
            log.warning("game %s: state cache row missing, damaged or behind the log; rebuilding", row.id)
        log_rows = [(a.seat, a.action_key) for a in await self.store.live_actions(row.id)]
        state = await self.replay(table, engine, log_rows)
        await self.store.repair_state(row.id, row.version, table.stats.last_live_seq, self.dump(engine, state),
                                      engine.rules_version)
        game = dataclasses.replace(row, rules_version=engine.rules_version)
        return dataclasses.replace(table, game=game, state=state, views={}, legal={})

    async def replay(self, table: Table, engine: AnyEngine, log_rows: Sequence[tuple[int, str]]) -> Any:
        """Replay the log (in a worker thread: it is CPU work).  When a running game's log no longer
        replays, the game is marked broken and reported; the other games carry on."""
        row = table.game
        try:
            return await asyncio.to_thread(engine.replay, len(table.seats), row.seed, row.options, log_rows)
        except Exception as err:
            note = wording.no_replay(title_of(engine), engine.rules_version, row.rules_version, str(err))
            log.error("game %s cannot be replayed: %s", row.id, note)
            if row.status is not Status.RUNNING:  # a finished game keeps its result; only its board is lost
                raise TableError(Problem.BROKEN, wording.board_lost(row.id, note), row.id) from err
            await self.store.end_game(row.id, row.version, Status.BROKEN, None, note)
            self._tables.pop(row.id)
            raise TableError(Problem.BROKEN, wording.marked_broken(row.id, note), row.id) from err

    async def lobby(self, game_id: int, known: GameRow | None = None) -> Table:
        table = await self.load(game_id, known)
        if table.game.status is not Status.LOBBY:
            raise TableError(Problem.WRONG_PHASE, wording.already_started(game_id), game_id)
        return table

    async def started(self, game_id: int, known: GameRow | None = None) -> Table:
        table = await self.load(game_id, known)
        if table.state is None:
            raise self.not_running(table.game)
        return table

    async def running(self, game_id: int, known: GameRow | None = None, seen_version: int | None = None) -> Table:
        table = await self.load(game_id, known)
        if table.game.status is not Status.RUNNING:
            raise self.not_running(table.game)
        if seen_version is not None and table.game.version != seen_version:
            raise TableError(Problem.STALE, wording.STALE, game_id)
        return table

    @staticmethod
    def not_running(game: GameRow) -> TableError:
        if game.status is Status.LOBBY:
            return TableError(Problem.WRONG_PHASE, wording.not_started(game.id), game.id)
        if game.status is Status.BROKEN:
            return TableError(Problem.BROKEN, wording.broken(game.id, game.note), game.id)
        return TableError(Problem.WRONG_PHASE, wording.is_over(game.id, game.status), game.id)

    def forget(self, game_id: int) -> None:
        self._tables.pop(game_id)

    # ------------------------------------------------------------------ who may do what

    @staticmethod
    def seat(table: Table, user: User) -> int:
        seat = table.seat_of(user.id)
        if seat is None:
            raise TableError(Problem.NOT_SEATED, wording.not_playing(table.game.id), table.game.id)
        return seat

    def acting_seat(self, table: Table, engine: AnyEngine, user: User) -> int:
        seat = self.seat(table, user)
        to_act = engine.to_act(table.state)
        if seat not in to_act:
            waiting = join_names([table.names[s] for s in to_act])
            raise TableError(Problem.NOT_YOUR_TURN, wording.not_your_turn(waiting), table.game.id)
        return seat

    @staticmethod
    def play(table: Table, engine: AnyEngine, seat: int, move: str | Action) -> tuple[Action, Any, tuple[Event, ...]]:
        """The move (typed text, or an action) read and applied; the engine's refusal as the player's."""
        try:
            action = engine.parse_action(table.state, seat, move) if isinstance(move, str) else move
            state, events = engine.apply(table.state, seat, action)
        except EngineError as err:
            raise TableError(Problem.ILLEGAL, fill_seats(str(err), table.names), table.game.id) from None
        return action, state, events

    @staticmethod
    def require_owner(game: GameRow, user: User, is_manager: bool, verb: str) -> None:
        if user.id != game.created_by and not is_manager:
            raise TableError(Problem.FORBIDDEN, wording.owner_only(game.id, verb), game.id)

    @staticmethod
    def dump(engine: AnyEngine, state: Any) -> str:
        return json.dumps(engine.dump(state), separators=(",", ":"))

    async def languages_of(self, user_ids: Sequence[int]) -> dict[int, tuple[str, str]]:
        """Each user's (chosen language, client locale as last seen), those with either; from this process's
        memory when read in the last ``LANGUAGE_SECONDS``, else from the store (one read for all)."""
        now = time.monotonic()
        known: dict[int, tuple[str, str]] = {}
        missing = []
        for user in user_ids:
            hit = self._languages.get(user)
            if hit is not None and now - hit[0] < LANGUAGE_SECONDS:
                known[user] = hit[1]
            else:
                missing.append(user)
        if missing:
            stored = await self.store.languages(missing)
            for user in missing:
                known[user] = stored.get(user, ("", ""))
                self._languages.put(user, (now, known[user]))
        return {user: pair for user, pair in known.items() if pair != ("", "")}

    def remember_language(self, user_id: int, chosen: str, seen: str) -> None:
        """What this process just stored of a user's languages."""
        self._languages.put(user_id, (time.monotonic(), (chosen, seen)))

    async def with_readers(self, table: Table) -> Table:
        """``table`` knowing its players' languages (their ``/language``, else their Discord client's as last
        seen), for the DMs it writes."""
        people = [s.user_id for s in table.seats if not s.is_bot]
        known = await self.languages_of(people)
        readers = {user: choose(chosen, seen) for user, (chosen, seen) in known.items()}
        return dataclasses.replace(table, readers=readers)

    # ------------------------------------------------------------------ committing

    async def commit_moves(self, before: Table, engine: AnyEngine, moves: Sequence[tuple[int, Action, Sequence[Event]]],
                           state: Any, announce: Callable[[Table], Sequence[Announcement]]
                           ) -> tuple[Table, tuple[Announcement, ...]]:
        """Append ``moves`` (seat, action, events) reaching ``state``, with the announcements
        ``announce`` makes of the table after them, in one transaction; memory is updated only after."""
        game = before.game
        outcome = engine.outcome(state)
        result = outcome_result(outcome) if outcome is not None else None
        to_act = engine.to_act(state)
        with speaking(before.language):  # the log's public texts are the table's: its thread tells them again
            rows = [NewMove(before.stats.max_seq + 1 + i, seat, engine.action_key(action), public_text(engine, events))
                    for i, (seat, action, events) in enumerate(moves)]
        last = rows[-1]
        status = Status.RUNNING if result is None else Status.FINISHED
        handover = to_act != engine.to_act(before.state)
        after = Table(
            game=dataclasses.replace(game, version=game.version + len(rows), to_act=to_act, status=status,
                                     result=result),
            seats=before.seats, state=state, pace=before.pace, policy=before.policy,
            stats=LogStats(live=before.stats.live + len(rows), last_live_seq=last.seq, max_seq=last.seq,
                           last_seat=last.seat),
            tail=(*before.tail, *((r.seq, r.seat, r.public) for r in rows))[-TAIL:],
            # The turn that ended the game stays the one its final post tells (no turn follows it).
            turn_from=last.seq if handover and result is None else before.turn_from)
        after = dataclasses.replace(after, events=kept_events(after, before.events, rows, moves))
        if result is not None:  # the game is over: its end screen charts the scores over the whole game
            log = await whole_log(self.store, before, engine, moves)
            after = dataclasses.replace(after, history=await score_history(before, engine, log), log=log)
        else:
            # The view after each mover's last action: the last mover's is this one; a commit of several seats'
            # moves (computer players in a row) leaves the earlier ones' to the log.
            movers = {m for m, _, _ in moves}
            seen = {seat: view for seat, view in before.seen.items() if seat not in movers}
            seen[moves[-1][0]] = after.view(engine, None)
            after = dataclasses.replace(after, seen=seen, seen_all=before.seen_all and len(movers) == 1)
            since = await view_since(self.store, after, engine, moves, to_act) if handover else before.since
            after = await with_events(self.store, dataclasses.replace(after, since=since), engine)
        unrated = await self.with_readers(after)

        async def commit() -> tuple[Table, tuple[Announcement, ...]]:
            """The moves committed, an ending rated (afresh on each try: its rating lines are in its end post)."""
            after = unrated if result is None else dataclasses.replace(unrated, rating=await rate_ending(
                self.store, unrated.game, unrated.seats, result, [(r.seq, r.seat) for r in rows]))
            with speaking(after.language):  # posts in the table's language (each DM chooses its reader's)
                items = tuple(keyed(a) for a in announce(after))
            outgoing = [to_outgoing(a) for a in items]
            if len(rows) == 1:
                await self.store.append_action(game.id, game.version, last.seq, last.seat, last.action_key,
                                               last.public, self.dump(engine, state), to_act, result, outgoing,
                                               after.rating)
            else:
                await self.store.append_actions(game.id, game.version, rows, self.dump(engine, state), to_act,
                                                result, outgoing, after.rating)
            return after, items

        after, items = await rerated(commit)
        self._tables.put(game.id, after)
        return after, items

    async def end_by_player(self, engine: AnyEngine, ended: Table, result: dict[str, Any],
                            words: Callable[[], tuple[str, str]]) -> ChannelPost:
        """A game ended by a player or a vote (``ended``: its table as it ends, unrated): rated, and committed with
        its end post — ``words()``, said in the table's language, gives the post's head and the game's note (shown
        by its status).  Rated afresh on each try while only the ratings it was rated from went stale."""
        async def commit() -> ChannelPost:
            rated = dataclasses.replace(ended, rating=await rate_ending(self.store, ended.game, ended.seats, result))
            with speaking(rated.language):
                head, note = words()
                post = keyed(announcing.final_post(engine, rated, head, result))
            await self.store.end_game(ended.game.id, ended.game.version, Status.FINISHED, result, note,
                                      [to_outgoing(post)], rated.rating)
            return post

        return await rerated(commit)
