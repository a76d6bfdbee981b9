"""The bot's own texts (its catalog) and whose language a text is written in.

A channel post, a board image and a reminder in a game's thread are in the game's language (chosen at
``/<game> new language:…``, else the server's); an ephemeral reply and a DM are in the reader's: the
language they chose with ``/language``, else their Discord client's.  :func:`engines.i18n.speaking` sets
the language for the work that writes a text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from engines.i18n import Catalog

#: The bot's messages (``bot/locale/<lang>/LC_MESSAGES/bot.po``).
BOT = Catalog("bot", Path(__file__).resolve().parent / "locale")
_, ngettext, pgettext, npgettext = BOT.gettext, BOT.ngettext, BOT.pgettext, BOT.npgettext

# What a text is on Discord, named by the catalog context that marks it (``pgettext(BUTTON, "Join")``): a
# translator reads the context beside the text, and ``python -m bot.catalogs check`` holds every language to
# Discord's limit for it (a button's label cut at 80 characters would hide the end of the translation).
BUTTON = "button"
MENU_OPTION = "menu option"                        # a select's option label
MENU_OPTION_DESCRIPTION = "menu option description"
MENU_PLACEHOLDER = "menu placeholder"
MODAL_TITLE = "modal title"
COMMAND_NAME = "command name"
COMMAND_DESCRIPTION = "command description"
OPTION_DESCRIPTION = "option description"          # a slash command option's description
CHOICE = "choice"                                  # the name of an option's choice
#: Discord's limit, in characters, on each kind of text (its API documentation's).
LIMITS: dict[str, int] = {
    BUTTON: 80, MENU_OPTION: 100, MENU_OPTION_DESCRIPTION: 100, MENU_PLACEHOLDER: 150, MODAL_TITLE: 45,
    COMMAND_NAME: 32, COMMAND_DESCRIPTION: 100, OPTION_DESCRIPTION: 100, CHOICE: 100,
}


def command_name(name: str) -> str:
    """A command's or option's ``name`` as a reader of the current language types it (``new``: ``neu``, ``nova``):
    a text that tells the reader what to type names the command as their Discord app shows it."""
    return pgettext(COMMAND_NAME, name)


def lazy_constants(constants: Mapping[str, str], module: str) -> Callable[[str], str]:
    """A module's ``__getattr__`` (PEP 562) reading its text constants (marked ``N_``) in the current
    language when used, not once at import: ``wording.STALE`` is German in a German reply."""

    def __getattr__(name: str) -> str:
        try:
            return _(constants[name])
        except KeyError:
            raise AttributeError(f"module {module!r} has no attribute {name!r}") from None

    return __getattr__
