"""The Castles of Burgundy (2011): every component and table, transcribed as plain constants.

Source: ``../shared/rules/castles-of-burgundy.data.json`` (with its sources) as
``../shared/rules/castles-of-burgundy.md`` settles it.  A corrected table is a
change here, not in the rules modules.  Derived geometry (space neighbours,
regions) is computed once at import from the transcribed colour/die grids.
"""

from __future__ import annotations

from engines.i18n import N_

# --- Tile kinds (the front colour of a hex tile = the colour of the estate space it fits) ---------
BUILDING, ANIMAL, KNOWLEDGE, CASTLE, MINE, SHIP = "building", "animal", "knowledge", "castle", "mine", "ship"
KINDS: tuple[str, ...] = (BUILDING, ANIMAL, KNOWLEDGE, CASTLE, MINE, SHIP)
#: One letter per kind, printed beside every colour (colour-blind players) and used in the grids below.
KIND_LETTERS: dict[str, str] = {BUILDING: "B", ANIMAL: "A", KNOWLEDGE: "K", CASTLE: "C", MINE: "M", SHIP: "S"}
LETTER_KINDS: dict[str, str] = {v: k for k, v in KIND_LETTERS.items()}
KIND_COLOURS: dict[str, str] = {
    BUILDING: "beige", ANIMAL: "light green", KNOWLEDGE: "yellow", CASTLE: "dark green", MINE: "grey", SHIP: "blue",
}

# --- Backs: tiles are sorted into face-down stacks by back colour -----------------------------------
BLACK = "black"
BACKS: tuple[str, ...] = (BUILDING, ANIMAL, KNOWLEDGE, CASTLE, MINE, SHIP, BLACK)  # stack index = position here

# --- Buildings: 8 types x (5 beige-backed + 2 black-backed) -----------------------------------------
WAREHOUSE, CARPENTER, CHURCH, MARKET = "warehouse", "carpenter", "church", "market"
BOARDING, BANK, CITY_HALL, WATCHTOWER = "boarding", "bank", "cityhall", "watchtower"
BUILDING_TYPES: tuple[str, ...] = (WAREHOUSE, CARPENTER, CHURCH, MARKET, BOARDING, BANK, CITY_HALL, WATCHTOWER)
BUILDING_NAMES: dict[str, str] = {
    WAREHOUSE: N_("warehouse"), CARPENTER: N_("carpenter's workshop"), CHURCH: N_("church"), MARKET: N_("market"),
    BOARDING: N_("boarding house"), BANK: N_("bank"), CITY_HALL: N_("city hall"), WATCHTOWER: N_("watchtower"),
}
BUILDINGS_PER_TYPE = (5, 2)  # (coloured back, black back)

# --- Animals: 4 kinds x 7 tiles; numbers are animals per tile ------------------------------------------
ANIMAL_KINDS: tuple[str, ...] = ("cow", "sheep", "pig", "chicken")
ANIMALS_COLOURED_BACK: tuple[int, ...] = (2, 2, 3, 3, 4)
ANIMALS_BLACK_BACK: tuple[int, ...] = (3, 4)

