"""Killed between a commit and its announcements, the bot delivers them exactly once after a restart.

The bot runs in a process of its own (``tests.e2e.bot_process``) against the fake Discord in this one.
Each scenario starts a process armed to SIGKILL itself at one point — right after a move or a game's
start committed, after Discord accepted a post or a DM but before the outbox recorded it, after one
announcement was marked sent but not the next — plays one action through Discord, and lets it die.
The next process delivers what was left; then every announcement in the outbox must be in Discord
exactly once (a message id per row, one message per row, nothing extra), pings and DMs included.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeMessage, FakeUser
from tests.e2e.processes import BotProcess

#: The points at which a move's process dies, in turn ("dm" only for a move that DMs someone).
MOVE_POINTS = ("move", "post", "marked", "dm")
#: The points at which the process handling the Join that fills a table dies.
START_POINTS = ("start", "marked", "post", "dm")


def outbox(db: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute("SELECT * FROM outbox ORDER BY id").fetchall()


def assert_delivered_once(fake: FakeDiscord, db: Path, users: list[FakeUser]) -> None:
    """Every announcement is in Discord once: each row sent with its message, and no message unaccounted."""
    rows = outbox(db)
    assert all(r["state"] in ("sent", "dms_closed") for r in rows), [(r["kind"], r["state"]) for r in rows]
    said = [r for r in rows if r["kind"] in ("post", "edit") and r["state"] == "sent"]
    for channel_id in {r["channel_id"] for r in said}:
        channel = fake.world.channel(channel_id)
        messages = {m.id: m for m in fake.messages(channel) if m.author_id == fake.bot.id}
        mine = [r for r in said if r["channel_id"] == channel_id]
        # Each message was made once (an edit changes one, it makes none) and none is unaccounted for.
        assert sorted(messages) == sorted({r["message_id"] for r in mine}), "a post is missing or doubled"
        last = {r["message_id"]: r for r in mine}  # the last thing said in each message (rows are in order)
        for message_id, row in last.items():
            body = json.loads(row["body"])
            message = messages[message_id]
            assert message.readable.endswith(body["text"][:1900].rstrip())
            assert message.mention_ids == body["mentions"]  # the ping, exactly the users meant
    for user in users:
        dms = [r for r in rows if r["kind"] == "dm" and r["user_id"] == user.id and r["state"] == "sent"]
        assert sorted(m.id for m in fake.dms(user)) == sorted(r["message_id"] for r in dms), \
            f"a DM to {user.name} is missing or doubled"


async def next_move(reader: TableService, thread: FakeChannel, users: list[FakeUser]) -> tuple[FakeUser, str]:
    """Who is to act and a move that keeps the game going (take cards, else end the turn)."""
    snap = await reader.snapshot(thread.id)
    player = next(u for u in users if u.id == snap.user_ids[snap.to_act[0]])
    keys = [c.key for c in (await reader.moves(thread.id, User(player.id, player.name))).choices]
    return player, next((k for k in ("take", "end") if k in keys), keys[0])


async def open_table(fake: FakeDiscord, db: Path, host: FakeUser) -> tuple[FakeChannel, FakeMessage]:
    bot = BotProcess(fake, db)
    await bot.ready(fake)
    before = len(fake.threads(fake.channel))
    await fake.slash(host, fake.channel, "burgenland new", players=2)
    await fake.wait_until(lambda: len(fake.threads(fake.channel)) > before, 30, "the game's thread")
    thread = fake.threads(fake.channel)[-1]
    lobby = await fake.wait_until(lambda: next(iter(fake.messages(thread)), None), 30, "the lobby message")
    await fake.idle(answered=False)
    bot.kill()
    return thread, lobby


async def test_every_kill_between_commit_and_delivery_is_repaired_exactly_once(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    db = tmp_path / "bot.sqlite3"
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    users = [ann, bo]
    kills = 0

    # A Join that fills the table starts the game: killed at each point of that, in a table of its own.
    tables = []
    for point in START_POINTS:
        thread, lobby = await open_table(fake, db, ann)
        bot = BotProcess(fake, db, kill=(point, 1))
        await bot.ready(fake)
        await fake.click(bo, lobby, label="Join")
        await bot.died(fake)
        kills += 1
        tables.append(thread)
    bot = BotProcess(fake, db)
    await bot.ready(fake)  # delivers what the kills left
    assert_delivered_once(fake, db, users)
    for thread in tables:
        lobby = fake.messages(thread)[0]
        assert "has started" in lobby.readable and not lobby.custom_ids  # the buttons are gone
        (start,) = [m for m in fake.messages(thread) if "begins!" in m.readable]
        assert start.mentions(ann) and start.mentions(bo) and start.attachments
    assert all(len([m for m in fake.dms(u) if "You are seat" in m.readable]) == len(START_POINTS) for u in users)
    bot.kill()

    # Moves in the first game: killed at each point in turn.
    thread = tables[0]
    store = SqliteStore(db, sync_interval=0)
    await store.open()
    try:
        reader = TableService(store)
        for number in range(16):
            player, key = await next_move(reader, thread, users)
            points = [p for p in MOVE_POINTS if p != "dm" or key == "take"]
            point = points[number % len(points)]
            bot = BotProcess(fake, db, kill=(point, 1))
            await bot.ready(fake)
            assert_delivered_once(fake, db, users)  # what the previous kill left is delivered by now
            await fake.slash(player, thread, "move", text=key)
            await bot.died(fake)
            kills += 1
        bot = BotProcess(fake, db)
        await bot.ready(fake)
        assert_delivered_once(fake, db, users)
        bot.kill()
    finally:
        await store.close()
    assert kills == 20
    turns = [r for r in outbox(db) if r["kind"] in ("post", "edit") and r["game_id"] == 1 and r["role"] == "turn"]
    assert len(turns) >= 16  # every move was told: a hand-over in a new post (pinging), the rest as edits
