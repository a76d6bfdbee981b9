"""Bürger, Baumeister & Co.'s board image, drawn from the public view.

Top to bottom: a header (whose turn, the last turn in words), the city (one row per
colour: the colour's chip and letter, then its small, medium and large district, each
space with its printed bonus underneath and the large-project square at the end), and
below it the offer circle (prices, the Mayor, the bag in the middle) beside one panel
per player (score, coins, cranes left, tokens in hand).  Everything that never changes
during a game — frames, empty spaces, printed bonuses, project costs — is the cached
static layer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.buerger_baumeister import data
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.texts import _, ngettext
from engines.i18n import current
from render.buerger_baumeister import colours
from render.buerger_baumeister.pieces import bag, coin, crane, hand_back, mayor, token
from render.cache import LAYERS
from render.canvas import new_canvas
from render.header import Header, board_header_height, draw_header_with_last_move, header_panel
from render.icons import icon
from render.layout import Box
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, GOLD, Theme, mix
from render.shapes import badge, chip, highlight_ring, paste, rounded_box, since_mark
from render.text import draw_text, put, unbroken

if TYPE_CHECKING:
    from engines.buerger_baumeister.view import District, FinalHand, LastTurn, PlayerInfo, PublicView

W = 1200
MARGIN = 20
#: The header's caption rows: the last turn takes two (a placement and a purchase rarely fit on one); a third,
#: when it needs one, grows the image.
ROWS = 2
HEADER_H = board_header_height(1200, last_rows=ROWS) + 4
CITY_Y = HEADER_H + 14
ROW_H = 108
ROW_GAP = 8
LABEL_W = 76
SQ = 50           # a space's side
GAP = 6           # between spaces
PROJECT_GAP = 12  # extra room before the large-project square
PAD = 8           # inside a district box
DISTRICT_GAP = 6
LOWER_Y = CITY_Y + len(data.COLOURS) * ROW_H + (len(data.COLOURS) - 1) * ROW_GAP + 16
OFFER_W = 470
LOWER_H = 470
H = LOWER_Y + LOWER_H + 20
PANEL_H = 100
PANEL_GAP = 8
OFFER_RADIUS = 140
OFFER_TOKEN = 74
PROJECT_TEXT = {data.PLUS4: "+4", data.DOUBLE: "×2"}


# --------------------------------------------------------------------------------
# Geometry


def district_width(size: str) -> int:
    n = len(data.SPACES[size])
    return PAD + n * (SQ + GAP) + PROJECT_GAP + SQ + PAD


def row_box(colour_index: int) -> Box:
    return Box(MARGIN, CITY_Y + colour_index * (ROW_H + ROW_GAP), W - 2 * MARGIN, ROW_H)


def district_box(index: int) -> Box:
    """The box of district ``index`` (colour * 3 + size), as in ``data.DISTRICTS``."""
    row = row_box(data.district_colour(index))
    x = row.x + LABEL_W
    for size in data.SIZES[: index % len(data.SIZES)]:
        x += district_width(size) + DISTRICT_GAP
    return Box(x, row.y, district_width(data.district_size(index)), ROW_H)


def space_centre(index: int, space: int) -> tuple[float, float]:
    box = district_box(index)
    return (box.x + PAD + space * (SQ + GAP) + SQ / 2, box.y + 30 + SQ / 2)


def project_centre(index: int) -> tuple[float, float]:
    box = district_box(index)
    n = len(data.SPACES[data.district_size(index)])
    return (box.x + PAD + n * (SQ + GAP) + PROJECT_GAP + SQ / 2, box.y + 30 + SQ / 2)


def offer_box() -> Box:
    return Box(MARGIN, LOWER_Y, OFFER_W, LOWER_H)


def offer_centre() -> tuple[float, float]:
    box = offer_box()
    return (box.x + box.w / 2, box.y + box.h / 2 + 16)


def offer_space_centre(space: int) -> tuple[float, float]:
    """Centre of offer space ``space`` (0-based): space 1 at the top, then clockwise."""
    cx, cy = offer_centre()
    angle = math.radians(-90 + space * 360 / len(data.OFFER_PRICES))
    return (cx + OFFER_RADIUS * math.cos(angle), cy + OFFER_RADIUS * math.sin(angle))


def players_column() -> Box:
    x = MARGIN + OFFER_W + 14
    return Box(x, LOWER_Y, W - MARGIN - x, LOWER_H)


def player_boxes(players: int) -> list[Box]:
    col = players_column()
    return [Box(col.x, col.y + i * (PANEL_H + PANEL_GAP), col.w, PANEL_H) for i in range(players)]


def info_box(players: int) -> Box:
    """What is left of the players' column: the key and the bag counts."""
    col = players_column()
    top = col.y + players * (PANEL_H + PANEL_GAP)
    return Box(col.x, top, col.w, col.bottom - top)


