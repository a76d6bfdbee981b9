"""Where things sit on the Castles of Burgundy images, as data (pixels at the design width).

The estate is drawn from the engine's axial coordinates (``data.COORDS``): pointy-top
hexes in rows of 4-7.  The board image is cut top-down into boxes listed here.
"""

from __future__ import annotations

import math

from engines.castles_of_burgundy import data as D
from render.header import board_header_height
from render.layout import Box

W = 1400
MARGIN = 20

# --- The estate panel (an image of its own, composed under the board or in the hand) ----------------
ESTATE_R = 60                      # hex circumradius
ESTATE_HEX_W = math.sqrt(3) * ESTATE_R
ESTATE_PANEL_H = 800
ESTATE_TITLE_H = 56
ESTATE_CENTRE = (MARGIN + 16 + 3.5 * ESTATE_HEX_W, ESTATE_TITLE_H + 24 + 5.5 * ESTATE_R)
SIDE = Box(MARGIN + 16 + 7 * ESTATE_HEX_W + 28, ESTATE_TITLE_H + 14, 0, ESTATE_PANEL_H - ESTATE_TITLE_H - 34)
SIDE = Box(SIDE.x, SIDE.y, W - MARGIN - 14 - SIDE.x, SIDE.h)


def space_centre(space: int) -> tuple[float, float]:
    """Centre of estate space 1..37 in the estate panel."""
    q, r = D.COORDS[space]
    cx, cy = ESTATE_CENTRE
    return (cx + ESTATE_HEX_W * (q + r / 2), cy + 1.5 * ESTATE_R * r)


def edge(space: int, neighbour_q: int, neighbour_r: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The hex edge of ``space`` facing the axial position (q, r) (which may lie off the estate)."""
    q, r = D.COORDS[space]
    cx, cy = space_centre(space)
    nx = cx + ESTATE_HEX_W * ((neighbour_q - q) + (neighbour_r - r) / 2)
    ny = cy + 1.5 * ESTATE_R * (neighbour_r - r)
    mx, my = (cx + nx) / 2, (cy + ny) / 2
    dx, dy = nx - cx, ny - cy
    length = math.hypot(dx, dy)
    px, py = -dy / length * ESTATE_R / 2, dx / length * ESTATE_R / 2
    return (mx - px, my - py), (mx + px, my + py)


DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# --- The board image ------------------------------------------------------------------------------
HEADER_H = board_header_height(W) + 4
DEPOTS = Box(MARGIN, HEADER_H + 10, W - 2 * MARGIN, 2 * 226 + 14)
DEPOT_R = 48  # one tile size for depots, the black depot and storage: fewer sprites to draw
DEPOT_TILE_STEP = 88
BLACK = Box(MARGIN, DEPOTS.bottom + 14, W - 2 * MARGIN, 132)
BLACK_R = DEPOT_R
#: What the knowledge tiles on the board do (depots, black depot, storage): number and a short phrase.
KNOWLEDGE = Box(MARGIN, BLACK.bottom + 10, W - 2 * MARGIN, 130)
#: Two wide columns: a tile in a player's storage names its owner ("Maria da Conceição…'s storage").
KNOWLEDGE_COLUMNS = 2
KNOWLEDGE_ROWS = 3
BAND = Box(MARGIN, KNOWLEDGE.bottom + 14, W - 2 * MARGIN, 214)
PHASE_BOX, BONUS_BOX, TRACK_BOX = (
    Box(BAND.x, BAND.y, 500, BAND.h),
    Box(BAND.x + 514, BAND.y, 392, BAND.h),
    Box(BAND.x + 920, BAND.y, BAND.w - 920, BAND.h),
)
PLAYERS_Y = BAND.bottom + 14
PLAYER_ROW_H = 58
PLAYERS_TITLE_H = 34


def depot_boxes() -> list[Box]:
    top, bottom = DEPOTS.rows(2, gap=14)
    return top.columns(3, gap=14) + bottom.columns(3, gap=14)


def players_box(players: int) -> Box:
    return Box(MARGIN, PLAYERS_Y, W - 2 * MARGIN, PLAYERS_TITLE_H + players * PLAYER_ROW_H + 10)


def board_height(players: int) -> int:
    return round(players_box(players).bottom + 12)
