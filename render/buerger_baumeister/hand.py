"""Bürger, Baumeister & Co.'s hand image, drawn from one seat's own view (sent by DM).

Top to bottom: who and whose turn, with coins, cranes and score; the three tokens,
large (colour, letter, type, value, and the code to type), each with its best places
as the engine lists them (``options``: district, kind of space, points); the turn
being decided, if any; and the final-count bonus the hand is worth right now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.buerger_baumeister import data
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.texts import _, ngettext, pgettext
from engines.i18n import current
from render.buerger_baumeister import colours
from render.buerger_baumeister.pieces import coin, crane, token
from render.cache import LAYERS
from render.canvas import new_canvas
from render.header import INSET, caption_size, draw_turn_header, hand_header_height, header_panel
from render.layout import Box
from render.legend import player_name
from render.palette import DEFAULT_THEME, Theme, mix
from render.shapes import chip, paste, rounded_box
from render.text import draw_text, font, put
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.buerger_baumeister.view import HandToken, Pending, SeatView

W = 840
PAD = 24
HEADER_H = hand_header_height(840, extra_rows=1) + 4
CARDS_Y = HEADER_H + 14
CARD_H = 350
TOKEN = 150
OPTIONS_SHOWN = 4
TURN_Y = CARDS_Y + CARD_H + 12
TURN_H = 64
FOOT_Y = TURN_Y + TURN_H + 12
FOOT_H = 56
H = FOOT_Y + FOOT_H + 20


def card_boxes(n: int = data.HAND_SIZE) -> list[Box]:
    return Box(PAD - 10, CARDS_Y, W - 2 * PAD + 20, CARD_H).columns(n, gap=12)


def _static_layer(theme: Theme) -> Image.Image:
    img = new_canvas(W, H, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, HEADER_H, theme)
    rounded_box(draw, (14, TURN_Y, W - 14, TURN_Y + TURN_H), theme.panel, theme.line, radius=12)
    rounded_box(draw, (14, FOOT_Y, W - 14, FOOT_Y + FOOT_H), mix(theme.background, theme.panel, 0.5), theme.line,
                width=1, radius=12)
    return img


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The hand as a Pillow image (``render.draw_hand`` encodes it)."""
    img = LAYERS.get(("buerger-baumeister", "hand", W, theme.name, current()), lambda: _static_layer(theme))
    draw = ImageDraw.Draw(img)
    seat = view["seat"]
    _draw_header(img, draw, view, names, seat, theme)
    hand = view["hand"]
    pending = view.get("pending")
    chosen = pending["token"]["code"] if pending else None
    for i, box in enumerate(card_boxes()):
        if i < len(hand):
            _draw_card(img, draw, box, hand[i], chosen == hand[i]["code"] and chosen is not None, theme)
            if chosen == hand[i]["code"]:
                chosen = None  # mark one token only, even with two alike
        else:
            rounded_box(draw, box.rect, theme.background, theme.line, width=2, radius=14)
            put(img, box.center, "—", 30, theme.muted, anchor="mm")
    _draw_turn(img, view, names, pending, theme)
    _draw_foot(img, view, theme)
    return img


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str], seat: int,
                 theme: Theme) -> None:
    ended = None
    if view["over"]:
        won = seat in (view["winners"] or [])
        ended = (_("YOU WON!") if won else _("GAME OVER")), _("The game is over.")
    y = draw_turn_header(img, draw, theme, width=W, names=names, seat=seat, to_act=view["to_act"], title="BÜRGER",
                         turn=view["turn_number"], your_turn=_("Your turn: place a token, then buy one."), ended=ended)
    info = view["players_info"][seat]
    c = caption_size(W)
    y += c * 0.8
    x: float = INSET + 12
    coins = info["coins"]
    paste(img, coin("", c + 6, theme.ink), (x, y - (c + 6) / 2))
    x += put(img, (x + c + 12, y), X.coins(coins), c, theme.ink, anchor="lm") + c + 40
    cranes = info["cranes"]
    paste(img, crane(seat, c + 8, theme.ink, background=theme.panel_alt), (x, y - (c + 8) / 2))
    x += put(img, (x + c + 14, y), ngettext("{n} crane left", "{n} cranes left", cranes), c, theme.ink,
             anchor="lm") + c + 40
    score = info["score"]
    put(img, (x, y), _("{n} points", n=score), c, theme.ink, bold=True, anchor="lm")


