"""The bot's own texts (its catalog) and whose language a text is written in.

A channel post, a board image and a reminder in a game's thread are in the game's language (chosen at
``/<game> new language:…``, else the server's); an ephemeral reply and a DM are in the reader's: the
language they chose with ``/language``, else their Discord client's.  :func:`engines.i18n.speaking` sets
the language for the work that writes a text.
"""

from __future__ import annotations

from pathlib import Path

from engines.i18n import Catalog

#: The bot's messages (``bot/locale/<lang>/LC_MESSAGES/bot.po``).
BOT = Catalog("bot", Path(__file__).resolve().parent / "locale")
_, ngettext, pgettext = BOT.gettext, BOT.ngettext, BOT.pgettext
