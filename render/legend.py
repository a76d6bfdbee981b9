"""Player marks shared by every game: the seat badge and the player-colour legend.

A player is always shown as their colour *and* their seat number (1-4, as players
count): the same badge sits on their pieces, in their panel and in the legend.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.layout import Box
from render.palette import NEUTRAL, RGB, Theme, player_colour
from render.shapes import paste, square_chip
from render.text import draw_text


def seat_label(seat: int | None) -> str:
    """What players read for a seat: "1".."4"; "–" for neutral pieces."""
    return "–" if seat is None else str(seat + 1)


def seat_badge(seat: int | None, size: int, ring: RGB = (255, 255, 255)) -> Image.Image:
    """A rounded square in the seat's colour with its number (neutral: grey with "–")."""
    fill = NEUTRAL if seat is None else player_colour(seat)
    return square_chip(seat_label(seat), size, fill, ring)


def draw_legend(
    canvas: Image.Image,
    box: Box,
    names: Sequence[str],
    theme: Theme,
    *,
    size: int = 26,
    with_neutral: bool = False,
) -> None:
    """One row: a badge and a (truncated) name per seat, sharing ``box`` equally."""
    entries: list[tuple[int | None, str]] = [(i, n) for i, n in enumerate(names)]
    if with_neutral:
        entries.append((None, "neutral"))
    for (seat, name), cell in zip(entries, box.columns(len(entries), gap=12), strict=True):
        cy = cell.y + cell.h / 2
        paste(canvas, seat_badge(seat, size, theme.ink), (cell.x, cy - size / 2))
        draw_text(canvas, (cell.x + size + 8, cy), name, round(size * 0.72), theme.ink,
                  anchor="lm", max_width=cell.w - size - 10)
