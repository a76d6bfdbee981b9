"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn is two dice actions, a purchase and the effects they set off: up to a dozen events, whose full texts run to
several hundred characters.  Told short: where each tile went ("church → space 12"), what was taken into storage,
bought, discarded or sold, then the workers, silverlings and VP the turn brought, summed.
A tile taken and placed in the same turn is told once, by its placement.  What was not the player's doing (the
mines' income, a new round's dice) and what changed nothing (a skipped effect) is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy import words as W
from engines.core import Event, Phrases
from engines.events import GameEvent

_, ngettext = W._, W.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it (its events' ``phrase``), and what it brought."""
    mine = [e for e in E.EVENTS.read_all(events) if e.seat == seat]
    placed = Counter(e.tile for e in mine if isinstance(e, E.Place))
    phrases = []
    for event in mine:
        if isinstance(event, E.Take | E.Buy) and placed[event.tile]:
            placed[event.tile] -= 1  # its placement tells where it went
            continue
        phrase = event.phrase(seat)
        if phrase:
            phrases.append(phrase)
    return Phrases(tuple(phrases), tuple(_gains(mine)))


def _gains(events: Sequence[GameEvent]) -> list[str]:
    """The workers, silverlings and VP the turn brought, each summed ("+4 workers", "+9 VP"): from its gains and
    sales, and the VP of what it scored."""
    gained = [e for e in events if isinstance(e, E.Gain | E.Sell)]
    workers = sum(e.workers or 0 for e in gained)
    silver = sum(e.silver or 0 for e in gained)
    vp = (sum(e.points for e in events if isinstance(e, E.Region | E.Bonus | E.Animals | E.Sell))
          + sum(e.vp or 0 for e in events if isinstance(e, E.Gain)))
    said = []
    if workers:
        said.append(ngettext("+{n} worker", "+{n} workers", workers))
    if silver:
        said.append(ngettext("+{n} silverling", "+{n} silverlings", silver))
    if vp:
        said.append(_("+{n} VP", n=vp))
    return said
