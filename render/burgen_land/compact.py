"""Burgen Land's compact picture (``render.compact``): the crown's part of the track and the castles, drawn larger.

What it shows: the header and the last roll, both players' points; the crown's space and the six after it, each
under the die value that moves the crown there (green: the turn's colour is kept, red "!": the crown leaves it),
as the board's ring marks them; then the castles of each colour side by side (their values, their cards, what
scores now), the cards added since the player to act last played marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgen_land import data
from render import compact as C
from render.burgen_land import sprites as S
from render.burgen_land.board import _, _header, added_cards, scoring_verdict, step_outcomes
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, WHITE, Theme
from render.shapes import chip, paste, rounded_box, since_mark
from render.text import draw_text, put

if TYPE_CHECKING:
    from engines.burgen_land.view import Castle, PublicView

GAP = 10
STEP = 34        # the die value's disc over a track space
BAND_HEAD = 36   # a colour's title row
LABEL = 84       # a castle's badge and value, before its cards


def draw_compact(view: PublicView, names: Sequence[str], since: PublicView | None = None,
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    last = view["last_roll"]
    if last:
        dice = last["dice"]
        words = (_("(own die {own}, red {red})", own=dice[0], red=", ".join(str(d) for d in dice[1:]))
                 if len(dice) > 1 else _("(own die {own})", own=dice[0]) if dice else "")
        line = C.LastMove(_("LAST ROLL"), last["seat"],
                          f"{_('{name} rolled', name=player_name(names, last['seat']))} {words}".strip())
    else:
        line = C.LastMove(_("LAST ROLL"), None, _("no roll yet"))
    scores = [C.Score(seat, player_name(names, seat), f"{points} {_('/ {points} points', points=data.WIN_SCORE)}")
              for seat, points in enumerate(view["scores"])]
    outcomes = step_outcomes(view)
    title = _("The crown's next spaces, by die value") if outcomes else _("The crown and the castles")

    def body(width: int, height: int) -> Image.Image:
        return _body(view, names, since, width, height, theme)

    return C.compose(_header(view, names), line, scores, title, body, theme, marked=since is not None)


def _body(view: PublicView, names: Sequence[str], since: PublicView | None, width: int, height: int,
          theme: Theme) -> Image.Image:
    tile = 96
    card_h = 0
    for tile in (104, 96, 88, 80, 72):
        castles = height - (STEP + 8 + tile + GAP)
        card_h = min(80, int((castles - 3 * (BAND_HEAD + 14) - 2 * GAP) / 3))
        if card_h >= 60:
            break
    card_h = max(44, card_h)
    track_h = STEP + 8 + tile
    band_h = BAND_HEAD + card_h + 14
    img = C.body_canvas(width, track_h + GAP + 3 * band_h + 2 * GAP, theme)
    _track(img, view, width, tile, theme)
    for c, colour in enumerate(data.COLOURS):
        _band(img, (0, track_h + GAP + c * (band_h + GAP), width, band_h), colour, view, names, since, card_h, theme)
    return img


def _track(img: Image.Image, view: PublicView, width: int, tile: int, theme: Theme) -> None:
    """The crown's space and the six after it; over each, the die value that moves the crown there."""
    draw = ImageDraw.Draw(img)
    crown = view["crown"]["space"]
    outcomes = step_outcomes(view)
    step = (width - tile) / 6
    for i in range(7):
        space = (crown + i) % data.TRACK_LEN
        kind, c = data.TRACK[space]
        x = i * step
        y = STEP + 8
        paste(img, S.space_tile(kind, data.COLOURS[c], tile, theme.ink), (x, y))
        if i == 0:
            draw.rounded_rectangle((x - 1, y - 1, x + tile + 1, y + tile + 1), radius=14, outline=(212, 160, 23),
                                   width=5)
            paste(img, S.crown_marker(STEP, theme.ink), (x + tile / 2, STEP / 2 + 2), anchor="mm")
        elif i <= len(outcomes):
            state = outcomes[i - 1][1]
            fill = {"safe": S.SAFE, "leave": S.DANGER}.get(state, theme.muted)
            cx, cy = x + tile / 2, STEP / 2 + 2
            r = STEP / 2
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=theme.ink, width=2)
            put(img, (cx, cy + 1), str(i) + ("!" if state == "leave" else ""), C.SMALL, WHITE, bold=True,
                anchor="mm")


def _band(img: Image.Image, box: tuple[float, float, float, float], colour: str, view: PublicView,
          names: Sequence[str], since: PublicView | None, card_h: int, theme: Theme) -> None:
    """A colour's two castles: which scores now, each castle's value and cards."""
    draw = ImageDraw.Draw(img)
    x, y, w, h = box
    rounded_box(draw, (x, y, x + w, y + h), S.tint(colour, 0.8), theme.line, width=2, radius=12)
    castles = view["castles"]
    verdict = scoring_verdict(view, colour, names)
    paste(img, chip(S.letter(colour), 28, S.rgb(colour), theme.ink), (x + 8, y + 4))
    draw_text(img, (x + 46, y + BAND_HEAD / 2 + 1), verdict, C.SMALL, theme.ink, anchor="lm", max_width=w - 56)
    half = (w - 16 - GAP) / 2
    for seat in range(2):
        added = added_cards(since["castles"][seat][colour], castles[seat][colour]) if since is not None else ()
        _castle(img, (x + 8 + seat * (half + GAP), y + BAND_HEAD + 6, half, card_h), seat, colour,
                castles[seat][colour], added, theme)


def _castle(img: Image.Image, box: tuple[float, float, float, float], seat: int, colour: str, castle: Castle,
            marked: Sequence[int], theme: Theme) -> None:
    x, y, w, h = box
    cy = y + h / 2
    paste(img, seat_badge(seat, 30, theme.ink), (x, cy - 15))
    put(img, (x + LABEL - 12, cy), str(castle["value"]), C.TEXT, theme.ink, bold=True, anchor="rm")
    cards = castle["cards"]
    x0 = x + LABEL
    if not cards:
        put(img, (x0, cy), _("empty castle"), C.SMALL, theme.muted, anchor="lm")
        return
    card_w = round(h * 48 / 64)
    step = min(card_w + 6, (w - LABEL) / len(cards))
    cw = max(18, min(card_w, round(step - 4)))
    ch = round(cw * 64 / 48)
    for i, v in enumerate(cards):
        cx = x0 + i * step
        sprite = S.hole(cw, ch, theme.muted, theme.background, _("hole")) if v is None else S.card(colour, v, cw, ch,
                                                                                                  theme.ink)
        paste(img, sprite, (cx, cy - ch / 2))
        if i in marked:
            since_mark(ImageDraw.Draw(img), (cx + cw / 2, cy), (cw, ch), theme, pad=3, arm=0.25)
