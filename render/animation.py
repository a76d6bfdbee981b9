"""A whole game's board history as one animated GIF: a frame per turn, made to be read on a phone.

Each frame is the game's compact close-up (``render.draw_compact``: 800 px wide, no text under 24 px, so a phone
showing it 400 px wide still reads it — whose turn, every score and the part of the board that matters) of the
position after a turn, with what that turn changed marked at the corners (The Castles of Burgundy also names the
tiles its player placed on their estate), and a key that says so.  A game without a compact picture gets its
board, scaled to the same width.

GIF, because every Discord client and phone plays it inline.  The frames share one palette (learnt from a few of
them: the colours never flicker), and a frame keeps only the pixels that changed since the one before (the rest
transparent, drawn over the previous frame), so a whole game weighs about a megabyte; past ``max_bytes`` (Discord's
8 MB for a bot's attachment) every other turn is left out, the first and the last frame always kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from io import BytesIO
from typing import Any

from PIL import Image, ImageChops

from render.canvas import FRAME, new_canvas, stretch
from render.compact import WIDTH
from render.encode import palette_of
from render.legend import marking_last_turn
from render.palette import DEFAULT_THEME

#: Discord's limit on a bot's attachment, and so on an animation.
MAX_BYTES = 8 * 1024 * 1024
#: How long each turn shows, and the last one (the final position) before the animation starts again.
FRAME_MS = 1500
LAST_MS = 6000
#: Colours in the shared palette; the last index is left for "unchanged" (transparent).
COLOURS = 255
CLEAR = 255
#: Frames the palette is learnt from (spread over the game).
PALETTE_SAMPLES = 6


def draw_animation(engine_name: str, views: Sequence[Mapping[str, Any]], names: Sequence[str], *,
                   frame_ms: int = FRAME_MS, last_ms: int = LAST_MS, max_bytes: int = MAX_BYTES) -> bytes:
    """GIF bytes of a game's history: ``views`` are its public views, the start first, then the position after
    each turn; each frame but the first marks what changed since the view before it (the turn just played).
    ``ValueError`` when not even the first and the last frame fit in ``max_bytes``."""
    if not views:
        raise ValueError("an animation needs at least one view")
    with marking_last_turn():
        frames = [_frame(engine_name, view, names, views[i - 1] if i else None) for i, view in enumerate(views)]
    return encode(_same_height(frames), frame_ms=frame_ms, last_ms=last_ms, max_bytes=max_bytes)


def encode(frames: Sequence[Image.Image], *, frame_ms: int = FRAME_MS, last_ms: int = LAST_MS,
           max_bytes: int = MAX_BYTES) -> bytes:
    """GIF bytes of ``frames`` (RGB, all one size); every other frame left out (the first and the last kept) until
    it fits in ``max_bytes``."""
    palette = _palette(frames)
    kept = list(range(len(frames)))
    while True:
        data = _gif([frames[i] for i in kept], palette, frame_ms, last_ms)
        if len(data) <= max_bytes:
            return data
        if len(kept) <= 2:
            raise ValueError(f"even {len(kept)} frames take {len(data)} bytes, more than {max_bytes}")
        kept = [*kept[:-1:2], kept[-1]]


def _frame(engine_name: str, view: Mapping[str, Any], names: Sequence[str], since: Mapping[str, Any] | None
           ) -> Image.Image:
    import render

    if engine_name in render.compact_games():
        data = render.draw_compact(engine_name, view, names, since)
    else:
        data = render.draw_board(engine_name, view, names, since)
    img = Image.open(BytesIO(data)).convert("RGB")
    if img.width != WIDTH:
        img = img.resize((WIDTH, round(img.height * WIDTH / img.width)), Image.Resampling.LANCZOS)
    return img


def _same_height(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame as tall as the tallest: a shorter one grows at a plain row near its foot (its frame and
    background carry on), else it sits on an empty canvas."""
    height = max(f.height for f in frames)
    plain = new_canvas(WIDTH, 64, DEFAULT_THEME).crop((0, 32, WIDTH, 33)).tobytes()
    out = []
    for frame in frames:
        if frame.height < height:
            rows = range(frame.height - FRAME - 15, max(frame.height - 80, 0), -1)
            row = next((y for y in rows if frame.crop((0, y, WIDTH, y + 1)).tobytes() == plain), None)
            if row is not None:
                frame = stretch(frame, row, height - frame.height)
            else:
                canvas = new_canvas(WIDTH, height, DEFAULT_THEME)
                canvas.paste(frame, (0, 0))
                frame = canvas
        out.append(frame)
    return out


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette of ``COLOURS`` for all frames, learnt from a few of them spread over the game (first and last
    included): a "P" image to quantize with."""
    picks = sorted({round(i * (len(frames) - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)})
    width, height = frames[0].size
    montage = Image.new("RGB", (width, height * len(picks)))
    for n, i in enumerate(picks):
        montage.paste(frames[i], (0, n * height))
    learnt = palette_of(montage, COLOURS).getpalette() or []
    colours = learnt[:3 * COLOURS]
    colours += colours[:3] * (COLOURS - len(colours) // 3)  # fewer colours found: the first one again
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)  # COLOURS entries exactly: no pixel maps to CLEAR
    return palette


def _gif(frames: Sequence[Image.Image], palette: Image.Image, frame_ms: int, last_ms: int) -> bytes:
    colours = [*(palette.getpalette() or [])[:3 * COLOURS], 255, 0, 255]  # CLEAR's colour is never shown
    indexed = [_indices(f.quantize(palette=palette, dither=Image.Dither.NONE)) for f in frames]
    shown = [_as_gif_frame(indexed[0], colours)]
    for before, now in itertools.pairwise(indexed):
        changed = ImageChops.difference(before, now).point(lambda v: 255 if v else 0)
        delta = Image.new("L", now.size, CLEAR)
        delta.paste(now, mask=changed)  # what changed; the rest shows the frame before through
        shown.append(_as_gif_frame(delta, colours))
    durations = [frame_ms] * (len(shown) - 1) + [last_ms]
    out = BytesIO()
    shown[0].save(out, format="GIF", save_all=True, append_images=shown[1:], duration=durations, loop=0,
                  disposal=1, transparency=CLEAR, optimize=False, palette=bytes(colours))
    return out.getvalue()


def _indices(img: Image.Image) -> Image.Image:
    """A "P" image's palette indices as an "L" image (to compare two frames pixel by pixel)."""
    return Image.frombytes("L", img.size, img.tobytes())


def _as_gif_frame(indices: Image.Image, colours: list[int]) -> Image.Image:
    frame = Image.frombytes("P", indices.size, indices.tobytes())
    frame.putpalette(colours)
    return frame
