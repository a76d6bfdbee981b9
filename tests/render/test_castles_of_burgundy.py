"""The Castles of Burgundy's images: board (with the acting estate), hand and any player's estate.

Positions come from seeded random playouts of the real engine (start, mid, late, over;
2-4 players) and from engine states built for one detail each.
"""

from __future__ import annotations

import copy

import pytest

import engines
import render
from render.castles_of_burgundy import draw_estate_image, draw_hand_image
from render.castles_of_burgundy import geometry as geo
from render.castles_of_burgundy.hand import key_entries
from render.gallery import PHASES, Position, positions
from tests.engines.castles_of_burgundy_helpers import position, put, setp, store
from tests.render import helpers as H

GAME = "castles-of-burgundy"
E = engines.get(GAME)
MAX_PNG_BYTES = 800 * 1024


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def played(request: pytest.FixtureRequest) -> list[Position]:
    return positions(GAME, request.param, seed=5)


def test_every_image_renders_in_every_phase(played: list[Position]) -> None:
    assert [p.phase for p in played] == list(PHASES)
    assert played[0].public["turn_number"] == 1 and played[-1].public["over"]
    for pos in played:
        names = H.names(pos.players)
        board = render.draw_board(GAME, pos.public, names)
        img = H.decode(board)
        assert img.width == 1400 and img.height > img.width, pos.label
        assert len(board) < MAX_PNG_BYTES, pos.label
        for seat in range(pos.players):
            hand = render.draw_hand(GAME, pos.seats[seat], names)
            estate = render.draw_player(GAME, pos.public, names, seat)
            for png in (hand, estate):
                assert H.decode(png).width == 1400 and len(png) < MAX_PNG_BYTES, pos.label


def test_rendering_is_deterministic_and_the_board_is_the_same_for_every_viewer(played: list[Position]) -> None:
    H.assert_deterministic_and_public(GAME, played[1])


def test_estates_of_different_seats_differ(played: list[Position]) -> None:
    pos = played[2]
    names = H.names(pos.players)
    images = {render.draw_player(GAME, pos.public, names, seat) for seat in range(pos.players)}
    assert len(images) == pos.players


def test_the_hand_differs_when_only_that_seats_own_parts_differ() -> None:
    base = setp(position(2, dice=(2, 5)), 0, workers=0)
    a = store(base, 0, "ship")
    b = store(base, 0, "ship", "k3")
    names = H.names(2)
    assert render.draw_hand(GAME, E.view(a, 0), names) != render.draw_hand(GAME, E.view(b, 0), names)
    # seat 1's hand shows seat 1's own estate: seat 0's storage does not change it
    assert render.draw_hand(GAME, E.view(a, 1), names) == render.draw_hand(GAME, E.view(b, 1), names)


def test_the_hand_rings_exactly_the_spaces_in_placeable() -> None:
    # Estate No. 1: the start castle on 19 touches ships on 18 (die 2) and 20 (die 5).
    state = setp(store(position(2, dice=(2, 5)), 0, "ship"), 0, workers=0)
    view = E.view(state, 0)
    assert view["placeable"] == {"2": {"18": 0}, "5": {"20": 0}}
    none = copy.deepcopy(view)
    none["placeable"] = {"2": {}, "5": {}}
    ringed, plain = draw_hand_image(view, H.names(2)), draw_hand_image(none, H.names(2))
    from render.castles_of_burgundy.hand import HAND_HEADER_H

    def at(space: int) -> tuple[float, float]:
        x, y = geo.space_centre(space)
        return (x, y + HAND_HEADER_H)

    assert H.changed(ringed, plain, at(18), 40) and H.changed(ringed, plain, at(20), 40)
    assert not H.changed(ringed, plain, at(17), 20) and not H.changed(ringed, plain, at(26), 20)


def test_a_placed_tile_and_a_completed_region_show_on_the_estate() -> None:
    from render.castles_of_burgundy.hand import ESTATE_HEADER_H

    def at(space: int, dx: float = 0, dy: float = 0) -> tuple[float, float]:
        x, y = geo.space_centre(space)
        return (x + dx * geo.ESTATE_R, y + dy * geo.ESTATE_R + ESTATE_HEADER_H)

    def image(state):  # type: ignore[no-untyped-def]
        return draw_estate_image(E.view(state, None), H.names(2), 0)

    state = position(2)
    two = put(put(state, 0, 20, "ship"), 0, 21, "ship")
    three = put(two, 0, 22, "ship")  # ships 20-22 are one region of estate No. 1
    a, b, c = image(state), image(two), image(three)
    assert H.changed(a, b, at(20), 30) and not H.changed(a, b, at(26), 20)
    # completing the region adds its ✓ (on its first space's upper left) and the gold outline
    assert H.changed(b, c, at(20, -0.52, -0.52), 8)
    assert H.changed(b, c, at(22), 30)


def test_hand_needs_a_seat_view_and_player_images_name_the_games() -> None:
    view = E.view(E.new_game(2, 1), None)
    with pytest.raises(ValueError, match="seat"):
        render.draw_hand(GAME, view, H.names(2))
    with pytest.raises(ValueError):
        render.draw_player(GAME, view, H.names(2), 2)
    with pytest.raises(KeyError, match=GAME):
        render.draw_player("burgenland", view, H.names(2), 0)


