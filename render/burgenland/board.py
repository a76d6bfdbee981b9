"""Burgenland's board image, drawn from the public view.

Top to bottom: a header (whose turn, the last move in words), the board graph
(11 castles on the roads between the 8 border markers, the large castle in the
middle), the supply strip (architect, well card, reward column, deck, tiles) and
one panel per player.  Everything that never changes during a game — table, roads,
castle frames, printed site bonuses, labels — is the cached static layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgenland import data
from engines.burgenland.words import site_letter
from engines.i18n import N_, current, game_catalog
from render.burgenland import colours
from render.burgenland import geometry as geo
from render.burgenland.pieces import INDICATOR_RED, TILE_FILL, bonus_icon, coin, indicator, marker, piece
from render.cache import LAYERS
from render.canvas import new_canvas
from render.header import Header, board_header_height, draw_header_with_last_move, header_panel
from render.icons import icon
from render.layout import Box, centered
from render.legend import draw_player_title, player_name, seat_badge
from render.palette import DEFAULT_THEME, GOLD, Theme, mix, player_colour
from render.shapes import card, highlight_ring, paste, rounded_box, since_mark, square_chip
from render.text import draw_text, font, put, unbroken, wrap
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.burgenland.view import Castle, LastMove, PlayerInfo, PublicView

T = game_catalog("burgenland")
_, ngettext = T.gettext, T.ngettext

W = geo.BOARD_WIDTH
HEADER_H = board_header_height(W) + 4
GRAPH_Y = HEADER_H
SUPPLY_Y = GRAPH_Y + geo.GRAPH_HEIGHT
SUPPLY_H = 146
PLAYERS_Y = SUPPLY_Y + SUPPLY_H + 10
PLAYERS_H = 200
H = PLAYERS_Y + PLAYERS_H + 16
MARGIN = 20
PIECE_KINDS = ("wall", "tower", "house", "well")
#: Short names of bonus tiles for the supply strip (the hand spells them out in full).
BONUS_NAMES = {data.PAY_TEN: N_("pay 10"), data.DRAW_FIVE: N_("draw 5"), data.IGNORE: N_("ignore restr."),
               data.EXTRA_SITE: N_("extra site")}


# --------------------------------------------------------------------------------
# Geometry helpers


def castle_box(number: int) -> Box:
    cx, cy = geo.CASTLE_CENTRES[number]
    return centered((cx, cy + GRAPH_Y), geo.CASTLE_W, geo.CASTLE_H)


def site_centre(number: int, site: str) -> tuple[float, float]:
    box = castle_box(number)
    sx, sy = geo.SITE_CENTRES[site]
    return (box.x + sx, box.y + sy)


def well_centre(number: int) -> tuple[float, float]:
    box = castle_box(number)
    return (box.x + geo.WELL_CENTRE[0], box.y + geo.WELL_CENTRE[1])


def junction(position: int) -> tuple[float, float]:
    x, y = geo.JUNCTIONS[position]
    return (x, y + GRAPH_Y)


def large_box() -> Box:
    cx, cy = geo.LARGE_CENTRE
    return centered((cx, cy + GRAPH_Y), geo.LARGE_W, geo.LARGE_H)


def supply_box() -> Box:
    return Box(MARGIN, SUPPLY_Y, W - 2 * MARGIN, SUPPLY_H)


def player_boxes(players: int) -> list[Box]:
    return Box(MARGIN, PLAYERS_Y, W - 2 * MARGIN, PLAYERS_H).columns(players, gap=14)


def parse_where(where: str) -> tuple[str, int | None, str | None]:
    """A last-move location: ("large", None, None), ("well", castle, None) or ("site", castle, site)."""
    if where == data.LARGE:
        return ("large", None, None)
    if where.isdigit():
        return ("well", int(where), None)
    return ("site", int(where[:-1]), where[-1])


# --------------------------------------------------------------------------------
# The static layer


def _static_layer(players: int, theme: Theme) -> Image.Image:
    img = new_canvas(W, H, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, HEADER_H - 6, theme)
    _static_roads(img, theme)
    for number in geo.CASTLE_CENTRES:
        _static_castle(img, draw, number, theme)
    _static_large(img, theme)
    _static_legends(img, theme)
    _static_supply(img, draw, theme)
    for box in player_boxes(players):
        rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
    return img


def _static_roads(img: Image.Image, theme: Theme) -> None:
    draw = ImageDraw.Draw(img)
    for a, b in data.CASTLE_MARKERS.values():
        draw.line((junction(a), junction(b)), fill=theme.line, width=22)
    for a, b in data.CASTLE_MARKERS.values():
        draw.line((junction(a), junction(b)), fill=theme.road, width=16)
    cx, cy = W / 2, GRAPH_Y + geo.GRAPH_HEIGHT / 2
    for position in geo.JUNCTIONS:
        x, y = junction(position)
        r = geo.MARKER_DIAMETER / 2 + 5
        draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.line)
        # The "M1" label sits on the far side from the board's centre, clear of roads.
        dx, dy = x - cx, y - cy
        norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
        lx, ly = x + dx / norm * 46, y + dy / norm * 46
        put(img, (lx, ly), f"M{position}", 17, theme.muted, bold=True, anchor="mm")


def _static_castle(img: Image.Image, draw: ImageDraw.ImageDraw, number: int, theme: Theme) -> None:
    box = castle_box(number)
    rounded_box(draw, box.rect, theme.panel, theme.ink, width=2, radius=12)
    draw.rounded_rectangle((box.x + 2, box.y + 2, box.right - 2, box.y + geo.CASTLE_HEADER_H),
                           radius=10, fill=theme.panel_alt)
    paste(img, square_chip(str(number), 30, theme.ink, theme.ink), (box.x + 6, box.y + 3))
    for site in data.SITES:
        _empty_site(img, site_centre(number, site), site, theme)
    wx, wy = well_centre(number)
    r = geo.WELL / 2
    draw.ellipse((wx - r, wy - r, wx + r, wy + r), fill=theme.background, outline=theme.muted, width=2)
    paste(img, icon("well", 24, theme.background, theme.muted), (wx, wy), anchor="mm")
    for site, (bx, by) in geo.BONUS_CENTRES.items():
        bonus = data.site_bonus(number, site)
        if bonus:
            paste(img, bonus_icon(bonus, geo.BONUS_ICON, theme.ink), (box.x + bx, box.y + by), anchor="mm")


def _empty_site(img: Image.Image, centre: tuple[float, float], site: str, theme: Theme) -> None:
    draw = ImageDraw.Draw(img)
    x, y = centre
    h = geo.SITE / 2
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=7, fill=theme.background,
                           outline=theme.muted, width=2)
    put(img, (x, y), site_letter(site), 20, mix(theme.muted, theme.background, 0.35), bold=True, anchor="mm")


def _static_large(img: Image.Image, theme: Theme) -> None:
    draw = ImageDraw.Draw(img)
    box = large_box()
    rounded_box(draw, box.rect, theme.panel, theme.ink, width=3, radius=14)
    draw.rounded_rectangle((box.x + 3, box.y + 3, box.right - 3, box.y + 36), radius=12, fill=theme.panel_alt)
    put(img, (box.x + box.w / 2, box.y + 20), _("Large castle"), 21, theme.ink, bold=True, anchor="mm")


def _legend_box(img: Image.Image, rect: tuple[int, int, int, int], title: str, theme: Theme) -> Box:
    x, y, w, h = rect
    box = Box(x, y + GRAPH_Y, w, h)
    ImageDraw.Draw(img).rounded_rectangle(box.rect, radius=10, fill=mix(theme.background, theme.panel, 0.5),
                                          outline=theme.line, width=1)
    draw_text(img, (box.x + 10, box.y + 8), title, 15, theme.muted, bold=True, max_width=box.w - 16, min_size=11)
    return Box(box.x + 8, box.y + 32, box.w - 16, box.h - 38)


def _static_legends(img: Image.Image, theme: Theme) -> None:
    """Keys for first-time readers: what the small icons mean (drawn once, in the static layer)."""
    body = _legend_box(img, geo.LEGEND_BONUS, _("site bonus"), theme)
    bonuses = ((data.JOKER_BONUS, _("joker")), (data.COINS_BONUS, _("3 coins")),
               (data.EXCHANGE_BONUS, _("exchange")), (data.TILE_BONUS, _("bonus tile")))
    for (bonus, label), row in zip(bonuses, body.rows(4), strict=True):
        cy = row.y + row.h / 2
        paste(img, bonus_icon(bonus, 24, theme.ink), (row.x, cy - 12))
        draw_text(img, (row.x + 32, cy), label, 16, theme.ink, anchor="lm", max_width=row.w - 34, min_size=11)
    body = _legend_box(img, geo.LEGEND_PIECES, _("pieces"), theme)
    rows = body.rows(4)
    entries = ((piece("wall", None, 26, theme.ink), _("neutral")),
               (piece("wall", 0, 26, theme.ink), _("seat {n}", n=1)), (indicator(26, theme.ink), _("next well")))
    for (sprite, label), row in zip(entries, rows, strict=False):
        cy = row.y + row.h / 2
        paste(img, sprite, (row.x, cy - 13))
        draw_text(img, (row.x + 34, cy), label, 16, theme.ink, anchor="lm", max_width=row.w - 36, min_size=11)
    cy = rows[3].y + rows[3].h / 2
    ImageDraw.Draw(img).rounded_rectangle((rows[3].x + 1, cy - 12, rows[3].x + 25, cy + 12), radius=5,
                                          outline=theme.highlight, width=4)
    draw_text(img, (rows[3].x + 34, cy), _("last build"), 16, theme.ink, anchor="lm", max_width=rows[3].w - 36,
              min_size=11)


def _supply_columns() -> list[Box]:
    """Architect | well card | well rewards | deck & discard | tiles."""
    box = supply_box()
    widths = (176, 160, 330, 262)
    cols = []
    x = box.x
    for w in widths:
        cols.append(Box(x, box.y, w, box.h))
        x += w + 12
    cols.append(Box(x, box.y, box.right - x, box.h))
    return cols


SUPPLY_TITLES = (N_("Architect"), N_("Well card"), N_("Well rewards"), N_("Deck · discard"), N_("Tiles"))


def _static_supply(img: Image.Image, draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    for col, title in zip(_supply_columns(), SUPPLY_TITLES, strict=True):
        rounded_box(draw, col.rect, theme.panel, theme.line, width=2, radius=12)
        draw_text(img, (col.x + 12, col.y + 10), _(title), 18, theme.muted, bold=True, max_width=col.w - 20,
                  min_size=12)


# --------------------------------------------------------------------------------
# The dynamic parts


def draw_board_since(view: PublicView, names: Sequence[str], since: PublicView) -> Image.Image:
    """The board with what was built, and which border markers moved, since the view ``since``."""
    return draw_board_image(view, names, since=since)


def draw_board_image(view: PublicView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                     since: PublicView | None = None) -> Image.Image:
    """The board as a Pillow image (``render.draw_board`` encodes it); with ``since``, what changed after it
    is marked."""
    players = view["players"]
    img = LAYERS.get(("burgenland", "board", W, theme.name, players, current()),
                     lambda: _static_layer(players, theme))
    draw = ImageDraw.Draw(img)
    letters = view["colours"]
    last = view["last_move"]
    last_where = parse_where(last["where"]) if last else None
    for castle in view["castles"]:
        _draw_castle(img, draw, castle, letters, last_where, theme)
    _draw_markers(img, view["markers"], letters, theme)
    if since is not None:
        _mark_since(draw, since, view, theme)
    _draw_large(img, draw, view, names, last_where == ("large", None, None), theme, since)
    _draw_supply(img, draw, view, theme)
    _draw_players(img, draw, view, names, theme)
    # The header last: a long status or last build wraps onto more rows, and the header grows (the board moves
    # down).
    header, text = _header(view, names), describe_last_move(last, names)
    return draw_header_with_last_move(img, theme, W, header, _("LAST BUILD"), last["seat"] if last else None, text)


def _draw_castle(img: Image.Image, draw: ImageDraw.ImageDraw, castle: Castle, letters: Mapping[str, str],
                 last_where: tuple[str, int | None, str | None] | None, theme: Theme) -> None:
    number = castle["number"]
    box = castle_box(number)
    # The castle's two building colours, repeated here so nobody has to trace roads.
    for i, colour in enumerate(reversed(castle["colours"])):
        paste(img, marker(colours.letter(colour, letters), colours.rgb(colour), 28, theme.ink),
              (box.right - 34 - i * 32, box.y + 3))
    sites = castle["sites"]
    if "X" in sites:
        _empty_site(img, site_centre(number, "X"), "X", theme)
    for site, content in sites.items():
        if content:
            paste(img, piece(content["piece"], content["owner"], geo.SITE, theme.ink),
                  site_centre(number, site), anchor="mm")
    well = castle["well"]
    wc = well_centre(number)
    last_here = last_where is not None and last_where[1] == number
    # Rings first, the well's piece over them: its seat number stays whole.
    if last_here and last_where is not None and last_where[0] == "well":
        highlight_ring(draw, wc, geo.WELL, theme, round_=True)
    if castle["indicator"]:
        r = geo.WELL / 2 + 3
        draw.ellipse((wc[0] - r, wc[1] - r, wc[0] + r, wc[1] + r), outline=INDICATOR_RED, width=4)
    if well:
        paste(img, piece("well", well["owner"], geo.WELL, theme.ink), wc, anchor="mm")
    if castle["indicator"]:
        if well:  # should not happen (the indicator moves on), but never hide it
            paste(img, indicator(28, theme.ink), (wc[0] + 26, wc[1] - 20), anchor="mm")
        else:
            paste(img, indicator(34, theme.ink), wc, anchor="mm")
    if last_here and last_where is not None and last_where[0] == "site" and last_where[2] in geo.SITE_CENTRES:
        highlight_ring(draw, site_centre(number, last_where[2]), geo.SITE, theme)


def _mark_since(draw: ImageDraw.ImageDraw, since: PublicView, view: PublicView, theme: Theme) -> None:
    """Each piece built on a castle's site or well, and each border marker swapped, after ``since``."""
    for before, castle in zip(since["castles"], view["castles"], strict=True):
        number = castle["number"]
        for site, content in castle["sites"].items():
            if content and content != before["sites"].get(site):
                since_mark(draw, site_centre(number, site), geo.SITE, theme)
        if castle["well"] and castle["well"] != before["well"]:
            since_mark(draw, well_centre(number), geo.WELL, theme)
    for position, (was, now) in enumerate(zip(since["markers"], view["markers"], strict=True), start=1):
        if was != now and position in geo.JUNCTIONS:
            since_mark(draw, junction(position), geo.MARKER_DIAMETER, theme)


