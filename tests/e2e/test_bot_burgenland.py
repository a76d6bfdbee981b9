"""The real bot (discord.py + table service + renderer) against the fake Discord: Burgenland at the table."""

from __future__ import annotations

import pytest

from bot.store import Status
from bot.store.sqlite import SqliteStore
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import MEDIA_GALLERY, FakeChannel, FakeMessage, FakeUser
from tests.e2e.helpers import bot_running, drawing_service, to_act


async def open_table(fake: FakeDiscord, host: FakeUser, players: int | None = 3, **options: object
                     ) -> tuple[FakeChannel, FakeMessage]:
    """``/burgenland new``: returns the game's thread and its lobby message."""
    kwargs = {"players": players} if players else {}
    opened = await fake.slash(host, fake.channel, "burgenland new", **kwargs, **options)
    answer = await opened.original()
    assert answer.ephemeral and "You opened game #" in answer.readable
    await fake.idle()
    (thread,) = fake.threads(fake.channel)
    assert thread.mention in answer.readable
    (lobby,) = fake.messages(thread)
    assert {"Join", "Leave", "Start"} <= {c.get("label") for c in lobby.all_components()}
    return thread, lobby


async def join(fake: FakeDiscord, user: FakeUser, lobby: FakeMessage) -> None:
    click = await fake.click(user, lobby, label="Join")
    assert (await click.callback()).type == 6  # deferred update of the lobby message
    await fake.idle()


async def two_player_game(fake: FakeDiscord, host: FakeUser, other: FakeUser) -> FakeChannel:
    """``host`` opens a two-player table and ``other`` joins it, which starts the game; returns its thread."""
    thread, lobby = await open_table(fake, host, players=2)
    await join(fake, other, lobby)
    return thread


def board_posts(fake: FakeDiscord, thread: FakeChannel) -> list[FakeMessage]:
    return [m for m in fake.messages(thread) if m.attachments]


async def open_menu(fake: FakeDiscord, user: FakeUser, post: FakeMessage) -> tuple[object, FakeMessage]:
    """Press **Play my turn**; returns the interaction and its ephemeral menu."""
    click = await fake.click(user, post, label="Play my turn")
    menu = await click.original()
    assert menu.ephemeral and menu.components, menu.readable
    return click, menu


async def choose(fake: FakeDiscord, user: FakeUser, menu: FakeMessage, label: str) -> FakeMessage:
    """Pick ``label`` from a menu (a button, or an option of its select); returns the menu after the move."""
    for comp in menu.all_components():
        if comp.get("type") == 2 and comp.get("label") == label:
            click = await fake.click(user, menu, comp["custom_id"])
            break
        if comp.get("type") == 3:
            option = next((o for o in comp["options"] if o["label"] == label), None)
            if option is not None:
                click = await fake.select(user, menu, comp["custom_id"], [option["value"]])
                break
    else:
        labels = [c.get("label") for c in menu.all_components()] + [
            o["label"] for c in menu.all_components() if c.get("type") == 3 for o in c["options"]]
        raise AssertionError(f"no choice {label!r} in the menu: {labels}")
    await click.callback()
    await fake.idle()
    return menu


