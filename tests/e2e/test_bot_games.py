"""Whole games through the fake Discord: every move a real interaction, to the final ranking.

Moves alternate between the menu (**Play my turn**, then buttons or the select) and ``/move``
with a key the autocomplete offered, chosen by a seeded purposeful random policy.
"""

from __future__ import annotations

import random

import pytest

import engines
import render
from bot.discord import GameBot
from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table.results import User
from bot.text import fill_seats, plain_name
from engines import registry
from render.palette import player_colour
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import (
    ACTION_ROW,
    CONTAINER,
    FLAG_COMPONENTS_V2,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    FakeChannel,
    FakeMessage,
    FakeUser,
)
from tests.e2e.helpers import bot_running, drawing_service, open_table

#: Keys' first words a purposeful player prefers (the rest are picked now and then).
PREFERRED = ("pay", "build", "place", "buy", "move", "take", "roll", "score", "end", "left", "right", "dice",
             "die", "on", "ship", "goods", "skip")


def pick(choose: random.Random, keys: list[str]) -> str:
    keys = [k for k in keys if k != "cancel"] or keys
    preferred = [k for k in keys if k.split()[0] in PREFERRED]
    return choose.choice(preferred if preferred and choose.random() < 0.85 else keys)


async def play_through_menu(fake: FakeDiscord, user: FakeUser, post: FakeMessage, label: str) -> bool:
    """Press **Play my turn** and pick ``label`` if the first menu shows it; False if it does not."""
    opened = await fake.click(user, post, label="Play my turn")
    menu = await opened.original()
    for comp in menu.all_components():
        if comp.get("type") == 2 and comp.get("label") == label:
            await (await fake.click(user, menu, comp["custom_id"])).callback()
            return True
        if comp.get("type") == 3:
            option = next((o for o in comp["options"] if o["label"] == label), None)
            if option is not None:
                await (await fake.select(user, menu, comp["custom_id"], [option["value"]])).callback()
                return True
    return False


def colour(seat: int) -> int:
    """The seat's colour as the images draw it, as Discord's accent colours are given (0xRRGGBB)."""
    red, green, blue = player_colour(seat)
    return red << 16 | green << 8 | blue


def assert_layout(post: FakeMessage, accent: int, pings: FakeUser, *, close_up: bool = False,
                  animated: bool = False) -> None:
    """A post with an image is one Components V2 container: the colour of ``accent``'s seat, a text that
    pings ``pings``, the board in a gallery described by its alt text (a turn's post, ``close_up``: its compact
    close-up first, then the board, each described; the end post, ``animated``: then the animation, in a gallery of
    its own), and the buttons."""
    assert post.is_layout and not post.content and not post.embeds, post
    (container,) = post.components
    assert container["type"] == CONTAINER and container.get("accent_color") == accent, container.get("accent_color")
    (text,) = post.layout(TEXT_DISPLAY)
    assert pings.mention in text["content"] and post.mentions(pings)
    galleries = post.layout(MEDIA_GALLERY)
    assert [len(g["items"]) for g in galleries] == ([2] if close_up else [1, 1] if animated else [1])
    items = [item for gallery in galleries for item in gallery["items"]]
    assert len(items) == len(post.attachments), (len(items), post.attachments)
    for item, image in zip(items, post.attachments, strict=True):
        assert item["media"]["url"] == image.url and item.get("description")
        assert item["description"] == image.description
    if close_up:  # the close-up first (an 800 px picture), the whole board a tap away
        compact, board = post.attachments
        assert compact.filename.endswith("-turn.png") and board.filename.endswith("-board.png")
        said, board_said = compact.description or "", board.description or ""
        assert said.startswith("Close-up of what matters now") and board_said[:200] in said
        assert compact.is_png and compact.data[16:20] == (800).to_bytes(4, "big")
    # The buttons, in action rows inside the container (the one top-level component).
    rows = [c for c in container["components"] if c["type"] == ACTION_ROW]
    assert rows and all(1 <= len(r["components"]) <= 5 and all(b["type"] == 2 for b in r["components"]) for r in rows)
    assert sorted(b["custom_id"] for r in rows for b in r["components"]) == sorted(post.custom_ids)


