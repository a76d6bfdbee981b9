"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn places a token, may complete a project, and takes a token from the offer; its full texts (with the Mayor's
move and the token drawn from the bag) run to 300 characters.  Told short: where the token went ("green park 3 →
green-S"), the project, the token taken (and its price), then the points and the coin the turn brought.  What is
nobody's doing (the Mayor moving on, the bag's draw) is left out: the board shows the offer as it is now.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.buerger_baumeister import texts as X
from engines.core import Event, Phrases

_, ngettext = X._, X.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it, and the points and coin it brought."""
    mine = [e for e in events if e.seat == seat]
    done = tuple(phrase for e in mine if (phrase := _phrase(e)))
    points = sum(e.data["points"] for e in mine if e.kind in ("place", "project"))
    coins = sum(1 for e in mine if e.kind == "place" and e.data["coin"] > 0)
    totals = [ngettext("+{n} point", "+{n} points", points)] if points else []
    return Phrases(done, (*totals, *([ngettext("+{n} coin", "+{n} coins", coins)] if coins else [])))


def _phrase(event: Event) -> str:
    """One event in a few words ("" for those the line leaves out)."""
    d, kind = event.data, event.kind
    if kind == "place":
        return _("{token} → {district}", token=X.token(d["token"]), district=X.district_name(d["district"]))
    if kind == "project":
        return _("completed the project")
    if kind == "buy" and d["mayor"]:
        return _("took {token}", token=X.object_token(d["token"]))
    if kind == "buy":
        return ngettext("bought {token} ({n} coin)", "bought {token} ({n} coins)", d["price"],
                        token=X.object_token(d["token"]))
    if kind == "discard":
        return _("discarded {token}", token=X.object_token(d["token"]))
    return ""
