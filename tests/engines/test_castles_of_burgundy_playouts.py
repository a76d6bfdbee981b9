"""Seeded random Castles of Burgundy games through the shared harness (see tests/harness.py).

Complete games over 2–4 players with a purposeful random policy (actions that
finish a choice are favoured over stepping back), checking every protocol
invariant and the conservation of the 164 hex tiles and 42 goods tiles at every
step; plus uniform-random games and games on the advanced estates.
"""

from __future__ import annotations

import pytest

import engines
from tests.engines.castles_of_burgundy_helpers import conservation
from tests.harness import by_verb, chunk_of_games, finished_games, play_many

ENGINE = engines.get("castles-of-burgundy")
PURPOSEFUL = by_verb({"cancel": 1, "skip": 1, "end": 4, "buy": 2, "die": 10, "on": 10, "place": 10, "take": 5,
                      "sell": 5, "workers": 2, "goods": 10, "discard": 5})
CHUNKS = 10
GAMES_PER_CHUNK = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_purposeful_random_games(chunk: int) -> None:
    for run, outcome in chunk_of_games(ENGINE, chunk, GAMES_PER_CHUNK, 5000, invariant=conservation,
                                       policy=PURPOSEFUL):
        assert sorted(outcome.ranks) == list(range(1, run.seats + 1))  # the tie-breaks leave no tie


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_uniform_random_games_on_advanced_estates(seats: int) -> None:
    runs = play_many(ENGINE, 1, (seats,), first_seed=300 + seats, invariant=conservation, deep_every=7,
                     options={"boards": "advanced"})
    verbs = {_verb(key) for run in runs for _, key in run.log}
    assert {"take", "place", "on", "workers", "cancel", "castle", "sell"} <= verbs, verbs


def _verb(key: str) -> str:
    words = key.split(" ")
    return words[2] if words[0] == "die" else words[0]


def test_games_where_players_choose_the_goods_they_keep() -> None:
    runs = [run for run, _ in finished_games(ENGINE, 6, (2, 3, 4), 720, invariant=conservation, policy=PURPOSEFUL,
                                             deep_every=25, options={"goods": "choose"})]
    assert sum(key.startswith("keep") for run in runs for _, key in run.log) > 0  # the choice came up
