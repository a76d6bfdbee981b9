"""A Brazilian and a German player at one table, through the fake Discord: each reads their replies, DMs and
move suggestions in their own language, the game's thread is in the server's language, and the synced
commands carry their names and descriptions in both languages."""

from __future__ import annotations

from bot.language import pgettext
from bot.store.sqlite import SqliteStore
from bot.table import wording as W
from bot.table import wording_lobby
from bot.table.results import User
from engines.i18n import speaking
from tests.e2e.fake import FakeDiscord
from tests.e2e.helpers import bot_running, drawing_service
from tests.e2e.test_bot_games import said_in


async def test_each_player_reads_their_language_and_the_thread_the_games(fake_discord: FakeDiscord,
                                                                          sqlite_store: SqliteStore) -> None:
    fake = fake_discord
    fake.guild.locale = "de"                       # the server's language: a new table's by default
    ana, jonas = fake.add_member("Ana"), fake.add_member("Jonas")
    ana.locale, jonas.locale = "pt-BR", "de"       # their Discord apps' languages
    async with bot_running(fake, drawing_service(sqlite_store), scheduler_interval=None) as bot:
        move = fake.world.find_command(None, "move")
        assert move is not None
        assert set(move["name_localizations"]) == {"pt-BR", "de"}
        assert set(move["description_localizations"]) == {"pt-BR", "de"}
        assert move["description_localizations"]["de"] != move["description"]

        opened = await (await fake.slash(ana, fake.channel, "buerger new", players=2)).original()
        assert opened.ephemeral and "#1" in opened.readable and "You opened" not in opened.readable
        thread = fake.threads(fake.channel)[-1]
        lobby = said_in(fake, thread)[0]
        with speaking("de"):
            join = pgettext("button", "Join")
        assert join != "Join"
        # Jonas presses the German button under the German lobby; the table fills and starts.
        await (await fake.click(jonas, lobby, label=join)).callback()
        await fake.idle()
        seats = (await bot.service.snapshot(thread.id)).user_ids   # the seating is drawn at the start
        with speaking("pt_BR"):
            assert fake.dms(ana)[0].readable == wording_lobby.your_seat(seats.index(ana.id), 1)
        with speaking("de"):
            assert fake.dms(jonas)[0].readable == wording_lobby.your_seat(seats.index(jonas.id), 1)
            start = said_in(fake, thread)[-1].readable
            assert "Partie #1" in start and "Game #1" not in start
            # The images' alt text too: the board's in the table's language, each hand's in its reader's.
            board_alt = [a.description for m in said_in(fake, thread) for a in m.attachments][-1] or ""
            assert "Partie #1: der Spielplan." in board_alt and "Punktestand" in board_alt, board_alt
        hand_alts = {u.name: next(a.description or "" for d in fake.dms(u) for a in d.attachments)
                     for u in (ana, jonas)}
        assert "partida #1: o que só Ana vê" in hand_alts["Ana"], hand_alts
        assert "Partie #1: was nur Jonas sieht" in hand_alts["Jonas"], hand_alts

        # Whoever is to act asks for suggestions and plays one: their replies are theirs.
        snap = await bot.service.snapshot(thread.id)
        mover, language = (ana, "pt_BR") if snap.user_ids[snap.to_act[0]] == ana.id else (jonas, "de")
        suggested = await fake.autocomplete(mover, thread, "move", option="text")
        with speaking(language):
            labels = [c.label for c in (await bot.service.moves(thread.id, User(mover.id, mover.name))).choices]
        assert [s["name"] for s in suggested] == labels[:25]
        with speaking("en"):
            english = [c.label for c in (await bot.service.moves(thread.id, User(mover.id, mover.name))).choices]
        assert labels != english
        answer = await (await fake.slash(mover, thread, "move", text=suggested[0]["value"])).original()
        with speaking(language):
            assert answer.ephemeral and answer.readable.startswith(W.played("").strip())


async def test_command_names_with_accents_are_synced_and_reach_their_commands(fake_discord: FakeDiscord,
                                                                            sqlite_store: SqliteStore) -> None:
    """Discord takes letters with accents in a command's name (ã, é, ü): the Brazilian `/mão`, `/histórico` and
    `/férias`, the German `/zurück`, `/partie-abbrechen` and the option `öffentlich` are synced as the commands'
    names in those languages, and a player whose app is in that language reaches each command by typing it."""
    fake = fake_discord
    ana, jonas = fake.add_member("Ana"), fake.add_member("Jonas")
    ana.locale, jonas.locale = "pt-BR", "de"
    async with bot_running(fake, drawing_service(sqlite_store), scheduler_interval=None):

        def shown(name: str, locale: str) -> str:
            command = fake.world.find_command(None, name)
            assert command is not None
            return str(command["name_localizations"][locale])

        assert [shown(n, "pt-BR") for n in ("hand", "log", "vacation")] == ["mão", "histórico", "férias"]
        assert [shown(n, "de") for n in ("undo", "abandon")] == ["zurück", "partie-abbrechen"]

        # Ana opens a table by the names her app shows; Jonas joins.
        opened = await (await fake.slash(ana, fake.channel, "burgen-land nova", jogadores=2)).original()
        assert opened.ephemeral and "#1" in opened.readable
        thread = fake.threads(fake.channel)[-1]
        await (await fake.click(jonas, said_in(fake, thread)[0], label="Join")).callback()
        await fake.idle()

        hand = await (await fake.slash(ana, thread, "mão")).original()
        assert hand.ephemeral and "partida #1" in hand.readable, hand.readable
        log = await (await fake.slash(ana, thread, "histórico")).original()
        with speaking("pt_BR"):
            assert log.ephemeral and log.readable.startswith(W.log_header(1, 1, 1)), log.readable
        undo = await (await fake.slash(jonas, thread, "zurück")).original()
        with speaking("de"):
            assert undo.ephemeral and undo.readable == W.NOTHING_TO_UNDO, undo.readable
        board = await (await fake.slash(jonas, thread, "spielplan", öffentlich=False)).original()
        assert board.ephemeral and board.attachments
        asked = await (await fake.slash(jonas, thread, "partie-abbrechen")).original()
        with speaking("de"):
            assert asked.readable == "Partie #1 abbrechen? Sie endet für alle, ohne Ergebnis.", asked.readable
        away = await (await fake.slash(ana, thread, "férias", dias=0)).original()
        with speaking("pt_BR"):
            assert away.readable == W.NOT_ON_VACATION, away.readable
