"""The rows the store reads and writes, its enums and its errors (no database code here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

__all__ = [
    "ACTIVE", "DAY", "HOUR", "TAIL", "ActionRow", "AnnounceNew", "ChannelBusy", "Delivery", "EngineStats", "GameParts",
    "GameRow", "LogStats", "NewGame", "NewMove", "OutboxRow", "Outgoing", "Pace", "Policy", "ProcessRow",
    "SchemaTooNew", "SeatRow", "StaleRatings", "StaleVersion", "StateRow", "Status", "StoreError", "StoreUnavailable",
    "Timer", "UserGame", "Vacation", "Vote", "Waiting",
]

HOUR = 3600.0
DAY = 24 * HOUR
#: Live actions read with a game (``GameParts.tail``): what "since your last turn" and "this turn" tell.
TAIL = 60


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


class Policy(StrEnum):
    """What happens when a player's time runs out."""

    SKIP = "skip"      # the engine's default safe move is played for them
    PAUSE = "pause"    # the game waits for them; the others are told
    VOTE = "vote"      # the others vote to replace them or to end the game
    BOT = "bot"        # a computer player plays their turn (at each deadline, until they act again)

class Waiting(StrEnum):
    """Why a running game's clock is stopped (``NO`` = it runs)."""

    NO = ""
    PAUSED = "paused"  # deadline passed under the pause policy
    VOTE = "vote"      # deadline passed under the vote policy: a vote is open


class StoreError(Exception):
    """Base class of storage failures the service turns into player messages."""


class StaleVersion(StoreError):
    """The game changed since it was read (another move, undo or process got there first)."""


class StaleRatings(StaleVersion):
    """The ratings a game's end was rated from changed since they were read (another game of its server and engine
    was rated, or the ratings were rebuilt): the board is as it was, so the end is rated afresh and committed again
    (:func:`bot.ratings.games.rerated`); a caller that does not retry sees it as stale."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""

    def __init__(self, game: GameRow) -> None:
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot."""


class StoreUnavailable(StoreError):
    """The database could not be opened (unreachable, login refused, no such database); says why in one line."""


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
    settings: dict[str, Any] = field(default_factory=dict)  # the table's own (not the rules'): e.g. hints


@dataclass(frozen=True, slots=True)
class SeatRow:
    user_id: int
    name: str
    seat: int | None            # None while in the lobby
    joined: int                 # join order
    level: str = ""             # a computer player's level ("easy", "normal", "hard"); "" for a person

    @property
    def is_bot(self) -> bool:
        return bool(self.level)


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
    pace: Pace = Pace.NONE
    policy: Policy = Policy.SKIP
    tail: tuple[tuple[int, int, str], ...] = ()   # (seq, seat, public text) of the last live actions, oldest first
    turn_from: int = 0          # the action after which the current turn's message was posted


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
    origin_id: int | None = None      # the channel where it was opened (its thread's parent, or itself)
    settings: dict[str, Any] = field(default_factory=dict)  # the table's own settings (GameRow.settings)


@dataclass(frozen=True, slots=True)
class NewMove:
    """One action to append to a game's log."""

    seq: int
    seat: int
    action_key: str
    public: str                 # the public event text, for the history


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
    language: str = ""          # the table's language ('' = English): its reminders in the thread


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
    against_bots: bool = False  # games with a computer player at the table, counted apart


class Delivery(StrEnum):
    """Where an announcement in the outbox stands."""

    PENDING = "pending"        # to be sent (maybe after ``next_try``)
    SENT = "sent"              # Discord has it (``message_id``)
    FAILED = "failed"          # cannot be sent (channel gone, no access, too many tries): logged, dropped
    DMS_CLOSED = "dms_closed"  # a DM to a user who does not accept them


@dataclass(frozen=True, slots=True)
class Outgoing:
    """An announcement to write into the outbox in the same transaction as the change that causes it.

    ``kind`` is "post", "dm" or "edit"; ``body`` and ``picture`` are JSON-safe and opaque to the store
    (the table layer reads them back).  ``key`` is unique: it names the row for marking it sent, and is
    the nonce that lets Discord refuse a second copy of a message after a crash."""

    key: str
    game_id: int | None
    kind: str
    channel_id: int | None = None
    user_id: int | None = None
    role: str = ""                  # "lobby" for a lobby post; edits of role "lobby" change that post
    body: dict[str, Any] = field(default_factory=dict)
    picture: dict[str, Any] | None = None   # what to draw for it; dropped once sent


#: Announcements that can only be written once the new game's id is known.
AnnounceNew = Callable[[int], Sequence[Outgoing]]


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """An announcement read back from the outbox."""

    id: int
    item: Outgoing
    state: Delivery
    attempts: int
    created_at: float
    next_try: float | None = None     # waiting for a retry until then


@dataclass(frozen=True)
class ProcessRow:
    """A bot process on the database (its presence): who it is, which shards it serves, when it last beat.

    ``owner`` is also its name on the outbox rows it claims; ``shards`` is :attr:`bot.presence.Shards.label`."""

    owner: str
    shards: str
    host: str
    pid: int
    started: float
    beat: float
