"""Burgenland's compact picture (``render.compact``): the castles that changed, drawn larger.

What it shows: the header and every player's pieces built (the score) and pieces left; then the castles where
something was built since the player to act last played (the turn post's ``since``) — else the castle of the last
build — each with its sites, well, site bonuses and two building colours, the new pieces marked; the large
castle's counts when it changed.  The acting player's hand is secret, so the castles it could build in are not
shown in a public picture: the player's own hand image names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgenland import data
from engines.burgenland.words import site_letter
from render import compact as C
from render.burgenland import colours
from render.burgenland import geometry as geo
from render.burgenland.board import T, _header, describe_last_move, large_counts, parse_where
from render.burgenland.pieces import INDICATOR_RED, bonus_icon, indicator, marker, piece
from render.icons import icon
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, Theme, mix, player_colour
from render.shapes import highlight_ring, paste, rounded_box, since_mark, square_chip
from render.text import put

if TYPE_CHECKING:
    from engines.burgenland.view import Castle, PublicView

_, ngettext = T.gettext, T.ngettext

#: The most castles the picture shows (more changed: the board shows them all).
MOST = 6
GAP = 12


def changed_castles(view: PublicView, since: PublicView | None) -> list[int]:
    """The castles where a piece was built after ``since`` (numbers, in order)."""
    if since is None:
        return []
    return [c["number"] for before, c in zip(since["castles"], view["castles"], strict=True)
            if c["sites"] != before["sites"] or c["well"] != before["well"]]


def draw_compact(view: PublicView, names: Sequence[str], since: PublicView | None = None,
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    last = view["last_move"]
    where = parse_where(last["where"]) if last else None
    shown = changed_castles(view, since)
    if not shown and where is not None and where[1] is not None:
        shown = [where[1]]
    if since is not None:
        large = view["large_castle"] != since["large_castle"]
    else:
        large = where is not None and where[0] == "large"
    more = len(shown) - MOST
    shown = shown[:MOST]
    if since is not None:
        title = (_("Built since the player to act last played") if shown or large
                 else _("Nothing built since the player to act last played"))
    else:
        title = _("The last build") if shown or large else _("No builds yet")
    if more > 0:
        title += " " + ngettext("(and {n} more castle: see the board)", "(and {n} more castles: see the board)", more)
    scores = []
    for seat, info in enumerate(view["players_info"]):
        left = sum(info["pieces_left"].values())
        scores.append(C.Score(seat, player_name(names, seat), _("built {n}", n=info["built"]),
                              ngettext("{n} piece left", "{n} pieces left", left)))
    header = _header(view, names)
    line = C.LastMove(_("LAST BUILD"), last["seat"] if last else None, describe_last_move(last, names))

    def body(width: int, height: int) -> Image.Image:
        return _body(view, shown, large, since, where, width, height, theme)

    return C.compose(header, line, scores, title, body if shown or large else None, theme, marked=since is not None)


def _body(view: PublicView, shown: list[int], large: bool, since: PublicView | None,
          where: tuple[str, int | None, str | None] | None, width: int, height: int, theme: Theme) -> Image.Image:
    count = len(shown) + large
    cols, scale = C.grid(count, width, height, (geo.CASTLE_W, geo.CASTLE_H), GAP, most=3)
    scale = min(scale, 1.6)
    cw, ch = round(geo.CASTLE_W * scale), round(geo.CASTLE_H * scale)
    rows = -(-count // cols)
    img = C.body_canvas(width, rows * ch + (rows - 1) * GAP, theme)
    by_number = {c["number"]: c for c in view["castles"]}
    before = {c["number"]: c for c in since["castles"]} if since is not None else {}
    for i, number in enumerate(shown):
        x, y = (i % cols) * (cw + GAP), (i // cols) * (ch + GAP)
        _castle(img, (x, y), scale, by_number[number], before.get(number), view["colours"], where, theme)
    if large:
        i = len(shown)
        _large(img, ((i % cols) * (cw + GAP), (i // cols) * (ch + GAP), cw, ch), view, theme, since)
    return img


def _castle(img: Image.Image, at: tuple[int, int], k: float, castle: Castle, before: Castle | None,
            letters: dict[str, str], where: tuple[str, int | None, str | None] | None, theme: Theme) -> None:
    """One small castle as the board draws it (its sites, well, bonuses, colours), ``k`` times larger."""
    draw = ImageDraw.Draw(img)
    x0, y0 = at
    number = castle["number"]
    w, h = geo.CASTLE_W * k, geo.CASTLE_H * k
    rounded_box(draw, (x0, y0, x0 + w, y0 + h), theme.panel, theme.ink, width=2, radius=12)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + w - 2, y0 + geo.CASTLE_HEADER_H * k), radius=10, fill=theme.panel_alt)
    head = round(30 * k)
    paste(img, square_chip(str(number), head, theme.ink, theme.ink), (x0 + 6, y0 + 3))
    for i, colour in enumerate(reversed(castle["colours"])):
        paste(img, marker(colours.letter(colour, letters), colours.rgb(colour), head, theme.ink),
              (x0 + w - 6 - head - i * (head + 4), y0 + 3))
    site = round(geo.SITE * k)

    def centre(p: tuple[int, int]) -> tuple[float, float]:
        return (x0 + p[0] * k, y0 + p[1] * k)

    for name, (bx, by) in geo.BONUS_CENTRES.items():
        bonus = data.site_bonus(number, name)
        if bonus:
            paste(img, bonus_icon(bonus, round(geo.BONUS_ICON * k), theme.ink), centre((bx, by)), anchor="mm")
    sites = castle["sites"]
    for name in [*data.SITES, *(["X"] if "X" in sites else [])]:
        if name not in geo.SITE_CENTRES:
            continue
        cx, cy = centre(geo.SITE_CENTRES[name])
        content = sites.get(name)
        if content:
            paste(img, piece(content["piece"], content["owner"], site, theme.ink), (cx, cy), anchor="mm")
            if before is not None and content != before["sites"].get(name):
                since_mark(draw, (cx, cy), site, theme, pad=round(11 * k))
        else:
            s = site / 2
            draw.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=7, fill=theme.background,
                                   outline=theme.muted, width=2)
            put(img, (cx, cy), site_letter(name), C.SMALL, mix(theme.muted, theme.background, 0.35), bold=True,
                anchor="mm")
        if where == ("site", number, name):
            highlight_ring(draw, (cx, cy), site, theme)
    wc = centre(geo.WELL_CENTRE)
    well = round(geo.WELL * k)
    r = well / 2
    if where == ("well", number, None):
        highlight_ring(draw, wc, well, theme, round_=True)
    if castle["indicator"]:
        draw.ellipse((wc[0] - r - 3, wc[1] - r - 3, wc[0] + r + 3, wc[1] + r + 3), outline=INDICATOR_RED, width=4)
    if castle["well"]:
        paste(img, piece("well", castle["well"]["owner"], well, theme.ink), wc, anchor="mm")
        if before is not None and castle["well"] != before["well"]:
            since_mark(draw, wc, well, theme, pad=round(11 * k))
    else:
        draw.ellipse((wc[0] - r, wc[1] - r, wc[0] + r, wc[1] + r), fill=theme.background, outline=theme.muted, width=2)
        if castle["indicator"]:
            paste(img, indicator(round(34 * k), theme.ink), wc, anchor="mm")
        else:
            paste(img, icon("well", round(24 * k), theme.background, theme.muted), wc, anchor="mm")


def _large(img: Image.Image, box: tuple[int, int, int, int], view: PublicView, theme: Theme,
           since: PublicView | None = None) -> None:
    """The large castle: each seat's walls, towers and houses in it; a count grown since ``since`` marked."""
    draw = ImageDraw.Draw(img)
    x0, y0, w, h = box
    rounded_box(draw, (x0, y0, x0 + w, y0 + h), theme.panel, theme.ink, width=3, radius=14)
    put(img, (x0 + w / 2, y0 + 20), _("Large castle"), C.SMALL, theme.ink, bold=True, anchor="mm")
    players = view["players"]
    counts = large_counts(view)
    before = large_counts(since) if since is not None else counts
    row_h = (h - 44) / max(players, 1)
    size = max(16, min(30, round(row_h) - 6))
    for seat in range(players):
        cy = y0 + 40 + (seat + 0.5) * row_h
        paste(img, seat_badge(seat, size, theme.ink), (x0 + 8, cy - size / 2))
        x: float = x0 + 8 + size + 8
        step = (w - size - 24) / 3
        for kind in ("wall", "tower", "house"):
            paste(img, icon(kind, size, player_colour(seat), theme.ink), (x, cy - size / 2))
            put(img, (x + size + 2, cy), f"×{counts[seat][kind]}", C.SMALL, theme.ink, bold=True, anchor="lm")
            if counts[seat][kind] > before[seat][kind]:
                since_mark(draw, (x + size / 2 + 18, cy), (size + 36, size), theme, pad=2, arm=0.3)
            x += step
