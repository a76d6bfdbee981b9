"""A move typed with a slip gets the closest legal moves and a one-line hint, not the whole notation."""

from __future__ import annotations

import pytest

import engines
from engines import rng
from engines.core import EngineError, NotationError, normalize


def slips(key: str) -> list[str]:
    """The key with one letter left out (a letter, not a digit: a number left out is not a slip but a
    question — `buy` for `buy 5` — which the engines answer by listing what fits)."""
    return [key[:i] + key[i + 1:] for i, ch in enumerate(key) if ch.isalpha() and len(key) > 2]


@pytest.mark.parametrize("name", engines.names())
def test_a_one_letter_slip_of_any_legal_move_suggests_that_move(name: str) -> None:
    engine = engines.get(name)
    state = engine.new_game(engine.min_seats, 11)
    r = rng.seed_state(11)
    checked = 0
    for step in range(160):
        if not engine.to_act(state):
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        if step % 8 == 0:
            readable = {normalize(a.key) for a in legal} | {normalize(engine.format_action(state, seat, a))
                                                            for a in legal}
            for action in legal[:12]:
                for slip in slips(action.key)[::3]:
                    if normalize(slip) in readable:
                        continue
                    try:
                        engine.parse_action(state, seat, slip)
                    except NotationError as err:
                        said = str(err)
                        assert f"`{action.key}`" in said, (slip, said)
                        assert "`help`" in said and len(said) < 600, said  # a hint, not the notation
                        checked += 1
                    except EngineError as err:  # read, but not allowed or not clear: it says why
                        assert f"`{action.key}`" in str(err) or err.suggestions, (slip, str(err))
        r, i = rng.randbelow(r, len(legal))
        state, _ = engine.apply(state, seat, legal[i])
    assert checked > 20


@pytest.mark.parametrize("name", engines.names())
def test_text_that_resembles_no_move_gets_the_first_legal_moves(name: str) -> None:
    """The nearest by letters to nonsense is noise (it was a random build for `fly to the moon`): the
    first moves in the game's own order are offered instead, the same whatever the position."""
    engine = engines.get(name)
    for seed in range(1, 6):
        state = engine.new_game(engine.min_seats, seed)
        seat = engine.to_act(state)[0]
        first = [a.key for a in engine.legal_actions(state, seat)][:3]
        with pytest.raises(NotationError) as caught:
            engine.parse_action(state, seat, "fly to the moon")
        assert [s.split(" (")[0] for s in caught.value.suggestions] == first


def test_a_close_slip_is_not_padded_with_unrelated_moves() -> None:
    engine = engines.get("burgenland")
    state = engine.new_game(2, 1)
    seat = engine.to_act(state)[0]
    assert [a.key for a in engine.legal_actions(state, seat)] == ["take", "jokers 1"]
    with pytest.raises(NotationError) as caught:
        engine.parse_action(state, seat, "tkae")
    assert caught.value.suggestions == ("take (Take 2 cards)",)
