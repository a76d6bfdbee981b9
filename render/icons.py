"""Small vector icons (wall, tower, house, well, joker, coin, tiles, …) as cached sprites.

Every icon is drawn in unit coordinates (0..1 of its box) at 4x and scaled down,
so one definition serves any size.  An icon's shape, not its colour, tells what it
is: a wall, tower and house stay distinct in any player colour, and in greyscale.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.palette import RGB
from render.shapes import supersampled
from render.text import font

Painter = Callable[[ImageDraw.ImageDraw, float, RGB, RGB], None]
_PAINTERS: dict[str, Painter] = {}


def _icon(name: str) -> Callable[[Painter], Painter]:
    def register(fn: Painter) -> Painter:
        _PAINTERS[name] = fn
        return fn

    return register


def unit_points(s: float, *coords: float) -> list[tuple[float, float]]:
    """Points given in unit coordinates (x0, y0, x1, y1, …) scaled to a box of side ``s``."""
    return [(coords[i] * s, coords[i + 1] * s) for i in range(0, len(coords), 2)]


def _crenellated(x0: float, x1: float, top: float, bottom: float, merlons: int, depth: float) -> list[float]:
    """Outline of a block whose top edge has ``merlons`` teeth (unit coordinates)."""
    step = (x1 - x0) / (2 * merlons - 1)
    coords = [x0, bottom, x0, top]
    x = x0
    for i in range(2 * merlons - 1):
        nx = x + step
        y = top if i % 2 == 0 else top + depth
        coords += [x, y, nx, y]
        x = nx
    coords += [x1, top, x1, bottom]
    return coords


@_icon("wall")
def _wall(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.06))
    d.polygon(unit_points(s, *_crenellated(0.06, 0.94, 0.18, 0.86, 4, 0.16)), fill=fill, outline=line, width=w)
    # Two courses of bricks: what makes it read as a wall, not a box.
    d.line(unit_points(s, 0.06, 0.60, 0.94, 0.60), fill=line, width=w)
    d.line(unit_points(s, 0.50, 0.34, 0.50, 0.60), fill=line, width=w)
    d.line(unit_points(s, 0.28, 0.60, 0.28, 0.86), fill=line, width=w)
    d.line(unit_points(s, 0.72, 0.60, 0.72, 0.86), fill=line, width=w)


@_icon("tower")
def _tower(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.06))
    d.polygon(unit_points(s, *_crenellated(0.24, 0.76, 0.06, 0.94, 3, 0.14)), fill=fill, outline=line, width=w)
    d.rounded_rectangle((0.43 * s, 0.38 * s, 0.57 * s, 0.58 * s), radius=round(0.07 * s), fill=line)


@_icon("house")
def _house(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.06))
    d.polygon(unit_points(s, 0.16, 0.90, 0.16, 0.46, 0.50, 0.10, 0.84, 0.46, 0.84, 0.90),
              fill=fill, outline=line, width=w)
    d.line(unit_points(s, 0.06, 0.54, 0.50, 0.10, 0.94, 0.54), fill=line, width=w, joint="curve")
    d.rectangle((0.42 * s, 0.62 * s, 0.58 * s, 0.90 * s), fill=line)


@_icon("well")
def _well(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.06))
    d.line(unit_points(s, 0.26, 0.30, 0.26, 0.58), fill=line, width=w)
    d.line(unit_points(s, 0.74, 0.30, 0.74, 0.58), fill=line, width=w)
    d.polygon(unit_points(s, 0.10, 0.34, 0.50, 0.08, 0.90, 0.34), fill=fill, outline=line, width=w)
    d.rounded_rectangle((0.16 * s, 0.56 * s, 0.84 * s, 0.92 * s), radius=round(0.08 * s),
                        fill=fill, outline=line, width=w)
    d.line(unit_points(s, 0.16, 0.70, 0.84, 0.70), fill=line, width=w)


def _star(cx: float, cy: float, r_out: float, r_in: float) -> list[float]:
    import math

    coords: list[float] = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / 5
        coords += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return coords


@_icon("joker")
def _joker(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.05))
    d.rounded_rectangle((0.16 * s, 0.04 * s, 0.84 * s, 0.96 * s), radius=round(0.12 * s),
                        fill=fill, outline=line, width=w)
    d.polygon(unit_points(s, *_star(0.5, 0.52, 0.30, 0.13)), fill=line)


@_icon("star")
def _star_icon(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    d.polygon(unit_points(s, *_star(0.5, 0.54, 0.48, 0.21)), fill=fill, outline=line, width=max(1, round(s * 0.04)))


@_icon("coin")
def _coin(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    w = max(1, round(s * 0.07))
    d.ellipse((0.04 * s, 0.04 * s, 0.96 * s, 0.96 * s), fill=fill, outline=line, width=w)
    d.ellipse((0.20 * s, 0.20 * s, 0.80 * s, 0.80 * s), outline=line, width=max(1, w // 2))


@_icon("tile")
def _tile(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A bonus tile: a rounded square; callers print "?" or the tile's letter on it."""
    w = max(1, round(s * 0.06))
    d.rounded_rectangle((0.06 * s, 0.06 * s, 0.94 * s, 0.94 * s), radius=round(0.18 * s),
                        fill=fill, outline=line, width=w)


