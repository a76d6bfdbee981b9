"""What every game's language tests check alike: a seeded random game's positions, and each legal action's label
in a language reading back to that action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines import rng
from engines.core import Action, AnyEngine
from engines.i18n import speaking


def seeded_positions(engine: AnyEngine, seats: int, seed: int, moves: int | None = None) -> Iterator[tuple[Any, int]]:
    """The positions of a game of ``seats`` played at random (seeded by ``seed``) for at most ``moves`` moves (None:
    to its end): each state with the seat to act."""
    state = engine.new_game(seats, seed)
    r = rng.seed_state(seed)
    played = 0
    while (acting := engine.to_act(state)) and (moves is None or played < moves):
        seat = acting[0]
        yield state, seat
        legal = engine.legal_actions(state, seat)
        r, pick = rng.randbelow(r, len(legal))
        state = engine.apply(state, seat, legal[pick])[0]
        played += 1


def labels_read_back(engine: AnyEngine, state: Any, seat: int, language: str
                     ) -> tuple[tuple[Action, ...], list[str], list[str]]:
    """The seat's legal actions and their labels in ``language`` and in English, having checked that in
    ``language`` the labels are distinct, at most 100 characters, and each reads back to its action."""
    legal = tuple(engine.legal_actions(state, seat))
    with speaking(language):
        labels = [engine.format_action(state, seat, a) for a in legal]
        assert len(set(labels)) == len(labels), labels
        for action, label in zip(legal, labels, strict=True):
            assert len(label) <= 100, label
            assert engine.parse_action(state, seat, label) == action, (language, label)
    with speaking("en"):
        english = [engine.format_action(state, seat, a) for a in legal]
    return legal, labels, english
