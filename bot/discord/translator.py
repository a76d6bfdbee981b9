"""Slash commands in the reader's language: discord.py asks a :class:`app_commands.Translator` for every
command, option and choice name and description when the tree is synced, and Discord shows each user
the ones of their client's language.  The texts live in the bot's catalog, each under the context that says
what it is (:data:`bot.language.LIMITS` holds Discord's limit for each, which the catalog check applies): names
under ``command name`` (a name must stay one lower-case word: Discord refuses others), descriptions under
``command description`` and ``option description``, choices under ``choice``.  :func:`command_texts` lists them
all, for the catalog's extraction.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.language import BOT, CHOICE, COMMAND_DESCRIPTION, COMMAND_NAME, OPTION_DESCRIPTION
from engines.i18n import ENGLISH, speaking, supported

NAME = COMMAND_NAME
_CONTEXTS = {Where.command_name: NAME, Where.group_name: NAME, Where.parameter_name: NAME,
             Where.command_description: COMMAND_DESCRIPTION, Where.group_description: COMMAND_DESCRIPTION,
             Where.parameter_description: OPTION_DESCRIPTION, Where.choice_name: CHOICE}


def translated(text: str, location: Where, language: str) -> str:
    """``text`` (a command's name, description or choice) in ``language``."""
    context = _CONTEXTS.get(location)
    with speaking(language):
        return BOT.pgettext(context, text) if context else BOT.gettext(text)


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = supported(locale.value)
        if language is None or language == ENGLISH:
            return None   # Discord shows the English
        text = translated(string.message, context.location, language)
        return None if text == string.message else text


def command_texts(commands: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group]
                  ) -> Iterator[tuple[str, str | None]]:
    """Every (text, catalog context) of these commands, their subcommands, options and choices."""
    for command in commands:
        yield command.name, NAME
        yield command.description, COMMAND_DESCRIPTION
        if isinstance(command, app_commands.Group):
            yield from command_texts(command.commands)
            continue
        for parameter in command.parameters:
            yield parameter.display_name, NAME   # the name Discord is told (a renamed option: its display name)
            yield parameter.description, OPTION_DESCRIPTION
            for choice in parameter.choices:
                yield choice.name, CHOICE
