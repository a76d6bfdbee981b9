"""The end screen: places, scores, a chart of each player's score over the game, and the game's own breakdown.

``render.draw_standings(engine, view, names, history)`` draws it from the public view of a
finished game (its ``result``: scores, places and what the score counts) and ``history``,
the scores per seat after each turn (the bot replays the game with ``engine.standing``; a turn is
the engine's ``turn_number``, the one the headers, posts and ``/log`` show).
Top to bottom: a header (the game, its last turn, the winners); one row per player in order of
place ("1st", a crown for the winners, the badge, the name, the score and its unit); the
chart (x: turn, y: score; one line per seat in its colour, ended by its badge, so
no line needs its colour to be told apart); then each game's breakdown, drawn by the game's
own package (``Standings.breakdown``) at the image's width.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw

from engines.i18n import COMMON, Catalog, current
from render.canvas import FRAME, new_canvas
from render.header import (
    ROW_X,
    Header,
    board_header_height,
    caption_row,
    caption_size,
    draw_board_header,
    header_panel,
    text_size,
)
from render.icons import icon
from render.layout import Box
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, GOLD, Theme, mix, player_colour
from render.shapes import paste, rounded_box
from render.text import draw_text, font, put, wrap

_ = COMMON.gettext

W = 1200
MARGIN = 20
ROW_H = 64
CHART_H = 420
PublicT = TypeVar("PublicT")


@dataclass(frozen=True, slots=True)
class Standings(Generic[PublicT]):
    """A game's end screen: its title, what its score is called (``unit``: "VP", "points", "pieces built")
    and ``breakdown``, which draws the game's own split of the scores ``width`` pixels wide."""

    title: str
    unit: str
    breakdown: Callable[[PublicT, Sequence[str], int, Theme], Image.Image]
    #: The game's catalog, where ``title`` and ``unit`` are marked (``N_``): they are shown translated.
    catalog: Catalog | None = None


def breakdown_panel(width: int, height: int, title: str, theme: Theme) -> Image.Image:
    """A framed panel of a breakdown with its title on the first line (the game draws the rest)."""
    img = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(img)
    rounded_box(draw, (0, 0, width - 1, height - 1), theme.panel, theme.line, width=2, radius=12)
    put(img, (16, 24), title, caption_size(W), theme.ink, bold=True, anchor="lm")
    return img


