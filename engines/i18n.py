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
import re
from collections.abc import Iterable, Iterator
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


def NP_(context: str, message: str) -> str:
    """Marks a constant for the catalog in the sense ``context`` names (as ``pgettext`` does); translate it where it
    is shown (``catalog.pgettext(context, CONSTANT)``)."""
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


# ---------------------------------------------------------------------------
# A view's words

#: The catalog contexts of a view's words (:class:`ViewWords`): the name of a field, and a value that is a word.
VIEW_FIELD = "view field"
VIEW_VALUE = "view value"
#: The fields every game's views share (the protocol's and the standing's), in the common catalog.
COMMON_VIEW_FIELDS: frozenset[str] = frozenset({
    # TRANSLATORS: the name of a field of a game's view, shown as text (the console's `board`): "players: 2"
    NP_("view field", "players"), NP_("view field", "to_act"), NP_("view field", "turn_number"),
    NP_("view field", "seat"), NP_("view field", "players_info"), NP_("view field", "over"),
    NP_("view field", "winner"), NP_("view field", "winners"),
    # TRANSLATORS: the final standing in a game's view: its "scores", "ranks" (places) and what the score counts
    NP_("view field", "result"), NP_("view field", "scores"), NP_("view field", "ranks"), NP_("view field", "rule"),
})
_NUMBERED = re.compile(r"([^\W\d_]+)([0-9]+)")


class ViewWords:
    """The words a game's views are written in, read in the current language: what a person reads of a view (the
    console's ``board`` and ``hand``, ``bot.view_text``) is in the game's language.

    A view is data and stays English: its fields' names, and among its values the game's words (colours, kinds,
    buildings …), which are stored, compared and drawn.  A game declares those words in its own catalog, marked
    ``NP_("view field", "storage")`` and ``NP_("view value", "red")``, and gives them to its registry entry
    (``GameInfo.view_words``); the fields every game shares are declared here (:data:`COMMON_VIEW_FIELDS`).  A
    value that is a word and a number (``pig2``, ``k22``) reads as the word's template (``pig{n}``) when the game
    declares one.  Anything else (a number, a code, a player's name, a text already in the reader's language) is no
    word of the game's and reads as it is.

    ``texts`` names the fields whose values are not words even where they look like words: texts already written in
    the reader's language (a prompt, a rule), codes and parts of moves (a test holds every other value that looks
    like a word to be declared).  A game whose values join words with data (``red-M``) extends :meth:`value`."""

    def __init__(self, catalog: Catalog, fields: Iterable[str], values: Iterable[str],
                 texts: Iterable[str] = ()) -> None:
        self.catalog = catalog
        self.fields = frozenset(fields)
        self.values = frozenset(values)
        self.texts = frozenset(texts)

    def __call__(self, context: str, word: str) -> str:
        """``word`` in the current language, as the name of a field (``context`` :data:`VIEW_FIELD`) or as a value
        (:data:`VIEW_VALUE`); as it is when it is no word of the game's."""
        found = self.field(word) if context == VIEW_FIELD else self.value(word)
        return word if found is None else found

    def field(self, name: str) -> str | None:
        """A field's name in the current language (None: the game declares no such field).  A part keyed by the
        game's words (``supply: {"wall": 7}``) names its fields with values."""
        if name in self.fields:
            return self.catalog.pgettext(VIEW_FIELD, name)
        if name in COMMON_VIEW_FIELDS:
            return COMMON.pgettext(VIEW_FIELD, name)
        return self.value(name)

    def value(self, word: str) -> str | None:
        """A value that is one of the game's words, in the current language (None: no word of the game's)."""
        if word in self.values:
            return self.catalog.pgettext(VIEW_VALUE, word)
        numbered = _NUMBERED.fullmatch(word)
        if numbered is not None and (template := f"{numbered[1]}{{n}}") in self.values:
            return self.catalog.pgettext(VIEW_VALUE, template, n=numbered[2])
        return None
