"""Bürger, Baumeister & Co.'s words for things, in the current language (``engines.i18n``).

The game's catalog and the names every module shares: colours, districts, kinds of space and the
building tokens.  A token is named in four forms, because languages inflect them differently: plain
("red house 2": a caption, a list), as the object of a verb ("Place red house 2"; German needs the
accusative: "roten Park 3"), and with the indefinite or definite article ("a red house 2", "the red
house 2"; German accusative, Portuguese with the article's gender).  Every text is looked up when it is
produced, never at import time; the tables per language are built once, on first use.
"""

from __future__ import annotations

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister.state import TOKEN_CODE
from engines.i18n import N_, NP_, ViewWords, current, game_catalog

T = game_catalog("buerger_baumeister")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

#: The colours as the board names them (``red-M``), in ``data.COLOURS`` order.
COLOUR_NAMES: tuple[str, ...] = (N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))
TYPE_NAMES: dict[str, str] = {D.HOUSE: N_("house"), D.VILLA: N_("villa"), D.PARK: N_("park")}
SIZE_NAMES: dict[str, str] = {"S": N_("small"), "M": N_("medium"), "L": N_("large")}
#: A kind of space on its own ("coin", "+2", "plain": a label's ``red-M coin``) …
BONUS_NAMES: dict[str, str] = {D.COIN: N_("coin"), D.PLUS2: N_("+2"), D.PLAIN: N_("plain")}
#: … and as a space ("coin space").
SPACE_NAMES: dict[str, str] = {D.COIN: N_("coin space"), D.PLUS2: N_("+2 space"), D.PLAIN: N_("plain space")}

# TRANSLATORS: a building token, named on its own (a caption, a list); {value} is its value, 2 or 3.
PLAIN: dict[str, str] = {
    "RH": N_("red house {value}"), "RV": N_("red villa {value}"), "RP": N_("red park {value}"),
    "YH": N_("yellow house {value}"), "YV": N_("yellow villa {value}"), "YP": N_("yellow park {value}"),
    "GH": N_("green house {value}"), "GV": N_("green villa {value}"), "GP": N_("green park {value}"),
    "BH": N_("blue house {value}"), "BV": N_("blue villa {value}"), "BP": N_("blue park {value}"),
    "PH": N_("purple house {value}"), "PV": N_("purple villa {value}"), "PP": N_("purple park {value}"),
}
# TRANSLATORS: a building token with the indefinite article, as the object of a verb ("places a red house 2").
A: dict[str, str] = {
    "RH": N_("a red house {value}"), "RV": N_("a red villa {value}"), "RP": N_("a red park {value}"),
    "YH": N_("a yellow house {value}"), "YV": N_("a yellow villa {value}"), "YP": N_("a yellow park {value}"),
    "GH": N_("a green house {value}"), "GV": N_("a green villa {value}"), "GP": N_("a green park {value}"),
    "BH": N_("a blue house {value}"), "BV": N_("a blue villa {value}"), "BP": N_("a blue park {value}"),
    "PH": N_("a purple house {value}"), "PV": N_("a purple villa {value}"), "PP": N_("a purple park {value}"),
}
# TRANSLATORS: a building token with the definite article, as the object of a verb ("buys the red house 2").
THE: dict[str, str] = {
    "RH": N_("the red house {value}"), "RV": N_("the red villa {value}"), "RP": N_("the red park {value}"),
    "YH": N_("the yellow house {value}"), "YV": N_("the yellow villa {value}"),
    "YP": N_("the yellow park {value}"),
    "GH": N_("the green house {value}"), "GV": N_("the green villa {value}"), "GP": N_("the green park {value}"),
    "BH": N_("the blue house {value}"), "BV": N_("the blue villa {value}"), "BP": N_("the blue park {value}"),
    "PH": N_("the purple house {value}"), "PV": N_("the purple villa {value}"),
    "PP": N_("the purple park {value}"),
}


def _objects() -> dict[str, str]:
    """A token as the bare object of a verb ("Place red house 2"): the same English as the plain name,
    another case in some languages, hence a context of its own."""
    return {
        # TRANSLATORS: a building token as the object of a verb, without article ("Place red house 2").
        "RH": pgettext("object", "red house {value}"), "RV": pgettext("object", "red villa {value}"),
        "RP": pgettext("object", "red park {value}"), "YH": pgettext("object", "yellow house {value}"),
        "YV": pgettext("object", "yellow villa {value}"), "YP": pgettext("object", "yellow park {value}"),
        "GH": pgettext("object", "green house {value}"), "GV": pgettext("object", "green villa {value}"),
        "GP": pgettext("object", "green park {value}"), "BH": pgettext("object", "blue house {value}"),
        "BV": pgettext("object", "blue villa {value}"), "BP": pgettext("object", "blue park {value}"),
        "PH": pgettext("object", "purple house {value}"), "PV": pgettext("object", "purple villa {value}"),
        "PP": pgettext("object", "purple park {value}"),
    }


_OBJECTS: dict[str, dict[str, str]] = {}


def colour_name(colour: int | str) -> str:
    """A colour by index or English name, in the current language."""
    index = colour if isinstance(colour, int) else D.COLOURS.index(colour)
    return _(COLOUR_NAMES[index])


def colour_noun(colour: int | str) -> str:
    """A colour named on its own, as a noun ("for blue in hand"): German writes it with a capital ("für Blau"),
    where the name in a district's ``rot-M`` stays as typed."""
    index = colour if isinstance(colour, int) else D.COLOURS.index(colour)
    nouns = (
        # TRANSLATORS: a colour on its own, as a noun: "4 for red in hand", "a red token goes in …"
        pgettext("colour, as a noun", "red"), pgettext("colour, as a noun", "yellow"),
        pgettext("colour, as a noun", "green"), pgettext("colour, as a noun", "blue"),
        pgettext("colour, as a noun", "purple"),
    )
    return nouns[index]


