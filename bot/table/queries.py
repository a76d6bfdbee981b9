"""Looking without changing: status, the board, a hand, a player's own board, the log, lists and results."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Any

from bot.language import _
from bot.rendering import Picture, PictureKind
from bot.store import GameRow, Pace, Status
from bot.table import announce, history, wording, wording_alt, wording_bots, wording_lobby
from bot.table.absence import Absence
from bot.table.errors import TableError, replies
from bot.table.results import ChannelPost, PrivateMessage, Problem, Reply, User
from bot.table.table import title_of
from bot.table.tables import Tables
from bot.text import plain_name, result_lines
from engines.core import AnyEngine

log = logging.getLogger(__name__)

HISTORY_PAGE = 20
LIST_LIMIT = 25


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Read-only facts about a table, for callers that build their own prompts (console, tests)."""

    game: GameRow
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    to_act: tuple[int, ...]           # seats
    move_number: int | None           # actions applied (the buttons' key); None before the start
    turn_number: int | None           # the turn in progress, as players read it; None before the start
    last_mover: int | None            # the user id of the last live move's player (who may undo it)


class Queries:
    def __init__(self, tables: Tables, absence: Absence) -> None:
        self.tables = tables
        self.store = tables.store
        self.absence = absence

    @replies
    async def status(self, channel_id: int | None, *, game_id: int | None = None) -> Reply:
        row, table = await self.tables.reading(self.tables.load, channel_id, game_id, active_only=False)
        engine = self.tables.engine(row.engine)
        moves = engine.move_count(table.state) if table.state is not None else None
        lines = [self.tables.label(table.game) + self._turns(engine, table.state)]
        if table.game.status is Status.LOBBY:
            lines.append(wording.seated_list(table.names))
        elif table.game.status in (Status.RUNNING, Status.FINISHED, Status.ABANDONED):
            to_act = set(table.game.to_act)
            lines += [_("{number}. {name}  ← to act", number=i + 1, name=name) if i in to_act else f"{i + 1}. {name}"
                      for i, name in enumerate(table.names)]
        if table.game.result is not None:
            lines += result_lines(table.game.result, table.names, announce.score_unit(engine))
        timer = await self.store.timer(row.id)
        if timer is not None:
            lines.append(wording_lobby.timing_line(timer.pace, timer.policy))
            if table.game.status is Status.RUNNING:
                lines.append(await self.absence.clock_line(timer))
        if table.game.note:
            lines.append(table.game.note[:1].upper() + table.game.note[1:] + ".")
        return Reply("\n".join(lines), game_id=row.id, engine=engine.name, move_number=moves,
                     channel_id=row.channel_id)

    @staticmethod
    def _turns(engine: AnyEngine, state: Any) -> str:
        """', 37 turns played' once the rules ended the game, else ', turn 12' (nothing before the start)."""
        if state is None:
            return ""
        turn = engine.turn_number(state)
        return wording.turns_played(turn) if engine.outcome(state) is not None else wording.at_turn(turn)

    @replies
    async def board(self, channel_id: int | None, *, game_id: int | None = None, player: User | None = None,
                    everyone: bool = False) -> Reply:
        """The public board, as a post to show (not announced); with ``player`` that player's own
        board, with ``everyone`` all players' own boards at once, in games that have them."""
        row, table = await self.tables.reading(self.tables.started, channel_id, game_id, active_only=False)
        engine = self.tables.engine(row.engine)
        text = self.tables.label(table.game) + "\n" + announce.turn_line(engine, table)
        timer = await self.store.timer(row.id) if table.game.status is Status.RUNNING else None
        if timer is not None and timer.pace is not Pace.NONE:
            text += "\n" + await self.absence.clock_line(timer)
        picture = announce.board(engine, table)
        if player is not None:
            seat = table.seat_of(player.id)
            if seat is None:
                raise TableError(Problem.NOT_SEATED, wording.not_a_player(player.name, row.id), row.id)
            if not announce.has_boards(engine):
                raise TableError(Problem.BAD_REQUEST, wording.no_player_boards(title_of(engine)), row.id)
            head = wording_alt.player(title_of(engine), row.id, plain_name(table.seats[seat].name))
            picture = Picture(engine.name, PictureKind.PLAYER, picture.view, picture.names, seat,
                              alt=announce.described(engine, table, head))
            text = wording.player_board(table.names[seat], text)
        elif everyone:
            if not announce.has_boards(engine):
                raise TableError(Problem.BAD_REQUEST, wording.no_player_boards(title_of(engine)), row.id)
            picture = Picture(engine.name, PictureKind.ALL, picture.view, picture.names,
                              alt=announce.described(engine, table, wording_alt.everyone(title_of(engine), row.id)))
        post = ChannelPost(text, picture=picture, game_id=row.id, channel_id=row.channel_id)
        return Reply("", game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state), post=post,
                     channel_id=row.channel_id)

    @replies
    async def hand(self, channel_id: int | None, user: User, *, game_id: int | None = None) -> Reply:
        """The user's own view, as a private message to show them."""
        row, table = await self.tables.reading(self.tables.started, channel_id, game_id, active_only=False)
        engine = self.tables.engine(row.engine)
        seat = self.tables.seat(table, user)
        message = PrivateMessage(user.id, wording.hand_caption(row.id, seat), announce.hand(engine, table, seat),
                                 game_id=row.id)
        return Reply(message.text, game_id=row.id, engine=engine.name, move_number=engine.move_count(table.state),
                     private=(message,), channel_id=row.channel_id)

    @replies
    async def help(self, engine_name: str) -> Reply:
        """How to write moves in this game."""
        engine = self.tables.engine(engine_name)
        return Reply(engine.notation_help or wording.no_notation(title_of(engine)), engine=engine.name)

    @replies
    async def rules(self, engine_name: str) -> Reply:
        """The game's rules in short."""
        engine = self.tables.engine(engine_name)
        return Reply(getattr(engine, "rules_summary", "") or wording.no_rules(title_of(engine)), engine=engine.name)

    @replies
    async def history(self, channel_id: int | None, *, page: int | None = None, per_page: int = HISTORY_PAGE,
                      game_id: int | None = None) -> Reply:
        """One page of the log: completed moves, a line per turn, with round and phase markers (1 = the
        oldest page; default the newest)."""
        row = await self.tables.find(channel_id, game_id, active_only=False)
        seats = await self.store.seats(row.id)
        names, brief = tuple(s.name for s in seats), wording_bots.brief_names(seats)
        log = history.entries(await self.store.live_actions(row.id), names)
        pages = max(1, math.ceil(len(log) / per_page))
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise TableError(Problem.BAD_REQUEST, wording.no_page(row.id, pages, page), row.id)
        lines = [wording.log_header(row.id, page, pages)]
        shown = log[(page - 1) * per_page: page * per_page]
        lines += [line for entry in shown for line in history.entry_lines(entry, names, brief)] or [
            wording.NO_MOVES_YET]
        return Reply("\n".join(lines), game_id=row.id, engine=row.engine, channel_id=row.channel_id)

    @replies
    async def export_history(self, channel_id: int | None, user: User | None = None, *,
                             game_id: int | None = None) -> Reply:
        """The whole game, every step, with every text ``user`` may see (their own hand's too), as text
        for a file attachment."""
        row, table = await self.tables.reading(self.tables.load, channel_id, game_id, active_only=False)
        engine = self.tables.engine(row.engine)
        reader = table.seat_of(user.id) if user is not None and table.state is not None else None
        actions = await self.store.live_actions(row.id)
        lines = await history.export(engine, len(table.seats), row.seed, row.options, actions, table.names, reader,
                                     table.briefs)
        header = [self.tables.label(row), wording.players_line(table.names), ""]
        return Reply("\n".join(header + lines) + "\n", game_id=row.id, engine=row.engine, channel_id=row.channel_id)

    @replies
    async def list_games(self, guild_id: int) -> Reply:
        games = await self.store.games_in_guild(guild_id, LIST_LIMIT)
        if not games:
            return Reply(wording.NO_GAMES_HERE)
        return Reply("\n".join(self.tables.label(g) for g in games), games=tuple(games))

    @replies
    async def my_games(self, user_id: int) -> Reply:
        """The games, on any server, waiting for this user to act."""
        waiting = await self.store.games_to_act(user_id)
        if not waiting:
            return Reply(wording.NOTHING_WAITING)
        return Reply(wording.waiting_games([self.tables.label(w.game) for w in waiting]),
                     games=tuple(w.game for w in waiting))

    @replies
    async def stats(self, guild_id: int, user: User) -> Reply:
        rows = await self.store.stats(guild_id, user.id)
        if not rows:
            return Reply(wording.no_results(user.name))
        # Games against people count; games with a computer at the table are shown apart.
        people_only = [r for r in rows if not r.against_bots]
        lines = [wording.results_head(user.name)]
        lines += [wording.results_line(self.tables.title(r.engine), r.played, r.won) for r in people_only]
        if len(people_only) > 1:
            lines.append(wording.results_total(sum(r.played for r in people_only), sum(r.won for r in people_only)))
        lines += [wording_bots.results_against_bots(self.tables.title(r.engine), r.played, r.won)
                  for r in rows if r.against_bots]
        return Reply("\n".join(lines))

    async def snapshot(self, channel_id: int | None, *, game_id: int | None = None) -> Snapshot:
        """Facts about the channel's game (raises ``TableError``)."""
        row, table = await self.tables.reading(self.tables.load, channel_id, game_id, active_only=False)
        engine = self.tables.engine(row.engine)
        started = table.state is not None
        return Snapshot(game=table.game, names=table.names, user_ids=table.user_ids,
                        to_act=engine.to_act(table.state) if started else (),
                        move_number=engine.move_count(table.state) if started else None,
                        turn_number=engine.turn_number(table.state) if started else None,
                        last_mover=None if table.stats.last_seat is None else table.user_of(table.stats.last_seat))

    async def timing(self, game_id: int) -> str:
        """'daily pace, 24 h per turn; when time runs out the game pauses' (for the lobby message)."""
        timer = await self.store.timer(game_id)
        return "" if timer is None else wording_lobby.timing(timer.pace, timer.policy)

    async def check_rules(self) -> list[GameRow]:
        """At start: replay every running game stored under another rules version.  Those that still
        replay carry on under the new version; the others are marked broken and returned."""
        broken = []
        for row in await self.store.games_with_status(Status.RUNNING):
            try:
                if row.rules_version == self.tables.engine(row.engine).rules_version:
                    continue
                async with self.tables.lock(row.id):
                    await self.tables.load(row.id)
            except TableError as err:
                if err.problem is Problem.BROKEN:
                    broken.append(await self.store.get_game(row.id) or row)
                else:
                    log.warning("game %s not checked: %s", row.id, err.text)
        return broken
