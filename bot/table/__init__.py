"""The table service: everything a game table needs except Discord.

Callers (the Discord adapter, the console, tests) name a channel (or a game) and a user; the service
returns a :class:`~bot.table.results.Reply`.  A refused request never raises: its reply carries a
``Problem`` and a sentence for the player, and nothing changes.

The parts, each over the shared :class:`~bot.table.tables.Tables` (finding, locking, loading,
committing a game):

- :mod:`.lobby` — create, join, leave, start, cancel, rematch;
- :mod:`.play` — act (typed or chosen), the legal moves, undo, resign, abandon;
- :mod:`.absence` — deadlines, votes, vacations, handing a seat on, reminders;
- :mod:`.bots` — computer players' turns and hints (thinking in a :class:`bot.thinking.Thinker`);
- :mod:`.queries` — status, board, hand, log, lists, results, snapshots;
- :mod:`.replays` — a game stepped through turn by turn (``/replay``), public only;
- :mod:`.rating_queries` — ``/leaderboard`` and ``/profile`` (a game's rating is made as it ends:
  :mod:`bot.ratings`);
- :mod:`.reviews` — the computer's review of a game that has ended (``/review``), computed once and kept;
- :mod:`.languages` — a player's language, and the one a reader is answered in;
- :mod:`.announce` and :mod:`.wording` — what changes say, and every sentence.

``TableService`` wires them up and offers every verb under one name (``service.act``,
``service.join`` …).
"""

from __future__ import annotations

from collections.abc import Callable

import engines
from bot.rendering import PoolRenderer, Renderer
from bot.store import Store
from bot.table.absence import VACATION_CAP_DAYS, Absence
from bot.table.bots import Bots
from bot.table.errors import TableError
from bot.table.languages import Languages
from bot.table.limits import Limits
from bot.table.lobby import Lobby
from bot.table.play import Play, resign_ranks
from bot.table.queries import Queries, Snapshot
from bot.table.rating_queries import RatingQueries
from bot.table.replays import Replays
from bot.table.results import Problem, Reply, User
from bot.table.reviews import Reviews
from bot.table.tables import EngineLookup, Tables
from bot.thinking import Runner, Thinker, ThreadThinker


class TableService:
    """The verbs of a game table, over one store (see the module's docstring for the parts)."""

    def __init__(self, store: Store, *, engines_lookup: EngineLookup = engines.get,
                 renderer: Renderer | None = None, cache_size: int = 512,
                 clock: Callable[[], float] | None = None, limits: Limits | None = None,
                 thinker: Thinker | None = None) -> None:
        # One clock for the table: the store stamps rows and starts hand-overs with it.
        if clock is not None:
            store.clock = clock
        self.store = store
        #: The renderer whoever delivers this service's announcements draws with (the service never draws).
        self.renderer = renderer
        self.tables = Tables(store, engines_lookup, cache_size)
        self.limits = limits or Limits()
        self.lobby = Lobby(self.tables, self.limits)
        self.play = Play(self.tables)
        #: Where computer players think (worker processes in the bot; a thread by default).
        self.thinker = thinker or ThreadThinker()
        self.bots = Bots(self.tables, self.play, self.thinker)
        self.absence = Absence(self.tables, self.limits, self.bots)
        self.queries = Queries(self.tables, self.absence)
        self.languages = Languages(self.tables)
        # Replays are replayed where boards are drawn: the drawing pool's processes when there is one.
        self.replays = Replays(self.tables, renderer.pool if isinstance(renderer, PoolRenderer) else None)
        # Reviews are weighed where computer players think, behind their moves and hints.
        self.reviews = Reviews(self.tables, self.thinker if isinstance(self.thinker, Runner) else ThreadThinker())
        # The verbs, by name.
        self.create, self.join, self.leave = self.lobby.create, self.lobby.join, self.lobby.leave
        self.start, self.cancel, self.rematch = self.lobby.start, self.lobby.cancel, self.lobby.rematch
        self.add_bot, self.bot_move, self.hint = self.lobby.add_bot, self.bots.bot_move, self.bots.hint
        self.act, self.moves, self.undo = self.play.act, self.play.moves, self.play.undo
        self.reads_as_move = self.play.reads_as_move
        self.resign, self.abandon = self.play.resign, self.play.abandon
        self.time_out, self.remind, self.set_reminders = self.absence.time_out, self.absence.remind, \
            self.absence.set_reminders
        self.vacation, self.replace = self.absence.vacation, self.absence.replace
        self.vote, self.vote_open = self.absence.vote, self.absence.vote_open
        self.status, self.board, self.hand = self.queries.status, self.queries.board, self.queries.hand
        self.help, self.rules = self.queries.help, self.queries.rules
        self.history, self.export_history = self.queries.history, self.queries.export_history
        self.list_games, self.my_games, self.stats = self.queries.list_games, self.queries.my_games, \
            self.queries.stats
        self.snapshot, self.timing, self.check_rules = self.queries.snapshot, self.queries.timing, \
            self.queries.check_rules
        self.reader, self.set_language = self.languages.reader, self.languages.set_language
        self.replay, self.review = self.replays.replay, self.reviews.review
        self.ratings = RatingQueries(self.tables)
        self.leaderboard, self.profile = self.ratings.leaderboard, self.ratings.profile

    @property
    def clock(self) -> Callable[[], float]:
        return self.tables.clock

    def title(self, engine_name: str) -> str:
        return self.tables.title(engine_name)


__all__ = ["VACATION_CAP_DAYS", "Limits", "Problem", "Reply", "Snapshot", "TableError", "TableService", "User",
           "resign_ranks"]
