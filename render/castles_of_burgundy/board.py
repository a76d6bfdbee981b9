"""The Castles of Burgundy's board image (posted in the channel after a move).

Top to bottom: a header (phase, round, whose turn), the six numbered depots (tiles
on their spaces, goods below), the black depot (with the face-down stack sizes),
a band with the phases and round spaces (this phase's remaining goods), the bonus
tiles still available and the turn-order track, one score row per player, and the
acting player's estate (the last mover's once the game is over) so one post says
everything.  Frames and labels are the cached static layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _, ngettext, pgettext
from engines.i18n import current
from render.cache import LAYERS
from render.canvas import FRAME, new_canvas
from render.castles_of_burgundy import geometry as geo
from render.castles_of_burgundy import knowledge as K
from render.castles_of_burgundy import pieces as P
from render.castles_of_burgundy.estate import estate_image
from render.header import Header, caption_size, draw_board_header, header_panel
from render.icons import icon as ui_icon
from render.layout import Box
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, Theme, mix, on_colour, player_colour
from render.shapes import paste, rounded_box, since_mark
from render.text import draw_text, font, put, unbroken
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PublicView

W = geo.W
#: Columns of a player's score row (x offsets inside the players box).
COL_NAME, COL_VP, COL_SILVER, COL_WORKERS, COL_DICE, COL_STORAGE, COL_GOODS, COL_BONUS = (
    64, 470, 600, 700, 800, 920, 1100, 1240)


def estate_seat(view: PublicView) -> tuple[int, str]:
    """Whose estate goes under the board: the seat to act, or (game over) the last in turn order."""
    if view["to_act"] is not None:
        return view["to_act"], _("to act")
    order = view["turn_order"] or [0]
    return order[-1], _("last to move")


# --------------------------------------------------------------------------------
# Static layer


def _static(players: int, theme: Theme) -> Image.Image:
    img = new_canvas(W, geo.board_height(players) + geo.ESTATE_PANEL_H + 8, theme)
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, geo.HEADER_H, theme)
    for n, box in enumerate(geo.depot_boxes(), start=1):
        rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
        paste(img, P.die(n, 40), (box.x + 12, box.y + 8))
        put(img, (box.x + 62, box.y + 28), _("Depot {n}", n=n), 24, theme.ink, bold=True, anchor="lm")
        draw_text(img, (box.x + 14, box.y + 186), pgettext("short", "Goods"), 18, theme.muted, bold=True, anchor="lm",
                  max_width=66, min_size=11)
    rounded_box(draw, geo.BLACK.rect, mix(theme.panel, (60, 56, 56), 0.12), theme.line, width=2, radius=12)
    room = 210 - 16 - 8  # the black depot's tiles start 210 pixels in
    draw_text(img, (geo.BLACK.x + 16, geo.BLACK.y + 34), _("Black depot"), 24, theme.ink, bold=True, anchor="lm",
              max_width=room, min_size=14)
    draw_text(img, (geo.BLACK.x + 16, geo.BLACK.y + 66), _("buy a tile for"), 18, theme.muted, anchor="lm",
              max_width=room, min_size=11)
    paste(img, P.icon("silver", 24), (geo.BLACK.x + 16, geo.BLACK.y + 84))
    put(img, (geo.BLACK.x + 44, geo.BLACK.y + 96), _("×2 (once a turn)"), 18, theme.muted, anchor="lm")
    rounded_box(draw, geo.KNOWLEDGE.rect, theme.panel, theme.line, width=2, radius=12)
    put(img, (geo.KNOWLEDGE.x + 14, geo.KNOWLEDGE.y + 18), _("Knowledge tiles on the table"), 18, theme.muted,
        bold=True, anchor="lm")
    for box, title in ((geo.PHASE_BOX, ""), (geo.BONUS_BOX, _("Bonus tiles")),
                       (geo.TRACK_BOX, _("Turn-order track"))):
        rounded_box(draw, box.rect, theme.panel, theme.line, width=2, radius=12)
        if title:
            draw_text(img, (box.x + 14, box.y + 22), title, 20, theme.ink, bold=True, anchor="lm",
                      max_width=box.w - 28)
    pbox = geo.players_box(players)
    rounded_box(draw, pbox.rect, theme.panel, theme.line, width=2, radius=12)
    hy = pbox.y + geo.PLAYERS_TITLE_H / 2 + 4
    columns = ((COL_NAME, _("Player")), (COL_VP, _("VP")), (COL_SILVER, _("Silver")),
               (COL_WORKERS, pgettext("short", "Workers")), (COL_DICE, _("Dice")), (COL_STORAGE, _("Storage")),
               (COL_GOODS, _("Goods")), (COL_BONUS, _("Bonus")))
    for i, (x, text) in enumerate(columns):
        column = (columns[i + 1][0] if i + 1 < len(columns) else pbox.w) - x - 8
        draw_text(img, (pbox.x + x, hy), text, 17, theme.muted, bold=True, anchor="lm", max_width=column, min_size=11)
    return img


# --------------------------------------------------------------------------------
# Parts


def status_facts(view: PublicView) -> str:
    """Where the game stands: phase, round and the white die (or setup, or the end)."""
    if view["over"]:
        return _("Game over: final scores")
    if view["setup"]:
        return _("Setup: the start castles are placed")
    return _("Phase {phase} · round {round} of {rounds} · white die {white}", phase=view["phase"],
             round=view["round"], rounds=D.ROUNDS_PER_PHASE, white=view["white_die"])


def status_line(view: PublicView, names: Sequence[str]) -> str:
    """Where the game stands and who is to act, for the estate images' headers: "Phase A · round 1 of 5 · white
    die 3 · Ana to act", each fact kept on one line when the line wraps."""
    facts = status_facts(view).split(" · ")
    actor = view["to_act"]
    if actor is not None:
        facts.append(_("{name} to act", name=player_name(names, actor)))
    return " · ".join(map(unbroken, facts))


