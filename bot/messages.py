"""The plain objects the table service returns; the console prints them, the Discord adapter sends them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.store import GameRow


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str               # the display name, shown to other players


class Problem(StrEnum):
    """Why a request was refused; the reply's text says it for people."""

    NO_GAME = "no_game"
    BAD_REQUEST = "bad_request"        # unknown engine, bad options or seat count
    CHANNEL_BUSY = "channel_busy"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"        # e.g. joining a running game, moving in a lobby
    FORBIDDEN = "forbidden"            # only the creator or a manager may
    ILLEGAL = "illegal"                # the engine rejected the move; text says why
    STALE = "stale"                    # the board moved on since the player saw it
    CANNOT_UNDO = "cannot_undo"
    BROKEN = "broken"                  # the game's log no longer replays
    INTERNAL = "internal"              # our bug; nothing changed


@dataclass(frozen=True, slots=True)
class ChannelPost:
    """A message for the game's channel."""

    text: str
    mentions: tuple[int, ...] = ()     # user ids to ping
    view: dict[str, Any] | None = None # the public view (engine.view(state, None)) to draw
    image: bytes | None = None         # the drawn board, when a renderer is installed


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """A message for one player alone (a DM in Discord)."""

    user_id: int
    text: str
    view: dict[str, Any] | None = None # that seat's view, to draw as a hand
    image: bytes | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move: the key to send back, and its friendly label."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Reply:
    """The result of one service call.

    ``text`` answers the caller alone (ephemeral in Discord); ``post`` goes to the channel and
    ``private`` to individual players.  A refused request has ``problem`` set and changes nothing.
    """

    text: str
    problem: Problem | None = None
    game_id: int | None = None
    engine: str | None = None
    move_number: int | None = None     # the board's move count now: buttons carry it back
    post: ChannelPost | None = None
    private: tuple[PrivateMessage, ...] = ()
    choices: tuple[Choice, ...] = ()
    games: tuple[GameRow, ...] = ()

    @property
    def ok(self) -> bool:
        return self.problem is None
