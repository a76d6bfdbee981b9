"""The game's words in the reader's language: its catalog, and the names of its things.

Every text a player reads is written in English in the code and marked (:mod:`engines.i18n`); the
names of tiles, buildings, kinds and colours are looked up here when a text is made (never at import).
"""

from __future__ import annotations

from engines.castles_of_burgundy import data as D
from engines.i18n import N_, NP_, ViewWords, game_catalog

T = game_catalog("castles_of_burgundy")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

#: The game's name (the engine's ``title``): "Die Burgen von Burgund" in German.
TITLE = N_("The Castles of Burgundy")


def title() -> str:
    return _(TITLE)


#: The kinds of tile (and of estate space), as a tile is called (``castle``, ``mine``, ``ship`` name a tile).
KIND_NAMES: dict[str, str] = {
    D.BUILDING: N_("building"), D.ANIMAL: N_("animal"), D.KNOWLEDGE: N_("knowledge"),
    D.CASTLE: N_("castle"), D.MINE: N_("mine"), D.SHIP: N_("ship"),
}
#: The colour of each kind's tiles and spaces.
COLOUR_NAMES: dict[str, str] = {
    D.BUILDING: N_("beige"), D.ANIMAL: N_("light green"), D.KNOWLEDGE: N_("yellow"),
    D.CASTLE: N_("dark green"), D.MINE: N_("grey"), D.SHIP: N_("blue"),
}
#: A tile with animals on it ("3-cow tile"), per animal kind.
ANIMAL_TILES: dict[str, str] = {
    "cow": N_("{n}-cow tile"), "sheep": N_("{n}-sheep tile"), "pig": N_("{n}-pig tile"),
    "chicken": N_("{n}-chicken tile"),
}
#: An animal kind alone (printed on a tile).
ANIMAL_NAMES: dict[str, str] = {"cow": N_("cow"), "sheep": N_("sheep"), "pig": N_("pig"), "chicken": N_("chicken")}


def kind_letter(kind: str) -> str:
    """The letter printed with a kind's colour on spaces and tiles, in the current language: the reader's word
    for the kind, so a German player reads "B" as Burg (``data.KIND_LETTERS`` stays the data's own letters).
    No two kinds share a letter in one language (a test checks)."""
    letters = {
        # TRANSLATORS: the one letter printed on buildings' spaces and tiles; no two kinds may share a letter
        D.BUILDING: pgettext("letter of building", "B"),
        # TRANSLATORS: the one letter printed on animals' spaces and tiles
        D.ANIMAL: pgettext("letter of animal", "A"),
        # TRANSLATORS: the one letter printed on knowledge spaces and tiles
        D.KNOWLEDGE: pgettext("letter of knowledge", "K"),
        # TRANSLATORS: the one letter printed on castles' spaces and tiles
        D.CASTLE: pgettext("letter of castle", "C"),
        # TRANSLATORS: the one letter printed on mines' spaces and tiles
        D.MINE: pgettext("letter of mine", "M"),
        # TRANSLATORS: the one letter printed on ships' spaces and tiles
        D.SHIP: pgettext("letter of ship", "S"),
        # TRANSLATORS: the letter of the face-down stack of black-backed tiles (any kind); not a kind's letter
        D.BLACK: pgettext("letter of black backs", "X"),
    }
    return letters[kind]


def letters_key() -> str:
    """What the letters stand for: "B building · A animal · K knowledge · C castle · M mine · S ship"."""
    return " · ".join(f"{kind_letter(k)}\u00a0{kind_name(k)}" for k in D.KINDS)


def region_words(kind: str, size: int) -> str:
    """A region named by what it is: "blue region of 3 spaces"."""
    return ngettext("{colour} region of {n} space", "{colour} region of {n} spaces", size, colour=colour_name(kind))


def kind_name(kind: str) -> str:
    return _(KIND_NAMES[kind])


def colour_name(kind: str) -> str:
    return _(COLOUR_NAMES[kind])


def building_name(building: str) -> str:
    return _(D.BUILDING_NAMES[building])


def animal_name(animal: str) -> str:
    return _(ANIMAL_NAMES[animal])


def tile_name(token: str) -> str:
    """A tile token's name in the current language (``cow3`` -> "3-cow tile", ``k5`` -> "knowledge 5")."""
    kind = D.TOKEN_KIND[token]
    if kind == D.BUILDING:
        return building_name(token)
    if kind == D.ANIMAL:
        return _(ANIMAL_TILES[token[:-1]], n=token[-1])
    if kind == D.KNOWLEDGE:
        return _("knowledge {n}", n=token[1:])
    return kind_name(kind)


def both(first: str, second: str) -> str:
    """Two things said together ("2 and 3")."""
    return _("{first} and {second}", first=first, second=second)


def joined(items: list[str]) -> str:
    """Items said together: "2", "2 and 3", "2 and 3 and 5" (as the English has always said them)."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = both(text, item)
    return text


def listed(items: list[str]) -> str:
    """Items said as a list: "3 VP", "3 VP and 1 silverling", "3 VP, 1 silverling and 2 workers"."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list: "3 VP, 1 silverling and 2 workers" ({items} is "3 VP, 1 silverling").
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def workers_note(n: int) -> str:
    """" (2 workers)" after a label, or nothing."""
    return " " + ngettext("({n} worker)", "({n} workers)", n) if n else ""


# --- What a decision asks -------------------------------------------------------------------------


