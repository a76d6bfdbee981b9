"""Pure rules engines, one package per game, behind one protocol (see ``core``).

>>> import engines
>>> engine = engines.get("burgenland")
>>> state = engine.new_game(3, seed=42)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines import registry
from engines.core import (
    Action,
    AmbiguousAction,
    AnyEngine,
    BaseEngine,
    Engine,
    EngineError,
    Event,
    GameOver,
    IllegalAction,
    NoSuchSeat,
    NotationError,
    NotYourTurn,
    Outcome,
)
from engines.registry import GameInfo, GameOption

__all__ = [
    "Action",
    "AmbiguousAction",
    "AnyEngine",
    "BaseEngine",
    "Engine",
    "EngineError",
    "Event",
    "GameInfo",
    "GameOption",
    "GameOver",
    "IllegalAction",
    "NoSuchSeat",
    "NotYourTurn",
    "NotationError",
    "Outcome",
    "get",
    "names",
    "registry",
    "replay",
]


def names() -> tuple[str, ...]:
    """The names of every available engine, in listing order (see :mod:`engines.registry`)."""
    return tuple(info.name for info in registry.all_games())


def get(name: str) -> AnyEngine:
    """The engine called ``name`` (its name, command or an alias); ``KeyError`` names the available ones."""
    return registry.find(name).engine


def replay(name: str, seats: int, seed: int, options: Mapping[str, Any] | None,
           log: Iterable[tuple[int, str]]) -> Any:
    """The state reached by playing ``log`` (``(seat, action_key)`` pairs) from a new game."""
    return get(name).replay(seats, seed, options, log)