# --- Knowledge: 26 unique tiles ---------------------------------------------------------------------
KNOWLEDGE_TILES = 26
KNOWLEDGE_BLACK_BACK: frozenset[int] = frozenset({7, 12, 14, 15, 24, 25})
#: Our own short wording of each tile (2011 edition; decisions 1 and 13 of the rules page).
KNOWLEDGE_TEXT: dict[int, str] = {
    1: N_("may build the same building type more than once in a city"),
    2: N_("phase end: +1 worker per mine (besides the silverling)"),
    3: N_("selling goods gives 2 silverlings instead of 1"),
    4: N_("selling goods also gives 1 worker"),
    5: N_("a ship may take the goods of two neighbouring depots (6 and 1 are neighbours)"),
    6: N_("the 2-silverling purchase may be made from any depot (still once per turn)"),
    7: N_("placing an animal: +1 VP for every animal tile that scores"),
    8: N_("each worker changes a die by up to ±2"),
    9: N_("placing a building: one free ±1 on the die"),
    10: N_("placing a ship or animal: one free ±1 on the die"),
    11: N_("placing a castle, mine or knowledge tile: one free ±1 on the die"),
    12: N_("taking a tile from a numbered depot: one free ±1 on the die"),
    13: N_("the take-workers action also gives 1 silverling"),
    14: N_("the take-workers action gives 4 workers instead of 2"),
    15: N_("game end: 3 VP per goods type sold"),
    16: N_("game end: 4 VP per warehouse"),
    17: N_("game end: 4 VP per watchtower"),
    18: N_("game end: 4 VP per carpenter's workshop"),
    19: N_("game end: 4 VP per church"),
    20: N_("game end: 4 VP per market"),
    21: N_("game end: 4 VP per boarding house"),
    22: N_("game end: 4 VP per bank"),
    23: N_("game end: 4 VP per city hall"),
    24: N_("game end: 4 VP per animal kind in the estate"),
    25: N_("game end: 1 VP per goods tile sold"),
    26: N_("game end: 2 VP per bonus tile"),
}
#: Knowledge 16-23: 4 VP per building of this type in the estate.
KNOWLEDGE_BUILDING: dict[int, str] = {
    16: WAREHOUSE, 17: WATCHTOWER, 18: CARPENTER, 19: CHURCH, 20: MARKET, 21: BOARDING, 22: BANK, 23: CITY_HALL,
}
KNOWLEDGE_BUILDING_VP = 4
KNOWLEDGE_GOODS_TYPE_VP = 3  # #15
KNOWLEDGE_ANIMAL_KIND_VP = 4  # #24
KNOWLEDGE_GOODS_TILE_VP = 1  # #25
KNOWLEDGE_BONUS_TILE_VP = 2  # #26
#: Knowledge tiles that give one free ±1 step for these placements (#9-#11) or for taking (#12).
FREE_STEP_PLACE: dict[str, int] = {
    BUILDING: 9, SHIP: 10, ANIMAL: 10, CASTLE: 11, MINE: 11, KNOWLEDGE: 11,
}
FREE_STEP_TAKE = 12

# --- Castles, mines, ships: (coloured back, black back) ------------------------------------------
CASTLES = (14, 2)  # the coloured-back stack also supplies the start castles
MINES = (10, 2)
SHIPS = (20, 6)

# --- The 164 hex tiles, one id each: (kind, detail, black back) ---------------------------------
#: detail: building type; "cow3" (animal kind + count); knowledge number as text; "" otherwise.
Tile = tuple[str, str, bool]


def _tiles() -> tuple[Tile, ...]:
    out: list[Tile] = []
    for building in BUILDING_TYPES:
        coloured, black = BUILDINGS_PER_TYPE
        out += [(BUILDING, building, False)] * coloured + [(BUILDING, building, True)] * black
    for animal in ANIMAL_KINDS:
        out += [(ANIMAL, f"{animal}{n}", False) for n in ANIMALS_COLOURED_BACK]
        out += [(ANIMAL, f"{animal}{n}", True) for n in ANIMALS_BLACK_BACK]
    out += [(KNOWLEDGE, str(n), n in KNOWLEDGE_BLACK_BACK) for n in range(1, KNOWLEDGE_TILES + 1)]
    for kind, (coloured, black) in ((CASTLE, CASTLES), (MINE, MINES), (SHIP, SHIPS)):
        out += [(kind, "", False)] * coloured + [(kind, "", True)] * black
    return tuple(out)


TILES: tuple[Tile, ...] = _tiles()
HEX_TILES = len(TILES)  # 164
TILE_KIND: tuple[str, ...] = tuple(t[0] for t in TILES)
TILE_BACK: tuple[str, ...] = tuple(BLACK if t[2] else t[0] for t in TILES)


def _token(tile: Tile) -> str:
    kind, detail, _ = tile
    if kind == KNOWLEDGE:
        return f"k{detail}"
    return detail or kind


#: What players type for a tile: identical tiles share a token (``ship``, ``cow3``, ``k12``, ``bank``).
TILE_TOKEN: tuple[str, ...] = tuple(_token(t) for t in TILES)
TOKENS: tuple[str, ...] = tuple(dict.fromkeys(TILE_TOKEN))
TOKEN_KIND: dict[str, str] = {TILE_TOKEN[i]: TILE_KIND[i] for i in range(HEX_TILES)}
#: Animals on an animal tile, its animal kind; knowledge number; building type (per tile id, "" / 0 otherwise).
TILE_ANIMALS: tuple[int, ...] = tuple(int(t[1][-1]) if t[0] == ANIMAL else 0 for t in TILES)
TILE_ANIMAL_KIND: tuple[str, ...] = tuple(t[1][:-1] if t[0] == ANIMAL else "" for t in TILES)
TILE_KNOWLEDGE: tuple[int, ...] = tuple(int(t[1]) if t[0] == KNOWLEDGE else 0 for t in TILES)
TILE_BUILDING: tuple[str, ...] = tuple(t[1] if t[0] == BUILDING else "" for t in TILES)


