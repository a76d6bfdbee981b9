"""The views' ``result``: the final standing the end screen draws, present once the game is over only."""

from __future__ import annotations

import pytest

import engines
from render.gallery import random_playout


@pytest.mark.parametrize("game", engines.names())
def test_result_is_the_engines_standing_once_the_game_is_over(game: str) -> None:
    engine = engines.get(game)
    states = random_playout(game, engine.min_seats, seed=3)
    assert engine.outcome(states[-1]) is not None
    for state in (states[0], states[len(states) // 2]):
        assert engine.view(state, None)["result"] is None
    final = engine.view(states[-1], None)["result"]
    standing = engine.standing(states[-1])
    assert final["scores"] == list(standing.scores) and final["ranks"] == list(standing.ranks)
    assert final["rule"] == standing.detail
    for seat in range(engine.min_seats):
        assert engine.view(states[-1], seat)["result"] == final


def test_castles_of_burgundy_splits_each_score_into_play_and_final_scoring() -> None:
    engine = engines.get("castles-of-burgundy")
    for players in (2, 3, 4):
        view = engine.view(random_playout("castles-of-burgundy", players, seed=players)[-1], None)
        for info, split in zip(view["players_info"], view["result"]["final"], strict=True):
            assert split["seat"] == info["seat"]
            added = split["goods"] + split["silver"] + split["workers"] + split["knowledge"]
            assert split["during_play"] + added == info["vp"]
            assert sum(split["knowledge_tiles"].values()) == split["knowledge"]
            assert split["bonus_tiles"] == sum(b["points"] for b in info["bonus_tiles"])
