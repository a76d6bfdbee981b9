"""Burgen Land's board and seat-panel images.

Positions come from seeded random playouts of the real engine (start, mid, late,
over) and from positions built with the engine's test helpers for the details a
player relies on: the turn's colour and risk, holes, the die choice, the winner.
"""

from __future__ import annotations

import copy

import pytest

import engines
import render
from engines.burgen_land import rules as R
from render.burgen_land import board as board_mod
from render.gallery import NAMES, PHASES, Position, positions
from tests.engines.burgen_land_helpers import position, space
from tests.render import helpers as H

E = engines.get("burgen-land")
GAME = "burgen-land"
MAX_PNG_BYTES = 500 * 1024
TWO = list(NAMES[:2])


@pytest.fixture(scope="module")
def played() -> list[Position]:
    return positions(GAME, 2, seed=7)


def _move_position():
    """Seat 0 on the yellow wall/crown, yellow fixed, three dice to choose from; castles with holes."""
    state = position({"yellow": (1, 3, 1, 0, 1, 5, 1)}, {"yellow": (1, 3, 1, 0, 1, 3, 1)},
                     crown=space("yellow", "wall-crown"), colour="yellow", rolls=1, held=(2, 1), scores=(27, 18))
    return R.resolve_roll(state, 0, (2, 6, 1))[0]


def test_registry_lists_the_game() -> None:
    assert GAME in render.games()


def test_board_and_panels_render_in_every_phase(played: list[Position]) -> None:
    assert [p.phase for p in played] == list(PHASES)
    assert played[-1].public["winner"] is not None
    for pos in played:
        board = render.draw_board(GAME, pos.public, TWO)
        img = H.decode(board)
        assert 1200 <= img.width <= 1600 and img.height > img.width, pos.label  # portrait: phones
        assert len(board) < MAX_PNG_BYTES, pos.label
        for seat in range(2):
            hand = render.draw_hand(GAME, pos.seats[seat], TWO)
            assert H.decode(hand).width < img.width and len(hand) < MAX_PNG_BYTES, pos.label


def test_rendering_is_deterministic_and_the_board_is_the_same_for_every_viewer(played: list[Position]) -> None:
    H.assert_deterministic_and_public(GAME, played[1])


def test_the_panel_needs_a_seat_view() -> None:
    with pytest.raises(ValueError, match="seat"):
        render.draw_hand(GAME, E.view(_move_position(), None), TWO)


def test_the_next_six_spaces_are_marked_safe_or_leaving() -> None:
    view = E.view(_move_position(), None)
    outcomes = board_mod.step_outcomes(view)
    assert [s for _, s in outcomes] == ["safe"] * 3 + ["leave"] * 3
    img = board_mod.draw_board_image(view, TWO)
    for steps, (target, state) in enumerate(outcomes, start=1):
        x, y = board_mod._polar(target, board_mod.STEP_RADIUS)
        # The disc's fill shows left of its centre (clear of the number).
        pixel = img.getpixel((round(x - 10), round(y)))
        expected = board_mod.S.SAFE if state == "safe" else board_mod.S.DANGER
        assert pixel == expected, (steps, pixel)
    before = E.view(position(crown=5), None)  # before the first roll: any value is fine, grey
    assert {s for _, s in board_mod.step_outcomes(before)} == {"any"}
    assert board_mod.step_outcomes(E.view(R.resolve_roll(position({"red": (1,)}, {"red": (1, 5, 1, 5, 1)},
                                          crown=space("red", "wall", 2), scores=(12, 18)), 0, (1,))[0], None)) == []


def test_the_crown_is_drawn_where_it_stands() -> None:
    view = E.view(_move_position(), None)
    moved = copy.deepcopy(view)
    moved["crown"]["space"] = 3
    a, b = board_mod.draw_board_image(view, TWO), board_mod.draw_board_image(moved, TWO)
    for index, img in ((12, a), (3, b)):
        x, y = board_mod._polar(index, board_mod.CROWN_RADIUS)
        assert img.getpixel((round(x), round(y - 4))) != img.getpixel((3, 3))  # something drawn there


