"""The leaderboard and profile pictures: every row and line written, only an overlong name cut, the reader's own
row drawn, and a chart for each game."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render.ratings
from render import draw_ratings
from render.palette import DEFAULT_THEME, RGB, player_colour
from render.text import recording_cuts, recording_texts

LONG = "Maximiliane Kunigunde von Hohenzollern-Sigmaringen"


def test_a_leaderboard_writes_every_row_and_cuts_only_a_long_name() -> None:
    rows = [[i, f"Player {i}", 1200 + 10 * i, i, i // 2, False] for i in range(1, 11)]
    rows[3][1] = LONG
    rows.append([17, "Ann", "1214?", 3, 1, True])
    view = {"title": "Sprint — this server's leaderboard", "heads": ["#", "Name", "Rating", "Games", "Wins"],
            "rows": rows}
    with recording_texts() as texts, recording_cuts() as cuts:
        image = Image.open(io.BytesIO(draw_ratings("leaderboard", view)))
    written = {text for text, _size in texts}
    assert {str(row[1]) for row in rows if row[1] != LONG} <= written
    assert {"1214?", "17", "Wins", "Sprint — this server's leaderboard"} <= written
    assert [c.text for c in cuts] == [LONG]
    assert image.width == 800 and image.height > 12 * 44
    assert min(size for _text, size in texts) >= 24


def test_a_profile_draws_its_lines_and_a_line_per_game() -> None:
    view = {"title": "Ann — ratings on this server", "lines": ["Sprint: 1248 · 5 games · 2 wins · average place 1.6"],
            "series": [["Sprint", [1200, 1230, 1210, 1248]], ["Burgenland", [1200]]]}
    with recording_texts() as texts:
        image = Image.open(io.BytesIO(draw_ratings("profile", view)))
    written = {text for text, _size in texts}
    assert {"Ann — ratings on this server", view["lines"][0], "Sprint", "Burgenland", "1248", "1200"} <= written
    bare = Image.open(io.BytesIO(draw_ratings("profile", {**view, "series": []})))
    assert image.height > bare.height + 200  # the chart


def wcag_contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, computed here from its definition (not the renderer's own function)."""
    def lum(rgb: RGB) -> float:
        lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    light, dark = sorted((lum(a), lum(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_chart_label_reads_on_the_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    games = ["Sprint", "Burgenland", "Burgen Land", "Bürger", "Castles"]  # every seat colour, and one round again
    view = {"title": "Ann", "lines": [], "series": [[g, [1200 + 40 * i, 1220 + 40 * i]] for i, g in enumerate(games)]}
    drawn: dict[str, RGB] = {}
    put = render.ratings.put

    def recording(img: Image.Image, xy: Any, text: str, size: int, fill: RGB, **kwargs: Any) -> None:
        drawn[text] = fill
        put(img, xy, text, size, fill, **kwargs)

    monkeypatch.setattr(render.ratings, "put", recording)
    image = Image.open(io.BytesIO(draw_ratings("profile", view))).convert("RGB")
    background = DEFAULT_THEME.panel  # the chart's box
    for index, game in enumerate(games):
        assert wcag_contrast(drawn[game], background) >= 4.5, (game, drawn[game])
        # The label keeps its line's hue: no channel moves against the seat colour's order.
        seat = player_colour(index)
        assert sorted(range(3), key=lambda c: seat[c]) == sorted(range(3), key=lambda c: drawn[game][c])
    # And it is what the picture shows (its palette is quantised: a colour within a few steps).
    shown = [c for _n, c in image.getcolors(1 << 16) or []]
    for game in games:
        assert any(max(abs(a - b) for a, b in zip(c, drawn[game], strict=True)) <= 4 for c in shown), game
