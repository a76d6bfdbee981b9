"""Who reads what, at the table service: a table's posts, boards and buttons in its language; a DM in its
reader's; a reply in the language of whoever asked.  Languages stored per user, on both backends."""

from __future__ import annotations

import re

import engines
from bot.store import Store
from bot.table import TableService, wording_lobby
from bot.table import wording as W
from bot.table.results import ChannelEdit, ChannelPost, PrivateMessage
from engines.i18n import speaking
from tests.bot.helpers import ANN, BO, CHANNEL, GUILD, ok

BUERGER = engines.get("buerger-baumeister")


async def test_languages_are_stored_per_user(store: Store) -> None:
    assert await store.languages([ANN.id, BO.id]) == {}
    await store.set_language(ANN.id, "pt_BR")
    await store.set_locale(ANN.id, "de")
    await store.set_locale(BO.id, "de")
    await store.set_reminders(BO.id, False)   # another setting of the same user leaves the languages alone
    assert await store.languages([ANN.id, BO.id, 999]) == {ANN.id: ("pt_BR", "de"), BO.id: ("", "de")}
    await store.set_language(ANN.id, "")
    assert await store.languages([ANN.id]) == {ANN.id: ("", "de")}
    assert await store.reminder_opt_outs([BO.id]) == {BO.id}


async def test_a_reader_is_answered_in_their_choice_else_their_client_language(store: Store) -> None:
    service = TableService(store)
    assert await service.reader(ANN.id, "pt-BR") == "pt_BR"
    assert await store.languages([ANN.id]) == {ANN.id: ("", "pt_BR")}  # remembered for DMs
    assert await service.reader(ANN.id, "fr") == "pt_BR"       # a client we do not speak: the last we knew
    ok(await service.set_language(ANN, "de"))
    assert await service.reader(ANN.id, "pt-BR") == "de"        # a choice wins over the client
    ok(await service.set_language(ANN, "auto"))
    assert await service.reader(ANN.id, "en-US") == "en"
    assert await service.reader(BO.id, None) == "en"


async def test_language_choice_answers_in_the_new_language_and_refuses_what_we_do_not_speak(store: Store) -> None:
    service = TableService(store)
    chosen = ok(await service.set_language(ANN, "de"))
    with speaking("de"):
        assert "Deutsch" in chosen.text and chosen.text.startswith("Ab jetzt")
    refused = await service.set_language(ANN, "klingon")
    assert not refused.ok and "`klingon`" in refused.text and "Português (Brasil) (`pt_BR`)" in refused.text
    assert await store.languages([ANN.id]) == {ANN.id: ("de", "")}   # the refusal changed nothing


async def test_a_table_opens_in_the_language_asked_for_else_english(store: Store) -> None:
    service = TableService(store)
    german = ok(await service.create("buerger-baumeister", GUILD, CHANNEL, ANN, seats=2, language="de"))
    other = ok(await service.create("buerger-baumeister", GUILD, CHANNEL + 1, BO, seats=2, language="xx"))
    assert (await store.get_game(german.game_id or 0)).settings["language"] == "de"  # type: ignore[union-attr]
    assert (await store.get_game(other.game_id or 0)).settings["language"] == "en"   # type: ignore[union-attr]
    lobby = next(a for a in german.outbox if isinstance(a, ChannelPost))
    assert lobby.buttons.language == "de"


async def test_posts_in_the_tables_language_dms_and_replies_in_their_readers(store: Store) -> None:
    """A German table; Ann reads Portuguese (her /language), Bo has said nothing (he reads the table's)."""
    service = TableService(store)
    ok(await service.set_language(ANN, "pt_BR"))
    with speaking("pt_BR"):  # Ann's requests are answered in her language (the Discord layer sets it)
        opened = ok(await service.create("buerger-baumeister", GUILD, CHANNEL, ANN, seats=2, seed=3, language="de"))
    started = ok(await service.join(CHANNEL, BO))
    assert opened.game_id is not None
    with speaking("pt_BR"):
        assert opened.text == wording_lobby.opened(opened.game_id) != _english(wording_lobby.opened, opened.game_id)
    hands = {m.user_id: m for m in started.outbox if isinstance(m, PrivateMessage)}
    assert hands[ANN.id].picture is not None and hands[ANN.id].picture.language == "pt_BR"
    assert hands[BO.id].picture is not None and hands[BO.id].picture.language == "de"
    seats = (await service.snapshot(CHANNEL)).user_ids   # the seating is drawn at the start
    with speaking("pt_BR"):
        assert hands[ANN.id].text == wording_lobby.your_seat(seats.index(ANN.id), opened.game_id)
    with speaking("de"):
        assert hands[BO.id].text == wording_lobby.your_seat(seats.index(BO.id), opened.game_id)
    start = next(a for a in started.outbox if isinstance(a, ChannelPost) and a.role == "turn")
    assert start.picture is not None and start.picture.language == "de" and start.buttons.language == "de"

    # Ann plays a whole turn, typed in Portuguese words where the notation has them; the reply is hers.
    snap = await service.snapshot(CHANNEL)
    mover = ANN if snap.user_ids[snap.to_act[0]] == ANN.id else BO
    reader = "pt_BR" if mover is ANN else "de"
    for _ in range(6):
        choices = ok(await service.moves(CHANNEL, mover)).choices
        with speaking(reader):
            reply = ok(await service.act(CHANNEL, mover, choices[0].key))
        if reply.post is not None:
            break
    assert isinstance(reply.post, ChannelPost | ChannelEdit)
    assert reply.post.picture is not None and reply.post.picture.language == "de"
    assert reply.post.buttons.language == "de"
    # The thread reads German: the scores line with the game's unit, and the moves as the engine words them.
    assert "Punktestand (Punkte)" in reply.post.text and "Scores (" not in reply.post.text
    # (the turn told short, since the next player's last turn: "• Ann: gelbes Haus 2 → gelb-S, +6 Punkte")
    assert re.search(r"^• \w+: .+ → .+\+\d+ Punkte", reply.post.text, re.M) and "points" not in reply.post.text
    with speaking("pt_BR" if mover is ANN else "de"):
        assert reply.text.startswith(W.played("").split(" ")[0])  # the mover's own answer is in their language
    for dm in (m for m in reply.outbox if isinstance(m, PrivateMessage)):
        assert dm.picture is None or dm.picture.language == ("pt_BR" if dm.user_id == ANN.id else "de")


def _english(say: object, *args: object) -> str:
    with speaking("en"):
        return say(*args)  # type: ignore[operator,no-any-return]
