"""Burgen Land (Wolfgang A. Lehmann, Schmidt Spiele 2008): the crown-and-dice duel for exactly 2.

Not Burgenland, the 2–4 player card game (``engines.burgenland``).  Played as
``../shared/rules/burgen-land.md`` settles it; the readings we chose where that page
is silent are listed in :mod:`engines.burgen_land.rules`, the notation (with
whole-segment lines like ``move 5 take house left end``) in
:mod:`engines.burgen_land.notation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines import rng
from engines.burgen_land import data as D
from engines.burgen_land import notation as N
from engines.burgen_land import rules as R
from engines.burgen_land import summary
from engines.burgen_land import view as V
from engines.burgen_land import words as W
from engines.burgen_land.state import MOVE, PENALTY, PLACE, ROLL, SOURCE, SPACE, State
from engines.core import Action, Event, Outcome, Phrases, seat_token
from engines.i18n import N_
from engines.registry import GameInfo
from engines.steps import StepEngine

_, ngettext = W.T.gettext, W.T.ngettext


class BurgenLand(StepEngine[State], state=State, rules=R, views=V, notation=N):
    name = "burgen-land"
    title = N_("Burgen Land (2-player dice duel)")
    # 2: the state counts turns (turn_number): states stored before are stale, rebuilt by replaying the log
    rules_version = 2

    def standing(self, state: State) -> Outcome:
        return R.standing(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        return replace(self.standing(state),
                       detail=_("{who} reached {points} points first", who=seat_token(state.winner),
                                points=D.WIN_SCORE))

    def turn_phrases(self, seat: int, events: Sequence[Event]) -> Phrases:
        return summary.turn_phrases(seat, events)

    def event_text(self, event: Event, viewer: int | None) -> str | None:
        """One event in words (everything in Burgen Land is public: every viewer reads the same)."""
        d, who, kind = event.data, seat_token(event.seat), event.kind
        if kind == "roll":
            dice = d["dice"]
            shown = (_("{a} and {b}", a=dice[0], b=dice[1]) if len(dice) == 2
                     else ", ".join(str(v) for v in dice))
            if d["red"]:
                return ngettext("{who} rolls {dice} (own die first, with {n} red die).",
                                "{who} rolls {dice} (own die first, with {n} red dice).", d["red"],
                                who=who, dice=shown)
            return _("{who} rolls {dice}.", who=who, dice=shown)
        if kind == "move":
            text = ngettext("The crown moves {n} space to the {space}.", "The crown moves {n} spaces to the {space}.",
                            d["steps"], space=W.space_name(d["space"]))
            if d["first"]:
                colour = D.space_colour(d["space"])
                text += " " + _("{colour} is {who}'s colour this turn.", colour=W.colour_title(colour), who=who)
            return text
        if kind == "left_colour":
            return _("The crown has left {colour}: {who}'s turn ends with a penalty.", colour=W.colour(d["colour"]),
                     who=who)
        if kind == "penalty":
            if d["value"] is None:
                return _("{who}'s {castle} is empty: nothing to give back.", who=who, castle=W.castle(d["colour"]))
            card = W.card_the(d["colour"], d["kind"])
            if d["side"] == "left":
                return _("{who} gives back {card} from the left end of the castle.", who=who, card=card)
            return _("{who} gives back {card} from the right end of the castle.", who=who, card=card)
        if kind == "take":
            where = {"left": _("at the left end"), "right": _("at the right end"),
                     "empty": _("into the empty castle")}.get(d["where"]) or _("into the hole at {position}",
                                                                                position=d["position"])
            card = W.card_a(d["colour"], d["kind"])
            if d["taken_from"] is None:
                return _("{who} takes {card} and puts it {where}.", who=who, card=card, where=where)
            return _("{who} takes {card} from {opponent}'s castle (card {position}) and puts it {where}.", who=who,
                     card=card, opponent=seat_token(other_seat(event.seat)), position=d["taken_from"], where=where)
        if kind == "dice":
            n, other = d["count"], seat_token(other_seat(event.seat))
            if n == 0:
                return ngettext("{who} would take {n} red die, but there are none left.",
                                "{who} would take {n} red dice, but there are none left.", d["wanted"], who=who)
            # Fewer than due: the taker holds the others already.  Said as what they were due and what they got.
            short = n < d["wanted"]
            if d["from_opponent"] and short:
                return ngettext("{who} is due {wanted} red dice and takes the only one still to be had, from {other}.",
                                "{who} is due {wanted} red dice and takes all {n} still to be had: {board} from the "
                                "board, {taken} from {other}.", n, who=who, board=d["from_supply"],
                                taken=d["from_opponent"], other=other, wanted=d["wanted"])
            if d["from_opponent"]:
                return ngettext("{who} takes {n} red die ({board} from the board, {taken} from {other}).",
                                "{who} takes {n} red dice ({board} from the board, {taken} from {other}).", n,
                                who=who, board=d["from_supply"], taken=d["from_opponent"], other=other)
            if short:
                return ngettext("{who} is due {wanted} red dice and takes the only one still to be had.",
                                "{who} is due {wanted} red dice and takes all {n} still to be had.", n, who=who,
                                wanted=d["wanted"])
            return ngettext("{who} takes {n} red die.", "{who} takes {n} red dice.", n, who=who)
        if kind == "score":
            a, b = d["values"]
            castles = W.castles(d["colour"])
            if event.seat is None:
                return _("The {castles} are scored: {first} {a}, {second} {b}: a tie, nobody scores.",
                         castles=castles, first=seat_token(0), a=a, second=seat_token(1), b=b)
            return _("The {castles} are scored: {first} {a}, {second} {b}: {who} scores {points} (now {total}).",
                     castles=castles, first=seat_token(0), a=a, second=seat_token(1), b=b, who=who,
                     points=d["points"], total=d["scores"][event.seat])
        if kind == "nothing":
            return _("{who} lands on the {space}: nothing there can be taken.", who=who,
                     space=W.local_space_name(d["name"]))
        if kind == "win":
            return _("{who} reaches {score} points and wins!", who=who, score=d["score"])
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


ENGINE = BurgenLand()
GAME = GameInfo(ENGINE, command="burgen-land",
                summary=N_("Burgen Land — 2-player crown-and-dice duel (not Burgenland)"), view_words=W.VIEW_WORDS,
                order=2)
__all__ = ["ENGINE", "GAME", "BurgenLand"]
