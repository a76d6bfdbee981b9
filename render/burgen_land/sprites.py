"""Burgen Land's colours and sprites: cards, dice, track spaces, the crown (cached by their looks).

Every colour is drawn with its letter (B blue, Y yellow, R red) and every card with
its value and the shape of its kind, so nothing depends on telling hues apart.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.burgen_land import data
from render.icons import icon
from render.palette import GOLD, RGB, WHITE, ColourKey, mix, on_colour
from render.shapes import paste, rimmed, supersampled
from render.text import font

KEY = ColourKey.of({"blue": (38, 92, 196), "yellow": (246, 204, 46), "red": (206, 44, 44)},
                   data.COLOURS, data.COLOUR_LETTERS)
RED_DIE: RGB = (200, 30, 36)
SAFE: RGB = (30, 130, 60)
DANGER: RGB = (190, 40, 40)
#: Card value -> (icon, short name).  Both towers use the tower shape; the value tells them apart.
KIND_OF_VALUE: dict[int, str] = {v: k for k, v in zip(data.KINDS, data.VALUES, strict=True)}
KIND_LABEL: dict[str, str] = dict(zip(data.KINDS, data.KIND_NAMES, strict=True))
rgb = KEY.rgb
letter = KEY.letter


def tint(colour: str, t: float = 0.55) -> RGB:
    """A light version of a colour, for large areas (track spaces, castle bands)."""
    return mix(rgb(colour), WHITE, t)


def _kind_icon(kind: str, size: int, fill: RGB, line: RGB) -> Image.Image:
    if kind == data.GREAT_TOWER:
        return great_tower(size, fill, line)
    name = {data.WALL: "wall", data.LITTLE_TOWER: "tower", data.HOUSE: "house"}.get(kind, "wall")
    return icon(name, size, fill, line)


@lru_cache(maxsize=64)
def great_tower(size: int, fill: RGB, line: RGB) -> Image.Image:
    """A broad tower with a pennant: tells a great tower from a little one by shape, not just value."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        k = size * s
        w = max(1, round(k * 0.05))
        merlons = [0.14, 0.22, 0.30, 0.22, 0.30, 0.38, 0.30, 0.38, 0.46, 0.38, 0.46, 0.54,
                   0.46, 0.54, 0.62, 0.54, 0.62, 0.70, 0.62, 0.70, 0.78, 0.70, 0.78, 0.86]
        pts = [(0.14 * k, 0.96 * k), (0.14 * k, 0.30 * k)]
        for i in range(0, len(merlons), 3):
            x0, x1 = merlons[i], merlons[i + 1]
            top = 0.30 if (i // 3) % 2 == 0 else 0.40
            pts += [(x0 * k, top * k), (x1 * k, top * k)]
        pts += [(0.86 * k, 0.30 * k), (0.86 * k, 0.96 * k)]
        d.polygon(pts, fill=fill, outline=line, width=w)
        d.line([(0.50 * k, 0.30 * k), (0.50 * k, 0.04 * k)], fill=line, width=w)
        d.polygon([(0.50 * k, 0.04 * k), (0.74 * k, 0.11 * k), (0.50 * k, 0.18 * k)], fill=line)
        d.rounded_rectangle((0.42 * k, 0.66 * k, 0.58 * k, 0.96 * k), radius=round(0.08 * k), fill=line)

    return supersampled((size, size), paint)


@lru_cache(maxsize=256)
def card(colour: str, value: int, w: int, h: int, ink: RGB) -> Image.Image:
    """A castle card: colour fill, the colour's letter top-left, the kind's shape, the value large."""
    fill = rgb(colour)
    text = on_colour(fill)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        rimmed(d, w * s, h * s, max(2, w // 22) * s, round(w * 0.16 * s), round(w * 0.12 * s), ink, fill)

    sprite = supersampled((w, h), paint)
    d = ImageDraw.Draw(sprite)
    d.text((w * 0.10, h * 0.05), letter(colour), font=font(round(w * 0.30), True), fill=text, anchor="la")
    glyph = _kind_icon(KIND_OF_VALUE.get(value, data.WALL), round(w * 0.52), mix(fill, text, 0.25), text)
    paste(sprite, glyph, (w - glyph.width - w * 0.06, h * 0.06))
    d.text((w / 2, h * 0.76), str(value), font=font(round(h * 0.36), True), fill=text, anchor="mm")
    return sprite


@lru_cache(maxsize=64)
def hole(w: int, h: int, line: RGB, fill: RGB, word: str = "hole") -> Image.Image:
    """An empty slot where a card was taken: dashed outline, ``word`` ("hole", in the image's language) in it."""
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    d.rounded_rectangle((1, 1, w - 2, h - 2), radius=round(w * 0.14), fill=fill)
    dash = 6
    for x in range(4, w - 4, dash * 2):
        d.line((x, 1, min(x + dash, w - 4), 1), fill=line, width=2)
        d.line((x, h - 2, min(x + dash, w - 4), h - 2), fill=line, width=2)
    for y in range(4, h - 4, dash * 2):
        d.line((1, y, 1, min(y + dash, h - 4)), fill=line, width=2)
        d.line((w - 2, y, w - 2, min(y + dash, h - 4)), fill=line, width=2)
    size = max(10, round(w * 0.26))
    while size > 8 and font(size, True).getlength(word) > w - 4:  # "Lücke", "buraco": shrink to fit
        size -= 1
    d.text((w / 2, h / 2), word, font=font(size, True), fill=line, anchor="mm")
    return sprite


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=128)
def die(value: int, size: int, fill: RGB, ink: RGB) -> Image.Image:
    """A die face with pips (0: a blank die, for dice held or in the supply)."""
    pip = on_colour(fill) if fill != WHITE else ink

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        k = size * s
        rimmed(d, k, k, max(1.5, size / 18) * s, round(k * 0.2), round(k * 0.17), ink, fill)
        r = k * 0.09
        for px, py in _PIPS.get(value, ()):
            d.ellipse((px * k - r, py * k - r, px * k + r, py * k + r), fill=pip)

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def space_tile(kind: str, colour: str, size: int, ink: RGB) -> Image.Image:
    """A track space: its colour (light) with the letter, the shape of what it gives, the card's value."""
    fill = tint(colour, 0.45)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        k = size * s
        rimmed(d, k, k, 2 * s, round(k * 0.18), round(k * 0.15), ink, fill)

    sprite = supersampled((size, size), paint)
    d = ImageDraw.Draw(sprite)
    chip = rgb(colour)
    r = round(size * 0.17)
    d.ellipse((4, 4, 4 + 2 * r, 4 + 2 * r), fill=chip, outline=ink, width=1)
    d.text((4 + r, 4 + r + 0.5), letter(colour), font=font(round(r * 1.25), True), fill=on_colour(chip),
           anchor="mm")
    big = round(size * 0.50)
    if kind == data.CROWN:
        paste(sprite, icon("crown", big, GOLD, ink), (size / 2, size * 0.56), anchor="mm")
    elif kind == data.WALL_CROWN:
        small = round(size * 0.40)
        paste(sprite, icon("wall", small, WHITE, ink), (size * 0.34, size * 0.64), anchor="mm")
        paste(sprite, icon("crown", small, GOLD, ink), (size * 0.70, size * 0.46), anchor="mm")
    else:
        paste(sprite, _kind_icon(kind, big, WHITE, ink), (size / 2, size * 0.56), anchor="mm")
        value = data.VALUES[data.KINDS.index(kind)]
        d.text((size - 6, size - 4), str(value), font=font(round(size * 0.22), True), fill=ink, anchor="rd")
    return sprite


@lru_cache(maxsize=8)
def crown_marker(size: int, ink: RGB) -> Image.Image:
    """The crown that moves round the track: a gold crown on a dark disc, big enough to find at once."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        k = size * s
        d.ellipse((0, 0, k - 1, k - 1), fill=ink)
        d.ellipse((3 * s, 3 * s, k - 1 - 3 * s, k - 1 - 3 * s), fill=(60, 40, 20))

    sprite = supersampled((size, size), paint)
    paste(sprite, icon("crown", round(size * 0.72), GOLD, ink), (size / 2, size / 2), anchor="mm")
    return sprite
