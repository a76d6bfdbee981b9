"""Burgen Land's components and track, as ``../shared/rules/burgen-land.md`` fixes them.

Plain constants only: a corrected track or card table is a change here, not in the rules.
Items the rules page marks "(ours)" are our own design and live here too.
"""

from __future__ import annotations

SEATS = 2
WIN_SCORE = 30  # reaching "the king" on the score track wins at once
DIE_SIDES = 6
RED_DICE = 5

# --- Colours -----------------------------------------------------------------
# Clockwise order on the track; letters are what players type and what images
# print beside every colour, so colour is never the only signal.
COLOURS: tuple[str, ...] = ("blue", "yellow", "red")
COLOUR_LETTERS: tuple[str, ...] = ("B", "Y", "R")

# --- Cards ---------------------------------------------------------------------
# A card is (colour, kind).  Kinds are indexed in this order everywhere; a card's
# value tells its kind apart too (1, 2, 3, 5), which is how castles store them.
WALL, LITTLE_TOWER, HOUSE, GREAT_TOWER = "wall", "little-tower", "house", "great-tower"
KINDS: tuple[str, ...] = (WALL, LITTLE_TOWER, HOUSE, GREAT_TOWER)
KIND_NAMES: tuple[str, ...] = ("wall", "little tower", "house", "great tower")
VALUES: tuple[int, ...] = (1, 2, 3, 5)
CARDS_PER_COLOUR: tuple[int, ...] = (9, 3, 3, 4)  # 19 a colour, 57 in all
TOTAL_CARDS = len(COLOURS) * sum(CARDS_PER_COLOUR)
#: Value -> kind index (castles store card values; 0 is a hole).
KIND_OF_VALUE: dict[int, int] = {v: i for i, v in enumerate(VALUES)}
HOLE = 0
#: Buildings must stand next to a wall and never next to another building.
BUILDING_VALUES = frozenset(VALUES[1:])
START_CASTLE: tuple[int, ...] = (VALUES[0],)  # each castle starts with one wall

# --- The track -------------------------------------------------------------------
# Space kinds.  Card spaces name the kind of card they give; red dice instead = its value.
CROWN, WALL_CROWN = "crown", "wall-crown"
#: One colour's section, clockwise (slots 1-3 and 6-8 from the rulebook's example; 4-5 ours).
SECTION: tuple[str, ...] = (WALL, WALL, CROWN, WALL, WALL_CROWN, LITTLE_TOWER, HOUSE, GREAT_TOWER)
SECTION_LEN = len(SECTION)
TRACK_LEN = SECTION_LEN * len(COLOURS)  # 24; ring indices blue 0-7, yellow 8-15, red 16-23
#: (space kind, colour index) per ring index.
TRACK: tuple[tuple[str, int], ...] = tuple(
    (kind, colour) for colour in range(len(COLOURS)) for kind in SECTION
)
#: The crown starts on the great-tower space of a random colour.
START_SPACES: tuple[int, ...] = tuple(i for i, (kind, _) in enumerate(TRACK) if kind == GREAT_TOWER)


def space_colour(space: int) -> int:
    return space // SECTION_LEN


def section_end(colour: int) -> int:
    """Ring index of the last space of a colour's section."""
    return colour * SECTION_LEN + SECTION_LEN - 1


def space_name(space: int) -> str:
    """``"yellow house"``, ``"red crown"``, ``"blue wall/crown"``: how players call a space."""
    kind, colour = TRACK[space]
    label = {WALL_CROWN: "wall/crown"}.get(kind, kind.replace("-", " "))
    return f"{COLOURS[colour]} {label}"