def _header(img: Image.Image, view: PublicView, names: Sequence[str], theme: Theme) -> None:
    actor = view["to_act"]
    result = view.get("result")
    winners = [s for s, rank in enumerate(result["ranks"]) if rank == 1] if result else None
    best = max(result["scores"]) if result else 0
    who = " & ".join(player_name(names, s) for s in winners or [])
    x, y = draw_board_header(img, theme, W, Header(
        title=L.title().upper(), turn=view["turn_number"], to_act=actor, name=player_name(names, actor),
        status=_("to act"), winners=winners,
        result=ngettext("{who} wins with {best} VP", "{who} win with {best} VP", len(winners or []), who=who,
                        best=best)))
    draw_text(img, (x, y), status_facts(view), caption_size(W), theme.ink, anchor="lm", max_width=W - 2 * x)


def depot_places(tiles: Sequence[str], kinds: Sequence[str]) -> list[str | None]:
    """Each of a depot's places and the tile on it (None: empty): each tile on a place of its kind (the depot's
    printed places), the rest where room is left."""
    spaces: list[str | None] = [None] * len(kinds)
    left: list[str] = []
    for token in tiles:
        kind = P.tile_kind(token)
        for i, k in enumerate(kinds):
            if spaces[i] is None and k == kind:
                spaces[i] = token
                break
        else:
            left.append(token)
    for token in left:
        if None in spaces:
            spaces[spaces.index(None)] = token
        else:
            spaces.append(token)
    return spaces


def _depot(img: Image.Image, box: Box, tiles: Sequence[str], kinds: Sequence[str], goods: Sequence[int],
           theme: Theme, before: Sequence[str] | None = None) -> None:
    """A numbered depot: its tiles on their places, its goods; with ``before`` (its tiles in an earlier view),
    each place emptied since is marked (a tile someone took)."""
    r = geo.DEPOT_R
    spaces = depot_places(tiles, kinds)
    taken = ({i for i, tile in enumerate(depot_places(before, kinds)) if tile is not None and
              (i >= len(spaces) or spaces[i] is None)} if before is not None else set())
    step = geo.DEPOT_TILE_STEP
    x0 = box.x + box.w / 2 - step * (len(spaces) - 1) / 2
    cy = box.y + 104
    for i, placed in enumerate(spaces):
        centre = (x0 + i * step, cy)
        if placed is None:
            paste(img, P.depot_space(kinds[i], r), centre, "mm")
        else:
            paste(img, P.tile(placed, r), centre, "mm")
        if i in taken:
            since_mark(ImageDraw.Draw(img), centre, 2 * r, theme, pad=2, arm=0.25)
    if not goods:
        put(img, (box.x + 84, box.y + 186), _("none"), 18, theme.muted, anchor="lm")
    for goods_type, x, size, count, text_size in goods_layout(box, goods):
        paste(img, P.goods(goods_type, size), (x, box.y + 186 - size / 2))
        if count:
            put(img, (x + size + 4, box.y + 186), f"×{count}", text_size, theme.ink, bold=True, anchor="lm")


