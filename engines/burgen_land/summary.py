"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn is rolls, crown moves and what each landing does, until the player stops or leaves the turn's colour; its
full texts run to several hundred characters.  Told short: the turn's colour, each card taken and where it went
("wall → right end"), the red dice taken, the castles scored for the opponent, the card given back as a
penalty, then the points the turn scored.  The dice rolled and the crown's steps are left out (the board shows
where the crown stands).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.burgen_land import words as W
from engines.burgen_land.events import EVENTS, Score
from engines.core import Event, Phrases

ngettext = W.T.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it (each event's ``phrase``), and the points it scored."""
    typed = EVENTS.read_all(events)
    done = tuple(phrase for e in typed if (phrase := e.phrase(seat)))
    points = sum(e.points for e in typed if isinstance(e, Score) and e.seat == seat)
    return Phrases(done, (ngettext("+{n} point", "+{n} points", points),) if points else ())
