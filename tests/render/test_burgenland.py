"""Burgenland's board and hand images.

Positions come from seeded random playouts of the real engine (start, mid, late,
over; 2-4 players) and from hand-written views for rare cases (``views.py``).
"""

from __future__ import annotations

import ast
import copy
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

import engines
import render
from render.burgenland import board as board_mod
from render.burgenland import draw_board_image, draw_hand_image
from render.gallery import PHASES, Position, positions
from tests.render import helpers as H
from tests.render import views

MAX_PNG_BYTES = 500 * 1024


def _engine() -> Any:
    import engines

    return engines.get("burgenland")


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def played(request: pytest.FixtureRequest) -> list[Position]:
    return positions("burgenland", request.param, seed=7)


# --------------------------------------------------------------------------------
# Random playouts


def test_playout_positions_cover_every_phase(played: list[Position]) -> None:
    assert [p.phase for p in played] == list(PHASES)
    start, *_, over = played
    assert start.public["turn_number"] == 1 and start.public["last_move"] is None
    assert over.public["winner"] is not None and over.public["to_act"] is None


def test_board_and_hands_render_in_every_phase(played: list[Position]) -> None:
    for pos in played:
        names = H.names(pos.players)
        board = render.draw_board("burgenland", pos.public, names)
        img = H.decode(board)
        assert 1200 <= img.width <= 1600, pos.label
        assert img.height > img.width * 0.8, pos.label   # portrait-ish: phones
        assert len(board) < MAX_PNG_BYTES, pos.label
        for seat in range(pos.players):
            hand = render.draw_hand("burgenland", pos.seats[seat], names)
            himg = H.decode(hand)
            assert himg.width < img.width, pos.label
            assert len(hand) < MAX_PNG_BYTES, pos.label


def test_rendering_is_deterministic_and_seat_views_draw_the_public_board(played: list[Position]) -> None:
    """The board shows public facts only: a seat's private view must not change it."""
    H.assert_deterministic_and_public("burgenland", played[1])


def test_hand_differs_when_only_seat_0s_hand_differs() -> None:
    """Two real positions, identical to seat 1 (and to everyone watching), differ in seat 0's hand."""
    engine = _engine()
    from render.gallery import random_playout

    state = random_playout("burgenland", 2, seed=3)[40]
    for seed in range(1, 50):
        other = engine.determinize(state, 1, seed)
        if engine.view(other, 0)["hand"] != engine.view(state, 0)["hand"]:
            break
    else:
        pytest.fail("determinize never changed seat 0's hand")
    assert engine.view(other, None) == engine.view(state, None)
    names = H.names(2)
    assert render.draw_board("burgenland", engine.view(other, None), names) == render.draw_board(
        "burgenland", engine.view(state, None), names)
    assert render.draw_hand("burgenland", engine.view(other, 0), names) != render.draw_hand(
        "burgenland", engine.view(state, 0), names)


# --------------------------------------------------------------------------------
# Hand-written views: rare cases and specific details


@pytest.mark.parametrize("players", [2, 3, 4])
def test_handwritten_views_render(players: int) -> None:
    names = H.names(players)
    for view in (views.public_view(players), views.finished_view(players)):
        img = H.decode(render.draw_board("burgenland", view, names))
        assert 1200 <= img.width <= 1600
    H.decode(render.draw_hand("burgenland", views.seat_view(players), names))


def test_hand_image_changes_with_the_hand_alone() -> None:
    base = views.seat_view(3)
    cards = base["hand"]["cards"]
    fewer = views.with_hand(base, cards[:2], jokers=1)
    more_jokers = views.with_hand(base, cards, jokers=2)
    reordered = views.with_hand(base, list(reversed(cards)), jokers=1)
    drawn = {name: render.draw_hand("burgenland", v, H.names(3))
             for name, v in (("base", base), ("fewer", fewer), ("jokers", more_jokers), ("reordered", reordered))}
    assert drawn["fewer"] != drawn["base"]
    assert drawn["jokers"] != drawn["base"]
    assert drawn["reordered"] == drawn["base"]   # groups are drawn by colour, whatever their order


