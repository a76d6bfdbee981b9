"""What the render tests share: reading PNG bytes back, sample names, comparing regions of two images."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO

from PIL import Image, ImageChops

import render
from engines import registry
from render.gallery import NAMES, Position


def decode(png: bytes) -> Image.Image:
    """The image in ``png`` (asserting it is a PNG), fully loaded."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(BytesIO(png))
    img.load()
    return img


def names(n: int) -> list[str]:
    """The gallery's sample display names for ``n`` seats (one of them long and accented)."""
    return list(NAMES[:n])


def changed(a: Image.Image, b: Image.Image, centre: tuple[float, float], half: int) -> bool:
    """Whether ``a`` and ``b`` differ within ``half`` pixels of ``centre``."""
    x, y = round(centre[0]), round(centre[1])
    box = (x - half, y - half, x + half, y + half)
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def assert_deterministic_and_public(game: str, pos: Position) -> None:
    """The same view draws the same bytes (also from a deep copy), every seat's own view draws the public
    board (it shows public facts only), and so do each seat's hand and (where the game has them) estates."""
    names_ = names(pos.players)
    board = render.draw_board(game, pos.public, names_)
    assert board == render.draw_board(game, copy.deepcopy(pos.public), names_)
    assert all(render.draw_board(game, v, names_) == board for v in pos.seats)
    for seat, own in enumerate(pos.seats):
        assert render.draw_hand(game, own, names_) == render.draw_hand(game, copy.deepcopy(own), names_)
        if registry.find(game).player_boards:
            estate = render.draw_player(game, pos.public, names_, seat)
            assert estate == render.draw_player(game, pos.seats[(seat + 1) % pos.players], names_, seat)


@contextmanager
def drawn_text() -> Iterator[list[tuple[str, int]]]:
    """Every (text, size) drawn through ``render.text.put`` (all names, titles and labels) while inside, as it
    reads (no-break spaces, which only keep words on one line, read as spaces): ``render.text.recording_texts``.

    Static layers are cleared first, so what they hold is drawn (and seen) again."""
    from render.cache import LAYERS
    from render.text import recording_texts

    LAYERS.clear()
    try:
        with recording_texts() as seen:
            yield seen
    finally:
        LAYERS.clear()
