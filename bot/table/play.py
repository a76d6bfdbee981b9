"""Play: a move (typed, or a choice from a menu), the choices themselves, undo, resign and abandon.

``act`` is the whole of a press: one find, one lock, one load, one write with its announcements, and a
reply that already says who acts next and, when it is still the mover's turn, their next choices.
"""

from __future__ import annotations

import dataclasses

from bot.language import _
from bot.store import ACTIVE, Status
from bot.table import announce, wording
from bot.table.errors import TableError, replies
from bot.table.hindsight import with_events
from bot.table.results import (
    Announcement,
    ChannelEdit,
    ChannelPost,
    Choice,
    PrivateMessage,
    Problem,
    Reply,
    User,
    keyed,
    to_outgoing,
)
from bot.table.table import Table, outcome_result
from bot.table.tables import Tables
from bot.text import fill_seats
from engines.core import Action, AnyEngine, EngineError, Outcome
from engines.i18n import speaking


def resign_ranks(standing: Outcome, resigned: int) -> list[int]:
    """The resigning seat is last; the others keep the engine's standing among themselves (ties share)."""
    others = [s for s in range(len(standing.ranks)) if s != resigned]
    ranks = [1 + sum(1 for o in others if standing.ranks[o] < standing.ranks[s])
             for s in range(len(standing.ranks))]
    ranks[resigned] = len(standing.ranks)
    return ranks


def choices_of(engine: AnyEngine, table: Table, seat: int) -> tuple[Choice, ...]:
    return tuple(Choice(engine.action_key(a), fill_seats(engine.format_action(table.state, seat, a), table.names))
                 for a in table.legal_actions(engine, seat))


def acting_users(engine: AnyEngine, table: Table) -> tuple[int, ...]:
    if table.game.status is not Status.RUNNING:
        return ()
    return tuple(table.user_of(s) for s in engine.to_act(table.state))


