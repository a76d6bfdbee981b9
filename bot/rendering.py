"""The renderer the service calls, and how to find the project's one (``render/``) if installed.

The service depends only on the ``Renderer`` protocol, so tests run without Pillow drawing
anything and the console/bot pass the real renderer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

DrawFn = Callable[[str, dict[str, Any], Sequence[str]], bytes]


class Renderer(Protocol):
    def render_board(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None: ...
    def render_hand(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None: ...


@dataclass(frozen=True, slots=True)
class FunctionRenderer:
    """A ``Renderer`` from two plain functions; either may be missing.  ``games`` lists the engines
    that have images (None: all), so a game without art is simply posted without one."""

    board: DrawFn | None
    hand: DrawFn | None
    games: Callable[[], Sequence[str]] | None = None

    def _draws(self, engine: str) -> bool:
        return self.games is None or engine in self.games()

    def render_board(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
        return self.board(engine, view, names) if self.board is not None and self._draws(engine) else None

    def render_hand(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
        return self.hand(engine, view, names) if self.hand is not None and self._draws(engine) else None


def installed_renderer() -> Renderer | None:
    """``render.draw_board``/``render.draw_hand`` (for the games in ``render.games()``), or None
    when the package is not installed."""
    try:
        import render  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    board = getattr(render, "draw_board", None)
    hand = getattr(render, "draw_hand", None)
    if board is None and hand is None:
        log.info("render is installed but has neither draw_board nor draw_hand; drawing nothing")
        return None
    return FunctionRenderer(board, hand, getattr(render, "games", None))
