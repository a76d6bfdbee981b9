"""The Castles of Burgundy's images: the central board (with the acting player's estate), a seat's
hand (own estate with the spaces each die could fill) and any player's estate."""

from render.castles_of_burgundy.board import draw_board_image, draw_board_since
from render.castles_of_burgundy.compact import draw_compact
from render.castles_of_burgundy.grid import draw_all_players_image
from render.castles_of_burgundy.hand import draw_estate_image, draw_hand_image
from render.castles_of_burgundy.standings import STANDINGS
from render.images import GameImages

#: ``player``/``all_players``: the per-player images the registry promises (``GAME.player_boards``): one
#: estate, or every estate in a grid.
IMAGES = GameImages(board=draw_board_image, hand=draw_hand_image, player=draw_estate_image,
                    all_players=draw_all_players_image, standings=STANDINGS, board_since=draw_board_since,
                    compact=draw_compact)

__all__ = ["IMAGES", "draw_all_players_image", "draw_board_image", "draw_estate_image", "draw_hand_image"]
