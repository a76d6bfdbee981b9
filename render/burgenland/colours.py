"""Burgenland's eight card colours, as drawn.

Every colour is always drawn with its letter (R Y G L B P O W).  The two blues are
far apart in lightness (sky blue vs navy) *and* carry different letters (L vs B),
so neither hue perception nor the letter alone is needed to tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.burgenland import data
from engines.i18n import N_, game_catalog
from render.palette import ColourKey

KEY = ColourKey.of({
    "red": (214, 40, 40),
    "yellow": (250, 212, 45),
    "green": (46, 158, 64),
    "light-blue": (130, 206, 245),
    "dark-blue": (28, 52, 150),
    "purple": (128, 58, 168),
    "orange": (245, 132, 24),
    "white": (252, 252, 250),
}, data.COLOURS, data.COLOUR_LETTERS)
LETTERS = KEY.letters
#: How colour names are printed (the data names use hyphens); translated where shown (``label``).
LABELS: dict[str, str] = dict(zip(data.COLOURS, (
    N_("red"), N_("yellow"), N_("green"), N_("light blue"), N_("dark blue"), N_("purple"), N_("orange"), N_("white"),
), strict=True))


def label(colour: str) -> str:
    """The colour's name as printed, in the current language."""
    return game_catalog("burgenland").gettext(LABELS[colour])
rgb = KEY.rgb


def letter(colour: str, view_letters: Mapping[str, str] | None = None) -> str:
    """The colour's letter, preferring the one the view states."""
    if view_letters and colour in view_letters:
        return view_letters[colour]
    return KEY.letter(colour)
