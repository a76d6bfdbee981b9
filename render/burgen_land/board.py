"""Burgen Land's board image, drawn from the public view.

Top to bottom: a header (whose turn, what they are deciding, the last roll); the
ring of 24 spaces with the crown, and — for the player to act — the next six
spaces numbered by the die value that reaches them, green while they stay in the
turn's colour, red (with "!") where the crown would leave it; the ring's middle
holds the turn's colour, the spaces left before leaving it and the red dice on the
board.  Beside the ring: the players (score, red dice held) and the cards still
beside the board.  Below: the 0–30 score track, then both castles of each colour as
rows of cards with their positions (the numbers ``hole 3`` and ``from 2`` refer
to), holes drawn as dashed slots, and each castle's value.

Everything that never changes — table, ring, labels, boxes, the score track's
cells — is the cached static layer.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgen_land import data
from engines.burgen_land import words as Wd
from engines.i18n import N_, current
from render.burgen_land import sprites as S
from render.cache import LAYERS
from render.canvas import new_canvas
from render.header import (
    PILL_PAD,
    ROW_X,
    Header,
    board_header_height,
    board_header_rows,
    caption_row,
    caption_size,
    draw_board_header,
    grow_board_header,
    header_panel,
)
from render.icons import icon
from render.layout import Box
from render.legend import draw_player_title, player_name, seat_badge
from render.palette import DEFAULT_THEME, GOLD, WHITE, Theme, mix, player_colour
from render.shapes import badge, chip, paste, rounded_box, since_mark
from render.text import draw_text, font, put
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.burgen_land.view import Castle, PublicView

_, ngettext = Wd.T.gettext, Wd.T.ngettext

W = 1400
MARGIN = 20
HEADER_H = board_header_height(1400) + 4
RING_Y = HEADER_H + 12
RING_BOX = 800
CENTRE = (MARGIN + RING_BOX / 2, RING_Y + RING_BOX / 2)
RADIUS = 322           # tile centres
TILE = 70
STEP_RADIUS = RADIUS - 62
CROWN_RADIUS = RADIUS + 60  # the crown marker, outside the ring, clear of the tiles' corners
SIDE = Box(MARGIN + RING_BOX + 16, RING_Y, W - MARGIN - (MARGIN + RING_BOX + 16), RING_BOX)
TRACK_Y = RING_Y + RING_BOX + 12
TRACK_H = 128
CASTLES_Y = TRACK_Y + TRACK_H + 12
BAND_HEAD = 38
ROW_H = 86
BAND_H = BAND_HEAD + 2 * ROW_H + 8
BAND_GAP = 10
H = CASTLES_Y + 3 * (BAND_H + BAND_GAP) + 8
CARD_W, CARD_H = 48, 64
CARDS_X = MARGIN + 340
KIND_ORDER = data.KINDS


def space_centre(index: int) -> tuple[float, float]:
    """Centre of track space ``index``: clockwise from the top, blue first."""
    angle = math.radians(-90 + (index + 0.5) * 360 / data.TRACK_LEN)
    return (CENTRE[0] + RADIUS * math.cos(angle), CENTRE[1] + RADIUS * math.sin(angle))


def _polar(index: float, radius: float) -> tuple[float, float]:
    angle = math.radians(-90 + (index + 0.5) * 360 / data.TRACK_LEN)
    return (CENTRE[0] + radius * math.cos(angle), CENTRE[1] + radius * math.sin(angle))


def band_box(colour_index: int) -> Box:
    return Box(MARGIN, CASTLES_Y + colour_index * (BAND_H + BAND_GAP), W - 2 * MARGIN, BAND_H)


def track_cell(points: int) -> Box:
    inner = Box(MARGIN + 16, TRACK_Y + 52, W - 2 * MARGIN - 32, 36)
    w = inner.w / (data.WIN_SCORE + 1)
    return Box(inner.x + points * w + 1, inner.y, w - 2, inner.h)


# --------------------------------------------------------------------------------
# The static layer


def _static_layer(theme: Theme) -> Image.Image:
    img = new_canvas(W, H, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, HEADER_H, theme)
    _static_ring(img, draw, theme)
    _static_side(img, draw, theme)
    _static_track(img, draw, theme)
    for c, colour in enumerate(data.COLOURS):
        box = band_box(c)
        rounded_box(draw, box.rect, S.tint(colour, 0.82), theme.line, width=2, radius=12)
        draw.rounded_rectangle((box.x + 2, box.y + 2, box.right - 2, box.y + BAND_HEAD), radius=10,
                               fill=S.tint(colour, 0.55))
        paste(img, _chip(colour, 28, theme), (box.x + 10, box.y + 5))
        put(img, (box.x + 46, box.y + BAND_HEAD / 2 + 1), Wd.castles_title(c), 19, theme.ink, bold=True,
            anchor="lm")
        draw.line((box.x + 8, box.y + BAND_HEAD + ROW_H + 4, box.right - 8, box.y + BAND_HEAD + ROW_H + 4),
                  fill=mix(theme.line, WHITE, 0.3), width=1)
    return img


def _chip(colour: str, size: int, theme: Theme) -> Image.Image:
    return chip(S.letter(colour), size, S.rgb(colour), theme.ink)


def _static_ring(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    box = Box(MARGIN, RING_Y, RING_BOX, RING_BOX)
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=16)
    cx, cy = CENTRE
    # A band per colour behind its eight spaces, so the sections read at a glance.
    for c, colour in enumerate(data.COLOURS):
        start = -90 + c * 120
        r_out, r_in = RADIUS + 52, RADIUS - 44
        draw.pieslice((cx - r_out, cy - r_out, cx + r_out, cy + r_out), start, start + 120,
                      fill=S.tint(colour, 0.7))
    r_in = RADIUS - 44
    draw.ellipse((cx - r_in, cy - r_in, cx + r_in, cy + r_in), fill=theme.panel)
    for c in range(len(data.COLOURS)):  # section borders
        angle = math.radians(-90 + c * 120)
        draw.line((cx + (r_in - 4) * math.cos(angle), cy + (r_in - 4) * math.sin(angle),
                   cx + (RADIUS + 56) * math.cos(angle), cy + (RADIUS + 56) * math.sin(angle)),
                  fill=theme.ink, width=4)
    for i, (kind, c) in enumerate(data.TRACK):
        paste(img, S.space_tile(kind, data.COLOURS[c], TILE, theme.ink), space_centre(i), anchor="mm")
    # In the bottom-left corner: the crown can stand beside any space, and the corners stay clear of it.
    put(img, (box.x + 16, box.bottom - 36), _("TRACK"), 17, theme.muted, bold=True, anchor="ls")
    put(img, (box.x + 16, box.bottom - 14), _("the crown moves clockwise"), 15, theme.muted, anchor="ls")


def _static_side(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    players, supply, legend = _side_boxes()
    for box, title in ((players, _("Players")), (supply, _("Cards beside the board")), (legend, _("Track spaces"))):
        rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
        draw_text(img, (box.x + 12, box.y + 10), title, 18, theme.muted, bold=True, max_width=box.w - 24,
                  min_size=13)
    # Cards beside the board: a column per kind (shape + value), a row per colour.
    head = Box(supply.x + 70, supply.y + 38, supply.w - 80, 40)
    for kind, cell in zip(KIND_ORDER, head.columns(4, gap=6), strict=True):
        value = data.VALUES[KIND_ORDER.index(kind)]
        ic = S._kind_icon(kind, 30, WHITE, theme.ink)
        paste(img, ic, (cell.x + 4, cell.y + 4))
        put(img, (cell.x + 40, cell.y + 20), f"{value}", 18, theme.muted, bold=True, anchor="lm")
    for c, colour in enumerate(data.COLOURS):
        y = supply.y + 86 + c * 44
        paste(img, _chip(colour, 30, theme), (supply.x + 18, y + 2))
    # What the space icons mean.
    entries = (("wall", _("wall (1)")), ("little-tower", _("little tower (2)")), ("house", _("house (3)")),
               ("great-tower", _("great tower (5)")), ("crown", _("crown: score")), ("wall-crown", _("wall / crown")))
    cells = Box(legend.x + 12, legend.y + 38, legend.w - 24, legend.h - 46)
    rows = cells.rows(3, gap=2)
    for i, (kind, label) in enumerate(entries):
        cell = rows[i % 3].columns(2, gap=8)[i // 3]
        cy = cell.y + cell.h / 2
        if kind == "crown":
            paste(img, icon("crown", 28, GOLD, theme.ink), (cell.x, cy - 14))
        elif kind == "wall-crown":
            paste(img, icon("wall", 22, WHITE, theme.ink), (cell.x - 2, cy - 8))
            paste(img, icon("crown", 20, GOLD, theme.ink), (cell.x + 12, cy - 16))
        else:
            paste(img, S._kind_icon(kind, 28, WHITE, theme.ink), (cell.x, cy - 14))
        draw_text(img, (cell.x + 36, cy), label, 16, theme.ink, anchor="lm", max_width=cell.w - 38, min_size=12)


def _side_boxes() -> tuple[Box, Box, Box]:
    players, rest = SIDE.take_top(300, gap=12)
    supply, legend = rest.take_top(228, gap=12)
    return players, supply, legend


def _static_track(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    box = Box(MARGIN, TRACK_Y, W - 2 * MARGIN, TRACK_H)
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    put(img, (box.x + 14, box.y + 6), _("SCORE · first to {points} wins", points=data.WIN_SCORE), 16, theme.muted,
        bold=True)
    for points in range(data.WIN_SCORE + 1):
        cell = track_cell(points)
        fill = GOLD if points == data.WIN_SCORE else (theme.panel_alt if points % 5 == 0 else theme.background)
        draw.rounded_rectangle(cell.rect, radius=5, fill=fill, outline=theme.line, width=1)
        put(img, cell.center, str(points), 15, theme.ink if points % 5 == 0 else theme.muted,
            bold=points % 5 == 0, anchor="mm")


# --------------------------------------------------------------------------------
# The dynamic parts


def draw_board_since(view: PublicView, names: Sequence[str], since: PublicView) -> Image.Image:
    """The board with the cards added to the castles since the view ``since`` marked."""
    return draw_board_image(view, names, since=since)


def added_cards(before: Castle, after: Castle) -> tuple[int, ...]:
    """The positions (0-based) of the cards ``after`` has beyond ``before``'s: cards join a castle at either
    end, so ``before``'s row is found whole inside ``after``'s (none when it is not: nothing is marked)."""
    old, new = before["cards"], after["cards"]
    for start in range(len(new) - len(old) + 1):
        if new[start:start + len(old)] == old:
            return tuple(i for i in range(len(new)) if not start <= i < start + len(old))
    return ()


def draw_board_image(view: PublicView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                     since: PublicView | None = None) -> Image.Image:
    """The board as a Pillow image (``render.draw_board`` encodes it); with ``since``, the cards added to the
    castles after it are marked."""
    img = LAYERS.get(("burgen-land", "board", W, theme.name, current()), lambda: _static_layer(theme))
    draw = ImageDraw.Draw(img)
    _draw_steps(img, draw, view, theme)
    _draw_crown(img, draw, view, theme)
    _draw_centre(img, draw, view, names, theme)
    _draw_players(img, draw, view, names, theme)
    _draw_supply(img, view, theme)
    _draw_scores(img, view, theme)
    for c, colour in enumerate(data.COLOURS):
        _draw_band(img, draw, c, colour, view, names, theme, since)
    # The header last: a long status wraps, and when the last roll's words do not fit beside its dice they take
    # a row of their own; then the header grows (the board moves down).
    header = _header(view, names)
    img = grow_board_header(img, W, board_header_rows(W, header, _last_roll_layout(view, names)[3]))
    line = draw_board_header(img, theme, W, header)
    _draw_last_roll(img, ImageDraw.Draw(img), view, names, line, theme)
    return img


def _draw_crown(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, theme: Theme) -> None:
    index = view["crown"]["space"]
    x, y = space_centre(index)
    h = TILE / 2 + 5
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=14, outline=GOLD, width=6)
    draw.rounded_rectangle((x - h - 3, y - h - 3, x + h + 3, y + h + 3), radius=16, outline=theme.ink, width=2)
    # The crown itself sits just outside the ring, on the line from the centre through its space.
    ox, oy = _polar(index, CROWN_RADIUS)
    paste(img, S.crown_marker(40, theme.ink), (ox, oy), anchor="mm")


def step_outcomes(view: PublicView) -> list[tuple[int, str]]:
    """For the player to act: (space, "safe" | "leave" | "any") reached by a die showing 1..6."""
    turn = view["turn"]
    if not turn or view["winner"] is not None or turn["phase"] == "penalty":
        return []  # no roll is coming before the turn ends
    crown = view["crown"]["space"]
    left = turn["spaces_left"]
    out = []
    for steps in range(1, data.DIE_SIDES + 1):
        target = (crown + steps) % data.TRACK_LEN
        state = "any" if left is None else ("safe" if steps <= left else "leave")
        out.append((target, state))
    return out


def _draw_steps(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, theme: Theme) -> None:
    """Numbers 1-6 inside the ring next to the spaces each die value reaches."""
    for steps, (target, state) in enumerate(step_outcomes(view), start=1):
        x, y = _polar(target, STEP_RADIUS)
        fill = {"safe": S.SAFE, "leave": S.DANGER}.get(state, theme.muted)
        r = 15
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=theme.ink, width=2)
        put(img, (x, y + 1), str(steps) + ("!" if state == "leave" else ""), 16 if state != "leave" else 14,
            WHITE, bold=True, anchor="mm")


#: The source phase's question per kind of card being taken.
SOURCE_TEXT = (N_("choose which of the opponent's walls to take"),
               N_("choose which of the opponent's little towers to take"),
               N_("choose which of the opponent's houses to take"),
               N_("choose which of the opponent's great towers to take"))


def _phase_text(view: PublicView, names: Sequence[str]) -> str:
    turn = view["turn"]
    if turn is None:
        return ""
    phase = turn["phase"]
    card = turn["card"]
    if phase == "roll":
        if turn["rolls"]:
            return _("may roll again or end the turn")
        return _("to roll: the first landing fixes the colour")
    if phase == "move":
        dice = " · ".join(str(d) for d in turn["dice"])
        return _("rolled {dice}: choose the die that moves the crown", dice=dice)
    if phase == "space":
        return _("on the {space}: choose what to take", space=Wd.space_name(view["crown"]["space"]))
    if phase == "place":
        if card is None:
            return _("choose where the card goes")
        return _("choose where {card} goes", card=Wd.kind_the(card))
    if phase == "source":
        if card is None:
            return _("choose which of the opponent's cards to take")
        return _(SOURCE_TEXT[Wd.kind_index(card)])
    if phase == "penalty":
        return _("left the colour: choose which end card to give back")
    return ""


def _header(view: PublicView, names: Sequence[str]) -> Header:
    winner, to_act = view["winner"], view["to_act"]
    result = "" if winner is None else _("{name} reaches {score} and wins!", name=player_name(names, winner),
                                         score=view["scores"][winner])
    return Header(title="BURGEN LAND", turn=view["turn_number"], to_act=to_act, name=player_name(names, to_act),
                  status=_phase_text(view, names), winners=None if winner is None else [winner], result=result)


def _last_roll_layout(view: PublicView, names: Sequence[str]) -> tuple[float, str, str, int]:
    """The last-roll row of the header, laid out: where the name starts (after the pill and the roller's badge),
    "Ana rolled" (or "no roll yet"), the dice's values in words, and the header rows it takes — 2 when the words
    do not fit beside the dice (a long name, five red dice) and go under the name."""
    c = caption_size(W)
    x = ROW_X + font(round(c * 0.72), True).getlength(_("LAST ROLL")) + 2 * PILL_PAD + 10
    last = view["last_roll"]
    if not last:
        return x, _("no roll yet"), "", 1
    x += round(c * 1.05) + 8
    rolled = _("{name} rolled", name=player_name(names, last["seat"]))
    dice = last["dice"]
    if len(dice) > 1:
        words = _("(own die {own}, red {red})", own=dice[0], red=", ".join(str(d) for d in dice[1:]))
    else:
        words = _("(own die {own})", own=dice[0]) if dice else "()"
    after_dice = x + text_width(rolled, font(c)) + 10 + len(dice) * (round(c * 1.05) + 6) + 6
    return x, rolled, words, 1 if after_dice + text_width(words, font(c)) <= W - 40 else 2


def _draw_last_roll(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                    xy: tuple[float, float], theme: Theme) -> None:
    """"LAST ROLL", then who rolled ("Ana rolled"), then the dice and their values in words: the roller's
    seat badge stands before the name, never next to a die, so it cannot be read as a rolled number."""
    x, y = xy
    c = caption_size(W)
    badge(draw, (x, y), _("LAST ROLL"), round(c * 0.72), theme.highlight, anchor="lm", pad=PILL_PAD)
    x, rolled, words, rows = _last_roll_layout(view, names)
    last = view["last_roll"]
    if not last:
        put(img, (x, y), rolled, c, theme.muted, anchor="lm")
        return
    size = round(c * 1.05)
    paste(img, seat_badge(last["seat"], size, theme.ink), (x - size - 8, y - size / 2))
    name_x = x
    x += put(img, (x, y), rolled, c, theme.ink, anchor="lm") + 10
    for i, value in enumerate(last["dice"]):
        fill = WHITE if i == 0 else S.RED_DIE
        paste(img, S.die(value, size, fill, theme.ink), (x, y - size / 2))
        x += size + 6
    if rows > 1:
        x, y = name_x - 6, y + caption_row(W)
    draw_text(img, (x + 6, y), words, c, theme.muted, anchor="lm", max_width=W - x - 46)


def _draw_centre(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                 theme: Theme) -> None:
    """The ring's middle: the turn's colour and risk, then the red dice on the board."""
    cx, cy = CENTRE
    crown = view["crown"]
    put(img, (cx, cy - 176), _("the crown stands on the"), 17, theme.muted, anchor="mm")
    colour = crown["colour"]
    paste(img, _chip(colour, 30, theme), (cx - 140, cy - 160))
    draw_text(img, (cx - 102, cy - 145), Wd.space_name(crown["space"]), 24, theme.ink, bold=True, anchor="lm",
              max_width=250, min_size=16)
    turn = view["turn"]
    if turn is not None and view["winner"] is None:
        turn_colour = turn["colour"]
        if turn_colour is None:
            put(img, (cx, cy - 98), _("colour of this turn:"), 17, theme.muted, anchor="mm")
            put(img, (cx, cy - 72), _("not fixed yet"), 24, theme.ink, bold=True, anchor="mm")
            put(img, (cx, cy - 44), _("the first landing fixes it"), 17, theme.muted, anchor="mm")
        elif turn["phase"] == "penalty":
            paste(img, _chip(turn_colour, 34, theme), (cx - 130, cy - 116))
            draw_text(img, (cx - 88, cy - 99), _("left {colour}!", colour=Wd.colour(turn_colour)), 24, S.DANGER,
                      bold=True, anchor="lm", max_width=300, min_size=16)
            put(img, (cx, cy - 50), _("a penalty card goes back,"), 19, theme.ink, anchor="mm")
            put(img, (cx, cy - 26), _("then the turn ends"), 19, theme.ink, anchor="mm")
        else:
            paste(img, _chip(turn_colour, 34, theme), (cx - 130, cy - 116))
            draw_text(img, (cx - 88, cy - 99), _("{colour} this turn", colour=Wd.colour(turn_colour)), 24, theme.ink,
                      bold=True, anchor="lm", max_width=300, min_size=16)
            left = turn["spaces_left"] or 0
            fill = S.SAFE if left >= data.DIE_SIDES else (S.DANGER if left <= 2 else theme.accent)
            put(img, (cx - 60, cy - 44), str(left), 52, fill, bold=True, anchor="mm")
            draw_text(img, (cx - 24, cy - 58), ngettext("space left", "spaces left", left), 20, theme.ink,
                      anchor="lm", max_width=260, min_size=14)
            draw_text(img, (cx - 24, cy - 32), _("before leaving {colour}", colour=Wd.colour(turn_colour)), 18,
                      theme.muted, anchor="lm", max_width=260, min_size=13)
    supply = view["red_dice"]["supply"]
    put(img, (cx, cy + 34), _("red dice on the board"), 17, theme.muted, anchor="mm")
    x = cx - (data.RED_DICE * 42 - 6) / 2
    for i in range(data.RED_DICE):
        if i < supply:
            paste(img, S.die(0, 36, S.RED_DIE, theme.ink), (x, cy + 52))
        else:
            draw.rounded_rectangle((x, cy + 52, x + 36, cy + 88), radius=7, outline=theme.line, width=2)
        x += 42
    put(img, (cx, cy + 108), _("{n} of {total}", n=supply, total=data.RED_DICE), 18, theme.ink, bold=True,
        anchor="mm")
    if step_outcomes(view):
        put(img, (cx, cy + 160), _("numbers: where each die value"), 15, theme.muted, anchor="mm")
        put(img, (cx, cy + 180), _("moves the crown (! = leaves)"), 15, theme.muted, anchor="mm")


def _draw_players(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                  theme: Theme) -> None:
    box, _supply, _legend = _side_boxes()
    scores = view["scores"]
    held = view["red_dice"]["held"]
    for seat, cell in enumerate(Box(box.x + 10, box.y + 40, box.w - 20, box.h - 50).rows(2, gap=10)):
        acting = view["to_act"] == seat
        won = view["winner"] == seat
        rounded_box(draw, cell.rect, theme.panel_alt if acting else theme.background,
                    theme.accent if acting else (GOLD if won else theme.line), width=4 if acting or won else 1,
                    radius=10)
        inner = cell.inset(10, 8)
        draw_player_title(img, draw, inner, seat, player_name(names, seat), theme, acting=acting, won=won, size=34,
                          name_size=24, name_room=54, min_size=16)
        started = 0.0
        if view["first"] == seat and view["winner"] is None:
            # Who started (it decides nothing once the game is over: then it is not shown, never read as a rank).
            started = put(img, (inner.right, inner.y + 50), _("started the game"), 14, theme.muted, anchor="rm")
        used = put(img, (inner.x + 44, inner.y + 64), str(scores[seat]), 40, player_colour(seat)
                   if seat else theme.ink, bold=True, anchor="lm")
        put(img, (inner.x + 50 + used, inner.y + 70), _("/ {points} points", points=data.WIN_SCORE), 18, theme.muted,
            anchor="lm")
        n = held[seat]
        x = inner.x + 230
        draw_text(img, (x, inner.y + 50), _("red dice held"), 15, theme.muted, anchor="lm",
                  max_width=inner.right - x - started - 10, min_size=11)
        for i in range(n):
            paste(img, S.die(0, 26, S.RED_DIE, theme.ink), (x + i * 30, inner.y + 62))
        if n == 0:
            put(img, (x, inner.y + 75), _("none"), 18, theme.muted, anchor="lm")


def _draw_supply(img: Image.Image, view: PublicView, theme: Theme) -> None:
    _players, box, _legend = _side_boxes()
    supply = view["supply"]
    head = Box(box.x + 70, box.y + 38, box.w - 80, 40)
    cols = head.columns(4, gap=6)
    for c, colour in enumerate(data.COLOURS):
        y = box.y + 86 + c * 44
        counts = supply[colour]
        for kind, cell in zip(KIND_ORDER, cols, strict=True):
            n = counts[kind]
            put(img, (cell.x + 20, y + 17), f"×{n}", 22, theme.bad if n == 0 else theme.ink, bold=True,
                anchor="mm")


def _draw_scores(img: Image.Image, view: PublicView, theme: Theme) -> None:
    for seat, points in enumerate(view["scores"][:2]):
        cell = track_cell(min(points, data.WIN_SCORE))
        size = 24
        y = cell.y - size - 2 if seat == 0 else cell.bottom + 2
        paste(img, seat_badge(seat, size, theme.ink), (cell.x + cell.w / 2 - size / 2, y))


def scoring_verdict(view: PublicView, colour: str, names: Sequence[str]) -> str:
    """What scoring the colour now would do: who gains how much, or a tie."""
    values = [view["castles"][s][colour]["value"] for s in range(2)]
    if values[0] == values[1]:
        return _("scoring now: a tie at {value}, nobody scores", value=values[0])
    lead = int(values[1] > values[0])
    return _("scoring now: {name} +{points}", name=player_name(names, lead), points=abs(values[0] - values[1]))


def _draw_band(img: Image.Image, draw: ImageDraw.ImageDraw, c: int, colour: str, view: PublicView,
               names: Sequence[str], theme: Theme, since: PublicView | None = None) -> None:
    box = band_box(c)
    castles = view["castles"]
    verdict = scoring_verdict(view, colour, names)
    draw_text(img, (box.right - 14, box.y + BAND_HEAD / 2 + 1), verdict, 18, theme.ink, anchor="rm",
              max_width=box.w - 300, min_size=13)
    for seat in range(2):
        row = Box(box.x + 8, box.y + BAND_HEAD + 4 + seat * ROW_H, box.w - 16, ROW_H - 4)
        added = added_cards(since["castles"][seat][colour], castles[seat][colour]) if since is not None else ()
        draw_castle_row(img, row, seat, colour, castles[seat][colour], names, theme, marked=added)


def draw_castle_row(img: Image.Image, row: Box, seat: int, colour: str, castle: Castle, names: Sequence[str],
                    theme: Theme, cards_x: float | None = None, marked: Collection[int] = ()) -> None:
    """One player's castle: who, its value (and segments if it has holes), the cards with positions; the cards
    at ``marked`` positions are new since the viewer's last turn."""
    cy = row.y + row.h / 2
    paste(img, seat_badge(seat, 28, theme.ink), (row.x + 4, cy - 24))
    left = (cards_x if cards_x is not None else CARDS_X) - row.x
    draw_text(img, (row.x + 40, cy - 10), player_name(names, seat), 19, theme.ink, bold=True, anchor="lm",
              max_width=left - 100, min_size=15)
    value = castle["value"]
    # The castle's value, labelled where it stands (right of the name, left of the cards).
    put(img, (row.x + left - 16, cy - 8), str(value), 34, theme.ink, bold=True, anchor="rm")
    put(img, (row.x + left - 16, cy + 20), _("castle value"), 13, theme.muted, anchor="rm")
    segments = castle["segments"]
    if len(segments) > 1:
        split = _("holes split it: {values}", values=" | ".join(str(s) for s in segments))
        draw_text(img, (row.x + 40, cy + 18), split,
                  14, theme.muted, anchor="lm", max_width=left - 140)
    cards = castle["cards"]
    x0 = row.x + left
    room = row.right - x0 - 4
    if not cards:
        put(img, (x0, cy), _("empty castle"), 18, theme.muted, anchor="lm")
        return
    step = min(CARD_W + 5, room / len(cards))
    w = max(18, min(CARD_W, round(step - 4)))
    h = round(w * CARD_H / CARD_W)
    top = row.y + 2
    for i, v in enumerate(cards):
        x = x0 + i * step
        sprite = (S.hole(w, h, theme.muted, theme.background, _("hole")) if v is None
                  else S.card(colour, v, w, h, theme.ink))
        paste(img, sprite, (x, top))
        put(img, (x + w / 2, top + h + 9), str(i + 1), 13, theme.muted, anchor="mm")
        if i in marked:
            since_mark(ImageDraw.Draw(img), (x + w / 2, top + h / 2), (w, h), theme, pad=3, arm=0.25)