def _draw_markers(img: Image.Image, markers: Sequence[str], letters: Mapping[str, str], theme: Theme) -> None:
    for position, colour in enumerate(markers, start=1):
        if position in geo.JUNCTIONS:
            paste(img, marker(colours.letter(colour, letters), colours.rgb(colour), geo.MARKER_DIAMETER,
                              theme.ink), junction(position), anchor="mm")


def large_counts(view: PublicView) -> list[dict[str, int]]:
    """Each seat's pieces in the large castle, by kind."""
    players = view["players"]
    counts = [dict.fromkeys(data.BUILDINGS, 0) for _ in range(players)]
    for built in view["large_castle"]:
        owner = built["owner"]
        if 0 <= owner < players and built["piece"] in counts[owner]:
            counts[owner][built["piece"]] += 1
    return counts


def _draw_large(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                highlighted: bool, theme: Theme, since: PublicView | None = None) -> None:
    """The large castle: each seat's pieces there by kind; with ``since``, a count that grew after it is marked."""
    box = large_box()
    players = view["players"]
    counts = large_counts(view)
    before = large_counts(since) if since is not None else counts
    body = Box(box.x + 10, box.y + 42, box.w - 20, box.h - 50)
    rows = body.rows(max(players, 3), gap=2)
    for seat, row in enumerate(rows[:players]):
        cy = row.y + row.h / 2
        size = min(30, round(row.h) - 4)
        paste(img, seat_badge(seat, size, theme.ink), (row.x, cy - size / 2))
        x = row.x + 56
        for kind in ("wall", "tower", "house"):
            n = counts[seat][kind]
            faded = n == 0
            fill = mix(player_colour(seat), theme.panel, 0.7) if faded else player_colour(seat)
            paste(img, icon(kind, size, fill, mix(theme.ink, theme.panel, 0.6) if faded else theme.ink),
                  (x, cy - size / 2))
            put(img, (x + size + 4, cy), f"×{n}", 20, theme.muted if faded else theme.ink, bold=True,
                anchor="lm")
            if n > before[seat][kind]:
                since_mark(draw, (x + size / 2 + 14, cy), (size + 30, size), theme, pad=2, arm=0.3)
            x += size + 52
    if highlighted:
        draw.rounded_rectangle(box.inset(-7).rect, radius=18, outline=theme.highlight, width=6)


