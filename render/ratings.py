"""Ratings as pictures: a server's leaderboard (``draw_leaderboard``) and a player's profile with a small chart of
their rating over their games (``draw_profile``).

The views are JSON-safe dicts the bot makes, every text already in the reader's language (the bot's catalog has
them); nothing here reads a game's rules.  Leaderboard: ``{"title", "heads": [place, name, rating, games, wins],
"rows": [[place, name, rating, games, wins, mine], …]}`` (``mine``: the reader's row, drawn highlighted; a row
after a gap is the reader's own place below the top).  Profile: ``{"title", "lines": [...], "series": [[label,
[rating, …]], …]}``, one series per game (its ratings after each rated game, oldest first).

A chart's line is in a seat colour; its label is that colour darkened until it reads on the chart's panel (WCAG
contrast at least :data:`LABEL_CONTRAST`: the pale orchid of the first seat, the line most profiles have, reads
at about 1.9:1 as it is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import new_canvas
from render.encode import to_png
from render.palette import BLACK, DEFAULT_THEME, GOLD, RGB, luminance, mix, player_colour
from render.text import font, put, truncate

W = 800
MARGIN = 28
ROW_H = 44
TITLE = 30
TEXT = 24
#: The columns of a leaderboard row: their left edge (the name) or right edge (the numbers).
_COLUMNS = (("place", 70, "ra"), ("name", 90, "la"), ("rating", 560, "ra"), ("games", 660, "ra"),
            ("wins", W - MARGIN - 10, "ra"))


def draw_leaderboard(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of a leaderboard: the title, a row of column heads, then a row per player."""
    rows: Sequence[Sequence[Any]] = view["rows"]
    theme = DEFAULT_THEME
    height = MARGIN * 2 + TITLE + 20 + ROW_H * (len(rows) + 1)
    img = new_canvas(W, height, theme)
    draw = ImageDraw.Draw(img)
    title = truncate(str(view["title"]), font(TITLE, True), W - 2 * MARGIN)
    put(img, (MARGIN, MARGIN), title, TITLE, theme.ink, bold=True)
    y = MARGIN + TITLE + 20
    _row(img, y, [str(h) for h in view["heads"]], theme.muted, bold=True)
    y += ROW_H
    for i, row in enumerate(rows):
        *cells, mine = row
        if mine:
            draw.rounded_rectangle((MARGIN - 6, y - 4, W - MARGIN + 6, y + ROW_H - 8), radius=8, fill=theme.panel_alt,
                                   outline=GOLD, width=2)
        elif i % 2:
            draw.rectangle((MARGIN - 6, y - 4, W - MARGIN + 6, y + ROW_H - 8), fill=theme.panel)
        _row(img, y, [str(c) for c in cells], theme.ink, bold=bool(mine))
        y += ROW_H
    return to_png(img)


def _row(img: Image.Image, y: int, cells: Sequence[str], colour: tuple[int, int, int], bold: bool) -> None:
    for (column, x, anchor), text in zip(_COLUMNS, cells, strict=True):
        if column == "name":
            text = truncate(text, font(TEXT, bold), _COLUMNS[2][1] - 120 - x)
        put(img, (x, y + TEXT), text, TEXT, colour, bold=bold, anchor=anchor[0] + "s")


CHART_H = 260
#: The least contrast of a chart label against the chart (WCAG AA for normal text).
LABEL_CONTRAST = 4.5


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def label_colour(colour: RGB, background: RGB) -> RGB:
    """``colour`` darkened in small steps (keeping its hue) until it reads on ``background``."""
    for step in range(41):
        darker = mix(colour, BLACK, step / 40)
        if contrast(darker, background) >= LABEL_CONTRAST:
            return darker
    return BLACK


def draw_profile(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of a profile: the title, its lines, and the chart of each game's rating over the games rated."""
    lines: Sequence[str] = view["lines"]
    series: Sequence[Sequence[Any]] = view["series"]
    theme = DEFAULT_THEME
    height = MARGIN * 2 + TITLE + 16 + (TEXT + 12) * len(lines) + (CHART_H + 40 if series else 0)
    img = new_canvas(W, height, theme)
    put(img, (MARGIN, MARGIN), truncate(str(view["title"]), font(TITLE, True), W - 2 * MARGIN), TITLE, theme.ink,
        bold=True)
    y = MARGIN + TITLE + 16
    for line in lines:
        put(img, (MARGIN, y), truncate(str(line), font(TEXT), W - 2 * MARGIN), TEXT, theme.ink)
        y += TEXT + 12
    if series:
        _chart(img, (MARGIN, y + 20, W - MARGIN, y + 20 + CHART_H), series)
    return to_png(img)


def _chart(img: Image.Image, box: tuple[int, int, int, int], series: Sequence[Sequence[Any]]) -> None:
    """Each series a line in a seat colour (the first game's the first seat's), labelled at its end; x: the
    player's rated games of that game, y: the rating (the axis labelled at its lowest and highest value)."""
    theme = DEFAULT_THEME
    draw = ImageDraw.Draw(img)
    left, top, right, bottom = box
    draw.rectangle(box, fill=theme.panel, outline=theme.line)
    values = [int(v) for _label, points in series for v in points]
    low, high = min(values), max(values)
    if high == low:
        low, high = low - 50, high + 50
    longest = max(len(points) for _label, points in series)
    inner_left, inner_right = left + 70, right - 150
    put(img, (left + 8, top + 6), str(high), 18, theme.muted)
    put(img, (left + 8, bottom - 24), str(low), 18, theme.muted)

    def at(i: int, value: int) -> tuple[float, float]:
        x = inner_left + (inner_right - inner_left) * (i / max(1, longest - 1))
        return x, bottom - 16 - (bottom - top - 32) * (value - low) / (high - low)

    for index, (label, points) in enumerate(series):
        colour = player_colour(index)
        xy = [at(i, int(v)) for i, v in enumerate(points)]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=4)
        for x, y in xy:
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour)
        x, y = xy[-1]
        put(img, (x + 10, y), truncate(str(label), font(18, True), right - x - 16), 18,
            label_colour(colour, theme.panel), bold=True, anchor="lm")