def size_name(size: str) -> str:
    return _(SIZE_NAMES[size])


def district_name(district: str | int) -> str:
    """``red-M`` in the current language (``rot-M``): the colour's name and the size letter."""
    name = district if isinstance(district, str) else D.DISTRICTS[district]
    colour, size = name.split("-")
    return f"{colour_name(colour)}-{size}"


def bonus_name(bonus: str) -> str:
    return _(BONUS_NAMES[bonus])


def space_name(bonus: str) -> str:
    return _(SPACE_NAMES[bonus])


def token(code: str) -> str:
    """A token by its code (``RH2``), named on its own: "red house 2"."""
    return _(PLAIN[code[:2]], value=code[2])


def a_token(code: str) -> str:
    """"a red house 2"."""
    return _(A[code[:2]], value=code[2])


def the_token(code: str) -> str:
    """"the red house 2"."""
    return _(THE[code[:2]], value=code[2])


def object_token(code: str) -> str:
    """"red house 2" as the object of a verb."""
    language = current()
    table = _OBJECTS.get(language)
    if table is None:
        table = _OBJECTS[language] = _objects()
    return table[code[:2]].format(value=code[2])


def token_id(token_id: int, form: str = "plain") -> str:
    """A token by its id, in one of the four forms (``plain``, ``object``, ``a``, ``the``)."""
    return {"plain": token, "object": object_token, "a": a_token, "the": the_token}[form](TOKEN_CODE[token_id])


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n)


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n)


# --- The view's words ------------------------------------------------------------------------------

#: The names of the view's fields (``view.PublicView``, ``view.SeatView``), for a text of the view in the reader's
#: language (the console's ``board`` and ``hand``); those every game shares are ``engines.i18n.COMMON_VIEW_FIELDS``.
VIEW_FIELDS = (
    # TRANSLATORS: the name of a field of the game's view, shown as text (the console's `board`): "districts: …"
    NP_("view field", "first_player"), NP_("view field", "colours"), NP_("view field", "districts"),
    NP_("view field", "colour"), NP_("view field", "size"), NP_("view field", "spaces"),
    NP_("view field", "bonus"), NP_("view field", "token"), NP_("view field", "type"), NP_("view field", "value"),
    # TRANSLATORS: a district's large project: its cost in coins, its bonus, the crane on it
    NP_("view field", "project"), NP_("view field", "cost"), NP_("view field", "crane"),
    NP_("view field", "offer"), NP_("view field", "space"), NP_("view field", "price"), NP_("view field", "mayor"),
    NP_("view field", "bag_size"), NP_("view field", "removed"), NP_("view field", "discarded"),
    NP_("view field", "score"), NP_("view field", "coins"), NP_("view field", "cranes"),
    NP_("view field", "hand_size"),
    # TRANSLATORS: the last turn in the game's view: the token placed (or discarded), where, what it scored, the
    # coin gained (1), none (0) or lost to the 3-coin cap (-1), the token bought and from which offer space
    NP_("view field", "last_turn"), NP_("view field", "district"), NP_("view field", "points"),
    NP_("view field", "coin"), NP_("view field", "project_points"), NP_("view field", "bought"),
    NP_("view field", "offer_space"),
    NP_("view field", "final"), NP_("view field", "hand"), NP_("view field", "total"),
    # TRANSLATORS: a player's own view: where a token in hand could go and what it would score; the hand's bonus
    NP_("view field", "options"), NP_("view field", "hand_bonus"),
    # TRANSLATORS: a player's half-made turn in their own view: its stage (what is decided next), and its choices
    NP_("view field", "pending"), NP_("view field", "stage"), NP_("view field", "discard"),
)
#: The words among the view's values: colours, types of token, kinds of space, the stages of a turn (a district,
#: ``red-M``, is a colour and a size letter: :class:`_ViewWords`).
VIEW_VALUES = (
    # TRANSLATORS: a colour among the values of the game's view as text (the console's `board`), as in `red-M`
    NP_("view value", "red"), NP_("view value", "yellow"), NP_("view value", "green"), NP_("view value", "blue"),
    NP_("view value", "purple"),
    # TRANSLATORS: a type of building token, on its own
    NP_("view value", "house"), NP_("view value", "villa"), NP_("view value", "park"),
    # TRANSLATORS: a kind of space (its printed bonus: a coin, or none)
    NP_("view value", "coin"), NP_("view value", "plain"),
    # TRANSLATORS: the stage of a turn: choose the token, where it goes, whether to build the project, what to buy
    NP_("view value", "token"), NP_("view value", "where"), NP_("view value", "project"), NP_("view value", "buy"),
)


class _ViewWords(ViewWords):
    def value(self, word: str) -> str | None:
        """A district as the view has it (``red-M``) in the current language (``rot-M``), as players type it."""
        colour, dash, size = word.partition("-")
        if dash and size in SIZE_NAMES and colour in D.COLOURS:
            name = super().value(colour)
            return None if name is None else f"{name}-{size}"
        return super().value(word)


#: The view's words in the reader's language (``GameInfo.view_words``): a token's code is typed as it is, the rule
#: is written in that language already.
VIEW_WORDS = _ViewWords(T, VIEW_FIELDS, VIEW_VALUES, texts=("code", "rule"))
