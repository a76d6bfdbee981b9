"""Hand-written Burgenland views in the engine's view schema, for edge cases.

Random playouts cover the common positions; these pin down the rare ones (an
extra site, a well built where the indicator stands, an empty deck, a winner)
and let the render tests run even where the engine cannot be imported.
"""

from __future__ import annotations

import copy
from typing import Any

from engines.burgenland import data

LETTERS = dict(zip(data.COLOURS, data.COLOUR_LETTERS, strict=True))


def public_view(players: int = 3) -> dict[str, Any]:
    """A mid-game position with one of everything."""
    markers = ["red", "white", "green", "light-blue", "dark-blue", "purple", "orange", "yellow"]
    castles = []
    for n in range(1, data.CASTLES + 1):
        a, b = data.CASTLE_MARKERS[n]
        castles.append({
            "number": n, "markers": [a, b], "colours": [markers[a - 1], markers[b - 1]],
            "sites": {"N": None, "W": None, "E": None},
            "bonuses": {s: data.site_bonus(n, s) for s in data.SITES},
            "well": None, "indicator": n == 7,
        })
    castles[0]["sites"]["N"] = {"piece": "wall", "owner": None}
    castles[0]["sites"]["W"] = {"piece": "house", "owner": 0}
    castles[2]["sites"]["W"] = {"piece": "wall", "owner": 1}
    castles[3]["sites"]["N"] = {"piece": "tower", "owner": players - 1}
    castles[4]["sites"]["X"] = {"piece": "house", "owner": 1}
    castles[5]["sites"]["X"] = None
    castles[8]["well"] = {"owner": 0}
    return {
        "game": "burgenland", "players": players, "to_act": 1, "main_done": False, "winner": None,
        "turn_number": 7, "markers": markers, "colours": dict(LETTERS), "castles": castles,
        "large_castle": [{"piece": "wall", "owner": 0}, {"piece": "tower", "owner": 1}],
        "architect_cost": 3, "well_card": 7, "well_rewards": [4, 3, 3, 2, 2, 1, 1],
        "deck_size": 40, "discard_size": 12, "discard_top": {"colour": "dark-blue", "value": 2},
        "exchange_tiles_left": 8, "bonus_tiles_left": 12, "played_bonus_tiles": ["pay10"],
        "players_info": [
            {"seat": s, "pieces_left": dict(data.SUPPLY[players]), "built": 0, "hand_size": 5,
             "exchange_tiles": 0, "bonus_tiles": 1}
            for s in range(players)
        ],
        "last_move": {"seat": 1, "piece": "wall", "where": "3W"},
    }


def seat_view(players: int = 3, seat: int = 0) -> dict[str, Any]:
    view = public_view(players)
    view["seat"] = seat
    view["hand"] = {
        "cards": [
            {"colour": "red", "letter": "R", "value": 1, "count": 2},
            {"colour": "light-blue", "letter": "L", "value": 2, "count": 1},
            {"colour": "dark-blue", "letter": "B", "value": 3, "count": 3},
        ],
        "jokers": 1,
    }
    view["tiles"] = {"exchange": 1, "bonus": ["pay10", "draw5"]}
    return view


def finished_view(players: int = 4) -> dict[str, Any]:
    """The game is over: no one to act, a winner, no well card, deck and discard empty."""
    view = public_view(players)
    winner = players - 1
    view.update(to_act=None, winner=winner, well_card=None, well_rewards=[], deck_size=0, discard_size=0,
                discard_top=None, exchange_tiles_left=0, bonus_tiles_left=0,
                last_move={"seat": winner, "piece": "well", "where": "7"})
    view["castles"][6]["well"] = {"owner": winner}
    view["castles"][6]["indicator"] = False
    view["players_info"][winner]["pieces_left"] = dict.fromkeys(data.PIECES, 0)
    return view


def with_hand(view: dict[str, Any], cards: list[dict[str, Any]], jokers: int) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["hand"] = {"cards": cards, "jokers": jokers}
    return out
