"""Rendering: a game's view (a JSON-safe dict) -> PNG bytes, with Pillow.

The table service calls exactly two functions, which dispatch per game:

>>> png = draw_board("burgenland", engine.view(state, None), ["Ana", "João"])
>>> png = draw_hand("burgenland", engine.view(state, 0), ["Ana", "João"])

``names`` are the display names per seat.  Renderers read views only, never engine
state; they may read an engine's static data (names, board geometry).  The shared
toolkit every game builds on lives beside this file: ``palette``, ``text``,
``shapes``, ``icons``, ``layout``, ``legend``, ``canvas``, ``cache``, ``encode``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any

__all__ = ["draw_board", "draw_hand", "draw_player", "games"]

# game name -> module with draw_board(view, names) and draw_hand(view, names); imported on first use.
# A game's module is ``render.<engine name with - as _>``; it is listed once it exists.
_GAMES = ("burgenland", "burgen-land", "castles-of-burgundy", "buerger-baumeister")
_MODULES: dict[str, str] = {
    name: f"render.{name.replace('-', '_')}" for name in _GAMES if find_spec(f"render.{name.replace('-', '_')}")
}


def games() -> tuple[str, ...]:
    """The games that have images."""
    return tuple(_MODULES)


def _renderer(engine_name: str, what: str) -> Callable[[Mapping[str, Any], Sequence[str]], bytes]:
    if engine_name not in _MODULES:
        raise KeyError(f"no renderer for {engine_name!r}; available: {', '.join(games())}")
    return getattr(import_module(_MODULES[engine_name]), what)


def draw_board(engine_name: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG bytes of the public board for ``view`` (any view works; only public parts are drawn)."""
    return _renderer(engine_name, "draw_board")(view, list(names))


def draw_hand(engine_name: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG bytes of a seat's hand; ``view`` must be that seat's own view."""
    return _renderer(engine_name, "draw_hand")(view, list(names))


# game name -> the function of its module that draws one player's own area from any view.
_PLAYER_IMAGES: dict[str, str] = {"castles-of-burgundy": "draw_estate"}


def draw_player(engine_name: str, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes:
    """PNG bytes of one seat's own area (e.g. an estate) from any view; only some games have one."""
    available = [g for g in _PLAYER_IMAGES if g in _MODULES]
    if engine_name not in available:
        raise KeyError(f"no per-player image for {engine_name!r}; available: {', '.join(available)}")
    return getattr(import_module(_MODULES[engine_name]), _PLAYER_IMAGES[engine_name])(view, list(names), seat)
