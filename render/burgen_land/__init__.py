"""Burgen Land's images: the public board and a seat's own panel."""

from render.burgen_land.board import draw_board, draw_board_image
from render.burgen_land.hand import draw_hand, draw_hand_image
from render.images import GameImages

IMAGES = GameImages(board=draw_board, hand=draw_hand)

__all__ = ["IMAGES", "draw_board", "draw_board_image", "draw_hand", "draw_hand_image"]
