"""One player's estate panel: the hex estate with its tiles, and everything beside it.

Left: the 37 spaces (colour, letter, die number and the space's number each), covered
spaces show their tile, regions the player completed are outlined in gold with a ✓.  Right: VP,
silverlings, workers, dice, storage (3), goods storage (3), sold goods, bonus
tiles, knowledge and the key to the letters.  The empty estate is the cached static
layer (one per estate board and language).  The hand passes ``placeable`` to ring the spaces each die could fill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _, pgettext
from engines.i18n import current
from render.cache import LAYERS
from render.castles_of_burgundy import geometry as geo
from render.castles_of_burgundy import knowledge as K
from render.castles_of_burgundy import pieces as P
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, RGB, Theme, mix
from render.shapes import paste, rounded_box
from render.text import draw_text, font, put, wrap

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PlayerInfo, PublicView

FREE: RGB = (24, 140, 64)       # a die fits as it is
PAID: RGB = (128, 48, 168)      # a die fits with workers



def worker_tag(die: int | str, workers: int) -> str:
    """The tag of a space a die reaches with workers ("5+2w")."""
    return _("{die}+{workers}w", die=die, workers=workers)


def _label(img: Image.Image, xy: tuple[float, float], text: str, room: float, fill: RGB) -> None:
    """A label of the side column, shrunk to ``room`` pixels when a language's word is long."""
    draw_text(img, xy, text, 20, fill, bold=True, anchor="lm", max_width=room, min_size=12)


def completed_regions(info: PlayerInfo) -> list[tuple[int, ...]]:
    """The regions the player has completed (geometry from the engine's data): every space covered, and not
    the start castle's space alone, which was covered at setup and scored nothing (rules decision 6)."""
    covered = {int(s) for s in info["estate"]}
    return [r for r in D.ESTATES[info["estate_no"]].regions[1:]
            if r != (info["start_castle"],) and all(s in covered for s in r)]


def _static(estate_no: int, theme: Theme) -> Image.Image:
    img = Image.new("RGB", (geo.W, geo.ESTATE_PANEL_H), theme.background)
    draw = ImageDraw.Draw(img)
    rounded_box(draw, (geo.MARGIN, 4, geo.W - geo.MARGIN, geo.ESTATE_PANEL_H - 8), theme.panel, theme.line,
                width=2, radius=14)
    rounded_box(draw, (geo.MARGIN + 2, 6, geo.W - geo.MARGIN - 2, geo.ESTATE_TITLE_H), theme.panel_alt, radius=12)
    estate = D.ESTATES[estate_no]
    for s in D.SPACE_IDS:
        paste(img, P.space(estate.colours[s], D.SPACE_DIE[s], geo.ESTATE_R), geo.space_centre(s), "mm")
        P.space_key(img, geo.space_centre(s), s, geo.ESTATE_R)
    side = geo.SIDE
    rounded_box(draw, side.rect, mix(theme.panel, theme.panel_alt, 0.4), theme.line, width=1, radius=12)
    return img


def _outline_regions(img: Image.Image, regions: list[tuple[int, ...]]) -> None:
    draw = ImageDraw.Draw(img)
    for region in regions:
        members = set(region)
        coords = {D.COORDS[s] for s in members}
        for s in region:
            q, r = D.COORDS[s]
            for dq, dr in geo.DIRECTIONS:
                if (q + dq, r + dr) not in coords:
                    a, b = geo.edge(s, q + dq, r + dr)
                    draw.line((a, b), fill=P.COMPLETE, width=6)
        # a ✓ on the region's first space
        cx, cy = geo.space_centre(region[0])
        x, y = cx - geo.ESTATE_R * 0.52, cy - geo.ESTATE_R * 0.52
        draw.ellipse((x - 13, y - 13, x + 13, y + 13), fill=P.COMPLETE, outline=P.INK, width=2)
        put(img, (x, y + 1), "✓", 20, (255, 255, 255), bold=True, anchor="mm")


