"""Burgenland's words that are read in more than one place: the letter a site is printed and typed with, and the
words the view is written in (for a text of it in the reader's language).

Names only, no rules: the images read this module as well as the engine.
"""

from __future__ import annotations

import re

from engines.burgenland import data as D
from engines.i18n import NP_, ViewWords, game_catalog

T = game_catalog("burgenland")
_ = T.gettext


def colour_name(colour: int) -> str:
    """A card colour's name, by its index."""
    return _(D.COLOUR_NAMES[colour])


def card_label(token: str) -> str:
    """A card by its token ("R3", "J"): "red 3", "joker"."""
    if token == "J":
        return _("joker")
    return _("{colour} {value}", colour=colour_name(D.COLOUR_LETTERS.index(token[0])), value=token[1])


def where_label(where: str) -> str:
    """Where a piece is built, said after its name ("in castle 3, west site")."""
    castle, site = D.place_of(where)
    if site == D.LARGE:
        return _("in the large castle")
    if site == D.WELL:
        return _("in castle {castle}", castle=castle)
    if site == D.EXTRA:
        return _("on a new extra site in castle {castle}", castle=castle)
    return _("in castle {castle}, {site} site", castle=castle, site=_(D.SITE_NAMES[site]))


def site_letter(site: str) -> str:
    """The letter a square site is printed with: the initial of its name in the reader's language, as the
    choices name it ("castelo 3, espaço oeste" is O in Portuguese, "Bauplatz Ost" O in German); typed moves
    read these letters too (the notation's site letters), and the English ones in every language."""
    letters = {"N": T.pgettext("site letter: north", "N"), "W": T.pgettext("site letter: west", "W"),
               "E": T.pgettext("site letter: east", "E"), "X": T.pgettext("site letter: extra", "X")}
    return letters.get(site, site)


#: The names of the view's fields (``view.PublicView``, ``view.SeatView``), for a text of the view in the reader's
#: language (the console's ``board`` and ``hand``); those every game shares are ``engines.i18n.COMMON_VIEW_FIELDS``.
VIEW_FIELDS = (
    # TRANSLATORS: the name of a field of the game's view, shown as text (the console's `board`): "markers: …"
    NP_("view field", "main_done"), NP_("view field", "markers"), NP_("view field", "colours"),
    NP_("view field", "castles"), NP_("view field", "number"), NP_("view field", "sites"),
    NP_("view field", "piece"), NP_("view field", "owner"), NP_("view field", "bonuses"), NP_("view field", "well"),
    # TRANSLATORS: the red well indicator stands in this castle (a field of a castle in the game's view)
    NP_("view field", "indicator"), NP_("view field", "large_castle"), NP_("view field", "architect_cost"),
    NP_("view field", "well_card"), NP_("view field", "well_rewards"), NP_("view field", "deck_size"),
    NP_("view field", "discard_size"), NP_("view field", "discard_top"), NP_("view field", "colour"),
    NP_("view field", "value"), NP_("view field", "exchange_tiles_left"), NP_("view field", "bonus_tiles_left"),
    NP_("view field", "played_bonus_tiles"), NP_("view field", "pieces_left"), NP_("view field", "built"),
    NP_("view field", "hand_size"), NP_("view field", "exchange_tiles"), NP_("view field", "bonus_tiles"),
    NP_("view field", "last_move"), NP_("view field", "where"),
    # TRANSLATORS: fields of a player's own view: the hand (cards of a colour and value, how many), the tiles held
    NP_("view field", "hand"), NP_("view field", "cards"), NP_("view field", "count"), NP_("view field", "jokers"),
    NP_("view field", "tiles"), NP_("view field", "exchange"), NP_("view field", "bonus"),
    # TRANSLATORS: a player's half-made move in their own view: what is typed so far, the cards paid, markers picked
    NP_("view field", "pending"), NP_("view field", "opening"), NP_("view field", "paid"),
    NP_("view field", "picks"),
)
#: The words among the view's values: colours, pieces, site bonuses, bonus tiles, the large castle.
VIEW_VALUES = (
    # TRANSLATORS: a colour among the values of the game's view as text (the console's `board`), on its own
    NP_("view value", "red"), NP_("view value", "yellow"), NP_("view value", "green"),
    NP_("view value", "light-blue"), NP_("view value", "dark-blue"), NP_("view value", "purple"),
    NP_("view value", "orange"), NP_("view value", "white"),
    # TRANSLATORS: a piece, on its own
    NP_("view value", "wall"), NP_("view value", "tower"), NP_("view value", "house"), NP_("view value", "well"),
    # TRANSLATORS: the bonus printed on a castle's site
    NP_("view value", "joker"), NP_("view value", "3 coins"), NP_("view value", "exchange tile"),
    NP_("view value", "bonus tile"),
    # TRANSLATORS: a bonus tile, named short as on its image: extra building site, pay 10, ignore building
    # restrictions, draw 5 coins
    NP_("view value", "extra-site"), NP_("view value", "pay10"), NP_("view value", "ignore"),
    NP_("view value", "draw5"),
    # TRANSLATORS: where the last piece was built: the large castle
    NP_("view value", "large"),
)
#: A site's letter (``sites: {"N": …}``), and a castle's site (``3W``: where the last piece was built).
SITE_LETTERS = frozenset((*D.SITES, D.EXTRA))
_SITE = re.compile(r"([0-9]+)([NWEX])")


class _ViewWords(ViewWords):
    def field(self, name: str) -> str | None:
        """A site (``sites: {"N": …}``) by its letter in the current language (:func:`site_letter`)."""
        return site_letter(name) if name in SITE_LETTERS else super().field(name)

    def value(self, word: str) -> str | None:
        """Where a piece was built, a castle and its site (``3W``), with the site's letter in the current language."""
        site = _SITE.fullmatch(word)
        return f"{site[1]}{site_letter(site[2])}" if site is not None else super().value(word)


#: The view's words in the reader's language (``GameInfo.view_words``): a half-made move is what was typed, in
#: codes; the rule is written in that language already.
VIEW_WORDS = _ViewWords(T, VIEW_FIELDS, VIEW_VALUES, texts=("opening", "paid", "picks", "rule"))
