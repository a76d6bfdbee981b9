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
from engines.burgenland import summary
from engines.burgenland import view as V
from engines.burgenland import words as W
from engines.burgenland.events import EVENTS, cards
from engines.burgenland.state import JOKER, State
from engines.core import Action, Outcome, seat_token
from engines.i18n import N_, game_catalog
from engines.registry import GameInfo
from engines.steps import StepEngine

T = game_catalog("burgenland")
_, ngettext = T.gettext, T.ngettext


class Burgenland(StepEngine[State], state=State, rules=R, views=V, notation=N, events=EVENTS,
                 scoring=R, summary=summary):
    name = "burgenland"
    title = N_("Burgenland")
    max_seats = 4
    # 2: the state counts turns (turn_number): states stored before are stale, rebuilt by replaying the log
    rules_version = 2

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        standing = self.standing(state)
        return replace(standing, detail=_("{winner} built every piece first; the rest are ranked by pieces left, "
                                          "ties share", winner=seat_token(state.winner)))

    def holdings(self, state: State, seat: int) -> str:
        """The seat's hand in words: its cards, jokers, exchange tiles and (face down) bonus tiles."""
        player = state.players[seat]
        parts = [_("Your cards: {cards}.", cards=cards(R.card_tokens(player.hand)))]
        if player.jokers:
            parts.append(ngettext("{n} joker.", "{n} jokers.", player.jokers))
        if player.exchange_tiles:
            parts.append(ngettext("{n} exchange tile.", "{n} exchange tiles.", player.exchange_tiles))
        if player.bonus_tiles:
            parts.append(_("Bonus tiles: {tiles}.", tiles=", ".join(_(D.BONUS_TILE_NAMES[t])
                                                                  for t in player.bonus_tiles)))
        return " ".join(parts)

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


ENGINE = Burgenland()
GAME = GameInfo(ENGINE, command="burgenland", summary=N_("Burgenland — 2–4 players, cards and castle building"),
                score_unit=N_("pieces built"), view_words=W.VIEW_WORDS, order=1)
__all__ = ["ENGINE", "GAME", "JOKER", "Burgenland"]
