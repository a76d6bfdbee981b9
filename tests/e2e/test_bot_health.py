"""Claims follow a process's health, with two real bot processes on one PostgreSQL database and the fake
Discord (issue #25):

- a live process cut off from Discord (its database still reachable) strands no game: what it cannot send
  is sent by a healthy process within 30 s of that one being up;
- what a killed process had claimed is sent by another within 30 s;
- a process whose shards a live process serves on the same database refuses to start, in one line with the
  settings' exit code (also two processes without SHARD_IDS, each serving every shard); one that stopped
  cleanly leaves its shards free at once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from bot.store.postgres import PostgresStore
from bot.table import TableService
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeUser
from tests.e2e.processes import BotProcess
from tests.e2e.test_bot_crash import next_move
from tests.sql import rows

#: How long a game's announcements may wait for a healthy process (the issue's bound).
BOUND = 30.0


@pytest.fixture
async def reader(pg_database: str) -> AsyncIterator[PostgresStore]:
    """The test's own view of the database."""
    store = PostgresStore(pg_database)
    await store.open()
    yield store
    await store.close()


def serving(shard: int, mark: str = "") -> dict[str, str]:
    """The settings of a process that runs ``shard`` of 2 (and the mark the fake knows it by)."""
    return {"SHARD_COUNT": "2", "SHARD_IDS": str(shard), **({"BOT_MARK": mark} if mark else {})}


def home(fake: FakeDiscord) -> int:
    """The shard of the test's server (its interactions go to the process that runs it)."""
    return (fake.guild.id >> 22) % 2


async def start_game(fake: FakeDiscord, ann: FakeUser, bo: FakeUser) -> FakeChannel:
    """Ann opens a two-player table, Bo joins: the game starts (its opening posts all out)."""
    before = len(fake.threads(fake.channel))
    await fake.slash(ann, fake.channel, "burgenland new", players=2)
    await fake.wait_until(lambda: len(fake.threads(fake.channel)) > before, BOUND, "the game's thread")
    thread = fake.threads(fake.channel)[-1]
    lobby = await fake.wait_until(lambda: next(iter(fake.messages(thread)), None), BOUND, "the lobby message")
    await fake.click(bo, lobby, label="Join")
    await fake.wait_until(lambda: any("begins!" in m.readable for m in fake.messages(thread)), BOUND,
                          "the game's first turn")
    return thread


