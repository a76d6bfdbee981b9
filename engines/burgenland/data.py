"""Burgenland's components and board, as ``../shared/rules/burgenland.md`` fixes them.

Plain constants only: a corrected board or card table is a change here, not in the rules.
Items the rules page marks "(ours)" are our own design and live here too.
"""

from __future__ import annotations

from engines.i18n import N_

# --- Colours -----------------------------------------------------------------
# (name, one-letter code).  Letters are what players type and what images print
# beside every colour, so colour is never the only signal.  Two of the eight are
# blues: L = light blue, B = dark blue.
COLOURS: tuple[str, ...] = (
    "red", "yellow", "green", "light-blue", "dark-blue", "purple", "orange", "white",
)
COLOUR_LETTERS: tuple[str, ...] = ("R", "Y", "G", "L", "B", "P", "O", "W")
#: Each colour's name in texts (translated where shown: ``_(COLOUR_NAMES[i])``).
COLOUR_NAMES: tuple[str, ...] = (
    N_("red"), N_("yellow"), N_("green"), N_("light-blue"), N_("dark-blue"), N_("purple"), N_("orange"), N_("white"),
)

# --- Cards -------------------------------------------------------------------
CARDS_PER_COLOUR = 10
#: Coin value of the n-th card of each colour: four 1s, four 2s, two 3s (ours).
CARD_VALUES: tuple[int, ...] = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3)
COLOUR_CARDS = len(COLOURS) * CARDS_PER_COLOUR  # 80; card id // 10 is its colour
JOKER_VALUE = 3

#: Architect deck (ours): the face-up card's cost is paid for every small-castle tower.
ARCHITECT_COSTS: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)
#: Coins for the 1st, 2nd, ... well built.
WELL_REWARDS: tuple[int, ...] = (5, 4, 3, 3, 2, 2, 1, 1)
SITE_REWARD_COINS = 3
DRAW_TILE_COINS = 5
EXCHANGE_TILES = 9
JOKER_EXCHANGE_COINS = 6  # colour cards worth 6 coins buy one joker

# --- Bonus tiles ---------------------------------------------------------------
EXTRA_SITE, PAY_TEN, IGNORE, DRAW_FIVE = "extra-site", "pay10", "ignore", "draw5"
BONUS_TILES: tuple[str, ...] = (EXTRA_SITE,) * 3 + (PAY_TEN,) * 3 + (IGNORE,) * 3 + (DRAW_FIVE,) * 4
BONUS_TILE_NAMES: dict[str, str] = {
    EXTRA_SITE: N_("extra building site"),
    PAY_TEN: N_("pay 10 coins"),
    IGNORE: N_("ignore building restrictions"),
    DRAW_FIVE: N_("draw 5 coins"),
}
PAY_TEN_COINS = 10

# --- Pieces ------------------------------------------------------------------
WALL, TOWER, HOUSE, WELL = "wall", "tower", "house", "well"
PIECES: tuple[str, ...] = (WALL, TOWER, HOUSE, WELL)
#: Each piece's name in texts (translated where shown).
PIECE_NAMES: dict[str, str] = {WALL: N_("wall"), TOWER: N_("tower"), HOUSE: N_("house"), WELL: N_("well")}
BUILDINGS: tuple[str, ...] = (WALL, TOWER, HOUSE)  # what square sites and the large castle take

#: Per player count: each player's supply (walls, towers, houses, wells) and the
#: neutral pieces pre-placed at setup (walls, houses, towers).
SUPPLY: dict[int, dict[str, int]] = {
    2: {WALL: 5, TOWER: 4, HOUSE: 5, WELL: 3},
    3: {WALL: 4, TOWER: 3, HOUSE: 3, WELL: 2},
    4: {WALL: 3, TOWER: 3, HOUSE: 3, WELL: 2},
}
NEUTRAL: dict[int, dict[str, int]] = {
    2: {WALL: 6, HOUSE: 2, TOWER: 4},
    3: {WALL: 4, HOUSE: 3, TOWER: 3},
    4: {WALL: 4, HOUSE: 0, TOWER: 0},
}
BOX: dict[str, int] = {WALL: 16, TOWER: 12, HOUSE: 12, WELL: 8}
START_COLOUR_CARDS: tuple[int, ...] = (4, 5, 6, 7)  # by seat; each also gets one joker
START_JOKERS = 1

# --- Board (ours, except the counts) -----------------------------------------------
MARKER_POSITIONS = 8  # M1..M8; M1-M4 the outer ring, M5-M8 the inner ring
CASTLES = 11
#: Castle n (1-based) lies between these two marker positions (1-based).
CASTLE_MARKERS: dict[int, tuple[int, int]] = {
    1: (1, 2), 2: (2, 3), 3: (3, 4), 4: (4, 1), 5: (1, 5), 6: (2, 6),
    7: (3, 7), 8: (4, 8), 9: (5, 6), 10: (6, 7), 11: (7, 8),
}
#: Square sites of a small castle; X is the extra site a bonus tile adds.
SITES: tuple[str, ...] = ("N", "W", "E")
EXTRA = "X"
SITE_NAMES: dict[str, str] = {"N": N_("north"), "W": N_("west"), "E": N_("east"), "X": N_("extra")}
#: Site bonuses: N none; odd castles W joker, E exchange tile; even W 3 coins, E bonus tile.
JOKER_BONUS, COINS_BONUS, EXCHANGE_BONUS, TILE_BONUS = "joker", "3 coins", "exchange tile", "bonus tile"


def site_bonus(castle: int, site: str) -> str | None:
    """The bonus printed on a square site (the north and extra sites have none)."""
    if site == "W":
        return JOKER_BONUS if castle % 2 else COINS_BONUS
    if site == "E":
        return EXCHANGE_BONUS if castle % 2 else TILE_BONUS
    return None


# --- The large castle ------------------------------------------------------------------
#: Building -> (cards of one colour, cards all of different colours).
LARGE_COSTS: dict[str, tuple[int, int]] = {WALL: (4, 6), HOUSE: (5, 7), TOWER: (6, 8)}
SMALL_CASTLE_CARDS = 4
LARGE = "large"

#: A castle's sites by their letter in a place ("3W"): their order in the state.
SITE_INDEX = {"N": 0, "W": 1, "E": 2, "X": 3}


def parse_where(where: str) -> tuple[int, str] | None:
    """``3W`` -> (3, "W"); ``7`` -> (7, "well"); ``large`` -> (0, "large"); else None."""
    if where == LARGE:
        return 0, LARGE
    site = where[-1:]
    number = where[:-1] if site in SITE_INDEX else where
    if not number.isdigit() or not 1 <= int(number) <= CASTLES:
        return None
    return int(number), (site if site in SITE_INDEX else WELL)


def place_of(where: str) -> tuple[int, str]:
    """``parse_where`` for a place already checked: a build's ``where``."""
    place = parse_where(where)
    if place is None:
        raise ValueError(f"{where!r} is not a place")
    return place
