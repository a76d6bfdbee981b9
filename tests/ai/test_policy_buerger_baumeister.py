"""Bürger, Baumeister & Co.'s evaluation counts what the points alone do not: coins and a hand that fits."""

from __future__ import annotations

from dataclasses import replace

import engines
from ai.games import policy_for
from ai.games.buerger_baumeister import POLICY
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_COLOUR, TOKEN_TYPE, State

ENGINE = engines.get("buerger-baumeister")


def test_found_by_package_name() -> None:
    assert policy_for(ENGINE) is POLICY


def test_coins_and_a_fitting_hand_are_worth_points() -> None:
    state: State = ENGINE.new_game(2, seed=5)
    base = POLICY.values(ENGINE, state)
    assert state.players[0].score == state.players[1].score == 0  # the generic evaluation sees a tie

    rich = replace(state, players=(replace(state.players[0], coins=3), state.players[1]))
    assert POLICY.values(ENGINE, rich)[0] > base[0] + 3
    assert POLICY.values(ENGINE, rich)[1] == base[1]

    # A hand of tokens matching what is already built in their districts beats one that matches nothing.
    def fits(token: int) -> int:
        districts = R.COLOUR_DISTRICTS[TOKEN_COLOUR[token]]
        return max(sum(1 for t in state.board[d] if t != EMPTY and TOKEN_TYPE[t] == TOKEN_TYPE[token])
                   for d in districts)

    pool = sorted(state.bag, key=fits)
    poor_hand, good_hand = tuple(sorted(pool[:3])), tuple(sorted(pool[-3:]))
    assert sum(map(fits, good_hand)) > sum(map(fits, poor_hand))
    poor = replace(state, players=(replace(state.players[0], hand=poor_hand), state.players[1]))
    good = replace(state, players=(replace(state.players[0], hand=good_hand), state.players[1]))
    assert POLICY.values(ENGINE, good)[0] > POLICY.values(ENGINE, poor)[0]
    assert POLICY.utilities(ENGINE, good)[0] > POLICY.utilities(ENGINE, poor)[0]


def test_turns_left_count_the_turn_under_way_and_end_with_the_empty_bag() -> None:
    from ai.games.buerger_baumeister import turns_left

    state: State = ENGINE.new_game(2, seed=5)
    mover, other = state.turn, 1 - state.turn
    # 36 tokens in the bag: 37 turns, the mover plays the first and the last.
    assert len(state.bag) == 36
    assert (turns_left(state, mover), turns_left(state, other)) == (19, 18)
    last = replace(state, bag=())
    assert (turns_left(last, mover), turns_left(last, other)) == (1, 0)


def test_coins_and_cranes_are_worth_nothing_once_the_seat_has_no_turn_left() -> None:
    state: State = ENGINE.new_game(2, seed=5)
    other = 1 - state.turn
    last = replace(state, bag=())  # the mover's turn is the game's last
    rich = replace(last, players=tuple(replace(p, coins=3) if i == other else p
                                       for i, p in enumerate(last.players)))
    assert POLICY.values(ENGINE, rich)[other] == POLICY.values(ENGINE, last)[other]
    early = replace(state, players=tuple(replace(p, coins=3) if i == other else p
                                         for i, p in enumerate(state.players)))
    assert POLICY.values(ENGINE, early)[other] > POLICY.values(ENGINE, state)[other]


def test_the_seat_to_buy_next_gains_its_best_pick_of_the_offer() -> None:
    """A turn's end leaves the offer to the next buyer: the token at the Mayor's space (free) is worth to that
    seat what it would add in its hand, so a purchase that leaves the other a good free token costs the buyer."""
    from ai.games.buerger_baumeister import _best_spots, _placement_now

    state: State = ENGINE.new_game(2, seed=5)
    buyer, other = state.turn, 1 - state.turn
    assert state.pending is None and state.players[buyer].coins == 0  # only the Mayor's token is affordable
    spots = _best_spots(state)

    def worth(token: int) -> int:
        placed = _placement_now(spots, token)
        return -99 if placed is None else placed

    pool = sorted(state.bag, key=worth)

    def with_free(token: int) -> State:
        offer = list(state.offer)
        offer[state.mayor] = token
        return replace(state, offer=tuple(offer))

    poor, rich = with_free(pool[0]), with_free(pool[-1])
    assert worth(pool[-1]) > worth(pool[0])
    assert POLICY.values(ENGINE, rich)[buyer] > POLICY.values(ENGINE, poor)[buyer]
    assert POLICY.values(ENGINE, rich)[other] == POLICY.values(ENGINE, poor)[other]
