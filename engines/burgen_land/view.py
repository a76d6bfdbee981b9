"""What each seat may see: everything on the table, chosen key by key.

Burgen Land has no hidden cards, so every seat sees the public view (plus its own
seat number).  Still built from an allow-list, never "state minus secrets": the
one secret, the RNG that decides future rolls, must never reach a view.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from engines.burgen_land import data as D
from engines.burgen_land import notation as N
from engines.burgen_land import rules as R
from engines.burgen_land.state import Row, State
from engines.core import StandingView, standing_view


class Castle(TypedDict):
    """One player's castle of one colour: card values left to right, None for a hole."""

    cards: list[int | None]
    value: int
    segments: list[int]  # the values of the parts between holes


class Crown(TypedDict):
    space: int   # ring index 0..23
    name: str
    colour: str
    kind: str    # what the space gives


class RedDice(TypedDict):
    supply: int       # on the board
    held: list[int]   # per seat


class Turn(TypedDict):
    """The acting player's situation."""

    seat: int
    phase: str
    rolls: int
    colour: str | None        # the turn's colour once the first landing fixed it
    spaces_left: int | None   # before the crown leaves that colour (None: not fixed yet)
    safe_rolls: list[int]     # die values that keep the crown in the turn's colour
    dice: list[int]           # the roll to choose from (phase "move" only)
    card: str | None          # the kind being taken


class LastRoll(TypedDict):
    seat: int
    dice: list[int]  # own die first, then red dice


class Choice(TypedDict):
    key: str    # what to type
    label: str  # in words


class PublicView(TypedDict):
    game: Literal["burgen-land"]
    players: int
    to_act: int | None
    winner: int | None
    turn_number: int  # the turn in progress, 1 at the start (a player's whole turn)
    first: int
    colours: dict[str, str]                 # colour -> letter
    crown: Crown
    castles: list[dict[str, Castle]]        # [seat][colour]
    supply: dict[str, dict[str, int]]       # [colour][kind]: cards left beside the board
    red_dice: RedDice
    scores: list[int]
    target: int
    turn: Turn | None
    last_roll: LastRoll | None
    choices: list[Choice]                   # the acting seat's choices now
    result: StandingView | None             # the final standing, once the game is over


class OwnView(TypedDict):
    seat: int


class SeatView(PublicView, OwnView):
    """A seat's view: the public view and the seat's number (nothing is hidden in Burgen Land)."""


def _castle(row: Row) -> Castle:
    return {
        "cards": [None if v == D.HOLE else v for v in row],
        "value": R.castle_value(row),
        "segments": R.segments(row),
    }


def _turn(state: State) -> Turn | None:
    """The acting player's situation: the turn's colour and how far the crown may still go."""
    if state.winner is not None:
        return None
    left = R.spaces_left(state)
    return {
        "seat": state.turn,
        "phase": state.phase,
        "rolls": state.rolls,
        "colour": None if state.colour is None else D.COLOURS[state.colour],
        "spaces_left": left,
        # The die values that keep the crown in the turn's colour (all of them before the first roll).
        "safe_rolls": list(range(1, D.DIE_SIDES + 1)) if left is None else list(range(1, min(left, D.DIE_SIDES) + 1)),
        "dice": list(state.dice) if state.phase == "move" else [],
        "card": None if state.card is None else D.KINDS[state.card],
    }


def public_view(state: State) -> PublicView:
    acting = None if state.winner is not None else state.turn
    choices: list[Choice] = []
    if acting is not None:
        for step in R.legal_steps(state, acting):
            choices.append({"key": " ".join(step), "label": N.step_label(state, acting, step)})
    return {
        "game": "burgen-land",
        "players": D.SEATS,
        "to_act": acting,
        "winner": state.winner,
        "turn_number": state.turn_number,
        "first": state.first,
        "colours": dict(zip(D.COLOURS, D.COLOUR_LETTERS, strict=True)),
        "crown": {"space": state.crown, "name": D.space_name(state.crown),
                  "colour": D.COLOURS[D.space_colour(state.crown)], "kind": D.TRACK[state.crown][0]},
        "castles": [
            {colour: _castle(state.castles[seat][c]) for c, colour in enumerate(D.COLOURS)}
            for seat in range(D.SEATS)
        ],
        "supply": {colour: dict(zip(D.KINDS, state.supply[c], strict=True)) for c, colour in enumerate(D.COLOURS)},
        "red_dice": {"supply": state.red_supply, "held": list(state.red_held)},
        "scores": list(state.scores),
        "target": D.WIN_SCORE,
        "turn": _turn(state),
        "last_roll": None if state.roller is None else {"seat": state.roller, "dice": list(state.dice)},
        "choices": choices,
        "result": standing_view(R.standing(state)) if state.winner is not None else None,
    }


def seat_view(state: State, seat: int) -> SeatView:
    return {**public_view(state), "seat": seat}
