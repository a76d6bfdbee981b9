"""What each seat may see, built from an allow-list of public facts plus the seat's own.

Never "state minus secrets": every key here is chosen.  Hidden: hands, the deck
order, the face-down bonus tiles and which ones a player holds, the architect
and well cards below the face-up one, the RNG.
"""

from __future__ import annotations

from typing import Any

from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.burgenland.state import NEUTRAL, Site, State, card_colour, card_value


def _site(site: Site) -> dict[str, Any] | None:
    if site is None:
        return None
    piece, owner = site
    return {"piece": piece, "owner": None if owner == NEUTRAL else owner}


def _castle(state: State, castle: int) -> dict[str, Any]:
    n, w, e, x = state.sites[castle - 1]
    sites: dict[str, Any] = {"N": _site(n), "W": _site(w), "E": _site(e)}
    if x is not None:
        sites["X"] = _site(x)
    owner = state.wells[castle - 1]
    return {
        "number": castle,
        "markers": list(D.CASTLE_MARKERS[castle]),
        "colours": [D.COLOURS[c] for c in state.castle_colours(castle)],
        "sites": sites,
        "bonuses": {s: D.site_bonus(castle, s) for s in D.SITES},
        "well": None if owner is None else {"owner": owner},
        "indicator": R.indicator(state) == castle,
    }


def _card(card: int) -> dict[str, Any]:
    return {"colour": D.COLOURS[card_colour(card)], "value": card_value(card)}


def public_view(state: State) -> dict[str, Any]:
    last = state.last_move
    return {
        "game": "burgenland",
        "players": state.seats,
        "to_act": None if state.winner is not None else state.turn,
        "main_done": state.main_done,
        "winner": state.winner,
        "move": state.ply,
        "markers": [D.COLOURS[c] for c in state.markers],
        "colours": dict(zip(D.COLOURS, D.COLOUR_LETTERS, strict=True)),
        "castles": [_castle(state, c) for c in range(1, D.CASTLES + 1)],
        "large_castle": [{"piece": piece, "owner": owner} for piece, owner in state.large],
        "architect_cost": state.architect[0],
        "well_card": R.indicator(state),
        "well_rewards": list(D.WELL_REWARDS[state.wells_built:]),
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": _card(state.discard[-1]) if state.discard else None,
        "exchange_tiles_left": state.exchange_left,
        "bonus_tiles_left": len(state.bonus_stack),
        "played_bonus_tiles": list(state.played_tiles),
        "players_info": [
            {
                "seat": seat,
                "pieces_left": dict(zip(D.PIECES, p.supply, strict=True)),
                "built": R.built(state, seat),
                "hand_size": len(p.hand) + p.jokers,
                "exchange_tiles": p.exchange_tiles,
                "bonus_tiles": len(p.bonus_tiles),
            }
            for seat, p in enumerate(state.players)
        ],
        "last_move": None if last is None else {"seat": last[0], "piece": last[1], "where": last[2]},
    }


def seat_view(state: State, seat: int) -> dict[str, Any]:
    view = public_view(state)
    player = state.players[seat]
    groups: dict[tuple[int, int], int] = {}
    for card in player.hand:
        key = (card_colour(card), card_value(card))
        groups[key] = groups.get(key, 0) + 1
    view["seat"] = seat
    view["hand"] = {
        "cards": [
            {"colour": D.COLOURS[c], "letter": D.COLOUR_LETTERS[c], "value": v, "count": n}
            for (c, v), n in sorted(groups.items())
        ],
        "jokers": player.jokers,
    }
    view["tiles"] = {"exchange": player.exchange_tiles, "bonus": list(player.bonus_tiles)}
    if state.pending is not None and state.turn == seat:
        pending = state.pending
        view["pending"] = {
            "opening": " ".join(pending.opening),
            "paid": R.card_tokens(pending.committed),
            "picks": [f"M{p}" for p in pending.picks],
        }
    return view
