"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn is taking cards or building, with the exchanges and tiles around it; its full texts list every card paid
and drawn (up to 280 characters).  Told short: each piece built and where ("tower → castle 9 (west)"), the cards
taken or drawn, counted, the exchanges and tiles, then the jokers the turn brought.  The cards themselves (paid or
drawn) and what is nobody's doing (the architect's price, the well indicator, a reshuffle) are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.burgenland import words as W
from engines.burgenland.events import EVENTS, Joker
from engines.core import Event, Phrases

ngettext = W.T.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it (its events' ``phrase``), and the jokers it brought."""
    mine = [e for e in EVENTS.read_all(events) if e.seat == seat]
    done = tuple(phrase for e in mine if (phrase := e.phrase(seat)))
    jokers = sum(e.count for e in mine if isinstance(e, Joker))
    return Phrases(done, (ngettext("+{n} joker", "+{n} jokers", jokers),) if jokers else ())
