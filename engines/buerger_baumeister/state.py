"""Bürger, Baumeister & Co.'s game state: frozen dataclasses of ids, nothing else.

Token ids are 0..64: ``id // 13`` is the colour index and ``id % 13`` indexes
``TOKEN_KINDS`` (type and value).  Tokens of the same colour, type and value are
interchangeable for every rule, so players name them by *code* (``RH2`` = red
house 2) and the engine picks the lowest id.  The bag is a sorted multiset: its
order does not exist, every draw is made from the RNG when it happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.buerger_baumeister import data as D

EMPTY = -1  # an empty board space or offer space

#: Per token id: (colour index, type, value) — a lookup, tokens are read on every step.
TOKEN_COLOUR: tuple[int, ...] = tuple(t // D.TOKENS_PER_COLOUR for t in range(D.TOKENS))
TOKEN_TYPE: tuple[str, ...] = tuple(D.TOKEN_KINDS[t % D.TOKENS_PER_COLOUR][0] for t in range(D.TOKENS))
TOKEN_VALUE: tuple[int, ...] = tuple(D.TOKEN_KINDS[t % D.TOKENS_PER_COLOUR][1] for t in range(D.TOKENS))
TOKEN_CODE: tuple[str, ...] = tuple(
    f"{D.COLOUR_LETTERS[TOKEN_COLOUR[t]]}{D.TYPE_LETTERS[D.TYPES.index(TOKEN_TYPE[t])]}{TOKEN_VALUE[t]}"
    for t in range(D.TOKENS)
)
CODES: tuple[str, ...] = tuple(dict.fromkeys(TOKEN_CODE))  # the 25 distinct codes, in id order


@dataclass(frozen=True, slots=True)
class Player:
    hand: tuple[int, ...]  # token ids, sorted; secret
    score: int
    coins: int  # 0..3
    cranes: int  # left to place
    #: Per district (board order): the points this seat scored there, placements and large
    #: project together.  Tokens on the board belong to nobody, so the split is kept as it happens
    #: (the end screen shows it); the sum is always ``score``.
    district_points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pending:
    """The turn being decided.  Nothing on the board or in a hand changes until the purchase
    completes it; ``cancel`` drops it whole."""

    token: int  # the token chosen from the hand
    discard: bool = False  # no token could be placed: this one leaves the game instead
    district: int = EMPTY  # where it goes (EMPTY until chosen)
    space: int = EMPTY  # the space index in that district
    project: int = EMPTY  # EMPTY undecided (or not possible), 0 declined, 1 taken


@dataclass(frozen=True, slots=True)
class Record:
    """What the last completed turn did, for the board's "last turn" line and highlight."""

    seat: int
    token: int
    district: int  # EMPTY when the token was discarded
    space: int
    points: int  # placement points, +2 included
    coin: int  # 1 gained, 0 none, -1 lost to the 3-coin cap
    project: int  # project points (0: none)
    bought: int  # token id bought
    offer_space: int  # 0-based
    price: int


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    rng: int
    players: tuple[Player, ...]
    board: tuple[tuple[int, ...], ...]  # per district, per space: token id or EMPTY
    cranes: tuple[int, ...]  # per district: the seat whose crane is on the project, or EMPTY
    offer: tuple[int, ...]  # the five offer spaces: token id or EMPTY (only after the game ended)
    mayor: int  # offer space index (0-based) the Mayor stands on
    bag: tuple[int, ...]  # sorted; never shown, only its size
    removed: tuple[int, ...]  # sorted; taken out unseen at setup
    discarded: tuple[int, ...]  # shown and discarded (no token could be placed), in order
    turn: int
    first: int  # the seat that started
    pending: Pending | None
    over: bool
    ply: int  # actions applied since the start
    barrier: int  # actions before this index can never be undone
    last: Record | None
    turn_number: int  # the turn in progress, 1 at the start: kept by engines.steps (one more per "turn" event)

    @property
    def actor(self) -> int | None:
        """The one seat that must decide now (None when the game is over)."""
        return None if self.over else self.turn
