"""A short phrase per knowledge tile, for the places a tile shows only its number (depots, storage).

Our own wording of the 2011 effects (the rules page's table, as the engine's ``data.KNOWLEDGE_TEXT``
words them at length), cut to fit one line beside the tile's number.  The end-game tiles are built
from the engine's own numbers (4 VP per building of a type, …) so they never disagree with scoring.
"""

from __future__ import annotations

from engines.castles_of_burgundy import data as D

_BUILDING = {D.WAREHOUSE: "warehouse", D.CARPENTER: "carpenter", D.CHURCH: "church", D.MARKET: "market",
             D.BOARDING: "boarding house", D.BANK: "bank", D.CITY_HALL: "city hall", D.WATCHTOWER: "watchtower"}

SHORT: dict[int, str] = {
    1: "same building twice in a city",
    2: "phase end: +1 worker per mine",
    3: "selling goods: 2 silverlings",
    4: "selling goods: +1 worker",
    5: "ship: goods of 2 neighbouring depots",
    6: "buy (once a turn) from any depot",
    7: "animal placed: +1 VP per tile scoring",
    8: "each worker: die ±2",
    9: "building: free ±1 on the die",
    10: "ship or animal: free ±1 on the die",
    11: "castle, mine, knowledge: free ±1",
    12: "taking from a depot: free ±1",
    13: "take workers: +1 silverling",
    14: "take workers: 4 instead of 2",
    15: f"end: {D.KNOWLEDGE_GOODS_TYPE_VP} VP per goods type sold",
    **{n: f"end: {D.KNOWLEDGE_BUILDING_VP} VP per {_BUILDING[b]}" for n, b in D.KNOWLEDGE_BUILDING.items()},
    24: f"end: {D.KNOWLEDGE_ANIMAL_KIND_VP} VP per animal kind",
    25: f"end: {D.KNOWLEDGE_GOODS_TILE_VP} VP per goods tile sold",
    26: f"end: {D.KNOWLEDGE_BONUS_TILE_VP} VP per bonus tile",
}


def number(token: str) -> int | None:
    """The knowledge tile's number for a tile token ("k17" -> 17), None for other tiles."""
    return int(token[1:]) if D.TOKEN_KIND.get(token) == D.KNOWLEDGE else None
