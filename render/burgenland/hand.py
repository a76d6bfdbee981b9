"""Burgenland's hand image, drawn from one seat's own view (sent by DM).

Top to bottom: who and whose turn; the cards, one row per colour held (and one for
jokers), then one line naming the colours held not at all, so a short hand makes a
short image; held tiles; the player's remaining pieces; and, for each castle, how many of the player's cards
match its two colours and which of its sites are open.  The last part is plain
counting of what the view shows; the rules stay in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.burgenland import data
from engines.burgenland.words import site_letter
from engines.i18n import game_catalog
from render.burgenland import colours
from render.burgenland.board import PIECE_KINDS
from render.burgenland.pieces import JOKER_FILL, bonus_icon, indicator, marker
from render.canvas import new_canvas
from render.header import INSET, caption_size, draw_turn_header, hand_header_height, header_panel
from render.icons import icon
from render.layout import Box
from render.legend import player_name
from render.palette import DEFAULT_THEME, Theme, mix, player_colour
from render.shapes import card, paste, rounded_box, square_chip
from render.text import draw_text, put

if TYPE_CHECKING:
    from engines.burgenland.view import CardGroup, Castle, SeatView, Tiles

T = game_catalog("burgenland")
_, ngettext = T.gettext, T.ngettext

W = 900
PAD = 24
HEADER_H = hand_header_height(W, extra_rows=1)
ROW_H = 62
CARD_W, CARD_H = 40, 56
CARDS_X = PAD + 170
CARDS_HEAD = 40   # the "Cards" title above the rows
MISSING_H = 48    # the line of colours held not at all
TILES_H = 96
SUPPLY_H = 60
CELL_H = 50
CASTLE_ROWS = (data.CASTLES + 1) // 2
CASTLES_H = 44 + CASTLE_ROWS * (CELL_H + 6) + 56


def large_costs() -> str:
    """"wall 4/6, house 5/7, tower 6/8": cards of one colour / all different, from the data."""
    return ", ".join(f"{_(data.PIECE_NAMES[kind])} {one}/{diff}" for kind, (one, diff) in data.LARGE_COSTS.items())


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a hand's parts go: one card row per colour held (and jokers), the rest below them."""

    rows: tuple[str, ...]   # colours with cards, in the game's order, then "joker" if any
    missing: tuple[str, ...]  # colours with no card
    cards_y: int
    tiles_y: int
    supply_y: int
    castles_y: int
    height: int

    def row_centre(self, i: int) -> float:
        return self.cards_y + CARDS_HEAD + i * ROW_H + ROW_H / 2

    @property
    def cards_bottom(self) -> int:
        return self.tiles_y - 10


