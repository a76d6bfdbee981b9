"""Bürger, Baumeister & Co.'s five colours, as drawn.

Every colour is always drawn with its letter (R Y G B P): district headers, tokens on
the board and in the hand, the offer.  The five fills also differ in lightness, so a
greyscale print still separates yellow, green and blue.
"""

from __future__ import annotations

from engines.buerger_baumeister import data
from render.palette import ColourKey

KEY = ColourKey.of({
    "red": (206, 44, 44),
    "yellow": (250, 210, 50),
    "green": (52, 150, 70),
    "blue": (44, 96, 196),
    "purple": (126, 62, 164),
}, data.COLOURS, data.COLOUR_LETTERS)
rgb = KEY.rgb
letter = KEY.letter
