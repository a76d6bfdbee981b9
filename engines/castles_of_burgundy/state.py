"""The game state: frozen dataclasses of ids and counts, nothing else.

Hex tiles are ids into ``data.TILES`` (0..163); a goods tile is its type (a die
number 1-6, the tiles of one type being identical); estate spaces are 1..37.
Depot numbers are 1-6 for the numbered depots and 7 (``data.BLACK_DEPOT``) for
the black one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engines.castles_of_burgundy import data as D

EMPTY = -1  # an estate space without a tile


@dataclass(frozen=True, slots=True)
class Player:
    estate_no: int  # which estate board
    estate: tuple[int, ...]  # per space 1..37 (index 0 unused): tile id or EMPTY
    storage: tuple[int, ...]  # hex tiles waiting to be placed (at most 3), in the order taken
    goods: tuple[int, ...]  # stored goods tiles per type 1..6 (index type - 1); at most 3 types non-zero
    sold: tuple[int, ...]  # goods tiles sold per type 1..6 (face down, for knowledge 15 and 25)
    silver: int
    workers: int
    vp: int
    bonuses: tuple[tuple[str, int], ...]  # colour bonus tiles: (kind, points)
    dice: tuple[int, ...]  # dice not yet used this round, sorted
    #: The space the start castle went on (0 until it is placed on an advanced estate): its region, covered at
    #: setup, scored nothing and is not one the player completed (rules decision 6).
    start_castle: int = 0

    def has(self, knowledge: int) -> bool:
        """Whether this player's estate holds knowledge tile ``knowledge``."""
        return knowledge in knowledge_in(self.estate)

@lru_cache(maxsize=8192)
def knowledge_in(estate: tuple[int, ...]) -> frozenset[int]:
    """The knowledge tiles in an estate (asked for on every cost: cached by the estate's contents)."""
    return frozenset(D.TILE_KNOWLEDGE[t] for t in estate if t != EMPTY and D.TILE_KNOWLEDGE[t])


@dataclass(frozen=True, slots=True)
class Decision:
    """One level of the decision being made (the state's ``pending`` is a stack of these).

    ``kind``: action (choose what to do with a die / the castle's extra action), take
    (which tile from which depot), space (where to put ``tile``), discard (make room
    before taking ``tile`` from ``depot``), buy, goods (a ship's depot), warehouse,
    cityhall (which stored tile), castle (advanced boards: the start castle's space), keep (which of
    a ship's goods types to store when they do not all fit).
    ``source``: what opened the decision tree: die, castle, buy, cityhall, carpenter,
    church, market, ship, warehouse, setup.
    """

    kind: str
    source: str
    die: int = 0  # the die value in use; 0 = any value without workers (castle, city hall, effects)
    tile: int = -1
    depot: int = 0
    depots: tuple[int, ...] = ()  # keep: the depots whose goods the ship brings


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    rng: int
    players: tuple[Player, ...]
    stacks: tuple[tuple[int, ...], ...]  # face-down tile stacks by back (data.BACKS order), top first
    depots: tuple[tuple[int, ...], ...]  # tiles on depots 1-6 and the black depot (index depot - 1), sorted
    depot_goods: tuple[tuple[int, ...], ...]  # goods on the goods space of depots 1-6, sorted
    goods_stacks: tuple[tuple[int, ...], ...]  # the face-down goods of phases A-E (emptied when laid out)
    round_goods: tuple[int, ...]  # this phase's goods still on the round spaces, next round's first
    goods_box: tuple[int, ...]  # goods not in play (face down)
    removed: tuple[int, ...]  # hex tiles out of the game (discarded or cleared at phase end), sorted
    track: tuple[tuple[int, ...], ...]  # turn-order track spaces: seats, bottom to top
    order: tuple[int, ...]  # this round's turn order
    turn: int  # index into ``order`` of the seat whose turn it is
    phase: int  # 0..4 (A..E)
    round: int  # 0..4
    white: int  # the white die this round
    bought: bool  # the once-per-turn purchase has been made
    pending: tuple[Decision, ...]  # the decision being made, outermost first
    bonus_claims: tuple[int, ...]  # colour bonus tiles already taken, per kind (data.KINDS order)
    setup_left: tuple[int, ...]  # advanced estates: seats still to place their start castle, in order
    over: bool
    choose_goods: bool  # option goods=choose: the player picks which goods to keep when not all fit
    ply: int  # actions applied since the start
    barrier: int  # actions before this index can never be undone
    turn_number: int  # the turn in progress, 1 at the start: kept by engines.steps (one more per "turn" event)

    @property
    def actor(self) -> int | None:
        """The one seat that must decide now (None when the game is over)."""
        if self.over:
            return None
        if self.setup_left:
            return self.setup_left[0]
        return self.order[self.turn]
