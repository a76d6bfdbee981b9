"""What a game's drawing package hands to ``render``: its image functions, typed by the game's own views.

Each ``render/<game>/__init__.py`` declares ``IMAGES = GameImages(board=..., hand=..., player=...)``
with functions that take that game's ``PublicView`` / ``SeatView`` (TypedDicts from
``engines/<game>/view.py``), so mypy checks every key a renderer reads.  ``render.draw_board``
and friends dispatch on the engine's name and get a plain mapping: this is the one place where
it becomes the game's typed view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

PublicT = TypeVar("PublicT")
SeatT = TypeVar("SeatT")


@dataclass(frozen=True, slots=True)
class GameImages(Generic[PublicT, SeatT]):
    """A game's images: ``board`` from any view, ``hand`` from a seat's own view, and (games whose
    registry entry says ``player_boards``) ``player``, one seat's own area from any view."""

    board: Callable[[PublicT, Sequence[str]], bytes]
    hand: Callable[[SeatT, Sequence[str]], bytes]
    player: Callable[[PublicT, Sequence[str], int], bytes] | None = None

    def draw_board(self, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        # The registry dispatched on the engine's name, so this is one of the game's own views.
        return self.board(cast(PublicT, view), names)

    def draw_hand(self, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        if "seat" not in view:  # every game's SeatView has it, no public view does
            raise ValueError("a hand image needs a seat's own view (view(state, seat)), not the public one")
        return self.hand(cast(SeatT, view), names)

    def draw_player(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes:
        if self.player is None:
            raise KeyError("this game has no per-player images")
        return self.player(cast(PublicT, view), names, seat)
