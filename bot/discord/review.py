"""``/review``: the computer's review of a game that has ended, posted in the game's thread.

The first request posts a progress line in the thread and edits it as the decisions are weighed (at most every
:data:`EDIT_EVERY` seconds: Discord limits edits), then edits it into the review's first post; a request that joins
a review under way posts nothing (the first one does), and a review kept from before is posted at once.  Whoever
asked is answered privately.  The posts mention nobody: players' names are only words here.
"""

from __future__ import annotations

import time

import discord

from bot.discord.base import answer, client_of, clip
from bot.table.results import Reply

#: Seconds between two edits of the progress line.
EDIT_EVERY = 2.0


class ProgressLine:
    """The progress line in the game's thread: posted at the first call, edited after."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.message: discord.Message | None = None
        self._edited = 0.0

    async def __call__(self, channel_id: int, line: str) -> None:
        now = time.monotonic()
        if self.message is None:
            channel = self.client.get_partial_messageable(channel_id)
            self.message = await channel.send(clip(line), allowed_mentions=discord.AllowedMentions.none())
            self._edited = now
        elif now - self._edited >= EDIT_EVERY:
            self._edited = now
            await self.message.edit(content=clip(line))


async def show_review(interaction: discord.Interaction, game: int | None) -> None:
    """Review ``game`` (else the channel's latest game) and post it in its thread; a refusal is answered privately
    and changes nothing."""
    client = interaction.client
    line = ProgressLine(client)
    reply: Reply = await client_of(interaction).service.review(interaction.channel_id, game_id=game,
                                                               guild_id=interaction.guild_id, progress=line)
    if reply.ok and reply.review is not None and not reply.review.joined and reply.channel_id is not None:
        await _post(client, reply.channel_id, list(reply.review.posts), line.message)
    await answer(interaction, reply.text)


async def _post(client: discord.Client, channel_id: int, posts: list[str], progress: discord.Message | None) -> None:
    """The review's posts in the thread, the first in place of the progress line when there is one."""
    if progress is not None and posts:
        await progress.edit(content=clip(posts.pop(0)))
    channel = client.get_partial_messageable(channel_id)
    for post in posts:
        await channel.send(clip(post), allowed_mentions=discord.AllowedMentions.none())
