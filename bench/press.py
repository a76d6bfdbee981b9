"""What one button press costs inside the bot: table-service calls, game locks, store reads, engine queries.

    python bench/press.py      # press service_calls=… locks=… store_reads=… legal_actions=… to_act=…

A two-player Burgenland game through the fake Discord: the player to act opens **Play my turn** and
picks "Take 2 cards"; the counts are for that pick (the move, its post, DMs and the next menu).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from bot.discord import GameBot
from bot.rendering import installed_renderer
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.e2e.fake import FakeDiscord
from tests.e2e.test_bot_press import READS, VERBS

counts: dict[str, int] = {}
counting = [False]


def wrap(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    def count() -> None:
        if counting[0]:
            counts[label] = counts.get(label, 0) + 1

    if inspect.iscoroutinefunction(original):
        async def counted_async(*args: Any, **kwargs: Any) -> Any:
            count()
            return await original(*args, **kwargs)
        setattr(owner, name, counted_async)
    else:
        def counted(*args: Any, **kwargs: Any) -> Any:
            count()
            return original(*args, **kwargs)
        setattr(owner, name, counted)


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "press.sqlite3", sync_interval=0)
        await store.open()
        service = TableService(store, renderer=installed_renderer())
        for verb in VERBS:
            wrap(service, verb, "call." + verb)
        for read in READS:
            wrap(store, read, "read." + read)
        wrap(service.tables, "lock", "lock")
        engine = engines.get("burgenland")
        for query in ("legal_actions", "to_act"):
            wrap(engine, query, "engine." + query)
        try:
            async with FakeDiscord() as fake:
                bot = GameBot(service, scheduler_interval=None)
                ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
                async with fake.running(bot):
                    await fake.idle()
                    await (await fake.slash(ann, fake.channel, "burgenland new", players=2)).original()
                    await fake.idle()
                    thread = fake.threads(fake.channel)[-1]
                    await (await fake.click(bo, fake.messages(thread)[0], label="Join")).callback()
                    await fake.idle()
                    board = [m for m in fake.messages(thread) if m.attachments][-1]
                    snap = await service.snapshot(thread.id)
                    player = ann if snap.user_ids[snap.to_act[0]] == ann.id else bo
                    menu = await (await fake.click(player, board, label="Play my turn")).original()
                    await fake.idle()
                    counting[0] = True
                    for comp in menu.all_components():
                        option = next((o for o in comp.get("options", ()) if o["label"] == "Take 2 cards"), None)
                        if comp.get("label") == "Take 2 cards":
                            await (await fake.click(player, menu, comp["custom_id"])).callback()
                            break
                        if option is not None:
                            await (await fake.select(player, menu, comp["custom_id"], [option["value"]])).callback()
                            break
                    else:
                        raise SystemExit("no 'Take 2 cards' in the menu")
                    await fake.idle()
                    counting[0] = False
        finally:
            await store.close()
    calls = sum(n for label, n in counts.items() if label.startswith("call."))
    reads = sum(n for label, n in counts.items() if label.startswith("read."))
    print(f"press service_calls={calls} locks={counts.get('lock', 0)} store_reads={reads} "
          f"legal_actions={counts.get('engine.legal_actions', 0)} to_act={counts.get('engine.to_act', 0)}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main())
