"""``python -m bot`` (or ``python -m bot run``): start the Discord bot with settings from the environment.

What can go wrong at start ends in one line on stderr and its own exit code:

- 2: a setting is missing or unreadable (no ``DISCORD_TOKEN``, ``DEV_GUILD_ID=abc`` …), the PostgreSQL
  database at ``DATABASE_URL`` cannot be opened, or another live bot process on the same database serves
  some of this one's shards (``SHARD_COUNT``, ``SHARD_IDS``: :mod:`bot.presence`);
- 3: Discord refused the token;
- 4: Discord could not be reached (no network, DNS, a firewall).

SIGTERM (``docker stop``, systemd) stops the bot cleanly, as Ctrl-C does: its presence is removed and what
it had claimed to send is let go, so another process (or this one restarted) takes over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from bot.config import Config, SettingError, read_env_file
from bot.presence import Presence, Shards
from bot.ratings.rebuild import catch_up
from bot.rendering import PoolRenderer, installed_renderer
from bot.store import StoreUnavailable, open_store
from bot.table import TableService
from bot.thinking import PoolThinker

SETTING, TOKEN, NETWORK = 2, 3, 4
NO_TOKEN = ("No DISCORD_TOKEN is set: create an application at https://discord.com/developers/applications, "
            "copy the token from its Bot page into .env (see .env.example), and run again.")
BAD_TOKEN = ("Discord refused the token in DISCORD_TOKEN: copy it again from your application's Bot page "
             "(Reset Token) into .env.")
NO_NETWORK = "Cannot reach Discord ({why}): check the network connection and try again."


async def serve(config: Config) -> int:
    """Run the bot until it is stopped; the exit code (0, or why it could not start)."""
    from bot.discord import GameBot

    try:
        store = await open_store(config)
    except StoreUnavailable as err:
        print(err, file=sys.stderr)
        return SETTING
    presence = Presence(store, Shards.of(config.shard_count, config.shard_ids))
    try:  # before anything else: a process whose shards another serves must not touch Discord
        await presence.enter()
    except SettingError as err:
        print(err, file=sys.stderr)
        await store.close()
        return SETTING
    renderer = PoolRenderer(config.render_workers) if installed_renderer() is not None else None
    try:
        await catch_up(store)  # games that finished before ratings existed (or under an older bot) are rated now
        service = TableService(store, renderer=renderer, cache_size=config.state_cache_size,
                               limits=config.limits, thinker=PoolThinker(config.ai_workers))
        bot = GameBot(service, dev_guild_id=config.dev_guild_id, shard_count=config.shard_count,
                      shard_ids=config.shard_ids, presence=presence)
        async with bot:
            close_on_sigterm(bot)
            await bot.start(config.discord_token)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return TOKEN
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as err:
        print(NO_NETWORK.format(why=_why(err)), file=sys.stderr)
        return NETWORK
    finally:
        if renderer is not None:
            renderer.close()
        with contextlib.suppress(Exception):  # the bot's close did, unless it never started; else it runs out
            await presence.leave()
        await store.close()
    return 0


def close_on_sigterm(bot: discord.Client) -> None:
    """Close ``bot`` on SIGTERM, as on Ctrl-C, instead of dying where it stands (see the module's notes)."""
    closing: set[asyncio.Task[None]] = set()

    def close() -> None:
        task = asyncio.create_task(bot.close())
        closing.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(closing.discard)

    with contextlib.suppress(NotImplementedError):  # no signal handlers in this event loop (Windows)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, close)


def _why(err: BaseException) -> str:
    text = str(err).split(" [")[0].strip() or type(err).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def main(argv: list[str], env: dict[str, str] | None = None) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print("usage: python -m bot [run]\n\nSettings come from the environment and .env: DISCORD_TOKEN, "
              "DATABASE_URL or DATABASE_PATH, DEV_GUILD_ID, LOG_LEVEL and more (see .env.example).")
        return 0
    try:
        config = Config.from_env(read_env_file() if env is None else env)
    except SettingError as err:
        print(err, file=sys.stderr)
        return SETTING
    if not config.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return SETTING
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(serve(config))
    return 0
