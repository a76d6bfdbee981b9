"""Seeded random Bürger, Baumeister & Co. games through the shared harness (see tests/harness.py).

496 complete games with a purposeful random policy (placements and purchases
favoured over ``cancel``, so a game takes about 150 steps) plus uniform-random
games that cancel half-made turns as often as they finish them.  Every step checks
the protocol's invariants and the conservation of the 65 tokens (bag, offer,
hands, board, removed) and of coins (no player above 3) and cranes.
"""

from __future__ import annotations

import pytest

import engines
from engines.buerger_baumeister import data as D
from tests.engines.buerger_baumeister_helpers import playout_invariant
from tests.harness import by_verb, chunk_of_games, play_many

ENGINE = engines.get("buerger-baumeister")
#: A where-step's key starts with its district (``red-M coin``): weight every district.
PURPOSEFUL = by_verb({**dict.fromkeys(D.DISTRICTS, 30), "buy": 30, "project": 20, "no-project": 10, "cancel": 1})
CHUNKS = 16
GAMES_PER_CHUNK = 31


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_purposeful_random_games(chunk: int) -> None:
    played = chunk_of_games(ENGINE, chunk, GAMES_PER_CHUNK, 5000, invariant=playout_invariant, policy=PURPOSEFUL)
    runs = [run for run, _ in played]
    for run in runs:
        # Every token was placed or is still somewhere: each turn places one, so the board grew by the turns.
        turns = sum(1 for _, key in run.log if key.startswith("buy"))
        placed = sum(1 for spaces in run.state.board for t in spaces if t >= 0)
        assert placed == turns + (15 if run.seats == 2 else 0)
    projects = sum(1 for run in runs for _, key in run.log if key == "project")
    assert projects > GAMES_PER_CHUNK  # the project branch is exercised in earnest


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_uniform_random_games(seats: int) -> None:
    runs = play_many(ENGINE, 4, (seats,), first_seed=77 + seats * 100, invariant=playout_invariant, deep_every=5)
    # Uniform play tries the rarer corners too: cancelling at every stage, declining projects.
    kinds = {key.split(" ")[0] for run in runs for _, key in run.log}
    assert {"place", "buy", "cancel", "project", "no-project"} <= kinds, kinds
    assert any(key.split(" ")[0] in D.DISTRICTS for run in runs for _, key in run.log)