def _header(view: PublicView, names: Sequence[str]) -> Header:
    winner, to_act = view["winner"], view["to_act"]
    status = _("main action done: may end the turn") if view["main_done"] else _("to play: build, or take 2 cards")
    return Header(
        title="BURGENLAND", turn=view["turn_number"], to_act=to_act, name=player_name(names, to_act), status=status,
        winners=None if winner is None else [winner], result=_("{name} wins!", name=player_name(names, winner)),
        idle=_("Game over"))


#: "Ann built a wall in castle 3, west site", per piece (the words around a piece differ by language).
BUILT = {
    data.WALL: N_("{name} built a wall {where}"), data.TOWER: N_("{name} built a tower {where}"),
    data.HOUSE: N_("{name} built a house {where}"), data.WELL: N_("{name} built a well {where}"),
}


def describe_last_move(last: LastMove | None, names: Sequence[str]) -> str:
    """The last move in words, e.g. "Ann built a wall in castle 3, west site"."""
    if not last:
        return _("No builds yet")
    kind, castle, site = parse_where(last["where"])
    if kind == "large":
        where = _("in the large castle")
    elif kind == "well":
        where = _("in castle {castle}", castle=castle)
    else:
        site_name = data.SITE_NAMES.get(site or "")
        where = _("in castle {castle}, {site} site", castle=castle, site=_(site_name) if site_name else site)
    name = player_name(names, last["seat"])
    message = BUILT.get(last["piece"])
    return _(message, name=name, where=where) if message else f"{name} {last['piece']} {where}"


