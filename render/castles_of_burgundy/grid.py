"""Every player's estate at once (``render.draw_all_players``) and the compact estate the end screen uses.

A compact estate is one cell: the seat's badge, name and VP over the hex estate drawn as large
as the cell allows (covered spaces show their tile, completed regions a gold outline), and one
line of what lies beside it (silverlings, workers, stored goods and tiles, bonus tiles).  The
grid puts two cells in a row, so on a phone (the image shown 400 px wide) each estate is about
200 px wide: the colours, tiles and gold regions read at a glance, and the image opens larger.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _
from engines.i18n import current
from render.cache import LAYERS
from render.canvas import FRAME, new_canvas
from render.castles_of_burgundy import pieces as P
from render.castles_of_burgundy.board import status_line
from render.castles_of_burgundy.estate import completed_regions
from render.header import (
    INSET,
    caption_row,
    caption_size,
    hand_header_height,
    header_panel,
    status_lines,
    text_size,
)
from render.layout import Box
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, Theme
from render.shapes import paste, rounded_box
from render.text import draw_text, font, put, wrap

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PlayerInfo, PublicView

W = 1400
COLUMNS = 2
GAP = 14
MAP_W_IN_R = 7 * math.sqrt(3)   # the hex map's width and height, in hex radii
MAP_H_IN_R = 11.0
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_radius(width: float) -> int:
    """The hex radius that fills a map ``width`` pixels wide."""
    return int(width / MAP_W_IN_R)


def _centre(space: int, origin: tuple[float, float], r: float) -> tuple[float, float]:
    """Centre of estate space ``space`` in a map whose centre is ``origin``."""
    q, row = D.COORDS[space]
    return (origin[0] + math.sqrt(3) * r * (q + row / 2), origin[1] + 1.5 * r * row)


def _empty_map(estate_no: int, r: int, theme: Theme) -> Image.Image:
    w, h = math.ceil(MAP_W_IN_R * r) + 4, math.ceil(MAP_H_IN_R * r) + 4
    img = Image.new("RGB", (w, h), theme.panel)
    estate = D.ESTATES[estate_no]
    for s in D.SPACE_IDS:
        paste(img, P.space(estate.colours[s], D.SPACE_DIE[s], r), _centre(s, (w / 2, h / 2), r), "mm")
        P.space_key(img, _centre(s, (w / 2, h / 2), r), s, r)
    return img


def estate_map(info: PlayerInfo, r: int, theme: Theme) -> Image.Image:
    """The hex estate alone at radius ``r``: spaces (with their numbers), tiles and completed regions."""
    estate_no = info["estate_no"]
    img = LAYERS.get(("castles-of-burgundy", "estate-map", estate_no, r, theme.name, current()),
                     lambda: _empty_map(estate_no, r, theme))
    origin = (img.width / 2, img.height / 2)
    for key, token in info["estate"].items():
        paste(img, P.tile(token, r - 1), _centre(int(key), origin, r), "mm")
    draw = ImageDraw.Draw(img)
    for region in completed_regions(info):
        coords = {D.COORDS[space] for space in region}
        for space in region:
            q, row = D.COORDS[space]
            cx, cy = _centre(space, origin, r)
            for dq, dr in DIRECTIONS:
                if (q + dq, row + dr) in coords:
                    continue
                nx, ny = cx + math.sqrt(3) * r * (dq + dr / 2), cy + 1.5 * r * dr
                mx, my = (cx + nx) / 2, (cy + ny) / 2
                length = math.hypot(nx - cx, ny - cy)
                px, py = -(ny - cy) / length * r / 2, (nx - cx) / length * r / 2
                draw.line(((mx - px, my - py), (mx + px, my + py)), fill=P.COMPLETE, width=max(3, r // 10))
    return img


def cell_height(width: float) -> int:
    """The height of a compact estate cell ``width`` wide."""
    r = hex_radius(width - 24)
    return round(70 + MAP_H_IN_R * r + 8 + 64)


def estate_cell(view: PublicView, names: Sequence[str], seat: int, width: int, theme: Theme = DEFAULT_THEME,
                *, highlight: bool = False) -> Image.Image:
    """One seat's compact estate, ``width`` wide (``cell_height(width)`` tall)."""
    info = view["players_info"][seat]
    h = cell_height(width)
    img = Image.new("RGB", (width, h), theme.background)
    draw = ImageDraw.Draw(img)
    rounded_box(draw, (0, 0, width - 1, h - 1), theme.panel, theme.accent if highlight else theme.line,
                width=4 if highlight else 2, radius=14)
    t = text_size(W)
    paste(img, seat_badge(seat, t + 4, theme.ink), (14, 35 - (t + 4) / 2))
    vp = _("{n} VP", n=info["vp"])
    vp_w = put(img, (width - 16, 35), vp, t, theme.ink, bold=True, anchor="rm")
    draw_text(img, (14 + t + 16, 35), player_name(names, seat), t, theme.ink, bold=True, anchor="lm",
              max_width=width - 14 - t - 16 - vp_w - 30, min_size=22)
    r = hex_radius(width - 24)
    emap = estate_map(info, r, theme)
    img.paste(emap, (round((width - emap.width) / 2), 66))
    _stats(img, info, Box(14, 70 + MAP_H_IN_R * r + 8, width - 28, 56), theme)
    return img