async def test_a_burgenland_opening_with_three_players(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo, cy = (fake.add_member(n) for n in ("Ann", "Bo", "Cy"))
    users = [ann, bo, cy]
    async with bot_running(fake, drawing_service(store)) as bot:
        assert {"burgenland", "move", "hand", "board", "undo", "log", "resign", "abandon", "games", "mygames",
                "help"} <= {c["name"] for c in fake.commands()}
        thread, lobby = await open_table(fake, ann)
        await join(fake, bo, lobby)
        assert "Bo" in fake.messages(thread)[0].readable  # the lobby lists who is in
        await join(fake, cy, lobby)  # the third seat starts the game

        # One start post with the board, mentioning everyone; each player's hand by DM as a PNG.
        (start,) = board_posts(fake, thread)
        assert start.attachments[0].is_png and all(start.mentions(u) for u in users)
        assert "has started" in fake.messages(thread)[0].readable
        for user in users:
            (dm,) = fake.dms(user)
            assert dm.attachments and dm.attachments[0].is_png and "seat" in dm.readable

        # Move 1 by the menu: a select (many choices), then the follow-up step by a button.
        first = await to_act(bot, thread, users)
        pictures = [a.data for a in start.attachments]  # the close-up and the board
        _, menu = await open_menu(fake, first, start)
        await choose(fake, first, menu, "Take 2 cards")
        # Still the same player's turn: no new post; the turn's message (the start post) is edited to say it.
        (same,) = board_posts(fake, thread)
        assert same.id == start.id and "takes 2 cards" in same.readable and len(same.history) == 1
        # The edit is a layout again (the flag kept), with the new close-up and board shown in its gallery, in that
        # order: both replaced.
        assert same.is_layout and same.history[0]["flags"] == same.flags
        assert [a.filename for a in same.attachments] == ["game-1-turn.png", "game-1-board.png"]
        items = same.layout(MEDIA_GALLERY)[0]["items"]
        assert [i["media"]["url"] for i in items] == [a.url for a in same.attachments]
        assert all(new != old for new, old in zip([a.data for a in same.attachments], pictures, strict=True))
        await choose(fake, first, menu, "End turn")
        posts = board_posts(fake, thread)
        second = await to_act(bot, thread, users)
        # The turn passes on: one new post, pinging the next player, saying what happened since their turn.
        assert len(posts) == 2 and posts[-1].mention_ids == [second.id]
        assert "Since your last turn:" in posts[-1].readable and ": took 2 cards" in posts[-1].readable
        assert "Your turn is over" in menu.readable or "Played: End turn" in menu.readable

        # Move 2 by /move with autocomplete: the suggestions are legal moves, keys as values.
        choices = await fake.autocomplete(second, thread, "move", option="text", text="take")
        assert {"name": "Take 2 cards", "value": "take"} in choices
        played = await fake.slash(second, thread, "move", text="take")
        assert "Played: Take 2 cards" in (await played.original()).readable
        await fake.idle()
        assert len(board_posts(fake, thread)) == 2  # the turn's message was edited
        # The mover's DM shows the two cards they drew; nobody else hears of them privately.
        assert "takes 2 cards:" in fake.dms(second)[-1].readable
        (third,) = (u for u in users if u not in (first, second))
        assert len(fake.dms(first)) == 2 and len(fake.dms(third)) == 1  # only hands that changed


async def test_a_payment_step_by_step_posts_once(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    """Choosing what to build and paying card by card is private; the channel sees the finished build."""
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store)) as bot:
        thread = await two_player_game(fake, ann, bo)
        # Take cards (through the service) until the player to act can build in a small castle.
        for _ in range(20):
            player = await to_act(bot, thread, [ann, bo])
            moves = (await bot.service.moves(thread.id, bot_user(player))).choices
            builds = [c.key for c in moves if c.key.startswith("build ") and "large" not in c.key]
            if builds:
                break
            for key in ("take", "end"):
                if key in [c.key for c in (await bot.service.moves(thread.id, bot_user(player))).choices]:
                    await bot.service.act(thread.id, bot_user(player), key)
        else:
            pytest.fail("no build became affordable")
        await bot.deliverer.drain()  # the moves above were made through the service, not Discord
        await fake.idle()

        def channel() -> list[tuple[int, int]]:
            """Each bot message in the thread with how often it was edited."""
            return [(m.id, len(m.history)) for m in fake.messages(thread) if m.author_id == fake.bot.id]

        before = channel()
        opened = await fake.slash(player, thread, "move", text=builds[0])
        menu = await opened.original()
        assert menu.ephemeral and "Cancel" in [c.get("label") for c in menu.all_components()]
        for _ in range(10):
            assert channel() == before, "a payment step must not post or edit anything in the channel"
            single = [c["label"] for c in menu.all_components()
                      if str(c.get("label", "")).startswith("Pay ") and "," not in c["label"]]
            await choose(fake, player, menu, single[0])
            if channel() != before:
                break
        changed = [m for m in fake.messages(thread)
                   if m.author_id == fake.bot.id and (m.id, len(m.history)) not in before]
        # The finished build is told once: the turn's message edited ("Ann builds a wall in castle 5 …"), or (when it
        # ended the turn) a new post, whose line since the next player's turn tells it short ("Ann: wall → castle 5").
        told = changed[0].readable if len(changed) == 1 else ""
        assert ("builds a" in told or " → castle " in told) and changed[0].attachments


def bot_user(user: FakeUser):  # type: ignore[no-untyped-def]
    from bot.table.results import User

    return User(user.id, user.name)


