"""The fake's world: users, guilds, channels, messages and recorded REST calls.

Objects are plain dataclasses the tests can read directly; the JSON shapes Discord sends are built by
``payloads.py`` so that the model stays easy to inspect (``message.content``, ``message.attachments[0].data``).
"""

from __future__ import annotations

import datetime as dt
import mimetypes
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types).
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags the fake itself sets or reads.
FLAG_HAS_THREAD, FLAG_EPHEMERAL, FLAG_LOADING, FLAG_COMPONENTS_V2 = 1 << 5, 1 << 6, 1 << 7, 1 << 15

_MENTION_RE = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION_RE = re.compile(r"<@&(\d+)>")


class Snowflakes:
    """Strictly increasing snowflakes whose timestamp part is 'now', so ``created_at`` looks sane."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(self._last + 1, now)
        return self._last


def iso(timestamp: float | None) -> str | None:
    """Discord's ISO 8601 timestamps (with offset), or None."""
    if timestamp is None:
        return None
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"
    # When True, POST /channels/{dm}/messages to this user's DM answers 403 / code 50007.
    dms_closed: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    joined_at: float
    roles: list[FakeRole] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)
    # Per-member role ids (the bot's managed role lives here too).
    member_roles: dict[int, list[int]] = field(default_factory=dict)
    member_joined: dict[int, float] = field(default_factory=dict)
    # The server's "preferred locale" (Discord: the community's language; interactions carry it too).
    locale: str = "en-US"

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None  # DMs
    owner_id: int | None = None  # threads
    created_at: float = field(default_factory=time.time)
    # Permission bits taken away from the bot in this channel (threads inherit their parent's).
    bot_deny: int = 0
    message_count: int = 0
    member_ids: set[int] = field(default_factory=set)  # thread members
    archived: bool = False
    locked: bool = False
    archived_at: float | None = None
    auto_archive_duration: int = 1440
    last_message_id: int | None = None
    #: Each "is typing…" notice the bot sent here, as the id of the channel's last message at the time.
    typing_after: list[int | None] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name or self.id} type={self.type} id={self.id}>"


@dataclass(eq=False)
class UploadedFile:
    """One multipart file part exactly as the client sent it."""

    field: str
    filename: str
    content_type: str
    data: bytes


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")


def guess_content_type(filename: str) -> str:
    # discord.py uploads every file as application/octet-stream; Discord derives the type from the name.
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree: action rows, v2 containers/sections (``components`` / ``accessory``)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            yield from walk_components([component["accessory"]])
        if isinstance(component.get("component"), dict):
            yield from walk_components([component["component"]])


#: Components V2 types (https://discord.com/developers/docs/components/reference#component-object-component-types).
ACTION_ROW, BUTTON, STRING_SELECT, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    1, 2, 3, 9, 10, 11, 12, 13, 14, 17)


def layout_text(components: list[dict[str, Any]]) -> str:
    """The text displays of a Components V2 layout, in reading order, one per line."""
    return "\n".join(c.get("content") or "" for c in walk_components(components) if c.get("type") == TEXT_DISPLAY)


def readable_text(content: str | None, components: list[dict[str, Any]] | None, flags: int = 0) -> str:
    """What a reader reads of a message or a message payload, whatever its form: its content, or (a
    Components V2 layout, which has none) its text displays in order."""
    if flags & FLAG_COMPONENTS_V2:
        return layout_text(components or [])
    return content or ""


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake stores it; ``payload.message_payload`` turns it into Discord JSON."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    tts: bool = False
    type: int = 0
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    allowed_mentions: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    # The interaction whose token created it (callback, followup), if any.
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    deleted: bool = False
    thread_id: int | None = None
    # Earlier versions of the message (content/embeds/components/attachment names), oldest first.
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred 'thinking…' message that has not been edited yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def is_layout(self) -> bool:
        """A Components V2 message: no content, its words in text displays."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    @property
    def readable(self) -> str:
        """The message's words whatever its form: the content, or a V2 layout's text displays in order."""
        return readable_text(self.content, self.components, self.flags)

    def layout(self, ctype: int) -> list[dict[str, Any]]:
        """Every component of type ``ctype`` in the message (e.g. ``CONTAINER``, ``MEDIA_GALLERY``)."""
        return [c for c in self.all_components() if c.get("type") == ctype]

    @property
    def mention_ids(self) -> list[int]:
        return [int(m) for m in dict.fromkeys(_MENTION_RE.findall(self.readable))]

    @property
    def role_mention_ids(self) -> list[int]:
        return [int(m) for m in dict.fromkeys(_ROLE_MENTION_RE.findall(self.readable))]

    def mentions(self, user: FakeUser | int) -> bool:
        return (user if isinstance(user, int) else user.id) in self.mention_ids

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> dict[str, Any]:
        """The interactive component with this custom_id (or label); AssertionError lists what exists."""
        for comp in self.all_components():
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label and "custom_id" in comp:
                return comp
        known = [(c.get("custom_id"), c.get("label")) for c in self.all_components() if "custom_id" in c]
        raise AssertionError(f"message {self.id} has no component {custom_id or label!r}; it has {known}")

    def attachment(self, filename: str) -> FakeAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        names = [a.filename for a in self.attachments]
        raise AssertionError(f"message {self.id} has no attachment {filename!r}: {names}")

    @property
    def text(self) -> str:
        """Readable text plus embed titles/descriptions/fields: handy for ``"..." in msg.text`` assertions."""
        parts = [self.readable]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    def __repr__(self) -> str:
        extra = " ephemeral" if self.ephemeral else ""
        extra += " loading" if self.loading else ""
        extra += " deleted" if self.deleted else ""
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{extra} content={self.readable[:60]!r}{files}>"


@dataclass(eq=False)
class RestCall:
    """One REST request the client made, as recorded by the fake."""

    method: str
    route: str  # template, e.g. "/channels/{channel_id}/messages"
    path: str
    params: dict[str, str]  # path parameters
    query: dict[str, str]
    json: Any  # JSON body, or the parsed payload_json of a multipart body
    files: list[UploadedFile]
    timestamp: float
    status: int = 0
    response: Any = None

    def __repr__(self) -> str:
        return f"<RestCall {self.method} {self.path} -> {self.status}>"
