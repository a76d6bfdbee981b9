"""A seat's hand image (sent privately) and any player's estate image (``/board player:@x``).

The hand: a header (phase, round, whose turn, the decision being made), a key, and
the player's own estate panel with every space a stored tile could fill ringed and
tagged with the die that reaches it ("3" as it is, "5+2w" with two workers) — read
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
from render.castles_of_burgundy.board import status_facts
from render.castles_of_burgundy.estate import FREE, PAID, estate_image, worker_tag
from render.header import INSET, caption_size, draw_hand_header, hand_header_height, header_panel
from render.legend import player_name
from render.palette import DEFAULT_THEME, Theme
from render.text import draw_text, font, put
from render.text import width as text_width

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PublicView, SeatView

W = geo.W
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


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A seat's own estate, each space a stored tile could fill ringed (``render.draw_hand`` encodes it)."""
    seat = view["seat"]
    decision = view.get("decision")
    placeable = view["placeable"]
    castle = (decision.get("spaces") if decision else None) or ()
    estate = estate_image(view, names, seat, title=_("your estate"), placeable=placeable, castle=castle, theme=theme)
    img, draw = _compose(HAND_HEADER_H, estate, theme)
    actor = view["to_act"]
    tag, status = "", ""
    if view["over"]:
        tag, status = _("GAME OVER"), _("The game is over.")
    elif actor == seat:
        tag = _("YOUR TURN")
        # The prompt in the reader's language, from the decision's fields (the view's text is the viewer's).
        asked = L.prompt(decision["levels"][-1], decision["die"] or 0, decision["tile"]) if decision else ""
        status = _("Your turn: {prompt}", prompt=asked) if asked else _("Your turn.")
    elif actor is not None:
        status = _("Waiting for {name}", name=player_name(names, actor))
    y = draw_hand_header(img, draw, theme, width=W, seat=seat, name=player_name(names, seat), tag=tag,
                         title=L.title().upper(), turn=view["turn_number"], status=status, mine=actor == seat)
    # The key to the rings, for this player's own dice and workers.
    c = caption_size(W)
    ky = y + c * 0.75
    kx: float = INSET + 12
    right = W - INSET - 12
    key = dice_key(view)
    for tag_text, free, words in key:
        w = text_width(tag_text, font(c - 4, True)) + 16
        draw.rounded_rectangle((kx, ky - c / 2 - 2, kx + w, ky + c / 2 + 2), radius=round(c / 2), fill=FREE if free
                               else PAID)
        put(img, (kx + w / 2, ky), tag_text, c - 4, (255, 255, 255), bold=True, anchor="mm")
        kx += w + 8 + draw_text(img, (kx + w + 8, ky), words, c, theme.ink, anchor="lm",
                                max_width=right - kx - w - 8) + 28
    if not key:
        note = _("No dice left to place with.") if not view["over"] else ""
    elif not any(placeable.values()) and not castle:
        note = _("Nothing in storage fits now.")
    else:
        note = _("Ringed: where they fit.")
    draw_text(img, (kx, ky), note, c, theme.muted, anchor="lm", max_width=right - kx)
    return img


def draw_estate_image(view: PublicView, names: Sequence[str], seat: int, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """``seat``'s estate from any view, all of it public (``render.draw_player`` encodes it)."""
    infos = view["players_info"]
    if not 0 <= seat < len(infos):
        raise ValueError(f"no seat {seat} in a {len(infos)}-player game")
    vp = _("{n} VP", n=infos[seat]["vp"])
    estate = estate_image(view, names, seat, title=vp, theme=theme)
    img, draw = _compose(ESTATE_HEADER_H, estate, theme)
    actor = view["to_act"]
    status = status_facts(view) + (" · " + _("{name} to act", name=player_name(names, actor)) if actor is not None
                                   else "")
    draw_hand_header(img, draw, theme, width=W, seat=seat, name=player_name(names, seat), tag=vp,
                     title=L.title().upper(), turn=view["turn_number"], status=status, mine=False)
    return img
