"""A seat's hand image (sent privately) and any player's estate image (``/board player:@x``).

The hand: a header (phase, round, whose turn, the decision being made), a key, and
the player's own estate panel with every space a stored tile could fill ringed and
tagged with its number (as choices name it) and the die that reaches it ("3" as it is,
"5+2w" with two workers) — read
from the view's ``placeable`` field, which the engine computes.  Storage, goods,
silverlings, workers, dice, sold goods and bonus tiles are in the panel's side column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engines.castles_of_burgundy import words as L
from engines.castles_of_burgundy.words import _, ngettext
from render.canvas import FRAME, new_canvas
from render.castles_of_burgundy import geometry as geo
from render.castles_of_burgundy.board import status_line
from render.castles_of_burgundy.estate import FREE, PAID, estate_image, worker_tag
from render.header import (
    INSET,
    caption_row,
    caption_size,
    draw_hand_header,
    hand_header_height,
    hand_turn,
    header_panel,
    status_rows,
)
from render.legend import player_name
from render.palette import DEFAULT_THEME, Theme
from render.text import draw_text, font, put, wrap
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PublicView, SeatView

W = geo.W
#: Where the estate starts in a hand, and in an estate image, when their headers take no more rows than usual.
HAND_HEADER_H = hand_header_height(W, extra_rows=1) + 4
ESTATE_HEADER_H = hand_header_height(W) + 4


def _compose(header_h: int, estate: Image.Image, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = new_canvas(W, header_h + estate.height + FRAME + 6, theme)
    img.paste(estate.crop((FRAME, 0, W - FRAME, estate.height)), (FRAME, header_h))
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, header_h - 8, theme)
    return img, draw


def dice_key(view: SeatView) -> list[tuple[str, bool, str]]:
    """What the rings on a hand mean for this player's real dice: per die held, (tag, fits as it is, words).
    The tag is what rings the spaces ("3", or "5+2w": die 5 with 2 workers); the words say how many
    spaces each die reaches and with how many of the player's workers."""
    seat = view["seat"]
    info = view["players_info"][seat]
    workers = info["workers"]
    out = []
    for die in sorted(set(info["dice"])):
        costs = view["placeable"].get(str(die), {})
        free = sum(1 for cost in costs.values() if cost == 0)
        paid = sorted(cost for cost in costs.values() if cost)
        if not costs:
            out.append((str(die), True, _("die {die}: no stored tile fits", die=die)))
            continue
        parts = []
        if free:
            parts.append(ngettext("{n} space as it is", "{n} spaces as it is", free))
        if paid:
            parts.append(ngettext("{count} with {cost}+ of your {n} worker", "{count} with {cost}+ of your {n} workers",
                                  workers, count=len(paid), cost=paid[0]))
        out.append((str(die) if free else worker_tag(die, paid[0]), bool(free),
                    _("die {die}: {reach}", die=die, reach=", ".join(parts))))
    return out


#: One entry of a hand's key: the tags of the rings it explains (each with how its die fits: "free" as it is,
#: "paid" with workers, "none" nowhere), its words, and whether they are a note (muted).
KeyEntry = tuple[list[tuple[str, str]], str, bool]


def key_entries(view: SeatView) -> list[KeyEntry]:
    """What the hand's key says, entry by entry: each die held with what it reaches, then a note ("Ringed:
    where they fit.").  When no stored tile fits any die, that is said once, after the dice's tags."""
    decision = view.get("decision")
    castle = (decision.get("spaces") if decision else None) or ()
    held = sorted(set(view["players_info"][view["seat"]]["dice"]))
    dice = dice_key(view)
    if not dice:
        return [([], _("No dice left to place with."), True)] if not view["over"] else []
    if not any(view["placeable"].values()) and not castle:
        return [([(tag, "none") for tag, _free, _words in dice], _("Nothing in storage fits now."), True)]
    fits = [("free" if free else "paid") if view["placeable"].get(str(die)) else "none"
            for die, (_tag, free, _words) in zip(held, dice, strict=True)]
    return [*(([(tag, fit)], words, False) for (tag, _free, words), fit in zip(dice, fits, strict=True)),
            ([], _("Ringed: where they fit."), True)]


