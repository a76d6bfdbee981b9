"""The leaderboard and profile pictures: every row and line written, only an overlong name cut, the reader's own
row drawn, and a chart for each game."""

from __future__ import annotations

import io

from PIL import Image

from render import draw_ratings
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
