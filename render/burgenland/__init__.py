"""Burgenland's images: the public board and a seat's hand."""

from render.burgenland.board import draw_board, draw_board_image
from render.burgenland.hand import draw_hand, draw_hand_image

__all__ = ["draw_board", "draw_board_image", "draw_hand", "draw_hand_image"]
