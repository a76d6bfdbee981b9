"""Bürger, Baumeister & Co.'s compact picture (``render.compact``): the offer and the districts that changed.

What it shows: the header and the last turn, every player's points, coins and cranes left; the offer's spaces in
their order (clockwise from 1 on the board's ring), each token with its price — or the Mayor's free space —, the
space refilled by the last turn ringed; then the districts where a token was placed or a large project built since
the player to act last played (else the district of the last turn), with their spaces' bonuses, tokens and
project, the new ones marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.buerger_baumeister import data
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.texts import _, ngettext
from render import compact as C
from render.buerger_baumeister import colours
from render.buerger_baumeister.board import PROJECT_TEXT, _header, describe_last_turn
from render.buerger_baumeister.pieces import coin, crane, mayor, token
from render.legend import player_name
from render.palette import DEFAULT_THEME, Theme, mix
from render.shapes import badge, chip, highlight_ring, paste, rounded_box, since_mark
from render.text import draw_text, font, put

if TYPE_CHECKING:
    from engines.buerger_baumeister.view import District, LastTurn, PublicView

GAP = 10
MOST = 6          # districts shown at most (more changed: the board shows them all)
SQ = 56           # a district space's side
SPACE_GAP = 8
DISTRICT_HEAD = 34


def changed_districts(view: PublicView, since: PublicView | None) -> list[int]:
    """The districts (indices) where a token was placed or the large project built after ``since``."""
    if since is None:
        return []
    return [d for d, (was, now) in enumerate(zip(since["districts"], view["districts"], strict=True))
            if was["spaces"] != now["spaces"] or was["project"]["crane"] != now["project"]["crane"]]


def draw_compact(view: PublicView, names: Sequence[str], since: PublicView | None = None,
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    last = view["last_turn"]
    shown = changed_districts(view, since)
    if not shown and last and last["district"]:
        shown = [d for d, district in enumerate(view["districts"]) if district["id"] == last["district"]]
    more = len(shown) - MOST
    shown = shown[:MOST]
    scores = [C.Score(seat, player_name(names, seat), str(info["score"]),
                      _("coins {coins} · cranes {cranes}", coins=info["coins"], cranes=info["cranes"]))
              for seat, info in enumerate(view["players_info"])]
    line = C.LastMove(_("LAST TURN"), last["seat"] if last else None, describe_last_turn(last, names))
    title = _("The offer, and the districts built in since the player to act last played") if since is not None \
        else _("The offer, and the district of the last turn")
    if more > 0:
        title += " " + ngettext("(and {n} more district: see the board)", "(and {n} more districts: see the board)",
                                more)

    def body(width: int, height: int) -> Image.Image:
        return _body(view, shown, since, last, width, height, theme)

    return C.compose(_header(view, names), line, scores, title, body, theme, marked=since is not None)


def _body(view: PublicView, shown: list[int], since: PublicView | None, last: LastTurn | None, width: int,
          height: int, theme: Theme) -> Image.Image:
    offer_size = min(84, round((width - (len(view["offer"]) - 1) * 16) / len(view["offer"])) - 8)
    offer_h = 30 + offer_size + 56
    widest = max((_district_width(data.district_size(d), 1.0) for d in shown), default=1.0)
    room = height - offer_h - GAP
    cols, k = 1, 0.0
    for n in (1, 2):
        rows_n = -(-len(shown) // n) if shown else 1
        fit = min(1.3, (width - GAP * (n - 1)) / n / widest,
                  (room - (rows_n - 1) * GAP - rows_n * (DISTRICT_HEAD + 16)) / rows_n / SQ)
        if fit > k:
            cols, k = n, fit
    k = max(0.6, k)
    rows = -(-len(shown) // cols) if shown else 0
    dh = round(DISTRICT_HEAD + SQ * k + 16)
    img = C.body_canvas(width, offer_h + (GAP + rows * dh + (rows - 1) * GAP if rows else 0), theme)
    _offer(img, view, last, width, offer_size, theme)
    befores = since["districts"] if since is not None else None
    col_w = (width - GAP * (cols - 1)) / cols
    for i, d in enumerate(shown):
        x, y = (i % cols) * (col_w + GAP), offer_h + GAP + (i // cols) * (dh + GAP)
        _district(img, (x, y, col_w, dh), d, view["districts"][d], befores[d] if befores else None, last, k, theme)
    return img


def _offer(img: Image.Image, view: PublicView, last: LastTurn | None, width: int, size: int, theme: Theme) -> None:
    """The offer's spaces 1..n in a row: number, token (or "empty"), price (or the Mayor: free)."""
    draw = ImageDraw.Draw(img)
    spaces = view["offer"]
    step = (width - size) / max(1, len(spaces) - 1)
    refilled = last["offer_space"] - 1 if last else None
    for i, space in enumerate(spaces):
        x, y = i * step, 30
        cx = x + size / 2
        paste(img, chip(str(space["space"]), 28, theme.ink, theme.panel, bold=True), (cx, 14), anchor="mm")
        draw.rounded_rectangle((x, y, x + size, y + size), radius=12, fill=theme.background, outline=theme.muted,
                               width=2)
        tok = space["token"]
        if tok:
            paste(img, token(tok["colour"], tok["type"], tok["value"], size - 6, theme.ink), (cx, y + size / 2),
                  anchor="mm")
        else:
            put(img, (cx, y + size / 2), _("empty"), C.SMALL, theme.muted, anchor="mm")
        if refilled == i and tok:
            highlight_ring(draw, (cx, y + size / 2), size, theme, outer=(7, 5), inner=(3, 2), radius=9)
        below = y + size + 28
        if space["mayor"]:  # the Mayor and "FREE", together centred under the space, inside the picture
            free = _("FREE")
            group = 40 + 4 + font(22, True).getlength(free) + 8
            left = min(max(0.0, cx - group / 2), width - group)
            paste(img, mayor(40, theme.ink), (left, below - 20))
            badge(draw, (left + 44, below), free, 22, theme.good, anchor="lm", pad=4)
        else:
            paste(img, coin(space["price"], 44, theme.ink), (cx, below), anchor="mm")


