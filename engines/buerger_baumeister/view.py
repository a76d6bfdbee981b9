"""What each seat may see, built from an allow-list of public facts plus the seat's own.

Never "state minus secrets": every key here is chosen.  Hidden: hands (until the
final count), the bag's contents, the tokens removed at setup, another seat's
half-made turn, the RNG.  Public: the board, cranes, offer and Mayor, coins,
cranes left, scores, hand sizes, tokens shown and discarded.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, TOKEN_COLOUR, TOKEN_TYPE, TOKEN_VALUE, State
from engines.core import StandingView, standing_view

GAME: Literal["buerger-baumeister"] = "buerger-baumeister"


class Token(TypedDict):
    """A building token: its code to type, colour (and letter), type and value."""

    code: str
    colour: str
    letter: str
    type: str
    value: int


class Space(TypedDict):
    bonus: str            # the printed bonus: coin, +2 or plain
    token: Token | None


class Project(TypedDict):
    cost: int
    bonus: str
    crane: int | None     # the seat whose crane stands on it


class District(TypedDict):
    id: str               # e.g. "red-M"
    colour: str
    letter: str
    size: str
    spaces: list[Space]
    project: Project


class OfferSpace(TypedDict):
    space: int            # 1-based
    price: int
    token: Token | None
    mayor: bool


class PlayerInfo(TypedDict):
    seat: int
    score: int
    coins: int
    cranes: int           # left to place
    hand_size: int


class LastTurn(TypedDict):
    seat: int
    token: Token
    discarded: bool
    district: str | None  # None when the token was discarded
    space: int | None
    bonus: str | None
    points: int
    coin: int             # 1 gained, 0 none, -1 lost to the 3-coin cap
    project_points: int
    bought: Token
    offer_space: int      # 1-based
    price: int


class FinalHand(TypedDict):
    """One seat's hand in the final count."""

    seat: int
    hand: list[Token]
    points: int
    colour: str | None
    total: int
    districts: dict[str, int]   # district id -> points scored there (placements and project), scored ones only


class PublicView(TypedDict):
    game: Literal["buerger-baumeister"]
    players: int
    to_act: int | None
    over: bool
    turn_number: int  # the turn in progress, 1 at the start (a player's whole turn)
    first_player: int
    colours: dict[str, str]   # colour -> letter
    districts: list[District]
    offer: list[OfferSpace]
    mayor: int                # offer space (1-based) the Mayor stands on
    bag_size: int
    removed: int
    discarded: list[Token]
    players_info: list[PlayerInfo]
    last_turn: LastTurn | None
    final: list[FinalHand] | None
    winners: list[int] | None
    result: StandingView | None             # the final standing, once the game is over


class Option(TypedDict):
    """Where a hand token could go now, and the points it would score there."""

    district: str
    bonus: str
    points: int


class HandToken(Token):
    options: list[Option]     # best first


class HandBonus(TypedDict):
    points: int
    colour: str | None


class Pending(TypedDict):
    """The seat's half-made turn (only while it is that seat's turn)."""

    stage: str
    token: Token
    discard: bool
    district: str | None
    bonus: str | None
    points: int
    project: bool | None


class OwnView(TypedDict):
    seat: int
    hand: list[HandToken]
    hand_bonus: HandBonus
    pending: NotRequired[Pending]


class SeatView(PublicView, OwnView):
    """A seat's view: the public view and the seat's own hand and half-made turn."""


def token(t: int) -> Token:
    colour = TOKEN_COLOUR[t]
    return {"code": TOKEN_CODE[t], "colour": D.COLOURS[colour], "letter": D.COLOUR_LETTERS[colour],
            "type": TOKEN_TYPE[t], "value": TOKEN_VALUE[t]}


def _district(state: State, d: int) -> District:
    colour = D.district_colour(d)
    cost, bonus = R.project_of(d)
    crane = state.cranes[d]
    return {
        "id": D.DISTRICTS[d],
        "colour": D.COLOURS[colour],
        "letter": D.COLOUR_LETTERS[colour],
        "size": D.district_size(d),
        "spaces": [{"bonus": b, "token": None if t == EMPTY else token(t)}
                   for t, b in zip(state.board[d], R.SPACE_BONUS[d], strict=True)],
        "project": {"cost": cost, "bonus": bonus, "crane": None if crane == EMPTY else crane},
    }


