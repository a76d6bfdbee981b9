"""Sprites for Bürger, Baumeister & Co.: building tokens, space bonuses, cranes, the Mayor.

Drawn in unit coordinates at 4x and scaled down (``render.shapes.supersampled``), cached
by their looks.  A token's *shape* tells its type (house: a gabled house; villa: a wide
house with columns; park: a tree), its fill and letter its colour, the big number its value.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.buerger_baumeister import colours
from render.icons import labelled
from render.icons import unit_points as _pts
from render.legend import seat_corner
from render.palette import GOLD, RGB, WHITE, mix, on_colour, player_colour
from render.shapes import paste, rimmed, square_chip, supersampled
from render.text import font

MAYOR_FILL: RGB = (60, 60, 70)


def _house(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.07))
    d.polygon(_pts(s, 0.18, 0.92, 0.18, 0.48, 0.50, 0.12, 0.82, 0.48, 0.82, 0.92), fill=fill, outline=line, width=w)
    d.rectangle((0.42 * s, 0.62 * s, 0.58 * s, 0.92 * s), fill=line)


def _villa(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A wide, flat-roofed house on columns: clearly not the gabled house."""
    w = max(1, round(s * 0.07))
    d.polygon(_pts(s, 0.04, 0.36, 0.50, 0.10, 0.96, 0.36), fill=fill, outline=line, width=w)
    d.rectangle((0.08 * s, 0.36 * s, 0.92 * s, 0.46 * s), fill=line)
    for x in (0.16, 0.38, 0.56, 0.78):
        d.rectangle((x * s, 0.46 * s, (x + 0.08) * s, 0.84 * s), fill=fill, outline=line, width=w)
    d.rectangle((0.04 * s, 0.84 * s, 0.96 * s, 0.94 * s), fill=line)


