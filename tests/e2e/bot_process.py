"""The real bot in a process of its own, logged in to a fake Discord that runs in the test's process.

Run: ``python -m tests.e2e.bot_process BASE_URL GATEWAY_URL TOKEN DATABASE [KILL_AT N]``

``DATABASE`` is a SQLite file or a ``postgresql://`` URL; the environment's ``SHARD_COUNT`` and ``SHARD_IDS``
are the process's shards, as the bot reads them; ``BOT_MARK`` (if set) is added to its User-Agent so that
the fake can tell this process from others (``FakeDiscord.cut_off``), and ``BOT_HOST`` (if set) is the host
name it gives, as if it ran on another machine than the test's other processes.  It connects, delivers what the
outbox still holds (what an earlier process left when it was killed), then prints ``READY``.  With
``KILL_AT`` and ``N`` it then kills itself with SIGKILL right after the N-th completed call of that point —
a crash between a commit and its announcements, or between Discord accepting a message and the outbox
recording it:

- ``start``: the transaction that starts a game (a Join filled the table) has committed;
- ``move``: a move's transaction has committed;
- ``claimed``: announcements just committed were claimed for sending, none sent yet;
- ``post`` / ``dm`` / ``edit``: Discord has the message (or the edit), the outbox does not know yet;
- ``marked``: an announcement was marked sent, the ones after it were not sent.

Run: ``python -m tests.e2e.bot_process --main BASE_URL GATEWAY_URL``: ``python -m bot`` itself
(:func:`bot.run.main`, every setting from the environment), logged in to the fake; its exit code is the bot's.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from typing import Any

import discord.gateway
import discord.http
import yarl

from bot.config import Config
from bot.discord import GameBot
from bot.discord.transport import DiscordTransport
from bot.rendering import installed_renderer
from bot.run import main as bot_main
from bot.store import Store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table import TableService

#: Where each kill point is: a method of the store ("store") or of the transport.
POINTS: dict[str, tuple[str, str]] = {
    "start": ("store", "start_game"),
    "move": ("store", "append_action"),
    "claimed": ("store", "claim_keys"),
    "marked": ("store", "mark_sent"),
    "post": ("transport", "post"),
    "dm": ("transport", "dm"),
    "edit": ("transport", "edit"),
}


def arm(point: str, nth: int, store: Store) -> None:
    """SIGKILL this process right after the ``nth`` call of ``point`` returns."""
    where, name = POINTS[point]
    owner: Any = type(store) if where == "store" else DiscordTransport
    original = getattr(owner, name)
    calls = 0

    async def then_die(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        result = await original(*args, **kwargs)
        calls += 1
        if calls == nth:
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(owner, name, then_die)


def point_at(base_url: str, gateway_url: str) -> None:
    discord.http.Route.BASE = base_url + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def open_database(database: str) -> Store:
    if database.startswith("postgresql://"):
        return PostgresStore(database)
    return SqliteStore(database, sync_interval=0)


async def main(base_url: str, gateway_url: str, token: str, database: str, kill: tuple[str, int] | None) -> None:
    point_at(base_url, gateway_url)
    if os.environ.get("BOT_HOST"):
        socket.gethostname = lambda: os.environ["BOT_HOST"]
    store = open_database(database)
    await store.open()
    shards = Config.from_env({k: v for k, v in os.environ.items() if k in ("SHARD_COUNT", "SHARD_IDS")})
    bot = GameBot(TableService(store, renderer=installed_renderer()), scheduler_interval=None,
                  delivery_interval=0.5, shard_count=shards.shard_count, shard_ids=shards.shard_ids)
    if os.environ.get("BOT_MARK"):
        bot.http.user_agent += f" {os.environ['BOT_MARK']}"
    bot._connection.guild_ready_timeout = 0.1
    try:
        async with bot:
            await bot.login(token)
            connection = asyncio.create_task(bot.connect())
            await bot.wait_until_ready()
            await bot.deliverer.drain()  # the delivery loop does this too; here, so READY means "caught up"
            if kill is not None:
                arm(*kill, store)
            print("READY", flush=True)
            await connection
    finally:
        await store.close()


if __name__ == "__main__":
    if sys.argv[1] == "--main":
        point_at(sys.argv[2], sys.argv[3])
        sys.exit(bot_main([], dict(os.environ)))
    kill_at = (sys.argv[5], int(sys.argv[6])) if len(sys.argv) > 5 else None
    asyncio.run(main(*sys.argv[1:5], kill=kill_at))