def _last(state: State) -> LastTurn | None:
    last = state.last
    if last is None:
        return None
    placed = last.district != EMPTY
    return {
        "seat": last.seat,
        "token": token(last.token),
        "discarded": not placed,
        "district": D.DISTRICTS[last.district] if placed else None,
        "space": last.space if placed else None,
        "bonus": R.SPACE_BONUS[last.district][last.space] if placed else None,
        "points": last.points,
        "coin": last.coin,
        "project_points": last.project,
        "bought": token(last.bought),
        "offer_space": last.offer_space + 1,
        "price": last.price,
    }


def _final(state: State) -> list[FinalHand] | None:
    if not state.over:
        return None
    out: list[FinalHand] = []
    for seat, player in enumerate(state.players):
        bonus, colour = R.hand_bonus(player.hand)
        out.append({"seat": seat, "hand": [token(t) for t in player.hand], "points": bonus,
                    "colour": None if colour == EMPTY else D.COLOURS[colour], "total": player.score + bonus,
                    "districts": {D.DISTRICTS[d]: p for d, p in enumerate(player.district_points) if p}})
    return out


def public_view(state: State) -> PublicView:
    final = R.final_scores(state) if state.over else None
    return {
        "game": GAME,
        "players": state.seats,
        "to_act": None if state.over else state.turn,
        "over": state.over,
        "turn_number": state.turn_number,
        "first_player": state.first,
        "colours": dict(zip(D.COLOURS, D.COLOUR_LETTERS, strict=True)),
        "districts": [_district(state, d) for d in range(len(D.DISTRICTS))],
        "offer": [
            {"space": i + 1, "price": D.OFFER_PRICES[i], "token": None if t == EMPTY else token(t),
             "mayor": i == state.mayor}
            for i, t in enumerate(state.offer)
        ],
        "mayor": state.mayor + 1,
        "bag_size": len(state.bag),
        "removed": len(state.removed),
        "discarded": [token(t) for t in state.discarded],
        "players_info": [
            {"seat": seat, "score": p.score, "coins": p.coins, "cranes": p.cranes, "hand_size": len(p.hand)}
            for seat, p in enumerate(state.players)
        ],
        "last_turn": _last(state),
        "final": _final(state),
        "winners": None if final is None else [s for s, v in enumerate(final) if v == max(final)],
        "result": standing_view(R.standing(state)) if state.over else None,
    }


def _options(state: State, t: int) -> list[Option]:
    """Where a hand token could go now, with the points it would score there (best first)."""
    out: list[Option] = []
    for district in R.COLOUR_DISTRICTS[TOKEN_COLOUR[t]]:
        for bonus in D.BONUSES:
            space = R.first_free(state, district, bonus)
            if space != EMPTY:
                out.append({"district": D.DISTRICTS[district], "bonus": bonus,
                            "points": R.placement_points(state, t, district, space)})
    out.sort(key=lambda o: -o["points"])
    return out


def seat_view(state: State, seat: int) -> SeatView:
    player = state.players[seat]
    bonus, colour = R.hand_bonus(player.hand)
    own: OwnView = {
        "seat": seat,
        "hand": [{**token(t), "options": _options(state, t)} for t in player.hand],
        "hand_bonus": {"points": bonus, "colour": None if colour == EMPTY else D.COLOURS[colour]},
    }
    pending = state.pending
    if pending is not None and state.turn == seat and not state.over:
        placed = pending.district != EMPTY
        own["pending"] = {
            "stage": R.stage(state, seat),
            "token": token(pending.token),
            "discard": pending.discard,
            "district": D.DISTRICTS[pending.district] if placed else None,
            "bonus": R.SPACE_BONUS[pending.district][pending.space] if placed else None,
            "points": R.placement_points(state, pending.token, pending.district, pending.space) if placed else 0,
            "project": None if pending.project == EMPTY else bool(pending.project),
        }
    return {**public_view(state), **own}
