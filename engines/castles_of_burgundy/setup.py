"""Setting up a game: estates, start castles, goods, workers by turn order, stacks, then phase A."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines import rng
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy import rounds
from engines.castles_of_burgundy.state import EMPTY, Decision, Player, State
from engines.castles_of_burgundy.turn import Turn
from engines.core import check_setup
from engines.events import TurnBegins

BOARD_OPTIONS = ("standard", "advanced")
#: Goods a ship brings that do not all fit: the player chooses which to keep, or (a game from before
#: that choice, whose options do not say) the types already stored, then the largest piles, are kept.
GOODS_OPTIONS = ("choose", "auto")


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    check_setup("The Castles of Burgundy", seats, D.BLACK_DEPOT_TILES.keys(), None)
    options = dict(options or {})
    boards = options.pop("boards", "standard")
    goods_rule = options.pop("goods", "auto")
    if options or boards not in BOARD_OPTIONS or goods_rule not in GOODS_OPTIONS:
        raise ValueError("The options are boards: standard (estate No. 1 for all) or advanced (estates No. 2-9), "
                         f"and goods: choose or auto; got {dict(options, boards=boards, goods=goods_rule)}")
    r = rng.seed_state(seed)
    stacks = []
    for back in D.BACKS:
        r, stack = rng.shuffle(r, [t for t in range(D.HEX_TILES) if D.TILE_BACK[t] == back])
        stacks.append(list(stack))
    r, goods = rng.shuffle(r, [g for g in D.GOODS_TYPES for _ in range(D.GOODS_PER_TYPE)])
    per_phase = D.GOODS_PER_PHASE
    goods_stacks = tuple(tuple(goods[i * per_phase:(i + 1) * per_phase]) for i in range(len(D.PHASES)))
    rest = list(goods[len(D.PHASES) * per_phase:])
    r, start = rng.randbelow(r, seats)
    order = tuple((start + i) % seats for i in range(seats))
    if boards == "advanced":
        r, estates = rng.sample(r, D.ADVANCED_ESTATES, seats)
    else:
        estates = (D.DEFAULT_ESTATE,) * seats
    castles = stacks[D.BACKS.index(D.CASTLE)]
    players = []
    for seat in range(seats):
        castle = castles.pop(0)
        start_goods, rest = rest[:D.START_GOODS], rest[D.START_GOODS:]
        estate = [EMPTY] * (D.SPACES + 1)
        storage: tuple[int, ...] = (castle,)  # advanced estates: placed by the player's first decision
        start_castle = 0
        if estates[seat] == D.DEFAULT_ESTATE:
            estate[D.START_CASTLE_SPACE] = castle
            storage, start_castle = (), D.START_CASTLE_SPACE
        players.append(Player(
            estate_no=estates[seat], estate=tuple(estate), storage=storage,
            goods=tuple(start_goods.count(g) for g in D.GOODS_TYPES), sold=(0,) * len(D.GOODS_TYPES),
            silver=D.START_SILVER, workers=D.START_WORKERS[order.index(seat)], vp=0, bonuses=(), dice=(),
            start_castle=start_castle,
        ))
    state = State(
        seats=seats, rng=r, players=tuple(players), stacks=tuple(tuple(s) for s in stacks),
        depots=((),) * (len(D.DEPOTS) + 1), depot_goods=((),) * len(D.DEPOTS), goods_stacks=goods_stacks,
        round_goods=(), goods_box=tuple(sorted(rest)), removed=(), track=(tuple(reversed(order)),)
        + ((),) * (D.TRACK_SPACES - 1), order=order, turn=0, phase=0, round=0, white=0, bought=False,
        pending=(), bonus_claims=(0,) * len(D.KINDS), setup_left=(), over=False,
        choose_goods=goods_rule == "choose", ply=0, barrier=0, turn_number=1,
    )
    if boards == "advanced":
        return _ask_for_castle(state, order)
    turn = Turn(state)
    begin(turn)
    return turn.state


def begin(turn: Turn) -> None:
    """Phase A, round 1."""
    rounds.start_phase(turn)
    rounds.start_round(turn)


def _ask_for_castle(state: State, seats: tuple[int, ...]) -> State:
    return replace(state, setup_left=seats, pending=(Decision("castle", "setup"),))


def castle_spaces(player: Player) -> tuple[int, ...]:
    """Advanced estates: any dark-green space may take the start castle."""
    return D.ESTATES[player.estate_no].spaces_of_kind[D.CASTLE]


def place_start_castle(turn: Turn, seat: int, space: int) -> None:
    """The start castle fills its space without scoring (rules decision 6); then the next player chooses.

    Each placement is its player's turn: the next player's turn begins (a "turn" event, as between the
    turns of the rounds), and after the last placement the first round's first player's."""
    player = turn.player(seat)
    castle = player.storage[0]
    estate = list(player.estate)
    estate[space] = castle
    turn.set_player(seat, estate=tuple(estate), storage=(), start_castle=space)
    turn.emit(E.StartCastle(seat=seat, space=space))
    left = turn.state.setup_left[1:]
    turn.update(setup_left=left, pending=(Decision("castle", "setup"),) if left else ())
    if left:
        turn.emit(TurnBegins(seat=left[0]))
        return
    begin(turn)
    turn.emit(TurnBegins(seat=turn.state.order[turn.state.turn]))