#: A key entry placed on a row: (row, x, tags, words lines), the lines after the first on the rows under it.
Placed = tuple[int, float, list[tuple[str, str]], list[str]]


def _tag_width(tag: str, c: int) -> float:
    return text_width(tag, font(c - 4, True)) + 16


def layout_key(entries: list[KeyEntry], c: int) -> tuple[list[Placed], int]:
    """The key's entries flowed over rows (an entry goes to the next row when it does not fit beside the one
    before; its words wrap when they do not fit a row); returns them and the rows taken."""
    left, right = INSET + 12, W - INSET - 12
    placed: list[Placed] = []
    row, x = 0, float(left)
    for tags, words, _note in entries:
        tags_w = sum(_tag_width(tag, c) + 8 for tag, _free in tags)
        need = tags_w + text_width(words, font(c))
        if x > left and x + need > right:
            row, x = row + 1, float(left)
        lines = wrap(words, font(c), right - x - tags_w) or [""]
        placed.append((row, x, tags, lines))
        row += len(lines) - 1
        x = (x + need + 28) if len(lines) == 1 else right  # after a wrapped entry, the next starts a row
    return placed, row + 1 if entries else 0


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A seat's own estate, each space a stored tile could fill ringed (``render.draw_hand`` encodes it)."""
    seat = view["seat"]
    decision = view.get("decision")
    placeable = view["placeable"]
    castle = (decision.get("spaces") if decision else None) or ()
    estate = estate_image(view, names, seat, title=_("your estate"), placeable=placeable, castle=castle, theme=theme)
    actor = view["to_act"]
    # The prompt in the reader's language, from the decision's fields (the view's text is the viewer's).
    asked = L.prompt(decision["levels"][-1], decision["die"] or 0, decision["tile"]) if decision else ""
    your_turn = _("Your turn: {prompt}", prompt=asked) if asked else _("Your turn.")
    ended = (_("GAME OVER"), _("The game is over.")) if view["over"] else None
    tag, status = hand_turn(names, seat, actor, your_turn, ended)
    # The header holds the status and the key to the rings on as many rows as they take.
    c = caption_size(W)
    entries = key_entries(view)
    placed, key_rows = layout_key(entries, c)
    rows = status_rows(W, status, actor == seat)
    img, draw = _compose(hand_header_height(W, extra_rows=max(1, key_rows), status_rows=rows) + 4, estate, theme)
    y = draw_hand_header(img, draw, theme, width=W, seat=seat, name=player_name(names, seat), tag=tag,
                         title=L.title().upper(), turn=view["turn_number"], status=status, mine=actor == seat,
                         rows=rows)
    ky = y + c * 0.75
    row_h = caption_row(W)
    for (row, x, tags, lines), (_tags, _words, note) in zip(placed, entries, strict=True):
        cy = ky + row * row_h
        for tag_text, fit in tags:
            w = _tag_width(tag_text, c)
            draw.rounded_rectangle((x, cy - c / 2 - 2, x + w, cy + c / 2 + 2), radius=round(c / 2),
                                   fill={"free": FREE, "paid": PAID}.get(fit, theme.muted))
            put(img, (x + w / 2, cy), tag_text, c - 4, (255, 255, 255), bold=True, anchor="mm")
            x += w + 8
        for i, line in enumerate(lines):
            draw_text(img, (x, cy + i * row_h), line, c, theme.muted if note else theme.ink, anchor="lm",
                      max_width=W - INSET - 12 - x)
    return img


def draw_estate_image(view: PublicView, names: Sequence[str], seat: int, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """``seat``'s estate from any view, all of it public (``render.draw_player`` encodes it)."""
    infos = view["players_info"]
    if not 0 <= seat < len(infos):
        raise ValueError(f"no seat {seat} in a {len(infos)}-player game")
    vp = _("{n} VP", n=infos[seat]["vp"])
    estate = estate_image(view, names, seat, title=vp, theme=theme)
    status = status_line(view, names)
    rows = status_rows(W, status, False)  # two with a long name in German
    img, draw = _compose(hand_header_height(W, status_rows=rows) + 4, estate, theme)
    draw_hand_header(img, draw, theme, width=W, seat=seat, name=player_name(names, seat), tag=vp,
                     title=L.title().upper(), turn=view["turn_number"], status=status, mine=False, rows=rows)
    return img