async def test_closed_dms_are_announced_once_and_hands_served_ephemerally(
        fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    fake.close_dms(bo)
    async with bot_running(fake, drawing_service(store)) as bot:
        thread = await two_player_game(fake, ann, bo)
        notices = [m for m in fake.messages(thread) if "can't send you direct messages" in m.readable]
        assert len(notices) == 1 and notices[0].mentions(bo)
        assert fake.dms(bo) == [] and len(fake.dms(ann)) == 1
        # Moves go on; Bo is not told again.
        player = await to_act(bot, thread, [ann, bo])
        await bot.service.act(thread.id, bot_user(player), "take")
        await fake.idle()
        assert len([m for m in fake.messages(thread) if "can't send you direct messages" in m.readable]) == 1
        # The hand comes ephemerally, with its image, from the button and from /hand.
        post = board_posts(fake, thread)[-1]
        shown = await (await fake.click(bo, post, label="My hand")).original()
        assert shown.ephemeral and shown.attachments[0].is_png
        hand = await (await fake.slash(bo, thread, "hand")).original()
        assert hand.ephemeral and hand.attachments[0].is_png
        # Both described for a screen reader: whose hand, in which game.
        assert all("what only Bo sees" in (m.attachments[0].description or "") for m in (shown, hand))
        board = await (await fake.slash(bo, thread, "board")).original()
        assert "the board." in (board.attachments[0].description or "")


async def test_bad_input_is_refused_privately_and_changes_nothing(
        fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo, stranger = fake.add_member("Ann"), fake.add_member("Bo"), fake.add_member("Stranger")
    async with bot_running(fake, drawing_service(store)) as bot:
        thread = await two_player_game(fake, ann, bo)
        start = board_posts(fake, thread)[-1]
        first = await to_act(bot, thread, [ann, bo])
        other = bo if first is ann else ann
        snap = await bot.service.snapshot(thread.id)
        posts = len(fake.messages(thread))

        async def refused(interaction: object, *words: str) -> None:
            message = await interaction.original()  # type: ignore[attr-defined]
            assert message.ephemeral, message
            for word in words:
                assert word in message.readable, message.readable

        await refused(await fake.slash(first, thread, "move", text="fly to the moon"), "is not a move",
                      "Did you mean `take`", "`help`")
        await refused(await fake.slash(first, thread, "move", text="build wall 12N"), "not a place")
        await refused(await fake.slash(other, thread, "move", text="take"), "not your turn")
        await refused(await fake.slash(stranger, thread, "move", text="take"), "not playing")
        await refused(await fake.slash(stranger, thread, "hand"), "not playing")
        await refused(await fake.click(stranger, start, label="My hand"), "not playing")
        await refused(await fake.click(stranger, start, label="Play my turn"), "not playing")
        await fake.idle()
        assert len(fake.messages(thread)) == posts
        assert (await bot.service.snapshot(thread.id)).move_number == snap.move_number

        # A stale choice: open the menu, let the board move on, then click the old menu.
        _, menu = await open_menu(fake, first, start)
        await bot.service.act(thread.id, bot_user(first), "take")
        moved = (await bot.service.snapshot(thread.id)).move_number
        await choose(fake, first, menu, "Take 2 cards")
        stale = fake.ephemerals(first)[-1]
        assert "moved on" in stale.readable
        assert (await bot.service.snapshot(thread.id)).move_number == moved


async def test_a_full_table_refuses_a_stranger(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo, cy = fake.add_member("Ann"), fake.add_member("Bo"), fake.add_member("Cy")
    async with bot_running(fake, drawing_service(store)) as bot:
        thread, lobby = await open_table(fake, ann, players=None)  # starts by hand
        await join(fake, bo, lobby)
        await join(fake, cy, lobby)
        late = fake.add_member("Dee")
        await join(fake, late, lobby)
        eve = fake.add_member("Eve")
        refusal = await (await fake.click(eve, lobby, label="Join")).followups(1)
        assert "full" in refusal[0].readable and refusal[0].ephemeral
        not_host = await (await fake.click(bo, lobby, label="Start")).followups(1)
        assert "Only" in not_host[0].readable or "only" in not_host[0].readable
        await (await fake.click(ann, lobby, label="Start")).callback()
        await fake.idle()
        assert (await bot.service.snapshot(thread.id)).game.status is Status.RUNNING
        assert len(board_posts(fake, thread)) == 1


async def test_buttons_survive_a_restart(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store)):
        thread = await two_player_game(fake, ann, bo)
    start = board_posts(fake, thread)[-1]
    # A new process: a new client and service on the same database.
    async with bot_running(fake, drawing_service(store)) as bot:
        first = await to_act(bot, thread, [ann, bo])
        _, menu = await open_menu(fake, first, start)
        await choose(fake, first, menu, "Take 2 cards")
        assert "takes 2 cards" in board_posts(fake, thread)[-1].readable


async def test_the_end_of_a_game_and_the_lists(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, drawing_service(store)) as bot:
        thread = await two_player_game(fake, ann, bo)
        first = await to_act(bot, thread, [ann, bo])
        mine = await (await fake.slash(first, thread, "mygames")).original()
        assert "#1" in mine.readable
        listed = await (await fake.slash(ann, fake.channel, "games")).original()
        assert "game #1 (Burgenland, running)" in listed.readable
        confirm = await (await fake.slash(bo, thread, "resign")).original()
        await (await fake.click(bo, confirm, label="Resign")).original()
        await fake.idle()
        final = fake.messages(thread)[-1]
        assert "resigned" in final.readable and "1st  Ann" in final.readable and "2nd  Bo" in final.readable
        assert "Ranking and tie-break: pieces built" in final.readable
        assert final.attachments and "Play my turn" not in [c.get("label") for c in final.all_components()]
        assert "No game is waiting" in (await (await fake.slash(first, thread, "mygames")).original()).readable
