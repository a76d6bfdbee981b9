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

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as W
from engines.core import Event, Phrases

_, ngettext = W._, W.ngettext

#: Events whose "points" are VP the player scored this turn.
SCORED = ("region", "bonus", "animals", "sell")
#: Events that bring workers or silverlings (taking workers, a building's effect, a sale).
GAINED = ("gain", "sell")


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it, and what it brought."""
    mine = [e for e in events if e.seat == seat]
    placed = Counter(e.data["tile"] for e in mine if e.kind == "place")
    phrases = []
    for event in mine:
        tile = event.data.get("tile")
        if event.kind in ("take", "buy") and placed[tile]:
            placed[tile] -= 1  # its placement tells where it went
            continue
        phrase = _phrase(event)
        if phrase:
            phrases.append(phrase)
    return Phrases(tuple(phrases), tuple(_gains(mine)))


def _phrase(event: Event) -> str:
    """One event in a few words ("" for those the line leaves out)."""
    d, kind = event.data, event.kind
    if kind == "place":
        return _("{tile} → space {space}", tile=W.tile_name(d["tile"]), space=d["space"])
    if kind == "start_castle":
        return _("{tile} → space {space}", tile=W.kind_name(D.CASTLE), space=d["space"])
    if kind == "take":
        return _("took {tile}", tile=W.tile_name(d["tile"]))
    if kind == "buy":
        return _("bought {tile}", tile=W.tile_name(d["tile"]))
    if kind == "discard":
        return _("discarded {tile}", tile=W.tile_name(d["tile"]))
    if kind == "sell":
        # The count only where it says something ("sold goods 5 ×3"); goods are named by their number.
        goods = f"{d['goods']} ×{d['count']}" if d["count"] > 1 else str(d["goods"])
        return _("sold goods {goods}", goods=goods)
    return ""


def _gains(events: Sequence[Event]) -> list[str]:
    """The workers, silverlings and VP the turn brought, each summed ("+4 workers", "+9 VP")."""
    workers = sum(e.data.get("workers", 0) for e in events if e.kind in GAINED)
    silver = sum(e.data.get("silver", 0) for e in events if e.kind in GAINED)
    vp = (sum(e.data["points"] for e in events if e.kind in SCORED)
          + sum(e.data.get("vp", 0) for e in events if e.kind == "gain"))
    said = []
    if workers:
        said.append(ngettext("+{n} worker", "+{n} workers", workers))
    if silver:
        said.append(ngettext("+{n} silverling", "+{n} silverlings", silver))
    if vp:
        said.append(_("+{n} VP", n=vp))
    return said
