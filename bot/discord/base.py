"""What the commands and components need from the bot, and small helpers for answering in Discord.

Commands and components reach the bot through ``interaction.client``, typed as :class:`TableClient`
(the client implements it), so they never import the client module: no import cycles.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.table.results import User
from bot.text import escape_name
from engines.i18n import choose, use

if TYPE_CHECKING:
    from bot.rendering import DrawnCache, Renderer
    from bot.table import TableService
    from bot.table.results import Reply

#: Discord's limit for a message's text.
CONTENT_MAX = 2000
#: Discord's error code for a user who does not accept DMs from the bot.
DMS_CLOSED = 50007


class TableClient(Protocol):
    service: TableService
    renderer: Renderer | None
    #: Pictures kept once drawn (a replay's boards).
    drawn: DrawnCache

    async def publish(self, reply: Reply) -> None:
        """Deliver the reply's announcements (its outbox) now."""
        ...


def client_of(interaction: discord.Interaction) -> TableClient:
    return cast(TableClient, interaction.client)


async def listen(interaction: discord.Interaction) -> str:
    """Answer this interaction in its reader's language (their ``/language``, else their client's): set for
    the rest of the task handling it (discord.py runs each interaction in a task of its own)."""
    try:
        language = await client_of(interaction).service.reader(interaction.user.id, str(interaction.locale))
    except Exception:  # the language is never worth failing a click over
        language = choose(str(interaction.locale))
    return use(language)


def person(user: discord.abc.User) -> User:
    """The table's view of a Discord user: their id, and their display name made safe for messages."""
    return User(user.id, escape_name(user.display_name))


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str) -> str:
    """Message text that Discord accepts: never empty, never over the limit."""
    return shorten(text, CONTENT_MAX) if text else "\u200b"


#: Discord's limit on an attachment's description (the image's alt text).
ALT_MAX = 1024


def png(data: bytes | None, name: str, alt: str = "") -> discord.File | None:
    """An image to attach, described for screen readers by ``alt`` (its picture's words)."""
    if not data:
        return None
    return discord.File(io.BytesIO(data), filename=name, description=shorten(alt, ALT_MAX) if alt else None)


async def answer(interaction: discord.Interaction, text: str, *, view: discord.ui.View | None = None,
                 file: discord.File | None = None, files: Sequence[discord.File] = (), ephemeral: bool = True) -> None:
    """Reply to whoever asked, privately unless told otherwise; works before or after a defer."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    elif files:
        kwargs["files"] = list(files)
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), **kwargs)
    else:
        await interaction.response.send_message(clip(text), **kwargs)


async def deliver(interaction: discord.Interaction, reply: Reply, *, quiet: bool = False) -> None:
    """The end of every call that may change a game: publish what an accepted call announced (its outbox) before
    answering the caller privately; ``quiet`` answers only a refusal (the change itself is the answer: a lobby
    post edited)."""
    if reply.ok:
        await client_of(interaction).publish(reply)
        if quiet:
            return
    await answer(interaction, reply.text)


def is_manager(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)
