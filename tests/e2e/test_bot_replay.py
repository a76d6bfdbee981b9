"""``/replay`` through the fake Discord: a whole Burgenland game stepped through turn by turn in a private reply —
⏮ ◀ ▶ ⏭ and a "Turn N of M" label, each turn's public board (the very image of the public view after that turn)
and its public texts, never a card of a hand; anyone in the server may browse; forged or stale buttons are
answered cleanly, and a button made before a rematch keeps showing its game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engines
import render
from bot.discord import GameBot
from bot.store import Status, Store
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import User
from bot.text import fill_seats
from engines import rng
from engines.core import AnyEngine
from engines.i18n import speaking
from render.legend import marking_last_turn
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeMessage, FakeUser
from tests.e2e.helpers import bot_running, drawing_service
from tests.golden.record import POLICIES

GAME = "burgenland"
SEED = 3


async def play_out(service: TableService, guild: int, channel: int, players: Sequence[FakeUser], game: str = GAME,
                   steps: int | None = None) -> tuple[int, list[tuple[int, str]]]:
    """A seeded 2-player game (a whole one, else its first ``steps`` actions) played through the service with the
    golden playthroughs' policy; its id and its log."""
    engine = engines.get(game)
    users = [User(p.id, p.name) for p in players]
    created = await service.create(game, guild, channel, users[0], seats=len(users), seed=SEED)
    for user in users[1:]:
        assert (await service.join(channel, user)).ok
    snap = await service.snapshot(channel)
    assert created.game_id is not None and snap.game.status is Status.RUNNING
    by_id = {u.id: u for u in users}
    state = engine.new_game(len(users), snap.game.seed, snap.game.options)
    policy, r = POLICIES[game](), rng.seed_state(SEED)
    log: list[tuple[int, str]] = []
    while (acting := engine.to_act(state)) and (steps is None or len(log) < steps):
        seat = acting[0]
        r, action = policy(engine, state, seat, engine.legal_actions(state, seat), r)
        key = engine.action_key(action)
        reply = await service.act(channel, by_id[snap.user_ids[seat]], key)
        assert reply.ok, reply.text
        state, _events = engine.apply(state, seat, action)
        log.append((seat, key))
    return created.game_id, log


async def delivered(store: Store) -> None:
    """The thread's posts marked sent: this test looks at replays, not at a hundred turn posts."""
    for row in await store.pending_announcements(10_000):
        await store.mark_sent(row.item.key, None)


def after_each_turn(engine: AnyEngine, log: Sequence[tuple[int, str]]) -> list[Any]:
    """The state after each turn, by the engine's turn numbers: after turn N comes the first action of turn N+1."""
    state = engine.new_game(2, SEED, {})
    states: list[Any] = []
    for seat, key in log:
        before = engine.turn_number(state)
        if before > len(states) + 1:
            states.append(state)
        state, _ = engine.apply(state, seat, engine.parse_action(state, seat, key))
        assert engine.turn_number(state) >= before
    states.append(state)
    return states


def secrets_of(engine: AnyEngine, log: Sequence[tuple[int, str]], names: Sequence[str]) -> set[str]:
    """What only one seat read during the game: each event's text for its seat where it differs from the public
    one ("Ann takes 2 cards: purple 3, purple 2."), and the hands at every step."""
    state = engine.new_game(2, SEED, {})
    secret = set()
    for seat, key in log:
        state, events = engine.apply(state, seat, engine.parse_action(state, seat, key))
        for event in events:
            for viewer in range(2):
                own = engine.describe(event, viewer)
                if own != engine.describe(event, None):
                    secret.add(fill_seats(own, names))
        secret |= {engine.holdings(state, viewer) for viewer in range(2)} - {""}
    return secret


def label_of(message: FakeMessage) -> str:
    (label,) = [c["label"] for c in message.all_components() if c.get("custom_id", "").endswith(":h")]
    return str(label)


def disabled(message: FakeMessage) -> set[str]:
    return {c["label"] for c in message.all_components() if c.get("disabled")}


def button(message: FakeMessage, label: str) -> str:
    return str(message.component(label=label)["custom_id"])


