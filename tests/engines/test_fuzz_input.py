"""Whatever a player types or a forger builds, an engine answers with an ``EngineError`` and changes nothing.

Property tests (hypothesis): random text, and random actions made of random words and the game's own
words, at many positions of real games, through ``parse_action`` and ``apply``.  Anything but an
``EngineError`` escaping, or a state that changes, fails.  The examples are bounded so CI stays quick.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import rng
from engines.core import Action, EngineError

EXAMPLES = 150
ODD = ["²", "①", "٣", "½", "9" * 5000, "-1", "0", "999999", "", " ", "\u200b", "⁹", "𝟙", "x" * 200]


@functools.cache
def positions(name: str) -> tuple[tuple[Any, int], ...]:
    """(state, seat to act) at every few steps of a seeded random game, to the end or 300 steps."""
    engine = engines.get(name)
    state, r, found = engine.new_game(engine.max_seats, 21), rng.seed_state(21), []
    for step in range(300):
        if not engine.to_act(state):
            break
        seat = engine.to_act(state)[0]
        if step % 9 == 0:
            found.append((state, seat))
        legal = engine.legal_actions(state, seat)
        r, i = rng.randbelow(r, len(legal))
        state, _ = engine.apply(state, seat, legal[i])
    return tuple(found)


@functools.cache
def vocabulary(name: str) -> tuple[str, ...]:
    engine = engines.get(name)
    words = {w for state, seat in positions(name) for a in engine.legal_actions(state, seat) for step in a.steps
             for w in step}
    return tuple(sorted(words)) + tuple(ODD)


def fingerprint(engine: Any, state: Any) -> str:
    return json.dumps(engine.dump(state), sort_keys=True)


def only_engine_errors(engine: Any, state: Any, seat: int, attempt: Any) -> None:
    before = fingerprint(engine, state)
    with contextlib.suppress(EngineError):  # a refusal is fine; anything else escapes and fails the test
        attempt()
    assert fingerprint(engine, state) == before  # the input state is never changed


def each_engine_fuzzed(test: Callable[[str, st.DataObject], None]) -> Callable[..., None]:
    """``test(name, data)`` for every engine, with ``EXAMPLES`` draws from hypothesis's ``data`` each."""
    fuzzed = given(data=st.data())(test)
    fuzzed = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])(fuzzed)
    return pytest.mark.parametrize("name", engines.names())(fuzzed)


def a_position(name: str, data: st.DataObject) -> tuple[Any, Any, int]:
    """The engine ``name``, and one of its ``positions`` drawn: (engine, state, seat to act)."""
    state, seat = data.draw(st.sampled_from(positions(name)))
    return engines.get(name), state, seat


@each_engine_fuzzed
def test_any_text_is_a_move_or_an_engine_error(name: str, data: st.DataObject) -> None:
    engine, state, seat = a_position(name, data)
    words = st.sampled_from(vocabulary(name))
    text = data.draw(st.one_of(st.text(max_size=40), st.lists(st.one_of(words, st.text(max_size=5)), max_size=6)
                               .map(" ".join)))

    def attempt() -> None:
        action = engine.parse_action(state, seat, text)
        engine.apply(state, seat, action)  # what was read must apply (or be refused as an EngineError)

    only_engine_errors(engine, state, seat, attempt)


@each_engine_fuzzed
def test_any_forged_action_is_applied_or_refused_as_an_engine_error(name: str, data: st.DataObject) -> None:
    engine, state, seat = a_position(name, data)
    word = st.one_of(st.sampled_from(vocabulary(name)), st.text(max_size=6))
    steps = data.draw(st.lists(st.lists(word, max_size=4).map(tuple), max_size=3))
    only_engine_errors(engine, state, seat, lambda: engine.apply(state, seat, Action(tuple(steps))))


@pytest.mark.parametrize("name", engines.names())
def test_a_view_is_given_only_for_a_real_seat(name: str) -> None:
    engine = engines.get(name)
    state = engine.new_game(engine.min_seats, 1)
    engine.view(state, None)
    engine.view(state, engine.min_seats - 1)
    for seat in (-1, engine.min_seats, 10**30):
        with pytest.raises(EngineError):
            engine.view(state, seat)
