"""Burgen Land (Wolfgang A. Lehmann, Schmidt Spiele 2008): the crown-and-dice duel for exactly 2.

Not Burgenland, the 2–4 player card game (``engines.burgenland``).  Played as
``../shared/rules/burgen-land.md`` settles it; the readings we chose where that page
is silent are listed in :mod:`engines.burgen_land.rules`, the notation (with
whole-segment lines like ``move 5 take house left end``) in
:mod:`engines.burgen_land.notation`.
"""

from __future__ import annotations

from dataclasses import replace

from engines import rng
from engines.burgen_land import data as D
from engines.burgen_land import notation as N
from engines.burgen_land import rules as R
from engines.burgen_land import view as V
from engines.burgen_land.state import MOVE, PENALTY, PLACE, ROLL, SOURCE, SPACE, State
from engines.core import Action, Event, Outcome, seat_token
from engines.registry import GameInfo
from engines.steps import StepEngine


class BurgenLand(StepEngine[State], state=State, rules=R, views=V, notation=N):
    name = "burgen-land"
    title = "Burgen Land (2-player dice duel)"
    rules_version = 1

    def standing(self, state: State) -> Outcome:
        return R.standing(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        return replace(self.standing(state),
                       detail=seat_token(state.winner) + f" reached {D.WIN_SCORE} points first")

    def event_text(self, event: Event, viewer: int | None) -> str | None:
        """One event in words (everything in Burgen Land is public: every viewer reads the same)."""
        d, who, kind = event.data, seat_token(event.seat), event.kind
        if kind == "roll":
            dice = d["dice"]
            shown = " and ".join(str(v) for v in dice) if len(dice) < 3 else ", ".join(str(v) for v in dice)
            extra = f" (own die first, with {_dice(d['red'])})" if d["red"] else ""
            return f"{who} rolls {shown}{extra}."
        if kind == "move":
            steps = d["steps"]
            text = f"The crown moves {steps} space{'s' if steps != 1 else ''} to the {d['name']}."
            if d["first"]:
                colour = d["name"].split(" ")[0]
                text += f" {colour.capitalize()} is {who}'s colour this turn."
            return text
        if kind == "left_colour":
            return f"The crown has left {d['colour']}: {who}'s turn ends with a penalty."
        if kind == "penalty":
            if d["value"] is None:
                return f"{who}'s {d['colour']} castle is empty: nothing to give back."
            return f"{who} gives back the {d['colour']} {d['kind']} from the {d['side']} end of the castle."
        if kind == "take":
            opponent = seat_token(other_seat(event.seat))
            source = "" if d["taken_from"] is None else f" from {opponent}'s castle (card {d['taken_from']})"
            where = {"left": "at the left end", "right": "at the right end", "empty": "into the empty castle",
                     "hole": f"into the hole at {d['position']}"}[d["where"]]
            return f"{who} takes a {d['colour']} {d['kind']}{source} and puts it {where}."
        if kind == "dice":
            n, other = d["count"], seat_token(other_seat(event.seat))
            if n == 0:
                return f"{who} would take {_dice(d['wanted'])}, but there are none left."
            text = f"{who} takes {_dice(n)}"
            if d["from_opponent"]:
                text += f" ({d['from_supply']} from the board, {d['from_opponent']} from {other})"
            if n < d["wanted"]:
                text += f"; only {n} of {d['wanted']} were left"
            return text + "."
        if kind == "score":
            a, b = d["values"]
            text = f"The {d['colour']} castles are scored: {seat_token(0)} {a}, {seat_token(1)} {b}"
            if event.seat is None:
                return text + ": a tie, nobody scores."
            return text + f": {who} scores {d['points']} (now {d['scores'][event.seat]})."
        if kind == "nothing":
            return f"{who} lands on the {d['name']}: nothing there can be taken."
        if kind == "win":
            return f"{who} reaches {d['score']} points and wins!"
        return None

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Nothing is hidden but the future rolls: a fresh RNG is all there is to reshuffle."""
        return replace(state, rng=rng.seed_state(seed))

    def default_action(self, state: State, seat: int) -> Action:
        return Action((default_step(state, seat),))


def default_step(state: State, seat: int) -> tuple[str, ...]:
    """A safe move for a player who is away: one roll, then stop; red dice rather than a risky card."""
    steps = R.legal_steps(state, seat)
    phase = state.phase
    if phase == ROLL:
        return ("end",) if state.rolls else ("roll",)
    if phase == MOVE:
        left = R.spaces_left(state)
        safe = [s for s in steps if left is None or int(s[1]) <= left]
        return (safe or steps)[0]
    if phase == SPACE:
        return ("dice",) if ("dice",) in steps else steps[0]
    if phase in (PLACE, SOURCE, PENALTY):
        return steps[0]  # the first placement / copy / end: never `cancel`, which would ask again
    return steps[0]


def other_seat(seat: int | None) -> int:
    """The opponent of the seat an event is about."""
    if seat is None:
        raise ValueError("this event is about a seat")
    return 1 - seat


def _dice(n: int) -> str:
    return f"{n} red {'die' if n == 1 else 'dice'}"


ENGINE = BurgenLand()
GAME = GameInfo(ENGINE, command="burgen-land",
                summary="Burgen Land — 2-player crown-and-dice duel (not Burgenland)", order=2)
__all__ = ["ENGINE", "GAME", "BurgenLand"]
