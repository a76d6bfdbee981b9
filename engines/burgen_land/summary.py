"""A player's turn in a few words a thing, for the others' "since your last turn" (``engine.summary``).

A turn is rolls, crown moves and what each landing does, until the player stops or leaves the turn's colour; its
full texts run to several hundred characters.  Told short: the turn's colour, each card taken and where it went
("wall → right end"), the red dice taken, the castles scored for the opponent, the card given back as a
penalty, then the points the turn scored.  The dice rolled and the crown's steps are left out (the board shows
where the crown stands).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.burgen_land import data as D
from engines.burgen_land import words as W
from engines.core import Event, Phrases, seat_token

_, ngettext = W.T.gettext, W.T.ngettext


def turn_phrases(seat: int, events: Sequence[Event]) -> Phrases:
    """What ``seat``'s turn did, in the order it did it, and the points it scored."""
    done = tuple(phrase for e in events if (phrase := _phrase(seat, e)))
    points = sum(e.data["points"] for e in events if e.kind == "score" and e.seat == seat)
    return Phrases(done, (ngettext("+{n} point", "+{n} points", points),) if points else ())


def _phrase(seat: int, event: Event) -> str:
    """One event in a few words ("" for those the line leaves out)."""
    d, kind = event.data, event.kind
    if kind == "move" and d["first"]:
        return _("plays {colour}", colour=W.colour(D.space_colour(d["space"])))
    if kind == "take":
        return _taken(seat, d)
    if kind == "dice" and d["count"]:
        return ngettext("took {n} red die", "took {n} red dice", d["count"])
    if kind == "score" and event.seat is not None and event.seat != seat:
        return ngettext("{who} scored {n}", "{who} scored {n}", d["points"], who=seat_token(event.seat))
    if kind == "penalty" and d["value"] is not None:
        return _("gave back {card}", card=W.kind(d["kind"]))
    if kind == "nothing":
        return _("nothing to take")
    return ""


def _taken(seat: int, d: Mapping[str, Any]) -> str:
    """A card taken, and where it went ("wall → right end"; "wall from {seat:1}"): named by its kind alone, as
    every card of a turn is of the turn's colour, which the line says first."""
    card = W.kind(d["kind"])
    if d["taken_from"] is not None:
        return _("{card} from {who}", card=card, who=seat_token(1 - seat))
    where = {"left": _("left end"), "right": _("right end"), "empty": _("empty castle")}.get(str(d["where"]))
    return _("{card} → {where}", card=card, where=where or _("hole {position}", position=d["position"]))
