"""The header strip at the top of every image: the game, the turn, who is to act (or who won), the last move.

Discord on a phone shows an image about 400 px wide, whatever its real width.  So the header's
sizes are fractions of the image's width, not pixels: the game's name, the turn number and the
acting player's name are drawn at ``text_size(width)`` (2.75 % of the width: 11 px on a 400 px
screen, the smallest text size phone guidelines allow for reading), what they are doing and the
last move at ``caption_size(width)`` (2.25 %: 9 px, a caption).

A board's header (``draw_board_header``) has three rows: the game's name · "turn n" · the game's
own facts (phase, round); an arrow, the acting seat's badge, its name and what it is doing (or a
crown, the winners' badges and the result); and the game's last-move line, whose place it returns.
A hand's header (``draw_hand_header``) has the seat's badge, its name and a tag ("YOUR TURN"), then
the game · "turn n" and whose turn it is.

The turn is the engine's ``turn_number`` (the view's ``turn_number``): a player's whole turn, the
number the thread's posts, ``/log`` and the end chart use too — not the count of steps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.i18n import COMMON
from render.canvas import FRAME
from render.icons import icon
from render.legend import seat_badge
from render.palette import GOLD, Theme
from render.shapes import badge, paste, rounded_box
from render.text import draw_text, put

_ = COMMON.gettext

INSET = FRAME + 8  # the header panel's distance from the image's edge
#: Font size / image width of the header's main text, and of its captions (see the module's text).
READABLE = 0.0275
CAPTION = 0.0225


def text_size(width: int) -> int:
    """The size of text that must read on a phone (11 px when the image is shown 400 px wide)."""
    return math.ceil(width * READABLE)


def caption_size(width: int) -> int:
    """The size of secondary text (9 px when the image is shown 400 px wide)."""
    return math.ceil(width * CAPTION)


def _row(size: int) -> int:
    return round(size * 1.5)


def header_panel(draw: ImageDraw.ImageDraw, width: int, bottom: float, theme: Theme) -> None:
    """The header's background panel, from the top of the image down to ``bottom`` (static layers)."""
    rounded_box(draw, (INSET, INSET, width - INSET, bottom), theme.panel_alt, radius=12)


def board_header_height(width: int) -> int:
    """Where a board's header panel ends (its three rows and their padding)."""
    t, c = text_size(width), caption_size(width)
    return INSET + 8 + 2 * _row(t) + _row(c) + 6


def hand_header_height(width: int, extra_rows: int = 0) -> int:
    """Where a hand's header panel ends: three rows, and ``extra_rows`` caption rows the game adds."""
    t, c = text_size(width), caption_size(width)
    return INSET + 8 + round(_row(t) * 1.1) + 2 * _row(t) + extra_rows * _row(c) + 6


@dataclass(frozen=True, slots=True)
class Header:
    """What a board's header says.  ``winners`` (None while the game runs) get a crown, their badges and
    ``result``; else the seat ``to_act`` gets an arrow, its badge, its ``name`` and its ``status``; with
    neither, ``idle`` is shown.  ``facts`` follow the turn number (phase, round …)."""

    title: str
    turn: int
    to_act: int | None = None
    name: str = ""
    status: str = ""
    winners: Sequence[int] | None = None
    result: str = ""
    idle: str = ""
    facts: str = ""


def draw_board_header(img: Image.Image, theme: Theme, width: int, header: Header) -> tuple[float, float]:
    """Draw ``header`` (on the panel the static layer drew); returns where the last-move line goes
    (its left end and centre line)."""
    t, c = text_size(width), caption_size(width)
    x0 = FRAME + 24
    right = width - INSET - 16
    y1 = INSET + 8 + _row(t) / 2
    y2 = y1 + _row(t)
    y3 = y2 + _row(t) / 2 + _row(c) / 2
    x = x0 + put(img, (x0, y1), header.title, t, theme.ink, bold=True, anchor="lm")
    x += put(img, (x, y1), " · " + _("turn {n}", n=header.turn), t, theme.muted, anchor="lm")
    if header.facts:
        draw_text(img, (x + 16, y1 + 2), header.facts, c, theme.muted, anchor="lm", max_width=right - x - 16)
    if header.winners is not None:
        _winners(img, (x0, y2), header.winners, header.result, theme, t, right)
    elif header.to_act is not None:
        _to_act(img, (x0, y2), header.to_act, header.name, header.status, theme, t, c, right)
    elif header.idle:
        put(img, (x0, y2), header.idle, t, theme.ink, bold=True, anchor="lm")
    return (x0, y3)


