"""What the table service needs from durable storage, independent of the database.

``SqliteStore`` (``bot.sqlite_store``) implements it today; a PostgreSQL backend
can implement the same ``Store`` protocol later.  Every write that changes a
game checks and bumps ``games.version`` (optimistic concurrency), so two
processes sharing one database can never both land a move on the same board;
appended actions are also guarded by the ``(game_id, seq)`` primary key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

HOUR = 3600.0
DAY = 24 * HOUR


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"      # ended by the rules, or by a resignation (ranked)
    ABANDONED = "abandoned"    # ended by the creator or a manager (unranked)
    CANCELLED = "cancelled"    # a lobby that never started
    BROKEN = "broken"          # its log no longer replays; needs an operator


#: Statuses that occupy a channel: a second game cannot be opened there.
ACTIVE = (Status.LOBBY, Status.RUNNING)


class Pace(StrEnum):
    """How long each hand-over may take (chosen at ``new``); ``seconds`` is None for no limit."""

    RELAXED = "relaxed"
    DAILY = "daily"
    BRISK = "brisk"
    NONE = "none"

    @property
    def seconds(self) -> float | None:
        return {"relaxed": 72 * HOUR, "daily": 24 * HOUR, "brisk": 4 * HOUR}.get(self.value)

    @property
    def label(self) -> str:
        hours = self.seconds
        return "no time limit" if hours is None else f"{self.value} pace, {hours / HOUR:g} h per turn"


class Policy(StrEnum):
    """What happens when a player's time runs out."""

    SKIP = "skip"      # the engine's default safe move is played for them
    PAUSE = "pause"    # the game waits for them; the others are told
    VOTE = "vote"      # the others vote to replace them or to end the game

    @property
    def label(self) -> str:
        return {"skip": "when time runs out the bot plays a safe move",
                "pause": "when time runs out the game pauses",
                "vote": "when time runs out the others vote to replace the player or end the game"}[self.value]


class Waiting(StrEnum):
    """Why a running game's clock is stopped (``NO`` = it runs)."""

    NO = ""
    PAUSED = "paused"  # deadline passed under the pause policy
    VOTE = "vote"      # deadline passed under the vote policy: a vote is open


class StoreError(Exception):
    """Base class of storage failures the service turns into player messages."""


class StaleVersion(StoreError):
    """The game changed since it was read (another move, undo or process got there first)."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""

    def __init__(self, game: GameRow) -> None:
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    engine: str
    rules_version: int
    seed: int
    options: dict[str, Any]
    guild_id: int
    channel_id: int
    status: Status
    created_by: int
    created_at: float
    updated_at: float
    seat_count: int | None      # the count the creator asked for, or None: start by hand
    version: int                # bumped by every change; the optimistic-concurrency token
    to_act: tuple[int, ...]     # seats to act, kept in step with the state for "my games"
    result: dict[str, Any] | None
    note: str                   # why it ended or broke, for people


@dataclass(frozen=True, slots=True)
class SeatRow:
    user_id: int
    name: str
    seat: int | None            # None while in the lobby
    joined: int                 # join order


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action_key: str
    public: str                 # the public event text (with seat tokens), for the history
    created_at: float


@dataclass(frozen=True, slots=True)
class StateRow:
    seq: int                    # the last live action folded into the state (0 = none)
    state_json: str


@dataclass(frozen=True, slots=True)
class LogStats:
    live: int                   # live (not undone) actions: the engine's move count
    last_live_seq: int          # 0 when there are none
    max_seq: int                # including undone rows: the next action gets max_seq + 1
    last_seat: int | None = None  # who made the last live move (the only one who may undo it)


@dataclass(frozen=True, slots=True)
class GameParts:
    """Everything the service reads to bring a game into memory, fetched together."""

    seats: list[SeatRow]
    stats: LogStats
    state: StateRow | None


@dataclass(frozen=True, slots=True)
class NewGame:
    engine: str
    rules_version: int
    seed: int
    options: dict[str, Any]
    guild_id: int
    channel_id: int
    created_by: int
    creator_name: str
    seat_count: int | None
    pace: Pace = Pace.NONE
    policy: Policy = Policy.SKIP


@dataclass(frozen=True, slots=True)
class UserGame:
    """A game in which a user holds a seat (for "my games")."""

    game: GameRow
    seat: int


@dataclass(frozen=True, slots=True)
class Timer:
    """A running game's clock: the current hand-over and what was already done about it."""

    game_id: int
    guild_id: int
    channel_id: int
    engine: str
    pace: Pace
    policy: Policy
    started: float              # when the current hand-over (the set of seats to act) began
    to_act: tuple[int, ...]     # that set
    reminded: int               # reminder points already passed in this hand-over
    reminded_at: float | None   # the last reminder for this game (any hand-over)
    waiting: Waiting
    users: tuple[int, ...]      # user id per seat
    names: tuple[str, ...]      # display name per seat


