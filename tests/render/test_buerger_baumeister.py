"""Bürger, Baumeister & Co.'s board and hand images.

Positions come from seeded random playouts of the real engine (start, mid, late,
over; 2-4 players) and from engine states built for one detail each (a crane, the
last placement, a half-made turn, the final count).
"""

from __future__ import annotations

import copy
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import ImageChops

import engines
import render
from engines.buerger_baumeister import rules as R
from engines.core import Action
from render.buerger_baumeister import board as board_mod
from render.buerger_baumeister import draw_board_image, draw_hand_image
from render.buerger_baumeister import hand as hand_mod
from render.gallery import PHASES, Position, positions
from render.text import font
from tests.engines.buerger_baumeister_helpers import crane, give, leave_in_bag, offer, position
from tests.render import helpers as H

GAME = "buerger-baumeister"
E = engines.get(GAME)
MAX_PNG_BYTES = 500 * 1024


def _turn(state, text: str, seat: int = 0):
    return E.apply(state, seat, E.parse_action(state, seat, text))[0]


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def played(request: pytest.FixtureRequest) -> list[Position]:
    return positions(GAME, request.param, seed=7)


# --------------------------------------------------------------------------------
# Random playouts


def test_board_and_hands_render_in_every_phase(played: list[Position]) -> None:
    assert [p.phase for p in played] == list(PHASES)
    assert played[-1].public["over"] and played[0].public["turn_number"] == 1
    for pos in played:
        names = H.names(pos.players)
        board = render.draw_board(GAME, pos.public, names)
        img = H.decode(board)
        assert 1000 <= img.width <= 1400 and img.height >= img.width * 0.9, pos.label  # phones: not a strip
        assert len(board) < MAX_PNG_BYTES, pos.label
        for seat in range(pos.players):
            hand = render.draw_hand(GAME, pos.seats[seat], names)
            assert H.decode(hand).width < img.width and len(hand) < MAX_PNG_BYTES, pos.label


def test_rendering_is_deterministic_and_the_board_shows_public_facts_only(played: list[Position]) -> None:
    H.assert_deterministic_and_public(GAME, played[1])


def test_hand_differs_when_only_the_hand_differs() -> None:
    state = E.new_game(3, 4)
    watcher = (state.turn + 1) % 3
    owner = (state.turn + 2) % 3
    for seed in range(50):
        other = E.determinize(state, watcher, seed)
        if other.players[owner].hand != state.players[owner].hand:
            break
    else:
        pytest.fail("determinize never changed the hand")
    names = H.names(3)
    assert render.draw_board(GAME, E.view(other, None), names) == render.draw_board(GAME, E.view(state, None), names)
    assert render.draw_hand(GAME, E.view(other, owner), names) != render.draw_hand(GAME, E.view(state, owner), names)


# --------------------------------------------------------------------------------
# Details, on positions built for them


def test_the_last_placement_and_project_are_highlighted_where_they_happened() -> None:
    start = give(position(3), 0, "RH2", "GV2", "BP3", coins=2)
    after = _turn(start, "place RH2 red-M +2 project buy 2")
    a, b = draw_board_image(E.view(start, None), H.names(3)), draw_board_image(E.view(after, None), H.names(3))
    red_m = R.DISTRICT_INDEX["red-M"]
    assert H.changed(a, b, board_mod.space_centre(red_m, 1), 30)   # the token and its ring
    assert H.changed(a, b, board_mod.project_centre(red_m), 30)    # the crane
    assert not H.changed(a, b, board_mod.space_centre(red_m, 4), 20)
    assert not H.changed(a, b, board_mod.project_centre(R.DISTRICT_INDEX["red-L"]), 20)
    assert H.changed(a, b, board_mod.offer_space_centre(1), 30)    # bought and refilled


def test_each_crane_owner_draws_differently() -> None:
    images = []
    for owner in range(4):
        state = crane(position(4), "blue-L", owner)
        centre = board_mod.project_centre(R.DISTRICT_INDEX["blue-L"])
        box = tuple(round(c) for c in (centre[0] - 25, centre[1] - 25, centre[0] + 25, centre[1] + 25))
        images.append(draw_board_image(E.view(state, None), H.names(4)).crop(box))
    for i, a in enumerate(images):
        for b in images[i + 1:]:
            assert ImageChops.difference(a, b).getbbox() is not None


def test_the_mayor_and_free_badge_move_with_the_mayor() -> None:
    at_1 = offer(position(3), "YH2", "YV2", "GH2", "GV3", "BP3", mayor=0)
    at_3 = offer(position(3), "YH2", "YV2", "GH2", "GV3", "BP3", mayor=2)
    a, b = draw_board_image(E.view(at_1, None), H.names(3)), draw_board_image(E.view(at_3, None), H.names(3))
    assert H.changed(a, b, board_mod.offer_space_centre(0), 80)
    assert H.changed(a, b, board_mod.offer_space_centre(2), 80)
    assert not H.changed(a, b, board_mod.offer_space_centre(4), 36)


def test_the_final_count_shows_every_hand_on_the_board() -> None:
    state = give(leave_in_bag(give(position(3), 0, "RH2", "GV2", "BP3")), 1, score=5)
    over = _turn(state, "place RH2 red-S plain buy 1")
    assert E.view(over, None)["final"] is not None
    before = draw_board_image(E.view(state, None), H.names(3))
    after = draw_board_image(E.view(over, None), H.names(3))
    panel = board_mod.player_boxes(3)[1]
    lower = (round(panel.x), round(panel.y + 50), round(panel.right), round(panel.bottom))
    assert ImageChops.difference(before.crop(lower), after.crop(lower)).getbbox() is not None
    H.decode(render.draw_hand(GAME, E.view(over, 2), H.names(3)))


