"""Sense suites: positions where the rulebook makes the right choice plain, and what each level chose.

A game's suite (``tests/ai/test_sense_<game>.py``) lists :class:`Case`\\ s — a position, the seat to act,
and a test of the whole decision the seat makes there (every step until one says something: a build and
its payment, a die and its tile and space) — and runs :func:`check_levels`: ``normal`` and ``hard`` must
choose right in every case, ``easy`` in at least half of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ai
from engines.core import AnyEngine

#: A decision that takes more steps than this is cut short (none of the games has one).
MAX_STEPS = 8


@dataclass(frozen=True)
class Case:
    name: str                                # what the right choice is, as a player would say it
    state: Any
    seat: int
    right: Callable[[tuple[str, ...]], bool]  # is this decision (its steps' keys, in order) the right one?
    why: str = ""                            # the rule or the rulebook's advice that makes it plain


def decide(engine: AnyEngine, state: Any, seat: int, level: str, seed: int = 0) -> tuple[str, ...]:
    """The keys of the steps ``level`` plays for ``seat`` from ``state`` until a step says something (has
    events) or the turn passes — one whole decision, as a player would make it."""
    keys: list[str] = []
    for step in range(MAX_STEPS):
        action = ai.choose(engine, state, seat, level=level, seed=seed * 31 + step)
        keys.append(action.key)
        state, events = engine.apply(state, seat, action)
        if events or tuple(engine.to_act(state)) != (seat,):
            break
    return tuple(keys)


def misses(engine: AnyEngine, cases: Sequence[Case], level: str, seed: int = 0) -> list[str]:
    """The cases ``level`` gets wrong, each with what it chose."""
    wrong = []
    for case in cases:
        chosen = decide(engine, case.state, case.seat, level, seed)
        if not case.right(chosen):
            wrong.append(f"{case.name}: {level} chose {' / '.join(chosen)}")
    return wrong


def check_level(engine: AnyEngine, cases: Sequence[Case], level: str) -> None:
    """``normal``/``hard``: every case right; ``easy``: at least half."""
    wrong = misses(engine, cases, level)
    if level == "easy":
        assert len(wrong) * 2 <= len(cases), "\n".join(wrong)
    else:
        assert not wrong, "\n".join(wrong)
