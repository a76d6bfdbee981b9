"""Burgen Land's evaluation counts what the castles will still score, not only points on the track."""

from __future__ import annotations

from dataclasses import replace

import engines
from ai.games import policy_for
from ai.games.burgen_land import POLICY
from engines.burgen_land.state import State

ENGINE = engines.get("burgen-land")


def test_policy_is_found_for_the_engine() -> None:
    assert policy_for(ENGINE) is POLICY


def test_a_bigger_castle_is_better_though_the_scores_are_level() -> None:
    base: State = ENGINE.new_game(2, 3)
    mine, theirs = base.castles
    stronger = replace(base, castles=(((1, 5, 1), *mine[1:]), theirs))  # a great tower between two walls
    assert ENGINE.standing(stronger).scores == ENGINE.standing(base).scores == (0, 0)
    assert POLICY.utilities(ENGINE, base) == (0.5, 0.5)
    better = POLICY.utilities(ENGINE, stronger)
    assert better[0] > 0.6 > 0.4 > better[1]


def test_points_on_the_track_still_count_most() -> None:
    base: State = ENGINE.new_game(2, 3)
    mine, theirs = base.castles
    castle_lead = replace(base, castles=(((1, 5, 1), *mine[1:]), theirs))
    points_lead = replace(base, scores=(6, 0))
    assert POLICY.values(ENGINE, points_lead)[0] - POLICY.values(ENGINE, points_lead)[1] > \
        POLICY.values(ENGINE, castle_lead)[0] - POLICY.values(ENGINE, castle_lead)[1]
