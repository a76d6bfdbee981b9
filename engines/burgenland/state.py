"""Burgenland's game state: frozen dataclasses of ids, nothing else.

Card ids: colour cards are 0..79 (``id // 10`` is the colour index, ``id % 10``
indexes ``CARD_VALUES``).  Jokers are not individual cards (the supply is
unlimited), so a hand holds colour-card ids plus a joker count; where a
sequence of paid cards mixes both, a joker is written ``JOKER`` (-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.burgenland import data as D

JOKER = -1
NEUTRAL = -1  # owner of a pre-placed piece

#: A square site: empty (None) or (piece, owner).
Site = tuple[str, int] | None


@dataclass(frozen=True, slots=True)
class Player:
    hand: tuple[int, ...]  # colour-card ids, sorted
    jokers: int
    supply: tuple[int, int, int, int]  # pieces left, in D.PIECES order
    exchange_tiles: int
    bonus_tiles: tuple[str, ...]  # held face down, sorted

    def left(self, piece: str) -> int:
        return self.supply[D.PIECES.index(piece)]


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision being made: the step that opened it and the choices so far.

    Nothing on the board or in a hand changes until the decision completes;
    committed cards stay in the hand and are only set aside here.
    """

    opening: tuple[str, ...]  # e.g. ("build", "tower", "5N", "pay10"), ("jokers", "2"), ("swap",)
    stage: int = 0  # index of the payment stage being paid
    paid: tuple[int, ...] = ()  # cards committed to completed stages (JOKER for a joker)
    current: tuple[int, ...] = ()  # cards committed to the current stage
    picks: tuple[int, ...] = ()  # swap: marker positions chosen so far (1-based)

    @property
    def committed(self) -> tuple[int, ...]:
        return self.paid + self.current


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    rng: int
    players: tuple[Player, ...]
    markers: tuple[int, ...]  # colour index on positions M1..M8
    #: Per castle (index castle-1): sites N, W, E, X; X is None until an extra site is added
    #: (an extra site is built on at once, so it is never empty).
    sites: tuple[tuple[Site, Site, Site, Site], ...]
    wells: tuple[int | None, ...]  # per castle: the well's owner
    large: tuple[tuple[str, int], ...]  # (piece, owner) built in the large castle, in order
    deck: tuple[int, ...]  # face down, top first
    discard: tuple[int, ...]  # face up, top last
    architect: tuple[int, ...]  # costs, face-up card first
    well_deck: tuple[int, ...]  # castle numbers, face-up card first: the indicator's castle
    wells_built: int  # rewards already taken from the column
    exchange_left: int
    bonus_stack: tuple[str, ...]  # face down, top first
    played_tiles: tuple[str, ...]  # bonus tiles played so far, in order
    turn: int  # the seat whose turn it is
    main_done: bool  # has that seat taken its main action (A or B)
    pending: Pending | None
    winner: int | None
    ply: int  # actions applied since the start
    barrier: int  # actions before this index can never be undone
    last_move: tuple[int, str, str] | None  # (seat, piece, where) of the last build
    turn_number: int  # the turn in progress, 1 at the start: kept by engines.steps (one more per "turn" event)

    @property
    def actor(self) -> int | None:
        """The one seat that must decide now (None when the game is over)."""
        return None if self.winner is not None else self.turn

    def castle_colours(self, castle: int) -> tuple[int, int]:
        a, b = D.CASTLE_MARKERS[castle]
        return self.markers[a - 1], self.markers[b - 1]


def card_colour(card: int) -> int:
    return card // D.CARDS_PER_COLOUR


def card_value(card: int) -> int:
    return D.JOKER_VALUE if card == JOKER else D.CARD_VALUES[card % D.CARDS_PER_COLOUR]

