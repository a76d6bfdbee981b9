"""What each seat may see, built from an allow-list.

Everything on the table is public (estates, storage, goods, silverlings, workers,
depots, the current phase's goods, dice).  Hidden: the order of the face-down tile
stacks and which goods lie in the later phases' stacks or in the box (only their
sizes are shown), and the RNG.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import rounds, setup
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import EMPTY, Player, State
from engines.core import StandingView, standing_view


class BonusTile(TypedDict):
    kind: str
    points: int


class PlayerInfo(TypedDict):
    seat: int
    estate_no: int
    estate: dict[str, str]        # space number ("1".."37") -> tile token, covered spaces only
    empty_spaces: int
    colours_complete: list[str]   # kinds whose every space is covered
    regions_complete: int         # regions the player completed (not the start castle's alone, covered at setup)
    start_castle: int             # the start castle's space (0 until placed)
    storage: list[str]            # tile tokens
    goods: dict[str, int]         # goods type ("1".."6") -> tiles stored, non-zero only
    sold: dict[str, int]          # the same for goods sold
    silver: int
    workers: int
    vp: int
    score_track: int              # vp modulo 100
    vp_tile: int | None           # 100 or 200 once passed
    bonus_tiles: list[BonusTile]
    dice: list[int]
    knowledge: list[int]          # knowledge tile numbers on the estate, sorted


class FinalScore(TypedDict):
    """One seat's VP split as the game ended: what play brought, then what final scoring added."""

    seat: int
    during_play: int               # VP before final scoring (tiles, regions, bonus tiles, sales …)
    goods: int                     # 1 per unsold goods tile
    silver: int                    # 1 per silverling
    workers: int                   # 1 per 2 workers
    knowledge: int                 # knowledge tiles 15-26
    knowledge_tiles: dict[str, int]  # tile number -> its VP
    bonus_tiles: int               # VP of the colour bonus tiles (part of during_play)


class Result(StandingView):
    """Once the game is over: the standing (ties broken as the rules say) and each seat's split."""

    final: list[FinalScore]


class PublicView(TypedDict):
    game: Literal["castles-of-burgundy"]
    players: int
    phase: str                            # "A".."E"
    round: int                            # 1-based
    white_die: int
    to_act: int | None
    setup: bool                           # start castles are still being placed
    over: bool
    turn_number: int  # the turn in progress, 1 at the start (a player's whole turn)
    turn_order: list[int]
    track: list[list[int]]                # turn-order track spaces: seats, bottom to top
    depots: dict[str, list[str]]          # "1".."6" and "black" -> tile tokens
    depot_goods: dict[str, list[int]]     # "1".."6" -> goods types
    depot_spaces: dict[str, list[str]]    # "1".."6" -> the kinds of the spaces in use this phase
    black_depot_spaces: int
    round_goods: list[int]
    goods_stacks_left: list[int]
    stack_sizes: dict[str, int]           # tile back -> face-down tiles left
    removed_tiles: int
    bonus_tiles_left: dict[str, list[str]]  # kind -> "large"/"small" still there
    bought: bool
    players_info: list[PlayerInfo]
    result: Result | None                 # the final standing, once the game is over


class Decision(TypedDict):
    """The decision the seat is making (only while it is that seat's turn)."""

    prompt: str
    levels: list[str]     # the kinds of the pending decisions, outermost first
    die: int | None
    tile: str | None
    spaces: NotRequired[list[int]]  # start castle: where it may go


class OwnView(TypedDict):
    seat: int
    placeable: dict[str, dict[str, int]]  # die -> space -> fewest workers (0: as it is)
    decision: NotRequired[Decision]


class SeatView(PublicView, OwnView):
    """A seat's view: the public view (everything on the table) and the seat's own parts."""


