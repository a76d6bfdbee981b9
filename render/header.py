"""The header strip at the top of every board and hand: who is to act, who won, whose hand.

A board's header reads left to right: the game's name over the move number, then
one status line (an arrow, the acting seat's badge and name, what they are doing;
or a crown, the winners' badges and the result), then the game's own last-move line
below it.  Each game's ``HeaderStyle`` keeps its proportions; positions follow from
the badge size the same way in every game.  A hand starts with ``draw_hand_title``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.canvas import FRAME
from render.icons import icon
from render.legend import seat_badge
from render.palette import GOLD, Theme
from render.shapes import badge, paste, rounded_box
from render.text import draw_text, put

INSET = FRAME + 8  # the header panel's distance from the image's edge


def header_panel(draw: ImageDraw.ImageDraw, width: int, bottom: float, theme: Theme) -> None:
    """The header's background panel, from the top of the image down to ``bottom`` (static layers)."""
    rounded_box(draw, (INSET, INSET, width - INSET, bottom), theme.panel_alt, radius=12)


@dataclass(frozen=True, slots=True)
class HeaderStyle:
    """A board header's geometry and sizes; the badge ``size`` places the status line's parts."""

    status_x: int              # where the status line starts, right of the title
    name_width: float          # the acting player's name shrinks, then is cut, to fit this
    min_size: int              # the smallest size for that name and for the result
    lines: tuple[int, int] = (36, 78)  # the two text lines' centres, below the frame
    title_size: int = 22
    move_size: int = 20
    size: int = 34             # seat badges
    text_size: int = 30        # the name and the result
    status_size: int = 22      # what the acting player is doing
    status_min: int | None = None
    margin: int = 32           # the result ends this far from the right edge


def draw_header(img: Image.Image, style: HeaderStyle, theme: Theme, *, width: int, title: str, move: int,
                winners: Sequence[int] | None, result: str, to_act: int | None, name: str, status: str,
                idle: str = "") -> tuple[float, float]:
    """A board's header: the title over "move n", then the status line.  ``winners`` (None while the
    game runs) get a crown, their badges and ``result``; else the seat ``to_act`` gets an arrow, its
    badge, its ``name`` and its ``status``; with neither, ``idle`` is shown.  Returns where the game's
    own last-move line goes (left end, centre)."""
    x0 = FRAME + 24
    y1, y2 = FRAME + style.lines[0], FRAME + style.lines[1]
    put(img, (x0, y1), title, style.title_size, theme.muted, bold=True, anchor="lm")
    put(img, (x0, y2), f"move {move}", style.move_size, theme.muted, anchor="lm")
    x = x0 + style.status_x
    if winners is not None:
        _winners(img, (x, y1), winners, result, theme, style, width)
    elif to_act is not None:
        _to_act(img, (x, y1), to_act, name, status, theme, style, width)
    elif idle:
        put(img, (x, y1), idle, style.text_size, theme.ink, bold=True, anchor="lm")
    return (x, y2)


def _to_act(img: Image.Image, xy: tuple[float, float], seat: int, name: str, status: str, theme: Theme,
            style: HeaderStyle, width: int) -> None:
    """Arrow, badge and name of the seat to act, then what it is doing (up to 40 px from ``width``)."""
    x, y = xy
    size = style.size
    paste(img, icon("arrow", size, theme.accent, theme.ink), (x, y - size / 2))
    paste(img, seat_badge(seat, size, theme.ink), (x + size + 8, y - size / 2))
    name_x = x + 2 * size + 18
    used = draw_text(img, (name_x, y), name, style.text_size, theme.ink, bold=True, anchor="lm",
                     max_width=style.name_width, min_size=style.min_size)
    status_x = name_x + 10 + used
    draw_text(img, (status_x, y + 2), status, style.status_size, theme.ink, anchor="lm",
              max_width=width - status_x - 40, min_size=style.status_min)


def _winners(img: Image.Image, xy: tuple[float, float], seats: Sequence[int], text: str, theme: Theme,
             style: HeaderStyle, width: int) -> None:
    """A crown, the winners' badges (four at most) and ``text``."""
    x, y = xy
    size = style.size
    paste(img, icon("crown", size + 2, GOLD, theme.ink), (x, y - (size + 2) / 2))
    xb = x + size + 10
    for seat in seats[:4]:
        paste(img, seat_badge(seat, size, theme.ink), (xb, y - size / 2))
        xb += size + 4
    draw_text(img, (xb + 6, y), text, style.text_size, theme.ink, bold=True, anchor="lm",
              max_width=width - (xb + 6) - style.margin, min_size=style.min_size)


def draw_hand_title(img: Image.Image, draw: ImageDraw.ImageDraw, seat: int, name: str, tag: str, theme: Theme, *,
                    width: int, pad: int, top: int, tag_size: int, min_size: int) -> None:
    """A hand's first line: the seat's badge and name, and ``tag`` ("YOUR TURN", …; "" for none) on the right."""
    paste(img, seat_badge(seat, 44, theme.ink), (pad, top))
    tag_w = badge(draw, (width - pad, top + 22), tag, tag_size, theme.accent, anchor="rm") if tag else 0.0
    draw_text(img, (pad + 56, top + 10), name, 28, theme.ink, bold=True, anchor="lm",
              max_width=width - 2 * pad - 70 - tag_w, min_size=min_size)