GoodsPlace = tuple[int, float, int, int, int]  # goods type, x, tile size, count shown (0: none), count's size


def goods_layout(box: Box, goods: Sequence[int]) -> list[GoodsPlace]:
    """Where a depot's goods go on its "Goods" line: one tile each while they fit, else one per type with
    "×n", smaller when needed, so that nothing runs past the depot's right edge."""
    x0, right = box.x + 84, box.right - 12
    if len(goods) * 40 - 4 <= right - x0:
        return [(g, x0 + i * 40, 36, 0, 0) for i, g in enumerate(goods)]
    kinds = sorted(set(goods))
    for size, text_size in ((36, 18), (30, 16), (26, 14), (22, 13)):
        out: list[GoodsPlace] = []
        x = x0
        for g in kinds:
            n = goods.count(g)
            out.append((g, x, size, n if n > 1 else 0, text_size))
            x += size + 4 + (text_width(f"×{n}", font(text_size, True)) + 10 if n > 1 else 6)
        if x - 10 <= right:
            break
    return out


def _black(img: Image.Image, view: PublicView, theme: Theme) -> None:
    box = geo.BLACK
    r = geo.BLACK_R
    tiles = view["depots"].get("black", [])
    n = max(view["black_depot_spaces"], len(tiles))
    step = P.SQRT3 * r + 6
    x0 = box.x + 210 + P.SQRT3 * r / 2
    for i in range(n):
        centre = (x0 + i * step, box.y + box.h / 2)
        if i < len(tiles):
            paste(img, P.tile(tiles[i], r), centre, "mm")
        else:
            paste(img, P.outlined_slot(r, theme.line, _("empty"), theme.muted, round(r * 0.4)), centre, "mm")
    # the face-down stacks
    sx = x0 + 8 * step - 30
    draw_text(img, (sx, box.y + 24), _("Face-down stacks: tiles left"), 18, theme.muted, bold=True, anchor="lm",
              max_width=box.right - 12 - sx, min_size=12)
    sizes = view["stack_sizes"]
    backs = [*D.KINDS, D.BLACK]
    draw = ImageDraw.Draw(img)
    for i, back in enumerate(backs):
        cx = sx + (i % 4) * 56
        cy = box.y + 62 + (i // 4) * 44
        fill = P.KIND_RGB.get(back, P.BLACK_BACK)
        draw.rounded_rectangle((cx, cy - 16, cx + 22, cy + 16), radius=5, fill=fill, outline=P.INK, width=2)
        put(img, (cx + 11, cy), L.kind_letter(back), 15, on_colour(fill), bold=True, anchor="mm")
        put(img, (cx + 26, cy), str(sizes.get(back, 0)), 18, theme.ink, bold=True, anchor="lm")
    # the black backs' letter is no kind's: say what it stands for beside it (the kinds' letters are in the key)
    kx = sx + (len(backs) % 4) * 56
    draw_text(img, (kx, box.y + 62 + 44), _("{x}: black backs", x=L.kind_letter(D.BLACK)), 15, theme.muted,
              anchor="lm", max_width=box.right - 12 - kx, min_size=11)


def knowledge_on_table(view: PublicView, names: Sequence[str]) -> list[tuple[int, str]]:
    """Every knowledge tile the board image shows by its number only, once each, with where it lies:
    the numbered depots, the black depot, then each player's storage (named by its owner)."""
    seen: dict[int, str] = {}
    for depot in (*(str(n) for n in range(1, 7)), "black"):
        for token in view["depots"].get(depot, []):
            n = K.number(token)
            if n is not None:
                seen.setdefault(n, _("black") if depot == "black" else _("depot {n}", n=depot))
    for info in view["players_info"]:
        for token in info["storage"]:
            n = K.number(token)
            if n is not None:
                seen.setdefault(n, _("{name}'s storage", name=player_name(names, info["seat"])))
    return list(seen.items())


def _knowledge(img: Image.Image, view: PublicView, names: Sequence[str], theme: Theme) -> None:
    box = geo.KNOWLEDGE
    tiles = knowledge_on_table(view, names)
    if not tiles:
        title = text_width(_("Knowledge tiles on the table"), font(18, True))
        put(img, (box.x + 14 + title + 16, box.y + 18), _("none"), 18, theme.muted, anchor="lm")
        return
    body = Box(box.x + 14, box.y + 36, box.w - 28, box.h - 42)
    cells = [c for col in body.columns(geo.KNOWLEDGE_COLUMNS, gap=16) for c in col.rows(geo.KNOWLEDGE_ROWS)]
    shown = tiles if len(tiles) <= len(cells) else tiles[: len(cells) - 1]
    for (n, where), cell in zip(shown, cells, strict=False):
        cy = cell.y + cell.h / 2
        paste(img, P.tile(f"k{n}", 15, label=False), (cell.x + 14, cy), "mm")
        used = put(img, (cell.x + 34, cy), f"{n}", 18, theme.ink, bold=True, anchor="lm")
        draw_text(img, (cell.x + 40 + used, cy), f"{K.short(n)} ({where})", 16, theme.ink, anchor="lm",
                  max_width=cell.w - 44 - used, min_size=12)
    if len(shown) < len(tiles):
        rest = ", ".join(str(n) for n, _where in tiles[len(shown):])
        cell = cells[-1]
        draw_text(img, (cell.x, cell.y + cell.h / 2), _("and {rest}: see the estates' lists", rest=rest), 16,
                  theme.muted, anchor="lm", max_width=cell.w)


def _phase(img: Image.Image, view: PublicView, theme: Theme) -> None:
    box = geo.PHASE_BOX
    draw = ImageDraw.Draw(img)
    put(img, (box.x + 14, box.y + 22), _("Phases"), 20, theme.ink, bold=True, anchor="lm")
    current = D.PHASES.index(view["phase"]) if view["phase"] in D.PHASES else 0
    over = view["over"]
    for i, letter in enumerate(D.PHASES):
        cx, cy = box.x + 140 + i * 60, box.y + 24
        if i < current or over:
            draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=theme.panel_alt, outline=theme.line, width=2)
            put(img, (cx, cy), letter, 20, theme.muted, bold=True, anchor="mm")
            draw.line((cx - 14, cy + 14, cx + 14, cy - 14), fill=theme.muted, width=3)
        elif i == current:
            draw.ellipse((cx - 21, cy - 21, cx + 21, cy + 21), fill=theme.accent, outline=P.INK, width=3)
            put(img, (cx, cy), letter, 24, (0, 0, 0), bold=True, anchor="mm")
        else:
            draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=theme.panel, outline=theme.ink, width=2)
            put(img, (cx, cy), letter, 20, theme.ink, bold=True, anchor="mm")
    put(img, (box.x + 14, box.y + 66), _("Rounds"), 20, theme.ink, bold=True, anchor="lm")
    goods = view["round_goods"]
    rnd = view["round"]
    first_goods_round = D.ROUNDS_PER_PHASE - len(goods) + 1
    size = 62
    for i in range(D.ROUNDS_PER_PHASE):
        n = i + 1
        x, y = box.x + 14 + i * (size + 30), box.y + 92
        now = n == rnd and not over
        draw.rounded_rectangle((x, y, x + size + 20, y + size + 30), radius=10,
                               fill=mix(theme.accent, theme.panel, 0.45) if now else theme.panel_alt,
                               outline=P.INK if now else theme.line, width=3 if now else 1)
        put(img, (x + (size + 20) / 2, y + 14), _("round {n}", n=n), 15, theme.ink, bold=now, anchor="mm")
        cx, cy = x + (size + 20) / 2, y + 28 + size / 2
        if n >= first_goods_round and n - first_goods_round < len(goods):
            paste(img, P.goods(goods[n - first_goods_round], 46), (cx, cy), "mm")
        elif now:
            paste(img, P.die(view["white_die"] or 1, 46, (250, 250, 250)), (cx, cy), "mm")
        else:
            put(img, (cx, cy), "–", 26, theme.muted, anchor="mm")
    if not over:
        draw_text(img, (box.x + 14, box.bottom - 12), _("Goods still to come this phase; the white die picks "
                  "their depot."), 14, theme.muted, anchor="ls", max_width=box.w - 28)


