"""Placing a tile on the estate and what each tile does when it lands.

Scoring of a completed region and of a colour comes first, then the tile's own
effect.  An effect that needs a choice opens a new decision (the previous one has
completed by then, so chains resolve in order: castle → its action → city hall →
its tile's effect …).  An effect that cannot be used is lost.
"""

from __future__ import annotations

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy.state import Decision
from engines.castles_of_burgundy.turn import Turn


def place(turn: Turn, seat: int, tile: int, space: int, workers: int, how: str) -> None:
    """Move ``tile`` from storage onto ``space`` (paying ``workers``), score, then trigger its effect."""
    player = turn.player(seat)
    storage = list(player.storage)
    storage.remove(tile)
    estate = list(player.estate)
    estate[space] = tile
    turn.set_player(seat, storage=tuple(storage), estate=tuple(estate), workers=player.workers - workers)
    turn.emit(E.Place(seat=seat, tile=D.TILE_TOKEN[tile], space=space, workers=workers, how=how))
    S.score_completion(turn, seat, space)
    kind = D.TILE_KIND[tile]
    if kind == D.ANIMAL:
        points = S.animal_points(turn.player(seat), space)
        turn.gain(seat, vp=points)
        turn.emit(E.Animals(seat=seat, tile=D.TILE_TOKEN[tile], points=points))
    elif kind == D.SHIP:
        ship(turn, seat)
    elif kind == D.CASTLE:
        turn.update(pending=(Decision("action", "castle"),))
    elif kind == D.BUILDING:
        building(turn, seat, D.TILE_BUILDING[tile])


def ship(turn: Turn, seat: int) -> None:
    """A ship: the marker moves one space forward on the turn-order track (on top of any marker
    there; the new order counts from the next round), and the goods of one depot are taken."""
    track = [list(space) for space in turn.state.track]
    here = next(i for i, space in enumerate(track) if seat in space)
    track[here].remove(seat)
    there = min(here + 1, len(track) - 1)
    track[there].append(seat)
    turn.update(track=tuple(tuple(space) for space in track))
    turn.emit(E.Advance(seat=seat, space=there))
    if O.goods_options(turn.state, seat):
        turn.update(pending=(Decision("goods", "ship"),))


def take_goods(turn: Turn, seat: int, depots: tuple[int, ...], keep: tuple[int, ...] | None = None) -> None:
    """Take the goods of these depots into storage; what does not fit stays on its depot.  When they do
    not all fit, the player chooses which types to keep (a ``keep`` decision), unless the game's option
    says goods=auto (a game from before that choice): then stored types, then the largest piles."""
    state = turn.state
    incoming = [g for d in depots for g in state.depot_goods[d - 1]]
    if keep is None and state.choose_goods and len(O.keep_choices(turn.player(seat), incoming)) > 1:
        turn.update(pending=(Decision("keep", "ship", depots=depots),))
        return
    stored, left = S.store_goods(turn.player(seat), incoming, keep)
    turn.set_player(seat, goods=stored)
    depot_goods = list(state.depot_goods)
    for d in depots:  # a type that does not fit stays, whole, on its depot
        depot_goods[d - 1] = tuple(g for g in state.depot_goods[d - 1] if g in left)
    turn.update(depot_goods=tuple(depot_goods))
    taken = tuple(sorted(g for g in incoming if g not in left))
    turn.emit(E.Goods(seat=seat, depots=depots, goods=taken, left=tuple(sorted(g for g in incoming if g in left))))


def building(turn: Turn, seat: int, kind: str) -> None:
    player = turn.player(seat)
    if kind == D.BOARDING:
        turn.gain(seat, workers=D.BOARDING_WORKERS)
        turn.emit(E.Gain(seat=seat, workers=D.BOARDING_WORKERS, reason="boarding house"))
    elif kind == D.BANK:
        turn.gain(seat, silver=D.BANK_SILVER)
        turn.emit(E.Gain(seat=seat, silver=D.BANK_SILVER, reason="bank"))
    elif kind == D.WATCHTOWER:
        turn.gain(seat, vp=D.WATCHTOWER_VP)
        turn.emit(E.Gain(seat=seat, vp=D.WATCHTOWER_VP, reason="watchtower"))
    elif kind == D.WAREHOUSE:
        if O.sell_options(player, 0):
            turn.update(pending=(Decision("warehouse", D.WAREHOUSE),))
        else:
            turn.emit(E.Lost(seat=seat, building=kind))
    elif kind in O.EFFECT_TAKE_KINDS:
        decision = Decision("take", kind)
        if O.take_options(turn.state, seat, decision):
            turn.update(pending=(decision,))
        else:
            turn.emit(E.Lost(seat=seat, building=kind))
    elif kind == D.CITY_HALL:
        if O.placeable(player, 0):
            turn.update(pending=(Decision("cityhall", D.CITY_HALL),))
        else:
            turn.emit(E.Lost(seat=seat, building=kind))