def _park(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A round tree on a trunk."""
    w = max(1, round(s * 0.07))
    d.rectangle((0.44 * s, 0.56 * s, 0.56 * s, 0.94 * s), fill=line)
    d.ellipse((0.14 * s, 0.06 * s, 0.86 * s, 0.70 * s), fill=fill, outline=line, width=w)
    d.ellipse((0.34 * s, 0.24 * s, 0.50 * s, 0.40 * s), outline=line, width=w)


_TYPES = {"house": _house, "villa": _villa, "park": _park}


@lru_cache(maxsize=64)
def type_icon(kind: str, size: int, fill: RGB, line: RGB) -> Image.Image:
    """The icon of a building type (house, villa, park)."""
    painter = _TYPES.get(kind, _house)
    return supersampled((size, size), lambda d, k: painter(d, size * k, fill, line))


@lru_cache(maxsize=256)
def token(colour: str, kind: str, value: int, size: int, ink: RGB) -> Image.Image:
    """A building token: colour fill, its letter top-left, the type icon, the value bottom-right."""
    fill = colours.rgb(colour)
    text = on_colour(fill)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        r = size * k
        rimmed(d, r, r, max(1.5, size / 22) * k, round(r * 0.18), round(r * 0.15), ink, fill)

    sprite = supersampled((size, size), paint)
    glyph = type_icon(kind, round(size * 0.52), mix(fill, WHITE, 0.75), text)
    paste(sprite, glyph, (size * 0.45, size * 0.45), anchor="mm")
    draw = ImageDraw.Draw(sprite)
    draw.text((size * 0.20, size * 0.20), colours.letter(colour), font=font(round(size * 0.26), True), fill=text,
              anchor="mm")
    draw.text((size * 0.80, size * 0.78), str(value), font=font(round(size * 0.40), True), fill=text, anchor="mm")
    return sprite


def coin(value: int | str, size: int, ink: RGB, fill: RGB = GOLD) -> Image.Image:
    """A coin with a number (a price, a cost); an empty string draws a plain coin."""
    return labelled("coin", size, fill, ink, str(value), 0.56)


def _crane(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A tower crane: mast, jib, counter-jib and a hook."""
    w = max(1, round(s * 0.06))
    d.polygon(_pts(s, 0.30, 0.96, 0.30, 0.16, 0.44, 0.16, 0.44, 0.96), fill=fill, outline=line, width=w)
    d.polygon(_pts(s, 0.06, 0.16, 0.96, 0.16, 0.96, 0.28, 0.06, 0.28), fill=fill, outline=line, width=w)
    d.line(_pts(s, 0.37, 0.04, 0.10, 0.16), fill=line, width=w)
    d.line(_pts(s, 0.37, 0.04, 0.90, 0.16), fill=line, width=w)
    d.line(_pts(s, 0.84, 0.28, 0.84, 0.56), fill=line, width=w)
    d.rectangle((0.76 * s, 0.56 * s, 0.92 * s, 0.66 * s), fill=line)
    d.rectangle((0.04 * s, 0.28 * s, 0.18 * s, 0.42 * s), fill=line)  # counterweight
    d.rectangle((0.18 * s, 0.90 * s, 0.56 * s, 0.98 * s), fill=line)


@lru_cache(maxsize=64)
def crane(seat: int | None, size: int, ink: RGB, faded: bool = False, background: RGB = WHITE) -> Image.Image:
    """A crane: on a chip in the seat's colour with the seat number, like every player piece.

    ``seat`` None draws a faint outline ("no crane yet"); ``faded`` a used-up crane of the seat.
    """
    if seat is None:
        faint = mix(background, ink, 0.35)
        return supersampled((size, size), lambda d, k: _crane(d, size * k, mix(background, ink, 0.12), faint))
    fill = player_colour(seat)
    if faded:
        fill = mix(fill, background, 0.75)
    sprite = square_chip("", size, fill, mix(ink, background, 0.6) if faded else ink).copy()
    glyph = round(size * 0.72)
    line = on_colour(player_colour(seat))
    paste(sprite, supersampled((glyph, glyph), lambda d, k: _crane(d, glyph * k, line, line if not faded else fill)),
          (size * 0.06, size * 0.08))
    if not faded:
        seat_corner(sprite, seat, max(12, round(size * 0.42)), ink)
    return sprite


def _mayor(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """The Mayor: a figure in a top hat with a chain of office."""
    w = max(1, round(s * 0.05))
    d.rectangle((0.34 * s, 0.02 * s, 0.66 * s, 0.22 * s), fill=line)  # hat
    d.rectangle((0.24 * s, 0.20 * s, 0.76 * s, 0.26 * s), fill=line)  # brim
    d.ellipse((0.34 * s, 0.24 * s, 0.66 * s, 0.50 * s), fill=(240, 210, 180), outline=line, width=w)
    d.pieslice((0.14 * s, 0.50 * s, 0.86 * s, 1.30 * s), 180, 360, fill=fill, outline=line, width=w)
    d.arc((0.32 * s, 0.48 * s, 0.68 * s, 0.80 * s), 20, 160, fill=GOLD, width=max(1, round(s * 0.06)))


@lru_cache(maxsize=16)
def mayor(size: int, ink: RGB) -> Image.Image:
    return supersampled((size, size), lambda d, k: _mayor(d, size * k, MAYOR_FILL, ink))


@lru_cache(maxsize=16)
def bag(size: int, ink: RGB, fill: RGB = (200, 170, 120)) -> Image.Image:
    """The cloth bag (its size is public, never its order)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        w = max(1, round(s * 0.06))
        d.ellipse((0.10 * s, 0.30 * s, 0.90 * s, 0.98 * s), fill=fill, outline=ink, width=w)
        d.polygon(_pts(s, 0.30, 0.36, 0.36, 0.12, 0.64, 0.12, 0.70, 0.36), fill=fill, outline=ink, width=w)
        d.line(_pts(s, 0.28, 0.30, 0.72, 0.30), fill=ink, width=w)

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def hand_back(size: int, ink: RGB, fill: RGB = (170, 150, 120)) -> Image.Image:
    """Three token backs fanned: "tokens in hand" (how many, never which)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        w = max(1, round(s * 0.06))
        for i in range(3):
            x = (0.04 + 0.18 * i) * s
            d.rounded_rectangle((x, (0.22 - 0.08 * i) * s, x + 0.56 * s, (0.78 - 0.08 * i) * s),
                                radius=round(0.08 * s), fill=fill, outline=ink, width=w)

    return supersampled((size, size), paint)
