"""Every view an engine builds matches its game's ``PublicView`` / ``SeatView`` TypedDict at run time.

mypy checks that ``public_view``/``seat_view`` build their dicts key by key; this walks real views
from seeded random games and checks the other direction too: no key outside the TypedDict, every
required key present, and each value of the declared type (nested TypedDicts, lists, dicts, unions,
``Literal``), so the types the renderers rely on describe what the engines really send.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import engines
from engines.buerger_baumeister import view as buerger_baumeister
from engines.burgen_land import view as burgen_land
from engines.burgenland import view as burgenland
from engines.castles_of_burgundy import view as castles_of_burgundy
from render.gallery import random_playout

VIEWS: dict[str, types.ModuleType] = {
    "burgenland": burgenland,
    "burgen-land": burgen_land,
    "castles-of-burgundy": castles_of_burgundy,
    "buerger-baumeister": buerger_baumeister,
}


def problems(value: Any, tp: Any, where: str = "view") -> list[str]:
    """Why ``value`` is not of type ``tp`` (empty when it is)."""
    if tp is Any:
        return []
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected {tp.__name__}"]
        # With postponed annotations ``__required_keys__`` cannot see ``NotRequired`` (before Python 3.14):
        # read it from the resolved hints instead.
        hints = get_type_hints(tp, include_extras=True)
        required = [k for k, hint in hints.items() if get_origin(hint) is not typing.NotRequired]
        out = [f"{where}: unknown key {k!r} for {tp.__name__}" for k in value if k not in hints]
        out += [f"{where}: missing key {k!r} of {tp.__name__}" for k in required if k not in value]
        for key, hint in hints.items():
            if key in value:
                out += problems(value[key], hint, f"{where}.{key}")
        return out
    origin = get_origin(tp)
    if origin is typing.NotRequired:
        return problems(value, get_args(tp)[0], where)
    if origin in (Union, types.UnionType):
        options = [problems(value, option, where) for option in get_args(tp)]
        return [] if any(not p for p in options) else [f"{where}: {value!r} is none of {tp}"]
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{where}: {value!r} not in {get_args(tp)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, expected a list"]
        return [p for i, item in enumerate(value) for p in problems(item, get_args(tp)[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected a dict"]
        key_tp, value_tp = get_args(tp)
        return [p for k, v in value.items()
                for p in problems(k, key_tp, f"{where} key") + problems(v, value_tp, f"{where}[{k!r}]")]
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r}, expected None"]
    if tp is int:  # bool is an int subclass in Python, but never one in a view
        return [] if type(value) is int else [f"{where}: {value!r}, expected int"]
    return [] if isinstance(value, tp) else [f"{where}: {value!r}, expected {tp.__name__}"]


def _check(view: Mapping[str, Any], tp: Any) -> None:
    found = problems(dict(view), tp)
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_every_view_of_a_random_game_matches_its_typeddict(game: str) -> None:
    engine = engines.get(game)
    module = VIEWS[game]
    optional = {k for k, hint in get_type_hints(module.SeatView, include_extras=True).items()
                if get_origin(hint) is typing.NotRequired}
    seen: set[str] = set()
    for players in range(engine.min_seats, engine.max_seats + 1):
        states = random_playout(game, players, seed=players)
        for state in states[:: max(1, len(states) // 40)] + states[-1:]:
            _check(engine.view(state, None), module.PublicView)
            for seat in range(players):
                view = engine.view(state, seat)
                _check(view, module.SeatView)
                seen |= optional & set(view)
    assert seen == optional, f"never saw {optional - seen}: sample more positions"


def test_the_checker_finds_unknown_missing_and_mistyped_keys() -> None:
    engine = engines.get("burgenland")
    view: dict[str, Any] = dict(engine.view(engine.new_game(2, 1), 0))
    assert not problems(view, burgenland.SeatView)
    assert problems(view, burgenland.PublicView)  # a seat view has keys the public one has not
    bad = dict(view, deck_size="40", extra=1)
    del bad["hand"]
    found = "\n".join(problems(bad, burgenland.SeatView))
    assert "deck_size" in found and "'extra'" in found and "'hand'" in found
