"""The opaque, framed background every image starts from.

Never transparent: Discord shows images on a dark or a white background, and a
light panel inside a dark frame reads on both.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.palette import Theme

FRAME = 6  # px of dark frame around every image


def new_canvas(width: int, height: int, theme: Theme) -> Image.Image:
    """An RGB image filled with the theme's background inside its frame."""
    img = Image.new("RGB", (width, height), theme.frame)
    ImageDraw.Draw(img).rounded_rectangle(
        (FRAME, FRAME, width - 1 - FRAME, height - 1 - FRAME), radius=14, fill=theme.background
    )
    return img
