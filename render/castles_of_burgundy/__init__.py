"""The Castles of Burgundy's images: the central board (with the acting player's estate), a seat's
hand (own estate with the spaces each die could fill) and any player's estate."""

from render.castles_of_burgundy.board import draw_board_image
from render.castles_of_burgundy.hand import draw_estate_image, draw_hand_image
from render.images import GameImages

#: ``player``: the per-player image the registry promises (``GAME.player_boards``), one estate.
IMAGES = GameImages(board=draw_board_image, hand=draw_hand_image, player=draw_estate_image)

__all__ = ["IMAGES", "draw_board_image", "draw_estate_image", "draw_hand_image"]
