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


def stretch(img: Image.Image, y: int, extra: int) -> Image.Image:
    """``img`` made ``extra`` pixels taller by repeating its pixel row ``y``: what lies below moves down.

    For a panel that must grow after what is under it was drawn: ``y`` must cross it where it is plain (no
    text, no rounded corner), so the repeated row continues the frame, the background and the panel."""
    if extra <= 0:
        return img
    out = Image.new(img.mode, (img.width, img.height + extra))
    out.paste(img.crop((0, 0, img.width, y)), (0, 0))
    row = img.crop((0, y, img.width, y + 1))
    out.paste(row.resize((img.width, extra), Image.Resampling.NEAREST), (0, y))
    out.paste(img.crop((0, y, img.width, img.height)), (0, y + extra))
    return out