async def test_anyone_steps_through_a_game_privately_and_sees_no_hand(fake_discord: FakeDiscord,
                                                                      sqlite_store: SqliteStore) -> None:
    fake, store = fake_discord, sqlite_store
    ann, bo, cy = fake.add_member("Ann"), fake.add_member("Bo"), fake.add_member("Cy")  # Cy plays no game
    jonas = fake.add_member("Jonas")
    jonas.locale = "de"
    other_guild = fake.add_guild("Other server")
    foreign = fake.add_channel("foreign", guild=other_guild)
    dee = fake.add_member("Dee", guild=other_guild)
    service = drawing_service(store)
    game, log = await play_out(service, fake.guild.id, fake.channel.id, [ann, bo])
    elsewhere = await service.create(GAME, other_guild.id, foreign.id, User(dee.id, dee.name), seats=2)
    await delivered(store)
    snap = await service.snapshot(fake.channel.id, game_id=game)
    assert snap.game.status is Status.FINISHED
    engine = engines.get(GAME)
    boards = after_each_turn(engine, log)
    turns = len(boards)
    assert turns == engine.turn_number(boards[-1]) > 50
    names = list(snap.names)
    secret = secrets_of(engine, log, names)
    assert any("takes 2 cards: " in s for s in secret)  # the game had secrets to keep
    bot = GameBot(service, scheduler_interval=None)
    seen: list[FakeMessage] = []

    async def pressed(user: FakeUser, message: FakeMessage, custom_id: str) -> FakeMessage:
        """Press a replay button: the reply it is under, edited in place."""
        interaction = await fake.click(user, message, custom_id)
        assert (await interaction.callback()).type == 6  # the reply itself changes: no new message
        await interaction.edits()
        await fake.idle()
        seen.append(message)
        return message

    def board_of(turn: int) -> bytes:
        """The public board after ``turn``, with what the turn changed marked (the key says so)."""
        before = boards[turn - 2] if turn > 1 else engine.new_game(2, SEED, {})
        with marking_last_turn():
            return render.draw_board(GAME, engine.view(boards[turn - 1], None), names, engine.view(before, None))

    def shows(message: FakeMessage, turn: int) -> None:
        """The reply shows turn ``turn``: its words, its label, its buttons, and the public board after it."""
        assert message.ephemeral
        assert f"after turn {turn} of {turns}**" in message.readable
        assert label_of(message) == f"Turn {turn} of {turns}"
        (image,) = message.attachments
        assert image.is_png and image.filename == f"game-{game}-turn-{turn}.png"
        assert image.data == board_of(turn)
        assert image.description and f"after turn {turn} of {turns}" in image.description
        assert image.data != render.draw_board(GAME, engine.view(boards[turn - 1], None), names)  # marked
        ends = {"⏮", "◀"} if turn == 1 else {"▶", "⏭"} if turn == turns else set()
        assert disabled(message) == ends | {label_of(message)}

    async with fake.running(bot):
        await fake.idle()
        # A stranger to the game asks for the channel's game (no number): its first turn, for Cy alone.
        first = await (await fake.slash(cy, fake.channel, "replay")).original()
        shows(first, 1)
        assert first.readable.splitlines()[1].startswith(f"1. {names[0]}: ")
        assert "Scores (pieces built): Ann 0 · Bo 0" in first.readable
        assert [c.get("label") for c in first.all_components() if c.get("type") == 2] == [
            "⏮", "◀", f"Turn 1 of {turns}", "▶", "⏭"]
        seen.append(first)
        shows(await pressed(cy, first, button(first, "▶")), 2)
        shows(await pressed(cy, first, button(first, "⏭")), turns)
        assert "has built every piece and wins!" in first.readable
        shows(await pressed(cy, first, button(first, "◀")), turns - 1)
        shows(await pressed(cy, first, button(first, "⏮")), 1)
        assert bot.drawn.draws == 4  # turn 1 again: not drawn again
        # A player opens another turn by number: the same public board, never their hand.
        middle = await (await fake.slash(ann, fake.channel, "replay", game=game, turn=40)).original()
        shows(middle, 40)
        seen.append(middle)
        # A rematch opens game 2 in the channel: the buttons made for game 1 still show game 1 …
        rematch = await service.rematch(fake.channel.id, User(ann.id, ann.name), game_id=game)
        assert rematch.ok and rematch.game_id == game + 2
        await bot.publish(rematch)
        shows(await pressed(ann, middle, button(middle, "▶")), 41)
        assert f"Replay of game #{game} (Burgenland, finished)" in middle.readable
        # … and the channel's game, now in its lobby, has nothing to replay yet.
        lobby = await (await fake.slash(bo, fake.channel, "replay")).original()
        assert lobby.ephemeral and lobby.readable == (f"Game #{rematch.game_id} has not started yet: there is "
                                                      "nothing to replay.")
        # A German reader types the command as their app shows it, and reads the replay in German.
        german = await (await fake.slash(jonas, fake.channel, "nachspielen", partie=game, zug=2)).original()
        assert german.ephemeral and "nach Zug 2 von" in german.readable and "Bo baut eine Mauer" in german.readable
        assert "Punktestand (gebaute Teile)" in german.readable and label_of(german) == f"Zug 2 von {turns}"
        assert (german.attachments[0].description or "").startswith(f"Burgenland, Partie #{game}: der Spielplan")
        with speaking("de"):
            assert german.attachments[0].data == board_of(2)
        seen.append(german)
        # /help names /replay; in German, with the channel's game's notation, it takes two messages.
        helped = await fake.slash(jonas, fake.channel, "hilfe")
        said = [await helped.reply(), *(await helped.followups())]
        assert len(said) == 2 and all(len(m.content) <= 2000 for m in said)
        assert "`/nachspielen`" in said[0].content and not said[0].content.endswith("…")
        with speaking("de"):
            assert said[1].content.endswith(engine.notation_help)
        english_help = await (await fake.slash(cy, fake.channel, "help")).reply()
        assert "`/replay` steps through a game turn by turn" in english_help.content
        # Another server's game, an unknown one, and a DM are refused in words.
        for number in (elsewhere.game_id, 999):
            refused = await (await fake.slash(cy, fake.channel, "replay", game=number)).original()
            assert refused.ephemeral and refused.readable == f"There is no game #{number} on this server."
        in_dm = await (await fake.slash(cy, fake.dm_channel(cy), "replay", game=game)).reply()
        assert in_dm.readable == "Use `/replay` in the server where the game is played."
        # Forged buttons: an out-of-range turn is brought within the game; another server's game, a number too
        # long to be one and an unknown mark change nothing and say so.
        def planted(custom_id: str) -> FakeMessage:
            """A message of the bot's carrying a button with a made-up id (as a forger would)."""
            return fake.world.create_message(fake.channel, {"content": "planted", "components": [
                {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}]}, [])

        last = await pressed(cy, planted(f"bg:replay:{game}:99999:n"), f"bg:replay:{game}:99999:n")
        assert f"after turn {turns} of {turns}**" in last.readable
        first_again = await pressed(cy, planted(f"bg:replay:{game}:0:p"), f"bg:replay:{game}:0:p")
        assert f"after turn 1 of {turns}**" in first_again.readable
        answers = []
        for custom_id in (f"bg:replay:{elsewhere.game_id}:1:n", f"bg:replay:{game}:1234567890:n",
                          f"bg:replay:{game}:3:x"):
            forged = planted(custom_id)
            interaction = await fake.click(cy, forged, custom_id)
            answers.append(await interaction.original() if (await interaction.callback()).type != 6
                           else (await interaction.followups())[-1])
            assert forged.readable == "planted"  # the message it is on stays as it was
        await fake.idle()
        assert all(a.ephemeral for a in answers)
        assert answers[0].readable == f"There is no game #{elsewhere.game_id} on this server."
        assert all("moved on" in a.readable for a in answers[1:]), [a.readable for a in answers]
    # Nothing any replay showed, in words or in an image's description, is what only one seat knew.
    shown = [m.readable for m in seen] + [h.get("content", "") for m in seen for h in m.history]
    shown += [a.description or "" for m in seen for a in m.attachments]
    assert len(shown) > 10
    leaks = {s for s in secret for text in shown if s in text}
    assert not leaks, leaks
    assert not any("cards: " in text for text in shown)
    assert fake.dms(cy) == [] and not fake.errors


