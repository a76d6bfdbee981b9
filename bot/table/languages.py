"""Languages at the table: a player's own (``/language``), and the one a reader is answered in.

A reader is answered in the language they chose, else their Discord client's (``interaction.locale``),
which is also remembered: a DM written while someone else clicks (a hand after their move) is in the
language its reader's client last showed.  See :mod:`bot.language` for who reads what.
"""

from __future__ import annotations

from bot.language import _
from bot.table.errors import TableError, replies
from bot.table.results import Problem, Reply, User
from bot.table.tables import Tables
from engines.i18n import LANGUAGES, NAMES, choose, speaking, supported

#: What ``/language`` takes besides a language: back to the client's.
AUTOMATIC = "auto"


class Languages:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    async def reader(self, user_id: int, locale: str | None) -> str:
        """The language to answer this user in: their choice, else their client's (stored when it changes,
        for the DMs written while someone else clicks).  Read through the tables' short-lived memory of
        languages: a click costs no store read."""
        chosen, seen = (await self.tables.languages_of([user_id])).get(user_id, ("", ""))
        client = supported(locale) or ""
        if client and client != seen:
            await self.store.set_locale(user_id, client)
            self.tables.remember_language(user_id, chosen, client)
        return choose(chosen, client, seen)

    @replies
    async def set_language(self, user: User, language: str) -> Reply:
        """Choose the language the bot answers ``user`` in (``auto``: their Discord client's again)."""
        seen = (await self.tables.languages_of([user.id])).get(user.id, ("", ""))[1]
        if language.strip().casefold() in (AUTOMATIC, ""):
            await self.store.set_language(user.id, "")
            self.tables.remember_language(user.id, "", seen)
            return Reply(_("I will answer you in your Discord app's language again."))
        chosen = supported(language)
        if chosen is None:
            names = ", ".join(f"{NAMES[lang]} (`{lang}`)" for lang in LANGUAGES)
            raise TableError(Problem.BAD_REQUEST, _("I do not speak `{language}`; I speak {names}.",
                                                    language=language[:40], names=names))
        await self.store.set_language(user.id, chosen)
        self.tables.remember_language(user.id, chosen, seen)
        with speaking(chosen):  # said in the language just chosen
            return Reply(_("From now on I answer you in {name}: private replies and DMs. A game's thread stays "
                           "in the game's language.", name=NAMES[chosen]))
