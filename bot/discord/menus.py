"""Laying out a player's legal moves so they fit Discord: a few buttons, or a grouped, paged select.

Pure data (no Discord objects): :mod:`bot.discord.components` turns the entries into components.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.language import npgettext
from bot.table.results import Choice

MAX_OPTIONS = 25  # Discord's limit for a select
MAX_BUTTONS = 10  # beyond this a select reads better on a phone


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a menu: a move (``index`` into the legal list) or a group of moves (``prefix``)."""

    label: str
    index: int | None = None
    prefix: str = ""
    count: int = 0


def menu(choices: Sequence[Choice], prefix: str = "", page: int = 0) -> tuple[list[Entry], int]:
    """The entries under ``prefix`` (words of the keys), grouped or paged to fit one select.

    Moves whose keys share their first words are folded into a group while the list is too long
    (``build …`` → ``build wall …``); a list that still does not fit is paged.  Returns the entries
    of ``page`` and the number of pages."""
    depth = len(prefix.split())
    items = [(i, c) for i, c in enumerate(choices) if c.key.split()[:depth] == prefix.split()]
    entries = [Entry(c.label, index=i) for i, c in items]
    if len(entries) > MAX_OPTIONS:
        groups: dict[str, list[tuple[int, Choice]]] = {}
        for i, c in items:
            groups.setdefault(" ".join(c.key.split()[: depth + 1]), []).append((i, c))
        if 1 < len(groups) < len(entries):
            entries = [Entry(members[0][1].label, index=members[0][0]) if len(members) == 1
                       else Entry(npgettext("menu option", "{key} … ({n} choice)", "{key} … ({n} choices)",
                                            len(members), key=key),
                                  prefix=key, count=len(members))
                       for key, members in groups.items()]
    per_page = MAX_OPTIONS - 2  # room for "previous" and "more"
    if len(entries) <= MAX_OPTIONS:
        return entries, 1
    pages = -(-len(entries) // per_page)
    page = max(0, min(page, pages - 1))
    return entries[page * per_page: (page + 1) * per_page], pages


def as_buttons(entries: Sequence[Entry], prefix: str, pages: int) -> bool:
    """Whether a menu is best shown as buttons: a few plain moves at the top level."""
    return not prefix and pages == 1 and len(entries) <= MAX_BUTTONS and all(e.index is not None for e in entries)