def said_in(fake: FakeDiscord, thread: FakeChannel) -> list[FakeMessage]:
    """The bot's messages in the game's thread (not the private ones)."""
    return [m for m in fake.messages(thread) if m.author_id == fake.bot.id]


async def play_whole_game(fake: FakeDiscord, bot: GameBot, game: str, users: list[FakeUser],
                          seed: int) -> FakeChannel:
    thread, _ = await open_table(fake, users, f"{registry.find(game).command} new")
    by_id = {u.id: u for u in users}
    choose = random.Random(seed)
    said = said_in(fake, thread)
    acting: tuple[int, ...] = ()
    for move in range(3000):
        snap = await bot.service.snapshot(thread.id)
        # One message per turn: a move posts anew only when the turn passes on (or the game ends);
        # otherwise the turn's message is edited.
        now = said_in(fake, thread)
        assert len(now) - len(said) <= 1, [m.readable[:60] for m in now[len(said):]]
        if len(now) > len(said):
            assert snap.to_act != acting, "a new post while the same turn goes on"
        said, acting = now, snap.to_act
        if snap.game.status is not Status.RUNNING:
            await bot.deliverer.settled()  # the end post, sent in the background once its animation is drawn
            await fake.idle()
            return thread
        user = by_id[snap.user_ids[snap.to_act[0]]]
        reply = await bot.service.moves(thread.id, User(user.id, user.name))
        key = pick(choose, [c.key for c in reply.choices])
        label = next(c.label for c in reply.choices if c.key == key)
        posts = [m for m in fake.messages(thread) if m.attachments]
        # The turn's post (new, or edited within the turn) is in the colour of the player to act and pings them.
        assert_layout(posts[-1], colour(snap.to_act[0]), user, close_up=True)
        if move == 0:  # its buttons work
            hand = await (await fake.click(user, posts[-1], label="My hand")).original()
            assert hand.ephemeral and hand.attachments and hand.attachments[0].is_png
        if move % 3 == 0 and await play_through_menu(fake, user, posts[-1], label):
            await fake.idle()
            continue
        if move % 4 == 1:  # the suggestions offer the move about to be typed
            offered = await fake.autocomplete(user, thread, "move", option="text", text=key)
            assert {"name": label[:100], "value": key} in offered or len(offered) == 25, (key, offered)
        answer = await (await fake.slash(user, thread, "move", text=key)).original()
        assert "Played:" in answer.readable, answer.readable
        await fake.idle()
    pytest.fail(f"{game} did not end in 3000 moves")


@pytest.mark.parametrize(("game", "players"), [("burgen-land", 2), ("buerger-baumeister", 3),
                                               ("castles-of-burgundy", 4), ("burgenland", 2)])
