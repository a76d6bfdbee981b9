"""Burgen Land's images: the public board and a seat's own panel."""

from render.burgen_land.board import draw_board_image, draw_board_since
from render.burgen_land.compact import draw_compact
from render.burgen_land.hand import draw_hand_image
from render.burgen_land.standings import STANDINGS
from render.images import GameImages

IMAGES = GameImages(board=draw_board_image, hand=draw_hand_image, standings=STANDINGS, board_since=draw_board_since,
                    compact=draw_compact)

__all__ = ["IMAGES", "draw_board_image", "draw_hand_image"]
