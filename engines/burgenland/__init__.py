"""Burgenland (Inka & Markus Brand, Ravensburger 2014) for 2–4 players.

Played as ``../shared/rules/burgenland.md`` settles it; the readings we chose
where that page is silent are listed in :mod:`engines.burgenland.rules`, the
notation in :mod:`engines.burgenland.notation`.
"""

from __future__ import annotations

from dataclasses import replace

from engines import rng
from engines.burgenland import data as D
from engines.burgenland import notation as N
from engines.burgenland import rules as R
from engines.burgenland import view as V
from engines.burgenland.state import JOKER, State
from engines.core import Action, Event, Outcome, seat_token
from engines.registry import GameInfo
from engines.steps import StepEngine


class Burgenland(StepEngine[State], state=State, rules=R, views=V, notation=N):
    name = "burgenland"
    title = "Burgenland"
    max_seats = 4
    rules_version = 1

    def standing(self, state: State) -> Outcome:
        return R.standing(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        standing = self.standing(state)
        return replace(standing, detail=seat_token(state.winner) + " built every piece first; the rest "
                                        "are ranked by pieces left, ties share")

    def event_text(self, event: Event, viewer: int | None) -> str | None:
        """One event in words; hidden details only for the seat entitled to them."""
        d, who, kind = event.data, seat_token(event.seat), event.kind
        mine = viewer is not None and viewer == event.seat
        if kind == "build":
            text = f"{who} builds a {d['piece']} {N.where_label(d['where'])}"
            if d["tiles"]:
                text += " using " + " and ".join(D.BONUS_TILE_NAMES[t] for t in d["tiles"])
            return text + f", paying {_cards(d['paid'])}."
        if kind == "take":
            return f"{who} takes 2 cards: {_cards(d['cards'])}." if mine else f"{who} takes {len(d['cards'])} cards."
        if kind == "reward":
            return f"{who} draws {_cards(d['cards'])} for a {d['coins']}-coin reward ({d['reason']})."
        if kind == "joker":
            n = d["count"]
            return f"{who} takes {n} joker{'s' if n > 1 else ''} ({d['reason']})."
        if kind == "jokers":
            n = d["count"]
            return f"{who} exchanges {_cards(d['paid'])} for {n} joker{'s' if n > 1 else ''}."
        if kind == "exchange_tile":
            return f"{who} takes an exchange tile."
        if kind == "bonus_tile":
            if mine:
                return f"{who} takes a bonus tile: {D.BONUS_TILE_NAMES[d['tile']]}."
            return f"{who} takes a bonus tile."
        if kind == "tile_played":
            return f"{who} plays the {D.BONUS_TILE_NAMES[d['tile']]} tile."
        if kind == "swap":
            return (f"{who} swaps markers M{d['a']} and M{d['b']}: M{d['a']} is now {d['colour_a']}, "
                    f"M{d['b']} {d['colour_b']}.")
        if kind == "architect":
            return f"The next architect costs {d['cost']}."
        if kind == "indicator":
            castle = d["castle"]
            return f"The well indicator moves to castle {castle}." if castle else "No more wells can be built."
        if kind == "reshuffle":
            return f"The discard pile ({d['cards']} cards) is shuffled into a new deck."
        if kind == "win":
            return f"{who} has built every piece and wins!"
        return None

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Reshuffle everything ``seat`` cannot see: other hands with the deck, unseen tiles, unseen cards.
        Canonical: a function of ``view(state, seat)`` and ``seed`` only (the computer players rely on it)."""
        r = rng.seed_state(seed)
        others = [s for s in range(state.seats) if s != seat]
        unseen_cards = list(state.deck) + [c for s in others for c in state.players[s].hand]
        # Sorted before shuffling: the result depends on what the seat sees, not on the hidden order.
        r, cards = rng.shuffle(r, sorted(unseen_cards))
        unseen_tiles = list(state.bonus_stack) + [t for s in others for t in state.players[s].bonus_tiles]
        r, tiles = rng.shuffle(r, sorted(unseen_tiles))
        r, architect_rest = rng.shuffle(r, sorted(state.architect[1:]))
        r, wells_rest = rng.shuffle(r, sorted(state.well_deck[1:]))
        r, fresh = rng.next64(r)
        players = list(state.players)
        for s in others:
            p = players[s]
            n, t = len(p.hand), len(p.bonus_tiles)
            players[s] = replace(p, hand=tuple(sorted(cards[:n])), bonus_tiles=tuple(sorted(tiles[:t])))
            cards, tiles = cards[n:], tiles[t:]
        pending = state.pending if state.turn == seat else None  # another seat's half-made choice is unseen
        return replace(
            state, rng=fresh, players=tuple(players), deck=cards, bonus_stack=tiles, pending=pending,
            architect=state.architect[:1] + architect_rest, well_deck=state.well_deck[:1] + wells_rest,
        )

    def default_action(self, state: State, seat: int) -> Action:
        """For a player who is away: drop a half-made choice; else take two cards, or end the turn after the
        main action."""
        if state.pending is not None:
            return Action.of("cancel")
        return Action.of("end" if state.main_done else "take")


def _cards(tokens: list[str]) -> str:
    return ", ".join(N.card_label(t) for t in tokens) or "nothing"


ENGINE = Burgenland()
GAME = GameInfo(ENGINE, command="burgenland", summary="Burgenland — 2–4 players, cards and castle building",
                score_unit="pieces built", order=1)
__all__ = ["ENGINE", "GAME", "JOKER", "Burgenland"]