def _draw_supply(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, theme: Theme) -> None:
    arch, well_col, rewards_col, deck_col, tiles_col = _supply_columns()
    cy = arch.y + 82
    # Architect: the face-up cost a small-castle tower pays on top.
    paste(img, card((46, 64), TILE_FILL, theme.ink, "", ""), (arch.x + 14, cy - 32))
    put(img, (arch.x + 37, cy + 2), str(view["architect_cost"]), 30, theme.ink, bold=True, anchor="mm")
    draw_text(img, (arch.x + 70, cy - 12), T.pgettext("architect", "extra"), 17, theme.muted, anchor="lm",
              max_width=arch.right - arch.x - 76, min_size=12)
    draw_text(img, (arch.x + 70, cy + 10), _("per tower"), 17, theme.muted, anchor="lm",
              max_width=arch.right - arch.x - 76, min_size=12)
    # Well card: which castle the indicator stands in.
    well_card = view["well_card"]
    paste(img, indicator(40, theme.ink), (well_col.x + 14, cy - 22))
    if well_card is None:
        draw_text(img, (well_col.x + 62, cy), _("no more"), 19, theme.muted, anchor="lm",
                  max_width=well_col.right - well_col.x - 68, min_size=12)
    else:
        draw_text(img, (well_col.x + 62, cy - 12), _("castle"), 17, theme.muted, anchor="lm",
                  max_width=well_col.right - well_col.x - 68, min_size=12)
        put(img, (well_col.x + 62, cy + 14), str(well_card), 30, INDICATOR_RED, bold=True, anchor="lm")
    _draw_rewards(img, draw, rewards_col, view["well_rewards"], theme)
    _draw_deck(img, draw, deck_col, view, theme)
    _draw_tiles(img, draw, tiles_col, view, theme)