def tile_name(token: str) -> str:
    """Friendly name of a tile token: ``cow3`` -> "3-cow animal tile"."""
    kind = TOKEN_KIND[token]
    if kind == BUILDING:
        return BUILDING_NAMES[token]
    if kind == ANIMAL:
        animal, n = token[:-1], token[-1]
        return f"{n}-{animal} tile"
    if kind == KNOWLEDGE:
        return f"knowledge {token[1:]}"
    return kind


# --- Goods: 42 tiles, 7 of each type; a type is a die number 1-6 --------------------------------------
GOODS_TYPES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
GOODS_PER_TYPE = 7
GOODS_TILES = len(GOODS_TYPES) * GOODS_PER_TYPE  # 42
GOODS_PER_PHASE = 5  # one per round
START_GOODS = 3
GOODS_STORAGE_SPACES = 3  # one goods type per space, any number of tiles of that type
TILE_STORAGE_SPACES = 3

# --- Other components and the table ---------------------------------------------------------------
PHASES: tuple[str, ...] = ("A", "B", "C", "D", "E")
ROUNDS_PER_PHASE = 5
DICE_PER_PLAYER = 2
DIE_FACES = 6
START_SILVER = 1
START_WORKERS: tuple[int, ...] = (1, 2, 3, 4)  # by position in the first turn order
WORKERS_TAKEN = 2
WORKERS_TAKEN_14 = 4
BOARDING_WORKERS = 4
BANK_SILVER = 2
WATCHTOWER_VP = 4
PURCHASE_SILVER = 2
TRACK_SPACES = 7  # start + one step per ship (an estate has 6 ship spaces)

#: Numbered depots 1-6: their tile spaces as (kind, fewest players using it).
DEPOT_SPACES: dict[int, tuple[tuple[str, int], ...]] = {
    1: ((BUILDING, 2), (SHIP, 2), (KNOWLEDGE, 3), (ANIMAL, 4)),
    2: ((KNOWLEDGE, 2), (CASTLE, 2), (BUILDING, 3), (BUILDING, 4)),
    3: ((ANIMAL, 2), (BUILDING, 2), (SHIP, 3), (KNOWLEDGE, 4)),
    4: ((SHIP, 2), (BUILDING, 2), (ANIMAL, 3), (MINE, 4)),
    5: ((MINE, 2), (KNOWLEDGE, 2), (BUILDING, 3), (BUILDING, 4)),
    6: ((BUILDING, 2), (ANIMAL, 2), (CASTLE, 3), (SHIP, 4)),
}
DEPOTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
BLACK_DEPOT = 7  # depot number used for the black depot in steps and state
#: The 3-player exception: depot 6's third space takes a mine instead of a castle in phases B and D.
THREE_PLAYER_DEPOT6_MINE_PHASES: frozenset[int] = frozenset({1, 3})  # phase indexes of B, D
BLACK_DEPOT_TILES: dict[int, int] = {2: 4, 3: 6, 4: 8}

# --- Scoring ------------------------------------------------------------------------------------
REGION_POINTS: dict[int, int] = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36}
PHASE_BONUS: tuple[int, ...] = (10, 8, 6, 4, 2)
BONUS_LARGE: dict[int, int] = {2: 5, 3: 6, 4: 7}  # first to fill every space of a colour
BONUS_SMALL: dict[int, int] = {2: 2, 3: 3, 4: 4}  # second
SALE_VP: dict[int, int] = {2: 2, 3: 3, 4: 4}  # per goods tile sold
SALE_SILVER = 1
FINAL_VP_PER_GOODS = 1
FINAL_VP_PER_SILVER = 1
FINAL_WORKERS_PER_VP = 2

