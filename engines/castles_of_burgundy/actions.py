"""The four die actions and the purchase, once their choices are made.

Take a tile from a numbered depot into storage; place a stored tile (see
``effects.place``); sell all goods of one type; take workers.  The purchase
(2 silverlings, once per turn) takes from the black depot, or any depot with
knowledge 6.  Taking or buying with full storage discards a stored tile first.
"""

from __future__ import annotations

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy.turn import Turn


def use_die(turn: Turn, seat: int, value: int) -> None:
    dice = list(turn.player(seat).dice)
    dice.remove(value)
    turn.set_player(seat, dice=tuple(dice))


def pay_workers(turn: Turn, seat: int, workers: int) -> None:
    if workers:
        turn.gain(seat, workers=-workers)


def to_storage(turn: Turn, seat: int, tile: int, depot: int) -> None:
    """Move ``tile`` from ``depot`` into the player's storage (which has room)."""
    depots = list(turn.state.depots)
    here = list(depots[depot - 1])
    here.remove(tile)
    depots[depot - 1] = tuple(here)
    turn.update(depots=tuple(depots))
    player = turn.player(seat)
    assert len(player.storage) < D.TILE_STORAGE_SPACES
    turn.set_player(seat, storage=(*player.storage, tile))


def take(turn: Turn, seat: int, tile: int, depot: int, workers: int, how: str) -> None:
    pay_workers(turn, seat, workers)
    to_storage(turn, seat, tile, depot)
    turn.emit(E.Take(seat=seat, tile=D.TILE_TOKEN[tile], depot=depot, workers=workers, how=how))


def buy(turn: Turn, seat: int, tile: int, depot: int) -> None:
    turn.gain(seat, silver=-D.PURCHASE_SILVER)
    turn.update(bought=True)
    to_storage(turn, seat, tile, depot)
    turn.emit(E.Buy(seat=seat, tile=D.TILE_TOKEN[tile], depot=depot, silver=D.PURCHASE_SILVER))


def discard(turn: Turn, seat: int, tile: int) -> None:
    """A stored tile leaves the game to make room."""
    player = turn.player(seat)
    storage = list(player.storage)
    storage.remove(tile)
    turn.set_player(seat, storage=tuple(storage))
    turn.update(removed=tuple(sorted((*turn.state.removed, tile))))
    turn.emit(E.Discard(seat=seat, tile=D.TILE_TOKEN[tile]))


def take_workers(turn: Turn, seat: int) -> None:
    """2 workers (4 with knowledge 14), plus 1 silverling with knowledge 13."""
    player = turn.player(seat)
    workers = D.WORKERS_TAKEN_14 if player.has(14) else D.WORKERS_TAKEN
    silver = 1 if player.has(13) else 0
    turn.gain(seat, workers=workers, silver=silver)
    turn.emit(E.Gain(seat=seat, workers=workers, silver=silver, reason="take workers"))