async def test_a_running_game_with_player_boards_shows_the_turns_own_board_too(fake_discord: FakeDiscord,
                                                                              sqlite_store: SqliteStore) -> None:
    """The Castles of Burgundy's board draws the estate of whoever acts next: a step shows, beside it, the estate
    of whoever played the turn.  A running game shows its turns that are over, and says it goes on."""
    fake, store = fake_discord, sqlite_store
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    service = drawing_service(store)
    game, log = await play_out(service, fake.guild.id, fake.channel.id, [ann, bo], "castles-of-burgundy", 40)
    await delivered(store)
    engine = engines.get("castles-of-burgundy")
    snap = await service.snapshot(fake.channel.id)
    assert snap.game.status is Status.RUNNING and snap.turn_number is not None
    turns = snap.turn_number - 1
    async with bot_running(fake, service, scheduler_interval=None) as bot:
        reply = await (await fake.slash(bo, fake.channel, "replay", turn=turns)).original()
        assert f"after turn {turns} of {turns}**" in reply.readable
        assert reply.readable.endswith("The game goes on: the turn in progress is not shown until it is over.")
        board, own = reply.attachments
        assert board.filename == f"game-{game}-turn-{turns}.png" and own.is_png
        assert own.filename == f"game-{game}-turn-{turns}-player.png"
        assert (own.description or "").startswith(f"The Castles of Burgundy, game #{game}: ")
        assert f"own board after their turn {turns}." in (own.description or "")
        # Whose turn it was: the log line names them, and it is their estate.
        player = reply.readable.splitlines()[1].split(": ")[0].split(". ", 1)[1]
        seat = list(snap.names).index(player)
        state = engine.new_game(2, snap.game.seed, snap.game.options)
        for mover, key in log:  # up to the end of the last turn that is over
            if engine.turn_number(state) > turns:
                break
            state, _ = engine.apply(state, mover, engine.parse_action(state, mover, key))
        assert own.data == render.draw_player("castles-of-burgundy", engine.view(state, None), list(snap.names),
                                              seat)
        interaction = await fake.click(bo, reply, button(reply, "◀"))
        await interaction.edits()
        await fake.idle()
        assert f"after turn {turns - 1} of {turns}**" in reply.readable and len(reply.attachments) == 2
        assert bot.drawn.draws == 4
