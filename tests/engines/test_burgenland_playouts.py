"""Seeded random Burgenland games through the shared harness (see tests/harness.py).

300 complete games with a purposeful random policy (builds favoured, so games end
in a few hundred steps) plus uniform-random games that wander through every odd
corner: cancelled payments, joker exchanges, swaps.  Every step checks the
protocol's invariants and the conservation of cards, tiles and pieces.
"""

from __future__ import annotations

import pytest

import engines
from tests.engines.burgenland_helpers import conservation
from tests.harness import by_key, chunk_of_games, play_many

ENGINE = engines.get("burgenland")
WEIGHTS = {"build": 40, "pay": 4, "take": 10, "end": 10, "cancel": 1, "jokers": 1}


def purposeful(key: str) -> int:
    """Builds first; a whole suggested payment far more often than one card at a time."""
    words = key.split()
    if words[0] == "pay" and len(words) > 2:
        return 30
    return WEIGHTS.get(words[0], 1)


PURPOSEFUL = by_key(purposeful)
CHUNKS = 10
GAMES_PER_CHUNK = 30


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_purposeful_random_games(chunk: int) -> None:
    played = chunk_of_games(ENGINE, chunk, GAMES_PER_CHUNK, 1000, invariant=conservation, policy=PURPOSEFUL)
    assert all(len(outcome.winners) == 1 for _, outcome in played)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_uniform_random_games(seats: int) -> None:
    runs = play_many(ENGINE, 4, (seats,), first_seed=77 + seats * 100, invariant=conservation, deep_every=5)
    steps = sum(run.steps for run in runs)
    # Uniform play should have tried the rarer corners of the rules too.
    keys = {key.split(" ")[0] for run in runs for _, key in run.log}
    assert {"take", "build", "pay", "cancel", "jokers", "end"} <= keys, keys
    assert steps > 1000
