"""The Castles of Burgundy's compact picture (``render.compact``): the depots, drawn larger.

What it shows: the header (phase, round and white die in its facts), every player's VP with their dice (the acting
player chooses with them) and silverlings; then the six numbered depots (each by its die: the tiles on their places,
the goods) and the black depot — what a player can take now —, the places emptied since the player to act last
played marked (the tiles the others took), as the board marks them.  Tiles are drawn without their names (the
letter, icon and number say what they are; the board and the hand name them).

What the others did on their estates since the player to act last played is nowhere else on the turn's pictures
(the board shows the estate of the player to act only, and a phone shows it a third of its size): each other
player's score row shows it after their name — each tile they placed with its space's number on the estate's dark
plate, the goods they sold, the bonus tiles they took —, bracketed like every change (``render.compact`` lays it
out).  Beside their name, not on a strip of its own: the rows cost no height, so the depots keep their size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _, ngettext
from render import compact as C
from render.castles_of_burgundy import pieces as P
from render.castles_of_burgundy.board import depot_places, status_facts
from render.header import Header
from render.legend import marks_last_turn, player_name
from render.palette import DEFAULT_THEME, WHITE, Theme, mix
from render.shapes import paste, rounded_box, since_mark
from render.text import draw_text, font, put
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PlayerInfo, PublicView

GAP = 10
HEAD = 40       # a depot's die and title row
GOODS = 40      # its goods row (a goods tile's number is 62 % of it: 24 px)
TILE_STEP = 6   # between two tiles


def draw_compact(view: PublicView, names: Sequence[str], since: PublicView | None = None,
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    actor = view["to_act"]
    result = view.get("result")
    winners = [s for s, rank in enumerate(result["ranks"]) if rank == 1] if result else None
    best = max(result["scores"]) if result else 0
    who = " & ".join(player_name(names, s) for s in winners or [])
    header = Header(title=L.title().upper(), turn=view["turn_number"], to_act=actor, name=player_name(names, actor),
                    status=_("to act"), winners=winners, facts=status_facts(view),
                    result=ngettext("{who} wins with {best} VP", "{who} win with {best} VP", len(winners or []),
                                    who=who, best=best))
    scores = []
    for seat, info in enumerate(view["players_info"]):
        # The player to act knows what they did, unless the picture tells the turn just played (they may have).
        told = seat != actor or marks_last_turn()
        news = estate_news(info, since["players_info"][seat], theme) if since is not None and told else ()
        scores.append(C.Score(seat, player_name(names, seat), f"{info['vp']} {_('VP')}", _note(info, bool(news)),
                              news))
    before = since if since is not None and since["phase"] == view["phase"] else None
    title = _("The depots: the tiles to take") if not view["over"] else _("The depots")

    def body(width: int, height: int) -> Image.Image:
        return _body(view, before, width, height, theme)

    return C.compose(header, None, scores, title, body, theme, marked=since is not None)


def _note(info: PlayerInfo, news: bool) -> str:
    """A player's dice and silverlings; "dice used" left out beside their news (it is why they have news), so the
    row keeps to one line."""
    if news and not info["dice"]:
        return _("silver {n}", n=info["silver"])
    dice = " ".join(str(d) for d in info["dice"]) or _("used")
    return _("dice {dice} · silver {n}", dice=dice, n=info["silver"])


def estate_news(now: PlayerInfo, before: PlayerInfo, theme: Theme) -> tuple[Image.Image, ...]:
    """What a player placed on their estate after ``before`` — each tile with the number of its space, as the estate
    numbers them —, in the order of the spaces, then the goods they sold and the bonus tiles they took: their score
    row shows it (the board shows the estate of the player to act only)."""
    placed = [(int(space), token) for space, token in now["estate"].items() if before["estate"].get(space) != token]
    sold = [(int(goods), n - before["sold"].get(goods, 0)) for goods, n in now["sold"].items()]
    bonus = now["bonus_tiles"][len(before["bonus_tiles"]):]
    return (*(placed_tile(token, space) for space, token in sorted(placed)),
            *(sold_goods(goods, n, theme) for goods, n in sorted(sold) if n > 0),
            *(P.bonus_tile(b["kind"], b["points"], NEWS_R) for b in bonus))


#: A tile's radius in a score row's news.
NEWS_R = C.NEWS // 2 - 1


def placed_tile(token: str, space: int) -> Image.Image:
    """A tile as the depots draw it, with the number of the space it went to on the estate's dark plate."""
    tile = P.tile(token, NEWS_R, label=False)
    text = str(space)
    plate_w = round(text_width(text, font(C.SMALL, True)) + 14)
    img = Image.new("RGBA", (tile.width + 3 + plate_w, C.NEWS), (0, 0, 0, 0))
    img.alpha_composite(tile, (0, (C.NEWS - tile.height) // 2))
    x0, y0 = tile.width + 3, (C.NEWS - 30) // 2
    ImageDraw.Draw(img).rounded_rectangle((x0, y0, x0 + plate_w - 1, y0 + 29), radius=8, fill=P.KEY_PLATE)
    put(img, (x0 + plate_w / 2, y0 + 15), text, C.SMALL, WHITE, bold=True, anchor="mm")
    return img


def sold_goods(goods: int, count: int, theme: Theme) -> Image.Image:
    """Goods sold: the goods tile with a silverling on its corner (a sale brings one), and how many ("×2")."""
    size = C.NEWS - 8
    times = f"×{count}" if count > 1 else ""
    extra = round(text_width(times, font(C.SMALL, True))) + 6 if times else 0
    img = Image.new("RGBA", (size + 10 + extra, C.NEWS), (0, 0, 0, 0))
    img.alpha_composite(P.goods(goods, size), (0, 0))
    img.alpha_composite(P.icon("silver", 20), (size - 10, C.NEWS - 20))
    if times:
        put(img, (size + 12, C.NEWS / 2), times, C.SMALL, theme.ink, bold=True, anchor="lm")
    return img


def _places(view: PublicView, n: int) -> int:
    key = str(n)
    return max(len(view["depot_spaces"].get(key, [])), len(view["depots"].get(key, [])), 1)


def _layout(view: PublicView, width: int, height: int) -> tuple[int, int]:
    """(columns of depots, tile radius) that draw the depots and the black depot largest in ``width`` × ``height``."""
    most = max(_places(view, n) for n in range(1, 7))
    black = max(view["black_depot_spaces"], len(view["depots"].get("black", [])), 1)
    best = (2, 0)
    for cols in (2, 3):
        rows = 6 // cols
        card = (width - GAP * (cols - 1)) / cols
        by_width = (card - 16 - TILE_STEP * (most - 1)) / most / math.sqrt(3)
        by_black = (width - 16 - TILE_STEP * (black - 1)) / black / math.sqrt(3)
        fixed = rows * (HEAD + GOODS + 24) + (rows - 1) * GAP + GAP + HEAD + 16
        by_height = (height - fixed) / (2 * rows + 2)
        r = math.floor(min(by_width, by_black, by_height, 56))
        if r > best[1]:
            best = (cols, r)
    return best[0], max(20, best[1])


def _body(view: PublicView, before: PublicView | None, width: int, height: int, theme: Theme) -> Image.Image:
    cols, r = _layout(view, width, height)
    rows = 6 // cols
    card_w = (width - GAP * (cols - 1)) / cols
    card_h = HEAD + 2 * r + GOODS + 24
    black_h = HEAD + 2 * r + 16
    img = C.body_canvas(width, round(rows * card_h + (rows - 1) * GAP + GAP + black_h), theme)
    for n in range(1, 7):
        i = n - 1
        x, y = (i % cols) * (card_w + GAP), (i // cols) * (card_h + GAP)
        was = before["depots"].get(str(n), []) if before is not None else None
        _depot(img, (x, y, card_w, card_h), n, view, was, r, theme)
    _black(img, (0, rows * (card_h + GAP), width, black_h), view, r, theme)
    return img


def _depot(img: Image.Image, box: tuple[float, float, float, float], n: int, view: PublicView,
           before: Sequence[str] | None, r: int, theme: Theme) -> None:
    """A numbered depot as the board draws it: its die, its tiles on their places, its goods; the places emptied
    since ``before`` marked."""
    draw = ImageDraw.Draw(img)
    x, y, w, h = box
    rounded_box(draw, (x, y, x + w, y + h), theme.panel, theme.line, width=2, radius=12)
    paste(img, P.die(n, 32), (x + 8, y + 6))
    draw_text(img, (x + 48, y + 22), _("Depot {n}", n=n), C.SMALL, theme.ink, bold=True, anchor="lm",
              max_width=w - 56)
    key = str(n)
    kinds = view["depot_spaces"].get(key, [])
    spaces = depot_places(view["depots"].get(key, []), kinds)
    taken = ({i for i, tile in enumerate(depot_places(before, kinds))
              if tile is not None and (i >= len(spaces) or spaces[i] is None)} if before is not None else set())
    step = math.sqrt(3) * r + TILE_STEP
    x0 = x + w / 2 - step * (len(spaces) - 1) / 2
    cy = y + HEAD + 4 + r
    for i, placed in enumerate(spaces):
        centre = (x0 + i * step, cy)
        paste(img, P.depot_space(kinds[i], r) if placed is None else P.tile(placed, r, label=False), centre, "mm")
        if i in taken:
            since_mark(draw, centre, 2 * r, theme, pad=2, arm=0.25)
    goods = view["depot_goods"].get(key, [])
    gy = y + HEAD + 2 * r + 12
    if not goods:
        put(img, (x + 12, gy + GOODS / 2), _("no goods"), C.SMALL, theme.muted, anchor="lm")
    counts: dict[int, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    gx = x + 12
    for g, count in sorted(counts.items()):
        paste(img, P.goods(g, GOODS), (gx, gy))
        gx += GOODS + 4
        if count > 1:
            gx += put(img, (gx, gy + GOODS / 2), f"×{count}", C.SMALL, theme.ink, bold=True, anchor="lm") + 10


def _black(img: Image.Image, box: tuple[float, float, float, float], view: PublicView, r: int, theme: Theme) -> None:
    """The black depot: its tiles (bought for 2 silverlings), its empty places."""
    draw = ImageDraw.Draw(img)
    x, y, w, h = box
    rounded_box(draw, (x, y, x + w, y + h), mix(theme.panel, (60, 56, 56), 0.12), theme.line, width=2, radius=12)
    put(img, (x + 12, y + 22), _("Black depot"), C.SMALL, theme.ink, bold=True, anchor="lm")
    tiles = view["depots"].get("black", [])
    n = max(view["black_depot_spaces"], len(tiles))
    step = math.sqrt(3) * r + TILE_STEP
    for i in range(n):
        centre = (x + 12 + math.sqrt(3) * r / 2 + i * step, y + HEAD + 4 + r)
        if i < len(tiles):
            paste(img, P.tile(tiles[i], r, label=False), centre, "mm")
        else:
            paste(img, P.slot(r, theme.panel, theme.line), centre, "mm")