def test_hand_needs_a_seat_view() -> None:
    with pytest.raises(ValueError, match="seat"):
        render.draw_hand("burgenland", views.public_view(3), H.names(3))


def test_unknown_game_is_named() -> None:
    with pytest.raises(KeyError, match="burgenland"):
        render.draw_board("chess", {}, [])


def test_last_move_is_highlighted_where_it_happened() -> None:
    view = views.public_view(3)
    moved = copy.deepcopy(view)
    moved["last_move"] = {"seat": 0, "piece": "house", "where": "1W"}
    a, b = draw_board_image(view, H.names(3)), draw_board_image(moved, H.names(3))
    assert H.changed(a, b, board_mod.site_centre(1, "W"), 40)   # new highlight
    assert H.changed(a, b, board_mod.site_centre(3, "W"), 40)   # old one gone
    assert not H.changed(a, b, board_mod.site_centre(8, "N"), 40)


def test_extra_site_is_drawn_only_when_present() -> None:
    view = views.public_view(3)
    without = copy.deepcopy(view)
    del without["castles"][5]["sites"]["X"]
    a, b = draw_board_image(view, H.names(3)), draw_board_image(without, H.names(3))
    assert H.changed(a, b, board_mod.site_centre(6, "X"), 20)
    assert not H.changed(a, b, board_mod.site_centre(6, "N"), 20)


def test_swapping_markers_redraws_both_junctions_and_castle_colours() -> None:
    view = views.public_view(3)
    swapped = copy.deepcopy(view)
    m = swapped["markers"]
    m[0], m[4] = m[4], m[0]
    for castle in swapped["castles"]:
        castle["colours"] = [m[p - 1] for p in castle["markers"]]
    a, b = draw_board_image(view, H.names(3)), draw_board_image(swapped, H.names(3))
    assert H.changed(a, b, board_mod.junction(1), 20)
    assert H.changed(a, b, board_mod.junction(5), 20)
    assert not H.changed(a, b, board_mod.junction(3), 20)


def test_owner_changes_the_piece_drawn() -> None:
    view = views.public_view(4)
    images = []
    for owner in (None, 0, 1, 2, 3):
        v = copy.deepcopy(view)
        v["castles"][10]["sites"]["E"] = {"piece": "tower", "owner": owner}
        images.append(draw_board_image(v, H.names(4)).crop(
            tuple(round(c) for c in board_mod.castle_box(11).rect)))
    for i, a in enumerate(images):
        for b in images[i + 1:]:
            assert ImageChops.difference(a, b).getbbox() is not None


def test_long_names_do_not_spill_out_of_player_panels() -> None:
    view = views.public_view(4)
    long = ["Maria da Conceição Guimarães Júnior " * 3] * 4
    short = ["A", "B", "C", "D"]
    a, b = draw_board_image(view, long), draw_board_image(view, short)
    boxes = board_mod.player_boxes(4)
    for left, right in pairwise(boxes):
        gap = (round(left.right) + 2, round(left.y) + 5, round(right.x) - 2, round(left.bottom) - 5)
        assert ImageChops.difference(a.crop(gap), b.crop(gap)).getbbox() is None


def test_names_shorter_than_seats_fall_back() -> None:
    H.decode(render.draw_board("burgenland", views.public_view(4), ["Ana"]))


def test_hand_view_is_drawn_narrower_and_deterministic() -> None:
    v = views.seat_view(3)
    a = draw_hand_image(v, H.names(3))
    assert 700 <= a.width < 1200
    assert render.draw_hand("burgenland", v, H.names(3)) == render.draw_hand("burgenland", v, H.names(3))


# --------------------------------------------------------------------------------
# Boundaries


def _imports(nodes: list[ast.stmt]) -> list[tuple[str, bool]]:
    """(module.name, only under ``if TYPE_CHECKING:``) for every import in ``nodes``."""
    out: list[tuple[str, bool]] = []
    for node in nodes:
        typing_only = isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module:
                out += [(f"{inner.module}.{a.name}", typing_only) for a in inner.names]
            elif isinstance(inner, ast.Import):
                out += [(a.name, typing_only) for a in inner.names]
    return out


