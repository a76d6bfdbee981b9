"""Hostile display names: nothing the bot sends pings anyone it does not mean, nor renders a name's markdown."""

from __future__ import annotations

from typing import Any

from bot.store.sqlite import SqliteStore
from bot.table.results import User
from bot.text import escape_name, plain_name
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import readable_text
from tests.e2e.helpers import bot_running, drawing_service, open_table, to_act

STRANGER, ROLE = 123456789012345678, 456
HOSTILE = f"@everyone <@{STRANGER}> <@&{ROLE}> **x**"
#: Every route by which a message's words and mentions reach Discord.
MESSAGE_ROUTES = ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}",
                  "/interactions/{interaction_id}/{token}/callback", "/webhooks/{application_id}/{token}",
                  "/webhooks/{application_id}/{token}/messages/@original",
                  "/webhooks/{application_id}/{token}/messages/{message_id}")


def payload_of(call: Any) -> dict[str, Any]:
    body = call.json if isinstance(call.json, dict) else {}
    return body.get("data", body) if "type" in body and "data" in body else body


async def test_hostile_names_ping_nobody_and_show_as_typed(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    host, friend = fake.add_member(HOSTILE), fake.add_member("Bo_**bold**")
    seated = {host.id, friend.id}
    async with bot_running(fake, drawing_service(store), scheduler_interval=None) as bot:
        thread, _ = await open_table(fake, [host, friend])
        for _ in range(4):  # a few moves, each announced with names in it
            player = await to_act(bot, thread, [host, friend])
            keys = [c.key for c in (await bot.service.moves(thread.id, User(player.id, player.name))).choices]
            await (await fake.slash(player, thread, "move", text="take" if "take" in keys else "end")).original()
            await fake.idle()
        await (await fake.slash(friend, thread, "log")).original()
        await fake.idle()

    assert "@everyone" not in thread.name and "<@" not in thread.name and "**" not in thread.name
    sent = [c for c in fake.calls if c.route in MESSAGE_ROUTES and c.method in ("POST", "PATCH")]
    assert len(sent) > 10
    for call in sent:
        payload = payload_of(call)
        # The words as a reader sees them: the content, or a layout's text displays.
        content = readable_text(payload.get("content"), payload.get("components"), int(payload.get("flags") or 0))
        if not content:
            continue  # a defer: no words, nothing to mention
        allowed = payload.get("allowed_mentions")
        assert allowed is not None and allowed.get("parse", []) == [], call
        assert set(int(u) for u in allowed.get("users", [])) <= seated, call
        assert "@everyone" not in content and f"<@{STRANGER}>" not in content and f"<@&{ROLE}>" not in content
        assert "**x**" not in content  # the name's markdown is escaped
    # The name still reads as typed: in messages (once Discord drops the escapes) and in the images' names.
    posts = [m for m in fake.messages(thread) if m.attachments]
    assert any(escape_name(HOSTILE) in m.readable for m in fake.messages(thread))
    assert all(STRANGER not in m.mention_ids for m in fake.messages(thread)) and posts
    assert plain_name(escape_name(HOSTILE)) == HOSTILE


def test_a_thread_title_keeps_no_character_that_turns_it_around() -> None:
    """A right-to-left override (or isolate, embedding, mark) in a display name reversed the whole title
    beside it ("Burgenland — ‮Ann" read backwards); the title keeps the name's letters only."""
    from bot.discord.commands import thread_safe

    for invisible in ("\u202e", "\u2067", "\u202b", "\u200f", "\u200b", "\u2066", "\ufeff"):
        assert thread_safe(f"{invisible}Ann{invisible}") == "Ann"
    assert thread_safe("سارة") == "سارة"  # a right-to-left name itself stays
    assert thread_safe("\u202e") == "a player"
