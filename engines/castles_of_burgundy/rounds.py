"""Phases, rounds and turns: depots filled, dice rolled, turns in track order, income, the end.

Every random step is one call that draws from the RNG followed by a pure
``resolve_*`` function of the outcome, so tests can force dice.  Tile draws take
the top of the face-down stacks, which were shuffled into the state at setup.
"""

from __future__ import annotations

from dataclasses import replace

from engines import rng
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import EMPTY
from engines.castles_of_burgundy.turn import Turn
from engines.events import TurnBegins

# --- Phase set-up ---------------------------------------------------------------------------------


def depot_kinds(seats: int, phase: int) -> dict[int, list[str]]:
    """Which kind of tile each numbered depot gets this phase (the 3-player depot-6 exception included)."""
    out: dict[int, list[str]] = {}
    for depot, spaces in D.DEPOT_SPACES.items():
        kinds = []
        for kind, fewest in spaces:
            if seats < fewest:
                continue
            if (seats == 3 and depot == 6 and kind == D.CASTLE
                    and phase in D.THREE_PLAYER_DEPOT6_MINE_PHASES):
                kind = D.MINE
            kinds.append(kind)
        out[depot] = kinds
    return out


def start_phase(turn: Turn) -> None:
    """Fill the depots from the face-down stacks and lay out this phase's goods (goods on depots stay)."""
    state = turn.state
    stacks = [list(s) for s in state.stacks]
    depots: list[tuple[int, ...]] = []
    for kinds in depot_kinds(state.seats, state.phase).values():
        tiles = []
        for kind in kinds:
            stack = stacks[D.BACKS.index(kind)]
            if stack:
                tiles.append(stack.pop(0))
        depots.append(tuple(sorted(tiles)))
    black = stacks[D.BACKS.index(D.BLACK)]
    count = min(D.BLACK_DEPOT_TILES[state.seats], len(black))
    depots.append(tuple(sorted(black[:count])))
    del black[:count]
    goods = list(state.goods_stacks)
    round_goods, goods[state.phase] = goods[state.phase], ()
    turn.update(stacks=tuple(tuple(s) for s in stacks), depots=tuple(depots), goods_stacks=tuple(goods),
                round_goods=round_goods, round=0)
    turn.random = True  # tiles and goods are revealed
    laid_out = {str(d): tuple(D.TILE_TOKEN[t] for t in depots[d - 1]) for d in (*D.DEPOTS, D.BLACK_DEPOT)}
    turn.emit(E.Phase(phase=D.PHASES[state.phase], depots=laid_out, goods=tuple(round_goods)))


# --- Rounds ---------------------------------------------------------------------------------------


def start_round(turn: Turn) -> None:
    """Roll every player's two dice and the white die (all at once, so later players can plan)."""
    r = turn.state.rng
    dice: list[tuple[int, ...]] = []
    for _ in range(turn.state.seats):
        faces = []
        for _ in range(D.DICE_PER_PLAYER):
            r, face = rng.randbelow(r, D.DIE_FACES)
            faces.append(face + 1)
        dice.append(tuple(faces))
    r, white = rng.randbelow(r, D.DIE_FACES)
    turn.update(rng=r)
    resolve_round(turn, tuple(dice), white + 1)


def resolve_round(turn: Turn, dice: tuple[tuple[int, ...], ...], white: int) -> None:
    """A new round with these dice: turn order from the track, the round's goods onto depot ``white``."""
    state = turn.state
    players = tuple(replace(p, dice=tuple(sorted(d))) for p, d in zip(state.players, dice, strict=True))
    depot_goods = list(state.depot_goods)
    goods = state.round_goods[0]
    depot_goods[white - 1] = tuple(sorted((*depot_goods[white - 1], goods)))
    turn.update(players=players, white=white, round_goods=state.round_goods[1:], depot_goods=tuple(depot_goods),
                order=S.track_order(state.track), turn=0, bought=False, pending=())
    turn.random = True
    turn.emit(E.Round(phase=D.PHASES[state.phase], round=state.round + 1, white=white, goods=goods, dice=dice,
                      order=tuple(turn.state.order)))


# --- Turns ------------------------------------------------------------------------------------------


def settle(turn: Turn) -> None:
    """End the turn by itself once nothing is left to decide: dice used, purchase made or impossible."""
    state = turn.state
    if state.over or state.pending or state.setup_left:
        return
    seat = state.order[state.turn]
    if not state.players[seat].dice and not O.can_buy_now(state, seat):
        end_turn(turn)


def end_turn(turn: Turn) -> None:
    state = turn.state
    nxt = state.turn + 1
    turn.update(bought=False, pending=())
    if nxt < len(state.order):
        turn.update(turn=nxt)
        turn.emit(TurnBegins(seat=state.order[nxt]))
        return
    if state.round + 1 < D.ROUNDS_PER_PHASE:
        turn.update(round=state.round + 1)
        start_round(turn)
    else:
        end_phase(turn)
    if not turn.state.over:
        turn.emit(TurnBegins(seat=turn.state.order[turn.state.turn]))


def end_phase(turn: Turn) -> None:
    """Mines pay (knowledge 2: workers too), the tiles left on the depots leave the game, the next phase."""
    state = turn.state
    for seat, player in enumerate(state.players):
        mines = sum(1 for t in player.estate[1:] if t != EMPTY and D.TILE_KIND[t] == D.MINE)
        if mines:
            workers = mines if player.has(2) else 0
            turn.gain(seat, silver=mines, workers=workers)
            turn.emit(E.Income(seat=seat, silver=mines, workers=workers, mines=mines))
    leftovers = [t for depot in turn.state.depots for t in depot]
    turn.update(removed=tuple(sorted(turn.state.removed + tuple(leftovers))),
                depots=tuple(() for _ in turn.state.depots))
    if state.phase + 1 < len(D.PHASES):
        turn.update(phase=state.phase + 1)
        start_phase(turn)
        start_round(turn)
    else:
        final_scoring(turn)


def final_scoring(turn: Turn) -> None:
    for seat, player in enumerate(turn.state.players):
        points = S.final_points(player)
        turn.gain(seat, vp=sum(points.values()))
        turn.emit(E.Final(seat=seat, **points, total=turn.state.players[seat].vp))
    turn.update(over=True, pending=())
    turn.emit(E.Over())
