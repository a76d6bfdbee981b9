"""Sprites for Burgenland's pieces, markers and site bonuses (cached by their looks)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.icons import icon, labelled
from render.legend import seat_corner
from render.palette import GOLD, NEUTRAL, RGB, WHITE, on_colour, player_colour
from render.shapes import chip, disc, paste, square_chip
from render.text import font

INDICATOR_RED: RGB = (222, 30, 36)
JOKER_FILL: RGB = (255, 255, 255)
TILE_FILL: RGB = (232, 214, 170)


def _owner_fill(owner: int | None) -> RGB:
    return NEUTRAL if owner is None else player_colour(owner)


def badge_diameter(size: int) -> int:
    """The seat-number disc on a piece of side ``size``."""
    return max(16, round(size * 0.38))


def well_badge_centre(size: int) -> tuple[float, float]:
    """Where a well's seat number sits, from the piece's centre: inside the round piece (lower right), so
    the rings drawn around a well (the indicator, the last move) never cover it."""
    inside = (size / 2 - 2.5 - badge_diameter(size) / 2) / math.sqrt(2)
    return (inside, inside)


@lru_cache(maxsize=256)
def piece(kind: str, owner: int | None, size: int, ink: RGB) -> Image.Image:
    """A built piece: its shape in white/black on the owner's colour, plus the seat number.

    Square for buildings (they stand on square sites), with the number in the lower-right
    corner; round for wells, with the number inside the circle.  Neutral pieces are
    near-white and carry no number.
    """
    fill = _owner_fill(owner)
    base = disc(size, fill, ink, 2) if kind == "well" else square_chip("", size, fill, ink)
    sprite = base.copy()
    if kind == "well" and owner is not None:
        glyph = icon(kind, round(size * 0.56), on_colour(fill), fill)
        paste(sprite, glyph, (size * 0.40, size * 0.40), anchor="mm")
        d = badge_diameter(size)
        bx, by = well_badge_centre(size)
        number = disc(d, WHITE, ink, 1.5).copy()
        ImageDraw.Draw(number).text((d / 2, d / 2 + 0.5), str(owner + 1), font=font(round(d * 0.72), True),
                                    fill=ink, anchor="mm")
        paste(sprite, number, (size / 2 + bx, size / 2 + by), anchor="mm")
        return sprite
    glyph = icon(kind, round(size * 0.70), on_colour(fill), fill)
    offset = round(size * 0.08)
    paste(sprite, glyph, (offset if owner is not None else (size - glyph.width) / 2,
                          offset if owner is not None else (size - glyph.height) / 2))
    if owner is not None:
        seat_corner(sprite, owner, badge_diameter(size), ink)
    return sprite


@lru_cache(maxsize=64)
def marker(letter: str, fill: RGB, size: int, ink: RGB) -> Image.Image:
    """A border marker: a round shield in its colour with the colour's letter."""
    return chip(letter, size, fill, ink)


@lru_cache(maxsize=32)
def bonus_icon(bonus: str, size: int, ink: RGB) -> Image.Image:
    """The small printed icon of a site bonus (joker, 3 coins, exchange tile, bonus tile)."""
    if bonus == "joker":
        return icon("joker", size, JOKER_FILL, ink)
    if bonus == "exchange tile":
        return icon("exchange", size, TILE_FILL, ink)
    if bonus == "3 coins":
        return labelled("coin", size, GOLD, ink, "3", 0.62)
    return labelled("tile", size, TILE_FILL, ink, "?", 0.62)


@lru_cache(maxsize=16)
def indicator(size: int, ink: RGB) -> Image.Image:
    """The red well indicator (a pin)."""
    return icon("pin", size, INDICATOR_RED, ink)


def coin(value: int, size: int, ink: RGB, fill: RGB = GOLD) -> Image.Image:
    """A coin with its value."""
    return labelled("coin", size, fill, ink, str(value), 0.55)
