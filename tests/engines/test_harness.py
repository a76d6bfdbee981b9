"""The harness must catch broken engines: each flaw below is planted and must be reported."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import engines
from engines import rng
from engines.burgenland import Burgenland
from engines.core import Action
from tests.harness import play

REAL = engines.get("burgenland")


class LeaksDeck(Burgenland):
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        view["next_card"] = state.deck[0] if state.deck else None
        return view


class ShufflesInHeldOrder(Burgenland):
    def determinize(self, state: Any, seat: int, seed: int) -> Any:
        # The deck reshuffled from the order the state happens to hold it: not a function of the view.
        r = rng.seed_state(seed)
        r, deck = rng.shuffle(r, state.deck)
        return replace(super().determinize(state, seat, seed), deck=deck)


class LeaksRng(Burgenland):
    def describe(self, event: Any, viewer: int | None) -> str:
        return super().describe(event, viewer) + f" ({self._rng})"

    def apply_trusted(self, state: Any, seat: int, action: Action) -> Any:
        new, events = super().apply_trusted(state, seat, action)
        self._rng = new.rng
        return new, events


class ForgetsOnDump(Burgenland):
    def dump(self, state: Any) -> dict[str, Any]:
        return super().dump(replace(state, last_move=None))


class UnparseableLabel(Burgenland):
    def format_action(self, state: Any, seat: int, action: Action) -> str:
        return "Do something"


class ValidatesDifferently(Burgenland):
    def apply(self, state: Any, seat: int, action: Action) -> Any:
        new, events = super().apply(state, seat, action)
        return replace(new, ply=new.ply + 1), events


class DefaultGoesInCircles(Burgenland):
    def default_action(self, state: Any, seat: int) -> Action:
        # Opens a joker exchange and cancels it, forever: legal, but the turn never passes.
        if state.pending is not None:
            return Action.of("cancel")
        legal = self.legal_actions(state, seat)
        return next((a for a in legal if a.key.startswith("jokers")), Action.of("take"))


class StuckAfterFirstTurn(Burgenland):
    def legal_actions(self, state: Any, seat: int) -> tuple[Action, ...]:
        return () if state.ply > 3 else super().legal_actions(state, seat)


@pytest.mark.parametrize(("engine", "message"), [
    (LeaksDeck(), "determinize changed what seat"),
    (ShufflesInHeldOrder(), "determinize is not canonical"),
    (LeaksRng(), "event text shows the RNG"),
    (ForgetsOnDump(), "load.dump.s.. != s"),
    (UnparseableLabel(), "duplicate labels|does not parse back"),
    (ValidatesDifferently(), "apply != apply_trusted"),
    (StuckAfterFirstTurn(), "has no legal action"),
    (DefaultGoesInCircles(), "did not hand the turn over"),
])
def test_the_harness_reports_planted_flaws(engine: Burgenland, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        play(engine, 2, 3, max_steps=300, deep_every=1)


def test_a_sound_engine_passes_the_same_short_run() -> None:
    run = play(REAL, 2, 3, deep_every=1)
    assert run.finished and run.steps > 100
