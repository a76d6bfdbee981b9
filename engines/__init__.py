"""Pure rules engines, one package per game, behind one protocol (see ``core``).

>>> import engines
>>> engine = engines.get("burgenland")
>>> state = engine.new_game(3, seed=42)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from engines.core import (
    Action,
    AmbiguousAction,
    BaseEngine,
    Engine,
    EngineError,
    Event,
    GameOver,
    IllegalAction,
    NotationError,
    NotYourTurn,
    Outcome,
)

__all__ = [
    "Action",
    "AmbiguousAction",
    "BaseEngine",
    "Engine",
    "EngineError",
    "Event",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "NotationError",
    "Outcome",
    "get",
    "names",
    "replay",
]

#: Every game's engine name, in the order games are listed.  A game's package is
#: ``engines.<name with - as _>`` holding ``ENGINE``; it is listed once it exists.
GAMES: tuple[str, ...] = ("burgenland", "burgen-land", "castles-of-burgundy", "buerger-baumeister")
_MODULES: dict[str, str] = {
    name: f"engines.{name.replace('-', '_')}" for name in GAMES if find_spec(f"engines.{name.replace('-', '_')}")
}
_LOADED: dict[str, Engine] = {}


def names() -> tuple[str, ...]:
    """The names of every available engine, in a stable order."""
    return tuple(_MODULES)


def get(name: str) -> Engine:
    """The engine called ``name``; ``KeyError`` names the available ones."""
    if name not in _MODULES:
        raise KeyError(f"no engine {name!r}; available: {', '.join(names())}")
    if name not in _LOADED:
        _LOADED[name] = import_module(_MODULES[name]).ENGINE
    return _LOADED[name]


def replay(name: str, seats: int, seed: int, options: Mapping[str, Any] | None,
           log: Iterable[tuple[int, str]]) -> Any:
    """The state reached by playing ``log`` (``(seat, action_key)`` pairs) from a new game."""
    return get(name).replay(seats, seed, options, log)
