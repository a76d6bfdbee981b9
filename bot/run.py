"""``python -m bot`` (or ``python -m bot run``): start the Discord bot with settings from the environment."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from bot.config import Config, read_env_file
from bot.rendering import installed_renderer
from bot.store.sqlite import SqliteStore
from bot.table import TableService

NO_TOKEN = ("No DISCORD_TOKEN is set: create an application at https://discord.com/developers/applications, "
            "copy the token from its Bot page into .env (see .env.example), and run again.")


async def serve(config: Config) -> None:
    from bot.discord import GameBot

    store = SqliteStore(config.database_path, config.database_synchronous, config.database_sync_interval)
    await store.open()
    try:
        service = TableService(store, renderer=installed_renderer(), cache_size=config.state_cache_size,
                               limits=config.limits)
        bot = GameBot(service, dev_guild_id=config.dev_guild_id)
        async with bot:
            await bot.start(config.discord_token)
    finally:
        await store.close()


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print("usage: python -m bot [run]\n\nSettings come from the environment and .env: DISCORD_TOKEN, "
              "DATABASE_PATH, DEV_GUILD_ID, LOG_LEVEL (see .env.example).")
        return 0
    config = Config.from_env(read_env_file())
    if not config.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(config))
    return 0
