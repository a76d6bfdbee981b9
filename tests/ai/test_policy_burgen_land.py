"""Burgen Land's evaluation counts what the castles will still score, not only points on the track."""

from __future__ import annotations

from dataclasses import replace

import engines
from ai.games import burgen_land as B
from ai.games import policy_for
from ai.games.burgen_land import POLICY
from engines.burgen_land.state import State
from engines.core import Action
from tests.engines.burgen_land_helpers import position, space

ENGINE = engines.get("burgen-land")


def lead(state: State) -> float:
    mine, theirs = POLICY.values(ENGINE, state)
    return mine - theirs


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


def test_a_castle_point_is_paid_again_so_it_counts_more_than_a_track_point() -> None:
    # The crown far from blue's crown spaces: no scoring of blue is near, only the lead counts.
    far = space("yellow", "house")
    castle = position({"blue": (1, 5, 1)}, crown=far)
    track = position(crown=far, scores=(6, 0))
    assert lead(castle) > lead(track) > 0


def test_the_crown_about_to_score_a_colour_counts_for_its_leader() -> None:
    """Blue scores soon when the player to roll starts just before blue's crown spaces; starting past them
    it cannot (the rulebook's hint: where the crown stops decides the opponent's colour)."""
    castles = {"blue": (1, 5, 1, 3, 1)}
    before = position(castles, crown=space("red", "great-tower"))
    past = position(castles, crown=space("blue", "house"))
    assert lead(before) > lead(past)
    assert B.OWN[space("red", "great-tower")][0] > B.OWN[space("blue", "house")][0] == 0.0
    # A crown space the first roll lands on is scored whoever leads: the opponent's start helps blue's leader.
    their_start = replace(before, turn=1)
    assert B.FORCED[their_start.crown][0] > 0 and lead(their_start) > lead(replace(past, turn=1))


def test_the_figures_count_the_winners_turns_and_the_turns_lost_to_the_penalty() -> None:
    state = replace(ENGINE.new_game(2, 3), winner=1, scores=(12, 31))
    roll, end, move = Action.of("roll"), Action.of("end"), Action.of("move", "3")
    # seat 0 stops, seat 1 busts, seat 0 stops, seat 1 wins on its second turn
    moves = [(0, roll), (0, end), (1, roll), (1, move), (0, roll), (0, end), (1, roll)]
    assert POLICY.figures is not None
    assert POLICY.figures(ENGINE, state, moves) == {"turns": 2.0, "busts": 1 / 4}