def test_long_and_missing_names_still_render() -> None:
    view = E.view(E.new_game(4, 2), 1)
    long = ["Maria da Conceição Guimarães Júnior " * 3] * 4
    for png in (render.draw_board(GAME, view, long), render.draw_hand(GAME, view, ["Ana"]),
                render.draw_player(GAME, view, [], 3)):
        H.decode(png)


# --------------------------------------------------------------------------------
# Defects fixed: each test reads the view the image was drawn from


def test_the_hand_key_is_the_players_own_dice_and_workers(played: list[Position]) -> None:
    """The key used to say "die 3 fits as it is · die 5 with 2 workers" to everyone, whatever they held."""
    for pos in played[:3]:
        for seat, own in enumerate(pos.seats):
            info = own["players_info"][seat]
            with H.drawn_text() as seen:
                render.draw_hand(GAME, own, H.names(pos.players))
            keyed = sorted(int(t.split(":")[0][4:]) for t, _ in seen if t.startswith("die ") and ":" in t)
            if any(t == "Nothing in storage fits now." for t, _ in seen):  # said once, after the dice's tags
                assert not keyed and not any("no stored tile fits" in t for t, _ in seen), (pos.label, seat)
                keyed = sorted(int(tag) for tags, _words, _note in key_entries(own) for tag, _fit in tags)
            assert keyed == sorted(set(info["dice"])), (pos.label, seat)
            for text, _ in seen:
                if "worker" in text and text.startswith("die "):
                    assert f"of your {info['workers']} worker" in text
            if not info["dice"]:
                assert any(t == "No dice left to place with." for t, _ in seen) or own["over"]


def test_the_key_counts_the_spaces_each_die_reaches_as_the_view_says() -> None:
    state = setp(store(position(2, dice=(2, 5)), 0, "ship"), 0, workers=0)
    view = E.view(state, 0)
    from render.castles_of_burgundy.hand import dice_key

    assert dice_key(view) == [("2", True, "die 2: 1 space as it is"), ("5", True, "die 5: 1 space as it is")]
    none = copy.deepcopy(view)
    none["placeable"] = {"2": {}, "5": {"20": 2}}
    none["players_info"][0]["workers"] = 3
    assert dice_key(none) == [("2", True, "die 2: no stored tile fits"),
                              ("5+2w", False, "die 5: 1 with 2+ of your 3 workers")]


def test_a_depots_goods_never_run_past_its_edge() -> None:
    from render.castles_of_burgundy.board import goods_layout
    from render.castles_of_burgundy.pieces import GOODS_RGB  # noqa: F401 (goods types 1-6)
    from render.text import font
    from render.text import width as text_width

    for box in geo.depot_boxes():
        for goods in ([5, 5], [1, 2, 3, 4, 5, 5], [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6], [1, 2, 3, 4, 5, 6] * 3,
                      [3] * 9, [1, 2, 3, 4, 5, 6, 6, 6, 6]):
            placed = goods_layout(box, goods)
            assert sorted({g for g, *_ in placed}) == sorted(set(goods))
            shown = sum(n or 1 for _, _, _, n, _ in placed)
            assert shown == len(goods) or sum(goods.count(g) for g, *_ in placed) == len(goods)
            for _g, x, size, n, text_size in placed:
                end = x + size + (4 + text_width(f"×{n}", font(text_size, True)) if n else 0)
                assert end <= box.right - 8, (goods, end, box.right)


def test_knowledge_tiles_on_the_table_say_what_they_do(played: list[Position]) -> None:
    from render.castles_of_burgundy import knowledge as K
    from render.castles_of_burgundy.board import knowledge_on_table

    assert all(K.short(n) for n in range(1, 27)) and not K.short(27)
    assert K.short(17) == "end: 4 VP per watchtower" and K.short(15).startswith("end: 3 VP")
    for pos in played[:3]:
        tiles = knowledge_on_table(pos.public, H.names(pos.players))
        with H.drawn_text() as seen:
            render.draw_board(GAME, pos.public, H.names(pos.players))
        texts = [t for t, _ in seen]
        for n, where in tiles[:5]:
            assert any(t.startswith(K.short(n)) and where in t for t in texts), (pos.label, n)
        on_depots = {int(t[1:]) for d in pos.public["depots"].values() for t in d if t.startswith("k")}
        assert on_depots <= {n for n, _ in tiles}


def test_a_finished_board_crowns_the_winner_by_the_tie_breaks(played: list[Position]) -> None:
    over = copy.deepcopy(played[-1].public)
    result = over["result"]
    assert result is not None
    result["scores"] = [50] * over["players"]  # a tie on VP, broken by the rules: seat 1 first
    result["ranks"] = [2] * over["players"]
    result["ranks"][1] = 1
    names = H.names(over["players"])
    with H.drawn_text() as seen:
        render.draw_board(GAME, over, names)
    assert any(t == f"{H.names(4)[1].split()[0]} da Conceição… wins with 50 VP" for t, _ in seen), seen[:8]