# --------------------------------------------------------------------------------
# The static layer


def _static_layer(players: int, theme: Theme) -> Image.Image:
    img = new_canvas(W, H, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, HEADER_H, theme)
    for c, colour in enumerate(data.COLOURS):
        row = row_box(c)
        cx = row.x + LABEL_W / 2 - 4
        paste(img, chip(colours.letter(colour), 46, colours.rgb(colour), theme.ink), (cx, row.y + 38), anchor="mm")
        draw_text(img, (cx, row.y + 78), X.colour_noun(colour), 16, theme.ink, bold=True, anchor="mm",
                  max_width=LABEL_W - 4, min_size=11)
    for d in range(len(data.DISTRICTS)):
        _static_district(img, draw, d, theme)
    _static_offer(img, draw, theme)
    for box in player_boxes(players):
        rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    _static_info(img, draw, info_box(players), theme)
    return img


def _bonus_mark(img: Image.Image, centre: tuple[float, float], bonus: str, size: int, theme: Theme) -> None:
    """The printed bonus of a space: a coin, "+2", or nothing for a plain space."""
    if bonus == data.COIN:
        paste(img, coin("", size, theme.ink), centre, anchor="mm")
    elif bonus == data.PLUS2:
        put(img, centre, "+2", round(size * 0.9), theme.ink, bold=True, anchor="mm")


def _static_district(img: Image.Image, draw: ImageDraw.ImageDraw, d: int, theme: Theme) -> None:
    box = district_box(d)
    colour = data.COLOURS[data.district_colour(d)]
    size = data.district_size(d)
    tint = colours.rgb(colour)
    rounded_box(draw, box.rect, mix(theme.panel, tint, 0.10), mix(theme.ink, tint, 0.4), width=2, radius=10)
    put(img, (box.x + PAD, box.y + 14), f"{colours.letter(colour)} · {X.district_name(d)}", 15, theme.ink,
        bold=True, anchor="lm")
    put(img, (box.right - PAD, box.y + 14), X.size_name(size), 14, theme.muted, anchor="rm")
    for i, bonus in enumerate(data.SPACES[size]):
        x, y = space_centre(d, i)
        draw.rounded_rectangle((x - SQ / 2, y - SQ / 2, x + SQ / 2, y + SQ / 2), radius=7, fill=theme.background,
                               outline=theme.muted, width=2)
        _bonus_mark(img, (x, y), bonus, 30, theme)
        # The bonus again under the space, so it stays readable once a token covers it.
        _bonus_mark(img, (x, y + SQ / 2 + 11), bonus, 16, theme)
    cost, bonus = data.PROJECTS[size]
    x, y = project_centre(d)
    draw.line((x - SQ / 2 - PROJECT_GAP / 2 - 2, y - SQ / 2, x - SQ / 2 - PROJECT_GAP / 2 - 2, y + SQ / 2 + 18),
              fill=theme.line, width=2)
    draw.rounded_rectangle((x - SQ / 2, y - SQ / 2, x + SQ / 2, y + SQ / 2), radius=4, fill=theme.panel_alt,
                           outline=theme.ink, width=3)
    paste(img, crane(None, 36, theme.ink, background=theme.panel_alt), (x, y), anchor="mm")
    paste(img, coin(cost, 17, theme.ink), (x - 10, y + SQ / 2 + 11), anchor="mm")
    put(img, (x + 2, y + SQ / 2 + 11), PROJECT_TEXT[bonus], 14, theme.ink, bold=True, anchor="lm")


def _static_offer(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    box = offer_box()
    rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    put(img, (box.x + 14, box.y + 12), _("Offer"), 20, theme.muted, bold=True)
    put(img, (box.x + 14, box.y + 38), _("clockwise from 1"), 14, theme.muted)
    cx, cy = offer_centre()
    r = OFFER_RADIUS
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=mix(GOLD, theme.panel, 0.3), width=12)
    # Clockwise arrow heads between the spaces.
    for i in range(len(data.OFFER_PRICES)):
        a = math.radians(-90 + (i + 0.5) * 360 / len(data.OFFER_PRICES))
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        tx, ty = -math.sin(a), math.cos(a)  # clockwise tangent (y grows downwards)
        nx, ny = math.cos(a), math.sin(a)
        tip = (px + tx * 10, py + ty * 10)
        draw.polygon((tip, (px - tx * 6 + nx * 9, py - ty * 6 + ny * 9), (px - tx * 6 - nx * 9, py - ty * 6 - ny * 9)),
                     fill=theme.ink)
    for i in range(len(data.OFFER_PRICES)):
        x, y = offer_space_centre(i)
        h = OFFER_TOKEN / 2 + 4
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=12, fill=theme.background, outline=theme.muted,
                               width=2)

