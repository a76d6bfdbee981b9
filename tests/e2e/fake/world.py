"""The fake's state (users, guilds, channels, messages, commands) and the Discord JSON built from it.

Everything here is synchronous and knows nothing about HTTP: the REST layer parses requests and calls in,
the test API reads the same objects. Payload shapes follow what discord.py 2.x parses (see the ``_from_data``
/ ``__init__`` methods of its models) and Discord's documented objects.
"""

from __future__ import annotations

import copy
import re
import time
from typing import Any

import discord

from .models import (
    ACTION_ROW,
    CONTAINER,
    DM,
    FILE,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    GUILD_TEXT,
    MEDIA_GALLERY,
    PUBLIC_THREAD,
    SECTION,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    Snowflakes,
    UploadedFile,
    guess_content_type,
    iso,
    walk_components,
)

# What @everyone may do in the fake guilds: enough for a board-game server.
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, create_public_threads=True,
    embed_links=True, attach_files=True, read_message_history=True, add_reactions=True,
    use_application_commands=True, use_external_emojis=True, change_nickname=True, connect=True, speak=True,
).value
# The bot's managed role: everything but Administrator, so per-channel denies (overwrites) still bite.
BOT_PERMISSIONS = discord.Permissions.all().value & ~discord.Permissions(administrator=True).value
ALL_PERMISSIONS = discord.Permissions.all().value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
SEND_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
CREATE_PUBLIC_THREADS = discord.Permissions(create_public_threads=True).value
CREATE_PRIVATE_THREADS = discord.Permissions(create_private_threads=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

#: Discord's limit on an attachment's description (its alt text), and on a media item's.
ATTACHMENT_DESCRIPTION = 1024

# Components V2 (https://discord.com/developers/docs/components/reference): the limits of a layout message.
LAYOUT_COMPONENTS = 40       # components in all, nested ones counted
LAYOUT_TEXT = 4000           # characters over all text displays
GALLERY_ITEMS = (1, 10)
#: What may stand at the top level of a layout message.
LAYOUT_TOP_LEVEL = frozenset({CONTAINER, TEXT_DISPLAY, MEDIA_GALLERY, SECTION, SEPARATOR, ACTION_ROW, FILE})


def permission_bits(*names: str) -> int:
    """Bits for discord.py permission names, e.g. ``permission_bits("create_public_threads")``."""
    unknown = [n for n in names if n not in discord.Permissions.VALID_FLAGS]
    if unknown:
        raise ValueError(f"unknown permission names {unknown}; see discord.Permissions.VALID_FLAGS")
    return discord.Permissions(**dict.fromkeys(names, True)).value


class FormError(Exception):
    """A 4xx Discord would answer with: carries the HTTP status, JSON error code and message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code, self.message = status, code, message

    def body(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code}


def invalid_form(detail: str) -> FormError:
    return FormError(400, 50035, f"Invalid Form Body: {detail}")


class World:
    def __init__(self) -> None:
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> the message it created
        self.snowflake = Snowflakes()
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}  # insertion order == creation order
        # Synced application commands per scope: None = global, else guild id. Payloads as Discord returns them.
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.dm_channel_by_user: dict[int, int] = {}
        self.cdn_base = "http://127.0.0.1"  # set by the server once it knows its port
        self.application_id = self.snowflake()
        self.bot = self.add_user("GameBot", bot=True, user_id=self.application_id)
        self.owner = self.add_user("GuildOwner")

    # ----------------------------------------------------------------------------------------- building
    def add_user(self, name: str, *, bot: bool = False, user_id: int | None = None) -> FakeUser:
        user = FakeUser(id=user_id or self.snowflake(), name=name, bot=bot, global_name=None if bot else name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str) -> FakeGuild:
        guild_id = self.snowflake()
        guild = FakeGuild(id=guild_id, name=name, owner_id=self.owner.id, joined_at=time.time())
        everyone = FakeRole(id=guild_id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        bot_role = FakeRole(id=self.snowflake(), name=self.bot.name, permissions=BOT_PERMISSIONS, position=1,
                            managed=True, bot_id=self.bot.id)
        guild.roles += [everyone, bot_role]
        self.guilds[guild_id] = guild
        self.add_member(guild, self.owner)
        self.add_member(guild, self.bot, roles=[bot_role.id])
        return guild

    def add_member(self, guild: FakeGuild, user: FakeUser, roles: list[int] | None = None) -> None:
        if user.id not in guild.member_ids:
            guild.member_ids.append(user.id)
            guild.member_joined[user.id] = time.time()
        guild.member_roles[user.id] = list(roles or [])

    def add_channel(self, guild: FakeGuild, name: str, *, type: int = GUILD_TEXT, topic: str | None = None
                    ) -> FakeChannel:
        channel = FakeChannel(id=self.snowflake(), type=type, name=name, guild_id=guild.id,
                              position=len(guild.channel_ids), topic=topic)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (one per user, created on first use like Discord's)."""
        channel_id = self.dm_channel_by_user.get(user.id)
        if channel_id is None:
            channel = FakeChannel(id=self.snowflake(), type=DM, recipient_id=user.id)
            self.channels[channel.id] = channel
            self.dm_channel_by_user[user.id] = channel.id
            return channel
        return self.channels[channel_id]

    def add_thread(self, parent: FakeChannel, name: str, *, type: int = PUBLIC_THREAD, thread_id: int | None = None,
                   auto_archive_duration: int = 1440) -> FakeChannel:
        thread = FakeChannel(id=thread_id or self.snowflake(), type=type, name=name, guild_id=parent.guild_id,
                             parent_id=parent.id, owner_id=self.bot.id, auto_archive_duration=auto_archive_duration,
                             member_ids={self.bot.id})
        self.channels[thread.id] = thread
        return thread

    # ------------------------------------------------------------------------------------------ lookups
    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def channel(self, channel_id: int | str) -> FakeChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise FormError(404, 10003, "Unknown Channel")
        return channel

    def message(self, channel: FakeChannel, message_id: int | str) -> FakeMessage:
        msg = self.messages.get(int(message_id))
        # Ephemeral messages are invisible to channel routes: only the interaction webhook reaches them.
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise FormError(404, 10008, "Unknown Message")
        return msg

    def user(self, user_id: int | str) -> FakeUser:
        user = self.users.get(int(user_id))
        if user is None:
            raise FormError(404, 10013, "Unknown User")
        return user

    # -------------------------------------------------------------------------------------- permissions
    def bot_permissions(self, channel: FakeChannel) -> int:
        if channel.is_dm:
            return discord.Permissions.text().value | discord.Permissions(view_channel=True).value
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        deny = channel.bot_deny | (parent.bot_deny if parent else 0)
        return BOT_PERMISSIONS & ~deny

    def member_permissions(self, guild: FakeGuild, user_id: int, channel: FakeChannel | None = None) -> int:
        if user_id == self.bot.id and channel is not None:
            return self.bot_permissions(channel)
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        roles = {r.id: r for r in guild.roles}
        value = roles[guild.id].permissions
        for role_id in guild.member_roles.get(user_id, []):
            value |= roles[role_id].permissions
        return value

    def require_bot_permission(self, channel: FakeChannel, bits: int) -> None:
        if self.bot_permissions(channel) & bits != bits:
            raise FormError(403, 50013, "Missing Permissions")

    # ----------------------------------------------------------------------------------------- payloads
    def user_payload(self, user: FakeUser) -> dict[str, Any]:
        return {
            "id": str(user.id), "username": user.name, "global_name": user.global_name, "discriminator": "0",
            "avatar": None, "bot": user.bot, "system": False, "public_flags": 0, "flags": 0, "banner": None,
            "accent_color": None, "avatar_decoration_data": None, "mfa_enabled": False, "verified": True,
            "locale": user.locale,
        }

    def member_payload(self, guild: FakeGuild, user_id: int, *, with_user: bool = True,
                       channel: FakeChannel | None = None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(r) for r in guild.member_roles.get(user_id, [])],
            "joined_at": iso(guild.member_joined.get(user_id, guild.joined_at)),
            "nick": None, "avatar": None, "banner": None, "deaf": False, "mute": False, "pending": False,
            "premium_since": None, "communication_disabled_until": None, "flags": 0,
        }
        if with_user:
            payload["user"] = self.user_payload(self.users[user_id])
        if channel is not None:
            # Interaction members carry their permissions in the channel.
            payload["permissions"] = str(self.member_permissions(guild, user_id, channel))
        return payload

    def role_payload(self, role: FakeRole) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(role.id), "name": role.name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
            "icon": None, "unicode_emoji": None, "position": role.position, "permissions": str(role.permissions),
            "managed": role.managed, "mentionable": False, "flags": 0,
        }
        if role.bot_id:
            payload["tags"] = {"bot_id": str(role.bot_id)}
        return payload

    def overwrites_payload(self, channel: FakeChannel) -> list[dict[str, Any]]:
        # The bot's per-channel denies are a member overwrite, so discord.py's channel.permissions_for(me) agrees.
        if not channel.bot_deny:
            return []
        return [{"id": str(self.bot.id), "type": 1, "allow": "0", "deny": str(channel.bot_deny)}]

    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        base: dict[str, Any] = {"id": str(channel.id), "type": channel.type, "flags": 0,
                                "last_message_id": str(channel.last_message_id) if channel.last_message_id else None}
        if channel.is_dm:
            base["recipients"] = [self.user_payload(self.users[channel.recipient_id or 0])]
            return base
        base.update({"guild_id": str(channel.guild_id), "name": channel.name, "rate_limit_per_user": 0,
                     "nsfw": False})
        if channel.is_thread:
            base.update({
                "parent_id": str(channel.parent_id), "owner_id": str(channel.owner_id),
                "message_count": channel.message_count, "total_message_sent": channel.message_count,
                "member_count": len(channel.member_ids),
                "thread_metadata": {
                    "archived": channel.archived, "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": iso(channel.archived_at or channel.created_at), "locked": channel.locked,
                    "create_timestamp": iso(channel.created_at), "invitable": True,
                },
            })
            return base
        base.update({"position": channel.position, "permission_overwrites": self.overwrites_payload(channel),
                     "parent_id": None, "topic": channel.topic, "default_auto_archive_duration": 1440,
                     "default_thread_rate_limit_per_user": 0})
        return base

    def thread_member_payload(self, thread: FakeChannel, user_id: int) -> dict[str, Any]:
        return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": iso(thread.created_at), "flags": 0}

    def guild_payload(self, guild: FakeGuild, *, members: bool = False, full: bool = False) -> dict[str, Any]:
        """GET /guilds/{id} shape; ``full`` adds the GUILD_CREATE-only keys (channels, threads, members...)."""
        payload: dict[str, Any] = {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "banner": None, "description": None, "owner_id": str(guild.owner_id), "region": None,
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
            "features": [], "roles": [self.role_payload(r) for r in guild.roles], "emojis": [], "stickers": [],
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "safety_alerts_channel_id": None, "vanity_url_code": None,
            "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": guild.locale,
            "premium_progress_bar_enabled": False, "max_members": 500000, "max_video_channel_users": 25,
            "approximate_member_count": len(guild.member_ids), "approximate_presence_count": 0,
            "application_id": None, "widget_enabled": False, "incidents_data": None,
        }
        if full:
            threads = [c for c in self.channels.values() if c.is_thread and c.guild_id == guild.id]
            member_ids = guild.member_ids if members else [self.bot.id]
            payload.update({
                "unavailable": False, "large": False, "lazy": True, "member_count": len(guild.member_ids),
                "joined_at": iso(guild.joined_at),
                "channels": [self.channel_payload(self.channels[c]) for c in guild.channel_ids],
                "threads": [self.channel_payload(t) for t in threads],
                "members": [self.member_payload(guild, uid) for uid in member_ids],
                "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
                "soundboard_sounds": [], "embedded_activities": [],
            })
        return payload

    def attachment_payload(self, att: FakeAttachment) -> dict[str, Any]:
        payload: dict[str, Any] = {"id": str(att.id), "filename": att.filename, "size": att.size, "url": att.url,
                                   "proxy_url": att.url, "content_type": att.content_type, "flags": 0}
        if att.description is not None:
            payload["description"] = att.description
        return payload

    def message_payload(self, msg: FakeMessage) -> dict[str, Any]:
        channel = self.channels[msg.channel_id]
        guild = self.guild_of(channel)
        mentions = []
        for user_id in msg.mention_ids:
            user = self.users.get(user_id)
            if user is None:
                continue
            entry = self.user_payload(user)
            if guild is not None and user_id in guild.member_ids:
                entry["member"] = self.member_payload(guild, user_id, with_user=False)
            mentions.append(entry)
        payload: dict[str, Any] = {
            "id": str(msg.id), "channel_id": str(msg.channel_id),
            "author": self.user_payload(self.users[msg.author_id]),
            "content": msg.content, "timestamp": iso(msg.created_at), "edited_timestamp": iso(msg.edited_at),
            "tts": msg.tts, "mention_everyone": self._mentions_everyone(msg), "mentions": mentions,
            "mention_roles": [str(r) for r in msg.role_mention_ids], "mention_channels": [],
            "attachments": [self.attachment_payload(a) for a in msg.attachments], "embeds": msg.embeds,
            "reactions": [], "pinned": False, "type": msg.type, "flags": msg.flags, "components": msg.components,
            "nonce": None, "position": None,
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["member"] = self.member_payload(guild, msg.author_id, with_user=False)
        if msg.interaction_id is not None:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
        if msg.interaction_metadata is not None:
            payload["interaction_metadata"] = msg.interaction_metadata
        if msg.message_reference:
            payload["message_reference"] = msg.message_reference
        if msg.thread_id and msg.thread_id in self.channels:
            payload["thread"] = self.channel_payload(self.channels[msg.thread_id])
        return payload

    @staticmethod
    def _mentions_everyone(msg: FakeMessage) -> bool:
        words = msg.readable
        if "@everyone" not in words and "@here" not in words:
            return False
        allowed = msg.allowed_mentions
        return allowed is None or "everyone" in allowed.get("parse", [])

    # ----------------------------------------------------------------------------------------- messages
    def validate_message(self, payload: dict[str, Any], files: list[UploadedFile], *, edit: bool = False,
                         flags: int = 0) -> None:
        """The checks Discord makes that a game bot can plausibly trip over (limits, empty messages)."""
        content = payload.get("content") or ""
        if len(content) > 2000:
            raise invalid_form(f"content: Must be 2000 or fewer in length (got {len(content)}).")
        embeds = payload.get("embeds") or []
        if len(embeds) > 10:
            raise invalid_form("embeds: Must be 10 or fewer in length.")
        for embed in embeds:
            if len(embed.get("description") or "") > 4096 or len(embed.get("title") or "") > 256:
                raise invalid_form("embeds: title/description too long.")
            if len(embed.get("fields") or []) > 25:
                raise invalid_form("embeds: Must have 25 or fewer fields.")
        components = payload.get("components") or []
        if (int(payload.get("flags") or 0) | flags) & FLAG_COMPONENTS_V2:
            self._validate_layout(payload, components)
        else:
            self._validate_rows(components)
        seen: set[str] = set()
        for comp in walk_components(components):
            custom_id = comp.get("custom_id")
            if custom_id is not None:
                if not 1 <= len(custom_id) <= 100:
                    raise invalid_form(f"components: custom_id must be 1-100 characters ({custom_id!r}).")
                if custom_id in seen:
                    raise invalid_form(f"components: duplicate custom_id {custom_id!r}.")
                seen.add(custom_id)
            if len(comp.get("label") or "") > 80:
                raise invalid_form(f"components: label must be 80 or fewer characters ({comp.get('label')!r}).")
            if comp.get("type") == 3 and not 1 <= len(comp.get("options") or []) <= 25:
                raise invalid_form("components: string select needs 1-25 options.")
        if sum(len(f.data) for f in files) > ATTACHMENT_SIZE_LIMIT:
            raise FormError(413, 40005, "Request entity too large")
        empty = not (content or embeds or components or files or payload.get("attachments") or payload.get("poll"))
        if not edit and empty:
            raise FormError(400, 50006, "Cannot send an empty message")

    @classmethod
    def _validate_rows(cls, components: list[dict[str, Any]]) -> None:
        if len(components) > 5:
            raise invalid_form(f"components: Must be 5 or fewer in length (got {len(components)} rows).")
        for row in components:
            if row.get("type") != 1:
                raise invalid_form("components: top-level components must be action rows (type 1).")
            cls._validate_row(row)

    @staticmethod
    def _validate_row(row: dict[str, Any]) -> None:
        children = row.get("components") or []
        if not 1 <= len(children) <= 5:
            raise invalid_form(f"components: an action row holds 1-5 components (got {len(children)}).")
        if any(c.get("type") != 2 for c in children) and len(children) > 1:
            raise invalid_form("components: a select menu must be alone in its action row.")

    @classmethod
    def _validate_layout(cls, payload: dict[str, Any], components: list[dict[str, Any]]) -> None:
        """A message with the IS_COMPONENTS_V2 flag: its words are in its components, which Discord counts."""
        if payload.get("content"):
            raise invalid_form("content: Cannot be used with the IS_COMPONENTS_V2 flag.")
        if payload.get("embeds"):
            raise invalid_form("embeds: Cannot be used with the IS_COMPONENTS_V2 flag.")
        for index, component in enumerate(components):
            if component.get("type") not in LAYOUT_TOP_LEVEL:
                raise invalid_form(f"components.{index}.type: {component.get('type')} cannot be a top-level component.")
        every = list(walk_components(components))
        if len(every) > LAYOUT_COMPONENTS:
            raise invalid_form(f"components: Must be {LAYOUT_COMPONENTS} or fewer in total (got {len(every)}).")
        text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
        if text > LAYOUT_TEXT:
            raise invalid_form(f"components: text displays hold {LAYOUT_TEXT} or fewer characters (got {text}).")
        for component in every:
            if component.get("type") == ACTION_ROW:
                cls._validate_row(component)
            if component.get("type") == MEDIA_GALLERY:
                low, high = GALLERY_ITEMS
                if not low <= len(component.get("items") or []) <= high:
                    raise invalid_form(f"components: a media gallery holds {low}-{high} items.")
        for media in _media(every):
            if len(media.get("description") or "") > ATTACHMENT_DESCRIPTION:
                raise invalid_form(f"components: a media description is {ATTACHMENT_DESCRIPTION} or fewer characters.")

    @staticmethod
    def _validate_media_files(components: list[dict[str, Any]], attachments: list[FakeAttachment]) -> None:
        """Every ``attachment://name`` a layout shows must be a file of the message (uploaded or kept)."""
        names = {a.filename for a in attachments}
        for media in _media(list(walk_components(components))):
            url = (media.get("media") or {}).get("url") or ""
            if url.startswith("attachment://") and url[len("attachment://"):] not in names:
                raise invalid_form(f"components: media {url!r} names no attachment of the message ({sorted(names)}).")

    def _attachments(self, channel_id: int, payload: dict[str, Any], files: list[UploadedFile],
                     existing: list[FakeAttachment]) -> list[FakeAttachment]:
        """Resolve ``attachments`` entries: ``{"id": n}`` with n a files[n] index uploads, known ids are kept."""
        by_field = {f.field: f for f in files}
        kept = {a.id: a for a in existing}
        result: list[FakeAttachment] = []
        entries = payload.get("attachments")
        if entries is None:
            # No attachments key: existing ones stay (edits) and every uploaded file is added.
            result = list(existing)
            entries = [{"id": i, "filename": f.filename} for i, f in enumerate(files)]
        for entry in entries:
            ref = int(entry["id"])
            upload = by_field.get(f"files[{ref}]")
            if upload is not None and ref not in kept:
                if len(entry.get("description") or "") > ATTACHMENT_DESCRIPTION:
                    raise invalid_form(f"attachments.{ref}.description: at most {ATTACHMENT_DESCRIPTION} characters.")
                att_id = self.snowflake()
                filename = entry.get("filename") or upload.filename
                url = f"{self.cdn_base}/attachments/{channel_id}/{att_id}/{filename}"
                result.append(FakeAttachment(id=att_id, filename=filename, data=upload.data,
                                             content_type=guess_content_type(filename), url=url,
                                             description=entry.get("description")))
            elif ref in kept:
                result.append(kept[ref])
            else:
                raise invalid_form(f"attachments: unknown attachment id {ref} (and no files[{ref}] part).")
        return result

    def create_message(self, channel: FakeChannel, payload: dict[str, Any], files: list[UploadedFile], *,
                       interaction_id: int | None = None, extra_flags: int = 0, type: int = 0) -> FakeMessage:
        # A deferred 'thinking…' placeholder (LOADING) is the one message allowed to be empty.
        self.validate_message(payload, files, edit=bool(extra_flags & FLAG_LOADING))
        msg_id = self.snowflake()
        # Only EPHEMERAL, SUPPRESS_EMBEDS (4), SUPPRESS_NOTIFICATIONS (4096) and COMPONENTS_V2 can be set by bots.
        flags = (int(payload.get("flags") or 0) & (FLAG_EPHEMERAL | 4 | 4096 | FLAG_COMPONENTS_V2)) | extra_flags
        attachments = self._attachments(channel.id, payload, files, [])
        if flags & FLAG_COMPONENTS_V2:
            self._validate_media_files(payload.get("components") or [], attachments)
        msg = FakeMessage(
            id=msg_id, channel_id=channel.id, guild_id=channel.guild_id, author_id=self.bot.id,
            # Deep copies: the message changes later, the recorded request must not.
            content=payload.get("content") or "", embeds=copy.deepcopy(payload.get("embeds") or []),
            components=copy.deepcopy(payload.get("components") or []), flags=flags, tts=bool(payload.get("tts")),
            type=type, allowed_mentions=payload.get("allowed_mentions"),
            message_reference=payload.get("message_reference"), interaction_id=interaction_id,
        )
        msg.attachments = attachments
        self._link_embed_attachments(msg)
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            channel.message_count += channel.is_thread
        return msg

    @staticmethod
    def _link_embed_attachments(msg: FakeMessage) -> None:
        """Discord serves ``attachment://name`` embed images and layout media from the attachment's CDN URL."""
        by_name = {a.filename: a for a in msg.attachments}

        def resolved(media: Any) -> Any:
            url = media.get("url", "") if isinstance(media, dict) else ""
            if url.startswith("attachment://") and url[len("attachment://"):] in by_name:
                att = by_name[url[len("attachment://"):]]
                return {**media, "url": att.url, "proxy_url": att.url, "attachment_id": str(att.id)}
            return media

        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                media = embed.get(key)
                if isinstance(media, dict):
                    embed[key] = {k: v for k, v in resolved(media).items() if k != "attachment_id"}
        if msg.is_layout:
            for item in _media(msg.all_components()):
                if isinstance(item.get("media"), dict):
                    item["media"] = resolved(item["media"])

    def edit_message(self, msg: FakeMessage, payload: dict[str, Any], files: list[UploadedFile]) -> FakeMessage:
        self.validate_message(payload, files, edit=True, flags=msg.flags)
        flags = msg.flags
        if "flags" in payload and payload["flags"] is not None:
            if msg.flags & FLAG_COMPONENTS_V2 and not int(payload["flags"]) & FLAG_COMPONENTS_V2:
                raise invalid_form("flags: IS_COMPONENTS_V2 cannot be removed from a message.")
            # Ephemerality cannot change on edit; SUPPRESS_EMBEDS can, and COMPONENTS_V2 can be set.
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_HAS_THREAD)
            flags = keep | (int(payload["flags"]) & (4 | FLAG_COMPONENTS_V2))
        content = (payload["content"] or "") if "content" in payload else msg.content
        embeds = (payload["embeds"] or []) if "embeds" in payload else msg.embeds
        components = (payload["components"] or []) if "components" in payload else msg.components
        attachments = msg.attachments
        if files or "attachments" in payload:
            attachments = self._attachments(msg.channel_id, payload, files, msg.attachments)
        if flags & FLAG_COMPONENTS_V2:
            # What the message would be: a layout keeps no content or embeds from before, and shows its own files.
            if content or embeds:
                raise invalid_form("content/embeds: a message with the IS_COMPONENTS_V2 flag has neither.")
            self._validate_media_files(components, attachments)
        msg.history.append({"content": msg.content, "embeds": msg.embeds, "components": msg.components,
                            "attachments": [a.filename for a in msg.attachments], "flags": msg.flags})
        msg.content, msg.embeds, msg.components = content, copy.deepcopy(embeds), copy.deepcopy(components)
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        msg.flags = flags & ~FLAG_LOADING  # any edit ends the 'thinking…' state
        msg.attachments = attachments
        self._link_embed_attachments(msg)
        msg.edited_at = time.time()
        return msg

    # ----------------------------------------------------------------------------------------- commands
    def sync_commands(self, scope: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Bulk overwrite like Discord: a command keeps its id when its (name, type) survives a re-sync."""
        if not isinstance(commands, list):
            raise invalid_form("expected a list of commands")
        old = {(c["name"], c.get("type", 1)): c for c in self.commands.get(scope, [])}
        result = []
        for command in commands:
            name, ctype = command.get("name", ""), command.get("type", 1)
            if not name or len(name) > 32 or (ctype == 1 and not 1 <= len(command.get("description", "")) <= 100):
                raise invalid_form(f"command {name!r}: name 1-32 chars, description 1-100 chars")
            if len(command.get("options") or []) > 25:
                raise invalid_form(f"command {name!r}: at most 25 options")
            check_localizations(command)
            previous = old.get((name, ctype))
            stored = {
                "type": 1, "options": [], "default_member_permissions": None, "nsfw": False,
                "contexts": None, "integration_types": [0], "name_localizations": None,
                "description_localizations": None, **command,
                "id": previous["id"] if previous else str(self.snowflake()),
                "application_id": str(self.application_id), "version": str(self.snowflake()),
            }
            if scope is not None:
                stored["guild_id"] = str(scope)
            result.append(stored)
        self.commands[scope] = result
        return result

    def find_command(self, guild_id: int | None, name: str, locale: str | None = None) -> dict[str, Any] | None:
        """A chat-input command as the client would see it in ``guild_id`` (guild commands shadow global): by its
        name, or by the name a client in ``locale`` shows (its localisation)."""
        for scope in ([guild_id] if guild_id else []) + [None]:
            for command in self.commands.get(scope, []):
                if shown_as(command, name, locale) and command.get("type", 1) == 1:
                    return command
        return None


def shown_as(item: dict[str, Any], typed: str, locale: str | None) -> bool:
    """Whether a user whose client is in ``locale`` reaches the command or option ``item`` by typing ``typed``:
    its name, or its name in that locale (the client shows the localised name; Discord then sends the name)."""
    return item.get("name") == typed or bool(locale and (item.get("name_localizations") or {}).get(locale) == typed)


def _media(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The media of a layout: each gallery item and each thumbnail (``{"media": {"url": …}, "description": …}``)."""
    found: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == MEDIA_GALLERY:
            found += [i for i in component.get("items") or [] if isinstance(i, dict)]
        elif component.get("type") == THUMBNAIL:
            found.append(component)
    return found


#: Discord's locales (those a localisation may name), and its rule for a chat-input command's or option's name.
LOCALES = {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
           "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW",
           "ko"}
NAME = re.compile(r"^[-_\w]{1,32}$")


def check_localizations(item: dict[str, Any], where: str = "") -> None:
    """Refuse what Discord refuses: an unknown locale, a localised name that is no valid lower-case name or that
    two siblings share, a description over 100 characters; for the command, its options and their choices."""
    where = f"{where}/{item.get('name', '?')}"
    names = item.get("name_localizations") or {}
    for locale, text in {**names, **(item.get("description_localizations") or {})}.items():
        if locale not in LOCALES:
            raise invalid_form(f"{where}: unknown locale {locale!r}")
        if not 1 <= len(text) <= 100:
            raise invalid_form(f"{where}: a localisation of 1-100 characters, not {text!r}")
    if "description" in item:  # a command or option (a choice's name is free text)
        for locale, text in names.items():
            if not NAME.match(text) or text != text.lower():
                raise invalid_form(f"{where}: {text!r} ({locale}) is not a valid lower-case name")
    options = item.get("options") or []
    for locale in LOCALES:
        shown = [(o.get("name_localizations") or {}).get(locale, o.get("name")) for o in options]
        if len(shown) != len(set(shown)):
            raise invalid_form(f"{where}: two options share a name in {locale}: {shown}")
    for option in options:
        check_localizations(option, where)
    for choice in item.get("choices") or []:
        check_localizations(choice, where)
