"""Bürger, Baumeister & Co.'s end screen breakdown: points in play, the best colour in hand, the projects,
then each seat's points per district (placements and large project together; a row adds up to the
seat's points in play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.texts import _
from engines.i18n import N_
from render.buerger_baumeister import colours
from render.buerger_baumeister.pieces import crane, token
from render.header import caption_size
from render.legend import player_name, seat_badge
from render.palette import Theme
from render.shapes import chip, paste
from render.standings import Standings, W, breakdown_panel
from render.text import draw_text, font, put, wrap

if TYPE_CHECKING:
    from engines.buerger_baumeister.view import PublicView

ROW_H = 64
#: The per-district table: the names' column, then 15 district columns grouped by colour.
NAME_W = 330
GRID_ROW_H = 54


def breakdown(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    by_source = _by_source(view, names, width, theme)
    by_district = _by_district(view, names, width, theme)
    img = Image.new("RGB", (width, by_source.height + 14 + by_district.height), theme.background)
    img.paste(by_source, (0, 0))
    img.paste(by_district, (0, by_source.height + 14))
    return img


def _by_source(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    """Points in play, the hand's best colour, the total, and each seat's large projects."""
    finals = {f["seat"]: f for f in view["final"] or []}
    infos = view["players_info"]
    c = caption_size(W)
    h = 84 + len(infos) * ROW_H + 20
    img = breakdown_panel(width, h, _("Points: in play + the best single colour in hand"), theme)
    x_play, x_hand, x_total, x_proj = 400, 520, 780, 870  # a hand's best colour: +n, its chip, 3 tokens at most
    for label_x, label, room in ((x_play, _("in play"), x_hand - x_play), (x_hand, _("hand (best colour)"),
                                 x_total - x_hand), (x_total, _("total"), x_proj - x_total),
                                (x_proj, _("large projects"), width - x_proj - 16)):
        draw_text(img, (label_x, 64), label, c - 8, theme.muted, bold=True, anchor="lm", max_width=room - 8,
                  min_size=11)
    projects: dict[int, list[str]] = {}
    for district in view["districts"]:
        owner = district["project"]["crane"]
        if owner is not None:
            projects.setdefault(owner, []).append(district["id"])
    for row, info in enumerate(infos):
        seat = info["seat"]
        final = finals.get(seat)
        cy = 84 + row * ROW_H + ROW_H / 2
        paste(img, seat_badge(seat, 34, theme.ink), (16, cy - 17))
        draw_text(img, (60, cy), player_name(names, seat), c, theme.ink, bold=True, anchor="lm",
                  max_width=x_play - 70)
        put(img, (x_play, cy), str(info["score"]), c, theme.ink, bold=True, anchor="lm")
        x: float = x_hand
        if final and final["colour"]:
            colour = final["colour"]
            x += put(img, (x, cy), f"+{final['points']}", c, theme.ink, bold=True, anchor="lm") + 8
            paste(img, chip(colours.letter(colour), 30, colours.rgb(colour), theme.ink), (x, cy - 15))
            x += 36
            for tok in final["hand"]:
                if tok["colour"] == colour:
                    paste(img, token(tok["colour"], tok["type"], tok["value"], 34, theme.ink), (x, cy - 17))
                    x += 38
        else:
            put(img, (x, cy), "+0", c, theme.muted, bold=True, anchor="lm")
        total = final["total"] if final else info["score"]
        put(img, (x_total, cy), f"= {total}", c, theme.ink, bold=True, anchor="lm")
        owned = projects.get(seat, [])
        if owned:
            paste(img, crane(seat, 30, theme.ink), (x_proj, cy - 15))
            # Three projects at most (a seat's cranes): on two lines in the longest language.
            lines = wrap(", ".join(X.district_name(d) for d in owned), font(c - 8), width - x_proj - 54)
            for j, line in enumerate(lines):
                put(img, (x_proj + 38, cy + (j - (len(lines) - 1) / 2) * 23), line, c - 8, theme.ink, anchor="lm")
        else:
            put(img, (x_proj, cy), _("none"), c - 8, theme.muted, anchor="lm")
    return img


def _by_district(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    """A table: a row per seat, a column per district (colour groups of small, medium, large)."""
    finals = {f["seat"]: f for f in view["final"] or []}
    infos = view["players_info"]
    districts = view["districts"]
    c = caption_size(W)
    top = 116
    h = top + len(infos) * GRID_ROW_H + 16
    img = breakdown_panel(width, h, _("Points per district (placements and large projects)"), theme)
    draw = ImageDraw.Draw(img)
    col_w = (width - NAME_W - 16) / len(districts)
    for col, district in enumerate(districts):
        cx = NAME_W + col_w * (col + 0.5)
        if district["size"] == "S":  # a colour's three districts share one chip over their middle column
            paste(img, chip(district["letter"], 30, colours.rgb(district["colour"]), theme.ink), (cx + col_w - 15, 50))
        put(img, (cx, top - 14), district["size"], c - 8, theme.muted, bold=True, anchor="mm")
        if district["size"] == "L" and col + 1 < len(districts):
            x = NAME_W + col_w * (col + 1)
            draw.line((x, 46, x, h - 12), fill=theme.line, width=1)
    for row, info in enumerate(infos):
        seat = info["seat"]
        cy = top + row * GRID_ROW_H + GRID_ROW_H / 2
        paste(img, seat_badge(seat, 30, theme.ink), (16, cy - 15))
        draw_text(img, (56, cy), player_name(names, seat), c - 6, theme.ink, bold=True, anchor="lm",
                  max_width=NAME_W - 64)  # wide enough for any display name (they are cut at 20 characters)
        scored = finals[seat]["districts"] if seat in finals else {}
        for col, district in enumerate(districts):
            points = scored.get(district["id"], 0)
            cx = NAME_W + col_w * (col + 0.5)
            if points:
                put(img, (cx, cy), str(points), c, theme.ink, bold=True, anchor="mm")
            else:
                put(img, (cx, cy), "·", c, theme.muted, anchor="mm")
    return img


#: ``unit`` is read by the shared end screen as it is: marked here so the catalog has it (see the report).
STANDINGS = Standings(title="BÜRGER, BAUMEISTER & CO.", unit=N_("points"), breakdown=breakdown, catalog=X.T)
