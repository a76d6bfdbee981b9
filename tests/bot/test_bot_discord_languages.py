"""The Discord layer, the console and the table service in pt_BR and de: labels, /help, refusals, console
lines and game notes are translated with their fields kept; every slash command's localised names are names
Discord accepts (one lower-case word, at most 32 characters, unique among siblings) and its localised
descriptions fit Discord's 100 characters."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.console import console_users, format_view, seat_name
from bot.console_words import COMMANDS
from bot.console_words import help_text as console_help
from bot.discord import commands
from bot.discord.commands import all_commands, help_text
from bot.discord.components import PlayButton, choices_view
from bot.discord.translator import CHOICE, NAME, command_texts, translated
from bot.language import COMMAND_DESCRIPTION, OPTION_DESCRIPTION, _
from bot.outbox import Deliverer
from bot.store import Store
from bot.table import TableService
from bot.table.results import Choice
from engines.i18n import ENGLISH, speaking
from tests.bot.helpers import ANN, CHANNEL, GUILD, ok
from tests.bot.tinygame import SprintEngine, lookup

TRANSLATED = ("de", "pt_BR")
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
#: Names that stay as they are in every language: the games' commands.
GAME_COMMANDS = {"burgenland", "burgen-land", "burgundy", "buerger"}


def in_each(make: Any) -> dict[str, Any]:
    """``make()`` in English and in each translated language."""
    found = {}
    for language in (ENGLISH, *TRANSLATED):
        with speaking(language):
            found[language] = make()
    return found


# ---------------------------------------------------------------------- components


def test_button_labels_and_menus_follow_the_language() -> None:
    labels = in_each(lambda: PlayButton(12, 3).item.label)
    assert labels == {ENGLISH: "Play my turn", "de": "Meinen Zug spielen", "pt_BR": "Jogar minha vez"}


async def test_a_long_menu_is_grouped_and_paged_in_the_readers_language() -> None:
    choices = [Choice(f"build {i} x", f"Build {i}") for i in range(30)] + [Choice("take", "Take")]
    for language in TRANSLATED:
        with speaking(language):
            view = choices_view(5, 7, choices)
            grouped = choices_view(5, 7, choices, prefix="build")
        assert view is not None and grouped is not None
        (select,) = _items(view, discord.ui.Select)
        labels = [o.label for o in select.options]
        assert "build … (30 choices)" not in labels and any(label.startswith("build … (30 ") for label in labels)
        assert select.placeholder not in (None, "Choose your move")
        (picker,) = _items(grouped, discord.ui.Select)
        assert picker.placeholder is not None and "build" in picker.placeholder
        assert not picker.placeholder.startswith("Choose:")
        assert "more choices ▶" not in [o.label for o in picker.options] and picker.options[-1].label.endswith("▶")
        (back,) = _items(grouped, discord.ui.Button)
        assert back.label.startswith("◀") and back.label != "◀ back"


def _items(view: discord.ui.View, kind: type[Any]) -> list[Any]:
    """The view's components of a kind (a dynamic item counts as the component it wraps)."""
    return [item for child in view.children if isinstance(item := getattr(child, "item", child), kind)]


# ---------------------------------------------------------------------- /help and refusals


def test_the_help_text_is_translated_with_the_games_and_the_localised_commands() -> None:
    texts = in_each(help_text)
    assert texts[ENGLISH].startswith("**Board games in this server**")
    for language in TRANSLATED:
        text = texts[language]
        assert text != texts[ENGLISH] and "{games}" not in text
        assert all(f"`/{game}`" in text for game in ("burgenland", "burgundy", "buerger", "burgen-land"))
    assert "`/zug`" in texts["de"] and "`/jogada`" in texts["pt_BR"]


class _Unwritten(SprintEngine):
    """A game without a notation guide: /help words how to type its moves itself."""
    notation_help = ""


def test_help_for_a_game_without_a_notation_points_to_what_discord_has() -> None:
    """The console's words point to its `moves` command; Discord has none: /help names `/move` (which suggests
    the legal moves) and the Play my turn button, by the names the reader's app shows."""
    said = in_each(lambda: commands.how_to_write_moves(_Unwritten()))
    assert said[ENGLISH] == ("Type a move as Sprint writes it: `/move` suggests the legal ones as you type, or press "
                             "**Play my turn**.")
    assert "`/zug`" in said["de"] and "**Meinen Zug spielen**" in said["de"]
    assert "`/jogada`" in said["pt_BR"] and "**Jogar minha vez**" in said["pt_BR"]
    assert not any("`moves`" in text or "`züge`" in text for text in said.values())
    assert commands.how_to_write_moves(SprintEngine()) == SprintEngine.notation_help

class _Response:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, **kwargs: Any) -> None:
        self.sent.append(text)


class _Interaction:
    """Just enough of an interaction for a command that refuses before calling the service."""

    def __init__(self) -> None:
        self.response = _Response()
        self.guild_id = None


