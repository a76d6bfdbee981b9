"""Text with the bundled DejaVu Sans font: sizing, fitting, wrapping, ellipsis.

Pillow's built-in bitmap font has no accented letters; player names and the
Portuguese texts need them ("ã", "ç", "é"), so we ship DejaVu Sans in ``fonts/``.
The BASIC layout engine is used on purpose: it is always available (raqm may not
be) and lays out the same way everywhere, which keeps the PNG bytes deterministic.

Text that does not fit is cut with "…" (``truncate``, ``draw_text``, ``wrap``) as a last
resort: images must not lose information that way (only a player's display name is cut
on purpose, in ``render.legend.display_name``).  ``recording_cuts`` lets tests see every
cut; when nobody records, a cut costs one comparison and text that fits costs nothing.  ``recording_texts`` lets
tests read every text an image draws, with its size.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from render.palette import RGB

ELLIPSIS = "…"
#: A space ``wrap`` never breaks at.
NBSP = "\u00a0"
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Font = ImageFont.FreeTypeFont


@dataclass(frozen=True, slots=True)
class Cut:
    """Text a renderer shortened to fit: what it was to draw, and what it drew instead."""

    text: str
    shown: str


#: The cuts reported while ``recording_cuts`` is active; None otherwise (the renderers' usual case).
_cuts: list[Cut] | None = None


@contextmanager
def recording_cuts() -> Iterator[list[Cut]]:
    """Collect every text ``truncate``, ``draw_text`` and ``wrap`` shorten while inside (for tests).

    Not for concurrent use: one recorder per process, and renderers in other processes report nothing."""
    global _cuts
    outer = _cuts
    mine: list[Cut] = []
    _cuts = mine
    try:
        yield mine
    finally:
        _cuts = outer


#: The (text, size) drawn while ``recording_texts`` is active; None otherwise.
_texts: list[tuple[str, int]] | None = None


@contextmanager
def recording_texts() -> Iterator[list[tuple[str, int]]]:
    """Collect every string ``put`` draws while inside, with its size in pixels (``draw_text`` and the sprites draw
    through it too, no-break spaces read as spaces), so a test can check that what a choice names is written on
    the image, and large enough to read.  Cached layers and sprites were drawn
    before: clear their caches first (``render.cache.LAYERS``, a game's sprite caches) to hear them again.

    Not for concurrent use, as ``recording_cuts``."""
    global _texts
    outer = _texts
    mine: list[tuple[str, int]] = []
    _texts = mine
    try:
        yield mine
    finally:
        _texts = outer


def _report(text: str, shown: str) -> None:
    if _cuts is not None:
        _cuts.append(Cut(text, shown))


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files("render.fonts").joinpath(_FONT_FILES[bold]).read_bytes()


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> Font:
    """The bundled font at ``size`` pixels; cached because loading costs ~1 ms."""
    from io import BytesIO

    return ImageFont.truetype(BytesIO(_font_bytes(bold)), size, layout_engine=ImageFont.Layout.BASIC)


def width(text: str, fnt: Font) -> float:
    """Advance width of ``text`` in pixels."""
    return _width(text, int(fnt.size), "Bold" in (fnt.getname()[1] or ""))


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=8192)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The glyph coverage of ``text`` as an "L" image, and its offset from the anchor point.

    Rasterising glyphs is most of an image's drawing time, and boards repeat the same
    short strings ("×2", "N", seat numbers) hundreds of times: so masks are cached.
    """
    fnt = font(size, bold)
    # Whole pixels already (the BASIC layout engine); the stubs type them as float.
    left, top, right, bottom = (int(v) for v in fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def put(img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, *, bold: bool = False,
        anchor: str = "la") -> float:
    """Draw one line of ``text`` at ``xy`` (Pillow anchor semantics); returns its width.

    Positions are rounded to whole pixels, so the same text always looks the same.
    """
    if not text:
        return 0.0
    if _texts is not None:
        _texts.append((text.replace(NBSP, " "), size))
    bold = bool(bold)
    mask, left, top = _mask(text, size, bold, anchor)
    img.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)
    return _width(text, size, bold)


def truncate(text: str, fnt: Font, max_width: float) -> str:
    """``text`` cut to fit ``max_width``, ending in "…" when cut (never returns more); a cut is reported to
    ``recording_cuts``."""
    if width(text, fnt) <= max_width:
        return text
    shown = _cut(text, fnt, max_width)
    _report(text, shown)
    return shown


def _cut(text: str, fnt: Font, max_width: float) -> str:
    lo, hi = 0, len(text)
    # Binary search the longest prefix that fits together with the ellipsis.
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def fit_font(text: str, max_width: float, size: int, min_size: int, bold: bool = False) -> Font:
    """The largest font between ``min_size`` and ``size`` in which ``text`` fits; else ``min_size``."""
    for s in range(size, min_size - 1, -1):
        fnt = font(s, bold)
        if width(text, fnt) <= max_width:
            return fnt
    return font(min_size, bold)


def draw_text(img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, *, bold: bool = False,
              anchor: str = "la", max_width: float | None = None, min_size: int | None = None) -> float:
    """Draw one line; shrink to ``min_size`` then truncate with "…" to fit ``max_width``.

    Returns the drawn width, so callers can place what follows.
    """
    fnt = font(size, bold)
    if max_width is not None:
        if min_size is not None:
            fnt = fit_font(text, max_width, size, min_size, bold)
        text = truncate(text, fnt, max_width)
    return put(img, xy, text, int(fnt.size), fill, bold=bold, anchor=anchor)


def unbroken(text: str) -> str:
    """``text`` with no-break spaces: ``wrap`` keeps it on one line ("took YH2 (free)", "round 1 of 5")."""
    return text.replace(" ", NBSP)


def wrap(text: str, fnt: Font, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap at spaces (not at no-break spaces) into lines of ``max_width``, at most ``max_lines`` of
    them (None: as many as it takes).  A word longer than a line, and the last line when words are left over, are
    cut with "…"; a cut is reported (once, for the whole text) to ``recording_cuts``."""
    lines: list[str] = []
    current = ""
    # Not at no-break spaces ("\u00a0"): they keep words together.
    words = [w for w in text.replace("\n", " ").split(" ") if w]
    for i, word in enumerate(words):
        trial = f"{current} {word}" if current else word
        if not current or width(trial, fnt) <= max_width:
            current = trial
            continue
        if max_lines is not None and len(lines) == max_lines - 1:
            current = " ".join([current, *words[i:]])  # the last line: the rest, cut below
            break
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    shown = [line if width(line, fnt) <= max_width else _cut(line, fnt, max_width) for line in lines]
    if shown != lines:
        _report(text, " ".join(shown))
    return shown
