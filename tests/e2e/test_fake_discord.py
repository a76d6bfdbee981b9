"""The real discord.py client against the fake Discord: login, commands, responses, components, DMs, threads.

Each test defines a tiny bot, logs it in with ``fake_discord.running(client)`` and plays users against it.
Every wait has a timeout, so a broken fake or bot fails in seconds instead of hanging.
"""

from __future__ import annotations

import asyncio
import io
import re
import struct
import zlib
from typing import Any, ClassVar, Self

import discord
import pytest
from discord import app_commands

from tests.e2e.fake import FakeDiscord, UploadedFile
from tests.e2e.fake.models import FLAG_COMPONENTS_V2
from tests.e2e.fake.world import FormError


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid PNG made by hand (no Pillow needed), with non-trivial bytes to check they arrive intact."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes((x * 61 + y * 17) % 256 for x in range(width * 3)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def make_bot() -> tuple[discord.Client, app_commands.CommandTree[discord.Client]]:
    client = discord.Client(intents=discord.Intents.default())
    return client, app_commands.CommandTree(client)


async def test_login_ready_and_guild_available(fake_discord: FakeDiscord) -> None:
    client, _ = make_bot()
    events: list[str] = []

    @client.event
    async def on_ready() -> None:
        events.append("ready")

    async with fake_discord.running(client):
        assert events == ["ready"]
        assert client.user is not None and client.user.id == fake_discord.bot.id and client.user.bot
        assert client.application_id == fake_discord.application_id
        guild = client.get_guild(fake_discord.guild.id)
        assert guild is not None and not guild.unavailable and guild.name == "Board Games"
        assert guild.me is not None and guild.me.id == fake_discord.bot.id
        channel = guild.get_channel(fake_discord.channel.id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "games"
        assert channel.permissions_for(guild.me).create_public_threads

        # Permission changes reach the client as CHANNEL_UPDATE, so its own checks agree with the fake's.
        fake_discord.deny_bot(fake_discord.channel, "create_public_threads", "send_messages_in_threads")
        await fake_discord.wait_until(lambda: not channel.permissions_for(guild.me).create_public_threads, 2)
        assert channel.permissions_for(guild.me).send_messages

        # REST lookups parse into discord.py models.
        assert (await client.fetch_channel(fake_discord.channel.id)).id == fake_discord.channel.id
        ann = fake_discord.add_member("Ann")
        member = await guild.fetch_member(ann.id)
        assert member.name == "Ann" and member.guild is guild
        assert (await client.fetch_guild(guild.id)).name == "Board Games"
        # READY is sequence 1 and every later dispatch counts up; the client tracks the same number.
        (session,) = fake_discord.gateway.live
        assert client.ws.sequence == session.seq >= 3  # READY, GUILD_CREATE, CHANNEL_UPDATE
    assert fake_discord.calls_to("/users/@me", "GET"), "login fetches the bot user"
    assert fake_discord.gateway.identifies == 1


def burgenland_bot() -> tuple[discord.Client, app_commands.CommandTree[discord.Client], list[dict[str, Any]]]:
    client, tree = make_bot()
    seen: list[dict[str, Any]] = []
    group = app_commands.Group(name="burgenland", description="Play Burgenland")

    @group.command(name="new", description="Open a table")
    async def new(interaction: discord.Interaction, players: int, opponent: discord.Member | None = None,
                  fast: bool = False) -> None:
        seen.append({"players": players, "opponent": opponent, "fast": fast})
        who = opponent.mention if opponent else "anyone"
        await interaction.response.send_message(f"Table for {players}, inviting {who}")

    @tree.command(description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.command(description="A secret")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you can see this", ephemeral=True)

    tree.add_command(group)
    return client, tree, seen


async def test_command_sync_stores_commands(fake_discord: FakeDiscord) -> None:
    client, tree, _ = burgenland_bot()
    async with fake_discord.running(client):
        synced = await tree.sync()
        stored = {c["name"]: c for c in fake_discord.commands()}
        assert set(stored) == {"burgenland", "ping", "secret"}
        assert {c.name: c.id for c in synced} == {n: int(c["id"]) for n, c in stored.items()}
        sub = stored["burgenland"]["options"][0]
        assert (sub["name"], sub["type"]) == ("new", 1)
        assert [(o["name"], o["type"], o.get("required", False)) for o in sub["options"]] == [
            ("players", 4, True), ("opponent", 6, False), ("fast", 5, False)]

        # Re-syncing keeps ids; guild commands are stored separately; fetch_commands reads them back.
        again = await tree.sync()
        assert {c.id for c in again} == {c.id for c in synced}
        guild = discord.Object(fake_discord.guild.id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        assert len(fake_discord.commands(fake_discord.guild)) == 3
        assert {c.name for c in await tree.fetch_commands()} == {"burgenland", "ping", "secret"}


async def test_slash_command_normal_and_ephemeral_replies(fake_discord: FakeDiscord) -> None:
    client, tree, seen = burgenland_bot()
    ann, bo = fake_discord.add_member("Ann"), fake_discord.add_member("Bo")
    channel = fake_discord.channel
    async with fake_discord.running(client):
        await tree.sync()

        pong = await (await fake_discord.slash(ann, channel, "ping")).reply(timeout=5)
        assert pong.content == "pong" and not pong.ephemeral and pong.author_id == fake_discord.bot.id

        secret = await fake_discord.slash(ann, channel, "secret")
        callback = await secret.callback()
        assert callback.type == 4 and callback.ephemeral and callback.content == "only you can see this"

        table = await (await fake_discord.slash(ann, channel, "burgenland new", players=3, opponent=bo)).reply()
        assert table.content == f"Table for 3, inviting {bo.mention}" and table.mentions(bo)
        assert seen[0]["players"] == 3 and isinstance(seen[0]["opponent"], discord.Member)
        assert seen[0]["opponent"].id == bo.id and seen[0]["fast"] is False

        await fake_discord.idle()
        assert [m.content for m in fake_discord.messages(channel)] == ["pong", table.content]
        assert [m.content for m in fake_discord.ephemerals(ann)] == ["only you can see this"]

        with pytest.raises(ValueError, match="required option 'players'"):
            await fake_discord.slash(ann, channel, "burgenland new")
        with pytest.raises(LookupError, match="no synced command"):
            await fake_discord.slash(ann, channel, "nonesuch")


async def test_deferred_response_followed_up_with_png(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    png = tiny_png()
    read_back: list[bytes] = []

    @tree.command(description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)  # 'rendering'
        first = await interaction.followup.send("The board", file=discord.File(io.BytesIO(png), "board.png"),
                                                wait=True)
        read_back.append(await first.attachments[0].read())  # the attachment URL is served by the fake's CDN
        await interaction.followup.send(f"Your turn, {interaction.user.mention}")

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(client):
        await tree.sync()
        resp = await fake_discord.slash(ann, fake_discord.channel, "board")
        assert (await resp.callback()).type == 5
        first, second = await resp.followups(2)
        # Discord's quirk: the first followup after a defer edits the 'thinking…' message.
        original = await resp.original()
        assert first is original and not original.loading and original.content == "The board"
        attachment = original.attachment("board.png")
        assert attachment.data == png and attachment.is_png and attachment.content_type == "image/png"
        assert read_back == [png]
        assert second is not original and second.mentions(ann)
        await fake_discord.idle()
        posts = fake_discord.messages(fake_discord.channel)
        assert posts == [original, second]
        upload = fake_discord.calls_to("/webhooks/{application_id}/{token}", "POST")[0].files[0]
        assert (upload.filename, upload.data) == ("board.png", png)


async def test_channel_posts_with_files_edits_and_deletes(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    png = tiny_png(4, 4)
    problems: list[int] = []

    @tree.command(description="Start a game")
    async def start(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Starting…", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        embed = discord.Embed(title="Board").set_image(url="attachment://b.png")
        post = await channel.send(f"{interaction.user.mention} to play", embed=embed,
                                  file=discord.File(io.BytesIO(png), "b.png"))
        fetched = await channel.fetch_message(post.id)
        await fetched.edit(content=f"{interaction.user.mention} to play (turn 1)")
        scratch = await channel.send("scratch")
        await scratch.delete()
        try:
            await channel.send("x" * 2001)
        except discord.HTTPException as exc:
            problems.append(exc.code)

    ann = fake_discord.add_member("Ann")
    channel = fake_discord.channel
    async with fake_discord.running(client):
        await tree.sync()
        before = len(fake_discord.messages(channel))
        await fake_discord.slash(ann, channel, "start")
        await fake_discord.idle()
        # "The channel got exactly one new post with a PNG attachment mentioning the player":
        (post,) = fake_discord.messages(channel)[before:]
        assert post.mentions(ann) and post.attachments[0].is_png and post.attachments[0].data == png
        assert post.content.endswith("(turn 1)") and post.history[0]["content"] == f"{ann.mention} to play"
        assert post.embeds[0]["image"]["url"] == post.attachments[0].url  # attachment:// resolved like Discord
        assert problems == [50035]
        (deleted,) = [m for m in fake_discord.messages(channel, deleted=True) if m.deleted]
        assert deleted.content == "scratch"
        # MESSAGE_CREATE / MESSAGE_UPDATE reached the client's message cache.
        cached = discord.utils.get(client.cached_messages, id=post.id)
        assert cached is not None and cached.content == post.content and cached.attachments[0].filename == "b.png"
        sent = fake_discord.calls_to("/channels/{channel_id}/messages", "POST")[0]
        assert sent.json["content"] == f"{ann.mention} to play" and sent.files[0].data == png
        assert sent.json["embeds"][0]["image"]["url"] == "attachment://b.png"  # the record is what the bot sent


async def test_a_repeated_nonce_returns_the_first_message_and_injected_failures(fake_discord: FakeDiscord) -> None:
    client, _ = make_bot()
    channel = fake_discord.channel
    async with fake_discord.running(client):
        target = client.get_partial_messageable(channel.id)
        first = await target.send("once", nonce="k1")
        again = await target.send("once more?", nonce="k1")  # discord.py asks Discord to enforce the nonce
        other = await target.send("twice", nonce="k2")
        assert again.id == first.id != other.id
        assert [m.content for m in fake_discord.messages(channel)][-2:] == ["once", "twice"]
        with pytest.raises(discord.HTTPException) as too_long:
            await target.send("x", nonce="n" * 26)
        assert too_long.value.status == 400
        fault = fake_discord.fail("POST", "/channels/{channel_id}/messages", 503)
        with pytest.raises(discord.DiscordServerError):
            await target.send("down")
        assert fault.hits == 1 and (await target.send("up")).content == "up"  # only as often as asked
        fake_discord.fail("POST", "/channels/{channel_id}/messages", 429, times=1, retry_after=0.01)
        assert (await target.send("after a wait")).content == "after a wait"  # discord.py waits and retries


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)
        self.joined: list[int] = []

    @discord.ui.button(label="Join", custom_id="table:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[JoinView]) -> None:
        self.joined.append(interaction.user.id)
        await interaction.response.edit_message(content=f"Players: {len(self.joined)}")

    @discord.ui.select(custom_id="table:seat", options=[discord.SelectOption(label=c, value=c) for c in "ABC"])
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select[JoinView]) -> None:
        await interaction.response.send_message(f"Seat {select.values[0]}", ephemeral=True)


async def test_button_and_select_on_a_sent_message(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    views: list[JoinView] = []

    @tree.command(description="Open a table")
    async def table(interaction: discord.Interaction) -> None:
        view = JoinView()
        views.append(view)
        await interaction.response.send_message("Players: 0", view=view)

    ann, bo = fake_discord.add_member("Ann"), fake_discord.add_member("Bo")
    async with fake_discord.running(client):
        await tree.sync()
        post = await (await fake_discord.slash(ann, fake_discord.channel, "table")).reply()
        assert post.custom_ids == ["table:join", "table:seat"]

        click = await fake_discord.click(bo, post, "table:join")
        assert (await click.callback()).type == 7
        assert post.content == "Players: 1" and views[0].joined == [bo.id]
        await (await fake_discord.click(ann, post, label="Join")).callback()
        assert post.content == "Players: 2" and len(post.history) == 2

        pick = await fake_discord.select(ann, post, "table:seat", ["B"])
        seat = await pick.reply()
        assert seat.ephemeral and seat.content == "Seat B"
        with pytest.raises(AssertionError, match="no component"):
            await fake_discord.click(ann, post, "table:leave")


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button that survives restarts: its state, the table, lives in the custom id (``<prefix>:<table>``).  Each
    kind gives its ``caption``, its ``prefix`` and the template that matches them (this one matches nothing)."""

    caption: ClassVar[str]
    prefix: ClassVar[str]

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label=self.caption, custom_id=f"{self.prefix}:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Self:
        return cls(int(match["table"]))


class JoinButton(TableButton, template=r"join:(?P<table>\d+)"):
    caption, prefix = "Join", "join"

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.mention} joined table {self.table}")


async def test_dynamic_item_button_survives_a_restart(fake_discord: FakeDiscord) -> None:
    first, tree = make_bot()

    @tree.command(description="Open a table")
    async def table(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(42))
        await interaction.channel.send("Table 42 is open", view=view)  # type: ignore[union-attr]
        await interaction.response.send_message("Opened", ephemeral=True)

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(first):
        await tree.sync()
        await (await fake_discord.slash(ann, fake_discord.channel, "table")).reply()
        await fake_discord.idle()
    (post,) = fake_discord.messages(fake_discord.channel)
    assert first.is_closed()

    second = discord.Client(intents=discord.Intents.default())
    second.add_dynamic_items(JoinButton)
    async with fake_discord.running(second):
        joined = await (await fake_discord.click(ann, post, "join:42")).reply()
        assert joined.content == f"{ann.mention} joined table 42" and not joined.ephemeral
    assert fake_discord.gateway.identifies == 2


class LayoutJoin(TableButton, template=r"seat:(?P<table>\d+)"):
    """A restart-proof button inside a Components V2 layout (in an action row in a container)."""

    caption, prefix = "Take a seat", "seat"

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"seated at {self.table}", ephemeral=True)


def table_layout(text: str, image: str | None, alt: str = "the board", colour: int = 0x3366FF
                 ) -> discord.ui.LayoutView:
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=colour)
    container.add_item(discord.ui.TextDisplay(text))
    if image is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{image}", description=alt)))
    container.add_item(discord.ui.ActionRow(LayoutJoin(7)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


async def test_components_v2_layouts_are_sent_edited_read_and_clicked(fake_discord: FakeDiscord) -> None:
    client, _ = make_bot()
    client.add_dynamic_items(LayoutJoin)
    ann, bo = fake_discord.add_member("Ann"), fake_discord.add_member("Bo")
    channel, png = fake_discord.channel, tiny_png(4, 4)
    async with fake_discord.running(client):
        target = client.get_partial_messageable(channel.id)
        sent = await target.send(view=table_layout(f"{ann.mention} to play", "b.png"), nonce="n1",
                                 file=discord.File(io.BytesIO(png), "b.png"),
                                 allowed_mentions=discord.AllowedMentions(users=[discord.Object(ann.id)]))
        (post,) = fake_discord.messages(channel)
        assert post.is_layout and post.content == "" and post.readable == f"{ann.mention} to play"
        assert post.mentions(ann) and not post.mentions(bo) and sent.flags.components_v2
        (item,) = post.layout(12)[0]["items"]
        assert item["description"] == "the board" and item["media"]["url"] == post.attachments[0].url
        assert (await target.send(view=table_layout("again?", "b.png"), nonce="n1",
                                  file=discord.File(io.BytesIO(png), "b.png"))).id == post.id  # the nonce holds
        # discord.py reads the layout back (its cache and a fetch) and edits it: new words, the file kept.
        fetched = await target.fetch_message(post.id)
        assert fetched.flags.components_v2 and isinstance(fetched.components[0], discord.Container)
        await target.get_partial_message(post.id).edit(view=table_layout(f"{bo.mention} to play", "b.png"))
        assert post.readable == f"{bo.mention} to play" and post.is_layout and len(post.history) == 1
        assert post.attachments[0].data == png
        seated = await (await fake_discord.click(bo, post, label="Take a seat")).reply()
        assert seated.ephemeral and seated.content == "seated at 7"
        # A layout has no content: Discord refuses a message that has both, as an invalid form.
        with pytest.raises(discord.HTTPException) as both:
            await target.send("words too", view=table_layout("text", None))
        assert both.value.status == 400 and both.value.code == 50035
        # The flag cannot be taken away once a message has it.
        route = discord.http.Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel.id,
                                   message_id=post.id)
        with pytest.raises(discord.HTTPException) as unset:
            await client.http.request(route, json={"flags": 0})
        assert unset.value.code == 50035 and post.is_layout and post.readable == f"{bo.mention} to play"


def v2_payload(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": FLAG_COMPONENTS_V2, "components": list(components), **extra}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(*urls: str, description: str = "alt") -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": u}, "description": description} for u in urls]}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0xFF00FF, "components": list(children)}


BUTTON_ROW = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}
BOARD = "attachment://board.png"
#: Each V2 rule at its limit, which Discord accepts, and just past it (or broken), which it refuses.
V2_RULES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "no content": (v2_payload(text("hi")), v2_payload(text("hi"), content="hi")),
    "no embeds": (v2_payload(text("hi")), v2_payload(text("hi"), embeds=[{"title": "t"}])),
    "40 components, nested ones counted": (v2_payload(container(*[text("x")] * 39)),
                                           v2_payload(container(*[text("x")] * 40))),
    "4000 characters over all text displays": (v2_payload(container(text("x" * 2000), text("y" * 2000))),
                                               v2_payload(container(text("x" * 2000), text("y" * 2001)))),
    "a gallery holds at least 1 item": (v2_payload(gallery(BOARD)), v2_payload(gallery())),
    "a gallery holds at most 10 items": (v2_payload(gallery(*[BOARD] * 10)), v2_payload(gallery(*[BOARD] * 11))),
    "a media description is at most 1024 characters": (v2_payload(gallery(BOARD, description="d" * 1024)),
                                                       v2_payload(gallery(BOARD, description="d" * 1025))),
    "a gallery's attachment:// names a file of the message": (v2_payload(gallery(BOARD)),
                                                             v2_payload(gallery("attachment://other.png"))),
    "a thumbnail's attachment:// names a file of the message": (
        v2_payload({"type": 9, "components": [text("s")], "accessory": {"type": 11, "media": {"url": BOARD}}}),
        v2_payload({"type": 9, "components": [text("s")], "accessory": {"type": 11, "media": {"url": "attachment://x.png"}}})),
    "the top level holds layout components only": (v2_payload(container(text("t")), BUTTON_ROW),
                                                   v2_payload(container(text("t")), BUTTON_ROW["components"][0])),
}


def board_file() -> list[UploadedFile]:
    return [UploadedFile("files[0]", "board.png", "image/png", tiny_png())]


@pytest.mark.parametrize("rule", list(V2_RULES))
def test_a_components_v2_message_is_checked_as_discord_does(fake_discord: FakeDiscord, rule: str) -> None:
    world, channel = fake_discord.world, fake_discord.channel
    accepted, refused = V2_RULES[rule]
    message = world.create_message(channel, accepted, board_file())
    assert message.is_layout and message.attachments[0].filename == "board.png"
    with pytest.raises(FormError) as made:
        world.create_message(channel, refused, board_file())
    assert (made.value.status, made.value.code) == (400, 50035), rule
    # An edit is held to the same rules (the file uploaded first is kept on the message).
    with pytest.raises(FormError) as edited:
        world.edit_message(message, refused, [])
    assert made.value.code == edited.value.code == 50035
    world.edit_message(message, accepted, [])
    assert message.is_layout and len(message.history) == 1


def test_a_layout_keeps_its_flag_and_shows_only_its_own_files(fake_discord: FakeDiscord) -> None:
    world, channel = fake_discord.world, fake_discord.channel
    message = world.create_message(channel, v2_payload(text("turn 1"), gallery(BOARD)), board_file())
    # An edit that keeps the file (no attachments key) may show it; one that drops it may not.
    world.edit_message(message, v2_payload(text("turn 1, later"), gallery(BOARD)), [])
    with pytest.raises(FormError, match="names no attachment"):
        world.edit_message(message, {**v2_payload(text("x"), gallery(BOARD)), "attachments": []}, [])
    # The flag cannot be unset, nor content come back while it is set.
    with pytest.raises(FormError, match="cannot be removed"):
        world.edit_message(message, {"flags": 0}, [])
    with pytest.raises(FormError):
        world.edit_message(message, {"content": "plain"}, [])
    assert message.is_layout and message.readable == "turn 1, later" and message.content == ""
    # A plain message may become a layout when its content goes with it.
    plain = world.create_message(channel, {"content": "lobby"}, [])
    with pytest.raises(FormError):
        world.edit_message(plain, v2_payload(text("lobby, now a card")), [])
    world.edit_message(plain, v2_payload(text("lobby, now a card"), content=None), [])
    assert plain.is_layout and plain.readable == "lobby, now a card"


async def test_autocomplete_choices(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    moves = ["build castle", "build well", "buy tile", "pass"]

    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=m, value=m) for m in moves if m.startswith(current)]

    @tree.command(description="Make a move")
    @app_commands.autocomplete(text=suggest)
    async def move(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(f"played {text}")

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(client):
        await tree.sync()
        choices = await fake_discord.autocomplete(ann, fake_discord.channel, "move", option="text", text="bu")
        assert choices == [{"name": m, "value": m} for m in moves[:3]]
        assert await fake_discord.autocomplete(ann, fake_discord.channel, "move", option="text", text="x") == []
        played = await (await fake_discord.slash(ann, fake_discord.channel, "move", text="pass")).reply()
        assert played.content == "played pass"


async def test_direct_messages_and_closed_dms(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()

    @tree.command(description="Remind a player by DM")
    async def remind(interaction: discord.Interaction, player: discord.User) -> None:
        try:
            await player.send("It's your turn")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"cannot DM: {exc.code} {exc.text}", ephemeral=True)
        else:
            await interaction.response.send_message("reminded", ephemeral=True)

    ann, bo = fake_discord.add_member("Ann"), fake_discord.add_member("Bo")
    fake_discord.close_dms(bo)
    async with fake_discord.running(client):
        await tree.sync()
        ok = await (await fake_discord.slash(ann, fake_discord.channel, "remind", player=ann)).reply()
        assert ok.content == "reminded"
        assert [m.content for m in fake_discord.dms(ann)] == ["It's your turn"]
        assert fake_discord.dm_channel(ann).type == 1

        closed = await (await fake_discord.slash(ann, fake_discord.channel, "remind", player=bo)).reply()
        assert closed.content == "cannot DM: 50007 Cannot send messages to this user"
        assert fake_discord.dms(bo) == []


async def test_thread_creation_and_no_thread_fallback(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    errors: list[int] = []

    @tree.command(description="Open a game thread")
    async def play(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        perms = interaction.app_permissions
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            try:  # the bot double-checks the fake really refuses
                await channel.create_thread(name="refused", type=discord.ChannelType.public_thread)
            except discord.Forbidden as exc:
                errors.append(exc.code)
            await interaction.response.send_message("Playing here (no thread)")
            return
        thread = await channel.create_thread(name="Burgenland #1", type=discord.ChannelType.public_thread)
        await thread.join()
        await thread.send(f"Welcome {interaction.user.mention}")
        await interaction.response.send_message(f"Game on in {thread.mention}")

    ann = fake_discord.add_member("Ann")
    channel = fake_discord.channel
    async with fake_discord.running(client):
        await tree.sync()
        reply = await (await fake_discord.slash(ann, channel, "play")).reply()
        await fake_discord.idle()
        (thread,) = fake_discord.threads(channel)
        assert thread.type == 11 and thread.name == "Burgenland #1" and thread.parent_id == channel.id
        assert reply.content == f"Game on in <#{thread.id}>"
        assert [m.content for m in fake_discord.messages(thread)] == [f"Welcome {ann.mention}"]
        assert client.get_channel(thread.id) is not None  # THREAD_CREATE reached the client's cache

        # Players are added to the game thread; the finished game's thread is archived.
        live_thread = client.get_channel(thread.id)
        assert isinstance(live_thread, discord.Thread)
        await live_thread.add_user(discord.Object(ann.id))
        await live_thread.edit(archived=True, locked=True)
        assert thread.archived and thread.locked and ann.id in thread.member_ids
        await fake_discord.wait_until(lambda: live_thread.archived, 2)  # THREAD_UPDATE reached the client

        fake_discord.deny_bot(channel, "create_public_threads", "send_messages_in_threads")
        fallback = await (await fake_discord.slash(ann, channel, "play")).reply()
        assert fallback.content == "Playing here (no thread)" and errors == [50013]
        assert len(fake_discord.threads()) == 1


async def test_modal_and_thread_from_message(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()

    class Propose(discord.ui.Modal, title="Propose a trade"):
        offer: discord.ui.TextInput[Propose] = discord.ui.TextInput(label="Offer", custom_id="offer")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"Offer: {self.offer.value}")
            message = await interaction.original_response()
            await message.create_thread(name="Trade talk")

    @tree.command(description="Propose a trade")
    async def trade(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Propose())

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(client):
        await tree.sync()
        opened = await fake_discord.slash(ann, fake_discord.channel, "trade")
        assert (await opened.modal())["title"] == "Propose a trade"
        submitted = await fake_discord.submit_modal(ann, opened, offer="2 stone for 1 gold")
        offer = await submitted.reply()
        assert offer.content == "Offer: 2 stone for 1 gold"
        await fake_discord.idle()
        (thread,) = fake_discord.threads()
        assert thread.id == offer.id and thread.name == "Trade talk"


async def test_slow_initial_response_and_unknown_routes_are_visible(fake_discord: FakeDiscord) -> None:
    client, tree = make_bot()
    outcomes: list[str] = []
    fake_discord.interaction_deadline = 0.05

    @tree.command(description="Too slow")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.15)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            outcomes.append(f"{exc.code}")
        try:
            async for _ in interaction.channel.pins():  # type: ignore[union-attr]  # not implemented by the fake
                pass
        except discord.NotFound:
            outcomes.append("404")

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(client):
        await tree.sync()
        await fake_discord.slash(ann, fake_discord.channel, "slow")
        await fake_discord.wait_until(lambda: len(outcomes) == 2, 5)
        assert outcomes == ["10062", "404"]
        with pytest.raises(TimeoutError, match="unanswered interactions"):
            await fake_discord.idle(timeout=0.2)
    assert [c.path for c in fake_discord.unknown] == [f"/channels/{fake_discord.channel.id}/messages/pins"]
    fake_discord.unknown.clear()  # provoked on purpose; the fixture would otherwise fail the test


async def _no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
    return None


async def test_reconnects_resume_or_reidentify(fake_discord: FakeDiscord) -> None:
    client, tree, _ = burgenland_bot()
    resumed: list[bool] = []

    @client.event
    async def on_resumed() -> None:
        resumed.append(True)

    ann = fake_discord.add_member("Ann")
    async with fake_discord.running(client):
        await tree.sync()
        await fake_discord.drop_connections()  # RESUME on resume_gateway_url, answered with RESUMED
        await fake_discord.wait_until(lambda: resumed, 5)
        assert fake_discord.gateway.identifies == 1
        assert (await (await fake_discord.slash(ann, fake_discord.channel, "ping")).reply()).content == "pong"

        # discord.py sleeps 5 s before any non-initial IDENTIFY (Client.before_identify_hook); skip that here.
        client.before_identify_hook = _no_identify_delay  # type: ignore[method-assign]
        await fake_discord.drop_connections(resumable=False)  # INVALID_SESSION: a fresh IDENTIFY and READY
        assert fake_discord.gateway.identifies == 2
        await fake_discord.wait_until(lambda: client.get_guild(fake_discord.guild.id) is not None, 5)
        assert (await (await fake_discord.slash(ann, fake_discord.channel, "ping")).reply()).content == "pong"
        (session,) = fake_discord.gateway.live
        assert client.ws.sequence == session.seq


async def test_interactions_in_the_bots_dm(fake_discord: FakeDiscord) -> None:
    client, tree, _ = burgenland_bot()
    ann = fake_discord.add_user("Ann")  # shares no guild with the bot: only a DM can reach it
    async with fake_discord.running(client):
        await tree.sync()
        dm = fake_discord.dm_channel(ann)
        resp = await fake_discord.slash(ann, dm, "ping")
        assert "member" not in resp.payload and resp.payload["user"]["id"] == str(ann.id)
        assert (await resp.reply()).content == "pong"
        assert [m.content for m in fake_discord.dms(ann)] == ["pong"]


async def test_server_starts_and_stops_cleanly_and_restores_discord_py() -> None:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        assert f"http://127.0.0.1:{fake.port}/api/v10" == discord.http.Route.BASE
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == f"ws://127.0.0.1:{fake.port}/gateway"
        client = discord.Client(intents=discord.Intents.default())
        await fake.start_client(client)  # left running on purpose: stop() must close it
    assert client.is_closed()
    assert (base, gateway) == (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    fake.assert_clean()
