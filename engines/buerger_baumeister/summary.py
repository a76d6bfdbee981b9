"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn places a token, may complete a project, and takes a token from the offer; its full texts (with the Mayor's
move and the token drawn from the bag) run to 300 characters.  Told short: where the token went ("green park 3 →
green-S"), the project, the token taken (and its price), then the points and the coin the turn brought.  What is
nobody's doing (the Mayor moving on, the bag's draw) is left out: the board shows the offer as it is now.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.buerger_baumeister.events import EVENTS, Place, Project
from engines.buerger_baumeister.texts import ngettext
from engines.core import Event, Phrases


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it (its events' ``phrase``), and the points and coin it
    brought."""
    mine = [e for e in EVENTS.read_all(events) if e.seat == seat]
    done = tuple(phrase for e in mine if (phrase := e.phrase(seat)))
    points = sum(e.points for e in mine if isinstance(e, Place | Project))
    coins = sum(1 for e in mine if isinstance(e, Place) and e.coin > 0)
    totals = [ngettext("+{n} point", "+{n} points", points)] if points else []
    return Phrases(done, (*totals, *([ngettext("+{n} coin", "+{n} coins", coins)] if coins else [])))
