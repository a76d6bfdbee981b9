"""Bürger, Baumeister & Co.'s images: the public board and a seat's hand."""

from render.buerger_baumeister.board import draw_board_image, draw_board_since
from render.buerger_baumeister.compact import draw_compact
from render.buerger_baumeister.hand import draw_hand_image
from render.buerger_baumeister.standings import STANDINGS
from render.images import GameImages

IMAGES = GameImages(board=draw_board_image, hand=draw_hand_image, standings=STANDINGS, board_since=draw_board_since,
                    compact=draw_compact)

__all__ = ["IMAGES", "draw_board_image", "draw_hand_image"]