def _space_number(img: Image.Image, space: int, theme: Theme) -> None:
    """Offer space numbers sit on the top-left corner of each space (drawn over its token)."""
    x, y = offer_space_centre(space)
    h = OFFER_TOKEN / 2 + 4
    paste(img, chip(str(space + 1), 24, theme.ink, theme.panel, bold=True), (x - h, y - h), anchor="mm")


def _static_info(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    if box.h < 30:
        return
    rounded_box(draw, box.rect, mix(theme.background, theme.panel, 0.5), theme.line, width=1, radius=10)
    if box.h < 90:
        return
    put(img, (box.x + 12, box.y + 10), _("key"), 15, theme.muted, bold=True)
    x, y = box.x + 14, box.y + 44
    paste(img, coin("", 24, theme.ink), (x, y - 12))
    half = box.w / 2 - 50
    draw_text(img, (x + 30, y), _("coin space: +1 coin (3 at most)"), 16, theme.ink, anchor="lm", max_width=half,
              min_size=11)
    put(img, (x + 12, y + 30), "+2", 20, theme.ink, bold=True, anchor="mm")
    draw_text(img, (x + 30, y + 30), _("+2 space: 2 more points"), 16, theme.ink, anchor="lm", max_width=half,
              min_size=11)
    x2 = box.x + box.w / 2 + 10
    paste(img, crane(None, 26, theme.ink, background=theme.panel), (x2, y - 13))
    right = box.right - 10 - (x2 + 32)
    draw_text(img, (x2 + 32, y), _("large project: cost, bonus"), 16, theme.ink, anchor="lm", max_width=right,
              min_size=11)
    draw_text(img, (x2 + 32, y + 30), _("+4 points or ×2 the placement"), 16, theme.ink, anchor="lm",
              max_width=right, min_size=11)
    if box.h >= 140:
        y += 60
        ImageDraw.Draw(img).rounded_rectangle((x, y - 11, x + 24, y + 11), radius=5, outline=theme.highlight, width=4)
        draw_text(img, (x + 30, y), _("last turn: the placement, the project, the refilled offer space"), 16,
                  theme.ink, anchor="lm", max_width=box.right - 10 - (x + 30), min_size=11)


# --------------------------------------------------------------------------------
# The dynamic parts


def draw_board_since(view: PublicView, names: Sequence[str], since: PublicView) -> Image.Image:
    """The board with the tokens placed and the large projects built since the view ``since`` marked."""
    return draw_board_image(view, names, since=since)


def draw_board_image(view: PublicView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                     since: PublicView | None = None) -> Image.Image:
    """The board as a Pillow image (``render.draw_board`` encodes it); with ``since``, what was placed in the
    city after it is marked."""
    players = view["players"]
    img = LAYERS.get(("buerger-baumeister", "board", W, theme.name, players, current()),
                     lambda: _static_layer(players, theme))
    draw = ImageDraw.Draw(img)
    last = view["last_turn"]
    for d, district in enumerate(view["districts"]):
        _draw_district(img, draw, d, district, last, theme)
        if since is not None:
            _mark_since(draw, d, since["districts"][d], district, theme)
    _draw_offer(img, draw, view, last, theme)
    _draw_players(img, draw, view, names, theme)
    _draw_counts(img, view, theme)
    # The header last: a status or a last turn longer than their rows grows the header (the city moves down).
    header = _header(view, names)
    head, _sep, bought = describe_last_turn(last, names).rpartition(" · ")
    text = f"{head} · {unbroken(bought)}" if head else bought  # "took YH2 (free)" never split
    # A last turn on one row stands in the middle of the two the header keeps for it.
    return draw_header_with_last_move(img, theme, W, header, _("LAST TURN"), last["seat"] if last else None, text,
                                      room=ROWS)


def _highlight(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, theme: Theme) -> None:
    """The last-turn ring: a little tighter than the default one, the spaces sit close together."""
    highlight_ring(draw, centre, size, theme, outer=(7, 5), inner=(3, 2), radius=9)


def _draw_district(img: Image.Image, draw: ImageDraw.ImageDraw, d: int, district: District, last: LastTurn | None,
                   theme: Theme) -> None:
    for i, space in enumerate(district["spaces"]):
        tok = space["token"]
        if tok:
            paste(img, token(tok["colour"], tok["type"], tok["value"], SQ, theme.ink), space_centre(d, i), anchor="mm")
    owner = district["project"]["crane"]
    if owner is not None:
        x, y = project_centre(d)
        h = SQ / 2 - 3
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=3, fill=theme.panel)
        paste(img, crane(owner, 42, theme.ink), (x, y), anchor="mm")
    if last and last["district"] == district["id"]:
        if last["space"] is not None:
            _highlight(draw, space_centre(d, last["space"]), SQ, theme)
        if last["project_points"]:
            _highlight(draw, project_centre(d), SQ, theme)