async def test_a_complete_game_to_the_final_ranking(fake_discord: FakeDiscord, sqlite_store: SqliteStore,
                                                    game: str, players: int) -> None:
    if game not in engines.names():
        pytest.fail(f"the {game} engine is missing")
    fake, store = fake_discord, sqlite_store
    users = [fake.add_member(name) for name in ("Ann", "Bo", "Cy", "Dee")[:players]]
    async with bot_running(fake, drawing_service(store)) as bot:
        thread = await play_whole_game(fake, bot, game, users, seed=players)
        snap = await bot.service.snapshot(thread.id)
        assert snap.game.status is Status.FINISHED and snap.game.result is not None
        final = [m for m in fake.messages(thread) if m.attachments][-1]
        assert "Game over!" in final.readable and "1st" in final.readable
        # One end post: the end screen, then the whole game as an animation.
        assert [a.filename for a in final.attachments] == [f"game-{snap.game.id}-board.png",
                                                           f"game-{snap.game.id}-history.gif"]
        # The end screen is a layout too, in the winner's colour (the first of those ranked first).
        ranks = snap.game.result["ranks"]
        winner = min(range(players), key=lambda s: (ranks[s], s))
        assert_layout(final, colour(winner), next(u for u in users if u.id == snap.user_ids[winner]), animated=True)
        # Every post with an image is a layout, and the lobby too; the lobby's buttons still work.
        assert all(m.is_layout for m in fake.messages(thread) if m.attachments)
        edited = [v for m in fake.messages(thread) if m.attachments for v in m.history]
        assert all(v["flags"] & FLAG_COMPONENTS_V2 for v in edited)  # and was one before each edit
        assert fake.messages(thread)[0].is_layout
        # The thread tells the ending: the move that ended the game (its last scoring, the hands
        # revealed) is in the final post, before the standing.
        rows = await store.live_actions(snap.game.id)
        ending = fill_seats(rows[-1].public, snap.names).replace("\n", " ")
        assert ending and ending in final.readable.split("Game over!")[0], (ending, final.readable)
        # The end screen: the standings drawn from the final view and the scores over the whole game,
        # a point after each turn (the engine's turn number), not after each step.
        engine = engines.get(game)
        log = [(a.seat, a.action_key) for a in await store.live_actions(snap.game.id)]
        state, history = engine.new_game(players, snap.game.seed, snap.game.options), []
        for seat, key in log:
            turn = engine.turn_number(state)
            state, _ = engine.apply(state, seat, engine.parse_action(state, seat, key))
            if engine.turn_number(state) != turn:
                history.append(engine.standing(state).scores)
        history.append(engine.standing(state).scores)  # after the last turn
        assert len(history) == engine.turn_number(state) < len(log)
        names = [plain_name(n) for n in snap.names]
        assert final.attachments[0].data == render.draw_standings(game, engine.view(state, None), names, history)
        assert all(final.mentions(u) for u in users) or final.mention_ids == []
        assert "Play my turn" not in [c.get("label") for c in final.all_components()]
        # Everyone's board and hand images were real PNGs (but the animation); nobody got another player's DM.
        *images, animation = [a for m in fake.messages(thread) for a in m.attachments]
        assert all(a.is_png for a in images) and animation.data.startswith(b"GIF89a")
        # Every image says what it shows (alt text): the boards whose turn it is, the hands their choices.
        boards = [a.description or "" for a in images]
        assert all(f"game #{snap.game.id}: the board." in d for d in boards[:-1]), boards[:3]
        assert "final standing" in boards[-1] and "1st" in boards[-1]
        assert f"game #{snap.game.id}: an animation of the board" in (animation.description or "")
        hands = [a.description or "" for u in users for d in fake.dms(u) for a in d.attachments]
        assert hands and all("what only" in d and "sees" in d for d in hands), hands[:3]
        assert any("Your choices:" in d for d in hands)
        assert all(all(d.channel_id == fake.dm_channel(u).id for d in fake.dms(u)) for u in users)


async def test_board_shows_one_players_estate(fake_discord: FakeDiscord, sqlite_store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo, cy = fake.add_member("Ann"), fake.add_member("Bo"), fake.add_member("Cy")
    async with bot_running(fake, drawing_service(sqlite_store)):
        for game, thread_index in (("castles-of-burgundy", 0), ("burgenland", 1)):
            opened = await fake.slash(ann, fake.channel, f"{registry.find(game).command} new", players=2)
            await opened.original()
            await fake.idle()
            thread = fake.threads(fake.channel)[thread_index]
            await (await fake.click(bo, fake.messages(thread)[0], label="Join")).callback()
            await fake.idle()
            shown = await (await fake.slash(ann, thread, "board", player=bo)).original()
            everyone = await (await fake.slash(ann, thread, "board", all=True)).original()
            turn = [m for m in fake.messages(thread) if m.attachments][-1]
            if game == "castles-of-burgundy":
                assert shown.readable.startswith("Bo's board") and shown.attachments[0].is_png
                whole = await (await fake.slash(ann, thread, "board")).original()
                assert whole.attachments[0].data != shown.attachments[0].data
                # Every estate at once: by /board all, and by the button under the turn's post.
                assert everyone.attachments[0].is_png and everyone.ephemeral
                pressed = await (await fake.click(cy, turn, label="All boards")).original()
                assert pressed.attachments[0].data == everyone.attachments[0].data and pressed.ephemeral
            else:
                assert "has no separate player boards" in shown.readable and not shown.attachments
                assert "has no separate player boards" in everyone.readable and not everyone.attachments
                assert "All boards" not in [c.get("label") for c in turn.all_components()]
            stranger = await (await fake.slash(ann, thread, "board", player=cy)).original()
            assert "Cy is not playing" in stranger.readable and stranger.ephemeral