def _bonus(img: Image.Image, view: PublicView, players: int, theme: Theme) -> None:
    box = geo.BONUS_BOX
    left = view["bonus_tiles_left"]
    r = 27
    col = (box.w - 20) / len(D.KINDS)
    for i, kind in enumerate(D.KINDS):
        cx = box.x + 10 + col * (i + 0.5)
        sizes = left.get(kind, [])
        for row, (size, table) in enumerate((("large", D.BONUS_LARGE), ("small", D.BONUS_SMALL))):
            cy = box.y + 82 + row * 62
            if size in sizes:
                paste(img, P.bonus_tile(kind, table.get(players, table[4]), r), (cx, cy), "mm")
            else:
                paste(img, P.slot(r, theme.panel, theme.line, _("taken")), (cx, cy), "mm")
    draw_text(img, (box.x + 14, box.bottom - 14), _("Top: 1st to fill a colour, bottom: 2nd (VP)"), 14, theme.muted,
              anchor="ls", max_width=box.w - 28, min_size=10)


def _track(img: Image.Image, view: PublicView, names: Sequence[str], theme: Theme) -> None:
    box = geo.TRACK_BOX
    draw = ImageDraw.Draw(img)
    track = view["track"]
    n = len(track) or D.TRACK_SPACES
    col = (box.w - 24) / n
    top, bottom = box.y + 44, box.y + 160
    for i in range(n):
        x = box.x + 12 + i * col
        draw.rounded_rectangle((x + 3, top, x + col - 3, bottom), radius=8, fill=theme.panel_alt,
                               outline=theme.line, width=1)
        put(img, (x + col / 2, bottom - 12), str(i + 1), 15, theme.muted, bold=True, anchor="mm")
        seats = track[i] if i < len(track) else []
        for j, seat in enumerate(seats):  # bottom to top
            paste(img, seat_badge(seat, 28, theme.ink), (x + col / 2 - 14, bottom - 56 - j * 28))
    order = view["turn_order"]
    x = box.x + 14
    y = box.bottom - 26
    x += put(img, (x, y), _("This round:"), 16, theme.ink, bold=True, anchor="lm") + 8
    for i, seat in enumerate(order):
        if i:
            x += put(img, (x, y), "→", 18, theme.muted, anchor="lm") + 4
        paste(img, seat_badge(seat, 24, theme.ink), (x, y - 12))
        x += 30
    draw_text(img, (box.right - 12, y), _("ahead = first"), 14, theme.muted, anchor="rm",
              max_width=box.right - 12 - x - 8, min_size=10)