def _mark_since(draw: ImageDraw.ImageDraw, d: int, before: District, district: District, theme: Theme) -> None:
    """The tokens placed in district ``d``, and its large project if built, after ``before``."""
    for i, (was, space) in enumerate(zip(before["spaces"], district["spaces"], strict=True)):
        if space["token"] and space["token"] != was["token"]:
            since_mark(draw, space_centre(d, i), SQ, theme, pad=5, arm=0.25)
    if district["project"]["crane"] is not None and before["project"]["crane"] is None:
        since_mark(draw, project_centre(d), SQ, theme, pad=5, arm=0.25)


def _draw_offer(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, last: LastTurn | None,
                theme: Theme) -> None:
    cx, cy = offer_centre()
    spaces = view["offer"]
    refilled = last["offer_space"] - 1 if last else None
    for i, space in enumerate(spaces):
        x, y = offer_space_centre(i)
        tok = space["token"]
        if tok:
            paste(img, token(tok["colour"], tok["type"], tok["value"], OFFER_TOKEN, theme.ink), (x, y), anchor="mm")
        else:
            put(img, (x, y), _("empty"), 15, theme.muted, anchor="mm")
        nx, ny = (x - cx) / OFFER_RADIUS, (y - cy) / OFFER_RADIUS
        # Outside the circle: the price, or the Mayor standing on the free space.
        px, py = x + nx * 66, y + ny * 66
        if space["mayor"]:
            paste(img, mayor(46, theme.ink), (px, py), anchor="mm")
            badge(draw, (x - 14, y + OFFER_TOKEN / 2 + 4), _("FREE"), 13, theme.good, anchor="mm", pad=4)
        else:
            paste(img, coin(space["price"], 30, theme.ink), (px, py), anchor="mm")
        if refilled == i and tok:
            _highlight(draw, (x, y), OFFER_TOKEN, theme)
        _space_number(img, i, theme)
    paste(img, bag(64, theme.ink), (cx, cy - 14), anchor="mm")
    size = view["bag_size"]
    put(img, (cx, cy + 34), _("{n} in bag", n=size), 17, theme.ink, bold=True, anchor="mm")


def describe_last_turn(last: LastTurn | None, names: Sequence[str]) -> str:
    """The last turn in words, e.g. "Ana placed red villa 3 on red-M +2: 7 points · bought …"."""
    if not last:
        return _("No turns yet")
    who = player_name(names, last["seat"])
    name = X.object_token(last["token"]["code"])
    if last["discarded"]:
        parts = [_("{who} could not place and discarded {token}", who=who, token=name)]
    else:
        district, bonus = last["district"] or "", last["bonus"] or ""
        where = {"who": who, "token": name, "district": X.district_name(district), "bonus": X.bonus_name(bonus)}
        if last["coin"] > 0:
            parts = [ngettext("{who} placed {token} on {district} {bonus}: {n} pt +1 coin",
                              "{who} placed {token} on {district} {bonus}: {n} pts +1 coin", last["points"], **where)]
        else:
            parts = [ngettext("{who} placed {token} on {district} {bonus}: {n} pt",
                              "{who} placed {token} on {district} {bonus}: {n} pts", last["points"], **where)]
        if last["project_points"]:
            parts.append(_("project +{points}", points=last["project_points"]))
    price, code = last["price"], last["bought"]["code"]
    parts.append(_("took {code} (free)", code=code) if price == 0 else
                 ngettext("took {code} ({n} coin)", "took {code} ({n} coins)", price, code=code))
    return " · ".join(parts)


def _header(view: PublicView, names: Sequence[str]) -> Header:
    to_act = view["to_act"]
    winners = view["winners"] or []
    who = " & ".join(player_name(names, s) for s in winners)
    result = ngettext("{who} wins!", "{who} win!", len(winners), who=who)
    return Header(
        title="BÜRGER, BAUMEISTER & CO.", turn=view["turn_number"], to_act=to_act, name=player_name(names, to_act),
        status=_("to play: place a token, then buy one"), winners=winners if view["over"] else None, result=result)


