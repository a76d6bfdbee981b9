"""The header strip at the top of every image: the game, the turn, who is to act (or who won), the last move.

Discord on a phone shows an image about 400 px wide, whatever its real width.  So the header's
sizes are fractions of the image's width, not pixels: the game's name, the turn number and the
acting player's name are drawn at ``text_size(width)`` (2.75 % of the width: 11 px on a 400 px
screen, the smallest text size phone guidelines allow for reading), what they are doing and the
last move at ``caption_size(width)`` (2.25 %: 9 px, a caption).

A board's header (``draw_board_header``) has three rows: the game's name · "turn n" · the game's own facts
(phase, round); an arrow, the acting seat's badge, its name and what it is doing (or a crown, the winners'
badges and the result); and the game's last-move line, whose place it returns.  A status too long for the
room beside the name wraps under itself, and a last move too long for one row wraps onto more
(``board_header_rows`` counts the rows; ``grow_board_header`` makes room for them in an image already drawn;
``draw_header_with_last_move`` does all of that for a last move in words).  A hand's header
(``draw_hand_header``) has the seat's badge, its name and a tag ("YOUR TURN"), then the game · "turn n" and
whose turn it is, on as many rows as it takes (``status_rows``); ``hand_turn`` words that tag and status the
same way in every game, and ``draw_turn_header`` draws a one-row hand header with them.  Nothing in a header
is cut with "…" but a player's display name.

The turn is the engine's ``turn_number`` (the view's ``turn_number``): a player's whole turn, the
number the thread's posts, ``/log`` and the end chart use too — not the count of steps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.i18n import COMMON
from render.canvas import FRAME, stretch
from render.icons import icon
from render.legend import player_name, seat_badge
from render.palette import GOLD, Theme
from render.shapes import badge, paste, rounded_box
from render.text import draw_text, font, put, wrap
from render.text import width as width_of

_ = COMMON.gettext

INSET = FRAME + 8  # the header panel's distance from the image's edge
ROW_X = FRAME + 24  # where a board header's rows start
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


def board_header_height(width: int, last_rows: int = 1) -> int:
    """Where a board's header panel ends (its three rows, ``last_rows`` of them for the last move, and their
    padding)."""
    t, c = text_size(width), caption_size(width)
    return INSET + 8 + 2 * _row(t) + last_rows * _row(c) + 6


def hand_header_height(width: int, extra_rows: int = 0, status_rows: int = 1) -> int:
    """Where a hand's header panel ends: three rows (``status_rows`` of them for whose turn it is), and
    ``extra_rows`` caption rows the game adds."""
    t, c = text_size(width), caption_size(width)
    return INSET + 8 + round(_row(t) * 1.1) + (1 + status_rows) * _row(t) + extra_rows * _row(c) + 6


def caption_row(width: int) -> int:
    """The height of one caption row (a last-move line, a game's extra rows)."""
    return _row(caption_size(width))


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


def _status_place(width: int, header: Header) -> tuple[float, float]:
    """Where the acting seat's status starts on its row (after the arrow, the badge and the name), and its room."""
    t = text_size(width)
    size = round(t * 1.05)
    status_x = ROW_X + 2 * size + 18 + width_of(header.name, font(t, True)) + 12
    return status_x, width - INSET - 16 - status_x


def _status_lines(width: int, header: Header) -> list[str]:
    """The acting seat's status wrapped to the room beside its name: its first line beside the name, the others
    under that one."""
    if header.winners is not None or header.to_act is None:
        return []
    return wrap(header.status, font(caption_size(width)), _status_place(width, header)[1])


def board_header_rows(width: int, header: Header, last_rows: int = 1) -> int:
    """The caption rows ``header`` takes under its acting seat's name: its status's lines after the first (a long
    status wraps) and the ``last_rows`` of the last-move line.  1 for a header as ``board_header_height`` draws
    it; ``grow_board_header`` makes room for more."""
    return max(0, len(_status_lines(width, header)) - 1) + last_rows


def draw_board_header(img: Image.Image, theme: Theme, width: int, header: Header) -> tuple[float, float]:
    """Draw ``header`` (on the panel the static layer drew); returns where the last-move line goes
    (its left end and centre line), under the status's lines when it wraps (``board_header_rows``)."""
    t, c = text_size(width), caption_size(width)
    x0 = ROW_X
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
        lines = _status_lines(width, header)
        _to_act(img, (x0, y2), header.to_act, header.name, theme, t)
        status_x = _status_place(width, header)[0]
        for i, line in enumerate(lines):
            draw_text(img, (status_x, y2 + 1 + i * _row(c)), line, c, theme.ink, anchor="lm",
                      max_width=right - status_x)
        y3 += max(0, len(lines) - 1) * _row(c)
    elif header.idle:
        put(img, (x0, y2), header.idle, t, theme.ink, bold=True, anchor="lm")
    return (x0, y3)


def _to_act(img: Image.Image, xy: tuple[float, float], seat: int, name: str, theme: Theme, t: int) -> None:
    """Arrow, badge and name of the seat to act (what it is doing follows: ``_status_place``)."""
    x, y = xy
    size = round(t * 1.05)
    paste(img, icon("arrow", size, theme.accent, theme.ink), (x, y - size / 2))
    paste(img, seat_badge(seat, size, theme.ink), (x + size + 8, y - size / 2))
    put(img, (x + 2 * size + 18, y), name, t, theme.ink, bold=True, anchor="lm")


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


PILL_PAD = 6  # ``shapes.badge``'s default padding: the last-move pill's


def _last_line_lines(width: int, x: float, label: str, seat: int | None, text: str) -> tuple[float, list[str]]:
    """Where the last move's words start on its row (after the pill and the badge), and the words wrapped to
    the room left on the row."""
    c = caption_size(width)
    x += font(round(c * 0.72), True).getlength(label) + 2 * PILL_PAD + 10
    if seat is not None:
        x += round(c * 1.05) + 8
    return x, wrap(text, font(c), width - INSET - 16 - x)


def last_line_rows(width: int, label: str, seat: int | None, text: str) -> int:
    """How many rows a board header's last-move line takes (1 when it fits on one)."""
    return max(1, len(_last_line_lines(width, ROW_X, label, seat, text)[1]))


def grow_board_header(img: Image.Image, width: int, rows: int, room: int = 1) -> Image.Image:
    """``img`` (a board drawn under a header with ``room`` caption rows, ``board_header_height(width, room)``,
    the header's texts not drawn yet) with room for ``rows`` (``board_header_rows``): the header panel grows,
    everything under it moves down.  The image itself when the room is enough."""
    if rows <= room:
        return img
    return stretch(img, INSET + 8 + _row(text_size(width)), (rows - room) * caption_row(width))


def draw_last_line(img: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: str,
                   seat: int | None, text: str, theme: Theme, width: int) -> None:
    """The last-move row of a board's header: a ``label`` pill in the highlight colour (the colour that
    rings the last move on the board), the mover's badge, and ``text``, wrapped onto the rows under it when
    it is long (``last_line_rows`` of them: the header must have room, see ``grow_board_header``)."""
    x, y = xy
    c = caption_size(width)
    badge(draw, (x, y), label, round(c * 0.72), theme.highlight, anchor="lm", pad=PILL_PAD)
    x, lines = _last_line_lines(width, x, label, seat, text)
    if seat is not None:
        size = round(c * 1.05)
        paste(img, seat_badge(seat, size, theme.ink), (x - size - 8, y - size / 2))
    for i, line in enumerate(lines):
        draw_text(img, (x, y + i * _row(c)), line, c, theme.ink, anchor="lm", max_width=width - INSET - 16 - x)


def draw_header_with_last_move(img: Image.Image, theme: Theme, width: int, header: Header, label: str,
                               seat: int | None, text: str, room: int = 1) -> Image.Image:
    """A board's whole header, drawn last on an image whose header panel has ``room`` caption rows: ``header``
    and, under it, the last-move line (``draw_last_line``: ``label``, the mover ``seat``'s badge, ``text``).  The
    image grows first when they need more rows (``grow_board_header``: the board moves down, so the image
    returned may be a new one); a last move that needs fewer rows than the room is centred in it."""
    rows = board_header_rows(width, header, last_line_rows(width, label, seat, text))
    img = grow_board_header(img, width, rows, room)
    x, y = draw_board_header(img, theme, width, header)
    y += max(0, room - rows) * caption_row(width) / 2
    draw_last_line(img, ImageDraw.Draw(img), (x, y), label, seat, text, theme, width)
    return img


def status_lines(width: int, status: str, mine: bool) -> list[str]:
    """A hand header's ``status`` wrapped to its width (bold when ``mine``), one line per row."""
    return wrap(status, font(text_size(width), mine), width - 2 * (INSET + 12))


def status_rows(width: int, status: str, mine: bool) -> int:
    """How many rows a hand header's ``status`` takes (see ``draw_hand_header``; 1 when it fits on one)."""
    return max(1, len(status_lines(width, status, mine)))


def draw_hand_header(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme, *, width: int, seat: int,
                     name: str, tag: str, title: str, turn: int, status: str, mine: bool,
                     rows: int = 1) -> float:
    """A hand's header: the seat's badge and ``name`` with ``tag`` ("YOUR TURN", …; "" for none) at the right;
    then ``title`` · "turn n"; then ``status`` (whose turn it is; in the accent colour when ``mine``) on at most
    ``rows`` rows (``status_rows`` says how many it needs; ``hand_header_height`` must have room for them).
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
    lines = status_lines(width, status, mine) if rows > 1 else [status]
    if len(lines) > rows:  # more than there is room for: the last row takes the rest (and is cut)
        lines = [*lines[: rows - 1], " ".join(lines[rows - 1:])]
    for i, line in enumerate(lines):
        draw_text(img, (pad, y3 + i * _row(t)), line, t, theme.accent if mine else theme.ink, bold=mine,
                  anchor="lm", max_width=right - pad)
    return y3 + (rows - 1) * _row(t) + _row(t) / 2


def hand_turn(names: Sequence[str], seat: int, to_act: int | None, your_turn: str,
              ended: tuple[str, str] | None = None) -> tuple[str, str]:
    """A hand header's tag and status: the game's own ``ended`` (tag, words) once it is over; else "YOUR TURN"
    and ``your_turn`` (what the game asks of the seat) when ``seat`` is to act; else whom the game waits for."""
    if ended is not None:
        return ended
    if to_act == seat:
        return _("YOUR TURN"), your_turn
    if to_act is None:
        return "", ""
    return "", _("Waiting for {name}", name=player_name(names, to_act))


def draw_turn_header(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme, *, width: int,
                     names: Sequence[str], seat: int, to_act: int | None, title: str, turn: int, your_turn: str,
                     ended: tuple[str, str] | None) -> float:
    """``draw_hand_header`` on one status row, with ``hand_turn``'s tag and status; returns what it returns."""
    tag, status = hand_turn(names, seat, to_act, your_turn, ended)
    return draw_hand_header(img, draw, theme, width=width, seat=seat, name=player_name(names, seat), tag=tag,
                            title=title, turn=turn, status=status, mine=to_act == seat)