def test_renderers_import_only_engine_static_data() -> None:
    """render/ may read an engine's static data, the registry and the catalogs, never its state or rules (gallery
    aside).

    The shapes of the views (``engines/<game>/view.py``'s TypedDicts) are imported for the type
    checker only, under ``if TYPE_CHECKING:``, so nothing of the engine's rules is loaded."""
    root = Path(render.__file__).parent
    for path in root.rglob("*.py"):
        if path.name == "gallery.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for mod, typing_only in _imports(tree.body):
            if not mod.startswith("engines"):
                continue
            # The game's words (its catalog's names of things) and engines.i18n: texts in the current language.
            parts = mod.split(".")
            allowed = (len(parts) > 2 and parts[2] in ("data", "texts", "words")) or mod == "engines.registry" \
                or mod.startswith("engines.i18n")
            if typing_only:
                allowed = allowed or (mod.count(".") == 3 and mod.split(".")[2] == "view")
            assert allowed, f"{path.relative_to(root)}: {mod}"


def test_the_games_words_modules_read_no_rules() -> None:
    """What render/ may import as a game's words holds names only: no rules, notation or views."""
    for path in Path(engines.__file__).parent.glob("*/[tw][eo][xr][td]s.py"):
        for mod, _typing in _imports(ast.parse(path.read_text(encoding="utf-8")).body):
            assert not mod.endswith((".rules", ".notation", ".view")), f"{path.name}: {mod}"


def test_gallery_writes_every_sample_it_lists(tmp_path: Path) -> None:
    from render.gallery import write_gallery

    written = write_gallery(tmp_path, games=("burgenland",))
    listed = (tmp_path / "index.txt").read_text(encoding="utf-8").split()
    assert listed == [p.name for p in written]
    boards = [p for p in written if p.name.endswith("-board.png")]
    assert len(boards) == 3 * len(PHASES)            # 2, 3 and 4 players, every phase
    assert [p.name.replace("-close-up", "-board") for p in written if p.name.endswith("-close-up.png")] == \
        [p.name for p in boards]                      # each board's phone close-up beside it
    assert any("-4p-" in p.name and "hand4" in p.name for p in written)
    for path in written:
        H.decode(path.read_bytes())


def test_cold_and_warm_caches_give_the_same_bytes() -> None:
    """The cached static layer and sprites must not change a single pixel of the result."""
    from render.cache import LAYERS

    view = views.seat_view(4)
    warm_board = render.draw_board("burgenland", view, H.names(4))
    warm_hand = render.draw_hand("burgenland", view, H.names(4))
    LAYERS.clear()
    assert render.draw_board("burgenland", view, H.names(4)) == warm_board
    assert render.draw_hand("burgenland", view, H.names(4)) == warm_hand


# --------------------------------------------------------------------------------
# Defects fixed: each test reads the view (or the layout) the image was drawn from


def test_a_wells_seat_number_is_never_covered_by_the_rings_around_it() -> None:
    """The indicator's ring and the last-move ring go round a well; the seat number stays inside the piece."""
    from render.burgenland import geometry as geo
    from render.burgenland.pieces import badge_diameter, well_badge_centre

    plain = views.public_view(3)
    plain["castles"][6]["well"] = {"owner": 2}
    plain["castles"][6]["indicator"] = False
    plain["last_move"] = {"seat": 1, "piece": "wall", "where": "3W"}
    ringed = copy.deepcopy(plain)
    ringed["castles"][6]["indicator"] = True
    ringed["last_move"] = {"seat": 2, "piece": "well", "where": "7"}
    a, b = draw_board_image(plain, H.names(3)), draw_board_image(ringed, H.names(3))
    wx, wy = board_mod.well_centre(7)
    assert H.changed(a, b, (wx, wy - geo.WELL / 2 - 5), 3)   # the rings are drawn ...
    dx, dy = well_badge_centre(geo.WELL)
    r = badge_diameter(geo.WELL) / 2
    h = r * 0.75  # the square inside the number's disc
    number = (round(wx + dx - h), round(wy + dy - h), round(wx + dx + h), round(wy + dy + h))
    assert ImageChops.difference(a.crop(number), b.crop(number)).getbbox() is None  # ... not over the number
    assert (dx ** 2 + dy ** 2) ** 0.5 + r <= geo.WELL / 2  # the number lies inside the round piece


