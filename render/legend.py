"""Player marks shared by every game: the seat badge and the player-colour legend.

A player is always shown as their colour *and* their seat number (1-4, as players
count): the same badge sits on their pieces, in their panel and in the legend.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextvars import ContextVar

from PIL import Image, ImageDraw

from engines.i18n import COMMON
from render.icons import icon
from render.layout import Box
from render.palette import GOLD, NEUTRAL, RGB, WHITE, Theme, player_colour
from render.shapes import disc, paste, square_chip
from render.text import ELLIPSIS, draw_text, font

_ = COMMON.gettext

#: The longest name an image shows whole.  Longer names are cut once, here, to the same text (ending in
#: "…") wherever an image shows them, and every place that shows a name has room for this many letters:
#: a name never reads whole in one place and cut in another.
NAME_CHARS = 20


def display_name(name: str) -> str:
    """``name`` as images show it: whole up to ``NAME_CHARS`` letters, else cut (at a space when one is near
    the end) and ended with "…"."""
    name = " ".join(name.split())
    if len(name) <= NAME_CHARS:
        return name
    cut = name[: NAME_CHARS - 1]
    space = cut.rfind(" ")
    if space >= NAME_CHARS // 2:
        cut = cut[:space]
    return cut.rstrip(" ,.-") + ELLIPSIS


def player_name(names: Sequence[str], seat: int | None) -> str:
    """The display name for ``seat`` (``display_name`` of the caller's name); "Player n" when it has none;
    "nobody" for no seat."""
    if seat is None:
        return _("nobody")
    if 0 <= seat < len(names) and names[seat].strip():
        return display_name(names[seat])
    return _("Player {n}", n=seat + 1)


def seat_label(seat: int | None) -> str:
    """What players read for a seat: "1".."4"; "–" for neutral pieces."""
    return "–" if seat is None else str(seat + 1)


def seat_badge(seat: int | None, size: int, ring: RGB = (255, 255, 255)) -> Image.Image:
    """A rounded square in the seat's colour with its number (neutral: grey with "–")."""
    fill = NEUTRAL if seat is None else player_colour(seat)
    return square_chip(seat_label(seat), size, fill, ring)


def seat_corner(sprite: Image.Image, seat: int, diameter: int, ink: RGB) -> None:
    """Mark a piece ``sprite`` (drawn on, in place) as ``seat``'s: its number in a white disc at the
    bottom-right corner."""
    x, y = sprite.width - diameter, sprite.height - diameter
    paste(sprite, disc(diameter, WHITE, ink, 1.5), (x, y))
    ImageDraw.Draw(sprite).text((x + diameter / 2, y + diameter / 2 + 0.5), str(seat + 1),
                                font=font(round(diameter * 0.72), True), fill=ink, anchor="mm")


def draw_player_title(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: int, name: str, theme: Theme, *,
                      acting: bool, won: bool, size: int, name_size: int, name_room: float, min_size: int) -> None:
    """A player panel's first line along the top of ``box``: the seat's badge (``size``), its name, and at
    the right end an arrow (to act) or, for a winner, a crown.  The name gets ``box.w - name_room`` minus the tag."""
    cy = box.y + size / 2
    paste(img, seat_badge(seat, size, theme.ink), (box.x, box.y))
    tag = 0.0
    if acting:  # the arrow that marks the seat to act in every header, in the panel's accent frame
        paste(img, icon("arrow", 32, theme.accent, theme.ink), (box.right - 32, cy - 16))
        tag = 36
    elif won:
        paste(img, icon("crown", 32, GOLD, theme.ink), (box.right - 32, cy - 16))
        tag = 36
    draw_text(img, (box.x + size + 10, cy), name, name_size, theme.ink, bold=True, anchor="lm",
              max_width=box.w - name_room - tag, min_size=min_size)


def draw_legend(
    canvas: Image.Image,
    box: Box,
    names: Sequence[str],
    theme: Theme,
    *,
    size: int = 26,
    with_neutral: bool = False,
) -> None:
    """One row: a badge and a (truncated) name per seat, sharing ``box`` equally."""
    entries: list[tuple[int | None, str]] = [(i, n) for i, n in enumerate(names)]
    if with_neutral:
        entries.append((None, _("neutral")))
    for (seat, name), cell in zip(entries, box.columns(len(entries), gap=12), strict=True):
        cy = cell.y + cell.h / 2
        paste(canvas, seat_badge(seat, size, theme.ink), (cell.x, cy - size / 2))
        draw_text(canvas, (cell.x + size + 8, cy), name, round(size * 0.72), theme.ink,
                  anchor="lm", max_width=cell.w - size - 10)


#: The height of the strip a marked board gains at its foot (``since_key``).
SINCE_KEY_H = 46

#: Whether the corners mark what the turn just played changed (an animation's frame, a replay), rather than what
#: changed since the player to act last played (a turn's post: the default).
_LAST_TURN: ContextVar[bool] = ContextVar("marking_last_turn", default=False)


@contextlib.contextmanager
def marking_last_turn() -> Iterator[None]:
    """Within the block, a picture drawn with an earlier view (``since``) is the position right after a turn, and
    that view the position right before it: the key says the corners mark what that turn changed."""
    token = _LAST_TURN.set(True)
    try:
        yield
    finally:
        _LAST_TURN.reset(token)


def marks_last_turn() -> bool:
    """Whether a picture drawn now marks what the turn just played changed (:func:`marking_last_turn`): then what the
    player to act did is news too (they may have played that turn)."""
    return _LAST_TURN.get()


def since_words() -> str:
    """What the corners marking changes mean, in the current language (see :func:`marking_last_turn`)."""
    if _LAST_TURN.get():
        return _("corners: changed by the turn just played")
    return _("corners: changed since the player to act last played")


def since_key(img: Image.Image, theme: Theme) -> Image.Image:
    """``img`` (a board whose new pieces are marked with ``render.shapes.since_mark``) with a strip at its foot
    that says what the marks mean: the image explains itself wherever it is seen (a post, a zoom, a forward).
    The board's own foot (its frame and the margin inside it, nothing drawn) makes way for the strip."""
    from render.canvas import FRAME
    from render.shapes import since_mark

    w, h = img.size
    keep = h - FRAME - 8
    height = keep + SINCE_KEY_H + FRAME + 8
    # One copy of the board (a crop past its foot), then the foot repainted as ``new_canvas`` paints it.
    out = img.crop((0, 0, w, height))
    draw = ImageDraw.Draw(out)
    draw.rectangle((0, keep, w, height), fill=theme.frame)
    draw.rectangle((FRAME, keep, w - 1 - FRAME, height - 1 - FRAME - 14), fill=theme.background)
    draw.rounded_rectangle((FRAME, height - 1 - FRAME - 28, w - 1 - FRAME, height - 1 - FRAME), radius=14,
                           fill=theme.background)
    x, y = FRAME + 30, keep + SINCE_KEY_H / 2
    since_mark(draw, (x, y), 14, theme, pad=5, arm=0.45)
    draw_text(out, (x + 26, y), since_words(), 20, theme.ink, anchor="lm", max_width=w - x - 40, min_size=14)
    return out