#: How each language writes a place (English's suffixes follow the number: see :func:`ordinal`).
ORDINALS = {"pt_BR": "{n}º", "de": "{n}."}


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th" (in Portuguese "1º", in German "1.")."""
    form = ORDINALS.get(current())
    if form is not None:
        return form.format(n=place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def draw_standings_image(spec: Standings[Any], view: Mapping[str, Any], names: Sequence[str],
                         history: Sequence[Sequence[int]], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The end screen as a Pillow image (``render.draw_standings`` encodes it)."""
    result = view.get("result")
    if not result:
        raise ValueError("the end screen needs the view of a finished game (its 'result' is None)")
    scores: list[int] = list(result["scores"])
    ranks: list[int] = list(result["ranks"])
    players = len(scores)
    # The rule that ranked the players, on as many rows of the header as it takes (German's tie-breaks are long).
    # A place shared after every tie-break is said with the rule that left it shared, not under the table (where it
    # read as if ties were never broken).
    told = _("Final result · {rule}", rule=result.get("rule", ""))
    if len(set(result["ranks"])) < len(result["ranks"]):
        told = _("{result} · tied players share a place", result=told)
    rule = wrap(told, font(caption_size(W)), W - 2 * ROW_X)
    header_h = board_header_height(W, last_rows=len(rule)) + 4
    rows_h = 20 + players * ROW_H + 36
    breakdown = spec.breakdown(view, names, W - 2 * MARGIN, theme)
    height = header_h + rows_h + 14 + CHART_H + 14 + breakdown.height + FRAME + 14
    img = new_canvas(W, height, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, header_h - 6, theme)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    translate = spec.catalog.gettext if spec.catalog is not None else str
    title, unit = translate(spec.title).upper(), translate(spec.unit)  # the title in capitals, as printed
    who = " & ".join(player_name(names, s) for s in winners)
    best = max(scores) if scores else 0
    x, y = draw_board_header(img, theme, W, Header(
        title=title, turn=int(view.get("turn_number", len(history))), winners=winners,
        result=COMMON.ngettext("{who} wins with {best} {unit}", "{who} win with {best} {unit}", len(winners),
                               who=who, best=best, unit=unit)))
    for i, line in enumerate(rule):
        draw_text(img, (x, y + i * caption_row(W)), line, caption_size(W), theme.ink, anchor="lm", max_width=W - 2 * x)
    top = header_h
    _places(img, draw, Box(MARGIN, top, W - 2 * MARGIN, rows_h), scores, ranks, names, unit, theme)
    top += rows_h + 14
    draw_chart(img, Box(MARGIN, top, W - 2 * MARGIN, CHART_H), history, players, unit, theme)
    top += CHART_H + 14
    img.paste(breakdown, (MARGIN, top))
    return img


def _places(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, scores: Sequence[int], ranks: Sequence[int],
            names: Sequence[str], unit: str, theme: Theme) -> None:
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    t = text_size(W)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    for i, seat in enumerate(order):
        y = box.y + 14 + i * ROW_H
        cy = y + ROW_H / 2
        if ranks[seat] == 1:
            draw.rounded_rectangle((box.x + 6, y + 3, box.right - 6, y + ROW_H - 3), radius=10,
                                   fill=mix(theme.panel, GOLD, 0.25))
        tied = sum(1 for r in ranks if r == ranks[seat]) > 1
        put(img, (box.x + 20, cy), ordinal(ranks[seat]) + ("=" if tied else ""), t, theme.ink, bold=True,
            anchor="lm")
        if ranks[seat] == 1:
            paste(img, icon("crown", t, GOLD, theme.ink), (box.x + 130, cy - t / 2))
        paste(img, seat_badge(seat, t + 4, theme.ink), (box.x + 180, cy - (t + 4) / 2))
        draw_text(img, (box.x + 200 + t + 10, cy), player_name(names, seat), t, theme.ink, bold=ranks[seat] == 1,
                  anchor="lm", max_width=box.w - 620)
        used = put(img, (box.right - 24, cy + 4), unit, caption_size(W), theme.muted, anchor="rm")
        put(img, (box.right - 34 - used, cy), str(scores[seat]), t, theme.ink, bold=True, anchor="rm")
    put(img, (box.x + 20, box.bottom - 18), _("place · player · score"), caption_size(W) - 8, theme.muted,
        anchor="lm")


def _nice_step(span: float, target: int) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50 …) giving about ``target`` ticks over ``span``."""
    raw = max(1.0, span / max(1, target))
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return int(m * power)
    return int(10 * power)


def draw_chart(img: Image.Image, box: Box, history: Sequence[Sequence[int]], players: int, unit: str,
               theme: Theme) -> None:
    """Each seat's score after every turn (``history[i]``: after turn i + 1; the lines start at 0 before the
    first): labelled axes (turn, score), a line per seat in its colour ended by its badge and its last score."""
    draw = ImageDraw.Draw(img)
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    c = caption_size(W)
    put(img, (box.x + 16, box.y + 22), _("Score over the game ({unit} after each turn)", unit=unit), c, theme.ink,
        bold=True, anchor="lm")
    plot = Box(box.x + 84, box.y + 84, box.w - 84 - 90, box.h - 84 - 70)
    turns = len(history)
    if not turns:
        put(img, plot.center, _("no turns to chart"), c, theme.muted, anchor="mm")
        return
    top = max((max(row[:players], default=0) for row in history), default=0)
    low = min(0, min((min(row[:players], default=0) for row in history), default=0))
    y_step = _nice_step(max(1, top - low), 5)
    y_max = max(y_step, math.ceil(top / y_step) * y_step)
    x_step = _nice_step(turns, 6)

    def px(turn: float) -> float:
        return plot.x + plot.w * turn / max(1, turns)

    def py(score: float) -> float:
        return plot.bottom - plot.h * (score - low) / max(1, y_max - low)

    label = c - 8
    for v in range(low, y_max + 1, y_step):
        y = py(v)
        draw.line((plot.x, y, plot.right, y), fill=mix(theme.line, theme.panel, 0.5), width=1)
        put(img, (plot.x - 10, y), str(v), label, theme.muted, anchor="rm")
    for m in range(0, turns + 1, x_step):
        x = px(m)
        draw.line((x, plot.bottom, x, plot.bottom + 6), fill=theme.muted, width=2)
        put(img, (x, plot.bottom + 10), str(m), label, theme.muted, anchor="mt")
    draw.line((plot.x, plot.y, plot.x, plot.bottom), fill=theme.ink, width=2)
    draw.line((plot.x, plot.bottom, plot.right, plot.bottom), fill=theme.ink, width=2)
    put(img, (plot.x + plot.w / 2, box.bottom - 14), _("turn"), c - 6, theme.ink, anchor="ms")
    put(img, (box.x + 16, plot.y - 8), unit, c - 6, theme.ink, anchor="ls")
    ends: list[tuple[float, int]] = []
    for seat in range(players):
        points = [(px(0), py(0))] + [(px(i + 1), py(row[seat] if seat < len(row) else 0))
                                     for i, row in enumerate(history)]
        draw.line(points, fill=theme.ink, width=7, joint="curve")
        draw.line(points, fill=player_colour(seat), width=4, joint="curve")
        last = history[-1][seat] if seat < len(history[-1]) else 0
        ends.append((py(last), seat))
    # Badges at the lines' ends, spread apart when scores are close.
    size = 30
    placed: list[float] = []
    for y, seat in sorted(ends):
        y = max(y, placed[-1] + size + 2) if placed else y
        placed.append(y)
        paste(img, seat_badge(seat, size, theme.ink), (plot.right + 8, y - size / 2))
        last = history[-1][seat] if seat < len(history[-1]) else 0
        put(img, (plot.right + 8 + size + 4, y), str(last), label, theme.ink, bold=True, anchor="lm")
