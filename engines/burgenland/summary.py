"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn is taking cards or building, with the exchanges and tiles around it; its full texts list every card paid
and drawn (up to 280 characters).  Told short: each piece built and where ("tower → castle 9 (west)"), the cards
taken or drawn, counted, the exchanges and tiles, then the jokers the turn brought.  The cards themselves (paid or
drawn) and what is nobody's doing (the architect's price, the well indicator, a reshuffle) are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.core import Event, Phrases
from engines.i18n import game_catalog

T = game_catalog("burgenland")
_, ngettext = T.gettext, T.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it, and the jokers it brought."""
    mine = [e for e in events if e.seat == seat]
    done = tuple(phrase for e in mine if (phrase := _phrase(e)))
    jokers = sum(e.data["count"] for e in mine if e.kind == "joker")
    return Phrases(done, (ngettext("+{n} joker", "+{n} jokers", jokers),) if jokers else ())


def _phrase(event: Event) -> str:
    """One event in a few words ("" for those the line leaves out)."""
    d, kind = event.data, event.kind
    if kind == "build":
        return _("{piece} → {place}", piece=_(D.PIECE_NAMES[d["piece"]]), place=place_name(d["where"]))
    if kind == "take":
        return ngettext("took {n} card", "took {n} cards", len(d["cards"]))
    if kind == "reward":
        return ngettext("drew {n} card", "drew {n} cards", len(d["cards"]))
    if kind == "jokers":
        return ngettext("{cards} cards → {n} joker", "{cards} cards → {n} jokers", d["count"], cards=len(d["paid"]))
    if kind == "exchange_tile":
        return _("took an exchange tile")
    if kind == "bonus_tile":
        return _("took a bonus tile")
    if kind == "tile_played":
        return _("played {tile}", tile=_(D.BONUS_TILE_NAMES[d["tile"]]))
    if kind == "swap":
        return _("swapped M{a} and M{b}", a=d["a"], b=d["b"])
    return ""


def place_name(where: str) -> str:
    """Where a piece was built, short: "castle 9 (west)", "castle 4" (its well), "large castle"."""
    castle, site = R.place_of(where)
    if site == D.LARGE:
        return _("large castle")
    if site == D.WELL:
        return _("castle {castle}", castle=castle)
    return _("castle {castle} ({site})", castle=castle, site=_(D.SITE_NAMES[site]))
