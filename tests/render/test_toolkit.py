"""The shared render toolkit: fonts, text fitting, colours, sprites, cache, encoding."""

from __future__ import annotations

from importlib import resources
from io import BytesIO

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import icons, palette, shapes, text
from render.cache import LayerCache
from render.encode import to_png
from render.layout import Box, flow


def test_font_and_licence_ship_inside_the_package() -> None:
    files = resources.files("render.fonts")
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert files.joinpath(name).is_file(), name
    assert "Bitstream Vera" in files.joinpath("LICENSE-DejaVu.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(("accented", "plain"), [("ã", "a"), ("ç", "c"), ("é", "e"), ("ü", "u"), ("Ã", "A")])
def test_accented_letters_render_as_their_own_glyphs(accented: str, plain: str) -> None:
    fnt = text.font(40)
    img_a = Image.new("L", (60, 60))
    img_p = Image.new("L", (60, 60))
    ImageDraw.Draw(img_a).text((10, 5), accented, font=fnt, fill=255)
    ImageDraw.Draw(img_p).text((10, 5), plain, font=fnt, fill=255)
    assert img_a.getbbox() is not None
    # The accent adds ink above (or below, for "ç") the base letter.
    assert ImageChops.difference(img_a, img_p).getbbox() is not None


def test_truncate_fits_and_marks_the_cut() -> None:
    fnt = text.font(20)
    name = "Maria da Conceição Guimarães Júnior"
    short = text.truncate(name, fnt, 150)
    assert short.endswith(text.ELLIPSIS)
    assert text.width(short, fnt) <= 150
    assert name.startswith(short[:-1].rstrip())
    assert text.truncate("Ana", fnt, 150) == "Ana"
    assert text.truncate(name, fnt, 1) == text.ELLIPSIS


def test_fit_font_shrinks_before_truncating() -> None:
    long = "Maria da Conceição"
    fnt = text.fit_font(long, 160, 30, 12)
    assert fnt.size < 30
    assert text.width(long, fnt) <= 160


def test_wrap_respects_width_and_line_count() -> None:
    fnt = text.font(16)
    lines = text.wrap("one two three four five six seven eight nine ten", fnt, 80, 3)
    assert 1 < len(lines) <= 3
    assert all(text.width(line, fnt) <= 80 for line in lines)


def test_put_draws_the_same_pixels_as_pillow() -> None:
    a = Image.new("RGB", (200, 50), (255, 255, 255))
    b = a.copy()
    text.put(a, (10, 25), "Conceição ×3", 20, (0, 0, 0), anchor="lm")
    ImageDraw.Draw(b).text((10, 25), "Conceição ×3", font=text.font(20), fill=(0, 0, 0), anchor="lm")
    assert ImageChops.difference(a, b).getbbox() is None


def test_letters_on_chips_contrast_with_their_fill() -> None:
    assert palette.on_colour((252, 252, 250)) == palette.BLACK      # white card
    assert palette.on_colour((250, 212, 45)) == palette.BLACK       # yellow
    assert palette.on_colour((28, 52, 150)) == palette.WHITE        # dark blue
    assert palette.on_colour(palette.PLAYER_COLOURS[1]) == palette.WHITE


def test_player_colours_are_distinct_and_not_neutral() -> None:
    colours = [*palette.PLAYER_COLOURS, palette.NEUTRAL]
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 120, (a, b)
    assert palette.player_colour(None) == palette.NEUTRAL


def test_chip_letter_is_drawn() -> None:
    r = shapes.chip("R", 40, (214, 40, 40), (0, 0, 0))
    b = shapes.chip("B", 40, (214, 40, 40), (0, 0, 0))
    assert r.size == (40, 40)
    assert r.tobytes() != b.tobytes()


@pytest.mark.parametrize("kind", icons.KINDS)
def test_every_icon_draws_something_and_shapes_differ(kind: str) -> None:
    sprite = icons.icon(kind, 32, (200, 100, 50), (0, 0, 0))
    assert sprite.size == (32, 32) and sprite.mode == "RGBA"
    assert sprite.getchannel("A").getbbox() is not None
    others = [icons.icon(k, 32, (200, 100, 50), (0, 0, 0)) for k in icons.KINDS if k != kind]
    assert all(sprite.tobytes() != o.tobytes() for o in others)


def test_layer_cache_builds_once_and_hands_out_independent_copies() -> None:
    cache = LayerCache(max_items=2)
    calls = []

    def build() -> Image.Image:
        calls.append(1)
        return Image.new("RGB", (10, 10), (1, 2, 3))

    first = cache.get("k", build)
    first.putpixel((0, 0), (9, 9, 9))
    second = cache.get("k", build)
    assert len(calls) == 1 and cache.builds == 1
    assert second.getpixel((0, 0)) == (1, 2, 3)
    cache.get("a", build)
    cache.get("b", build)       # evicts "k", the least recently used
    cache.get("k", build)
    assert len(calls) == 4


def test_png_is_deterministic_decodes_and_keeps_colours() -> None:
    img = Image.new("RGB", (400, 300), (236, 226, 200))
    draw = ImageDraw.Draw(img)
    for i, colour in enumerate(palette.PLAYER_COLOURS):
        draw.rectangle((10 + i * 90, 10, 90 + i * 90, 90), fill=colour)
    text.put(img, (20, 150), "Conceição", 30, (0, 0, 0))
    data = to_png(img)
    assert data == to_png(img)
    decoded = Image.open(BytesIO(data))
    assert decoded.size == img.size
    # Flat colours survive quantization (to within what no eye can tell).
    for i, colour in enumerate(palette.PLAYER_COLOURS):
        got = decoded.convert("RGB").getpixel((50 + i * 90, 50))
        assert max(abs(a - b) for a, b in zip(got, colour, strict=True)) <= 3, (got, colour)


def test_box_splits_cover_the_box() -> None:
    box = Box(10, 20, 300, 100)
    cols = box.columns(3, gap=6)
    assert cols[0].x == 10 and cols[-1].right == pytest.approx(310)
    top, rest = box.take_top(30, gap=5)
    assert top.h == 30 and rest.y == 55 and rest.bottom == box.bottom
    corners = flow(Box(0, 0, 100, 100), 30, 30, 5, 4)
    assert corners[:3] == [(0, 0), (35, 0), (70, 0)] and corners[3] == (0, 35)


def test_legend_truncates_names_inside_their_cells() -> None:
    from render.legend import draw_legend

    box = Box(10, 10, 380, 40)
    long = Image.new("RGB", (400, 60), palette.PARCHMENT.background)
    short = long.copy()
    draw_legend(long, box, ["Maria da Conceição Guimarães Júnior"] * 3, palette.PARCHMENT, with_neutral=True)
    draw_legend(short, box, ["A", "B", "C"], palette.PARCHMENT, with_neutral=True)
    # Everything outside the legend box is untouched, and the last cell ("neutral") is the same.
    cells = box.columns(4, gap=12)
    assert ImageChops.difference(long, short).getbbox() is not None
    for img in (long, short):
        outside = img.copy()
        outside.paste(palette.PARCHMENT.background, tuple(round(v) for v in box.rect))
        assert outside.getcolors() == [(400 * 60, palette.PARCHMENT.background)]
    last = tuple(round(v) for v in cells[-1].rect)
    assert ImageChops.difference(long.crop(last), short.crop(last)).getbbox() is None


def test_stretch_repeats_a_row_and_moves_the_rest_down() -> None:
    from render.canvas import stretch

    img = Image.new("RGB", (20, 30), (255, 255, 255))
    ImageDraw.Draw(img).rectangle((0, 0, 19, 9), fill=(200, 0, 0))  # top band
    ImageDraw.Draw(img).rectangle((0, 20, 19, 29), fill=(0, 0, 200))  # bottom band
    tall = stretch(img, 15, 12)
    assert tall.size == (20, 42)
    assert ImageChops.difference(tall.crop((0, 0, 20, 15)), img.crop((0, 0, 20, 15))).getbbox() is None
    assert ImageChops.difference(tall.crop((0, 27, 20, 42)), img.crop((0, 15, 20, 30))).getbbox() is None
    assert {tall.getpixel((5, y)) for y in range(15, 27)} == {(255, 255, 255)}
    assert stretch(img, 15, 0) is img