def _players(img: Image.Image, view: PublicView, names: Sequence[str], theme: Theme) -> None:
    infos = view["players_info"]
    box = geo.players_box(len(infos))
    draw = ImageDraw.Draw(img)
    actor = view["to_act"]
    result = view.get("result")
    first = {s for s, rank in enumerate(result["ranks"]) if rank == 1} if result else set()
    for seat, info in enumerate(infos):
        y = box.y + geo.PLAYERS_TITLE_H + seat * geo.PLAYER_ROW_H + 6
        cy = y + geo.PLAYER_ROW_H / 2
        if seat % 2 == 0:
            draw.rectangle((box.x + 6, y, box.right - 6, y + geo.PLAYER_ROW_H), fill=mix(theme.panel,
                                                                                      theme.panel_alt, 0.5))
        if seat == actor:
            draw.rectangle((box.x + 6, y, box.x + 12, y + geo.PLAYER_ROW_H), fill=theme.accent)
            paste(img, ui_icon("arrow", 26, theme.accent, P.INK), (box.x + 16, cy - 13))
        elif seat in first:  # the winner by the rules' tie-breaks, not merely the most VP
            paste(img, ui_icon("crown", 28, P.GOLD, P.INK), (box.x + 14, cy - 14))
        paste(img, seat_badge(seat, 32, theme.ink), (box.x + COL_NAME - 20, cy - 16))
        draw_text(img, (box.x + COL_NAME + 22, cy), player_name(names, seat), 22, theme.ink, bold=seat == actor,
                  anchor="lm", max_width=COL_VP - COL_NAME - 40, min_size=15)
        put(img, (box.x + COL_VP, cy), str(info["vp"]), 30, theme.ink, bold=True, anchor="lm")
        paste(img, P.icon("silver", 28), (box.x + COL_SILVER, cy - 14))
        put(img, (box.x + COL_SILVER + 32, cy), f"×{info['silver']}", 20, theme.ink, bold=True, anchor="lm")
        paste(img, P.icon("worker", 28), (box.x + COL_WORKERS, cy - 14))
        put(img, (box.x + COL_WORKERS + 32, cy), f"×{info['workers']}", 20, theme.ink, bold=True, anchor="lm")
        for i, value in enumerate(info["dice"]):
            paste(img, P.die(value, 34, mix(player_colour(seat), (255, 255, 255), 0.8)),
                  (box.x + COL_DICE + i * 40, cy - 17))
        if not info["dice"]:
            put(img, (box.x + COL_DICE, cy), _("used"), 17, theme.muted, anchor="lm")
        for i, token in enumerate(info["storage"]):
            paste(img, P.tile(token, 25, label=False), (box.x + COL_STORAGE + 22 + i * 46, cy), "mm")
        if not info["storage"]:
            put(img, (box.x + COL_STORAGE, cy), _("empty"), 17, theme.muted, anchor="lm")
        gx = box.x + COL_GOODS
        goods = sorted((int(g), n) for g, n in info["goods"].items())
        for g, n in goods:
            paste(img, P.goods(g, 26), (gx, cy - 13))
            gx += 30 + (put(img, (gx + 28, cy), f"×{n}", 15, theme.ink, bold=True, anchor="lm") + 4 if n > 1 else 0)
        if not goods:
            put(img, (gx, cy), "–", 18, theme.muted, anchor="lm")
        for i, b in enumerate(info["bonus_tiles"]):
            paste(img, P.bonus_tile(b["kind"], b["points"], 17), (box.x + COL_BONUS + 16 + i * 28, cy), "mm")
        if not info["bonus_tiles"]:
            put(img, (box.x + COL_BONUS, cy), "–", 18, theme.muted, anchor="lm")


