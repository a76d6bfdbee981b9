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

from collections.abc import Sequence
from dataclasses import replace

from engines import rng
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import notation as N
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister import summary
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister import view as V
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, Pending, State
from engines.buerger_baumeister.texts import _, ngettext
from engines.core import Action, Event, Outcome, Phrases, seat_token
from engines.i18n import N_
from engines.registry import GameInfo
from engines.steps import Step, StepEngine


class BuergerBaumeister(StepEngine[State], state=State, rules=R, views=V, notation=N):
    name = "buerger-baumeister"
    title = N_("Bürger, Baumeister & Co.")
    max_seats = 4
    # 2: the state counts turns (turn_number): states stored before are stale, rebuilt by replaying the log
    rules_version = 2

    def standing(self, state: State) -> Outcome:
        return R.standing(state)

    def holdings(self, state: State, seat: int) -> str:
        """The seat's hand in words: its tokens, and what the final count of the hand would give now."""
        hand = state.players[seat].hand
        tokens = ", ".join(X.token_id(t) for t in hand) or _("nothing")
        bonus, colour = R.hand_bonus(hand)
        if colour == EMPTY or not bonus:
            return _("Your hand: {tokens}.", tokens=tokens)
        return _("Your hand: {tokens} (kept to the end: {points} for {colour}).", tokens=tokens,
                 points=X.points(bonus), colour=X.colour_noun(colour))

    def turn_phrases(self, seat: int, events: Sequence[Event]) -> Phrases:
        return summary.turn_phrases(seat, events)

    def event_text(self, event: Event, viewer: int | None) -> str | None:
        """One event in words.  Every event here is public: a turn's choices stay unannounced until it
        completes, and only then does anything reach the board."""
        d, who, kind = event.data, seat_token(event.seat), event.kind
        if kind == "place":
            where = {"who": who, "token": X.a_token(d["token"]), "district": X.district_name(d["district"]),
                     "space": X.space_name(d["bonus"])}
            if d["coin"] > 0:
                return ngettext("{who} places {token} in {district} ({space}): {n} point and 1 coin.",
                                "{who} places {token} in {district} ({space}): {n} points and 1 coin.",
                                d["points"], **where)
            if d["coin"] < 0:
                return ngettext("{who} places {token} in {district} ({space}): {n} point "
                                "(the coin is lost: 3 coins already).",
                                "{who} places {token} in {district} ({space}): {n} points "
                                "(the coin is lost: 3 coins already).", d["points"], **where)
            return ngettext("{who} places {token} in {district} ({space}): {n} point.",
                            "{who} places {token} in {district} ({space}): {n} points.", d["points"], **where)
        if kind == "discard":
            return _("{who} cannot place any token, shows the hand ({hand}) and discards {token}.",
                     who=who, hand=_codes(d["hand"]), token=X.the_token(d["token"]))
        if kind == "project":
            bonus = "+4" if d["bonus"] == D.PLUS4 else "×2"
            return ngettext("{who} completes the large project of {district} with a crane ({n} coin, {bonus}): "
                            "+{points}.",
                            "{who} completes the large project of {district} with a crane ({n} coins, {bonus}): "
                            "+{points}.", d["cost"], who=who, district=X.district_name(d["district"]),
                            bonus=bonus, points=X.points(d["points"]))
        if kind == "buy":
            if d["mayor"]:
                return _("{who} takes {token} from space {space} at the Mayor, free.", who=who,
                         token=X.the_token(d["token"]), space=d["space"])
            return ngettext("{who} buys {token} from space {space} for {n} coin.",
                            "{who} buys {token} from space {space} for {n} coins.", d["price"], who=who,
                            token=X.the_token(d["token"]), space=d["space"])
        if kind == "mayor":
            return _("The Mayor moves to space {space}.", space=d["space"])
        if kind == "refill":
            return _("A {token} is drawn from the bag onto space {space}.", token=X.token(d["token"]),
                     space=d["space"])
        if kind == "bag_empty":
            return _("The bag is empty: the game ends.")
        if kind == "final":
            fields = {"who": who, "points": d["points"], "hand": _codes(d["hand"]), "total": d["total"]}
            before = d["total"] - d["points"]
            if d["colour"]:
                return ngettext("{who}: {n} point + {points} for {colour} in hand ({hand}) = {total}.",
                                "{who}: {n} points + {points} for {colour} in hand ({hand}) = {total}.", before,
                                colour=X.colour_noun(d["colour"]), **fields)
            return ngettext("{who}: {n} point + {points} in hand ({hand}) = {total}.",
                            "{who}: {n} points + {points} in hand ({hand}) = {total}.", before, **fields)
        return None

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


def _codes(codes: list[str]) -> str:
    return ", ".join(codes) or _("nothing")


ENGINE = BuergerBaumeister()
GAME = GameInfo(ENGINE, command="buerger", summary=N_("Bürger, Baumeister & Co. — 2–4 players, city districts"),
                aliases=("bürger", "buerger-baumeister-co"), view_seats=("crane",), view_words=X.VIEW_WORDS, order=4)
__all__ = ["EMPTY", "ENGINE", "TOKEN_CODE", "BuergerBaumeister"]