def _stats(img: Image.Image, info: PlayerInfo, box: Box, theme: Theme) -> None:
    """One line under the map: silverlings, workers, stored goods, storage tiles, bonus tiles."""
    c = caption_size(W)
    cy = box.y + box.h / 2
    x = box.x
    size = c + 8
    paste(img, P.icon("silver", size), (x, cy - size / 2))
    x += size + 4 + put(img, (x + size + 4, cy), f"×{info['silver']}", c, theme.ink, bold=True, anchor="lm") + 22
    paste(img, P.icon("worker", size), (x, cy - size / 2))
    x += size + 4 + put(img, (x + size + 4, cy), f"×{info['workers']}", c, theme.ink, bold=True, anchor="lm") + 22
    for g, n in sorted((int(k), v) for k, v in info["goods"].items()):
        paste(img, P.goods(g, size), (x, cy - size / 2))
        x += size + 2 + put(img, (x + size + 2, cy), f"×{n}", c - 4, theme.ink, bold=True, anchor="lm") + 10
    for token in info["storage"]:
        paste(img, P.tile(token, round(size * 0.62), label=False), (x + size * 0.55, cy), "mm")
        x += size + 6
    for b in info["bonus_tiles"]:
        paste(img, P.bonus_tile(b["kind"], b["points"], round(size * 0.6)), (x + size * 0.55, cy), "mm")
        x += size + 4


def draw_all_players_image(view: PublicView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """Every seat's estate, two to a row, under a header (``render.draw_all_players`` encodes it)."""
    infos = view["players_info"]
    actor = view["to_act"]
    lines = status_lines(W, status_line(view, names), False)  # two with a long name in German
    key = letters_key_lines()
    header_h = hand_header_height(W, status_rows=len(lines), extra_rows=len(key)) + 4
    cell_w = (W - 2 * (FRAME + 10) - GAP * (COLUMNS - 1)) // COLUMNS
    ch = cell_height(cell_w)
    rows = math.ceil(len(infos) / COLUMNS)
    img = new_canvas(W, header_h + rows * (ch + GAP) + FRAME + 10, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, header_h - 8, theme)
    _title(img, view, lines, key, theme)
    for i, info in enumerate(infos):
        seat = info["seat"]
        x = FRAME + 10 + (i % COLUMNS) * (cell_w + GAP)
        y = header_h + (i // COLUMNS) * (ch + GAP)
        img.paste(estate_cell(view, names, seat, cell_w, theme, highlight=seat == actor), (x, y))
    return img


def letters_key_lines() -> list[str]:
    """The key to the letters on spaces and tiles, wrapped to the header's width in caption rows."""
    return wrap(_("Letters: {key}", key=L.letters_key()), font(caption_size(W)), W - 2 * (INSET + 12))


def _title(img: Image.Image, view: PublicView, status: Sequence[str], key: Sequence[str], theme: Theme) -> None:
    """The grid's header: the game and turn, where the game stands, and what the grid is."""
    t = text_size(W)
    pad = INSET + 12
    y1 = INSET + 8 + t
    x = pad + put(img, (pad, y1), L.title().upper(), t, theme.ink, bold=True, anchor="lm")
    put(img, (x, y1), " · " + _("turn {n}", n=view["turn_number"]), t, theme.muted, anchor="lm")
    y2 = y1 + round(t * 1.5)
    put(img, (pad, y2), _("Every estate"), t, theme.ink, bold=True, anchor="lm")
    y3 = y2 + round(t * 1.5)
    for i, line in enumerate(status):
        draw_text(img, (pad, y3 + i * round(t * 1.5)), line, t, theme.ink, anchor="lm", max_width=W - 2 * pad)
    y4 = y3 + len(status) * round(t * 1.5) - round(t * 0.25)
    for i, line in enumerate(key):
        put(img, (pad, y4 + i * caption_row(W)), line, caption_size(W), theme.muted, anchor="lm")
