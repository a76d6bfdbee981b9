"""Bürger, Baumeister & Co.'s images: the public board and a seat's hand."""

from render.buerger_baumeister.board import draw_board, draw_board_image
from render.buerger_baumeister.hand import draw_hand, draw_hand_image

__all__ = ["draw_board", "draw_board_image", "draw_hand", "draw_hand_image"]
