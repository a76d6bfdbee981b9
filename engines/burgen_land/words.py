"""Burgen Land's names of things in every language: colours, castles, cards and track spaces.

Players read them inside sentences, where German and Portuguese make a colour agree with what it
colours (``eine gelbe Mauer``, ``einen gelben Turm``; ``um muro amarelo``, ``uma casa amarela``).  So
a colour is never glued to a noun at run time: each combination is its own message, in the form its
sentences need (``CARD_A``: "a yellow house", the object of "take"; ``CARD_THE``: "the yellow
house", the object of "give back"), and a sentence takes the whole phrase as one field.

The event data and the view keep the English names (``"yellow"``, ``"little tower"``): they are
stored and compared; these tables word them when a text is written.
"""

from __future__ import annotations

from engines.burgen_land import data as D
from engines.i18n import N_, NP_, ViewWords, current, game_catalog

T = game_catalog("burgen_land")
_ = T.gettext

#: A colour on its own, as a noun: "Yellow is Ann's colour this turn", "the crown has left yellow".
COLOUR: tuple[str, ...] = (N_("blue"), N_("yellow"), N_("red"))
#: One player's castle of a colour: "your yellow castle".
CASTLE: tuple[str, ...] = (N_("blue castle"), N_("yellow castle"), N_("red castle"))
#: Both castles of a colour, as they are scored: "Score the yellow castles".
CASTLES: tuple[str, ...] = (N_("blue castles"), N_("yellow castles"), N_("red castles"))
#: A colour's band on the images.
CASTLES_TITLE: tuple[str, ...] = (N_("BLUE CASTLES"), N_("YELLOW CASTLES"), N_("RED CASTLES"))
#: A kind of card on its own, as a name ("wall", "little tower"), ``[kind]``.
KIND: tuple[str, ...] = (N_("wall"), N_("little tower"), N_("house"), N_("great tower"))
#: A kind of card as the subject of a sentence: "a house needs a wall beside it", "the card here is a house".
KIND_A: tuple[str, ...] = (N_("a wall"), N_("a little tower"), N_("a house"), N_("a great tower"))
#: The kind of card being taken, as the subject: "the house fits in one place only".
KIND_THE: tuple[str, ...] = (N_("the wall"), N_("the little tower"), N_("the house"), N_("the great tower"))
#: The cards, ``[colour][kind]``, as the object of a sentence: "Take a yellow house".
CARD_A: tuple[tuple[str, ...], ...] = (
    (N_("a blue wall"), N_("a blue little tower"), N_("a blue house"), N_("a blue great tower")),
    (N_("a yellow wall"), N_("a yellow little tower"), N_("a yellow house"), N_("a yellow great tower")),
    (N_("a red wall"), N_("a red little tower"), N_("a red house"), N_("a red great tower")),
)
#: The cards with the definite article, as the object of a sentence: "gives back the yellow house".
CARD_THE: tuple[tuple[str, ...], ...] = (
    (N_("the blue wall"), N_("the blue little tower"), N_("the blue house"), N_("the blue great tower")),
    (N_("the yellow wall"), N_("the yellow little tower"), N_("the yellow house"), N_("the yellow great tower")),
    (N_("the red wall"), N_("the red little tower"), N_("the red house"), N_("the red great tower")),
)
#: The player's own card, as the object of a sentence: "leaving yellow costs your yellow house".
YOUR_CARD: tuple[tuple[str, ...], ...] = (
    (N_("your blue wall"), N_("your blue little tower"), N_("your blue house"), N_("your blue great tower")),
    (N_("your yellow wall"), N_("your yellow little tower"), N_("your yellow house"), N_("your yellow great tower")),
    (N_("your red wall"), N_("your red little tower"), N_("your red house"), N_("your red great tower")),
)
#: No card of a colour and kind, as the subject: "no yellow house is left".
NO_CARD: tuple[tuple[str, ...], ...] = (
    (N_("no blue wall"), N_("no blue little tower"), N_("no blue house"), N_("no blue great tower")),
    (N_("no yellow wall"), N_("no yellow little tower"), N_("no yellow house"), N_("no yellow great tower")),
    (N_("no red wall"), N_("no red little tower"), N_("no red house"), N_("no red great tower")),
)
#: Where a card would go or come from: "nowhere in your yellow castle fits".
IN_YOUR_CASTLE: tuple[str, ...] = (N_("in your blue castle"), N_("in your yellow castle"), N_("in your red castle"))
IN_OPPONENTS_CASTLE: tuple[str, ...] = (N_("in your opponent's blue castle"), N_("in your opponent's yellow castle"),
                                        N_("in your opponent's red castle"))