def draw_board_since(view: PublicView, names: Sequence[str], since: PublicView) -> Image.Image:
    """The board with the depot places emptied since the view ``since`` marked (the tiles the others took; what
    they placed is on their estates, which ``/board all`` shows)."""
    return draw_board_image(view, names, since=since)


def draw_board_image(view: PublicView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                     since: PublicView | None = None) -> Image.Image:
    """The central board with the acting player's estate under it (``render.draw_board`` encodes it); with
    ``since``, the depot places emptied after it are marked."""
    players = len(view["players_info"])
    top = LAYERS.get(("castles-of-burgundy", "board", players, W, theme.name, current()),
                     lambda: _static(players, theme))
    _header(top, view, names, theme)
    for n, box in enumerate(geo.depot_boxes(), start=1):
        before = since["depots"].get(str(n), []) if since is not None and since["phase"] == view["phase"] else None
        _depot(top, box, view["depots"].get(str(n), []), view["depot_spaces"].get(str(n), []),
               view["depot_goods"].get(str(n), []), theme, before)
    _black(top, view, theme)
    _knowledge(top, view, names, theme)
    _phase(top, view, theme)
    _bonus(top, view, players, theme)
    _track(top, view, names, theme)
    _players(top, view, names, theme)
    seat, why = estate_seat(view)
    estate = estate_image(view, names, seat, title=why, theme=theme)
    top.paste(estate.crop((FRAME, 0, W - FRAME, estate.height)), (FRAME, geo.board_height(players)))
    return top