# --- Estates: 37 spaces in rows of 4,5,6,7,6,5,4 ----------------------------------------------------
ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)
#: Every estate shares this die-number layout.
DIE_ROWS: tuple[tuple[int, ...], ...] = (
    (6, 5, 4, 3), (2, 1, 6, 5, 4), (5, 4, 3, 1, 2, 3), (6, 1, 2, 6, 5, 4, 1),
    (2, 5, 4, 3, 1, 2), (6, 1, 2, 5, 6), (3, 4, 1, 3),
)
#: Colour grids (letters as KIND_LETTERS), rows top to bottom.  No. 1 is verified by several sources;
#: No. 2-9 come from one source (the 2019 edition's data, renumbered as the data file explains).
ESTATE_ROWS: dict[int, str] = {
    1: "ACCK AACKB AABKBB SSSCSSS BBMBBA BMKBB MKKB",
    2: "SBAC ASBAB AAABKB BBBBBKC KKMKMS BBMKS CSSC",
    3: "AAAA SSCSS BMKKSB BBKCKBB BBKKBB CAMMC BASB",
    4: "CBSB AABSS BABSCM AAAKKMS BCKBBK BMBKB SBKC",
    5: "ABBS AABMM BCKSSS BBAKCBB KCAKSB BABCS KKBM",
    6: "KKCS KBBSB AAMSBB KBBCSBB KBBMSB KMAAS CAAC",
    7: "KCCS KAAAS SMBBMA SKBBBAB BKBBAB BSMKB SCCK",
    8: "BBSB BCKCB BKMKKS SAKMAKS SAAMAB BCACB BSBB",
    9: "BBCK BBAAS BBAASS CKKMSCK SSKMBA KBBBA MCBB",
}
DEFAULT_ESTATE = 1
ADVANCED_ESTATES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9)
START_CASTLE_SPACE = 19  # on estate No. 1: the centre, die 6
SPACES = 37
SPACE_IDS: tuple[int, ...] = tuple(range(1, SPACES + 1))
_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _coordinates() -> tuple[tuple[int, int], ...]:
    """Axial (q, r) of spaces 1..37 (index 0 unused): r = row - 4, q = max(-3, -r - 3) + col - 1."""
    out = [(99, 99)]
    for row, length in enumerate(ROW_LENGTHS, start=1):
        r = row - 4
        out += [(max(-3, -r - 3) + col, r) for col in range(length)]
    return tuple(out)


COORDS = _coordinates()
_AT = {c: i for i, c in enumerate(COORDS) if i}
#: NEIGHBOURS[space] = the spaces touching it, ascending (index 0 unused).
NEIGHBOURS: tuple[tuple[int, ...], ...] = ((), *(
    tuple(sorted(_AT[(q + dq, r + dr)] for dq, dr in _DIRECTIONS if (q + dq, r + dr) in _AT))
    for q, r in COORDS[1:]
))
SPACE_DIE: tuple[int, ...] = (0, *(d for row in DIE_ROWS for d in row))


class Estate:
    """One estate board's derived data: colour and region of every space (index 0 unused)."""

    __slots__ = ("colours", "number", "region_of", "regions", "spaces_of_kind")

    def __init__(self, number: int) -> None:
        letters = ESTATE_ROWS[number].replace(" ", "")
        self.number = number
        self.colours: tuple[str, ...] = ("", *(LETTER_KINDS[c] for c in letters))
        region_of = [0] * (SPACES + 1)
        regions: list[tuple[int, ...]] = [()]
        for space in SPACE_IDS:  # flood fill: a region is a connected area of one colour
            if region_of[space]:
                continue
            region_id = len(regions)
            members, todo = [], [space]
            region_of[space] = region_id
            while todo:
                here = todo.pop()
                members.append(here)
                for n in NEIGHBOURS[here]:
                    if not region_of[n] and self.colours[n] == self.colours[space]:
                        region_of[n] = region_id
                        todo.append(n)
            regions.append(tuple(sorted(members)))
        self.region_of: tuple[int, ...] = tuple(region_of)
        #: regions[i] = the spaces of region i (1-based ids; index 0 unused), numbered by lowest space.
        self.regions: tuple[tuple[int, ...], ...] = tuple(regions)
        self.spaces_of_kind: dict[str, tuple[int, ...]] = {
            kind: tuple(s for s in SPACE_IDS if self.colours[s] == kind) for kind in KINDS
        }


ESTATES: dict[int, Estate] = {n: Estate(n) for n in ESTATE_ROWS}
