"""The Castles of Burgundy's pieces as cached sprites: hex spaces and tiles, goods, dice, workers.

Every colour is paired with a symbol: an estate space shows its colour *and* its
letter (the reader's: B A K C M S in English, G T W B M S in German …) and die number,
and carries its number on a dark plate (``space_key``: the key choices name); a tile shows
its kind's colour, letter and an icon of what it is (building type, animal kind and count,
ship, mine, castle, the knowledge number); goods show their number, dice their pips.
Sprites write their texts through ``render.text.put``, so ``recording_texts`` hears them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _
from engines.i18n import N_, current
from render.icons import unit_points as _p
from render.palette import RGB, WHITE, mix, on_colour
from render.shapes import rimmed, supersampled
from render.text import fit_font, font, put

INK: RGB = (34, 28, 22)

#: Kind -> tile colour (the board's colours); the letter always goes with it.
KIND_RGB: dict[str, RGB] = {
    D.BUILDING: (214, 178, 120),
    D.ANIMAL: (146, 196, 84),
    D.KNOWLEDGE: (238, 204, 52),
    D.CASTLE: (40, 104, 58),
    D.MINE: (120, 120, 124),
    D.SHIP: (58, 118, 196),
}
BLACK_BACK: RGB = (44, 40, 40)
#: Goods types 1-6: a colour each, always with the number.
GOODS_RGB: dict[int, RGB] = {
    1: (196, 56, 52), 2: (236, 146, 36), 3: (132, 76, 168),
    4: (210, 206, 196), 5: (122, 82, 44), 6: (96, 170, 226),
}
SILVER: RGB = (196, 200, 208)
GOLD: RGB = (214, 160, 20)
COMPLETE: RGB = (214, 150, 0)  # the outline of a completed region (with a ✓)
KEY_PLATE: RGB = (52, 46, 40)  # behind a space's number: dark on every space colour, unlike any tile

#: Short building names that fit on a tile (translated where drawn).
BUILDING_SHORT: dict[str, str] = {
    D.WAREHOUSE: N_("Warehouse"), D.CARPENTER: N_("Carpenter"), D.CHURCH: N_("Church"), D.MARKET: N_("Market"),
    D.BOARDING: N_("Boarding"), D.BANK: N_("Bank"), D.CITY_HALL: N_("City hall"), D.WATCHTOWER: N_("Watchtower"),
}
ANIMAL_RGB: dict[str, RGB] = {
    "cow": (250, 250, 246), "sheep": (240, 236, 222), "pig": (244, 166, 178), "chicken": (250, 226, 120),
}
SQRT3 = math.sqrt(3)


def hex_corners(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon of circumradius ``r``."""
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def tile_kind(token: str) -> str:
    return D.TOKEN_KIND[token]


def tile_label(token: str) -> str:
    """What is printed under a tile's icon: building name, "×3", "12", or the kind (current language)."""
    kind = tile_kind(token)
    if kind == D.BUILDING:
        return _(BUILDING_SHORT[token])
    if kind == D.ANIMAL:
        return f"{L.animal_name(token[:-1])} ×{token[-1]}"
    if kind == D.KNOWLEDGE:
        return token[1:]
    return L.kind_name(kind).capitalize()


# --------------------------------------------------------------------------------
# Icons, in unit coordinates (0..1 of a square of side s)

Painter = Callable[[ImageDraw.ImageDraw, float], None]
_ICONS: dict[str, Painter] = {}


def _icon(*names: str) -> Callable[[Painter], Painter]:
    def register(fn: Painter) -> Painter:
        for name in names:
            _ICONS[name] = fn
        return fn

    return register



def _w(s: float, f: float = 0.05) -> int:
    return max(1, round(s * f))


