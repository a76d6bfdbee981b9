"""The console's command words: in the player's language and in English (which always reads), typos forgiven.

A command is named by its English word (``moves``, ``undo`` …); a player types that word, or the word of the
language the game is played in (``züge``, ``jogadas``), or a near miss of either (``baord``, ``mvoes``).  The
console asks the game first: a line that is a legal move is played, so no command word hides a move.
"""

from __future__ import annotations

import unicodedata

from bot.language import _, command_name, pgettext
from engines.i18n import ENGLISH, N_, current

#: The commands, by their English words, in the order the help lists them.
COMMANDS = ("moves", "undo", "board", "hand", "log", "status", "help", "rules", "quit")
#: Words that mean a command in every language.
ALIASES = {"exit": "quit"}
#: Commands whose near miss is only suggested, not run: they change the game or end the session.
ASKED = frozenset({"undo", "quit"})
#: How German is written without its umlauts.
UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
#: The argument of ``log`` that lists every step.
ALL = "all"
#: Commands that are the Discord commands of the same name: one word in each language, the one the Discord app
#: shows (``/hilfe``, ``hilfe``).  Not ``undo``: German's console word (``zurücknehmen``) is no move word, where
#: ``zurück`` cancels a half-made move in several games.
DISCORD = frozenset({"board", "hand", "log", "help", "rules"})


def local(command: str) -> str:
    """The word a player of the current language types for ``command`` (its English word in English): the name of
    the Discord command that does the same (:data:`DISCORD`), else the console's own word."""
    if command in DISCORD:
        return command_name(command)
    words = {
        "moves": pgettext("console command", "moves"), "undo": pgettext("console command", "undo"),
        "status": pgettext("console command", "status"), "quit": pgettext("console command", "quit"),
        ALL: pgettext("console command", "all"),
    }
    return words.get(command, command)


def words() -> dict[str, str]:
    """Every word that names a command now -> the command: English, its aliases, the current language's (also
    as typed without its accents: ``zuege``, ``mao``)."""
    named = {c: c for c in COMMANDS} | ALIASES
    return named | {typed: c for c in COMMANDS for typed in spellings(local(c))}


def spellings(word: str) -> set[str]:
    """``word`` casefolded, and as a keyboard without its letters writes it: ``züge``, ``zuege``, ``zuge``."""
    word = word.casefold()
    plain = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return {word, plain, word.translate(UMLAUTS)}


def is_all(word: str) -> bool:
    """``log all`` in English or in the current language."""
    return word.casefold() in {ALL} | spellings(local(ALL))


def near_miss(word: str) -> str | None:
    """The one command ``word`` is a typo of (a letter wrong, missing, extra, or two swapped; two of them in a
    long word), or None: none, or several."""
    word = word.casefold()
    if len(word) < 4:
        return None
    allowed = 2 if len(word) >= 8 else 1
    found = {command for typed, command in words().items() if distance(word, typed) <= allowed}
    return found.pop() if len(found) == 1 else None


def distance(a: str, b: str) -> int:
    """The edits (insert, delete, replace, swap two neighbours) that turn ``a`` into ``b``."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, previous2[j - 2] + 1)
            row.append(best)
        previous2, previous = previous, row
    return previous[-1]


#: What each command does, for the help (its word is put in front in the reader's language).
USAGE = (
    ("moves", "", N_("the legal moves of the seat to act")),
    ("undo", "", N_("take back the last move, if the rules allow")),
    ("board", "", N_("the public board as text (and its image, when a renderer is installed)")),
    ("hand", " [N]", N_("the hand of the seat to act, or of seat N")),
    ("log", " [N|{all}]", N_("the moves, a line per turn: the last page, page N, or every step")),
    ("status", "", N_("who sits where and who is to act")),
    ("help", "", N_("this text and the game's notation")),
    ("rules", "", N_("the rules in short")),
    ("quit", "", N_("leave; the game is saved and can be resumed")),
)


def help_text() -> str:
    """The console's commands, each under the word the reader types."""
    move = _("<move>")
    rows = [(move, _("play it for the seat to act (`2: {move}` plays for seat 2 when several must act)", move=move))]
    rows += [(local(c) + args.format(all=local(ALL)), _(what)) for c, args, what in USAGE]
    rows.insert(1, rows.pop(0))  # a move after `moves`, as the help has always listed them
    width = max(len(usage) for usage, _what in rows) + 2
    lines = [_("Console commands:"), *(f"  {usage:<{width}} {what}" for usage, what in rows)]
    if current() != ENGLISH:
        lines.append(_("The English words work too: {words}.", words=", ".join(COMMANDS)))
    return "\n".join(lines)