async def all_sent(store: PostgresStore, within: float) -> None:
    """Wait until nothing in the outbox is pending (polling), at most ``within`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while (left := await rows(store, "SELECT key, claimed_by, attempts, note FROM outbox "
                                     "WHERE state = 'pending' ORDER BY id")):
        if loop.time() > deadline:
            raise AssertionError(f"still pending after {within:.0f} s (key, claimed by, attempts, why): {left}")
        await asyncio.sleep(0.2)


async def assert_each_said_once(fake: FakeDiscord, store: PostgresStore, thread: FakeChannel) -> None:
    """Every post and edit of the game is in its thread, each message made once and none unaccounted for."""
    said = await rows(store, f"SELECT kind, message_id, body FROM outbox WHERE channel_id = {thread.id} "
                             "AND kind IN ('post', 'edit') AND state = 'sent' ORDER BY id")
    messages = {m.id: m for m in fake.messages(thread) if m.author_id == fake.bot.id}
    assert sorted(messages) == sorted({message_id for _, message_id, _ in said}), "a post is missing or doubled"
    last = {message_id: json.loads(body) for _, message_id, body in said}
    for message_id, body in last.items():
        assert messages[message_id].readable.endswith(body["text"][:1900].rstrip())


@pytest.mark.parametrize("gateway", [True, False], ids=["cut-off", "rest-calls-fail"])
async def test_a_process_cut_off_from_discord_strands_no_game(fake_discord: FakeDiscord, pg_database: str,
                                                                reader: PostgresStore, gateway: bool) -> None:
    """The issue's first case: process B loses Discord (all of it, or only its REST calls) while its database
    stays reachable; process A is killed right after a move commits, and restarted.  The move's post must
    not wait on B: it is out within 30 s of A being up again."""
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    a = BotProcess(fake, pg_database, kill=("move", 1), env=serving(home(fake), "bot-a"))
    b = BotProcess(fake, pg_database, env=serving(1 - home(fake), "bot-b"))
    try:
        await a.ready(fake)
        await b.ready(fake)
        thread = await start_game(fake, ann, bo)
        await all_sent(reader, BOUND)
        await fake.cut_off("bot-b", gateway=gateway)
        player, key = await next_move(TableService(reader), thread, [ann, bo])
        await fake.slash(player, thread, "move", text=key)
        await a.died(fake)
        # B looks at the outbox every half second: under the old rule it claimed the move's post here, and
        # kept it, renewed on every look, for as long as it failed to send it.
        await asyncio.sleep(2)
        if not gateway:  # B's gateway is up: it claimed the post, and failed to send it
            assert await rows(reader, "SELECT key FROM outbox WHERE state = 'pending' AND attempts > 0")
        a = BotProcess(fake, pg_database, env=serving(home(fake), "bot-a"))
        await a.ready(fake)
        await all_sent(reader, BOUND)
        await assert_each_said_once(fake, reader, thread)
    finally:
        a.kill()
        b.kill()


async def test_what_a_killed_process_had_claimed_is_sent_by_another_within_30_s(
        fake_discord: FakeDiscord, pg_database: str, reader: PostgresStore) -> None:
    """The issue's second case: process A claims a new table's announcements and is killed before sending
    any; process B, started after it died on another host (so B cannot tell it is dead), sends them within
    30 s: A's claim runs out, no heartbeat renews it."""
    fake = fake_discord
    ann = fake.add_member("Ann")
    a = BotProcess(fake, pg_database, kill=("claimed", 1), env={**serving(home(fake)), "BOT_HOST": "elsewhere"})
    b: BotProcess | None = None
    try:
        await a.ready(fake)
        await fake.slash(ann, fake.channel, "burgenland new", players=2)
        await a.died(fake)
        claims = await rows(reader, "SELECT claimed_by FROM outbox WHERE state = 'pending'")
        assert claims and all(f"shards={home(fake)}" in str(owner) for (owner,) in claims)  # A's, all of them
        b = BotProcess(fake, pg_database, env=serving(1 - home(fake)))
        await b.ready(fake)
        await all_sent(reader, BOUND)
        thread = fake.threads(fake.channel)[-1]
        await assert_each_said_once(fake, reader, thread)
        assert "Ann" in fake.messages(thread)[0].readable
    finally:
        a.kill()
        if b is not None:
            b.kill()


def bot(database: str, fake: FakeDiscord, env: dict[str, str]) -> dict[str, str]:
    """The settings of ``python -m bot`` on ``database``, logged in to the fake."""
    return {"DISCORD_TOKEN": fake.token, "DATABASE_URL": database, "RENDER_WORKERS": "1", "AI_WORKERS": "1", **env}


async def refused(fake: FakeDiscord, database: str, env: dict[str, str]) -> str:
    """Start ``python -m bot`` with these settings; it must refuse at once: its one line."""
    process = BotProcess(fake, database, env=bot(database, fake, env), main=True)
    try:
        code, err = await process.exited(fake)
    finally:
        process.kill()
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, f"exit code {code}:\n{err[-3000:]}"
    return lines[0]


async def test_a_process_whose_shards_another_serves_refuses_to_start(fake_discord: FakeDiscord,
                                                                     pg_database: str) -> None:
    """The issue's third case: two processes serving the same shards (with the same SHARD_IDS, or both
    without) each sent the same posts and DMs.  The second refuses to start, naming the first and the
    settings to change; a process stopped (SIGTERM, as ``docker stop`` sends) leaves its shards free at once."""
    fake = fake_discord
    started: list[BotProcess] = []

    def start(env: dict[str, str]) -> BotProcess:
        started.append(BotProcess(fake, pg_database, env=bot(pg_database, fake, env), main=True))
        return started[-1]

    try:
        zero = start(serving(0))
        await zero.connected(fake, [0, 2])
        line = await refused(fake, pg_database, {"SHARD_COUNT": "2", "SHARD_IDS": "0,1"})
        assert f"process {zero.pid}" in line and "shard 0 of 2" in line and "shards 0,1 of 2" in line
        assert "SHARD_IDS" in line and "SHARD_COUNT" in line
        one = start(serving(1))
        await one.connected(fake, [1, 2])  # a shard of its own: welcome
        await zero.stop(fake)
        await one.stop(fake)

        every = start({})  # no SHARD_IDS: every shard
        await every.connected(fake, [0, 1])
        line = await refused(fake, pg_database, {})
        assert f"process {every.pid}" in line and "serves every shard" in line and "would serve every shard" in line
    finally:
        for process in started:
            process.kill()
