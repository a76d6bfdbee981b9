"""Burgen Land's end screen breakdown: the score track, and each castle's value colour by colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgen_land import data
from engines.burgen_land import words as Wd
from engines.i18n import N_
from render.burgen_land import sprites as S
from render.header import caption_size
from render.layout import Box
from render.legend import player_name, seat_badge
from render.palette import GOLD, Theme
from render.shapes import chip, paste, rounded_box
from render.standings import Standings, W
from render.text import draw_text, put

if TYPE_CHECKING:
    from engines.burgen_land.view import PublicView

ROW_H = 56
_, ngettext = Wd.T.gettext, Wd.T.ngettext


def breakdown(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    scores = view["scores"]
    c = caption_size(W)
    track_h = 170
    table_h = 84 + len(scores) * ROW_H + 16
    img = Image.new("RGB", (width, track_h + 12 + table_h), theme.background)
    draw = ImageDraw.Draw(img)
    rounded_box(draw, (0, 0, width - 1, track_h - 1), theme.panel, theme.line, width=2, radius=12)
    draw_text(img, (16, 24), _("The score track (first to {points} wins)", points=view["target"]), c, theme.ink,
              bold=True, anchor="lm", max_width=width - 32, min_size=c - 10)
    top = max(view["target"], *scores)
    inner = Box(16, 78, width - 32, 40)
    cell_w = inner.w / (top + 1)
    for points in range(top + 1):
        x = inner.x + points * cell_w
        fill = GOLD if points == view["target"] else (theme.panel_alt if points % 5 == 0 else theme.background)
        draw.rounded_rectangle((x + 1, inner.y, x + cell_w - 1, inner.bottom), radius=4, fill=fill,
                               outline=theme.line, width=1)
        if points % 5 == 0 or points in scores:
            put(img, (x + cell_w / 2, inner.y + inner.h / 2), str(points), 14, theme.ink, bold=points in scores,
                anchor="mm")
    for seat, points in enumerate(scores):
        x = inner.x + min(points, top) * cell_w + cell_w / 2
        y = inner.y - 34 if seat == 0 else inner.bottom + 4
        paste(img, seat_badge(seat, 30, theme.ink), (x - 15, y))
        label = f"{player_name(names, seat)}: {points}"
        if x < width / 2:  # the label on the side with room
            put(img, (x + 20, y + 15), label, c - 8, theme.ink, bold=True, anchor="lm")
        else:
            put(img, (x - 20, y + 15), label, c - 8, theme.ink, bold=True, anchor="rm")
    y0 = track_h + 12
    rounded_box(draw, (0, y0, width - 1, y0 + table_h - 1), theme.panel, theme.line, width=2, radius=12)
    draw_text(img, (16, y0 + 24), _("Castle values at the end, colour by colour"), c,
              theme.ink, bold=True, anchor="lm", max_width=width - 32, min_size=c - 10)
    x0 = 420
    col = (width - x0 - 20) / len(data.COLOURS)
    for i, colour in enumerate(data.COLOURS):
        x = x0 + i * col
        paste(img, chip(S.letter(colour), 30, S.rgb(colour), theme.ink), (x, y0 + 64 - 15))
        put(img, (x + 38, y0 + 64), Wd.colour(colour), c - 8, theme.muted, bold=True, anchor="lm")
    for seat in range(len(scores)):
        cy = y0 + 84 + seat * ROW_H + ROW_H / 2
        paste(img, seat_badge(seat, 34, theme.ink), (16, cy - 17))
        draw_text(img, (60, cy), player_name(names, seat), c, theme.ink, bold=True, anchor="lm", max_width=x0 - 70)
        for i, colour in enumerate(data.COLOURS):
            castle = view["castles"][seat][colour]
            cards = sum(1 for v in castle["cards"] if v is not None)
            used = put(img, (x0 + i * col + 38, cy), str(castle["value"]), c, theme.ink, bold=True, anchor="lm")
            put(img, (x0 + i * col + 44 + used, cy + 2), ngettext("({n} card)", "({n} cards)", cards), c - 10,
                theme.muted, anchor="lm")
    return img


#: The unit is marked here; the shared end screen draws it (see the report: it needs translating there).
STANDINGS = Standings(title="BURGEN LAND", unit=N_("points"), breakdown=breakdown, catalog=Wd.T)