def _district_width(size: str, k: float) -> float:
    n = len(data.SPACES[size])
    return 16 + n * (SQ + SPACE_GAP) * k + 12 + SQ * k + 8


def _district(img: Image.Image, box: tuple[float, float, float, float], d: int, district: District,
              before: District | None, last: LastTurn | None, k: float, theme: Theme) -> None:
    """A district as the board draws it, ``k`` times its size: its spaces' bonuses and tokens, its large project."""
    draw = ImageDraw.Draw(img)
    x, y, w, h = box
    colour = data.COLOURS[data.district_colour(d)]
    size = data.district_size(d)
    tint = colours.rgb(colour)
    rounded_box(draw, (x, y, x + w, y + h), mix(theme.panel, tint, 0.10), mix(theme.ink, tint, 0.4), width=2, radius=10)
    draw_text(img, (x + 8, y + DISTRICT_HEAD / 2 + 1), f"{colours.letter(colour)} · {X.district_name(d)} · "
              f"{X.size_name(size)}", C.SMALL, theme.ink, bold=True, anchor="lm", max_width=w - 16)
    sq = round(SQ * k)
    cy = y + DISTRICT_HEAD + 4 + sq / 2
    here = last is not None and last["district"] == district["id"]
    for i, space in enumerate(district["spaces"]):
        cx = x + 16 + i * (sq + SPACE_GAP * k) + sq / 2
        draw.rounded_rectangle((cx - sq / 2, cy - sq / 2, cx + sq / 2, cy + sq / 2), radius=7, fill=theme.background,
                               outline=theme.muted, width=2)
        tok = space["token"]
        if tok:
            paste(img, token(tok["colour"], tok["type"], tok["value"], sq, theme.ink), (cx, cy), anchor="mm")
            if before is not None and tok != before["spaces"][i]["token"]:
                since_mark(draw, (cx, cy), sq, theme, pad=5, arm=0.25)
        elif space["bonus"] == data.COIN:
            paste(img, coin("", round(sq * 0.55), theme.ink), (cx, cy), anchor="mm")
        elif space["bonus"] == data.PLUS2:
            put(img, (cx, cy), "+2", C.SMALL, theme.ink, bold=True, anchor="mm")
        if here and last is not None and last["space"] == i:
            highlight_ring(draw, (cx, cy), sq, theme, outer=(7, 5), inner=(3, 2), radius=9)
    n = len(district["spaces"])
    px = x + 16 + n * (sq + SPACE_GAP * k) + 12 + sq / 2
    draw.rounded_rectangle((px - sq / 2, cy - sq / 2, px + sq / 2, cy + sq / 2), radius=4, fill=theme.panel_alt,
                           outline=theme.ink, width=3)
    owner = district["project"]["crane"]
    if owner is not None:
        paste(img, crane(owner, round(sq * 0.8), theme.ink), (px, cy), anchor="mm")
        if before is not None and before["project"]["crane"] is None:
            since_mark(draw, (px, cy), sq, theme, pad=5, arm=0.25)
    else:
        cost, bonus = data.PROJECTS[size]
        put(img, (px, cy), PROJECT_TEXT[bonus], C.SMALL, theme.ink, bold=True, anchor="mm")
        paste(img, coin(cost, 26, theme.ink), (px + sq / 2 - 4, cy + sq / 2 - 4), anchor="mm")
    if here and last is not None and last["project_points"]:
        highlight_ring(draw, (px, cy), sq, theme, outer=(7, 5), inner=(3, 2), radius=9)