def _box(s: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    return (x0 * s, y0 * s, x1 * s, y1 * s)


@_icon("castle")
def _castle(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    stone = (236, 232, 220)
    for x0 in (0.08, 0.66):  # two towers with merlons
        d.polygon(_p(s, x0, 0.92, x0, 0.22, x0 + 0.06, 0.22, x0 + 0.06, 0.30, x0 + 0.14, 0.30, x0 + 0.14, 0.22,
                     x0 + 0.26, 0.22, x0 + 0.26, 0.92), fill=stone, outline=INK, width=w)
    d.polygon(_p(s, 0.34, 0.92, 0.34, 0.42, 0.42, 0.42, 0.42, 0.50, 0.58, 0.50, 0.58, 0.42, 0.66, 0.42,
                 0.66, 0.92), fill=stone, outline=INK, width=w)
    d.chord(_box(s, 0.42, 0.62, 0.58, 0.86), 180, 360, fill=INK)
    d.rectangle(_box(s, 0.42, 0.74, 0.58, 0.92), fill=INK)
    d.polygon(_p(s, 0.20, 0.22, 0.20, 0.04, 0.32, 0.09, 0.20, 0.14), fill=(200, 40, 40))


@_icon("mine")
def _mine(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s, 0.07)
    d.pieslice(_box(s, 0.10, 0.14, 0.90, 0.94), 180, 360, fill=(70, 58, 48))
    d.rectangle(_box(s, 0.10, 0.53, 0.90, 0.92), fill=(70, 58, 48))
    d.chord(_box(s, 0.26, 0.32, 0.74, 0.80), 180, 360, fill=INK)
    d.rectangle(_box(s, 0.26, 0.55, 0.74, 0.92), fill=INK)
    # timber frame
    d.line(_p(s, 0.26, 0.92, 0.26, 0.50, 0.74, 0.50, 0.74, 0.92), fill=(196, 150, 90), width=w)
    # a cart of silver
    d.rectangle(_box(s, 0.36, 0.66, 0.64, 0.82), fill=SILVER, outline=INK, width=_w(s, 0.03))
    d.ellipse(_box(s, 0.38, 0.80, 0.46, 0.88), fill=SILVER)
    d.ellipse(_box(s, 0.54, 0.80, 0.62, 0.88), fill=SILVER)


@_icon("ship")
def _ship(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    d.polygon(_p(s, 0.06, 0.62, 0.94, 0.62, 0.78, 0.86, 0.20, 0.86), fill=(120, 74, 36), outline=INK, width=w)
    d.line(_p(s, 0.50, 0.62, 0.50, 0.06), fill=INK, width=w)
    d.polygon(_p(s, 0.53, 0.10, 0.53, 0.56, 0.86, 0.56), fill=WHITE, outline=INK, width=w)
    d.polygon(_p(s, 0.47, 0.18, 0.47, 0.56, 0.20, 0.56), fill=WHITE, outline=INK, width=w)


@_icon("knowledge")
def _knowledge(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    page = (252, 248, 232)
    d.polygon(_p(s, 0.50, 0.24, 0.10, 0.14, 0.10, 0.80, 0.50, 0.90), fill=page, outline=INK, width=w)
    d.polygon(_p(s, 0.50, 0.24, 0.90, 0.14, 0.90, 0.80, 0.50, 0.90), fill=page, outline=INK, width=w)
    for y in (0.36, 0.50, 0.64):
        d.line(_p(s, 0.18, y - 0.02, 0.42, y + 0.04), fill=INK, width=_w(s, 0.03))
        d.line(_p(s, 0.58, y + 0.04, 0.82, y - 0.02), fill=INK, width=_w(s, 0.03))


def _house(d: ImageDraw.ImageDraw, s: float, fill: RGB, roof: RGB, x0: float = 0.14, x1: float = 0.86,
           eave: float = 0.44, top: float = 0.12) -> None:
    w = _w(s)
    d.rectangle(_box(s, x0, eave, x1, 0.92), fill=fill, outline=INK, width=w)
    d.polygon(_p(s, x0 - 0.08, eave, (x0 + x1) / 2, top, x1 + 0.08, eave), fill=roof, outline=INK, width=w)


@_icon(D.WAREHOUSE)
def _warehouse(d: ImageDraw.ImageDraw, s: float) -> None:
    _house(d, s, (200, 160, 110), (150, 70, 50), 0.08, 0.92, 0.40, 0.14)
    w = _w(s, 0.04)
    d.rectangle(_box(s, 0.32, 0.54, 0.68, 0.92), fill=(150, 100, 60), outline=INK, width=w)
    d.line(_p(s, 0.32, 0.54, 0.68, 0.92), fill=INK, width=w)
    d.line(_p(s, 0.68, 0.54, 0.32, 0.92), fill=INK, width=w)


@_icon(D.CARPENTER)
def _carpenter(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    # a saw: blade with teeth and a handle
    d.polygon(_p(s, 0.10, 0.30, 0.74, 0.30, 0.74, 0.58, 0.10, 0.46), fill=(200, 204, 210), outline=INK, width=w)
    teeth = []
    for i in range(8):
        x = 0.10 + i * 0.08
        teeth += [x, 0.46 + i * 0.015, x + 0.04, 0.54 + i * 0.015]
    d.line(_p(s, *teeth), fill=INK, width=_w(s, 0.03))
    d.rounded_rectangle(_box(s, 0.72, 0.24, 0.94, 0.64), radius=round(0.06 * s), fill=(150, 90, 40),
                        outline=INK, width=w)
    # a plank below
    d.rectangle(_box(s, 0.08, 0.74, 0.92, 0.88), fill=(196, 150, 90), outline=INK, width=w)


@_icon(D.CHURCH)
def _church(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    d.rectangle(_box(s, 0.10, 0.56, 0.62, 0.92), fill=(236, 228, 210), outline=INK, width=w)
    d.polygon(_p(s, 0.06, 0.56, 0.36, 0.36, 0.66, 0.56), fill=(120, 60, 50), outline=INK, width=w)
    d.rectangle(_box(s, 0.62, 0.30, 0.86, 0.92), fill=(236, 228, 210), outline=INK, width=w)
    d.polygon(_p(s, 0.58, 0.30, 0.74, 0.14, 0.90, 0.30), fill=(120, 60, 50), outline=INK, width=w)
    d.line(_p(s, 0.74, 0.14, 0.74, 0.00), fill=INK, width=w)
    d.line(_p(s, 0.68, 0.05, 0.80, 0.05), fill=INK, width=w)
    d.chord(_box(s, 0.30, 0.70, 0.42, 0.84), 180, 360, fill=INK)
    d.rectangle(_box(s, 0.30, 0.77, 0.42, 0.92), fill=INK)


@_icon(D.MARKET)
def _market(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    d.rectangle(_box(s, 0.14, 0.40, 0.86, 0.92), fill=(236, 228, 210), outline=INK, width=w)
    stripes = 5
    for i in range(stripes):  # a striped awning
        x0 = 0.08 + i * 0.84 / stripes
        d.polygon(_p(s, x0, 0.44, x0 + 0.84 / stripes, 0.44, x0 + 0.84 / stripes - 0.04, 0.22, x0 + 0.04, 0.22),
                  fill=(200, 50, 50) if i % 2 == 0 else WHITE, outline=INK, width=_w(s, 0.03))
    d.rectangle(_box(s, 0.20, 0.62, 0.80, 0.72), fill=(150, 100, 60), outline=INK, width=_w(s, 0.03))
    for x, c in ((0.30, (230, 150, 30)), (0.50, (120, 180, 60)), (0.70, (200, 50, 50))):
        d.ellipse(_box(s, x - 0.07, 0.48, x + 0.07, 0.62), fill=c, outline=INK, width=_w(s, 0.02))


@_icon(D.BOARDING)
def _boarding(d: ImageDraw.ImageDraw, s: float) -> None:
    _house(d, s, (236, 220, 190), (60, 90, 150), 0.14, 0.86, 0.42, 0.10)
    w = _w(s, 0.04)
    for x in (0.24, 0.56):  # four windows
        for y in (0.50, 0.70):
            d.rectangle(_box(s, x, y, x + 0.18, y + 0.14), fill=(250, 220, 110), outline=INK, width=w)


@_icon(D.BANK)
def _bank(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    stone = (232, 226, 214)
    d.polygon(_p(s, 0.06, 0.34, 0.50, 0.08, 0.94, 0.34), fill=stone, outline=INK, width=w)
    d.rectangle(_box(s, 0.10, 0.34, 0.90, 0.42), fill=stone, outline=INK, width=w)
    for x in (0.18, 0.38, 0.58, 0.78):  # columns
        d.rectangle(_box(s, x - 0.04, 0.42, x + 0.04, 0.80), fill=stone, outline=INK, width=_w(s, 0.03))
    d.rectangle(_box(s, 0.06, 0.80, 0.94, 0.92), fill=stone, outline=INK, width=w)
    d.ellipse(_box(s, 0.42, 0.16, 0.58, 0.32), fill=GOLD, outline=INK, width=_w(s, 0.02))


@_icon(D.CITY_HALL)
def _city_hall(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    stone = (230, 214, 186)
    d.rectangle(_box(s, 0.06, 0.50, 0.94, 0.92), fill=stone, outline=INK, width=w)
    d.rectangle(_box(s, 0.36, 0.20, 0.64, 0.92), fill=stone, outline=INK, width=w)
    d.polygon(_p(s, 0.32, 0.20, 0.50, 0.02, 0.68, 0.20), fill=(60, 90, 150), outline=INK, width=w)
    d.ellipse(_box(s, 0.42, 0.28, 0.58, 0.44), fill=WHITE, outline=INK, width=_w(s, 0.03))
    for x in (0.14, 0.74):
        d.rectangle(_box(s, x, 0.60, x + 0.12, 0.76), fill=INK)
    d.rectangle(_box(s, 0.44, 0.66, 0.56, 0.92), fill=INK)


@_icon(D.WATCHTOWER)
def _watchtower(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    stone = (214, 206, 190)
    d.polygon(_p(s, 0.30, 0.94, 0.36, 0.30, 0.64, 0.30, 0.70, 0.94), fill=stone, outline=INK, width=w)
    d.polygon(_p(s, 0.24, 0.30, 0.24, 0.10, 0.34, 0.10, 0.34, 0.18, 0.45, 0.18, 0.45, 0.10, 0.55, 0.10,
                 0.55, 0.18, 0.66, 0.18, 0.66, 0.10, 0.76, 0.10, 0.76, 0.30), fill=stone, outline=INK, width=w)
    d.rectangle(_box(s, 0.45, 0.44, 0.55, 0.58), fill=INK)


def _animal(d: ImageDraw.ImageDraw, s: float, kind: str) -> None:
    w = _w(s, 0.04)
    body = ANIMAL_RGB[kind]
    if kind == "chicken":
        d.ellipse(_box(s, 0.18, 0.36, 0.78, 0.84), fill=body, outline=INK, width=w)
        d.ellipse(_box(s, 0.56, 0.16, 0.84, 0.44), fill=body, outline=INK, width=w)
        d.polygon(_p(s, 0.62, 0.16, 0.66, 0.06, 0.72, 0.14, 0.76, 0.06, 0.78, 0.18), fill=(210, 40, 40))
        d.polygon(_p(s, 0.84, 0.28, 0.96, 0.32, 0.84, 0.36), fill=(236, 150, 30))
        d.ellipse(_box(s, 0.70, 0.24, 0.75, 0.29), fill=INK)
        d.line(_p(s, 0.40, 0.84, 0.40, 0.96), fill=(236, 150, 30), width=w)
        d.line(_p(s, 0.56, 0.84, 0.56, 0.96), fill=(236, 150, 30), width=w)
        d.polygon(_p(s, 0.20, 0.50, 0.04, 0.34, 0.10, 0.60), fill=body, outline=INK, width=w)
        return
    for x in (0.26, 0.40, 0.60, 0.74):  # legs
        d.line(_p(s, x, 0.64, x, 0.90), fill=INK, width=_w(s, 0.06))
    if kind == "sheep":
        for cx, cy in ((0.30, 0.46), (0.44, 0.38), (0.58, 0.40), (0.70, 0.48), (0.36, 0.60), (0.52, 0.62),
                       (0.66, 0.60)):
            d.ellipse(_box(s, cx - 0.12, cy - 0.12, cx + 0.12, cy + 0.12), fill=body, outline=INK, width=w)
        for cx, cy in ((0.30, 0.46), (0.44, 0.38), (0.58, 0.40), (0.52, 0.52)):
            d.ellipse(_box(s, cx - 0.10, cy - 0.10, cx + 0.10, cy + 0.10), fill=body)
        d.ellipse(_box(s, 0.74, 0.30, 0.96, 0.52), fill=(60, 56, 52), outline=INK, width=w)
        return
    d.ellipse(_box(s, 0.14, 0.32, 0.80, 0.72), fill=body, outline=INK, width=w)
    if kind == "cow":
        d.ellipse(_box(s, 0.30, 0.38, 0.46, 0.54), fill=INK)
        d.ellipse(_box(s, 0.54, 0.50, 0.68, 0.64), fill=INK)
        d.rounded_rectangle(_box(s, 0.72, 0.22, 0.96, 0.52), radius=round(0.08 * s), fill=body, outline=INK,
                            width=w)
        d.line(_p(s, 0.74, 0.24, 0.70, 0.12), fill=INK, width=w)
        d.line(_p(s, 0.94, 0.24, 0.98, 0.12), fill=INK, width=w)
        d.ellipse(_box(s, 0.78, 0.42, 0.92, 0.52), fill=(240, 170, 170))
    else:  # pig
        d.ellipse(_box(s, 0.66, 0.28, 0.94, 0.58), fill=body, outline=INK, width=w)
        d.ellipse(_box(s, 0.82, 0.38, 0.98, 0.52), fill=(226, 120, 140), outline=INK, width=w)
        d.polygon(_p(s, 0.70, 0.32, 0.72, 0.18, 0.80, 0.30), fill=body, outline=INK, width=w)
        d.arc(_box(s, 0.04, 0.36, 0.18, 0.50), 90, 360, fill=INK, width=w)


for _kind in D.ANIMAL_KINDS:
    _ICONS[_kind] = (lambda k: lambda d, s: _animal(d, s, k))(_kind)


@_icon("worker")
def _worker(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s)
    d.ellipse(_box(s, 0.32, 0.04, 0.68, 0.40), fill=(236, 236, 232), outline=INK, width=w)
    d.polygon(_p(s, 0.16, 0.96, 0.26, 0.46, 0.74, 0.46, 0.84, 0.96), fill=(236, 236, 232), outline=INK, width=w)


@_icon("silver")
def _silver(d: ImageDraw.ImageDraw, s: float) -> None:
    w = _w(s, 0.06)
    d.ellipse(_box(s, 0.04, 0.04, 0.96, 0.96), fill=SILVER, outline=INK, width=w)
    d.ellipse(_box(s, 0.22, 0.22, 0.78, 0.78), outline=(120, 124, 132), width=max(1, w // 2))


@lru_cache(maxsize=256)
def icon(name: str, size: int) -> Image.Image:
    """A named icon (tile token's picture, "worker", "silver") as a size×size RGBA sprite."""
    painter = _ICONS[name]
    return supersampled((size, size), lambda d, k: painter(d, size * k))


def token_icon(token: str) -> str:
    kind = tile_kind(token)
    if kind == D.BUILDING:
        return token
    if kind == D.ANIMAL:
        return token[:-1]
    return kind


# --------------------------------------------------------------------------------
# Hexes


def _hex_sprite(r: int, fill: RGB, outline: RGB, width: float) -> Image.Image:
    w, h = math.ceil(SQRT3 * r) + 2, 2 * r + 2

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.polygon([(x * s, y * s) for x, y in hex_corners(w / 2, h / 2, r)], fill=outline)
        d.polygon([(x * s, y * s) for x, y in hex_corners(w / 2, h / 2, r - width * 1.15)], fill=fill)

    return supersampled((w, h), paint)


def space(kind: str, die: int, r: int) -> Image.Image:
    """An empty estate space: pale kind colour, its letter (in the current language) and its die number."""
    return _space(kind, die, r, current())


@lru_cache(maxsize=512)
def _space(kind: str, die: int, r: int, language: str) -> Image.Image:
    base = KIND_RGB[kind]
    fill = mix(base, WHITE, 0.55)
    sprite = _hex_sprite(r, fill, mix(base, INK, 0.35), max(1.5, r / 22)).copy()
    cx, cy = sprite.width / 2, sprite.height / 2
    put(sprite, (cx, cy - r * 0.50), L.kind_letter(kind), round(r * 0.30), mix(base, INK, 0.6), bold=True,
        anchor="mm")
    put(sprite, (cx, cy + r * 0.06), str(die), round(r * 0.62), INK, bold=True, anchor="mm")
    return sprite


def space_key(img: Image.Image, centre: tuple[float, float], number: int, r: float) -> None:
    """The space's number, the key choices and the log name it by ("on space 12"): small, white on a dark plate
    low in the hex, so it reads as a label and not as the big die number above it (a tile covers it)."""
    text = str(number)
    size = max(11, round(r * 0.3))
    w = font(size, True).getlength(text) + size * 0.7
    cx, y = centre[0], centre[1] + r * 0.62
    ImageDraw.Draw(img).rounded_rectangle((cx - w / 2, y - size * 0.62, cx + w / 2, y + size * 0.62),
                                          radius=round(size * 0.45), fill=KEY_PLATE)
    put(img, (cx, y), text, size, WHITE, bold=True, anchor="mm")


def depot_space(kind: str, r: int) -> Image.Image:
    """An empty space of a depot: an outlined slot with the kind's letter, nothing like a tile lying face down."""
    base = KIND_RGB[kind]
    return outlined_slot(r, mix(base, INK, 0.25), L.kind_letter(kind), mix(base, INK, 0.45), round(r * 0.42))


@lru_cache(maxsize=64)
def outlined_slot(r: int, outline: RGB, text: str, ink: RGB, size: int) -> Image.Image:
    """An empty place for a tile drawn as a hex outline (the panel shows through) with ``text`` in it: a depot's
    empty space, with its kind's letter or "empty" (the sprite is cached per text, hence per language)."""
    width = max(2.0, r / 16)
    sprite = _hex_sprite(r, WHITE, outline, width).copy()
    sprite.putalpha(ImageChops.multiply(sprite.getchannel("A"), _ring_mask(sprite.size, r, width)))
    put(sprite, (sprite.width / 2, sprite.height / 2), text, size, ink, bold=True, anchor="mm")
    return sprite


def _ring_mask(size: tuple[int, int], r: float, width: float) -> Image.Image:
    """Opaque on a hex ring ``width`` wide, clear inside: a slot shows the panel through it."""
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    cx, cy = size[0] / 2, size[1] / 2
    d.polygon(hex_corners(cx, cy, r), fill=255)
    d.polygon(hex_corners(cx, cy, r - width * 1.15), fill=0)
    return mask


#: The smallest size of an animal tile's count.
BADGE_TEXT = 10


def tile(token: str, r: int, label: bool = True) -> Image.Image:
    """A hex tile: kind colour, a thick dark rim, its kind letter, icon and (``label``) its name/number (in the
    current language: the sprite is cached per language)."""
    return _tile(token, r, label, current() if label else "")


@lru_cache(maxsize=2048)
def _tile(token: str, r: int, label: bool, language: str) -> Image.Image:
    kind = tile_kind(token)
    base = KIND_RGB[kind]
    sprite = _hex_sprite(r, base, INK, max(2.0, r / 14)).copy()
    cx, cy = sprite.width / 2, sprite.height / 2
    d = ImageDraw.Draw(sprite)
    ink = on_colour(base)
    if kind == D.KNOWLEDGE:  # the number is what matters: big, with a small book above it
        size = round(r * 0.55)
        book = icon("knowledge", size)
        sprite.alpha_composite(book, (round(cx - size / 2), round(cy - r * 0.78)))
        put(sprite, (cx, cy + r * 0.30), token[1:], round(r * 0.62), INK, bold=True, anchor="mm")
        return sprite
    size = round(r * (0.92 if label else 1.1))
    pic = icon(token_icon(token), size)
    top = cy - r * (0.70 if label else 0.55)
    sprite.alpha_composite(pic, (round(cx - size / 2), round(top)))
    if kind == D.ANIMAL:
        # The count never under BADGE_TEXT px: a small tile (a depot on a crowded close-up) gets a larger badge.
        size = max(BADGE_TEXT, round(r * 0.38))
        badge_r = max(r * 0.28, size * 0.72)
        bx, by = cx + r * 0.50, cy - r * 0.46
        d.ellipse((bx - badge_r, by - badge_r, bx + badge_r, by + badge_r), fill=INK)
        put(sprite, (bx, by), token[-1], size, WHITE, bold=True, anchor="mm")
    if label:
        text = tile_label(token) if kind != D.ANIMAL else L.animal_name(token[:-1])
        fnt = fit_font(text, SQRT3 * r * 0.86, round(r * 0.27), max(9, round(r * 0.19)), True)
        put(sprite, (cx, cy + r * 0.52), text, int(fnt.size), ink, bold=True, anchor="mm")
    return sprite


@lru_cache(maxsize=64)
def slot(r: int, fill: RGB, outline: RGB, text: str = "") -> Image.Image:
    """An empty place for a tile (storage, a depot space not used this phase)."""
    sprite = _hex_sprite(r, fill, outline, max(1.5, r / 24)).copy()
    put(sprite, (sprite.width / 2, sprite.height / 2), text, round(r * 0.4), outline, bold=True, anchor="mm")
    return sprite


def bonus_tile(kind: str, points: int, r: int) -> Image.Image:
    """A colour bonus tile: kind colour, letter (in the current language) and its points."""
    return _bonus_tile(kind, points, r, current())


@lru_cache(maxsize=64)
def _bonus_tile(kind: str, points: int, r: int, language: str) -> Image.Image:
    base = KIND_RGB[kind]
    sprite = _hex_sprite(r, base, INK, max(1.5, r / 12)).copy()
    cx, cy = sprite.width / 2, sprite.height / 2
    ink = on_colour(base)
    put(sprite, (cx, cy - r * 0.30), L.kind_letter(kind), round(r * 0.5), ink, bold=True, anchor="mm")
    put(sprite, (cx, cy + r * 0.30), str(points), round(r * 0.56), ink, bold=True, anchor="mm")
    return sprite


# --------------------------------------------------------------------------------
# Goods, dice


@lru_cache(maxsize=64)
def goods(kind: int, size: int, count: int = 0) -> Image.Image:
    """A goods tile: its colour and number; with ``count`` > 1 a "×n" corner."""
    fill = GOODS_RGB[kind]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        rimmed(d, z, z, max(1.5, size / 16) * s, round(z * 0.18), round(z * 0.14), INK, fill)

    sprite = supersampled((size, size), paint)
    put(sprite, (size / 2, size / 2), str(kind), round(size * 0.62), on_colour(fill), bold=True, anchor="mm")
    return sprite


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


@lru_cache(maxsize=128)
def die(value: int, size: int, fill: RGB = WHITE, pip: RGB = INK) -> Image.Image:
    """A die face with pips."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        rimmed(d, z, z, max(1.5, size / 18) * s, round(z * 0.2), round(z * 0.16), INK, fill)
        pr = z * 0.095
        for col, row in _PIPS[value]:
            x, y = z * (0.26 + 0.24 * col), z * (0.26 + 0.24 * row)
            d.ellipse((x - pr, y - pr, x + pr, y + pr), fill=pip)

    return supersampled((size, size), paint)



def clear_sprites() -> None:
    """Forget every cached sprite, so the next image draws (and ``render.text.recording_texts`` hears) its texts
    again: for tests, as ``render.cache.LAYERS.clear`` is for static layers."""
    for cached in (_space, outlined_slot, _tile, slot, _bonus_tile, goods):
        cached.cache_clear()