def _highlight(img: Image.Image, placeable: Mapping[str, Mapping[str, int]], castle: Sequence[int]) -> None:
    """Ring every space a die could fill; a tag names the die (and workers: "5+2w")."""
    tags: dict[int, list[tuple[str, bool]]] = {}
    for die, spaces in sorted(placeable.items()):
        for space, cost in spaces.items():
            tags.setdefault(int(space), []).append((worker_tag(die, cost) if cost else f"{die}", cost == 0))
    for castle_space in castle:
        tags.setdefault(castle_space, []).append((_("castle"), True))
    draw = ImageDraw.Draw(img)
    for tagged, items in sorted(tags.items()):
        cx, cy = geo.space_centre(tagged)
        colour = FREE if any(free for _, free in items) else PAID
        corners = P.hex_corners(cx, cy, geo.ESTATE_R - 4)
        draw.line([*corners, corners[0]], fill=colour, width=7, joint="curve")
        # One pill over the space's number plate: the number (the key choices name) on the plate's dark, then
        # the dice that reach the space, so two spaces the same dice reach never carry the same tag.
        y = cy + geo.ESTATE_R * 0.62
        number, text = str(tagged), " ".join(t for t, _ in items)
        size = 15 if len(text) <= 6 else 13
        wn = font(size, True).getlength(number) + 12
        wt = max(24, font(size, True).getlength(text) + 12)
        x = cx - (wn + wt) / 2
        draw.rounded_rectangle((x, y - 11, x + wn + wt, y + 11), radius=11, fill=colour)
        draw.rounded_rectangle((x, y - 11, x + wn + 11, y + 11), radius=11, fill=P.KEY_PLATE)
        draw.rectangle((x + wn, y - 11, x + wn + 11, y + 11), fill=colour)
        put(img, (x + wn / 2, y), number, size, (255, 255, 255), bold=True, anchor="mm")
        put(img, (x + wn + wt / 2, y), text, size, (255, 255, 255), bold=True, anchor="mm")