def test_next_points_at_the_next_reward_not_at_a_crossed_out_one() -> None:
    col = board_mod._supply_columns()[2]
    cy = col.y + 82 + 34
    for taken in (0, 2, 5):
        view = views.public_view(3)
        view["well_rewards"] = list(board_mod.data.WELL_REWARDS[taken:])
        img = draw_board_image(view, H.names(3))
        for i in range(len(board_mod.data.WELL_REWARDS)):
            x = board_mod.reward_x(col, i) + board_mod.REWARD_SIZE / 2
            label = img.crop((round(x - 8), round(cy - 8), round(x + 8), round(cy + 8))).convert("L")
            has_ink = label.getextrema()[0] < 90
            assert has_ink == (i == taken), (taken, i)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_digit_counts_stay_clear_of_the_next_icon(players: int) -> None:
    """"13 cards" used to run under the exchange icon: each stat now ends before the next one starts."""
    from render.icons import icon
    from render.text import font
    from render.text import width as text_width

    sprite = icon("cards", 30, (0, 0, 0))
    inner = board_mod.player_boxes(players)[0].inset(14, 12)
    for counts in (("13", "0", "1"), ("99", "12", "10"), ("5", "1", "0")):
        items = [(sprite, n, label) for n, label in zip(counts, ("cards", "exch.", "bonus"), strict=True)]
        placed = board_mod.stat_layout(inner, items)
        ends = []
        for (_, n, label), (x, label_x, size) in zip(items, placed, strict=True):
            number_end = x + board_mod.STAT_ICON + 5 + text_width(n, font(board_mod.STAT_NUMBER, True))
            ends.append(label_x + text_width(label, font(size)) if size else number_end)
            assert label_x >= number_end
        starts = [x for x, _, _ in placed]
        for end, next_start in zip(ends, starts[1:], strict=False):
            assert end + 4 <= next_start, (players, counts)
        assert ends[-1] <= inner.right
        if counts[0] != "99":  # labels stay (shrunk at most to 11 px) for real hands: they say what is counted
            assert placed[0][2] >= 11


def test_the_hand_has_a_row_per_colour_held_only() -> None:
    from render.burgenland import hand as hand_mod

    four = views.with_hand(views.seat_view(3), [
        {"colour": "red", "letter": "R", "value": 1, "count": 2},
        {"colour": "white", "letter": "W", "value": 2, "count": 2}], jokers=0)
    every = views.with_hand(views.seat_view(3), [
        {"colour": c, "letter": views.LETTERS[c], "value": 1, "count": 1} for c in views.data.COLOURS], jokers=2)
    short, full = draw_hand_image(four, H.names(3)), draw_hand_image(every, H.names(3))
    lay_short = hand_mod.layout(hand_mod._counts_by_colour(four["hand"]["cards"]), 0)
    lay_full = hand_mod.layout(hand_mod._counts_by_colour(every["hand"]["cards"]), 2)
    assert lay_short.rows == ("red", "white") and len(lay_short.missing) == 6
    assert lay_full.rows == (*views.data.COLOURS, "joker") and not lay_full.missing
    assert (short.height, full.height) == (lay_short.height, lay_full.height)
    assert short.height <= full.height - 6 * hand_mod.ROW_H + hand_mod.MISSING_H
    assert short.height < 1200  # four cards used to take 1354 px


def test_the_pieces_key_and_the_last_build_ring_use_the_highlight_not_a_seat_colour() -> None:
    from render.palette import DEFAULT_THEME, PLAYER_COLOURS

    view = views.public_view(3)
    img = draw_board_image(view, H.names(3))
    x, y = board_mod.site_centre(3, "W")
    ring = img.crop((round(x - 40), round(y - 40), round(x + 40), round(y + 40)))
    colours = {c for _, c in ring.getcolors(1 << 16) or []}
    assert DEFAULT_THEME.highlight in colours and DEFAULT_THEME.highlight not in PLAYER_COLOURS
