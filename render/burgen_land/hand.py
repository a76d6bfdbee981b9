"""Burgen Land's seat panel (``draw_hand``), drawn from one seat's own view.

Burgen Land has no hidden hand, so a seat's "hand" is the compact panel of what
matters to that player now: whose turn and what is being decided; the turn's
colour, how many spaces are left before leaving it and which end card a penalty
would cost; the red dice held; the choices open right now, each with what to
type; and the player's castles against the opponent's, colour by colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgen_land import data
from engines.burgen_land import words as Wd
from render.burgen_land import sprites as S
from render.burgen_land.board import _chip, _phase_text, draw_castle_row
from render.canvas import new_canvas
from render.header import INSET, caption_size, draw_turn_header, hand_header_height, header_panel
from render.icons import icon
from render.layout import Box
from render.legend import player_name
from render.palette import DEFAULT_THEME, GOLD, Theme, mix
from render.shapes import badge, paste, rounded_box
from render.text import draw_text, put

if TYPE_CHECKING:
    from engines.burgen_land.view import Choice, SeatView

W = 1000
PAD = 20
HEADER_H = hand_header_height(1000, extra_rows=1)
STATUS_H = 150
CHOICE_H = 38
MAX_CHOICES = 12
BAND_H = 38 + 2 * 80 + 6
_, ngettext = Wd.T.gettext, Wd.T.ngettext


def _height(choices: int) -> int:
    return HEADER_H + 12 + STATUS_H + 12 + 60 + max(1, choices) * CHOICE_H + 12 + 3 * (BAND_H + 8) + PAD


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The seat's panel as a Pillow image (``render.draw_hand`` encodes it)."""
    seat = view["seat"]
    mine = view["to_act"] == seat
    choices = list(view["choices"]) if mine else []
    shown = choices[:MAX_CHOICES]
    img = new_canvas(W, _height(len(shown)), theme)
    draw = ImageDraw.Draw(img)
    y = _header(img, draw, view, names, seat, theme)
    y = _status(img, draw, view, seat, y + 12, theme)
    y = _choices(img, draw, view, names, shown, len(choices), mine, y + 12, theme)
    _castles(img, draw, view, names, seat, y + 12, theme)
    return img


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str], seat: int,
            theme: Theme) -> float:
    header_panel(draw, W, HEADER_H, theme)
    winner = view["winner"]
    ended = None
    if winner is not None:
        ended = ((_("YOU WON!"), _("You win!")) if winner == seat
                 else (_("GAME OVER"), _("{name} wins.", name=player_name(names, winner))))
    y = draw_turn_header(img, draw, theme, width=W, names=names, seat=seat, to_act=view["to_act"],
                         title="BURGEN LAND", turn=view["turn_number"], your_turn=_("Your turn."), ended=ended)
    scores = view["scores"]
    c = caption_size(W)
    draw_text(img, (INSET + 12, y + c * 0.75), _("score {mine} : {theirs} (you : opponent) · {points} wins",
                                                 mine=scores[seat], theirs=scores[1 - seat], points=data.WIN_SCORE),
              c, theme.muted, bold=True, anchor="lm", max_width=W - 2 * INSET - 24, min_size=c - 8)
    return HEADER_H


def _status(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, seat: int, y: float,
            theme: Theme) -> float:
    box = Box(14, y, W - 28, STATUS_H)
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    inner = box.inset(14, 12)
    winner = view["winner"]
    to_act = view["to_act"]
    if winner is not None:
        paste(img, icon("crown", 36, GOLD, theme.ink), (inner.x, inner.y))
        put(img, (inner.x + 46, inner.y + 18), _("You win!") if winner == seat else _("Your opponent wins."), 28,
            theme.ink, bold=True, anchor="lm")
        return box.bottom
    if to_act == seat:
        used = badge(draw, (inner.x, inner.y + 16), _("YOUR TURN"), 16, theme.accent, anchor="lm")
        room = max(130, used + 14)
        draw_text(img, (inner.x + room, inner.y + 16), _phase_text(view, []), 21, theme.ink, anchor="lm",
                  max_width=inner.w - room, min_size=14)
    else:
        draw_text(img, (inner.x, inner.y + 16), _("Waiting: it is your opponent's turn."), 21, theme.muted,
                  anchor="lm", max_width=inner.w, min_size=14)
    turn = view["turn"]
    colour = turn["colour"] if turn else None
    line = inner.y + 58
    if turn is None or colour is None:
        draw_text(img, (inner.x, line), _("Colour of this turn: not fixed yet — the first landing fixes it."), 19,
                  theme.ink, anchor="lm", max_width=inner.w, min_size=13)
    elif turn["phase"] == "penalty":
        paste(img, _chip(colour, 30, theme), (inner.x, line - 15))
        draw_text(img, (inner.x + 40, line), _("The crown left {colour}: one end card goes back, then the turn ends.",
                                               colour=Wd.colour(colour)), 19, theme.ink, anchor="lm",
                  max_width=inner.w - 40, min_size=13)
    else:
        paste(img, _chip(colour, 30, theme), (inner.x, line - 15))
        left = turn["spaces_left"] or 0
        safe = turn["safe_rolls"]
        safe_text = _("safe rolls 1–{top}", top=safe[-1]) if safe else _("every roll leaves")
        draw_text(img, (inner.x + 40, line), ngettext("{colour} this turn · {n} space left before leaving it · {safe}",
                                                      "{colour} this turn · {n} spaces left before leaving it · {safe}",
                                                      left, colour=Wd.colour(colour), safe=safe_text),
                  19, theme.ink, anchor="lm", max_width=inner.w - 40, min_size=14)
        if turn["seat"] == seat:
            risk = _risk(view, seat, colour)
            draw_text(img, (inner.x + 40, line + 30), risk, 17, theme.muted, anchor="lm", max_width=inner.w - 40,
                      min_size=13)
    held = view["red_dice"]["held"][seat]
    line = inner.bottom - 14
    dice_x = inner.x + max(170, put(img, (inner.x, line), _("red dice you hold:"), 18, theme.ink, anchor="lm") + 10)
    for i in range(held):
        paste(img, S.die(0, 26, S.RED_DIE, theme.ink), (dice_x + i * 30, line - 13))
    if not held:
        put(img, (dice_x, line), _("none"), 18, theme.muted, anchor="lm")
    supply = view["red_dice"]["supply"]
    put(img, (inner.right, line), _("on the board: {n}", n=supply), 18, theme.muted, anchor="rm")
    return box.bottom