def _side(img: Image.Image, info: PlayerInfo, players: int, theme: Theme) -> None:
    box = geo.SIDE.inset(16, 12)
    x, y = box.x, box.y
    label = theme.muted
    # VP, silverlings, workers
    _label(img, (x, y + 22), _("VP"), 34, label)
    put(img, (x + 38, y + 22), str(info["vp"]), 40, theme.ink, bold=True, anchor="lm")
    paste(img, P.icon("silver", 40), (x + 200, y + 2))
    put(img, (x + 246, y + 22), f"×{info['silver']}", 28, theme.ink, bold=True, anchor="lm")
    paste(img, P.icon("worker", 40), (x + 340, y + 2))
    put(img, (x + 386, y + 22), f"×{info['workers']}", 28, theme.ink, bold=True, anchor="lm")
    y += 62
    # dice
    _label(img, (x, y + 26), _("Dice"), 90, label)
    dice = info["dice"]
    for i, value in enumerate(dice):
        paste(img, P.die(value, 52), (x + 96 + i * 64, y))
    if not dice:
        put(img, (x + 96, y + 26), _("used"), 20, label, anchor="lm")
    y += 68
    # storage
    _label(img, (x, y + 48), _("Storage"), 90, label)
    r = geo.DEPOT_R
    for i in range(D.TILE_STORAGE_SPACES):
        cx, cy = x + 96 + P.SQRT3 * r / 2 + i * (P.SQRT3 * r + 10), y + r + 2
        stored = info["storage"]
        if i < len(stored):
            paste(img, P.tile(stored[i], r), (cx, cy), "mm")
        else:
            paste(img, P.slot(r, theme.panel, theme.line, _("empty")), (cx, cy), "mm")
    y += 2 * r + 16
    # goods storage
    _label(img, (x, y + 26), pgettext("short", "Goods"), 90, label)
    stored_goods = sorted((int(g), n) for g, n in info["goods"].items())
    for i in range(D.GOODS_STORAGE_SPACES):
        gx = x + 96 + i * 128
        if i < len(stored_goods):
            g, n = stored_goods[i]
            paste(img, P.goods(g, 52), (gx, y))
            put(img, (gx + 60, y + 26), f"×{n}", 26, theme.ink, bold=True, anchor="lm")
        else:
            ImageDraw.Draw(img).rounded_rectangle((gx, y, gx + 52, y + 52), radius=9, outline=theme.line, width=2)
    y += 68
    # sold goods
    _label(img, (x, y + 18), _("Sold"), 90, label)
    sold = sorted((int(g), n) for g, n in info["sold"].items())
    if not sold:
        put(img, (x + 96, y + 18), _("none yet"), 18, label, anchor="lm")
    for i, (g, n) in enumerate(sold):
        gx = x + 96 + i * 74
        paste(img, P.goods(g, 34), (gx, y + 1))
        put(img, (gx + 38, y + 18), f"×{n}", 18, theme.ink, bold=True, anchor="lm")
    y += 50
    # bonus tiles
    _label(img, (x, y + 30), _("Bonus"), 90, label)
    bonuses = info["bonus_tiles"]
    if not bonuses:
        put(img, (x + 96, y + 30), _("none yet"), 18, label, anchor="lm")
    for i, b in enumerate(bonuses):
        paste(img, P.bonus_tile(b["kind"], b["points"], 30), (x + 96 + 27 + i * 58, y + 30), "mm")
    y += 70
    done = info["colours_complete"]
    facts = _("Regions completed: {regions}   Empty spaces: {empty}", regions=info["regions_complete"],
              empty=info["empty_spaces"])
    draw_text(img, (x, y + 12), facts, 19, theme.ink, anchor="lm", max_width=box.w)
    y += 30
    colours = ", ".join(f"{L.kind_letter(k)} ({L.colour_name(k)})" for k in done) if done else _("none")
    draw_text(img, (x, y + 12), _("Colours filled: {colours}", colours=colours), 19, theme.ink, anchor="lm",
              max_width=box.w)
    y += 36
    # knowledge: each tile's number and what it does, wrapped; in a few words when the whole wording of every
    # tile would not fit, and the last line names the tiles left over when even that does not
    known = info["knowledge"]
    put(img, (x, y + 12), _("Knowledge") if known else _("Knowledge: none"), 20, label, bold=True, anchor="lm")
    y += 30
    line_h = 22
    # the key to the letters on spaces and tiles, on the column's last lines (the knowledge list gives way)
    key = wrap(_("Letters: {key}", key=L.letters_key()), font(16), box.right - x)
    for i, line in enumerate(key):
        put(img, (x, box.bottom - (len(key) - i) * line_h + 10), line, 16, label, anchor="lm")
    room = max(0, int((box.bottom - y) // line_h) - len(key))
    fnt, text_w = font(16), box.right - x - 30
    texts = [wrap(_(D.KNOWLEDGE_TEXT[k]) if k in D.KNOWLEDGE_TEXT else "", fnt, text_w) or [""] for k in known]
    if sum(map(len, texts)) > room:
        texts = [wrap(K.short(k), fnt, text_w) or [""] for k in known]
    free = room if sum(map(len, texts)) <= room else room - 1  # else a line is kept for the tiles left over
    for i, (k, lines) in enumerate(zip(known, texts, strict=True)):
        if len(lines) > free:
            rest = _("and {n} more: {tiles}", n=len(known) - i, tiles=", ".join(map(str, known[i:])))
            draw_text(img, (x, y + 10), rest, 16, theme.ink, anchor="lm", max_width=box.right - x)
            break
        free -= len(lines)
        put(img, (x, y + 10), f"{k}", 16, theme.ink, bold=True, anchor="lm")
        for line in lines:
            put(img, (x + 30, y + 10), line, 16, theme.ink, anchor="lm")
            y += line_h


def estate_image(view: PublicView, names: Sequence[str], seat: int, *, title: str = "",
                 placeable: Mapping[str, Mapping[str, int]] | None = None, castle: Sequence[int] = (),
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The estate panel of ``seat`` (W × ESTATE_PANEL_H, opaque)."""
    info = view["players_info"][seat]
    estate_no = info["estate_no"]
    img = LAYERS.get(("castles-of-burgundy", "estate", estate_no, geo.W, theme.name, current()),
                     lambda: _static(estate_no, theme))
    # title
    ty = 6 + (geo.ESTATE_TITLE_H - 6) / 2
    paste(img, seat_badge(seat, 34, theme.ink), (geo.MARGIN + 14, ty - 17))
    tail = " — " + _("estate No. {n}", n=estate_no) + (f" · {title}" if title else "")
    tail_w = font(22).getlength(tail)
    name_w = draw_text(img, (geo.MARGIN + 58, ty), player_name(names, seat), 26, theme.ink, bold=True,
                       anchor="lm", max_width=geo.W - 2 * geo.MARGIN - 80 - tail_w, min_size=18)
    put(img, (geo.MARGIN + 58 + name_w, ty + 1), tail, 22, theme.ink, anchor="lm")
    # tiles
    for s, token in info["estate"].items():
        paste(img, P.tile(token, geo.ESTATE_R - 1), geo.space_centre(int(s)), "mm")
    _outline_regions(img, completed_regions(info))
    if placeable or castle:
        _highlight(img, placeable or {}, castle)
    _side(img, info, len(view["players_info"]), theme)
    return img