def test_a_half_made_turn_shows_in_the_hand_only() -> None:
    start = give(position(3), 0, "RH2", "GV2", "BP3", coins=1)
    half = _turn(_turn(start, "place RH2"), "red-M +2")
    names = H.names(3)
    assert render.draw_board(GAME, E.view(half, None), names) != b""
    a, b = draw_hand_image(E.view(start, 0), names), draw_hand_image(E.view(half, 0), names)
    turn_box = (14, hand_mod.TURN_Y, hand_mod.W - 14, hand_mod.TURN_Y + hand_mod.TURN_H)
    assert ImageChops.difference(a.crop(turn_box), b.crop(turn_box)).getbbox() is not None
    first = hand_mod.card_boxes()[0]
    assert H.changed(a, b, (first.x + 4, first.center[1]), 3)  # the chosen token's frame
    # Another seat's hand shows nothing of the half-made turn, not even in its header: the turn number is the same.
    other_half, other_start = draw_hand_image(E.view(half, 1), names), draw_hand_image(E.view(start, 1), names)
    assert E.view(half, 1)["turn_number"] == E.view(start, 1)["turn_number"]
    assert ImageChops.difference(other_half, other_start).getbbox() is None


def test_hand_needs_a_seat_view() -> None:
    with pytest.raises(ValueError, match="seat"):
        render.draw_hand(GAME, E.view(E.new_game(2, 1), None), H.names(2))


def test_long_names_shrink_inside_their_panels() -> None:
    view = E.view(E.new_game(4, 3), None)
    long = ["Maria da Conceição Guimarães Júnior " * 3] * 4
    a, b = draw_board_image(view, long), draw_board_image(view, ["A", "B", "C", "D"])
    boxes = board_mod.player_boxes(4)
    for upper, lower in pairwise(boxes):
        gap = (round(upper.x), round(upper.bottom) + 1, round(upper.right), round(lower.y) - 1)
        assert ImageChops.difference(a.crop(gap), b.crop(gap)).getbbox() is None
    offer_area = tuple(round(c) for c in board_mod.offer_box().rect)
    assert ImageChops.difference(a.crop(offer_area), b.crop(offer_area)).getbbox() is None
    H.decode(render.draw_board(GAME, view, ["Ana"]))  # fewer names than seats fall back


def test_the_umlaut_is_a_real_glyph() -> None:
    bold = font(20, True)
    assert bold.getmask("Ü").getbbox() != bold.getmask("U").getbbox()  # the dots are drawn
    assert bold.getmask("Ü").size[1] > bold.getmask("U").size[1]


def test_the_hand_shows_each_tokens_best_places_from_the_view() -> None:
    view = E.view(give(position(3), 0, "RH2", "GV2", "BP3"), 0)
    assert [t["code"] for t in view["hand"]] == ["RH2", "GV2", "BP3"]
    assert view["hand"][0]["options"][0] == {"district": "red-M", "bonus": "+2", "points": 4}
    fewer = copy.deepcopy(view)
    fewer["hand"][0]["options"] = []
    a, b = draw_hand_image(view, H.names(3)), draw_hand_image(fewer, H.names(3))
    first, second = hand_mod.card_boxes()[:2]
    assert H.changed(a, b, (first.center[0], first.bottom - 60), 40)
    assert not H.changed(a, b, (second.center[0], second.bottom - 60), 40)


def test_gallery_and_caches() -> None:
    from render.cache import LAYERS

    view = E.view(_turn(give(position(4), 0, "RH2", "GV2", "BP3"), "place RH2 red-S coin project buy 1"), 0)
    warm = render.draw_board(GAME, view, H.names(4)), render.draw_hand(GAME, view, H.names(4))
    LAYERS.clear()
    assert (render.draw_board(GAME, view, H.names(4)), render.draw_hand(GAME, view, H.names(4))) == warm
    assert GAME in render.games()


def test_gallery_writes_every_sample_it_lists(tmp_path: Path) -> None:
    from render.gallery import write_gallery

    written = write_gallery(tmp_path, games=(GAME,))
    listed = (tmp_path / "index.txt").read_text(encoding="utf-8").split()
    assert listed == [p.name for p in written]
    assert len([p for p in written if p.name.endswith("-board.png")]) == 3 * len(PHASES)
    for path in written[:4]:
        H.decode(path.read_bytes())


def test_an_action_through_the_engine_changes_only_the_acting_seats_hand() -> None:
    state = give(position(3), 0, "RH2", "GV2", "BP3")
    after = E.apply(state, 0, Action.of("place", "RH2"))[0]
    a, b = draw_hand_image(E.view(after, 2), H.names(3)), draw_hand_image(E.view(state, 2), H.names(3))
    below = (0, hand_mod.HEADER_H, hand_mod.W, a.height)  # below the header (the turn and whose it is: public)
    assert ImageChops.difference(a.crop(below), b.crop(below)).getbbox() is None


def test_the_hand_shows_each_code_to_type_without_quoting_marks(played: list[Position]) -> None:
    pos = played[1]
    for seat, own in enumerate(pos.seats):
        with H.drawn_text() as seen:
            render.draw_hand(GAME, own, H.names(pos.players))
        texts = [text for text, _ in seen]
        assert not any("`" in t for t in texts), seat
        for tok in own["hand"]:
            assert tok["code"] in texts  # the code, drawn on its own in bold after "type"