def layout(counts: Mapping[str, int], jokers: int) -> Layout:
    """The hand's layout for these card counts: empty colours take no row (they are named on one line)."""
    rows = tuple(c for c in data.COLOURS if counts.get(c, 0)) + (("joker",) if jokers else ())
    missing = tuple(c for c in data.COLOURS if not counts.get(c, 0))
    cards_y = HEADER_H + 12
    cards_h = CARDS_HEAD + max(1, len(rows)) * ROW_H + (MISSING_H if missing else 0) + 6
    tiles_y = cards_y + cards_h + 10
    supply_y = tiles_y + TILES_H + 10
    castles_y = supply_y + SUPPLY_H + 10
    return Layout(rows, missing, cards_y, tiles_y, supply_y, castles_y, castles_y + CASTLES_H + 14)


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The hand as a Pillow image (``render.draw_hand`` encodes it)."""
    seat = view["seat"]
    counts = _counts_by_colour(view["hand"]["cards"])
    jokers = view["hand"]["jokers"]
    lay = layout(counts, jokers)
    img = new_canvas(W, lay.height, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, HEADER_H, theme)
    _draw_header(img, draw, view, names, seat, counts, jokers, theme)
    _draw_cards(img, draw, view["hand"]["cards"], jokers, lay, theme)
    _draw_tiles(img, draw, view["tiles"], lay.tiles_y, theme)
    _draw_supply(img, draw, view, seat, lay.supply_y, theme)
    _draw_castles(img, draw, view, counts, jokers, lay.castles_y, theme)
    return img


def _counts_by_colour(cards: Sequence[CardGroup]) -> dict[str, int]:
    counts = dict.fromkeys(data.COLOURS, 0)
    for group in cards:
        counts[group["colour"]] = counts.get(group["colour"], 0) + group["count"]
    return counts


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str], seat: int,
                 counts: Mapping[str, int], jokers: int, theme: Theme) -> None:
    winner = view["winner"]
    ended = None
    if winner is not None:
        ended = ((_("YOU WON!"), _("You built every piece first.")) if winner == seat
                 else (_("GAME OVER"), _("{name} won.", name=player_name(names, winner))))
    y = draw_turn_header(img, draw, theme, width=W, names=names, seat=seat, to_act=view["to_act"], title="BURGENLAND",
                         turn=view["turn_number"], your_turn=_("Your turn: build, or take 2 cards."), ended=ended)
    coins = sum(g["value"] * g["count"] for g in view["hand"]["cards"])
    n_cards = sum(counts.values())
    summary = " · ".join((
        ngettext("your hand: {n} card worth {coins} coins", "your hand: {n} cards worth {coins} coins", n_cards,
                 coins=coins),
        ngettext("{n} joker", "{n} jokers", jokers)))
    draw_text(img, (INSET + 12, y + caption_size(W) * 0.75), summary, caption_size(W), theme.muted, anchor="lm",
              max_width=W - 2 * INSET - 24)


def _draw_cards(img: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[CardGroup], jokers: int, lay: Layout,
                theme: Theme) -> None:
    rounded_box(draw, (14, lay.cards_y, W - 14, lay.cards_bottom), theme.panel, theme.line, radius=12)
    put(img, (PAD, lay.cards_y + 10), _("Cards"), 20, theme.muted, bold=True)
    groups: dict[str, dict[int, int]] = {c: {} for c in data.COLOURS}
    for group in cards:
        values = groups.setdefault(group["colour"], {})
        values[group["value"]] = values.get(group["value"], 0) + group["count"]
    for i, colour in enumerate(lay.rows):
        cy = lay.row_centre(i)
        top = cy - ROW_H / 2
        if i % 2:
            draw.rectangle((16, top, W - 16, top + ROW_H - 1), fill=mix(theme.panel, theme.panel_alt, 0.45))
        if colour == "joker":
            draw.line((16, top, W - 16, top), fill=theme.line, width=2)
            paste(img, icon("star", 40, (250, 200, 40), theme.ink), (PAD, cy - 20))
            draw_text(img, (PAD + 50, cy), _("jokers"), 19, theme.ink, bold=True, anchor="lm",
                      max_width=CARDS_X - PAD - 54, min_size=13)
            _draw_card_row(img, "joker", [(data.JOKER_VALUE, jokers)], cy, theme)
            _row_total(img, jokers, data.JOKER_VALUE * jokers, cy, theme)
            continue
        paste(img, marker(colours.LETTERS[colour], colours.rgb(colour), 40, theme.ink), (PAD, cy - 20))
        draw_text(img, (PAD + 50, cy), colours.label(colour), 19, theme.ink, anchor="lm",
                  max_width=CARDS_X - PAD - 54, min_size=13)
        by_value = sorted(groups.get(colour, {}).items())
        _draw_card_row(img, colour, by_value, cy, theme)
        _row_total(img, sum(n for _, n in by_value), sum(v * n for v, n in by_value), cy, theme)
    if not lay.rows:
        put(img, (PAD, lay.row_centre(0)), _("no cards and no jokers"), 19, theme.muted, anchor="lm")
    if lay.missing:
        cy = lay.row_centre(max(1, len(lay.rows))) - ROW_H / 2 + MISSING_H / 2
        x = PAD + put(img, (PAD, cy), _("none of:"), 17, theme.muted, anchor="lm") + 10
        for colour in lay.missing:
            paste(img, marker(colours.LETTERS[colour], colours.rgb(colour), 28, theme.ink), (x, cy - 14))
            x += 34


def _card_sprite(colour: str, value: int, theme: Theme) -> Image.Image:
    if colour == "joker":
        return card((CARD_W, CARD_H), JOKER_FILL, theme.ink, "★", str(value))
    return card((CARD_W, CARD_H), colours.rgb(colour), theme.ink, colours.LETTERS[colour], str(value))


def _draw_card_row(img: Image.Image, colour: str, by_value: Sequence[tuple[int, int]], cy: float,
                   theme: Theme) -> None:
    """One card per card while they fit side by side; else a small stack per value with "×n".

    Overlapping cards would hide their values, and the values are what a hand is read for.
    """
    x, x_end = CARDS_X, W - PAD - 150
    top = cy - CARD_H / 2
    total = sum(count for _, count in by_value)
    if total * (CARD_W + 6) - 6 <= x_end - x:
        for value, count in by_value:
            for _copy in range(count):
                paste(img, _card_sprite(colour, value, theme), (x, top))
                x += CARD_W + 6
        return
    for value, count in by_value:
        layers = min(count, 3)
        for k in range(layers):   # a stack: the top card is drawn last, furthest right
            paste(img, _card_sprite(colour, value, theme), (x + 4 * k, top - 2 * (layers - 1 - k)))
        put(img, (x + CARD_W + 4 * (layers - 1) + 4, cy), f"×{count}", 20, theme.ink, bold=True, anchor="lm")
        x += CARD_W + 8 + 60


def _row_total(img: Image.Image, n: int, coins: int, cy: float, theme: Theme) -> None:
    ink = theme.ink if n else theme.muted
    used = put(img, (W - PAD, cy), ngettext("{n} coin", "{n} coins", coins) if n else "–", 18, theme.muted,
               anchor="rm")
    # "×n" left of the coins, clear of a longer word for them ("13 Münzen").
    put(img, (W - PAD - max(80, used + 10), cy), f"×{n}", 24, ink, bold=True, anchor="rm")


def _draw_tiles(img: Image.Image, draw: ImageDraw.ImageDraw, tiles: Tiles, tiles_y: int, theme: Theme) -> None:
    """The exchange tiles held, and the bonus tiles held by kind (2 x 2 grid of kinds)."""
    rounded_box(draw, (14, tiles_y, W - 14, tiles_y + TILES_H), theme.panel, theme.line, radius=12)
    put(img, (PAD, tiles_y + 10), _("Tiles"), 18, theme.muted, bold=True)
    exchange = tiles["exchange"]
    cy = tiles_y + 58
    paste(img, bonus_icon("exchange tile", 36, theme.ink), (PAD, cy - 18))
    put(img, (PAD + 44, cy - 8), f"×{exchange}", 22, theme.ink if exchange else theme.muted, bold=True,
        anchor="lm")
    draw_text(img, (PAD + 44, cy + 16), _("exchange"), 15, theme.muted, anchor="lm", max_width=110, min_size=11)
    counts: dict[str, int] = {}
    for tile in tiles["bonus"]:
        counts[tile] = counts.get(tile, 0) + 1
    grid = Box(PAD + 160, tiles_y + 12, W - 2 * PAD - 160, TILES_H - 24)
    if not counts:
        paste(img, bonus_icon("bonus tile", 36, theme.ink), (grid.x, cy - 18))
        put(img, (grid.x + 44, cy), _("no bonus tiles"), 18, theme.muted, anchor="lm")
        return
    kinds = [k for k in data.BONUS_TILE_NAMES if k in counts] + sorted(k for k in counts
                                                                     if k not in data.BONUS_TILE_NAMES)
    cells = [c for row in grid.rows(2, gap=4) for c in row.columns(2, gap=10)]
    for kind, cell in zip(kinds, cells, strict=False):
        ccy = cell.y + cell.h / 2
        paste(img, bonus_icon("bonus tile", 30, theme.ink), (cell.x, ccy - 15))
        name = _(data.BONUS_TILE_NAMES[kind]) if kind in data.BONUS_TILE_NAMES else kind
        label = f"{name} ×{counts[kind]}"
        draw_text(img, (cell.x + 38, ccy), label, 17, theme.ink, bold=True, anchor="lm",
                  max_width=cell.w - 40, min_size=13)


def _draw_supply(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, seat: int, supply_y: int,
                 theme: Theme) -> None:
    rounded_box(draw, (14, supply_y, W - 14, supply_y + SUPPLY_H), theme.panel, theme.line, radius=12)
    left = view["players_info"][seat]["pieces_left"]
    cy = supply_y + 30
    draw_text(img, (PAD, cy), _("To build"), 18, theme.muted, bold=True, anchor="lm", max_width=104, min_size=12)
    x = PAD + 110
    colour = player_colour(seat)
    for kind in PIECE_KINDS:
        n = left.get(kind, 0)
        fill = colour if n else mix(colour, theme.panel, 0.75)
        paste(img, icon(kind, 36, fill, theme.ink if n else theme.line), (x, cy - 18))
        put(img, (x + 42, cy), f"×{n}", 22, theme.ink if n else theme.muted, bold=True, anchor="lm")
        x += 130


def _draw_castles(img: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, counts: Mapping[str, int],
                  jokers: int, castles_y: int, theme: Theme) -> None:
    rounded_box(draw, (14, castles_y, W - 14, castles_y + CASTLES_H), theme.panel, theme.line, radius=12)
    draw_text(img, (PAD, castles_y + 12), _("Where your cards build (4 cards of the castle's colours, jokers count)"),
              18, theme.muted, bold=True, max_width=W - 2 * PAD, min_size=13)
    letters = view["colours"]
    body = Box(PAD, castles_y + 44, W - 2 * PAD, CASTLE_ROWS * (CELL_H + 6))
    cols = body.columns(2, gap=16)
    for i, castle in enumerate(view["castles"]):
        col = cols[i // CASTLE_ROWS]
        cell = Box(col.x, col.y + (i % CASTLE_ROWS) * (CELL_H + 6), col.w, CELL_H)
        _draw_castle_cell(img, draw, cell, castle, counts, jokers, letters, theme)
    _draw_large_line(img, counts, jokers, Box(PAD, body.bottom + 6, W - 2 * PAD, 40), theme)


def _draw_castle_cell(img: Image.Image, draw: ImageDraw.ImageDraw, cell: Box, castle: Castle,
                      counts: Mapping[str, int], jokers: int, letters: Mapping[str, str], theme: Theme) -> None:
    pair = castle["colours"]
    have = sum(counts.get(c, 0) for c in set(pair)) + jokers
    open_sites = [s for s, v in castle["sites"].items() if v is None]
    well_open = castle["indicator"] and not castle["well"]
    enough = have >= data.SMALL_CASTLE_CARDS and bool(open_sites or well_open)
    rounded_box(draw, cell.rect, mix(theme.panel, theme.good, 0.12) if enough else theme.background,
                theme.good if enough else theme.line, width=2, radius=8)
    cy = cell.y + cell.h / 2
    paste(img, square_chip(str(castle["number"]), 32, theme.ink, theme.ink), (cell.x + 8, cy - 16))
    for j, colour in enumerate(pair):
        paste(img, marker(colours.letter(colour, letters), colours.rgb(colour), 30, theme.ink),
              (cell.x + 48 + j * 34, cy - 15))
    ink = theme.good if enough else theme.muted
    used = put(img, (cell.x + 122, cy), f"{have}", 24, ink, bold=True, anchor="lm")
    label = ngettext("card", "cards", have) + (" ✓" if enough else "")
    put(img, (cell.x + 128 + used, cy), label, 16, ink, bold=enough, anchor="lm")
    x = cell.right - 8
    if well_open:
        paste(img, indicator(30, theme.ink), (x - 30, cy - 15))
        x -= 36
    for site in reversed(open_sites):
        x -= 28
        draw.rounded_rectangle((x, cy - 13, x + 26, cy + 13), radius=5, fill=theme.panel, outline=theme.muted,
                               width=2)
        put(img, (x + 13, cy), site_letter(site), 15, theme.ink, bold=True, anchor="mm")
        x -= 2
    if not open_sites and not well_open:
        put(img, (cell.right - 10, cy), _("full"), 16, theme.muted, anchor="rm")


def _draw_large_line(img: Image.Image, counts: Mapping[str, int], jokers: int, box: Box, theme: Theme) -> None:
    """What the large castle asks (of one colour / all different) next to what the hand has."""
    most = max(counts.values()) if counts else 0
    different = sum(1 for n in counts.values() if n)
    y1, y2 = box.y + 12, box.y + 38
    used = put(img, (box.x, y1), _("Large castle:"), 18, theme.ink, bold=True, anchor="lm")
    draw_text(img, (box.x + used + 8, y1),
              _("most of one colour {most} · different colours {different} · jokers {jokers}", most=most,
                different=different, jokers=jokers),
              17, theme.ink, anchor="lm", max_width=box.w - used - 8, min_size=13)
    draw_text(img, (box.x + used + 8, y2), _("needs one colour / all different: {costs}", costs=large_costs()), 16,
              theme.muted, anchor="lm", max_width=box.w - used - 8, min_size=12)
