"""Bürger, Baumeister & Co. (Michael Schacht, Abacusspiele 2009) for 2–4 players.

Played as ``../shared/rules/buerger-baumeister.md`` settles it ("villa", not the
rulebook's "village").  The readings we chose where that page is silent are listed
in :mod:`engines.buerger_baumeister.rules`; the notation, with examples, in
:mod:`engines.buerger_baumeister.notation`.  In short, a turn is four small
decisions, or one typed line::

    place RH2          the token (colour R/Y/G/B/P, type H/V/P, value)
    red-M coin         district and kind of space (coin, +2, plain)
    project            or no-project (asked only when the project is possible)
    buy 3              offer space 1-5 (the Mayor's is free); this completes the turn

    place RH2 red-M coin project buy 3      the same turn on one line
    RH2 M +2 buy free                       colour from the token; buy declines the project

``cancel`` starts the turn again at any step: nothing changes until the purchase.
"""

from __future__ import annotations

from dataclasses import replace

from engines import rng
from engines.buerger_baumeister import notation as N
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister import summary
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister import view as V
from engines.buerger_baumeister.events import EVENTS
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, Pending, State
from engines.buerger_baumeister.texts import _
from engines.core import Action
from engines.i18n import N_
from engines.registry import GameInfo
from engines.steps import Step, StepEngine


class BuergerBaumeister(StepEngine[State], state=State, rules=R, views=V, notation=N, events=EVENTS,
                        scoring=R, summary=summary):
    name = "buerger-baumeister"
    title = N_("Bürger, Baumeister & Co.")
    max_seats = 4
    # 2: the state counts turns (turn_number): states stored before are stale, rebuilt by replaying the log
    rules_version = 2

    def holdings(self, state: State, seat: int) -> str:
        """The seat's hand in words: its tokens, and what the final count of the hand would give now."""
        hand = state.players[seat].hand
        tokens = ", ".join(X.token_id(t) for t in hand) or _("nothing")
        bonus, colour = R.hand_bonus(hand)
        if colour == EMPTY or not bonus:
            return _("Your hand: {tokens}.", tokens=tokens)
        return _("Your hand: {tokens} (kept to the end: {points} for {colour}).", tokens=tokens,
                 points=X.points(bonus), colour=X.colour_noun(colour))

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Reshuffle everything ``seat`` cannot see: other hands, the bag and the tokens removed at setup."""
        r = rng.seed_state(seed)
        others = [s for s in range(state.seats) if s != seat]
        unseen = list(state.bag) + list(state.removed) + [t for s in others for t in state.players[s].hand]
        r, tokens = rng.shuffle(r, sorted(unseen))
        r, fresh = rng.next64(r)
        players = list(state.players)
        for s in others:
            n = len(players[s].hand)
            players[s] = replace(players[s], hand=tuple(sorted(tokens[:n])))
            tokens = tokens[n:]
        removed, bag = tokens[:len(state.removed)], tokens[len(state.removed):]
        pending = state.pending if state.turn == seat else None  # another seat's half-made turn is unseen
        return replace(state, rng=fresh, players=tuple(players), removed=tuple(sorted(removed)),
                       bag=tuple(sorted(bag)), pending=pending)

    def default_action(self, state: State, seat: int) -> Action:
        """The rest of the turn for an away player: the best-scoring placement, no project, the free token.

        Safe and cheap: it never spends a coin.  When nothing fits, it discards the lowest-value token.
        """
        steps: list[Step] = []
        trial = state
        while not trial.over and trial.turn == seat:
            legal = R.legal_steps(trial, seat)
            now = R.stage(trial, seat)
            if now == R.TOKEN:
                step = max(legal, key=lambda s: _best_points(trial, seat, s))
            elif now == R.WHERE:
                step = max((s for s in legal if s[0] != "cancel"), key=lambda s: _where_points(trial, s))
            elif now == R.PROJECT:
                step = ("no-project",)
            else:
                step = ("buy", R.BUY_WORDS[trial.mayor])
            steps.append(step)
            trial = R.apply_steps(trial, seat, (step,))[0]
        return Action(tuple(steps))


def _best_points(state: State, seat: int, step: Step) -> int:
    token = R.token_with_code(state.players[seat], step[1])
    if step[0] == "discard":
        return -int(step[1][2])  # keep the more valuable tokens for the final count
    trial = replace(state, pending=Pending(token))
    return max(_where_points(trial, s) for s in R.where_steps(trial, token))


def _where_points(state: State, step: Step) -> int:
    pending = state.pending
    assert pending is not None
    district = R.DISTRICT_INDEX[step[0]]
    return R.placement_points(state, pending.token, district, R.first_free(state, district, step[1]))


# --- Events in words -------------------------------------------------------------------------


ENGINE = BuergerBaumeister()
GAME = GameInfo(ENGINE, command="buerger", summary=N_("Bürger, Baumeister & Co. — 2–4 players, city districts"),
                aliases=("bürger", "buerger-baumeister-co"), view_seats=("crane",), view_words=X.VIEW_WORDS, order=4)
__all__ = ["EMPTY", "ENGINE", "TOKEN_CODE", "BuergerBaumeister"]
