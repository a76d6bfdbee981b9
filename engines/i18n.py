"""Languages: which one a text is being written in, and each package's message catalog (gettext).

Every text a player reads is written in English in the code and marked for translation:
``_("{who} builds a wall.", who=who)`` (a message with named fields), ``ngettext("{n} card",
"{n} cards", n)`` (a plural: the catalog knows each language's plural rule), ``pgettext("button",
"Play")`` (the same English in two senses) and ``N_("…")`` (a constant kept in English and translated
where it is used: ``_(RULES)``).  The lookup happens at call time, in the language of the work being
done: a context variable set with :func:`speaking` around the work (the bot sets the reader's language
for an ephemeral reply or a DM, the game's for a channel post or an image).  A context variable
follows the work across ``await`` and into worker threads, and never leaks into another task.

Each package has its own catalog (a gettext *domain*): ``engines/locale`` for what every game shares,
``engines/<game>/locale`` for a game (its engine and its images), ``bot/locale`` for the bot.  The
catalogs are ``.po`` files compiled to ``.mo`` (``python -m bot.catalogs``, with Babel); reading them
needs only the standard library, so engines still run anywhere.  English is the source: a message
missing from a catalog reads in English (the tests refuse any such message in pt_BR or de).
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

#: The languages the bot speaks, as catalog names; English is the source.
ENGLISH = "en"
LANGUAGES: tuple[str, ...] = (ENGLISH, "pt_BR", "de")
#: Each language in itself, for menus and ``/language``.
NAMES: dict[str, str] = {ENGLISH: "English", "pt_BR": "Português (Brasil)", "de": "Deutsch"}

_CURRENT: ContextVar[str] = ContextVar("language", default=ENGLISH)
_SPOKEN = frozenset(LANGUAGES)


def supported(tag: str | None) -> str | None:
    """The catalog language for a language tag — ``pt-BR``/``pt_BR``/``pt`` → ``pt_BR``, ``de-AT`` →
    ``de``, ``en-GB`` → ``en`` (Discord's locales and ours) — or None for a language we do not speak."""
    if not tag:
        return None
    if tag in _SPOKEN:  # already a catalog name: the common case, kept cheap
        return tag
    parts = tag.replace("-", "_").split("_")
    base = parts[0].casefold()
    if base == "pt":
        return "pt_BR"   # the one Portuguese we have: a Portuguese reader is better served by it than by English
    return next((lang for lang in LANGUAGES if lang.casefold() == base), None)


def choose(*tags: str | None) -> str:
    """The first of ``tags`` we speak (e.g. the user's choice, then their client's), else English."""
    return next((lang for tag in tags if (lang := supported(tag)) is not None), ENGLISH)


def current() -> str:
    """The language texts are being written in now."""
    return _CURRENT.get()


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Write texts in ``language`` (any tag :func:`supported` reads; None or an unknown one: English)
    until the block ends."""
    lang = supported(language) or ENGLISH
    token = _CURRENT.set(lang)
    try:
        yield lang
    finally:
        _CURRENT.reset(token)


def use(language: str | None) -> str:
    """Write texts in ``language`` from now on in this task (or thread) — for a task that answers one reader
    (each asyncio task has its own copy of the context, so nothing leaks into another)."""
    lang = supported(language) or ENGLISH
    _CURRENT.set(lang)
    return lang


def N_(message: str) -> str:
    """Marks a constant for the catalog; translate it where it is shown (``_(CONSTANT)``)."""
    return message


class Catalog:
    """One package's messages (a gettext domain in ``directory``/<lang>/LC_MESSAGES/<domain>.mo)."""

    def __init__(self, domain: str, directory: Path) -> None:
        self.domain = domain
        self.directory = directory
        self._loaded: dict[str, _gettext.NullTranslations] = {}

    def translation(self, language: str) -> _gettext.NullTranslations:
        found = self._loaded.get(language)
        if found is None:
            # A missing catalog reads as English (the source) rather than failing a move.
            found = (_gettext.NullTranslations() if language == ENGLISH else
                     _gettext.translation(self.domain, self.directory, [language], fallback=True))
            self._loaded[language] = found
        return found

    def gettext(self, message: str, /, **fields: Any) -> str:
        """``message`` in the current language, its ``{fields}`` filled in."""
        language = _CURRENT.get()
        text = message if language == ENGLISH else self.translation(language).gettext(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form for ``n`` in the current language, ``{n}`` and the other fields filled in."""
        return self.translation(current()).ngettext(singular, plural, n).format(n=n, **fields)

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        """``message`` in the sense ``context`` names (a button's "Play" and a verb may differ)."""
        text = self.translation(current()).pgettext(context, message)
        return text.format(**fields) if fields else text

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """:meth:`ngettext` in the sense ``context`` names."""
        return self.translation(current()).npgettext(context, singular, plural, n).format(n=n, **fields)


_ENGINES = Path(__file__).resolve().parent
#: What every game shares (the engine protocol's messages, the images' common labels).
COMMON = Catalog("common", _ENGINES / "locale")
_GAMES: dict[str, Catalog] = {}


def game_catalog(package: str) -> Catalog:
    """The catalog of the game in ``engines/<package>`` (its engine's and its images' texts)."""
    found = _GAMES.get(package)
    if found is None:
        found = _GAMES[package] = Catalog(package, _ENGINES / package / "locale")
    return found