def _draw_card(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, tok: HandToken, chosen: bool,
               theme: Theme) -> None:
    colour = tok["colour"]
    tint = colours.rgb(colour)
    rounded_box(draw, box.rect, mix(theme.panel, tint, 0.10), theme.accent if chosen else mix(theme.ink, tint, 0.4),
                width=5 if chosen else 2, radius=14)
    cx = box.x + box.w / 2
    paste(img, token(colour, tok["type"], tok["value"], TOKEN, theme.ink), (cx, box.y + 16 + TOKEN / 2), anchor="mm")
    y = box.y + 16 + TOKEN + 22
    name = X.token(tok["code"])
    draw_text(img, (cx, y), name, 20, theme.ink, bold=True, anchor="mm", max_width=box.w - 16, min_size=14)
    # What to type for this token: the code itself in bold, no quoting marks.
    label = pgettext("what to type", "type") + " "
    label_w = text_width(label, font(16))
    code_w = text_width(tok["code"], font(17, True))
    x0 = cx - (label_w + code_w) / 2
    put(img, (x0, y + 24), label, 16, theme.muted, anchor="lm")
    put(img, (x0 + label_w, y + 24), tok["code"], 17, theme.ink, bold=True, anchor="lm")
    options = tok["options"]
    y += 50
    if not options:
        draw_text(img, (cx, y + 10), _("no free space: cannot be placed"), 15, theme.bad, anchor="mm",
                  max_width=box.w - 16, min_size=11)
        return
    put(img, (box.x + 14, y), _("best places"), 14, theme.muted, bold=True, anchor="lm")
    for option in options[:OPTIONS_SHOWN]:
        y += 24
        points = option["points"]
        shown = ngettext("{n} pt", "{n} pts", points)
        used = put(img, (box.right - 14, y), shown, 17, theme.ink, bold=True, anchor="rm")
        where = f"{X.district_name(option['district'])} {X.bonus_name(option['bonus'])}"
        draw_text(img, (box.x + 14, y), where, 17, theme.ink, anchor="lm", max_width=box.w - 28 - used - 6,
                  min_size=12)


def _draw_turn(img: Image.Image, view: SeatView, names: Sequence[str], pending: Pending | None,
               theme: Theme) -> None:
    cy = TURN_Y + TURN_H / 2
    if not pending:
        to_act = view["to_act"]
        text = (_("Your turn: place a token, then buy one.") if to_act == view["seat"]
                else _("{name} is to play.", name=player_name(names, to_act)))
        if view["over"]:
            text = _("The game is over.")
        draw_text(img, (PAD, cy), text, 20, theme.ink, anchor="lm", max_width=W - 2 * PAD)
        return
    code = pending["token"]["code"]
    parts = [_("Discard {code}", code=code) if pending["discard"] else _("Place {code}", code=code)]
    if pending["district"]:
        bonus = X.bonus_name(str(pending["bonus"])) if pending["bonus"] in X.BONUS_NAMES else ""
        parts.append(_("on {district} {bonus} ({points} pts)", district=X.district_name(pending["district"]),
                       bonus=bonus, points=pending["points"]))
    if pending["project"] is not None:
        parts.append(_("large project") if pending["project"] else _("no project"))
    stage = pending["stage"]
    next_step = (_("next: where") if stage == "where" else _("next: project?") if stage == "project"
                 else _("next: buy") if stage == "buy" else "")
    put(img, (PAD, cy - 14), _("THIS TURN"), 14, theme.accent, bold=True, anchor="lm")
    draw_text(img, (PAD, cy + 12), " → ".join(parts) + (f" · {next_step}" if next_step else ""), 20, theme.ink,
              bold=True, anchor="lm", max_width=W - 2 * PAD, min_size=14)


def _draw_foot(img: Image.Image, view: SeatView, theme: Theme) -> None:
    """What the hand is worth in the final count now: the best single colour."""
    cy = FOOT_Y + FOOT_H / 2
    bonus = view["hand_bonus"]
    colour = bonus["colour"]
    x = PAD
    if colour:
        paste(img, chip(colours.letter(colour), 30, colours.rgb(colour), theme.ink), (x, cy - 15))
        x += 40
    points = bonus["points"]
    text = (_("At the end this hand adds {points} points ({colour})", points=points, colour=X.colour_noun(colour))
            if colour else _("At the end this hand adds nothing"))
    draw_text(img, (x, cy), text, 19, theme.ink, anchor="lm", max_width=W - x - PAD)