def _risk(view: SeatView, seat: int, colour: str) -> str:
    """What leaving the colour would cost: the more valuable end card of that castle."""
    row = view["castles"][seat][colour]["cards"]
    if not [c for c in row if c is not None]:
        return _("Leaving {colour} costs nothing: your {castle} is empty.", colour=Wd.colour(colour),
                 castle=Wd.castle(colour))
    ends = [row[0], row[-1]]
    worst = max(v for v in ends if v is not None)
    return _("Leaving {colour} costs {card} ({value}) from an end of the castle.", colour=Wd.colour(colour),
             card=Wd.your_card(colour, data.KIND_OF_VALUE[worst]), value=worst)


def _choices(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str],
             shown: list[Choice], total: int, mine: bool, y: float, theme: Theme) -> float:
    h = 50 + max(1, len(shown)) * CHOICE_H + 10
    box = Box(14, y, W - 28, h)
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    draw_text(img, (box.x + 14, box.y + 12), _("What you can do now — type the move, or use the buttons"), 18,
              theme.muted, bold=True, max_width=box.w - 120, min_size=13)
    if not shown:
        text = _("Nothing: wait for your turn.") if view["winner"] is None else _("Nothing: the game is over.")
        put(img, (box.x + 20, box.y + 50 + CHOICE_H / 2), text, 19, theme.muted, anchor="lm")
        return box.bottom
    for i, choice in enumerate(shown):
        cy = box.y + 50 + i * CHOICE_H + CHOICE_H / 2
        if i % 2:
            draw.rectangle((box.x + 4, cy - CHOICE_H / 2, box.right - 4, cy + CHOICE_H / 2),
                           fill=mix(theme.panel, theme.panel_alt, 0.4))
        key = Wd.typed(tuple(choice["key"].split()))  # what to type, in the image's language
        used = badge(draw, (box.x + 16, cy), key, 17, theme.ink, anchor="lm", pad=8, bold=True)
        draw_text(img, (box.x + 30 + max(used, 170), cy), choice["label"], 19, theme.ink, anchor="lm",
                  max_width=box.w - 60 - max(used, 170), min_size=14)
    if total > len(shown):
        put(img, (box.right - 16, box.y + 12), _("+{n} more", n=total - len(shown)), 16, theme.muted, anchor="ra")
    return box.bottom


def _castles(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str], seat: int,
             y: float, theme: Theme) -> None:
    castles = view["castles"]
    for c, colour in enumerate(data.COLOURS):
        box = Box(14, y + c * (BAND_H + 8), W - 28, BAND_H)
        rounded_box(draw, box.rect, S.tint(colour, 0.82), theme.line, width=2, radius=12)
        draw.rounded_rectangle((box.x + 2, box.y + 2, box.right - 2, box.y + 36), radius=10, fill=S.tint(colour, 0.55))
        paste(img, _chip(colour, 26, theme), (box.x + 10, box.y + 5))
        values = [castles[s][colour]["value"] for s in range(2)]
        diff = values[seat] - values[1 - seat]
        verdict = _("a tie: nobody would score") if diff == 0 else (
            _("you lead by {n}", n=diff) if diff > 0 else _("your opponent leads by {n}", n=-diff))
        draw_text(img, (box.x + 44, box.y + 19), f"{Wd.colour(colour).upper()} · {verdict}", 18, theme.ink,
                  bold=True, anchor="lm", max_width=box.w - 60, min_size=13)
        for i, s in enumerate((seat, 1 - seat)):
            row = Box(box.x + 8, box.y + 40 + i * 80, box.w - 16, 78)
            draw_castle_row(img, row, s, colour, castles[s][colour], names, theme, cards_x=box.x + 300)