def test_holes_and_cards_change_the_image() -> None:
    view = E.view(_move_position(), None)
    filled = copy.deepcopy(view)
    filled["castles"][0]["yellow"]["cards"][3] = 1
    assert render.draw_board(GAME, view, TWO) != render.draw_board(GAME, filled, TWO)
    assert render.draw_hand(GAME, E.view(_move_position(), 0), TWO) != render.draw_hand(
        GAME, {**filled, "seat": 0}, TWO)


def test_a_pending_penalty_shows_no_die_markers_and_no_negative_count() -> None:
    state = position({"blue": (1, 3, 1, 5, 1)}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    state = R.resolve_roll(state, 0, (1,))[0]
    view = E.view(state, 0)
    assert view["turn"]["phase"] == "penalty" and view["turn"]["spaces_left"] == 0 and view["turn"]["safe_rolls"] == []
    assert board_mod.step_outcomes(view) == []
    H.decode(render.draw_board(GAME, view, TWO))
    H.decode(render.draw_hand(GAME, view, TWO))


def test_the_panel_lists_the_choices_of_the_seat_to_act_only() -> None:
    state = _move_position()
    mine, theirs = render.draw_hand(GAME, E.view(state, 0), TWO), render.draw_hand(GAME, E.view(state, 1), TWO)
    assert H.decode(mine).height > H.decode(theirs).height  # three choices listed vs a waiting line


def test_long_and_missing_names_and_a_long_castle() -> None:
    state = position({"red": (5, 1, 3, 1, 2, 1, 5, 1, 3, 1, 2, 1, 5, 1, 3, 1, 2, 1, 5)}, {"red": ()})
    view = E.view(state, 0)
    for names in (["W" * 80, "Ж" * 80], [], ["Ana"]):
        H.decode(render.draw_board(GAME, view, names))
        H.decode(render.draw_hand(GAME, view, names))


def test_cold_and_warm_caches_give_the_same_bytes() -> None:
    from render.cache import LAYERS

    view = E.view(_move_position(), 0)
    warm = render.draw_board(GAME, view, TWO), render.draw_hand(GAME, view, TWO)
    LAYERS.clear()
    assert (render.draw_board(GAME, view, TWO), render.draw_hand(GAME, view, TWO)) == warm


def test_gallery_includes_the_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from render.gallery import write_gallery

    written = write_gallery(tmp_path, games=(GAME,))
    boards = [p for p in written if p.name.endswith("-board.png")]
    assert len(boards) == len(PHASES) and all(p.name.startswith("burgen-land-2p-") for p in boards)
    for path in written:
        H.decode(path.read_bytes())


def _texts(view, names=TWO) -> list[str]:  # type: ignore[no-untyped-def]
    with H.drawn_text() as seen:
        render.draw_board(GAME, view, names)
    return [text for text, _ in seen]


def test_the_start_player_is_never_tagged_like_a_rank(played: list[Position]) -> None:
    """"1st" beside the start player read as a place on the final board: the start player is now named in
    words while the game runs ("started the game"), and not at all once it is over."""
    running, over = played[1].public, played[-1].public
    assert over["winner"] is not None and running["winner"] is None
    texts = _texts(running)
    assert "started the game" in texts and "1st" not in texts
    texts = _texts(over)
    assert "started the game" not in texts and "1st" not in texts


def test_the_last_roll_names_the_roller_before_the_dice_and_says_their_values(played: list[Position]) -> None:
    for pos in played[1:]:
        last = pos.public["last_roll"]
        assert last is not None
        texts = _texts(pos.public)
        name = H.names(2)[last["seat"]]
        assert any(t.startswith(name.split()[0]) and t.endswith(" rolled") for t in texts), texts
        words = f"(own die {last['dice'][0]}"
        assert any(t.startswith(words) for t in texts)
        for red in last["dice"][1:]:
            assert any(t.startswith(words) and str(red) in t for t in texts)


def test_every_castle_value_is_labelled_beside_its_number(played: list[Position]) -> None:
    texts = _texts(played[1].public)
    assert texts.count("castle value") == 6 and "value" not in texts