#: The space kinds in the order of ``SPACE_NAMES``' columns.
SPACE_KINDS: tuple[str, ...] = (D.WALL, D.CROWN, D.WALL_CROWN, D.LITTLE_TOWER, D.HOUSE, D.GREAT_TOWER)
#: The track's spaces by name, ``[colour][space kind]``: "the crown moves to the yellow house".
SPACE_NAMES: tuple[tuple[str, ...], ...] = (
    (N_("blue wall"), N_("blue crown"), N_("blue wall/crown"), N_("blue little tower"), N_("blue house"),
     N_("blue great tower")),
    (N_("yellow wall"), N_("yellow crown"), N_("yellow wall/crown"), N_("yellow little tower"),
     N_("yellow house"), N_("yellow great tower")),
    (N_("red wall"), N_("red crown"), N_("red wall/crown"), N_("red little tower"), N_("red house"),
     N_("red great tower")),
)

_COLOUR_INDEX = {name: i for i, name in enumerate(D.COLOURS)}
_KIND_INDEX = {name: i for i, name in enumerate(D.KIND_NAMES)} | {kind: i for i, kind in enumerate(D.KINDS)}


def colour_index(colour: str | int) -> int:
    """A colour's index from its English name (``"yellow"``) or the index itself."""
    return colour if isinstance(colour, int) else _COLOUR_INDEX[colour]


def kind_index(kind: str | int) -> int:
    """A kind's index from its English name (``"little tower"``), its key (``"little-tower"``) or itself."""
    return kind if isinstance(kind, int) else _KIND_INDEX[kind]


def colour(c: str | int) -> str:
    return _(COLOUR[colour_index(c)])


def colour_title(c: str | int) -> str:
    """The colour as the first word of a sentence ("Yellow is …")."""
    word = colour(c)
    return word[:1].upper() + word[1:]


def castle(c: str | int) -> str:
    return _(CASTLE[colour_index(c)])


def castles(c: str | int) -> str:
    return _(CASTLES[colour_index(c)])


def castles_title(c: str | int) -> str:
    return _(CASTLES_TITLE[colour_index(c)])


def kind(k: str | int) -> str:
    return _(KIND[kind_index(k)])


def kind_a(k: str | int) -> str:
    return _(KIND_A[kind_index(k)])


def kind_the(k: str | int) -> str:
    return _(KIND_THE[kind_index(k)])


def card_a(c: str | int, k: str | int) -> str:
    return _(CARD_A[colour_index(c)][kind_index(k)])


def card_the(c: str | int, k: str | int) -> str:
    return _(CARD_THE[colour_index(c)][kind_index(k)])


def your_card(c: str | int, k: str | int) -> str:
    return _(YOUR_CARD[colour_index(c)][kind_index(k)])


def no_card(c: str | int, k: str | int) -> str:
    return _(NO_CARD[colour_index(c)][kind_index(k)])


def in_your_castle(c: str | int) -> str:
    return _(IN_YOUR_CASTLE[colour_index(c)])


def in_opponents_castle(c: str | int) -> str:
    return _(IN_OPPONENTS_CASTLE[colour_index(c)])


def space_name(space: int) -> str:
    """A track space by name in the current language (``D.space_name`` is the English one)."""
    kind_, c = D.TRACK[space]
    return _(SPACE_NAMES[c][SPACE_KINDS.index(kind_)])


_SPACE_BY_NAME = {D.space_name(i): i for i in range(D.TRACK_LEN)}


def local_space_name(english: str) -> str:
    """A space's name as events store it (English, ``"yellow house"``), in the current language."""
    space = _SPACE_BY_NAME.get(english)
    return english if space is None else space_name(space)