REWARD_SIZE = 34
REWARD_STEP = REWARD_SIZE + 5


def reward_x(col: Box, i: int) -> float:
    """The left edge of the ``i``-th coin of the well-reward column."""
    return col.x + 14 + i * REWARD_STEP


def _draw_rewards(img: Image.Image, draw: ImageDraw.ImageDraw, col: Box, remaining: Sequence[int],
                  theme: Theme) -> None:
    """The whole reward column; rewards already taken are faded and struck out, "next ↑" under the next one."""
    column = list(data.WELL_REWARDS)
    taken = max(0, len(column) - len(remaining))
    size = REWARD_SIZE
    cy = col.y + 82
    for i, value in enumerate(column):
        x = reward_x(col, i)
        if i < taken:
            paste(img, coin(value, size, theme.line, theme.panel_alt), (x, cy - size / 2))
            draw.line((x + 4, cy + 12, x + size - 4, cy - 12), fill=theme.bad, width=3)
        else:
            paste(img, coin(value, size, theme.ink), (x, cy - size / 2))
            if i == taken:
                draw.rounded_rectangle((x - 4, cy - size / 2 - 4, x + size + 4, cy + size / 2 + 4),
                                       radius=8, outline=theme.ink, width=2)
    if taken >= len(column):
        put(img, (col.x + 14, cy + 30), _("no more rewards"), 16, theme.muted, anchor="lm")
    else:
        # Under the next coin (whatever has been taken), never under a crossed-out one.
        x = min(reward_x(col, taken) + size / 2, col.right - 34)
        put(img, (x, cy + 34), _("next ↑"), 15, theme.ink, bold=True, anchor="mm")


