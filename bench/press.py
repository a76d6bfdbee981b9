"""What one button press costs inside the bot: table-service calls, game locks, store reads, engine queries.

    python bench/press.py      # press service_calls=… locks=… store_reads=… legal_actions=… to_act=…

A two-player Burgenland game through the fake Discord: the player to act opens **Play my turn** and
picks "Take 2 cards"; the counts are for that pick (the move, its post, DMs and the next menu).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store.sqlite import SqliteStore
from tests.e2e.fake import FakeDiscord
from tests.e2e.test_bot_press import Counter, choose, counted_bot, started_game


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patches:
        store = SqliteStore(Path(tmp) / "press.sqlite3", sync_interval=0)
        await store.open()
        # The counts as the test of one press takes them: every service verb, store read, game lock and engine query.
        counter = Counter(patches)
        try:
            async with FakeDiscord() as fake:
                ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
                bot = counted_bot(store, counter)
                async with fake.running(bot):
                    await fake.idle()
                    _, board, player = await started_game(fake, bot, [ann, bo])
                    menu = await (await fake.click(player, board, label="Play my turn")).original()
                    await fake.idle()
                    counter.on = True
                    await choose(fake, player, menu, "Take 2 cards")
                    await fake.idle()
                    counter.on = False
        finally:
            await store.close()
    counts = counter.counts
    print(f"press service_calls={counter.total('call.')} locks={counts.get('lock', 0)} "
          f"store_reads={counter.total('read.')} legal_actions={counts.get('engine.legal_actions', 0)} "
          f"to_act={counts.get('engine.to_act', 0)}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main())
