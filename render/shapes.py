"""Boxes, chips and badges: the small building blocks of every image.

Pillow draws polygons and ellipses without anti-aliasing, which looks jagged on
round chips.  Round things are therefore drawn as *sprites*: four times larger,
scaled down with a Lanczos filter, and cached by their parameters (a board uses
the same few dozen sprites over and over, so this costs almost nothing per image).
Sprites are RGBA and pasted with their own alpha as mask; callers never modify them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.palette import RGB, Theme, on_colour
from render.text import font

SUPERSAMPLE = 4


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """An RGBA sprite of ``size`` painted by ``paint(draw, scale)`` at 4x, then scaled down."""
    w, h = size
    big = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float], anchor: str = "lt") -> None:
    """Paste ``sprite`` with its alpha; ``anchor`` "lt" (top-left) or "mm" (centre)."""
    x, y = xy
    if anchor == "mm":
        x -= sprite.width / 2
        y -= sprite.height / 2
    canvas.paste(sprite, (round(x), round(y)), sprite)


def rimmed(d: ImageDraw.ImageDraw, w: float, h: float, rim: float, radius: int, inner_radius: int, ring: RGB,
           fill: RGB) -> None:
    """Paint a ``w``×``h`` rounded rectangle at the top-left of ``d``: ``ring`` with a ``rim``-wide border
    and ``fill`` inside (all in ``d``'s pixels): the body of chips, cards, tokens, dice and tiles."""
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=ring)
    d.rounded_rectangle((rim, rim, w - 1 - rim, h - 1 - rim), radius=inner_radius, fill=fill)


def highlight_ring(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, theme: Theme, *,
                   outer: tuple[int, int] = (9, 6), inner: tuple[int, int] = (4, 2), radius: int = 10,
                   round_: bool = False) -> None:
    """The last-move ring around a ``size`` square (or circle) at ``centre``: a thick line in the
    highlight colour ``outer`` = (padding, width) outside it, a dark ``inner`` one just inside that.
    Always paired with a text line saying what the last move was."""
    x, y = centre
    for (pad, width), colour in ((outer, theme.highlight), (inner, theme.ink)):
        h = size / 2 + pad
        rect = (x - h, y - h, x + h, y + h)
        if round_:
            draw.ellipse(rect, outline=colour, width=width)
        else:
            draw.rounded_rectangle(rect, radius=radius, outline=colour, width=width)


def since_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float | tuple[float, float],
               theme: Theme, *, pad: int = 13, arm: float = 0.3) -> None:
    """What another player placed since the viewer's last turn: the four corners of a ``size`` square (or a
    (width, height) box) at ``centre`` bracketed in the highlight colour, a dark line inside each — the last
    move's colour, so "new" reads the same, in another shape than the last move's full ring, which it may
    share a space with.  Always paired with the post's words ("since your last turn")."""
    x, y = centre
    w, h = (size, size) if isinstance(size, (int, float)) else size
    for grow, width, colour in ((pad, 5, theme.highlight), (pad - 4, 2, theme.ink)):
        hw, hh = w / 2 + grow, h / 2 + grow
        a = max(6.0, min(w, h) * arm)
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = x + sx * hw, y + sy * hh
                draw.line([(cx, cy - sy * a), (cx, cy), (cx - sx * a, cy)], fill=colour, width=width, joint="curve")


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 2,
    radius: int = 10,
) -> None:
    """A rounded rectangle (x0, y0, x1, y1); big boxes need no anti-aliasing."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=512)
def disc(diameter: int, fill: RGB, ring: RGB | None = None, ring_width: float = 2.0) -> Image.Image:
    """A smooth filled circle sprite, with an optional ring."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        r = diameter * s
        if ring is not None:
            d.ellipse((0, 0, r - 1, r - 1), fill=ring)
            inset = ring_width * s
            d.ellipse((inset, inset, r - 1 - inset, r - 1 - inset), fill=fill)
        else:
            d.ellipse((0, 0, r - 1, r - 1), fill=fill)

    return supersampled((diameter, diameter), paint)


@lru_cache(maxsize=512)
def chip(letter: str, diameter: int, fill: RGB, ring: RGB, bold: bool = True) -> Image.Image:
    """A round chip with a letter: how a colour is always shown (colour + its letter).

    The letter is drawn at the final size (hinted glyphs read better than scaled ones),
    in black or white, whichever contrasts with the fill.
    """
    sprite = disc(diameter, fill, ring, ring_width=max(1.5, diameter / 14)).copy()
    d = ImageDraw.Draw(sprite)
    d.text((diameter / 2, diameter / 2), letter, font=font(round(diameter * 0.55), bold),
           fill=on_colour(fill), anchor="mm")
    return sprite


@lru_cache(maxsize=512)
def square_chip(letter: str, size: int, fill: RGB, ring: RGB, radius_frac: float = 0.22) -> Image.Image:
    """A rounded-square chip with a letter (card faces, seat badges)."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        r = size * s
        rad = round(r * radius_frac)
        bw = max(1.5, size / 16) * s
        rimmed(d, r, r, bw, rad, max(0, rad - round(bw)), ring, fill)

    sprite = supersampled((size, size), paint)
    if letter:
        ImageDraw.Draw(sprite).text((size / 2, size / 2), letter, font=font(round(size * 0.55), True),
                                    fill=on_colour(fill), anchor="mm")
    return sprite


@lru_cache(maxsize=256)
def card(size: tuple[int, int], fill: RGB, ring: RGB, letter: str, value: str) -> Image.Image:
    """A playing card: colour fill, its letter at the top, a value (coins) below.

    Both the letter and the value are drawn, so the card reads without its colour.
    """
    w, h = size

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        rimmed(d, w * s, h * s, max(2, w // 24) * s, round(w * 0.14 * s), round(w * 0.11 * s), ring, fill)

    sprite = supersampled(size, paint)
    d = ImageDraw.Draw(sprite)
    ink = on_colour(fill)
    # The value is what a hand is read for; the letter repeats the colour, smaller.
    d.text((w / 2, h * 0.26), letter, font=font(round(w * 0.34), True), fill=ink, anchor="mm")
    if value:
        d.text((w / 2, h * 0.64), value, font=font(round(w * 0.52), True), fill=ink, anchor="mm")
    return sprite


def badge(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "lm",
    pad: int = 6,
    bold: bool = True,
) -> float:
    """A pill with text (e.g. "TO ACT", "LAST MOVE"); returns its width."""
    fnt = font(size, bold)
    w = fnt.getlength(text) + 2 * pad
    h = size + pad
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    top = y - h / 2 if anchor[1] == "m" else y
    draw.rounded_rectangle((x, top, x + w, top + h), radius=round(h / 2), fill=fill)
    draw.text((x + w / 2, top + h / 2), text, font=fnt, fill=on_colour(fill), anchor="mm")
    return w
