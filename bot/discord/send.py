"""Showing a board or a hand to the one who asked: drawn off the event loop, sent ephemerally."""

from __future__ import annotations

import discord

from bot.discord.base import answer, client_of, png
from bot.rendering import draw
from bot.table.results import Reply


async def send_board(interaction: discord.Interaction, reply: Reply, *, ephemeral: bool = True) -> None:
    """A board (or a player's, or all players' boards) shown to the caller, drawn off the event loop."""
    if not reply.ok or reply.post is None:
        await answer(interaction, reply.text)
        return
    post, renderer = reply.post, client_of(interaction).renderer
    image = await draw(renderer, post.picture) if renderer and post.picture else None
    alt = post.picture.alt if post.picture else ""
    await answer(interaction, post.text, file=png(image, f"game-{reply.game_id}-board.png", alt), ephemeral=ephemeral)


async def send_hand(interaction: discord.Interaction, reply: Reply) -> None:
    """A hand shown privately, drawn off the event loop."""
    if not reply.ok or not reply.private:
        await answer(interaction, reply.text)
        return
    message = reply.private[0]
    renderer = client_of(interaction).renderer
    image = await draw(renderer, message.picture) if renderer and message.picture else None
    alt = message.picture.alt if message.picture else ""
    await answer(interaction, message.text, file=png(image, f"game-{reply.game_id}-hand.png", alt))
