"""Seeded random Burgen Land games through the shared harness (see tests/harness.py).

500 complete games with a purposeful random policy (cards and scoring favoured, so
games end in a few hundred steps) plus uniform-random games that wander through the
odd corners: cancelled takes, long risky turns, penalties with a choice.  Every step
checks the protocol's invariants and the conservation of the 57 cards and 5 red dice.
"""

from __future__ import annotations

from collections import Counter

import pytest

import engines
from tests.engines.burgen_land_helpers import conservation
from tests.harness import by_verb, chunk_of_games, play_many

ENGINE = engines.get("burgen-land")
# Cards and scoring favoured; placing and choosing a copy over `cancel` (uniform games cover that).
PURPOSEFUL = by_verb({"take": 30, "score": 30, "end": 8, "roll": 3, "dice": 2,
                      "left": 6, "right": 6, "hole": 6, "from": 6})
CHUNKS = 10
GAMES_PER_CHUNK = 50


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_purposeful_random_games(chunk: int) -> None:
    played = chunk_of_games(ENGINE, chunk, GAMES_PER_CHUNK, 5000, (2,), invariant=conservation, policy=PURPOSEFUL)
    runs = [run for run, _ in played]
    for _, outcome in played:
        assert len(outcome.winners) == 1
        assert max(outcome.scores) >= 30 > min(outcome.scores)
    verbs = Counter(key.split(" ")[0] for run in runs for _, key in run.log)
    # Every chunk reaches the late game: supplies run out and cards are taken from the opponent.
    assert {"roll", "move", "take", "dice", "score", "end", "left", "right", "from"} <= set(verbs), verbs


def test_uniform_random_games() -> None:
    runs = play_many(ENGINE, 6, (2,), first_seed=77, invariant=conservation, deep_every=4)
    verbs = Counter(key.split(" ")[0] for run in runs for _, key in run.log)
    assert {"roll", "move", "take", "dice", "score", "end", "left", "right", "cancel", "remove"} <= set(verbs), verbs
    assert sum(run.steps for run in runs) > 1500