@dataclass(frozen=True, slots=True)
class Vacation:
    user_id: int
    start: float
    end: float


@dataclass(frozen=True, slots=True)
class Vote:
    voter: int                  # user id
    choice: str                 # "end" or "replace"
    target: int | None          # the member proposed for the seat
    target_name: str


@dataclass(frozen=True, slots=True)
class EngineStats:
    engine: str
    played: int
    won: int


class Store(Protocol):
    #: Epoch seconds; stamps rows and starts clocks (tests inject a fake one).
    clock: Callable[[], float]

    async def open(self) -> None: ...
    async def close(self) -> None: ...

    # -- reading
    async def get_game(self, game_id: int) -> GameRow | None: ...
    async def active_game(self, channel_id: int) -> GameRow | None: ...
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def read_state(self, game_id: int) -> StateRow | None: ...
    async def live_actions(self, game_id: int) -> list[ActionRow]: ...
    async def log_stats(self, game_id: int) -> LogStats: ...
    async def game_parts(self, game_id: int) -> GameParts: ...
    async def action_page(self, game_id: int, offset: int, limit: int) -> list[ActionRow]: ...
    async def games_in_guild(self, guild_id: int, limit: int) -> list[GameRow]: ...
    async def games_to_act(self, user_id: int) -> list[UserGame]: ...
    async def games_with_status(self, status: Status) -> list[GameRow]: ...

    # -- writing; each call is one transaction, and all but create_game/write_state
    #    raise StaleVersion unless the game is still at ``version``; all but repair_state bump it
    async def create_game(self, new: NewGame) -> GameRow: ...
    async def add_seat(self, game_id: int, version: int, user_id: int, name: str) -> None: ...
    async def remove_seat(self, game_id: int, version: int, user_id: int) -> None: ...
    async def start_game(self, game_id: int, version: int, order: list[int], rules_version: int,
                         state_json: str, to_act: tuple[int, ...]) -> None: ...
    async def append_action(self, game_id: int, version: int, seq: int, seat: int, action_key: str,
                            public: str, state_json: str, to_act: tuple[int, ...],
                            result: dict[str, Any] | None) -> None: ...
    async def undo_action(self, game_id: int, version: int, seq: int, state_seq: int, state_json: str,
                          to_act: tuple[int, ...]) -> None: ...
    async def end_game(self, game_id: int, version: int, status: Status,
                       result: dict[str, Any] | None, note: str) -> None: ...
    async def repair_state(self, game_id: int, version: int, state_seq: int, state_json: str,
                           rules_version: int) -> None: ...

    # -- clocks, reminders, vacations, votes, replacements and results (schema 4)
    async def timer(self, game_id: int) -> Timer | None: ...
    async def running_timers(self) -> list[Timer]: ...
    async def mark_reminded(self, game_id: int, started: float, reminded: int, at: float) -> bool: ...
    async def set_waiting(self, game_id: int, version: int, waiting: Waiting) -> None: ...
    async def reminder_opt_outs(self, user_ids: list[int]) -> set[int]: ...
    async def set_reminders(self, user_id: int, on: bool) -> None: ...
    async def vacations(self, user_ids: list[int] | None, since: float) -> list[Vacation]: ...
    async def start_vacation(self, user_id: int, start: float, end: float) -> None: ...
    async def end_vacation(self, user_id: int, at: float) -> bool: ...
    async def cast_vote(self, game_id: int, vote: Vote) -> None: ...
    async def votes(self, game_id: int) -> list[Vote]: ...
    async def replace_seat(self, game_id: int, version: int, seat: int, user_id: int, name: str) -> None: ...
    async def stats(self, guild_id: int, user_id: int) -> list[EngineStats]: ...
