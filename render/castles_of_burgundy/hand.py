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

from engines.castles_of_burgundy import data as D
from render.canvas import FRAME, new_canvas
from render.castles_of_burgundy import geometry as geo
from render.castles_of_burgundy.estate import FREE, PAID, estate_image
from render.header import header_panel
from render.legend import player_name, seat_badge
from render.palette import DEFAULT_THEME, Theme
from render.shapes import paste
from render.text import draw_text, put

if TYPE_CHECKING:
    from engines.castles_of_burgundy.view import PublicView, SeatView

W = geo.W
HAND_HEADER_H = 132
ESTATE_HEADER_H = 70


def _status(view: PublicView) -> str:
    if view["over"]:
        return "Game over"
    if view["setup"]:
        return "Setup: start castles"
    return f"Phase {view['phase']} · round {view['round']} of {D.ROUNDS_PER_PHASE} · white die {view['white_die']}"


def _compose(header_h: int, estate: Image.Image, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = new_canvas(W, header_h + estate.height + FRAME + 6, theme)
    img.paste(estate.crop((FRAME, 0, W - FRAME, estate.height)), (FRAME, header_h))
    draw = ImageDraw.Draw(img)
    header_panel(draw, W, header_h - 8, theme)
    return img, draw


def draw_hand_image(view: SeatView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A seat's own estate, each space a stored tile could fill ringed (``render.draw_hand`` encodes it)."""
    seat = view["seat"]
    decision = view.get("decision")
    placeable = view["placeable"]
    castle = (decision.get("spaces") if decision else None) or ()
    estate = estate_image(view, names, seat, title="your estate", placeable=placeable, castle=castle, theme=theme)
    img, draw = _compose(HAND_HEADER_H, estate, theme)
    x, y = 34, FRAME + 34
    put(img, (x, y), f"The Castles of Burgundy · {_status(view)}", 22, theme.ink, bold=True, anchor="lm")
    actor = view["to_act"]
    if view["over"]:
        line = "The game is over."
    elif actor == seat:
        line = "Your turn" + (f": {decision['prompt']}" if decision and decision["prompt"] else ".")
    elif actor is not None:
        line = f"Waiting for {player_name(names, actor)}."
    else:
        line = ""
    if actor is not None and not view["over"]:
        paste(img, seat_badge(actor, 28, theme.ink), (x, y + 20))
        draw_text(img, (x + 38, y + 34), line, 21, theme.accent if actor == seat else theme.ink, bold=actor == seat,
                  anchor="lm", max_width=W - x - 80, min_size=15)
    else:
        put(img, (x, y + 34), line, 21, theme.ink, anchor="lm")
    # the key to the rings
    ky = y + 74
    kx: float = x
    for text, colour, meaning in (("3", FREE, "die 3 fits as it is"), ("5+2w", PAID, "die 5 with 2 workers")):
        w = put(img, (0, -100), text, 15, (0, 0, 0), bold=True) + 14
        draw.rounded_rectangle((kx, ky - 12, kx + w, ky + 12), radius=12, fill=colour)
        put(img, (kx + w / 2, ky), text, 15, (255, 255, 255), bold=True, anchor="mm")
        kx += w + 8 + put(img, (kx + w + 8, ky), meaning, 18, theme.ink, anchor="lm") + 26
    if not any(placeable.values()) and not castle:
        note = "No stored tile can be placed with your dice now." if placeable else "No dice to place with now."
    else:
        note = "Ringed: the spaces your stored tiles can fill."
    draw_text(img, (kx, ky), note, 18, theme.muted, anchor="lm", max_width=W - kx - 34)
    return img


def draw_estate_image(view: PublicView, names: Sequence[str], seat: int, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """``seat``'s estate from any view, all of it public (``render.draw_player`` encodes it)."""
    infos = view["players_info"]
    if not 0 <= seat < len(infos):
        raise ValueError(f"no seat {seat} in a {len(infos)}-player game")
    estate = estate_image(view, names, seat, title=f"{infos[seat]['vp']} VP", theme=theme)
    img, _draw = _compose(ESTATE_HEADER_H, estate, theme)
    y = FRAME + 8 + (ESTATE_HEADER_H - FRAME - 16) / 2
    put(img, (34, y), f"The Castles of Burgundy · {_status(view)}", 22, theme.ink, bold=True, anchor="lm")
    return img
