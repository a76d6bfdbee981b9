"""Each game's policy for the computer players, found by the engine's package name
(``engines.burgenland`` -> ``ai.games.burgenland.POLICY``), as render finds its drawings."""

from __future__ import annotations

import functools
import importlib

from ai.policy import GENERIC, GamePolicy
from engines.core import AnyEngine


def policy_for(engine: AnyEngine) -> GamePolicy:
    return _policy(type(engine).__module__.split(".")[1] if type(engine).__module__.startswith("engines.") else "")


@functools.cache
def _policy(package: str) -> GamePolicy:
    if not package:
        return GENERIC
    try:
        module = importlib.import_module(f"ai.games.{package}")
    except ModuleNotFoundError as err:
        if err.name != f"ai.games.{package}":
            raise
        return GENERIC
    policy = getattr(module, "POLICY", GENERIC)
    assert isinstance(policy, GamePolicy)
    return policy