async def _refusal(command: app_commands.Command[Any, ..., Any], *args: Any) -> str:
    interaction = _Interaction()
    await command.callback(interaction, *args)  # type: ignore[arg-type]
    (text,) = interaction.response.sent
    return text


async def test_refusals_in_commands_are_in_the_readers_language() -> None:
    said: dict[str, list[str]] = {}
    bot_member = type("Member", (), {"bot": True})()
    for language in (ENGLISH, *TRANSLATED):
        with speaking(language):
            said[language] = [await _refusal(commands.games), await _refusal(commands.stats),
                              await _refusal(commands.replace, bot_member)]
    assert said[ENGLISH] == ["Use `/games` in a server; in DMs, `/mygames` lists your games.",
                             "Use `/stats` in a server: results are counted per server.",
                             "A bot cannot take a seat; pick a person."]
    for language in TRANSLATED:
        assert all(t != e for t, e in zip(said[language], said[ENGLISH], strict=True))
    assert "`/partien`" in said["de"][0] and "`/meine-partien`" in said["de"][0]
    assert "`/partidas`" in said["pt_BR"][0] and "`/estatísticas`" in said["pt_BR"][1]


def test_the_start_answers_keep_their_fields() -> None:
    for language in TRANSLATED:
        with speaking(language):
            text = _("You opened game #{game} in {channel}. Friends press **Join** there.", game=42,
                     channel="<#99>")
        assert "#42" in text and "<#99>" in text and "Friends" not in text


# ---------------------------------------------------------------------- the console


def test_console_lines_are_in_the_games_language() -> None:
    seats = in_each(lambda: seat_name(1, "Bo"))
    assert seats == {ENGLISH: "Seat 2 (Bo)", "de": "Platz 2 (Bo)", "pt_BR": "Lugar 2 (Bo)"}
    names = in_each(lambda: [u.name for u in console_users(3, ["Ann", "Bo"])])
    assert names[ENGLISH][2] == "Player 3" and names["de"][2] == "Spieler 3" and names["pt_BR"][2] == "Jogador 3"
    views = in_each(lambda: format_view({"hand": [], "done": True, "note": None}))
    assert views[ENGLISH] == "  hand: none\n  done: yes"  # nothing said of what is not there
    assert views["de"] == "  hand: keine\n  done: ja"
    helps = in_each(console_help)
    for language in TRANSLATED:  # each command under the word its reader types; the English words named too
        assert helps[language] != helps[ENGLISH]
        assert ", ".join(COMMANDS) in helps[language].splitlines()[-1]
    words = {"de": ("züge", "zurücknehmen", "spielplan", "status", "verlassen"),
             "pt_BR": ("jogadas", "desfazer", "tabuleiro", "status", "sair"),
             ENGLISH: ("moves", "undo", "board", "status", "quit")}
    for language, typed in words.items():
        assert all(f"\n  {word} " in helps[language] for word in typed)


# ---------------------------------------------------------------------- the table service


async def test_a_games_note_is_written_in_its_language(store: Store) -> None:
    service = TableService(store, engines_lookup=lookup)
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2, language="de"))
    ok(await service.cancel(CHANNEL, ANN))
    status = ok(await service.status(CHANNEL)).text
    assert "Abgesagt von Ann." in status.splitlines()


async def test_a_closed_dm_notice_is_told_in_the_tables_language(store: Store) -> None:
    service = TableService(store, engines_lookup=lookup)
    created = ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2, language="pt-BR"))
    deliverer = Deliverer(store, transport=None)  # type: ignore[arg-type]  # only the language is asked
    assert await deliverer._table_language(created.game_id) == "pt_BR"
    assert await deliverer._table_language(None) == ENGLISH


# ---------------------------------------------------------------------- the slash commands


def _siblings(items: Sequence[Any]) -> Iterator[tuple[list[tuple[str, Where]], list[Any]]]:
    """Each group of sibling names (top-level commands, a group's subcommands, a command's options), with
    their translation locations, depth first; and each option's choices."""
    yield [(c.name, Where.group_name if isinstance(c, app_commands.Group) else Where.command_name)
           for c in items], []
    for command in items:
        if isinstance(command, app_commands.Group):
            yield from _siblings(command.commands)
        else:
            yield [(p.display_name, Where.parameter_name) for p in command.parameters], [
                c for p in command.parameters for c in p.choices]


