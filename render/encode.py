"""PNG encoding tuned for size and speed.

Board images are flat colours plus anti-aliased text and icons: quantized to a
256-colour palette they look the same and shrink to about half.  Quantizing a
2-megapixel image directly costs 40-240 ms, so the palette is learnt from a
nearest-neighbour sample (every 4th pixel each way: every flat colour of the image
survives it, and the anti-aliased in-between shades are well covered), and then the
full image is mapped to it (~10 ms).  No dithering: it would speckle flat fills and
text edges.  Everything here is deterministic: the same pixels give the same bytes.
"""

from __future__ import annotations

from io import BytesIO

from PIL import Image

# zlib level 3: level 6 costs twice the time for ~10% smaller files, 9 ten times.
COMPRESS_LEVEL = 3
SAMPLE_STEP = 4
COLOURS = 256


def palette_of(img: Image.Image, colours: int = COLOURS) -> Image.Image:
    """A "P" image whose palette suits ``img`` (learnt from a pixel sample)."""
    step = SAMPLE_STEP if min(img.size) >= 64 * SAMPLE_STEP else 1
    sample = img.resize((img.width // step, img.height // step), Image.Resampling.NEAREST) if step > 1 else img
    return sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def to_png(img: Image.Image, *, quantize: bool = True) -> bytes:
    """PNG bytes of ``img`` (drawn opaque, RGB)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    if quantize:
        img = img.quantize(palette=palette_of(img), dither=Image.Dither.NONE)
    buf = BytesIO()
    img.save(buf, format="PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
