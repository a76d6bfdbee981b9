"""Sending announcements to Discord: the outbox's transport (see :mod:`bot.outbox`).

Every message carries its outbox key as the nonce, and discord.py asks Discord to enforce it: if a
crash fell between Discord accepting a message and the outbox marking it sent, the retry after the
restart gets the first message back instead of posting a second.  Mentions are sent for exactly the
users the announcement names — never parsed from text, so a display name cannot ping anyone.

A game's post with a picture, and its lobby, is a Components V2 layout (:func:`bot.discord.views.post_layout`):
one container in the colour of the seat to act, holding the text, the picture and the buttons.  A turn's post (and
its edits) shows two pictures in its gallery: the compact close-up (``game-<id>-turn.png``) first, then the whole
board (``game-<id>-board.png``).  The end post of a game ended by its rules shows its end screen, then, in a gallery
of its own (full width), the whole game as an animated GIF (``game-<id>-history.gif``).  A layout's edits stay layouts
(Discord never lets the flag go); other posts (notices without a picture) and DMs are plain.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

from bot.discord.base import DMS_CLOSED, clip, png
from bot.discord.views import post_layout, post_view
from bot.outbox import DmsClosed, TryLater, Undeliverable
from bot.rendering import Picture, PictureKind, seat_colour
from bot.table import wording
from bot.table.results import Buttons, ChannelEdit, ChannelPost, PostRole, PrivateMessage
from engines.i18n import speaking

log = logging.getLogger(__name__)


#: What Discord takes of a message's files together (a server without boosts): past it, it refuses the whole message.
UPLOAD_LIMIT = 10 * 1024 * 1024


def mentions_only(user_ids: tuple[int, ...]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


class DiscordTransport:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, post: ChannelPost, nonce: str) -> int | None:
        assert post.channel_id is not None
        channel = self.client.get_partial_messageable(post.channel_id)
        text = _with_mentions(post.mentions, post.text)
        kwargs: dict[str, Any] = {"nonce": nonce, "allowed_mentions": mentions_only(post.mentions)}
        file = png(post.image, _file_name(post.game_id, post.picture), _alt(post.picture))
        if file is not None:
            kwargs["file"] = file
        if is_layout(post.picture, post.role):
            files = _files(post.game_id, file, post.close_up, post.picture)
            moving = _animation(post)
            if files or moving:  # (the board is one of ``files``)
                kwargs.pop("file", None)
                kwargs["files"] = [*files, *moving]
            kwargs["view"] = _layout(post.game_id, text, post.buttons, files, post.picture, post.seat, moving)
            message: discord.Message = await _sending(channel.send(**kwargs))
            return message.id
        view = post_view(post.game_id, post.buttons)
        if view is not None:
            kwargs["view"] = view
        message = await _sending(channel.send(clip(text), **kwargs))
        return message.id

    async def dm(self, message: PrivateMessage, nonce: str) -> int | None:
        with speaking(message.language):  # the game's name in the language the DM is written in
            text = wording.game_prefix(message.game_id, message.text) if message.game_id is not None else message.text
        kwargs: dict[str, Any] = {"nonce": nonce, "allowed_mentions": mentions_only(())}
        file = png(message.image, f"game-{message.game_id}-hand.png", _alt(message.picture))
        if file is not None:
            kwargs["file"] = file
        channel = await _sending(self.client.create_dm(discord.Object(message.user_id)))
        sent: discord.Message = await _sending(channel.send(clip(text), **kwargs))
        return sent.id

    async def edit(self, edit: ChannelEdit, channel_id: int, message_id: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        text = _with_mentions(edit.mentions, edit.text)
        file = png(edit.image, f"game-{edit.game_id}-board.png", _alt(edit.picture))
        kwargs: dict[str, Any] = {"allowed_mentions": mentions_only(())}
        if is_layout(edit.picture, edit.role):
            # The layout anew: no content (a message that had some loses it), the new pictures (a turn post's
            # close-up and board, both replaced) or none.
            files = _files(edit.game_id, file, edit.close_up, edit.picture)
            kwargs.update(content=None, view=_layout(edit.game_id, text, edit.buttons, files, edit.picture, edit.seat),
                          attachments=files)
        else:
            kwargs.update(content=clip(text), view=post_view(edit.game_id, edit.buttons))
            if file is not None:
                kwargs["attachments"] = [file]  # the new board replaces the old
        await _sending(message.edit(**kwargs))


def is_layout(picture: Picture | None, role: str) -> bool:
    """Whether a channel message is a Components V2 layout: a game's post with a picture, and the lobby.  The
    messages of a role keep their form, so an edit never asks Discord to take the flag away."""
    return picture is not None or role == PostRole.LOBBY


def _files(game: int | None, board: discord.File | None, close_up: bytes | None, picture: Picture | None
           ) -> list[discord.File]:
    """A layout's files in the order its gallery shows them: a turn post's compact close-up first
    (``game-<id>-turn.png``), then the board; the board alone when there is no close-up (or no board)."""
    if board is None:
        return []
    first = png(close_up, f"game-{game}-turn.png", picture.close_up if picture is not None else "")
    return [first, board] if first is not None else [board]


def _animation(post: ChannelPost) -> list[discord.File]:
    """The end post's animation as a file of its own (``game-<id>-history.gif``), when it was drawn and fits in the
    message with its other pictures (Discord refuses the whole message past ``UPLOAD_LIMIT``: the end screen goes
    out without it then)."""
    if post.animated is None or post.animation is None:
        return []
    if sum(len(data or b"") for data in (post.animated, post.image, post.close_up)) > UPLOAD_LIMIT:
        log.warning("game %s's animation (%s bytes) left out of its end post: too large", post.game_id,
                    len(post.animated))
        return []
    moving = png(post.animated, f"game-{post.game_id}-history.gif", post.animation.alt)
    return [moving] if moving is not None else []


def _layout(game: int | None, text: str, buttons: Buttons, files: list[discord.File], picture: Picture | None,
            seat: int | None, apart: list[discord.File] | None = None) -> discord.ui.LayoutView:
    media = [(f.filename, f.description or "") for f in files]
    below = [(f.filename, f.description or "") for f in apart or ()]
    return post_layout(game, text, buttons, media=media, apart=below, accent=seat_colour(seat))


def _file_name(game: int | None, picture: Picture | None) -> str:
    """A post's image: the game's board (or end screen), or the animation of an older bot's post of its own
    (``PostRole.HISTORY``)."""
    animated = picture is not None and picture.kind == PictureKind.ANIMATION
    return f"game-{game}-history.gif" if animated else f"game-{game}-board.png"


def _alt(picture: Picture | None) -> str:
    return picture.alt if picture is not None else ""


def _with_mentions(user_ids: tuple[int, ...], text: str) -> str:
    return " ".join([*(f"<@{u}>" for u in user_ids), text]).strip()


async def _sending(call: Any) -> Any:
    """Await a Discord call, turning its failures into the outbox's three kinds."""
    try:
        return await call
    except discord.Forbidden as err:
        if err.code == DMS_CLOSED:
            raise DmsClosed(str(err)) from err
        raise Undeliverable(str(err)) from err
    except discord.NotFound as err:
        raise Undeliverable(str(err)) from err
    except discord.HTTPException as err:
        if err.status == 429 or err.status >= 500:
            raise TryLater(f"Discord answered {err.status}") from err
        raise Undeliverable(str(err)) from err
    except (TimeoutError, aiohttp.ClientError, OSError) as err:
        raise TryLater(f"no connection to Discord: {err!r}") from err