@pytest.mark.parametrize("language", TRANSLATED)
def test_localised_command_names_are_names_discord_accepts(language: str) -> None:
    localised_all: set[str] = set()
    for names, choices in _siblings(all_commands()):
        localised = [translated(name, where, language) for name, where in names]
        for name in localised:
            assert DISCORD_NAME.match(name) and name == name.lower(), (language, name)
        assert len(set(localised)) == len(localised), (language, localised)
        localised_all.update(localised)
        for choice in choices:
            assert 1 <= len(translated(choice.name, Where.choice_name, language)) <= 100
    # Translated indeed: the shared commands and the subcommands have names of their own.
    assert {"zug", "neu", "hilfe"} <= localised_all or {"jogada", "nova", "ajuda"} <= localised_all
    assert all(translated(g, Where.group_name, language) == g for g in GAME_COMMANDS)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_command_text_is_translated_and_fits(language: str) -> None:
    kept = GAME_COMMANDS | {"hand", "bots", "text", "thread", "export", "normal", "English", "Deutsch",
                            "Português (Brasil)"}
    for text, context in command_texts(all_commands()):
        where = {NAME: Where.command_name, CHOICE: Where.choice_name, COMMAND_DESCRIPTION: Where.command_description,
                 OPTION_DESCRIPTION: Where.parameter_description}[context or ""]
        localised = translated(text, where, language)
        if context in (COMMAND_DESCRIPTION, OPTION_DESCRIPTION):
            assert localised != text and len(localised) <= 100, (language, text, localised)
        elif text not in kept:
            assert localised != text, (language, context, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_names_each_command_as_its_readers_app_shows_it(language: str) -> None:
    """The bot's texts tell the reader what to type: `/zug`, not `/move`; `neu`, not `new`; `/mão` once the
    command is called so.  A translator writes these names by hand, so every command a translation names in
    backticks must be one the reader's Discord app offers in that language, and no English name that the app
    shows otherwise may be left in.  (The games' catalogs name typed moves, which the console reads too.)"""
    from babel.messages.pofile import read_po

    from bot.catalogs import DOMAINS
    names = {(text, where): translated(text, where, language) for text, context in command_texts(all_commands())
             if context == NAME for where in (Where.command_name,)}
    offered = set(names.values())
    english_only = {text for (text, _where), shown in names.items() if shown != text} - offered
    domain = next(d for d in DOMAINS if d.name == "bot")
    with domain.po(language).open("rb") as f:
        catalog = read_po(f)
    wrong = []
    for message in catalog:
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for text in forms:
            for typed in re.findall(r"`([^`\n]+)`", str(text)):
                word = typed.split()[0]
                if word.startswith("/") and not word.startswith("/<"):
                    if word[1:] not in offered:
                        wrong.append((word, text))
                elif word in english_only:
                    wrong.append((word, text))
    assert wrong == [], wrong


@pytest.mark.parametrize("language", (ENGLISH, *TRANSLATED))
def test_no_command_text_is_cut_in_any_language(language: str) -> None:
    """Discord allows a description 100 characters and a name 32 (one lower-case word).  discord.py cuts a longer
    English description itself, ending it with "…", so the English as written must fit too: no description may
    end so, in any language, nor pass the limits."""
    for text, context in command_texts(all_commands()):
        where = {NAME: Where.command_name, CHOICE: Where.choice_name, COMMAND_DESCRIPTION: Where.command_description,
                 OPTION_DESCRIPTION: Where.parameter_description}[context or ""]
        localised = translated(text, where, language)
        if context == NAME:
            assert DISCORD_NAME.match(localised) and localised == localised.lower(), (language, localised)
        else:
            assert len(localised) <= 100 and not localised.endswith("…"), (language, localised)


def test_a_game_for_one_number_of_players_offers_it_without_a_range() -> None:
    """Burgen Land is for 2 players only: its `players` option says "only 2", not "2–2"; a game for 2 to 4 says
    "2–4"."""
    def players(command: str) -> str:
        (group,) = [c for c in all_commands() if c.name == command]
        assert isinstance(group, app_commands.Group)
        (new,) = [c for c in group.commands if c.name == "new"]
        assert isinstance(new, app_commands.Command)
        return next(p.description for p in new.parameters if p.name == "players")

    assert players("burgen-land").startswith("How many players (only 2);") and "2–2" not in players("burgen-land")
    assert players("burgenland").startswith("How many players (2–4);")


def test_the_consoles_notation_fallback_names_its_moves_command_in_each_language() -> None:
    """Where a game has no notation guide the console's words point to its `moves` command, by the word a player
    of that language types."""
    from bot import console_words
    from bot.table import wording
    for language in (ENGLISH, *TRANSLATED):
        with speaking(language):
            assert f"`{console_words.local('moves')}`" in wording.no_notation("Sprint"), language


async def test_help_in_a_channel_whose_game_the_bot_no_longer_offers_is_the_help_alone() -> None:
    """/help names the channel's game's notation; a stored game of an engine no longer registered gets the general
    help, not a traceback."""
    from types import SimpleNamespace

    async def snapshot(channel_id: int) -> Any:
        return SimpleNamespace(game=SimpleNamespace(id=7, engine="retired-game"))

    interaction = _Interaction()
    interaction.client = SimpleNamespace(service=SimpleNamespace(snapshot=snapshot))  # type: ignore[attr-defined]
    interaction.channel_id = CHANNEL  # type: ignore[attr-defined]
    await commands.help_.callback(interaction)  # type: ignore[arg-type]
    assert interaction.response.sent == [help_text()]
