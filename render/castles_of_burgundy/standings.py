"""The Castles of Burgundy's end screen breakdown: each seat's VP split, then every estate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy.words import T, _
from engines.i18n import N_
from render.castles_of_burgundy.grid import cell_height, estate_cell
from render.header import caption_size
from render.legend import player_name, seat_badge
from render.palette import Theme
from render.shapes import paste, rounded_box
from render.standings import Standings, W
from render.text import draw_text, font, put, unbroken, wrap

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PublicView

COLUMNS = (("during_play", N_("in play")), ("goods", N_("goods")), ("silver", N_("silverlings")),
           ("workers", N_("workers")), ("knowledge", N_("knowledge")))
ROW_H = 48
NOTE_LINE = 24  # between the lines of the note under the table
GAP = 12


def breakdown(view: PublicView, names: Sequence[str], width: int, theme: Theme) -> Image.Image:
    result = view["result"]
    finals = result["final"] if result else []
    c = caption_size(W)
    # The note under the table: what the columns count, then each seat's end-game knowledge tiles, on as many
    # lines as they take (a tile's number and its VP kept together).
    tiles = [f"{player_name(names, f['seat'])}: " + ", ".join(unbroken(_("no. {n} +{vp}", n=n, vp=vp))
                                                              for n, vp in f["knowledge_tiles"].items() if vp)
             for f in finals if f["knowledge"]]
    note = [_("in play: tiles, regions, bonus tiles, goods sold · knowledge: tiles 15-26 at the end")]
    if tiles:
        note.append("; ".join(tiles))
    lines = [line for text in note for line in wrap(text, font(c - 10), width - 32)]
    table_h = 84 + len(finals) * ROW_H + 44 + (len(lines) - 1) * NOTE_LINE
    cell_w = (width - GAP) // 2
    ch = cell_height(cell_w)
    rows = (len(finals) + 1) // 2
    img = Image.new("RGB", (width, table_h + GAP + rows * (ch + GAP)), theme.background)
    draw = ImageDraw.Draw(img)
    rounded_box(draw, (0, 0, width - 1, table_h - 1), theme.panel, theme.line, width=2, radius=12)
    put(img, (16, 24), _("How the VP were made"), c, theme.ink, bold=True, anchor="lm")
    x0, col_w = 440, (width - 440 - 140) / len(COLUMNS)
    for i, (_key, label) in enumerate(COLUMNS):
        draw_text(img, (x0 + (i + 0.5) * col_w, 64), _(label), c - 8, theme.muted, bold=True, anchor="mm",
                  max_width=col_w - 8, min_size=11)
    put(img, (width - 70, 64), _("total"), c - 8, theme.muted, bold=True, anchor="mm")
    scores = result["scores"] if result else []
    for row, final in enumerate(finals):
        seat = final["seat"]
        cy = 84 + row * ROW_H + ROW_H / 2
        paste(img, seat_badge(seat, 32, theme.ink), (16, cy - 16))
        draw_text(img, (58, cy), player_name(names, seat), c, theme.ink, bold=True, anchor="lm", max_width=x0 - 70)
        for i, (key, _label) in enumerate(COLUMNS):
            value = final[key]  # type: ignore[literal-required]
            text = str(value) if i == 0 else f"+{value}"
            put(img, (x0 + (i + 0.5) * col_w, cy), text, c, theme.ink if value else theme.muted, bold=i == 0,
                anchor="mm")
        put(img, (width - 70, cy), f"= {scores[seat] if seat < len(scores) else ''}", c, theme.ink, bold=True,
            anchor="mm")
    for i, line in enumerate(lines):
        draw_text(img, (16, table_h - 24 - (len(lines) - 1 - i) * NOTE_LINE), line, c - 10, theme.muted,
                  anchor="lm", max_width=width - 32)
    for i, final in enumerate(finals):
        x = (i % 2) * (cell_w + GAP)
        y = table_h + GAP + (i // 2) * (ch + GAP)
        img.paste(estate_cell(view, names, final["seat"], cell_w, theme), (x, y))
    return img


# The title is the game's name in the reader's language (Die Burgen von Burgund), shown in capitals.
STANDINGS = Standings(title=N_("The Castles of Burgundy"), unit=N_("VP"), breakdown=breakdown, catalog=T)
