"""What a game's drawing package hands to ``render``: its image functions, typed by the game's own views.

Each ``render/<game>/__init__.py`` declares ``IMAGES = GameImages(board=..., hand=..., player=...)``
with functions that take that game's ``PublicView`` / ``SeatView`` (TypedDicts from
``engines/<game>/view.py``) and draw a Pillow image, so mypy checks every key a renderer reads.
``render.draw_board`` and friends dispatch on the engine's name and get a plain mapping: this is
the one place where it becomes the game's typed view, and where every image is encoded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from PIL import Image

from render.encode import to_png
from render.legend import since_key
from render.palette import DEFAULT_THEME
from render.standings import Standings, draw_standings_image

PublicT = TypeVar("PublicT")
SeatT = TypeVar("SeatT")


@dataclass(frozen=True, slots=True)
class GameImages(Generic[PublicT, SeatT]):
    """A game's images: ``board`` from any view, ``hand`` from a seat's own view, (games whose registry
    entry says ``player_boards``) ``player``, one seat's own area from any view, and ``all_players``, all of
    them at once; ``standings``, the end screen of a finished game."""

    board: Callable[[PublicT, Sequence[str]], Image.Image]
    hand: Callable[[SeatT, Sequence[str]], Image.Image]
    player: Callable[[PublicT, Sequence[str], int], Image.Image] | None = None
    all_players: Callable[[PublicT, Sequence[str]], Image.Image] | None = None
    standings: Standings[PublicT] | None = None
    #: The board with what was placed since an earlier view marked (``render.shapes.since_mark``): the turn
    #: post's board, marking what the others did since its player's last turn.  None: the plain board.
    board_since: Callable[[PublicT, Sequence[str], PublicT], Image.Image] | None = None
    #: The compact, phone-first picture (``render.compact``): whose turn, every score and the part of the board
    #: that matters now, readable 400 px wide; with an earlier view, what changed since is marked.  None: none.
    compact: Callable[[PublicT, Sequence[str], PublicT | None], Image.Image] | None = None

    def draw_board(self, view: Mapping[str, Any], names: Sequence[str], since: Mapping[str, Any] | None = None
                   ) -> bytes:
        """PNG bytes of the board (the registry dispatched on the engine's name: this is the game's view);
        with ``since`` (an earlier public view of the same game), what was placed after it is marked."""
        if since is not None and self.board_since is not None:
            return to_png(since_key(self.board_since(cast(PublicT, view), names, cast(PublicT, since)), DEFAULT_THEME))
        return to_png(self.board(cast(PublicT, view), names))

    def draw_compact(self, view: Mapping[str, Any], names: Sequence[str], since: Mapping[str, Any] | None = None
                     ) -> bytes:
        """PNG bytes of the compact picture; ``KeyError`` for a game without one."""
        if self.compact is None:
            raise KeyError("this game has no compact picture")
        return to_png(self.compact(cast(PublicT, view), names, cast("PublicT | None", since)))

    def draw_hand(self, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        """PNG bytes of a seat's hand; ``ValueError`` for a view that is not a seat's own."""
        if "seat" not in view:  # every game's SeatView has it, no public view does
            raise ValueError("a hand image needs a seat's own view (view(state, seat)), not the public one")
        return to_png(self.hand(cast(SeatT, view), names))

    def draw_player(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes:
        """PNG bytes of one seat's own area; ``KeyError`` for a game without them."""
        if self.player is None:
            raise KeyError("this game has no per-player images")
        return to_png(self.player(cast(PublicT, view), names, seat))

    def draw_standings(self, view: Mapping[str, Any], names: Sequence[str], history: Sequence[Sequence[int]]) -> bytes:
        """PNG bytes of the end screen of a finished game (``ValueError`` for a game still running)."""
        if self.standings is None:
            raise KeyError("this game has no end screen")
        return to_png(draw_standings_image(self.standings, view, names, history))

    def draw_all_players(self, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        """PNG bytes of every seat's own area at once; ``KeyError`` for a game without them."""
        if self.all_players is None:
            raise KeyError("this game has no per-player images")
        return to_png(self.all_players(cast(PublicT, view), names))