#: Per language: how a step is typed, word by word (``TYPED["de"]["take"]`` is ``nimm``), for the texts that
#: show what to type.  Every typed form reads back as its step (a test checks it).
TYPED: dict[str, dict[str, str]] = {
    "de": {"roll": "würfeln", "move": "ziehe", "take": "nimm", "dice": "rote würfel", "score": "werten",
           "left": "links", "right": "rechts", "hole": "lücke", "from": "von", "remove": "abgeben", "end": "ende",
           "cancel": "abbrechen", "wall": "mauer", "little-tower": "kleiner turm", "house": "haus",
           "great-tower": "großer turm"},
    "pt_BR": {"roll": "rolar", "move": "mover", "take": "pegar", "dice": "dados", "score": "pontuar",
              "left": "esquerda", "right": "direita", "hole": "buraco", "from": "tirar", "remove": "devolver",
              "end": "fim", "cancel": "cancelar", "wall": "muro", "little-tower": "torre pequena", "house": "casa",
              "great-tower": "torre grande"},
}


def typed(step: tuple[str, ...]) -> str:
    """How ``step`` is typed in the current language (its key in English)."""
    words = TYPED.get(current())
    if not words:
        return " ".join(step)
    return " ".join(words.get(word, word) for word in step)


# --- The view's words ------------------------------------------------------------------------------

#: The names of the view's fields (``view.PublicView``), for a text of the view in the reader's language (the
#: console's ``board``); those every game shares are ``engines.i18n.COMMON_VIEW_FIELDS``.
VIEW_FIELDS = (
    # TRANSLATORS: the name of a field of the game's view, shown as text (the console's `board`): "crown: …"
    NP_("view field", "first"), NP_("view field", "colours"), NP_("view field", "crown"),
    NP_("view field", "space"), NP_("view field", "name"), NP_("view field", "colour"), NP_("view field", "kind"),
    # TRANSLATORS: fields of a castle in the game's view: its cards, its value, the values of its parts between holes
    NP_("view field", "castles"), NP_("view field", "cards"), NP_("view field", "value"),
    NP_("view field", "segments"),
    # TRANSLATORS: the cards beside the board, and the red dice on the board ("supply") and each player's ("held")
    NP_("view field", "supply"), NP_("view field", "red_dice"), NP_("view field", "held"),
    # TRANSLATORS: the score that wins the game
    NP_("view field", "target"),
    # TRANSLATORS: fields of the turn in the game's view: its phase, the rolls so far, the spaces left before the
    # crown leaves the turn's colour, the die values that keep it there, the dice rolled, the card being taken
    NP_("view field", "turn"), NP_("view field", "phase"), NP_("view field", "rolls"),
    NP_("view field", "spaces_left"), NP_("view field", "safe_rolls"), NP_("view field", "dice"),
    NP_("view field", "card"), NP_("view field", "last_roll"),
    # TRANSLATORS: the moves the seat to act may make now, each with what to type and what it does
    NP_("view field", "choices"),
)
#: The words among the view's values: colours, kinds of card and of track space, the turn's phases (a track space's
#: name, ``blue wall/crown``, is the game's own: :func:`space_name`).
VIEW_VALUES = (
    # TRANSLATORS: a colour among the values of the game's view as text (the console's `board`), on its own
    NP_("view value", "blue"), NP_("view value", "yellow"), NP_("view value", "red"),
    # TRANSLATORS: a kind of card or of track space, on its own
    NP_("view value", "wall"), NP_("view value", "little-tower"), NP_("view value", "house"),
    NP_("view value", "great-tower"), NP_("view value", "crown"), NP_("view value", "wall-crown"),
    # TRANSLATORS: a phase of the turn (what the player decides now): roll, move the crown, the landing space's
    # action, place the card, take it from the opponent's castle, give back a penalty card
    NP_("view value", "roll"), NP_("view value", "move"), NP_("view value", "space"), NP_("view value", "place"),
    NP_("view value", "source"), NP_("view value", "penalty"),
)


class _ViewWords(ViewWords):
    def value(self, word: str) -> str | None:
        """A track space's name as the view has it (English, ``blue wall/crown``) in the current language too."""
        space = _SPACE_BY_NAME.get(word)
        return super().value(word) if space is None else space_name(space)


#: The view's words in the reader's language (``GameInfo.view_words``): a choice's key is typed as it is, its label
#: and the rule are written in that language already.
VIEW_WORDS = _ViewWords(T, VIEW_FIELDS, VIEW_VALUES, texts=("key", "label", "rule"))