def _to_act(img: Image.Image, xy: tuple[float, float], seat: int, name: str, status: str, theme: Theme, t: int,
            c: int, right: float) -> None:
    """Arrow, badge and name of the seat to act, then what it is doing."""
    x, y = xy
    size = round(t * 1.05)
    paste(img, icon("arrow", size, theme.accent, theme.ink), (x, y - size / 2))
    paste(img, seat_badge(seat, size, theme.ink), (x + size + 8, y - size / 2))
    name_x = x + 2 * size + 18
    used = put(img, (name_x, y), name, t, theme.ink, bold=True, anchor="lm")
    status_x = name_x + used + 12
    draw_text(img, (status_x, y + 1), status, c, theme.ink, anchor="lm", max_width=right - status_x)


def _winners(img: Image.Image, xy: tuple[float, float], seats: Sequence[int], text: str, theme: Theme, t: int,
             right: float) -> None:
    """A crown, the winners' badges (four at most) and ``text``."""
    x, y = xy
    size = round(t * 1.05)
    paste(img, icon("crown", size + 2, GOLD, theme.ink), (x, y - (size + 2) / 2))
    xb = x + size + 10
    for seat in seats[:4]:
        paste(img, seat_badge(seat, size, theme.ink), (xb, y - size / 2))
        xb += size + 4
    draw_text(img, (xb + 8, y), text, t, theme.ink, bold=True, anchor="lm", max_width=right - xb - 8)


def draw_last_line(img: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: str,
                   seat: int | None, text: str, theme: Theme, width: int) -> None:
    """The last-move row of a board's header: a ``label`` pill in the highlight colour (the colour that
    rings the last move on the board), the mover's badge, and ``text`` (cut with "…" to fit)."""
    x, y = xy
    c = caption_size(width)
    x += badge(draw, (x, y), label, round(c * 0.72), theme.highlight, anchor="lm") + 10
    if seat is not None:
        size = round(c * 1.05)
        paste(img, seat_badge(seat, size, theme.ink), (x, y - size / 2))
        x += size + 8
    draw_text(img, (x, y), text, c, theme.ink, anchor="lm", max_width=width - INSET - 16 - x)


def draw_hand_header(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme, *, width: int, seat: int,
                     name: str, tag: str, title: str, turn: int, status: str, mine: bool) -> float:
    """A hand's header: the seat's badge and ``name`` with ``tag`` ("YOUR TURN", …; "" for none) at the right;
    then ``title`` · "turn n"; then ``status`` (whose turn it is; in the accent colour when ``mine``).
    Returns the y where the game's own rows may start (``hand_header_height`` gives the panel's end)."""
    t, c = text_size(width), caption_size(width)
    pad = INSET + 12
    right = width - INSET - 12
    row1 = round(_row(t) * 1.1)
    y1 = INSET + 8 + row1 / 2
    size = round(t * 1.25)
    paste(img, seat_badge(seat, size, theme.ink), (pad, y1 - size / 2))
    tag_w = badge(draw, (right, y1), tag, round(c * 0.8), theme.accent, anchor="rm", pad=10) + 12 if tag else 0.0
    draw_text(img, (pad + size + 12, y1), name, t, theme.ink, bold=True, anchor="lm",
              max_width=right - pad - size - 12 - tag_w)
    y2 = y1 + row1 / 2 + _row(t) / 2
    put(img, (pad, y2), f"{title} · " + _("turn {n}", n=turn), t, theme.muted, bold=True, anchor="lm")
    y3 = y2 + _row(t)
    draw_text(img, (pad, y3), status, t, theme.accent if mine else theme.ink, bold=mine, anchor="lm",
              max_width=right - pad)
    return y3 + _row(t) / 2
