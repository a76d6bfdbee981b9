"""What each seat may see: everything on the table, chosen key by key.

Burgen Land has no hidden cards, so every seat sees the public view (plus its own
seat number).  Still built from an allow-list, never "state minus secrets": the
one secret, the RNG that decides future rolls, must never reach a view.
"""

from __future__ import annotations

from typing import Any

from engines.burgen_land import data as D
from engines.burgen_land import notation as N
from engines.burgen_land import rules as R
from engines.burgen_land.state import Row, State


def _castle(row: Row) -> dict[str, Any]:
    return {
        "cards": [None if v == D.HOLE else v for v in row],
        "value": R.castle_value(row),
        "segments": R.segments(row),
    }


def _turn(state: State) -> dict[str, Any] | None:
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


def public_view(state: State) -> dict[str, Any]:
    acting = None if state.winner is not None else state.turn
    choices = []
    if acting is not None:
        for step in R.legal_steps(state, acting):
            choices.append({"key": " ".join(step), "label": N.step_label(state, acting, step)})
    return {
        "game": "burgen-land",
        "players": D.SEATS,
        "to_act": acting,
        "winner": state.winner,
        "move": state.ply,
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
    }


def seat_view(state: State, seat: int) -> dict[str, Any]:
    view = public_view(state)
    view["seat"] = seat
    return view
