"""What each seat may see, built from an allow-list.

Everything on the table is public (estates, storage, goods, silverlings, workers,
depots, the current phase's goods, dice).  Hidden: the order of the face-down tile
stacks and which goods lie in the later phases' stacks or in the box (only their
sizes are shown), and the RNG.
"""

from __future__ import annotations

from typing import Any

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import rounds, setup
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import EMPTY, Player, State


def _player(state: State, seat: int, p: Player) -> dict[str, Any]:
    estate = D.ESTATES[p.estate_no]
    return {
        "seat": seat,
        "estate_no": p.estate_no,
        "estate": {str(s): D.TILE_TOKEN[t] for s in D.SPACE_IDS if (t := p.estate[s]) != EMPTY},
        "empty_spaces": S.empty_spaces(p),
        "colours_complete": [k for k in D.KINDS if S.colour_complete(p, k)],
        "regions_complete": sum(1 for r in estate.regions[1:] if all(p.estate[s] != EMPTY for s in r)),
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


def public_view(state: State) -> dict[str, Any]:
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
        "move": state.ply,
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


def seat_view(state: State, seat: int) -> dict[str, Any]:
    view = public_view(state)
    view["seat"] = seat
    view["placeable"] = placeable(state.players[seat])
    if state.actor == seat and state.pending:
        top = state.pending[-1]
        view["decision"] = {
            "prompt": R.decision_prompt(state, top),
            "levels": [d.kind for d in state.pending],
            "die": top.die or None,
            "tile": D.TILE_TOKEN[top.tile] if top.tile >= 0 else None,
        }
        if top.kind == "castle":
            view["decision"]["spaces"] = list(setup.castle_spaces(state.players[seat]))
    return view
