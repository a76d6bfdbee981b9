"""What the table service returns: plain objects the console prints and the Discord adapter sends.

A service call returns one :class:`Reply`.  Its ``text`` answers the caller alone; its ``outbox``
holds the **announcements** the call committed (channel posts, DMs, lobby edits), each with a unique
``key``, to be delivered once and marked sent (:mod:`bot.outbox`).  ``post`` and ``private`` are the
call's main channel message and private messages — the same objects as in ``outbox`` after a move,
or, for a query such as the board or a hand, something to show the caller only (no key).

Every announcement carries what is needed to deliver it later, after a restart: where it goes,
its words, whom it pings, its buttons and the picture to draw (engine, view, names).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from bot.rendering import Picture
from bot.store import GameRow, Outgoing
from engines.i18n import ENGLISH, current

if TYPE_CHECKING:
    from bot.table.reviewing import Review


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str               # the display name, shown to other players


def is_person(user_id: int) -> bool:
    """Whether a seat's user is a person (Discord ids are positive); computer players have negative ids
    and are never pinged or sent a message."""
    return user_id >= 0


def people(user_ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(u for u in user_ids if is_person(u))


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
    BUSY = "busy"                      # the caller's earlier request of this kind is still being worked out
    INTERNAL = "internal"              # our bug; nothing changed


class PostRole(StrEnum):
    """Which of a game's messages a post is, to find it again for an edit (its value is what the outbox stores:
    kept as it was).  A notice may carry a role of its own (``absence``: "vacation:<user>"), so a post's ``role``
    is any text, these its fixed ones."""

    NONE = ""                # a message never edited
    LOBBY = "lobby"          # the lobby message, edited as players join
    TURN = "turn"            # the post of the turn in progress, edited as it goes on
    FINAL = "final"          # the end screen (at an end by the rules, with the game's animation)
    #: The animated history as a post of its own after the end screen, as older bots queued it: their outbox rows
    #: still go out (the end post now carries the animation itself, ``ChannelPost.animation``).
    HISTORY = "history"


class Controls(StrEnum):
    """Which buttons go under a channel post."""

    NONE = "none"
    LOBBY = "lobby"          # Join, Leave, Start, Cancel
    TURN = "turn"            # Play my turn (at ``move``), My hand; vote buttons when ``vote_on``
    OVER = "over"            # My hand, and Rematch when ``rematch``


@dataclass(frozen=True, slots=True)
class Buttons:
    controls: Controls = Controls.NONE
    move: int | None = None            # TURN: the move number the Play button carries back
    vote_on: str = ""                  # TURN: the absent player whose seat is put to a vote
    rematch: bool = False              # OVER
    boards: bool = False               # TURN: the game has player boards: "All boards" shows them
    #: The language of their labels: the one their message is written in.
    language: str = field(default_factory=current)

    def to_json(self) -> dict[str, Any]:
        return {"controls": self.controls.value, "move": self.move, "vote_on": self.vote_on,
                "rematch": self.rematch, "boards": self.boards, "language": self.language}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Buttons:
        return cls(Controls(data.get("controls", "none")), data.get("move"), data.get("vote_on", ""),
                   bool(data.get("rematch", False)), bool(data.get("boards", False)),
                   data.get("language") or ENGLISH)


def new_key() -> str:
    """A unique key for an announcement (also the nonce Discord uses to refuse a duplicate)."""
    return secrets.token_hex(10)


@dataclass(frozen=True, slots=True)
class ChannelPost:
    """A message for a game's channel (or thread)."""

    text: str
    mentions: tuple[int, ...] = ()     # user ids to ping (only these: names never ping)
    picture: Picture | None = None
    image: bytes | None = None         # the drawn picture, once drawn
    buttons: Buttons = Buttons()
    game_id: int | None = None
    channel_id: int | None = None
    role: str = PostRole.NONE          # a PostRole, or a notice's own (``PostRole``)
    since: int | None = None           # a turn's message: the action it was posted after
    key: str = ""                      # set for an announcement in the outbox
    #: The seat whose colour marks the post (as the images draw it): the first to act, or the winner.
    seat: int | None = None
    #: The picture's compact close-up (``Picture.compact``), once drawn: a turn post shows it first.
    close_up: bytes | None = None
    #: The end post of a game ended by its rules: the whole game as an animation, shown after the end screen.
    animation: Picture | None = None
    #: That animation, once drawn (None too when drawing it failed: the post goes out with its end screen alone).
    animated: bytes | None = None

    @property
    def view(self) -> Mapping[str, Any] | None:
        return self.picture.view if self.picture is not None else None


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """A message for one player alone (a DM in Discord)."""

    user_id: int
    text: str
    picture: Picture | None = None
    image: bytes | None = None
    game_id: int | None = None
    channel_id: int | None = None      # the game's channel: told once if the user's DMs are closed
    key: str = ""
    #: The language it is written in (its reader's): what is added when it is sent reads the same.
    language: str = field(default_factory=current)

    @property
    def view(self) -> Mapping[str, Any] | None:
        return self.picture.view if self.picture is not None else None


