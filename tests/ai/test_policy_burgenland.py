"""Burgenland's evaluation sees the race: cards and jokers in hand and pieces built, not only the standing."""

from __future__ import annotations

from dataclasses import replace

import engines
from ai.games import policy_for
from ai.games.burgenland import POLICY
from engines.burgenland.state import State

ENGINE = engines.get("burgenland")


def _with_player(state: State, seat: int, **changes: object) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return replace(state, players=tuple(players))


def test_policy_is_found_for_the_engine() -> None:
    assert policy_for(ENGINE) is POLICY


def test_more_jokers_in_hand_is_better_though_no_piece_is_built() -> None:
    base: State = ENGINE.new_game(2, 5)
    richer = _with_player(base, 1, jokers=base.players[1].jokers + 4)
    assert ENGINE.standing(richer).scores == ENGINE.standing(base).scores  # the generic evaluation is blind
    assert POLICY.utilities(ENGINE, richer)[1] > POLICY.utilities(ENGINE, base)[1] + 0.1
    assert POLICY.utilities(ENGINE, richer)[0] < POLICY.utilities(ENGINE, base)[0]


def test_a_built_piece_is_worth_more_than_the_cards_it_cost_and_no_candidate_list_is_empty() -> None:
    base: State = ENGINE.new_game(2, 5)
    p = base.players[0]
    built = _with_player(base, 0, supply=(p.supply[0] - 1, *p.supply[1:]), hand=p.hand[:-3], jokers=p.jokers - 1)
    assert POLICY.values(ENGINE, built)[0] > POLICY.values(ENGINE, base)[0]
    seat = ENGINE.to_act(base)[0]
    legal = ENGINE.legal_actions(base, seat)
    kept = POLICY.candidates(ENGINE, base, seat, legal)
    assert kept and {a.key for a in kept} <= {a.key for a in legal} and "take" in {a.key for a in kept}