def _draw_players(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                  theme: Theme) -> None:
    infos = view["players_info"]
    finals = {f["seat"]: f for f in view["final"] or []}
    winners = set(view["winners"] or [])
    for seat, box in enumerate(player_boxes(view["players"])):
        _draw_player(img, draw, box, seat, infos[seat], finals.get(seat), seat in winners, view, names, theme)


def _draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: int, info: PlayerInfo,
                 final: FinalHand | None, won: bool, view: PublicView, names: Sequence[str], theme: Theme) -> None:
    acting = view["to_act"] == seat
    if acting or won:
        rounded_box(draw, box.rect, None, theme.accent if acting else GOLD, width=5, radius=12)
    inner = box.inset(14, 10)
    paste(img, seat_badge(seat, 34, theme.ink), (inner.x, inner.y))
    # The score, right-aligned and large: what the game is about.
    score = info["score"]
    total = final["total"] if final else score
    score_w = put(img, (inner.right, inner.y + 18), str(total), 34, theme.ink, bold=True, anchor="rm")
    put(img, (inner.right - score_w - 8, inner.y + 24), _("points"), 15, theme.muted, anchor="rm")
    tag = 0.0
    if acting:
        tag = badge(draw, (inner.right - score_w - 70, inner.y + 18), _("TO ACT"), 14, theme.accent, anchor="rm") + 8
    elif won:
        paste(img, icon("crown", 28, GOLD, theme.ink), (inner.right - score_w - 100, inner.y + 4))
        tag = 36
    draw_text(img, (inner.x + 44, inner.y + 17), player_name(names, seat), 24, theme.ink, bold=True, anchor="lm",
              max_width=inner.w - 44 - score_w - 80 - tag, min_size=16)
    y = inner.y + 58
    if final:
        _draw_final(img, inner, y, score, final, theme)
        return
    coins = info["coins"]
    x = inner.x
    for i in range(data.MAX_COINS):
        paste(img, coin("", 26, theme.ink if i < coins else theme.line, GOLD if i < coins else theme.panel_alt),
              (x + i * 22, y - 13))
    put(img, (x + 3 * 22 + 10, y), X.coins(coins), 17, theme.ink, anchor="lm")
    x = inner.x + 190
    cranes = info["cranes"]
    for i in range(data.CRANES):
        paste(img, crane(seat, 30, theme.ink, faded=i >= cranes, background=theme.panel), (x + i * 30, y - 15))
    draw_text(img, (x + 3 * 30 + 8, y), ngettext("{n} crane left", "{n} cranes left", cranes), 17, theme.ink,
              anchor="lm", max_width=inner.x + 430 - (x + 3 * 30 + 8) - 6, min_size=12)
    x = inner.x + 430
    paste(img, hand_back(30, theme.ink), (x, y - 15))
    n = info["hand_size"]
    draw_text(img, (x + 36, y), _("{n} in hand", n=n), 17, theme.ink, anchor="lm", max_width=inner.right - x - 36,
              min_size=12)


def _draw_final(img: Image.Image, inner: Box, y: float, score: int, final: FinalHand, theme: Theme) -> None:
    """Game over: points during play + the best colour in hand = total, and the hand itself."""
    colour = final["colour"]
    bonus = final["points"]
    text = (_("{score} + {bonus} for {colour} in hand", score=score, bonus=bonus, colour=X.colour_noun(colour))
            if colour else _("{score} + {bonus} (no tokens in hand)", score=score, bonus=bonus))
    used = put(img, (inner.x, y), text, 17, theme.ink, anchor="lm")
    x = inner.x + used + 12
    for tok in final["hand"]:
        paste(img, token(tok["colour"], tok["type"], tok["value"], 30, theme.ink), (x, y - 15))
        x += 34


def _draw_counts(img: Image.Image, view: PublicView, theme: Theme) -> None:
    """Bag, tokens removed unseen at setup, tokens discarded: the bottom line of the players' column."""
    box = info_box(view["players"])
    if box.h < 30:
        return
    discarded = view["discarded"]
    text = _("bag: {bag} · removed unseen: {removed}", bag=view["bag_size"], removed=view["removed"])
    if discarded:
        text += " · " + _("discarded: {tokens}", tokens=", ".join(t["code"] for t in discarded))
    draw_text(img, (box.x + 12, box.bottom - 17), text, 16, theme.muted, anchor="lm", max_width=box.w - 24,
              min_size=12)
