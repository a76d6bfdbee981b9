"""The Discord client: the command tree, the restart-proof components, and two loops.

Thin on purpose: every decision about games is the table service's.  Interactions come in through
the commands (:mod:`.commands`) and components (:mod:`.components`), each one call to the service;
what that call announced goes out through the outbox (:mod:`bot.outbox`) with :mod:`.transport`:

- after each call, :meth:`GameBot.publish` delivers its announcements at once;
- the delivery loop sends whatever is still pending — at start-up (a crash between a commit and its
  post), and after a failed attempt;
- the scheduler loop applies due deadlines and reminders every minute;
- computer players (:mod:`bot.autoplay`) play as soon as a reply says one is to act, and the games
  still waiting for one are picked up at start-up and on every tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
from typing import Any

import discord
from discord import app_commands

from bot.autoplay import AutoPlay
from bot.discord.base import answer, listen
from bot.discord.commands import add_commands
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.translator import CatalogTranslator
from bot.discord.transport import DiscordTransport
from bot.outbox import RETRY_DELAY, Deliverer
from bot.rendering import PoolRenderer, Renderer
from bot.scheduler import TICK_SECONDS, Scheduler
from bot.table import TableService, wording
from bot.table.results import Reply
from bot.thinking import PoolThinker

log = logging.getLogger(__name__)


#: The gateway events the bot asks for (pinned by a test): servers and channels, nothing more.
INTENTS = discord.Intents(guilds=True)


class CommandTree(app_commands.CommandTree["GameBot"]):
    """The bot's commands; a command that fails answers with an apology and a reference that is logged."""

    async def interaction_check(self, interaction: discord.Interaction[GameBot], /) -> bool:
        await listen(interaction)  # every reply to this command in its reader's language
        return True

    async def on_error(self, interaction: discord.Interaction[GameBot], error: app_commands.AppCommandError
                       ) -> None:
        reference = secrets.token_hex(4)
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("command /%s in channel %s failed (reference %s)", command, interaction.channel_id, reference,
                  exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await answer(interaction, wording.internal_error(reference))


class GameBot(discord.AutoShardedClient):
    """The bot: one service, one command tree, the outbox's delivery and the scheduler.

    Sharded: ``shard_count`` shards in all (None: as many as Discord recommends), of which this process
    runs ``shard_ids`` (None: all of them) — several processes split the gateway between them."""

    def __init__(self, service: TableService, *, dev_guild_id: int | None = None,
                 scheduler_interval: float | None = TICK_SECONDS, delivery_interval: float = 30.0,
                 retry_delay: float = RETRY_DELAY, shard_count: int | None = None,
                 shard_ids: list[int] | None = None) -> None:
        # Everything arrives through interactions, so the gateway need send only what the bot uses:
        # the servers and their channels (guilds) — not every message, typing notice and reaction of
        # every server it is in.  Mentions are sent only for the users each message names (see
        # .transport); nothing else may ever ping.
        shards: dict[str, Any] = {"shard_count": shard_count} if shard_count is not None else {}
        if shard_ids is not None:
            shards["shard_ids"] = shard_ids
        super().__init__(intents=INTENTS, allowed_mentions=discord.AllowedMentions.none(), **shards)
        self.service = service
        self.renderer: Renderer | None = service.renderer
        self.dev_guild_id = dev_guild_id
        self.tree: app_commands.CommandTree[GameBot] = CommandTree(self)
        # Claims on announcements carry the host and the shards: this process restarted is the same
        # claimant (it sends at once what it had claimed before a crash); another process is another.
        owner = f"{socket.gethostname()}:shards={','.join(map(str, shard_ids)) if shard_ids else 'all'}"
        self.deliverer = Deliverer(service.store, DiscordTransport(self), self.renderer, clock=service.clock,
                                   owner=owner,
                                   retry_delay=retry_delay)
        # Reminders and deadlines: the scheduler's tick every ``scheduler_interval`` seconds (None: never;
        # tests call ``tick_once``).  The timers themselves live in the database.
        self.scheduler = Scheduler(service)
        self.scheduler_interval = scheduler_interval
        self.delivery_interval = delivery_interval
        self._tasks: list[asyncio.Task[None]] = []
        self.autoplay = AutoPlay(service, self.publish)
        add_commands(self.tree)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # The first image and the first computer move should not wait for their workers to start.
        if isinstance(self.renderer, PoolRenderer):
            await self.renderer.warm()
        if isinstance(self.service.thinker, PoolThinker):
            await self.service.thinker.warm()
        for row in await self.service.check_rules():
            log.warning("game %s no longer replays under the current rules and is marked broken", row.id)
        await self.tree.set_translator(CatalogTranslator())  # commands in each user's language
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._tasks.append(asyncio.create_task(self._deliveries(), name="outbox-delivery"))
        if self.scheduler_interval is not None:
            self._tasks.append(asyncio.create_task(self._ticks(), name="game-scheduler"))

    async def close(self) -> None:
        await self.autoplay.close()
        close_thinker = getattr(self.service.thinker, "close", None)
        if close_thinker is not None:
            close_thinker()
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        await super().close()

    # ------------------------------------------------------------------ the loops

    async def _deliveries(self) -> None:
        """Whatever the outbox still holds once connected (a crash may have left some), then retries;
        and the computer players whose turn it was when the bot stopped play on."""
        await self.wait_until_ready()
        await self.autoplay.resume()
        await self.deliverer.run(self.delivery_interval)

    async def _ticks(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            await self.tick_once()
            await asyncio.sleep(self.scheduler_interval or TICK_SECONDS)

    async def tick_once(self) -> int:
        """Apply due deadlines and send due reminders; returns how many replies went out."""
        try:
            replies = await self.scheduler.tick()
            await self.autoplay.resume()
        except Exception:
            log.exception("scheduler tick failed")
            return 0
        for reply in replies:
            await self.publish(reply)
        return len(replies)

    # ------------------------------------------------------------------ what the handlers call

    async def publish(self, reply: Reply) -> None:
        """Deliver a reply's announcements now.  Nothing is lost if this fails: they are in the outbox,
        and the delivery loop tries again."""
        try:
            await self.deliverer.deliver(reply.outbox)
        except Exception:
            log.exception("delivering the announcements of game %s failed; the outbox keeps them", reply.game_id)
            self.deliverer.wake()
        self.autoplay.after(reply)



    async def on_error(self, event_method: str, /, *args: object, **kwargs: object) -> None:
        log.exception("error in %s", event_method)


__all__ = ["GameBot"]