def prompt(kind: str, die: int, tile: str | None) -> str:
    """What a decision of ``kind`` asks (``die`` in use, ``tile`` to place), in the current language: from
    the view's own fields, so an image can word it in its reader's language."""
    if kind == "action":
        if die:
            return _("choose what to do with your {die}", die=die)
        return _("choose the castle's extra action")
    if kind == "space":
        if tile is not None:
            return _("choose where to place the {tile}", tile=tile_name(tile))
        return _("choose where")
    return _(PROMPTS[kind])


#: What each open decision asks (those without details to fill in).
PROMPTS: dict[str, str] = {
    "take": N_("choose which tile to take"),
    "discard": N_("choose which stored tile to discard"),
    "buy": N_("choose which tile to buy"),
    "goods": N_("choose which depot's goods the ship takes"),
    "keep": N_("choose which goods to keep (the rest stay on the depot)"),
    "warehouse": N_("choose which goods the warehouse sells"),
    "cityhall": N_("choose which stored tile the city hall places"),
    "castle": N_("choose where your start castle goes"),
}


# --- The view's words ------------------------------------------------------------------------------

#: The names of the view's fields (``view.PublicView``, ``view.SeatView``), for a text of the view in the reader's
#: language (the console's ``board`` and ``hand``); those every game shares are ``engines.i18n.COMMON_VIEW_FIELDS``.
VIEW_FIELDS = (
    # TRANSLATORS: the name of a field of the game's view, shown as text (the console's `board`): "storage: bank"
    NP_("view field", "phase"), NP_("view field", "round"), NP_("view field", "white_die"),
    NP_("view field", "setup"), NP_("view field", "turn_order"), NP_("view field", "track"),
    NP_("view field", "depots"), NP_("view field", "depot_goods"), NP_("view field", "depot_spaces"),
    NP_("view field", "black_depot_spaces"), NP_("view field", "round_goods"),
    NP_("view field", "goods_stacks_left"), NP_("view field", "stack_sizes"), NP_("view field", "removed_tiles"),
    NP_("view field", "bonus_tiles_left"), NP_("view field", "bought"),
    NP_("view field", "estate_no"), NP_("view field", "estate"), NP_("view field", "empty_spaces"),
    NP_("view field", "colours_complete"), NP_("view field", "regions_complete"),
    NP_("view field", "start_castle"), NP_("view field", "storage"), NP_("view field", "goods"),
    NP_("view field", "sold"), NP_("view field", "silver"), NP_("view field", "workers"), NP_("view field", "vp"),
    NP_("view field", "score_track"), NP_("view field", "vp_tile"), NP_("view field", "bonus_tiles"),
    NP_("view field", "dice"), NP_("view field", "knowledge"), NP_("view field", "kind"),
    NP_("view field", "points"),
    # TRANSLATORS: a field of the final scoring in the game's view: the VP made during play, before final scoring
    NP_("view field", "final"), NP_("view field", "during_play"), NP_("view field", "knowledge_tiles"),
    # TRANSLATORS: a field of a player's own view: per die, where a stored tile could be placed
    NP_("view field", "placeable"),
    # TRANSLATORS: a field of a player's own view: the decision being made, what it asks, its levels (the pending
    # decisions, outermost first), the die and tile in use, the spaces a start castle may go to
    NP_("view field", "decision"), NP_("view field", "prompt"), NP_("view field", "levels"),
    NP_("view field", "die"), NP_("view field", "tile"), NP_("view field", "spaces"),
)
#: The words among the view's values: kinds, the black depot and back, building tiles, bonus tile sizes, the kinds of
#: decision; and the numbered tiles' names (``pig2``: ``pig{n}``, ``k22``: ``k{n}``).
VIEW_VALUES = (
    # TRANSLATORS: a word among the values of the game's view as text (the console's `board`), on its own: a kind
    NP_("view value", "building"), NP_("view value", "animal"), NP_("view value", "knowledge"),
    NP_("view value", "castle"), NP_("view value", "mine"), NP_("view value", "ship"),
    # TRANSLATORS: the black depot, and the black-backed stack of tiles
    NP_("view value", "black"),
    # TRANSLATORS: a building tile as the view names it (a player may type it: the notation's word for it)
    NP_("view value", "warehouse"), NP_("view value", "carpenter"), NP_("view value", "church"),
    NP_("view value", "market"), NP_("view value", "boarding"), NP_("view value", "bank"),
    NP_("view value", "cityhall"), NP_("view value", "watchtower"),
    # TRANSLATORS: the large and the small bonus tile of a colour, still to be had
    NP_("view value", "large"), NP_("view value", "small"),
    # TRANSLATORS: a kind of decision being made (the view's "levels"): choose an action, take a tile, a space …
    NP_("view value", "action"), NP_("view value", "take"), NP_("view value", "space"),
    NP_("view value", "discard"), NP_("view value", "buy"), NP_("view value", "goods"), NP_("view value", "keep"),
    # TRANSLATORS: an animal tile, {n} its animals (pig2: a tile of 2 pigs); as a player may type it ("2 pigs 6")
    NP_("view value", "cow{n}"), NP_("view value", "sheep{n}"), NP_("view value", "pig{n}"),
    NP_("view value", "chicken{n}"),
    # TRANSLATORS: knowledge tile number {n} (k22); as a player may type it ("knowledge 22 2")
    NP_("view value", "k{n}"),
)
#: The view's words in the reader's language (``GameInfo.view_words``): its prompt and the rule are written in it
#: already, the phase is a letter.
VIEW_WORDS = ViewWords(T, VIEW_FIELDS, VIEW_VALUES, texts=("prompt", "rule", "phase"))