def _draw_deck(img: Image.Image, draw: ImageDraw.ImageDraw, col: Box, view: PublicView, theme: Theme) -> None:
    cy = col.y + 82
    paste(img, icon("cards", 44, theme.panel_alt, theme.ink), (col.x + 12, cy - 22))
    put(img, (col.x + 62, cy - 12), _("deck"), 16, theme.muted, anchor="lm")
    put(img, (col.x + 62, cy + 12), str(view["deck_size"]), 26, theme.ink, bold=True, anchor="lm")
    x = col.x + 140
    top = view["discard_top"]
    if top:
        colour = top["colour"]
        paste(img, card((36, 52), colours.rgb(colour), theme.ink, colours.letter(colour, view["colours"]),
                        str(top["value"])), (x, cy - 26))
    else:
        draw.rounded_rectangle((x, cy - 26, x + 36, cy + 26), radius=6, outline=theme.line, width=2)
    draw_text(img, (x + 46, cy - 12), _("discard"), 16, theme.muted, anchor="lm", max_width=col.right - x - 50,
              min_size=11)
    put(img, (x + 46, cy + 12), str(view["discard_size"]), 26, theme.ink, bold=True, anchor="lm")


def _draw_tiles(img: Image.Image, draw: ImageDraw.ImageDraw, col: Box, view: PublicView, theme: Theme) -> None:
    """Tiles still in the supply, and the bonus tiles already played (public)."""
    x = col.x + 14
    rows = ((col.y + 48, "exchange tile", f"{view['exchange_tiles_left']}", _("exchange tiles left")),
            (col.y + 80, "bonus tile", f"{view['bonus_tiles_left']}", _("bonus tiles left")))
    for cy, kind, count, label in rows:
        paste(img, bonus_icon(kind, 28, theme.ink), (x, cy - 14))
        used = put(img, (x + 36, cy), count, 22, theme.ink, bold=True, anchor="lm")
        draw_text(img, (x + 42 + used, cy + 1), label, 17, theme.muted, anchor="lm",
                  max_width=col.right - x - 50 - used, min_size=12)
    counts: dict[str, int] = {}
    for t in view["played_bonus_tiles"]:
        counts[t] = counts.get(t, 0) + 1
    played = ", ".join(unbroken(f"{_(BONUS_NAMES[t]) if t in BONUS_NAMES else t} ×{n}")
                       for t, n in sorted(counts.items())) or _("none")
    # All four kinds played take two lines (in German too), broken between tiles: the panel has room for them.
    for i, line in enumerate(wrap(_("played: {tiles}", tiles=played), font(16), col.w - 28, max_lines=2)):
        put(img, (x, col.y + 110 + i * 21), line, 16, theme.ink, anchor="lm")


