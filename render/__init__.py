"""Rendering: a game's view (a JSON-safe dict) -> PNG bytes, with Pillow.

The table service calls exactly two functions, which dispatch per game:

>>> png = draw_board("burgenland", engine.view(state, None), ["Ana", "João"])
>>> png = draw_hand("burgenland", engine.view(state, 0), ["Ana", "João"])

``names`` are the display names per seat.  Renderers read views only, never engine
state; they may read an engine's static data (names, board geometry).  The shared
toolkit every game builds on lives beside this file: ``palette``, ``text``,
``shapes``, ``icons``, ``layout``, ``legend``, ``header``, ``canvas``, ``cache``, ``encode``.
Each game's package declares its functions as ``IMAGES`` (``render.images.GameImages``),
typed by the game's own views; the functions here take any mapping and hand it over.
Those views' TypedDicts come from ``engines/<game>/view.py`` and are imported under
``if TYPE_CHECKING:`` only, so drawing never loads an engine's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from engines import registry
from render.images import GameImages

__all__ = ["compact_games", "draw_all_players", "draw_board", "draw_compact", "draw_hand", "draw_player",
           "draw_ratings", "draw_standings", "games"]


def _images(engine_name: str) -> GameImages[Any, Any]:
    """The game's drawing package's ``IMAGES``: ``render/<package>/``, named like its engine package."""
    try:
        info = registry.find(engine_name)
    except KeyError:
        info = None
    if info is None or find_spec(f"render.{info.package}") is None:
        raise KeyError(f"no renderer for {engine_name!r}; available: {', '.join(games())}")
    images: GameImages[Any, Any] = import_module(f"render.{info.package}").IMAGES
    return images


def games() -> tuple[str, ...]:
    """The games that have images (engine names, in listing order)."""
    return tuple(g.name for g in registry.all_games() if find_spec(f"render.{g.package}") is not None)


def draw_board(engine_name: str, view: Mapping[str, Any], names: Sequence[str],
               since: Mapping[str, Any] | None = None) -> bytes:
    """PNG bytes of the public board for ``view`` (any view works; only public parts are drawn); with
    ``since``, an earlier public view of the game, what was placed after it is marked (games that can)."""
    return _images(engine_name).draw_board(view, list(names), since)


def draw_compact(engine_name: str, view: Mapping[str, Any], names: Sequence[str],
                 since: Mapping[str, Any] | None = None) -> bytes:
    """PNG bytes of the compact, phone-first picture (``render.compact``): 800 px wide, what matters now —
    whose turn, every score, the part of the board that changed or can be chosen; with ``since`` (an earlier
    public view), what changed after it is marked.  ``KeyError`` for a game without one (``compact_games``)."""
    return _images(engine_name).draw_compact(view, list(names), since)


def compact_games() -> tuple[str, ...]:
    """The games that have a compact picture (engine names)."""
    return tuple(g for g in games() if _images(g).compact is not None)


def draw_hand(engine_name: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG bytes of a seat's hand; ``view`` must be that seat's own view (``ValueError`` otherwise)."""
    return _images(engine_name).draw_hand(view, list(names))


def draw_player(engine_name: str, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes:
    """PNG bytes of one seat's own area (e.g. an estate) from any view, for games whose registry entry
    says ``player_boards``; ``KeyError`` (naming the games that have them) for the others."""
    _require_player_boards(engine_name)
    return _images(engine_name).draw_player(view, list(names), seat)


def draw_standings(engine_name: str, view: Mapping[str, Any], names: Sequence[str],
                   history: Sequence[Sequence[int]]) -> bytes:
    """PNG bytes of the end screen: places, scores, each game's breakdown and a chart of every seat's score
    over the game.  ``view`` is the (public) view of a finished game; ``history`` the scores per seat after
    each turn (from ``engine.standing`` while replaying), the x axis being the turn number.  ``ValueError``
    for a game that is not over."""
    return _images(engine_name).draw_standings(view, list(names), history)


def draw_ratings(kind: str, view: Mapping[str, Any]) -> bytes:
    """PNG bytes of a ``"leaderboard"`` or a ``"profile"`` (:mod:`render.ratings`: the view holds its texts)."""
    from render.ratings import draw_leaderboard, draw_profile

    return draw_leaderboard(view) if kind == "leaderboard" else draw_profile(view)


def draw_all_players(engine_name: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG bytes of every seat's own area at once (``/board all``: the estates as a grid), from any view,
    for games whose registry entry says ``player_boards``; ``KeyError`` (naming those games) for the others."""
    _require_player_boards(engine_name)
    return _images(engine_name).draw_all_players(view, list(names))


def _require_player_boards(engine_name: str) -> None:
    if not registry.find(engine_name).player_boards:
        having = [g.name for g in registry.all_games() if g.player_boards]
        raise KeyError(f"{engine_name!r} has no per-player images; games with them: {', '.join(having)}")
