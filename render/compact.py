"""The compact, phone-first picture of a turn: what matters now, readable at the width a phone shows it.

Discord shows a post's image about 400 px wide.  A full board (1200–1400 px wide) loses its small labels at
that width; this picture is ``WIDTH`` (800) px wide, so a phone halves it, and every text in it is drawn at
``SMALL`` px or more (12 px on the phone).  It is at most ``MAX_HEIGHT`` px tall.  Top to bottom:

- the header: the game · "turn n", the seat to act (arrow, badge, name) and what it is doing — or the
  winners —, and the last move (the game's own ``render.header.Header`` and last-move words, the ones its
  board's header shows, drawn larger);
- a row per player: badge, name, score (and a short note the game adds: pieces left, coins …);
- the part of the board that matters now, titled (each game chooses it and draws it from its own sprites);
- with an earlier view, a key line for the corners (``render.shapes.since_mark``) that mark what changed.

Each game's ``compact`` function (``GameImages.compact``) gathers its parts and calls :func:`compose`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.i18n import COMMON
from render.canvas import FRAME, new_canvas
from render.header import Header
from render.icons import icon
from render.legend import seat_badge, since_words
from render.palette import GOLD, Theme
from render.shapes import badge, paste, rounded_box, since_mark
from render.text import draw_text, font, put, wrap
from render.text import width as text_width

_ = COMMON.gettext

WIDTH = 800
MAX_HEIGHT = 1000
#: Text sizes: titles and names, and the smallest text drawn (12 px on a 400 px phone screen).
TEXT = 28
SMALL = 24
PAD = FRAME + 14             # from the image's edge to the panels' content
INNER = WIDTH - 2 * PAD      # the width of the body
BADGE = 40                   # a seat's badge in the header and the score rows
PILL = 22                    # the last move's pill ("LAST BUILD")
SCORE_ROW = 46
GAP = 10

#: Draws the body into a box of the width and at most the height given; returns the body image.
Body = Callable[[int, int], Image.Image]


@dataclass(frozen=True, slots=True)
class Score:
    """One player's row: their seat, name (a display name), score ("12 VP") and a short note ("8 pieces left"); and
    ``news``, what they placed or gained since the player to act last played, drawn after their name (sprites at
    most ``NEWS`` px tall, in the game's own look), its corners marked as the board marks changes."""

    seat: int
    name: str
    score: str
    note: str = ""
    news: tuple[Image.Image, ...] = ()


#: The tallest sprite of a row's news (as tall as a row's badge and name: news cost the picture no height unless
#: a long name leaves them no room beside it), the room between two, and the height of a line with news.
NEWS = 40
NEWS_GAP = 10
NEWS_ROW = SCORE_ROW


@dataclass(frozen=True, slots=True)
class RowPlan:
    """Where a row puts its news: after the name, on the name's line, or (a long name) on a line of their own under
    it, the note after them; and how many of them fit there (the rest counted, "+2")."""

    below: bool
    shown: int

    def height(self) -> int:
        return SCORE_ROW + NEWS_ROW if self.below else NEWS_ROW


@dataclass(frozen=True, slots=True)
class LastMove:
    """The header's last-move line: the pill's label ("LAST BUILD"), the mover's seat and the words."""

    label: str
    seat: int | None
    text: str


def _line(size: int) -> int:
    return round(size * 1.35)


def _name_end(header: Header) -> float:
    """Where the acting seat's name ends on its row (after the arrow and the badge)."""
    return PAD + 4 + 2 * BADGE + 20 + text_width(header.name, font(TEXT, True))


def _status_beside(header: Header) -> bool:
    """Whether the acting seat's status fits on its row, after its name."""
    return (header.winners is None and header.to_act is not None
            and _name_end(header) + 14 + text_width(header.status, font(SMALL)) <= WIDTH - PAD - 8)


def _status_lines(header: Header) -> list[str]:
    if header.winners is not None:
        return wrap(header.result, font(SMALL, True), INNER - 16)
    if header.to_act is None:
        return wrap(header.idle, font(SMALL, True), INNER - 16)
    if _status_beside(header):
        return []
    return wrap(header.status, font(SMALL), INNER - 16)


def _facts_lines(header: Header) -> list[str]:
    return wrap(header.facts, font(SMALL), INNER - 16) if header.facts else []


def _last_indent(last: LastMove) -> float:
    """Where the last move's words start: after its pill and the mover's badge."""
    pill = font(PILL, True).getlength(last.label) + 12 + 10
    return pill + (30 + 10 if last.seat is not None else 0)


def _last_lines(last: LastMove | None) -> list[str]:
    return wrap(last.text, font(SMALL), INNER - 16 - _last_indent(last)) if last is not None else []


def header_height(header: Header, last: LastMove | None) -> int:
    """The header panel's height for ``header`` and ``last`` (their lines wrapped to the width)."""
    rows = len(_facts_lines(header)) + len(_status_lines(header)) + len(_last_lines(last))
    return 12 + _line(TEXT) + BADGE + 8 + rows * _line(SMALL) + 10


def _draw_header(img: Image.Image, top: int, header: Header, last: LastMove | None, theme: Theme) -> int:
    draw = ImageDraw.Draw(img)
    h = header_height(header, last)
    rounded_box(draw, (PAD - 6, top, WIDTH - PAD + 6, top + h), theme.panel_alt, radius=12)
    x: float = PAD + 4
    y: float = top + 12 + _line(TEXT) / 2
    x += put(img, (x, y), header.title, TEXT, theme.ink, bold=True, anchor="lm")
    draw_text(img, (x, y), " · " + COMMON.gettext("turn {n}", n=header.turn), TEXT, theme.muted, anchor="lm",
              max_width=WIDTH - PAD - x)
    y += _line(TEXT) / 2
    for line in _facts_lines(header):
        put(img, (PAD + 4, y + _line(SMALL) / 2), line, SMALL, theme.muted, anchor="lm")
        y += _line(SMALL)
    y += 4
    cy = y + BADGE / 2
    if header.winners is not None:
        paste(img, icon("crown", BADGE, GOLD, theme.ink), (PAD + 4, y))
        bx = PAD + 4 + BADGE + 10
        for seat in header.winners[:4]:
            paste(img, seat_badge(seat, BADGE, theme.ink), (bx, y))
            bx += BADGE + 6
    elif header.to_act is not None:
        paste(img, icon("arrow", BADGE, theme.accent, theme.ink), (PAD + 4, y))
        paste(img, seat_badge(header.to_act, BADGE, theme.ink), (PAD + 4 + BADGE + 8, y))
        nx = PAD + 4 + 2 * BADGE + 20
        draw_text(img, (nx, cy), header.name, TEXT, theme.ink, bold=True, anchor="lm", max_width=WIDTH - PAD - nx)
        if _status_beside(header):
            put(img, (_name_end(header) + 14, cy + 1), header.status, SMALL, theme.ink, anchor="lm")
    y += BADGE + 4
    bold = header.winners is not None or header.to_act is None
    for line in _status_lines(header):
        put(img, (PAD + 4, y + _line(SMALL) / 2), line, SMALL, theme.ink, bold=bold, anchor="lm")
        y += _line(SMALL)
    if last is not None:
        ly = y + _line(SMALL) / 2
        x = PAD + 4 + badge(draw, (PAD + 4, ly), last.label, PILL, theme.highlight, anchor="lm", pad=6) + 10
        if last.seat is not None:
            paste(img, seat_badge(last.seat, 30, theme.ink), (x, ly - 15))
        for line in _last_lines(last):
            put(img, (PAD + 4 + _last_indent(last), y + _line(SMALL) / 2), line, SMALL, theme.ink, anchor="lm")
            y += _line(SMALL)
    return top + h


def _split(row: Score) -> bool:
    """Whether ``row``'s note goes on a line of its own, under its name: the name, note and score do not fit
    on one line."""
    if not row.note:
        return False
    used = (36 + 10 + text_width(row.name, font(SMALL, True)) + 14 + text_width(row.note, font(SMALL)) + 14
            + text_width(row.score, font(TEXT, True)) + 12)
    return used > INNER


def _row_height(row: Score) -> int:
    if row.news:
        return _plan(row).height()
    return SCORE_ROW + (_line(SMALL) if _split(row) else 0)


def _news_width(news: Sequence[Image.Image], shown: int) -> float:
    """The width of the first ``shown`` of ``news``, with the count of the rest ("+2") after them."""
    width = sum(sprite.width for sprite in news[:shown]) + NEWS_GAP * max(0, shown - 1)
    rest = len(news) - shown
    return width + (NEWS_GAP + text_width(f"+{rest}", font(SMALL, True)) if rest else 0)


def _plan(row: Score) -> RowPlan:
    """Where a row's news go: after the name, as many as fit beside the note and the score (the row keeps its one
    line: a turn's news are a few tiles); when not one fits (a long name), under the name, the note after them."""
    note = 14 + text_width(row.note, font(SMALL)) if row.note else 0
    line = 36 + 10 + text_width(row.name, font(SMALL, True)) + 14 + text_width(row.score, font(TEXT, True)) + 12
    shown = _fitting(row.news, INNER - line - 14 - note)
    if shown:
        return RowPlan(below=False, shown=shown)
    return RowPlan(below=True, shown=max(1, _fitting(row.news, INNER - (36 + 10) - 12 - note)))


def _fitting(news: Sequence[Image.Image], room: float) -> int:
    """How many of ``news`` fit in ``room`` px, the count of the rest after them."""
    return next((k for k in range(len(news), 0, -1) if _news_width(news, k) <= room), 0)


def scores_height(scores: Sequence[Score]) -> int:
    return sum(_row_height(row) for row in scores) + 12


def _draw_scores(img: Image.Image, top: int, scores: Sequence[Score], acting: int | None, theme: Theme) -> int:
    draw = ImageDraw.Draw(img)
    h = scores_height(scores)
    rounded_box(draw, (PAD - 6, top, WIDTH - PAD + 6, top + h), theme.panel, theme.line, width=2, radius=12)
    y = top + 6
    for row in scores:
        row_h = _row_height(row)
        if row.seat == acting:
            draw.rounded_rectangle((PAD - 2, y + 2, WIDTH - PAD + 2, y + row_h - 2), radius=8,
                                   outline=theme.accent, width=3)
        if row.news:
            _draw_news_row(img, y, row, theme)
            y += row_h
            continue
        cy = y + SCORE_ROW / 2
        paste(img, seat_badge(row.seat, 36, theme.ink), (PAD + 4, cy - 18))
        right = WIDTH - PAD - 8
        score_w = put(img, (right, cy), row.score, TEXT, theme.ink, bold=True, anchor="rm")
        nx = PAD + 4 + 36 + 10
        if _split(row):
            put(img, (nx, cy + _line(SMALL) - 4), row.note, SMALL, theme.muted, anchor="lm")
            room = right - score_w - 14 - nx
        elif row.note:
            note_w = put(img, (right - score_w - 14, cy), row.note, SMALL, theme.muted, anchor="rm")
            room = right - score_w - 14 - note_w - 14 - nx
        else:
            room = right - score_w - 14 - nx
        draw_text(img, (nx, cy), row.name, SMALL, theme.ink, bold=True, anchor="lm", max_width=room)
        y += row_h
    return top + h


def _draw_news_row(img: Image.Image, top: float, row: Score, theme: Theme) -> None:
    """A row with news (``_plan``): badge, name, news, note and score on one line, or the news and the note on a line
    under a long name."""
    plan = _plan(row)
    cy = top + SCORE_ROW / 2
    paste(img, seat_badge(row.seat, 36, theme.ink), (PAD + 4, cy - 18))
    right = WIDTH - PAD - 8
    end = right - put(img, (right, cy), row.score, TEXT, theme.ink, bold=True, anchor="rm") - 14
    nx = PAD + 4 + 36 + 10
    if plan.below:
        draw_text(img, (nx, cy), row.name, SMALL, theme.ink, bold=True, anchor="lm", max_width=end - nx)
        cy += SCORE_ROW
        news_end = _draw_news(img, (nx, cy), row.news, plan.shown, theme)
        if row.note:
            put(img, (news_end + 14, cy), row.note, SMALL, theme.muted, anchor="lm")
        return
    if row.note:
        end -= put(img, (end, cy), row.note, SMALL, theme.muted, anchor="rm") + 14
    room = end - nx - 14 - _news_width(row.news, plan.shown)
    name_w = draw_text(img, (nx, cy), row.name, SMALL, theme.ink, bold=True, anchor="lm", max_width=room)
    _draw_news(img, (nx + name_w + 14, cy), row.news, plan.shown, theme)


def _draw_news(img: Image.Image, start: tuple[float, float], news: Sequence[Image.Image], shown: int,
               theme: Theme) -> float:
    """The first ``shown`` of ``news`` from ``start`` (their left, middle), the rest counted, the whole bracketed
    by the corners that mark a change since the player to act last played; returns where they end."""
    x, cy = start
    for sprite in news[:shown]:
        paste(img, sprite, (x, cy - sprite.height / 2))
        x += sprite.width + NEWS_GAP
    if len(news) > shown:
        x += put(img, (x, cy), f"+{len(news) - shown}", SMALL, theme.ink, bold=True, anchor="lm") + NEWS_GAP
    x -= NEWS_GAP
    since_mark(ImageDraw.Draw(img), ((start[0] + x) / 2, cy), (x - start[0], NEWS - 4), theme, pad=4, arm=0.25)
    return x


def key_height() -> int:
    return len(_key_lines()) * _line(SMALL) + 12


def _key_lines() -> list[str]:
    return wrap(since_words(), font(SMALL), INNER - 50)


def _draw_key(img: Image.Image, top: int, theme: Theme) -> None:
    lines = _key_lines()
    since_mark(ImageDraw.Draw(img), (PAD + 16, top + 6 + _line(SMALL) / 2), 16, theme, pad=5, arm=0.45)
    for i, line in enumerate(lines):
        put(img, (PAD + 46, top + 6 + (i + 0.5) * _line(SMALL)), line, SMALL, theme.ink, anchor="lm")


def compose(header: Header, last: LastMove | None, scores: Sequence[Score], title: str, body: Body | None,
            theme: Theme, *, marked: bool = False) -> Image.Image:
    """The compact picture: ``header`` and ``last``, the ``scores`` rows, ``title`` over what ``body`` draws (given
    the width and the height left: it must fit them), and the corners' key when ``marked``."""
    title_lines = wrap(title, font(SMALL, True), INNER) if title else []
    fixed = (PAD + header_height(header, last) + GAP + scores_height(scores) + GAP
             + len(title_lines) * _line(SMALL) + (key_height() + GAP if marked else 0) + PAD)
    drawn = body(INNER, MAX_HEIGHT - fixed - GAP) if body is not None else None
    height = fixed + (drawn.height + GAP if drawn is not None else 0)
    img = new_canvas(WIDTH, height, theme)
    y = _draw_header(img, PAD, header, last, theme) + GAP
    y = _draw_scores(img, y, scores, header.to_act if header.winners is None else None, theme) + GAP
    for line in title_lines:
        put(img, (PAD, y + _line(SMALL) / 2), line, SMALL, theme.muted, bold=True, anchor="lm")
        y += _line(SMALL)
    if drawn is not None:
        img.paste(drawn, (PAD, y))
        y += drawn.height + GAP
    if marked:
        _draw_key(img, y, theme)
    return img


def body_canvas(width: int, height: int, theme: Theme) -> Image.Image:
    """A blank body to draw on (the image's background colour)."""
    return Image.new("RGB", (max(1, width), max(1, height)), theme.background)


def grid(count: int, width: int, height: int, item: tuple[int, int], gap: int, most: int = 4) -> tuple[int, float]:
    """The columns (1 to ``most``) and the scale that lay ``count`` items of ``item`` (w, h) largest in
    ``width`` × ``height`` (``gap`` between them)."""
    best = (1, 0.0)
    for cols in range(1, max(1, min(most, count)) + 1):
        rows = -(-count // cols)
        scale = min((width - gap * (cols - 1)) / cols / item[0], (height - gap * (rows - 1)) / rows / item[1])
        if scale > best[1]:
            best = (cols, scale)
    return best
