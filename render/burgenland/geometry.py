"""Where things sit on Burgenland's board image, as data.

The board graph is our own (see ``engines.burgenland.data``): markers M1-M4 on an
outer ring, M5-M8 on an inner ring, castles on the roads between two markers, the
large castle in the middle.  Coordinates are pixels of the board image at its design
width (``BOARD_WIDTH``); a corrected board is a change of these numbers only.
"""

from __future__ import annotations

from engines.burgenland import data

BOARD_WIDTH = 1400

# --- The graph (relative to the top-left of the graph area) ------------------
#: Marker position n (1-based) -> road junction (x, y).
JUNCTIONS: dict[int, tuple[int, int]] = {
    1: (150, 130), 2: (1250, 130), 3: (1250, 1040), 4: (150, 1040),
    5: (460, 380), 6: (940, 380), 7: (940, 790), 8: (460, 790),
}
#: A castle sits halfway along the road between its two markers; the few that would
#: crowd a neighbour are nudged here (none need it at present).
CASTLE_NUDGE: dict[int, tuple[int, int]] = {}


def _castle_centres() -> dict[int, tuple[int, int]]:
    centres = {}
    for castle, (a, b) in data.CASTLE_MARKERS.items():
        (ax, ay), (bx, by) = JUNCTIONS[a], JUNCTIONS[b]
        dx, dy = CASTLE_NUDGE.get(castle, (0, 0))
        centres[castle] = ((ax + bx) // 2 + dx, (ay + by) // 2 + dy)
    return centres


CASTLE_CENTRES: dict[int, tuple[int, int]] = _castle_centres()
GRAPH_HEIGHT = 1140

# --- A small castle (relative to its box's top-left) ----------------------------
CASTLE_W, CASTLE_H = 224, 180
CASTLE_HEADER_H = 34
SITE = 52                 # square site side
WELL = 44                 # round well site diameter
BONUS_ICON = 26
#: Centre of each square site, and of the well site, inside the castle box.
SITE_CENTRES: dict[str, tuple[int, int]] = {
    "N": (112, 64), "W": (36, 122), "E": (188, 122), "X": (172, 64),
}
WELL_CENTRE = (112, 124)
#: Where each site's printed bonus icon goes (below W and E).
BONUS_CENTRES: dict[str, tuple[int, int]] = {"W": (36, 164), "E": (188, 164)}

# --- The large castle, centred between the inner markers -------------------------
LARGE_CENTRE = (660, 585)
LARGE_W, LARGE_H = 300, 200

MARKER_DIAMETER = 54

#: Two keys in the free space inside the outer ring, between castles 1, 5 and 6.
LEGEND_BONUS = (428, 150, 152, 184)    # x, y, w, h: what the site-bonus icons mean
LEGEND_PIECES = (820, 150, 152, 184)   # neutral / player pieces, indicator, last build