@dataclass(frozen=True, slots=True)
class ChannelEdit:
    """New words (buttons, picture) for an earlier message of the game's: the latest one of ``role``
    (``PostRole.LOBBY``: the lobby message; ``PostRole.TURN``: the post of the turn in progress)."""

    game_id: int
    channel_id: int
    text: str
    buttons: Buttons = Buttons()
    role: str = PostRole.LOBBY
    picture: Picture | None = None
    image: bytes | None = None
    mentions: tuple[int, ...] = ()     # the message's mentions, kept (an edit pings nobody anew)
    news: str = ""                     # what this change adds (for a reader who sees only changes: the console)
    key: str = ""
    seat: int | None = None            # the seat whose colour marks the message (as in ChannelPost)
    close_up: bytes | None = None      # the picture's compact close-up, once drawn (as in ChannelPost)

    @property
    def view(self) -> Mapping[str, Any] | None:
        return self.picture.view if self.picture is not None else None


Announcement = ChannelPost | PrivateMessage | ChannelEdit


A = TypeVar("A", bound=ChannelPost | PrivateMessage | ChannelEdit)


def keyed(item: A) -> A:
    """The announcement with its outbox key (a new one unless it has one)."""
    return item if item.key else replace(item, key=new_key())


def to_outgoing(item: Announcement) -> Outgoing:
    """An announcement as the store keeps it."""
    if isinstance(item, ChannelPost):
        body: dict[str, Any] = {"text": item.text, "mentions": list(item.mentions),
                                "buttons": item.buttons.to_json(), "since": item.since, "seat": item.seat}
        if item.animation is not None:  # (a game record: a few kilobytes, its log)
            body["animation"] = item.animation.to_json()
        return Outgoing(item.key, item.game_id, "post", channel_id=item.channel_id, role=item.role, body=body,
                        picture=item.picture.to_json() if item.picture else None)
    if isinstance(item, PrivateMessage):
        return Outgoing(item.key, item.game_id, "dm", channel_id=item.channel_id, user_id=item.user_id,
                        body={"text": item.text, "language": item.language},
                        picture=item.picture.to_json() if item.picture else None)
    return Outgoing(item.key, item.game_id, "edit", channel_id=item.channel_id, role=item.role,
                    body={"text": item.text, "mentions": list(item.mentions), "buttons": item.buttons.to_json(),
                          "news": item.news, "seat": item.seat},
                    picture=item.picture.to_json() if item.picture else None)


def from_outgoing(out: Outgoing) -> Announcement:
    """An announcement read back from the store."""
    body, picture = out.body, Picture.from_json(out.picture) if out.picture else None
    if out.kind == "post":
        animation = body.get("animation")
        return ChannelPost(body["text"], tuple(body.get("mentions", ())), picture,
                           buttons=Buttons.from_json(body.get("buttons", {})), game_id=out.game_id,
                           channel_id=out.channel_id, role=out.role, since=body.get("since"), key=out.key,
                           seat=body.get("seat"), animation=Picture.from_json(animation) if animation else None)
    if out.kind == "dm":
        assert out.user_id is not None
        return PrivateMessage(out.user_id, body["text"], picture, game_id=out.game_id, channel_id=out.channel_id,
                              key=out.key, language=body.get("language") or ENGLISH)
    assert out.game_id is not None and out.channel_id is not None
    return ChannelEdit(out.game_id, out.channel_id, body["text"], Buttons.from_json(body.get("buttons", {})),
                       role=out.role, picture=picture, mentions=tuple(body.get("mentions", ())),
                       news=body.get("news", ""), key=out.key, seat=body.get("seat"))


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move: the key to send back, and its friendly label."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """What a ``/replay`` reply shows besides its post: the turn shown, the game's number of turns, and in games with
    player boards the own board of whoever played that turn."""

    turn: int
    turns: int
    player: Picture | None = None


@dataclass(frozen=True, slots=True)
class ReviewPosts:
    """A ``/review`` reply's posts for the game's thread (in the table's language) and the review they tell;
    ``joined``: this request joined a review under way, so its caller posts nothing (the first request does)."""

    posts: tuple[str, ...]
    joined: bool
    review: Review


@dataclass(frozen=True, slots=True)
class Reply:
    """The result of one service call: everything the caller needs, so a press is one call.

    ``text`` answers the caller alone (ephemeral in Discord).  A refused request has ``problem``
    set and changes nothing.  ``to_act`` are the user ids to act now; ``choices`` the caller's legal
    moves now (after a move: the mover's next choices, empty when it is no longer their turn)."""

    text: str
    problem: Problem | None = None
    game_id: int | None = None
    engine: str | None = None
    move_number: int | None = None     # the board's move count now: buttons carry it back
    post: ChannelPost | ChannelEdit | None = None   # the channel's message about this call (a turn's may be an edit)
    private: tuple[PrivateMessage, ...] = ()
    outbox: tuple[Announcement, ...] = ()
    channel_id: int | None = None
    to_act: tuple[int, ...] = ()
    choices: tuple[Choice, ...] = ()
    games: tuple[GameRow, ...] = ()
    #: A query's picture, drawn where it is shown (a ``/leaderboard`` or ``/profile`` chart).
    picture: Picture | None = None
    replay: ReplayStep | None = None
    review: ReviewPosts | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def posts(self) -> tuple[ChannelPost, ...]:
        """Every channel post this call committed (for several games, e.g. a vacation notice)."""
        return tuple(a for a in self.outbox if isinstance(a, ChannelPost))
