"""Burgen Land's game state: frozen dataclasses of ints and strings, nothing else.

A castle is a row of card values read left to right (1 wall, 2 little tower,
3 house, 5 great tower; the value tells the kind), with ``HOLE`` (0) where the
opponent took a card out of the middle.  Rows never start or end with a hole:
a card taken from an end just shortens the row.
"""

from __future__ import annotations

from dataclasses import dataclass

#: A castle: card values left to right, 0 for a hole.
Row = tuple[int, ...]
#: Both players' castles, ``[seat][colour]``.
Castles = tuple[tuple[Row, Row, Row], tuple[Row, Row, Row]]
#: Cards left beside the board, ``[colour][kind]``.
Supply = tuple[tuple[int, int, int, int], ...]

# Phases: what the seat to act decides now.
ROLL = "roll"        # roll (own die + chosen red dice), or end the turn after the first roll
MOVE = "move"        # pick which rolled die moves the crown
SPACE = "space"      # the landing space's action: take the card, red dice instead, score
PLACE = "place"      # where the card goes in the castle
SOURCE = "source"    # which copy to take from the opponent's castle (supply exhausted)
PENALTY = "penalty"  # which of two equal end cards to give back (left the turn's colour)
OVER = "over"
PHASES = (ROLL, MOVE, SPACE, PLACE, SOURCE, PENALTY, OVER)


@dataclass(frozen=True, slots=True)
class State:
    rng: int
    crown: int  # ring index 0..23 of the crown
    castles: Castles
    supply: Supply
    red_supply: int  # red dice on the board
    red_held: tuple[int, int]  # red dice held per seat
    scores: tuple[int, int]
    first: int  # who began the game
    turn: int  # whose turn it is
    colour: int | None  # the turn's colour once its first roll fixed it
    rolls: int  # rolls made this turn
    phase: str
    dice: tuple[int, ...]  # the last roll, own die first (public; kept to show it)
    roller: int | None  # who made the last roll
    card: int | None  # kind index being taken (PLACE, SOURCE)
    slot: int | None  # where it goes (SOURCE): 0 left end, len(row) right end, else a hole's index
    winner: int | None
    ply: int  # actions applied since the start
    barrier: int  # actions before this index can never be undone
    turn_number: int  # the turn in progress, 1 at the start: kept by engines.steps (one more per "turn" event)

    @property
    def actor(self) -> int | None:
        """The one seat that must decide now (None when the game is over)."""
        return None if self.winner is not None else self.turn