def _draw_players(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str],
                  theme: Theme) -> None:
    infos = view["players_info"]
    for seat, box in enumerate(player_boxes(view["players"])):
        _draw_player(img, draw, box, seat, infos[seat], view, names, theme)


def _draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: int, info: PlayerInfo,
                 view: PublicView, names: Sequence[str], theme: Theme) -> None:
    acting = view["to_act"] == seat
    won = view["winner"] == seat
    if acting or won:
        rounded_box(draw, box.rect, None, theme.accent if acting else GOLD, width=5, radius=12)
    inner = box.inset(14, 12)
    draw_player_title(img, draw, inner, seat, player_name(names, seat), theme, acting=acting, won=won, size=36,
                      name_size=26, name_room=48, min_size=16)
    # Pieces still to build: what decides the game.
    left = info["pieces_left"]
    slots = Box(inner.x, inner.y + 52, inner.w, 48).columns(4, gap=6)
    colour = player_colour(seat)
    for kind, slot in zip(PIECE_KINDS, slots, strict=True):
        n = left.get(kind, 0)
        faded = n == 0
        fill = mix(colour, theme.panel, 0.75) if faded else colour
        paste(img, icon(kind, 38, fill, mix(theme.ink, theme.panel, 0.6) if faded else theme.ink),
              (slot.x, slot.y + 5))
        put(img, (slot.x + 42, slot.y + 24), f"×{n}", 22, theme.muted if faded else theme.ink, bold=True,
            anchor="lm")
    total = sum(left.values())
    draw_text(img, (inner.x, inner.y + 116),
              ngettext("{n} piece left · built {built}", "{n} pieces left · built {built}", total,
                       built=info["built"]), 17, theme.muted, anchor="lm", max_width=inner.w, min_size=12)
    # Cards and tiles held (counts only: hands and bonus tiles are secret).
    items = ((icon("cards", 30, theme.panel_alt, theme.ink), str(info["hand_size"]), _("cards")),
             (bonus_icon("exchange tile", 28, theme.ink), str(info["exchange_tiles"]), _("exch.")),
             (bonus_icon("bonus tile", 28, theme.ink), str(info["bonus_tiles"]), _("bonus")))
    cy = inner.y + 154
    for (sprite, count, label), (x, label_x, label_size) in zip(items, stat_layout(inner, items), strict=True):
        paste(img, sprite, (x, cy - sprite.height / 2))
        put(img, (x + STAT_ICON + 5, cy), count, STAT_NUMBER, theme.ink, bold=True, anchor="lm")
        if label_size:
            put(img, (label_x, cy + 1), label, label_size, theme.muted, anchor="lm")


STAT_ICON = 30     # the icon's width in a player's stat row
STAT_NUMBER = 21   # its number's size
STAT_LABEL = 15    # its label's size, shrunk (to 11) or dropped when a row is crowded


def stat_layout(box: Box, items: Sequence[tuple[Image.Image, str, str]]) -> list[tuple[float, float, int]]:
    """Where a player's stat row puts each (icon, number, label): (icon x, label x, label size; 0 = no label).
    The items share ``box``'s width by what they need, so a two-digit count never runs under the next icon."""
    gap = 10
    for size in (STAT_LABEL, 14, 13, 12, 11, 0):
        widths = [STAT_ICON + 5 + text_width(n, font(STAT_NUMBER, True))
                  + (4 + text_width(label, font(size)) if size else 0) for _, n, label in items]
        if sum(widths) + gap * (len(items) - 1) <= box.w:
            break
    spare = (box.w - sum(widths)) / max(1, len(items) - 1) if len(items) > 1 else 0
    out = []
    x = box.x
    for (_icon, n, _label), w in zip(items, widths, strict=True):
        out.append((x, x + STAT_ICON + 5 + text_width(n, font(STAT_NUMBER, True)) + 4, size))
        x += w + spare
    return out
