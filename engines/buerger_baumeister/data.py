"""Bürger, Baumeister & Co.'s components and board, as ``../shared/rules/buerger-baumeister.md`` fixes them.

Plain constants only: a corrected board or token mix is a change here, not in the rules.
The page marks most of the component table "(ours)"; it lives here for that reason.
"""

from __future__ import annotations

# --- Colours -----------------------------------------------------------------
# Letters are what players type and what images print beside every colour, so
# colour is never the only signal.
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
COLOUR_LETTERS: tuple[str, ...] = ("R", "Y", "G", "B", "P")

# --- Building tokens -----------------------------------------------------------
HOUSE, VILLA, PARK = "house", "villa", "park"  # "villa": the rulebook's "village" is a mistranslation
TYPES: tuple[str, ...] = (HOUSE, VILLA, PARK)
TYPE_LETTERS: tuple[str, ...] = ("H", "V", "P")  # a code is colour, type, value: "PP3" is a purple park 3
#: The 13 tokens of one colour, as (type, value); token id // 13 is the colour, id % 13 indexes this.
TOKENS_PER_COLOUR = 13
TOKEN_KINDS: tuple[tuple[str, int], ...] = (
    ((HOUSE, 2),) * 3 + ((HOUSE, 3),) * 2 + ((VILLA, 2),) * 3 + ((VILLA, 3),) * 2 + ((PARK, 3),) * 3
)
TOKENS = len(COLOURS) * TOKENS_PER_COLOUR  # 65
HAND_SIZE = 3

# --- Districts -------------------------------------------------------------------
SIZES: tuple[str, ...] = ("S", "M", "L")
SIZE_NAMES: dict[str, str] = {"S": "small", "M": "medium", "L": "large"}
COIN, PLUS2, PLAIN = "coin", "+2", "plain"
BONUSES: tuple[str, ...] = (COIN, PLUS2, PLAIN)
#: The printed spaces of a district of each size, in board order (ours): S 4, M 5, L 6.
SPACES: dict[str, tuple[str, ...]] = {
    "S": (COIN, PLAIN, PLAIN, PLAIN),
    "M": (COIN, PLUS2, PLAIN, COIN, PLAIN),
    "L": (COIN, PLUS2, PLAIN, COIN, PLUS2, PLAIN),
}
PLUS2_POINTS = 2
MAX_COINS = 3
#: Large project per district size: (cost in coins, bonus).  "+4" scores 4; "x2" scores the placement again.
PLUS4, DOUBLE = "+4", "x2"
PROJECTS: dict[str, tuple[int, str]] = {"S": (1, PLUS4), "M": (1, DOUBLE), "L": (2, DOUBLE)}
PLUS4_POINTS = 4
CRANES = 3

#: District index d: colour d // 3, size d % 3.  Ids as players type them: ``red-S`` … ``purple-L``.
DISTRICTS: tuple[str, ...] = tuple(f"{c}-{s}" for c in COLOURS for s in SIZES)


def district_colour(district: int) -> int:
    return district // len(SIZES)


def district_size(district: int) -> str:
    return SIZES[district % len(SIZES)]


# --- Offer board ------------------------------------------------------------------
#: Prices of the five offer spaces, clockwise from space 1.
OFFER_PRICES: tuple[int, ...] = (1, 1, 2, 1, 2)
MAYOR_START = 0  # space 1

# --- Setup --------------------------------------------------------------------------
#: Tokens removed at random, by player count; with 2 players one token per district is also
#: pre-placed (drawn from the bag among that district's colour) on a plain space.
REMOVED: dict[int, int] = {2: 3, 3: 2, 4: 0}
PREPLACE: dict[int, bool] = {2: True, 3: False, 4: False}