def _player(state: State, seat: int, p: Player) -> PlayerInfo:
    estate = D.ESTATES[p.estate_no]
    return {
        "seat": seat,
        "estate_no": p.estate_no,
        "estate": {str(s): D.TILE_TOKEN[t] for s in D.SPACE_IDS if (t := p.estate[s]) != EMPTY},
        "empty_spaces": S.empty_spaces(p),
        "colours_complete": [k for k in D.KINDS if S.colour_complete(p, k)],
        "regions_complete": sum(1 for r in estate.regions[1:]
                                if r != (p.start_castle,) and all(p.estate[s] != EMPTY for s in r)),
        "start_castle": p.start_castle,
        "storage": [D.TILE_TOKEN[t] for t in p.storage],
        "goods": {str(g): n for g, n in zip(D.GOODS_TYPES, p.goods, strict=True) if n},
        "sold": {str(g): n for g, n in zip(D.GOODS_TYPES, p.sold, strict=True) if n},
        "silver": p.silver,
        "workers": p.workers,
        "vp": p.vp,
        "score_track": p.vp % 100,
        "vp_tile": (p.vp // 100) * 100 if p.vp >= 100 else None,  # the 100/200 tile shows this
        "bonus_tiles": [{"kind": k, "points": v} for k, v in p.bonuses],
        "dice": list(p.dice),
        "knowledge": sorted(D.TILE_KNOWLEDGE[t] for t in p.estate[1:] if t != EMPTY and D.TILE_KNOWLEDGE[t]),
    }


def _final(seat: int, p: Player) -> FinalScore:
    points = S.final_points(p)
    return {
        "seat": seat,
        "during_play": p.vp - sum(points.values()),
        "goods": points["goods"],
        "silver": points["silver"],
        "workers": points["workers"],
        "knowledge": points["knowledge"],
        "knowledge_tiles": {str(n): vp for n, vp in sorted(S.knowledge_points(p).items())},
        "bonus_tiles": sum(v for _, v in p.bonuses),
    }


def _result(state: State) -> Result | None:
    """The final standing, from the same ``standing`` as the engine's (one source for places and tie-breaks)."""
    if not state.over:
        return None
    return {**standing_view(S.standing(state)), "final": [_final(seat, p) for seat, p in enumerate(state.players)]}


def public_view(state: State) -> PublicView:
    actor = state.actor
    return {
        "game": "castles-of-burgundy",
        "players": state.seats,
        "phase": D.PHASES[state.phase],
        "round": state.round + 1,
        "white_die": state.white,
        "to_act": actor,
        "setup": bool(state.setup_left),
        "over": state.over,
        "turn_number": state.turn_number,
        "turn_order": list(state.order),
        "track": [list(space) for space in state.track],
        "depots": {R.depot_word(d): [D.TILE_TOKEN[t] for t in state.depots[d - 1]]
                   for d in (*D.DEPOTS, D.BLACK_DEPOT)},
        "depot_goods": {str(d): list(state.depot_goods[d - 1]) for d in D.DEPOTS},
        # The spaces in use this phase (the 3-player depot-6 exception included) and the black depot's size.
        "depot_spaces": {str(d): kinds for d, kinds in rounds.depot_kinds(state.seats, state.phase).items()},
        "black_depot_spaces": D.BLACK_DEPOT_TILES[state.seats],
        "round_goods": list(state.round_goods),
        "goods_stacks_left": [len(s) for s in state.goods_stacks],
        "stack_sizes": {back: len(s) for back, s in zip(D.BACKS, state.stacks, strict=True)},
        "removed_tiles": len(state.removed),
        "bonus_tiles_left": {
            kind: (["large", "small"][claims:]) for kind, claims in zip(D.KINDS, state.bonus_claims, strict=True)
        },
        "bought": state.bought,
        "players_info": [_player(state, seat, p) for seat, p in enumerate(state.players)],
        "result": _result(state),
    }


def placeable(p: Player) -> dict[str, dict[str, int]]:
    """Per die value the player holds: the spaces a stored tile could fill with it, and the fewest
    workers that needs (0 = the die fits as it is).  For the hand image; the engine's own query."""
    out: dict[str, dict[str, int]] = {}
    for die in sorted(set(p.dice)):
        spaces: dict[int, int] = {}
        for tile in O.distinct(p.storage):
            for space, cost in O.place_options(p, tile, die):
                spaces[space] = min(cost, spaces.get(space, cost))
        out[str(die)] = {str(s): spaces[s] for s in sorted(spaces)}
    return out


def seat_view(state: State, seat: int) -> SeatView:
    own: OwnView = {"seat": seat, "placeable": placeable(state.players[seat])}
    if state.actor == seat and state.pending:
        top = state.pending[-1]
        decision: Decision = {
            "prompt": R.decision_prompt(state, top),
            "levels": [d.kind for d in state.pending],
            "die": top.die or None,
            "tile": D.TILE_TOKEN[top.tile] if top.tile >= 0 else None,
        }
        if top.kind == "castle":
            decision["spaces"] = list(setup.castle_spaces(state.players[seat]))
        own["decision"] = decision
    return {**public_view(state), **own}
