"""Colours shared by every game's images.

Discord shows images on a dark (#313338) or a white background, and we cannot know
which: every image is drawn opaque, on a light parchment panel inside a dark frame,
so it reads the same in both themes.

The four seat colours, the neutral pieces' colour and the last-move highlight are
chosen so that any two of them stay apart for colour-blind players too: under
simulated protanopia, deuteranopia and tritanopia (``render.vision``), every pair
is at least 20 CIEDE2000 apart (the test computes it from this file).  The seats
differ in lightness (pale orchid, black, brown, deep blue) as well as in hue, the
neutral pieces are near-white (the opposite of black seat 2), and the highlight is
a lime green no seat uses.  Every player mark also carries the seat number, so
colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """The fixed colours of an image; ``name`` goes into static-layer cache keys."""

    name: str
    frame: RGB        # outer border, dark so the image has an edge on white Discord
    background: RGB   # the table the board lies on
    panel: RGB        # boxes (castles, player cards)
    panel_alt: RGB    # a second panel shade, for rows and headers
    ink: RGB          # main text and outlines
    muted: RGB        # secondary text, empty sites
    line: RGB         # thin rules, roads
    road: RGB         # the roads between castles
    highlight: RGB    # the last move (always paired with a text line too); never a seat colour
    accent: RGB       # whose turn it is (always paired with an arrow and text)
    good: RGB         # "you can do this"
    bad: RGB          # "you cannot"


PARCHMENT = Theme(
    name="parchment",
    frame=(58, 44, 32),
    background=(236, 226, 200),
    panel=(250, 245, 232),
    panel_alt=(228, 216, 188),
    ink=(34, 28, 22),
    muted=(120, 108, 92),
    line=(170, 155, 128),
    road=(196, 170, 124),
    highlight=(46, 225, 0),
    accent=(200, 120, 0),
    good=(30, 130, 60),
    bad=(170, 40, 40),
)

DEFAULT_THEME = PARCHMENT

# Seat colours: orchid, black, brown, blue.  Apart in lightness and hue for every kind of colour
# vision (see the module's text); each piece also shows the seat number (1-4), so they never rely on hue.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (245, 142, 255),  # orchid
    (30, 30, 34),     # black
    (145, 76, 2),     # brown
    (0, 48, 223),     # blue
)
PLAYER_COLOUR_NAMES: tuple[str, ...] = ("orchid", "black", "brown", "blue")
NEUTRAL: RGB = (252, 252, 248)   # pre-placed pieces that belong to nobody: near-white with a dark icon

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
GOLD: RGB = (240, 190, 40)       # crowns, coins, the winner's frame
UNKNOWN: RGB = (150, 150, 150)   # a colour name a game does not know draws grey rather than fail


@dataclass(frozen=True, slots=True)
class ColourKey:
    """A game's named colours as drawn: each name's fill and the letter that always goes with it."""

    fills: Mapping[str, RGB]
    letters: Mapping[str, str]

    @classmethod
    def of(cls, fills: Mapping[str, RGB], names: Sequence[str], letters: Sequence[str]) -> ColourKey:
        """The key for ``fills``, with the letters the game's data pairs with its colour ``names``."""
        return cls(fills, dict(zip(names, letters, strict=True)))

    def rgb(self, colour: str) -> RGB:
        """The fill of ``colour``; unknown names draw grey rather than fail."""
        return self.fills.get(colour, UNKNOWN)

    def letter(self, colour: str) -> str:
        """The letter of ``colour``; "?" for unknown names."""
        return self.letters.get(colour, "?")


def player_colour(seat: int | None) -> RGB:
    """The colour of a seat's pieces; ``None`` (neutral) is grey."""
    if seat is None:
        return NEUTRAL
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG), 0 = black, 1 = white."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def on_colour(rgb: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``rgb``: for letters on chips."""
    lum = luminance(rgb)
    # Contrast ratio against white vs against black; pick the larger.
    return BLACK if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else WHITE


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
