"""Burgenland's end screen breakdown: each seat's pieces left by kind (fewer is better) and pieces built."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from engines.burgenland import data
from engines.i18n import N_, game_catalog
from render.burgenland.board import PIECE_KINDS
from render.header import caption_size
from render.icons import icon
from render.legend import player_name, seat_badge
from render.palette import Theme, mix, player_colour
from render.shapes import paste
from render.standings import Standings, W, breakdown_panel
from render.text import draw_text, font, put, wrap

if TYPE_CHECKING:
    from engines.burgenland.view import PublicView

_ = game_catalog("burgenland").gettext

ROW_H = 56
HEAD_LINE = 22  # between the lines of a column's title
#: The column titles, per piece.
LEFT = {data.WALL: N_("walls left"), data.TOWER: N_("towers left"), data.HOUSE: N_("houses left"),
        data.WELL: N_("wells left")}


def breakdown(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    infos = view["players_info"]
    c = caption_size(W)
    x0 = 420
    col = (width - x0 - 140) / len(PIECE_KINDS)
    # A column's title on two lines when one is too wide for it ("muros / restantes"): never into the next one.
    heads = [wrap(_(LEFT[kind]), font(c - 8, True), col - 16) for kind in PIECE_KINDS]
    top = 84 + (max(len(lines) for lines in heads) - 1) * HEAD_LINE
    h = top + len(infos) * ROW_H + 20
    img = breakdown_panel(width, h, _("Pieces left to build (the first to build them all wins)"), theme)
    for i, lines in enumerate(heads):
        for j, line in enumerate(lines):
            put(img, (x0 + i * col + 50, 64 + j * HEAD_LINE), line, c - 8, theme.muted, bold=True, anchor="mm")
    draw_text(img, (width - 70, 64), _("built"), c - 8, theme.muted, bold=True, anchor="mm", max_width=136,
              min_size=12)
    large = {seat: sum(1 for p in view["large_castle"] if p["owner"] == seat) for seat in range(len(infos))}
    for row, info in enumerate(infos):
        seat = info["seat"]
        cy = top + row * ROW_H + ROW_H / 2
        paste(img, seat_badge(seat, 34, theme.ink), (16, cy - 17))
        draw_text(img, (60, cy), player_name(names, seat), c, theme.ink, bold=True, anchor="lm", max_width=x0 - 70)
        for i, kind in enumerate(PIECE_KINDS):
            n = info["pieces_left"].get(kind, 0)
            fill = player_colour(seat) if n else mix(player_colour(seat), theme.panel, 0.75)
            paste(img, icon(kind, 36, fill, theme.ink if n else theme.line), (x0 + i * col, cy - 18))
            put(img, (x0 + i * col + 44, cy), f"×{n}", c, theme.ink if n else theme.muted, bold=True, anchor="lm")
        put(img, (width - 70, cy), str(info["built"]), c, theme.ink, bold=True, anchor="mm")
    if any(large.values()):
        text = _("in the large castle: {counts}",
                 counts=", ".join(f"{player_name(names, s)} {n}" for s, n in large.items() if n))
        draw_text(img, (16, h - 14), text, c - 10, theme.muted, anchor="lm", max_width=width - 32)
    return img


#: ``unit`` is translated where the end screen is drawn (``render.standings``, with this game's catalog).
STANDINGS = Standings(title="BURGENLAND", unit=N_("built"), breakdown=breakdown, catalog=game_catalog("burgenland"))
