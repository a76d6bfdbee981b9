"""A short phrase per knowledge tile, for the places a tile shows only its number (depots, storage).

Our own wording of the 2011 effects (the rules page's table, as the engine's ``data.KNOWLEDGE_TEXT``
words them at length), cut to fit one line beside the tile's number.  The end-game tiles are built
from the engine's own numbers (4 VP per building of a type, …) so they never disagree with scoring.
"""

from __future__ import annotations

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy.words import _
from engines.i18n import N_

#: Tiles 1-15 and 24-26, in a few words (their numbers filled in from the engine's data).
SHORT: dict[int, str] = {
    1: N_("same building twice in a city"),
    2: N_("phase end: +1 worker per mine"),
    3: N_("selling goods: 2 silverlings"),
    4: N_("selling goods: +1 worker"),
    5: N_("ship: goods of 2 neighbouring depots"),
    6: N_("buy (once a turn) from any depot"),
    7: N_("animal placed: +1 VP per tile scoring"),
    8: N_("each worker: die ±2"),
    9: N_("building: free ±1 on the die"),
    10: N_("ship or animal: free ±1 on the die"),
    11: N_("castle, mine, knowledge: free ±1"),
    12: N_("taking from a depot: free ±1"),
    13: N_("take workers: +1 silverling"),
    14: N_("take workers: 4 instead of 2"),
    15: N_("end: {vp} VP per goods type sold"),
    24: N_("end: {vp} VP per animal kind"),
    25: N_("end: {vp} VP per goods tile sold"),
    26: N_("end: {vp} VP per bonus tile"),
}
_VP = {15: D.KNOWLEDGE_GOODS_TYPE_VP, 24: D.KNOWLEDGE_ANIMAL_KIND_VP, 25: D.KNOWLEDGE_GOODS_TILE_VP,
       26: D.KNOWLEDGE_BONUS_TILE_VP}
#: The buildings as named on the short lines (the carpenter's workshop is just "carpenter").
_BUILDING = {D.WAREHOUSE: N_("warehouse"), D.CARPENTER: N_("carpenter"), D.CHURCH: N_("church"),
             D.MARKET: N_("market"), D.BOARDING: N_("boarding house"), D.BANK: N_("bank"),
             D.CITY_HALL: N_("city hall"), D.WATCHTOWER: N_("watchtower")}


def short(n: int) -> str:
    """Knowledge tile ``n`` in a few words, in the current language ("" for no such tile)."""
    if n in D.KNOWLEDGE_BUILDING:
        return _("end: {vp} VP per {building}", vp=D.KNOWLEDGE_BUILDING_VP,
                 building=_(_BUILDING[D.KNOWLEDGE_BUILDING[n]]))
    if n in _VP:
        return _(SHORT[n], vp=_VP[n])
    return _(SHORT[n]) if n in SHORT else ""


def number(token: str) -> int | None:
    """The knowledge tile's number for a tile token ("k17" -> 17), None for other tiles."""
    return int(token[1:]) if D.TOKEN_KIND.get(token) == D.KNOWLEDGE else None
