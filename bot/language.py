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
_, ngettext, pgettext = BOT.gettext, BOT.ngettext, BOT.pgettext


def lazy_constants(constants: Mapping[str, str], module: str) -> Callable[[str], str]:
    """A module's ``__getattr__`` (PEP 562) reading its text constants (marked ``N_``) in the current
    language when used, not once at import: ``wording.STALE`` is German in a German reply."""

    def __getattr__(name: str) -> str:
        try:
            return _(constants[name])
        except KeyError:
            raise AttributeError(f"module {module!r} has no attribute {name!r}") from None

    return __getattr__
