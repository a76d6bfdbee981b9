"""What each seat may see, built from an allow-list of public facts plus the seat's own.

Never "state minus secrets": every key here is chosen.  Hidden: hands, the deck
order, the face-down bonus tiles and which ones a player holds, the architect
and well cards below the face-up one, the RNG.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.burgenland.state import NEUTRAL, Site, State, card_colour, card_value
from engines.core import StandingView, standing_view


class BuiltPiece(TypedDict):
    """A piece on a site: ``owner`` None for a neutral (pre-placed) piece."""

    piece: str
    owner: int | None


class Well(TypedDict):
    owner: int


class Castle(TypedDict):
    number: int
    markers: list[int]                  # the two border marker positions (1-8) it lies between
    colours: list[str]                  # the colours of those two markers
    sites: dict[str, BuiltPiece | None]  # "N", "W", "E", and "X" once an extra site is added
    bonuses: dict[str, str | None]      # printed site bonus per site letter
    well: Well | None
    indicator: bool                     # the red well indicator stands here


class LargePiece(TypedDict):
    piece: str
    owner: int


class Card(TypedDict):
    colour: str
    value: int


class PlayerInfo(TypedDict):
    seat: int
    pieces_left: dict[str, int]  # per piece kind
    built: int
    hand_size: int               # cards plus jokers
    exchange_tiles: int
    bonus_tiles: int             # how many (which ones is secret)


class LastMove(TypedDict):
    seat: int
    piece: str
    where: str  # "3W" (castle and site), "7" (the well of castle 7) or the large castle


class PublicView(TypedDict):
    game: Literal["burgenland"]
    players: int
    to_act: int | None
    main_done: bool
    winner: int | None
    turn_number: int  # the turn in progress, 1 at the start (a player's whole turn)
    markers: list[str]      # colour of border markers M1..M8
    colours: dict[str, str]  # colour -> letter
    castles: list[Castle]
    large_castle: list[LargePiece]
    architect_cost: int
    well_card: int | None
    well_rewards: list[int]
    deck_size: int
    discard_size: int
    discard_top: Card | None
    exchange_tiles_left: int
    bonus_tiles_left: int
    played_bonus_tiles: list[str]
    players_info: list[PlayerInfo]
    last_move: LastMove | None
    result: StandingView | None             # the final standing, once the game is over


class CardGroup(TypedDict):
    """Cards of one colour and value, and how many of them."""

    colour: str
    letter: str
    value: int
    count: int


class Hand(TypedDict):
    cards: list[CardGroup]
    jokers: int


class Tiles(TypedDict):
    exchange: int
    bonus: list[str]


class Pending(TypedDict):
    """The seat's half-made move (only while it is that seat's turn)."""

    opening: str
    paid: list[str]
    picks: list[str]


class OwnView(TypedDict):
    """What only the seat itself sees."""

    seat: int
    hand: Hand
    tiles: Tiles
    pending: NotRequired[Pending]


class SeatView(PublicView, OwnView):
    """A seat's view: the public view and the seat's own parts."""


def _site(site: Site) -> BuiltPiece | None:
    if site is None:
        return None
    piece, owner = site
    return {"piece": piece, "owner": None if owner == NEUTRAL else owner}


def _castle(state: State, castle: int) -> Castle:
    n, w, e, x = state.sites[castle - 1]
    sites: dict[str, BuiltPiece | None] = {"N": _site(n), "W": _site(w), "E": _site(e)}
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


def _card(card: int) -> Card:
    return {"colour": D.COLOURS[card_colour(card)], "value": card_value(card)}


def public_view(state: State) -> PublicView:
    last = state.last_move
    return {
        "game": "burgenland",
        "players": state.seats,
        "to_act": None if state.winner is not None else state.turn,
        "main_done": state.main_done,
        "winner": state.winner,
        "turn_number": state.turn_number,
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
        "result": standing_view(R.standing(state)) if state.winner is not None else None,
    }


def seat_view(state: State, seat: int) -> SeatView:
    player = state.players[seat]
    groups: dict[tuple[int, int], int] = {}
    for card in player.hand:
        key = (card_colour(card), card_value(card))
        groups[key] = groups.get(key, 0) + 1
    own: OwnView = {
        "seat": seat,
        "hand": {
            "cards": [
                {"colour": D.COLOURS[c], "letter": D.COLOUR_LETTERS[c], "value": v, "count": n}
                for (c, v), n in sorted(groups.items())
            ],
            "jokers": player.jokers,
        },
        "tiles": {"exchange": player.exchange_tiles, "bonus": list(player.bonus_tiles)},
    }
    if state.pending is not None and state.turn == seat:
        pending = state.pending
        own["pending"] = {
            "opening": " ".join(pending.opening),
            "paid": R.card_tokens(pending.committed),
            "picks": [f"M{p}" for p in pending.picks],
        }
    return {**public_view(state), **own}
