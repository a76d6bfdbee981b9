"""The real bot in a process of its own, logged in to a fake Discord that runs in the test's process.

Run: ``python -m tests.e2e.bot_process BASE_URL GATEWAY_URL TOKEN DB_PATH [KILL_AT N]``

It connects, delivers what the outbox still holds (what an earlier process left when it was killed),
then prints ``READY``.  With ``KILL_AT`` and ``N`` it then kills itself with SIGKILL right after the N-th
completed call of that point — a crash between a commit and its announcements, or between Discord
accepting a message and the outbox recording it:

- ``start``: the transaction that starts a game (a Join filled the table) has committed;
- ``move``: a move's transaction has committed;
- ``post`` / ``dm`` / ``edit``: Discord has the message (or the edit), the outbox does not know yet;
- ``marked``: an announcement was marked sent, the ones after it were not sent.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

import discord.gateway
import discord.http
import yarl

from bot.discord import GameBot
from bot.discord.transport import DiscordTransport
from bot.rendering import installed_renderer
from bot.store.sqlite import SqliteStore
from bot.table import TableService

POINTS: dict[str, tuple[Any, str]] = {
    "start": (SqliteStore, "start_game"),
    "move": (SqliteStore, "append_action"),
    "marked": (SqliteStore, "mark_sent"),
    "post": (DiscordTransport, "post"),
    "dm": (DiscordTransport, "dm"),
    "edit": (DiscordTransport, "edit"),
}


def arm(point: str, nth: int) -> None:
    """SIGKILL this process right after the ``nth`` call of ``point`` returns."""
    owner, name = POINTS[point]
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


async def main(base_url: str, gateway_url: str, token: str, db_path: str, kill: tuple[str, int] | None) -> None:
    discord.http.Route.BASE = base_url + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    store = SqliteStore(db_path, sync_interval=0)
    await store.open()
    bot = GameBot(TableService(store, renderer=installed_renderer()), scheduler_interval=None,
                  delivery_interval=0.5)
    bot._connection.guild_ready_timeout = 0.1
    async with bot:
        await bot.login(token)
        connection = asyncio.create_task(bot.connect())
        await bot.wait_until_ready()
        await bot.deliverer.drain()  # the delivery loop does this too; here, so READY means "caught up"
        if kill is not None:
            arm(*kill)
        print("READY", flush=True)
        await connection


if __name__ == "__main__":
    kill_at = (sys.argv[5], int(sys.argv[6])) if len(sys.argv) > 5 else None
    asyncio.run(main(*sys.argv[1:5], kill=kill_at))