@_icon("exchange")
def _exchange(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """An exchange tile: a rounded square with two opposed arrows (swap two markers)."""
    _tile(d, s, fill, line)
    w = max(1, round(s * 0.08))
    d.line(unit_points(s, 0.24, 0.38, 0.72, 0.38), fill=line, width=w)
    d.polygon(unit_points(s, 0.80, 0.38, 0.64, 0.26, 0.64, 0.50), fill=line)
    d.line(unit_points(s, 0.28, 0.64, 0.76, 0.64), fill=line, width=w)
    d.polygon(unit_points(s, 0.20, 0.64, 0.36, 0.52, 0.36, 0.76), fill=line)


@_icon("cards")
def _cards(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A hand of cards: two overlapping cards."""
    w = max(1, round(s * 0.06))
    d.rounded_rectangle((0.10 * s, 0.12 * s, 0.60 * s, 0.86 * s), radius=round(0.08 * s),
                        fill=fill, outline=line, width=w)
    d.rounded_rectangle((0.40 * s, 0.06 * s, 0.90 * s, 0.80 * s), radius=round(0.08 * s),
                        fill=fill, outline=line, width=w)


@_icon("crown")
def _crown(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    d.polygon(unit_points(s, 0.08, 0.82, 0.08, 0.28, 0.30, 0.52, 0.50, 0.16, 0.70, 0.52, 0.92, 0.28, 0.92, 0.82),
              fill=fill, outline=line, width=max(1, round(s * 0.05)))


@_icon("pin")
def _pin(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A map pin: the red well indicator."""
    w = max(1, round(s * 0.06))
    d.polygon(unit_points(s, 0.22, 0.46, 0.50, 0.96, 0.78, 0.46), fill=fill, outline=line, width=w)
    d.ellipse((0.18 * s, 0.04 * s, 0.82 * s, 0.68 * s), fill=fill, outline=line, width=w)
    d.polygon(unit_points(s, 0.25, 0.50, 0.50, 0.92, 0.75, 0.50), fill=fill)
    d.ellipse((0.37 * s, 0.23 * s, 0.63 * s, 0.49 * s), fill=(255, 255, 255))


@_icon("arrow")
def _arrow(d: ImageDraw.ImageDraw, s: float, fill: RGB, line: RGB) -> None:
    """A right-pointing arrow: "this player acts now"."""
    d.polygon(unit_points(s, 0.06, 0.34, 0.52, 0.34, 0.52, 0.10, 0.96, 0.50, 0.52, 0.90, 0.52, 0.66, 0.06, 0.66),
              fill=fill, outline=line, width=max(1, round(s * 0.04)))


KINDS: tuple[str, ...] = tuple(_PAINTERS)


@lru_cache(maxsize=1024)
def icon(kind: str, size: int, fill: RGB, line: RGB = (0, 0, 0)) -> Image.Image:
    """The ``kind`` icon as a ``size``×``size`` RGBA sprite (cached; do not modify)."""
    painter = _PAINTERS[kind]
    return supersampled((size, size), lambda d, k: painter(d, size * k, fill, line))


@lru_cache(maxsize=256)
def labelled(kind: str, size: int, fill: RGB, line: RGB, text: str, text_frac: float = 0.55) -> Image.Image:
    """The ``kind`` icon with ``text`` in its middle, bold, in the line colour (a coin's value, a
    tile's "?"); ``text_frac`` sizes the letters against the icon (cached; do not modify)."""
    sprite = icon(kind, size, fill, line)
    if not text:
        return sprite
    sprite = sprite.copy()
    ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), text, font=font(round(size * text_frac), True),
                                fill=line, anchor="mm")
    return sprite