class Play:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    @replies
    async def act(self, channel_id: int | None, user: User, text: str = "", *, move_number: int | None = None,
                  game_id: int | None = None, choice: int | None = None) -> Reply:
        """Play ``text`` — or the ``choice``-th of the legal moves offered at ``move_number`` — for the
        user's seat.  ``move_number`` is the move count the player saw (a button carries it); if the board
        has moved on since, the move is refused as stale."""
        row = await self.tables.find(channel_id, game_id)
        async with self.tables.locked(row) as known:
            # A request that waited for the lock while another landed was aimed at an older board.
            before = await self.tables.running(row.id, known, seen_version=row.version)
            engine = self.tables.engine(row.engine)
            seat = self.tables.acting_seat(before, engine, user)
            if move_number is not None and move_number != engine.move_count(before.state):
                raise TableError(Problem.STALE, wording.STALE, row.id)
            action, state, events = self.tables.play(before, engine, seat, self._chosen(before, engine, seat, text,
                                                                                        choice))

            def announcements(after: Table) -> list[Announcement]:
                if not events:
                    # A step inside a decision (choose, then pay ...): nothing happened yet for anyone
                    # else to see, so only the player hears back; the channel gets the completed move.
                    return []
                post, private = announce.move_messages(engine, before, after, seat, events)
                return [post, *private]

            after, items = await self.tables.commit_moves(before, engine, [(seat, action, events)], state,
                                                          announcements)
        label = fill_seats(engine.format_action(before.state, seat, action), before.names)
        post, private = _split(items)
        still = seat in engine.to_act(state) and after.game.status is Status.RUNNING
        return Reply(wording.played(label), game_id=row.id, engine=engine.name, move_number=engine.move_count(state),
                     post=post, private=private, outbox=items, channel_id=row.channel_id,
                     to_act=acting_users(engine, after), choices=choices_of(engine, after, seat) if still else ())

    @staticmethod
    def _chosen(table: Table, engine: AnyEngine, seat: int, text: str, choice: int | None) -> str | Action:
        """The move: as typed, or the ``choice``-th legal one (a menu's index)."""
        if choice is None:
            return text
        legal = engine.legal_actions(table.state, seat)
        if not 0 <= choice < len(legal):
            raise TableError(Problem.STALE, wording.STALE_MENU, table.game.id)
        return legal[choice]

    @replies
    async def moves(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """The user's legal moves now (for a menu, buttons or autocomplete)."""
        row, table = await self.tables.reading(self.tables.running, channel_id, game_id)
        engine = self.tables.engine(row.engine)
        seat = self.tables.acting_seat(table, engine, user)
        choices = choices_of(engine, table, seat)
        text = "\n".join(f"`{c.key}` — {c.label}" if c.label.casefold() != c.key else f"`{c.key}`" for c in choices)
        return Reply(text, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     choices=choices, channel_id=row.channel_id, to_act=acting_users(engine, table))

    async def reads_as_move(self, channel_id: int | None, user: User, text: str, *, game_id: int | None = None) -> bool:
        """Whether ``text`` is a legal move of the user's seat now; nothing is played.  The console asks before it
        takes a word for one of its commands, so that no command word hides a move (Burgen Land reads ``undo``
        and ``desfazer`` as stepping back from placing a card)."""
        try:
            row, table = await self.tables.reading(self.tables.running, channel_id, game_id)
            engine = self.tables.engine(row.engine)
            engine.parse_action(table.state, self.tables.acting_seat(table, engine, user), text)
        except (TableError, EngineError):
            return False
        return True

    @replies
    async def undo(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """Take back the user's last move: only their own, only after the engine's undo barrier, and
        only while nobody else has acted since.  The log row stays, marked undone."""
        async with self.tables.holding(self.tables.running, channel_id, game_id) as (row, table):
            engine = self.tables.engine(row.engine)
            seat = self.tables.seat(table, user)
            actions = await self.store.live_actions(row.id)
            self._check_undo(table, engine, seat, len(actions), actions[-1].seat if actions else None)
            remaining, undone = actions[:-1], actions[-1]
            state = await self.tables.replay(table, engine, [(a.seat, a.action_key) for a in remaining])
            after = dataclasses.replace(
                table, state=state, views={}, legal={}, tail=tuple(e for e in table.tail if e[0] != undone.seq),
                game=dataclasses.replace(table.game, version=table.game.version + 1, to_act=engine.to_act(state)))
            after = await self.tables.with_readers(await with_events(self.tables.store, after, engine))
            with speaking(after.language):
                took_back = wording.took_back(user.name, fill_seats(undone.public, table.names))
                news = took_back + "\n" + announce.turn_line(engine, after)
                post = keyed(announce.turn_edit(engine, after, [took_back], news))
                private = announce.move_messages(engine, table, after, seat, ())[1]
            private = tuple(keyed(m) for m in private)
            items: tuple[Announcement, ...] = (post, *private)
            await self.store.undo_action(row.id, table.game.version, undone.seq,
                                         remaining[-1].seq if remaining else 0, self.tables.dump(engine, state),
                                         engine.to_act(state), [to_outgoing(a) for a in items])
            self.tables.forget(row.id)  # the log's statistics changed: read them again on next use
        return Reply(wording.TAKEN_BACK, game_id=row.id, engine=engine.name, move_number=engine.move_count(state),
                     post=post, private=private, outbox=items, channel_id=row.channel_id,
                     to_act=acting_users(engine, after))

    @staticmethod
    def _check_undo(table: Table, engine: AnyEngine, seat: int, live: int, last_seat: int | None) -> None:
        if last_seat is None:
            raise TableError(Problem.CANNOT_UNDO, wording.NOTHING_TO_UNDO, table.game.id)
        if last_seat != seat:
            raise TableError(Problem.CANNOT_UNDO, wording.moved_since(table.names[last_seat]), table.game.id)
        if live - 1 < engine.undo_barrier(table.state):
            raise TableError(Problem.CANNOT_UNDO, wording.CANNOT_UNDO_BARRIER, table.game.id)

    @replies
    async def resign(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """End the game: the resigning player ranks last, the others by the engine's standing."""
        async with self.tables.holding(self.tables.running, channel_id, game_id) as (row, table):
            engine = self.tables.engine(row.engine)
            seat = self.tables.seat(table, user)
            standing = engine.standing(table.state)
            result = outcome_result(standing, ranks=resign_ranks(standing, seat), resigned=seat)
            post = await self.tables.end_by_player(engine, _ended(table, Status.FINISHED, result), result, lambda: (
                wording.resigned(user.name, row.id), _("{name} resigned", name=user.name)))
        return Reply(wording.RESIGNED, game_id=row.id, engine=engine.name, post=post, outbox=(post,),
                     channel_id=row.channel_id)

    @replies
    async def abandon(self, channel_id: int | None, user: User, *, is_manager: bool = False,
                      game_id: int | None = None) -> Reply:
        """End the game unranked; only its creator or a server manager may."""
        async with self.tables.holding(self.tables.load, channel_id, game_id) as (row, table):
            if table.game.status not in ACTIVE:
                raise TableError(Problem.WRONG_PHASE, wording.already_ended(row.id), row.id)
            self.tables.require_owner(table.game, user, is_manager, "abandon")
            engine = self.tables.engine(row.engine)
            ended = _ended(table, Status.ABANDONED, None)
            with speaking(ended.language):
                post = keyed(announce.post(engine, ended, wording.abandoned_post(user.name, row.id),
                                           [s.user_id for s in table.seats], picture=False))
                items: tuple[Announcement, ...] = (post,)
                if table.game.status is Status.LOBBY:  # the lobby message stops offering seats
                    items += (keyed(announce.lobby_edit(engine, ended, table.timing)),)
                note = _("abandoned by {name}", name=user.name)
            await self.store.end_game(row.id, table.game.version, Status.ABANDONED, None, note,
                                      [to_outgoing(a) for a in items])
        return Reply(wording.abandoned(row.id), game_id=row.id, post=post, outbox=items, channel_id=row.channel_id)


def _ended(table: Table, status: Status, result: dict[str, object] | None) -> Table:
    return dataclasses.replace(table, game=dataclasses.replace(table.game, status=status, result=result, to_act=()))


def _split(items: tuple[Announcement, ...]) -> tuple[ChannelPost | ChannelEdit | None, tuple[PrivateMessage, ...]]:
    said = [a for a in items if not isinstance(a, PrivateMessage)]
    return (said[0] if said else None), tuple(a for a in items if isinstance(a, PrivateMessage))
