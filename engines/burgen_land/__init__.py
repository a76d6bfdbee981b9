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
from engines.burgen_land import summary
from engines.burgen_land import view as V
from engines.burgen_land import words as W
from engines.burgen_land.events import EVENTS
from engines.burgen_land.state import MOVE, PENALTY, PLACE, ROLL, SOURCE, SPACE, State
from engines.core import Action, Outcome, seat_token
from engines.i18n import N_
from engines.registry import GameInfo
from engines.steps import StepEngine

_, ngettext = W.T.gettext, W.T.ngettext


class BurgenLand(StepEngine[State], state=State, rules=R, views=V, notation=N, events=EVENTS,
                 scoring=R, summary=summary):
    name = "burgen-land"
    title = N_("Burgen Land (2-player dice duel)")
    # 2: the state counts turns (turn_number): states stored before are stale, rebuilt by replaying the log
    rules_version = 2

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        return replace(self.standing(state),
                       detail=_("{who} reached {points} points first", who=seat_token(state.winner),
                                points=D.WIN_SCORE))

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


ENGINE = BurgenLand()
GAME = GameInfo(ENGINE, command="burgen-land",
                summary=N_("Burgen Land — 2-player crown-and-dice duel (not Burgenland)"), view_words=W.VIEW_WORDS,
                order=2)
__all__ = ["ENGINE", "GAME", "BurgenLand"]
