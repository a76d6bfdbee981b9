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
