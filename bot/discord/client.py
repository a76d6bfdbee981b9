"""The Discord client: the command tree, the restart-proof components, and two loops.

Thin on purpose: every decision about games is the table service's.  Interactions come in through
the commands (:mod:`.commands`) and components (:mod:`.components`), each one call to the service;
what that call announced goes out through the outbox (:mod:`bot.outbox`) with :mod:`.transport`:

- after each call, :meth:`GameBot.publish` delivers its announcements at once;
- the delivery loop sends whatever is still pending — at start-up (a crash between a commit and its
  post), after a failed attempt, and what another process let go or left behind (it looks every few seconds);
- the heartbeat stamps this process's presence on the database (:mod:`bot.presence`) and, while it is
  connected to Discord, keeps its claims on the announcements it sends; cut off, it lets them go, so
  another process sends them;
- the scheduler loop applies due deadlines and reminders every minute;
- computer players (:mod:`bot.autoplay`) play as soon as a reply says one is to act, and the games
  still waiting for one are picked up at start-up and on every tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.autoplay import AutoPlay
from bot.discord.base import answer, listen
from bot.discord.commands import add_commands
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.translator import CatalogTranslator
from bot.discord.transport import DiscordTransport
from bot.outbox import BEAT, RETRY_DELAY, Deliverer
from bot.presence import Presence, Shards, ShardsTaken
from bot.rendering import DrawnCache, PoolRenderer, Renderer
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
    runs ``shard_ids`` (None: all of them) — several processes split the gateway between them.  Its
    ``presence`` on the database (made here unless given; recorded at the latest in :meth:`setup_hook`)
    names it on the claims of what it sends."""

    def __init__(self, service: TableService, *, dev_guild_id: int | None = None,
                 scheduler_interval: float | None = TICK_SECONDS, delivery_interval: float = BEAT,
                 retry_delay: float = RETRY_DELAY, shard_count: int | None = None,
                 shard_ids: list[int] | None = None, presence: Presence | None = None) -> None:
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
        self.drawn = DrawnCache()
        self.dev_guild_id = dev_guild_id
        self.tree: app_commands.CommandTree[GameBot] = CommandTree(self)
        # Each process claims under a name of its own (two processes never share one), and only while it
        # is connected to Discord.
        self.presence = presence or Presence(service.store, Shards.of(shard_count, shard_ids), clock=service.clock)
        self.deliverer = Deliverer(service.store, DiscordTransport(self), self.renderer, clock=service.clock,
                                   owner=self.presence.owner, retry_delay=retry_delay, able=self.connected)
        self._beat_now = asyncio.Event()
        # Reminders and deadlines: the scheduler's tick every ``scheduler_interval`` seconds (None: never;
        # tests call ``tick_once``).  The timers themselves live in the database.
        self.scheduler = Scheduler(service)
        self.scheduler_interval = scheduler_interval
        self.delivery_interval = delivery_interval
        self._tasks: list[asyncio.Task[None]] = []
        self.autoplay = AutoPlay(service, self.publish, self.show_thinking)
        add_commands(self.tree)

    async def setup_hook(self) -> None:
        if not self.presence.entered:
            await self.presence.enter()  # first: a process refused (its shards are taken) does nothing else
        self._tasks.append(asyncio.create_task(self._heartbeats(), name="heartbeat"))
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
        try:  # what this process held goes to the others at once, not when its lease runs out
            await asyncio.wait_for(self.presence.leave(), timeout=10)
        except Exception:
            log.exception("removing this process's presence from the database failed")

    # ------------------------------------------------------------------ the loops

    def connected(self) -> bool:
        """Whether this process can reach Discord: ready, and one of its shards' connections open."""
        return self.is_ready() and not self.is_closed() and any(not s.is_closed() for s in self.shards.values())

    async def _heartbeats(self) -> None:
        """Every ``BEAT`` seconds, or at once when a shard disconnects: stamp the presence and hold (while
        connected) or let go (while not) this process's claims."""
        while not self.is_closed():
            try:
                if not await self.deliverer.heartbeat():
                    await self._record_again()
            except Exception:
                log.exception("the heartbeat failed; trying again in %s s", BEAT)
            self._beat_now.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._beat_now.wait(), timeout=BEAT)

    async def _record_again(self) -> None:
        """This process's record is gone: another process took it for dead (no beat for a while: the database
        was out of reach, or the event loop stalled).  Recorded again, unless its shards are taken since."""
        log.warning("this process's presence was no longer recorded on the database; recording it again")
        try:
            await self.presence.enter()
        except ShardsTaken as err:
            log.error("this process was taken for dead, and another started in its place: %s", err)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._beat_now.set()  # let go of the claims now, not at the next beat

    async def on_shard_ready(self, shard_id: int) -> None:
        self.deliverer.wake()  # connected again: what waited for it goes out now, not at the next look

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.deliverer.wake()

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

    async def show_thinking(self, game_id: int) -> None:
        """"GameBot is typing…" in the game's thread while a computer player thinks (a hard one takes seconds a
        step); Discord clears it when the turn is posted."""
        row = await self.service.store.get_game(game_id)
        if row is not None:
            await self.http.send_typing(row.channel_id)



    async def on_error(self, event_method: str, /, *args: object, **kwargs: object) -> None:
        log.exception("error in %s", event_method)


__all__ = ["GameBot"]
