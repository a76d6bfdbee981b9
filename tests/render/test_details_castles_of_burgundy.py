"""The details Castles of Burgundy players tripped on (issue item 6), each read on the view or the image.

Letters on hexes in the reader's language, with a key; empty depot spaces that do not look like tiles lying face
down; the face-down stacks explained; the start castle's region not shown as completed at turn 1; a knowledge
tile in storage named by its owner; a shared place said with the tie rule; "no stored tile fits" said once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import engines
import render
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as W
from engines.i18n import COMMON, LANGUAGES, speaking
from render.castles_of_burgundy import draw_all_players_image, draw_board_image, draw_hand_image
from render.castles_of_burgundy import pieces as P
from render.castles_of_burgundy.board import knowledge_on_table
from render.gallery import finished_game, positions
from tests.engines.castles_of_burgundy_helpers import position, put, store
from tests.render import helpers as H

GAME = "castles-of-burgundy"
E = engines.get(GAME)


def texts(draw: Callable[[], Any]) -> list[str]:
    """Every text one image draws (static layers and sprites drawn again), as it reads."""
    P.clear_sprites()
    with H.drawn_text() as seen:
        draw()
    P.clear_sprites()
    return [text for text, _size in seen]


@pytest.mark.parametrize("language", LANGUAGES)
def test_hex_letters_are_the_readers_and_the_images_say_what_they_mean(language: str) -> None:
    with speaking(language):
        letters = [W.kind_letter(k) for k in (*D.KINDS, D.BLACK)]
        assert len(set(letters)) == len(letters) and all(len(x) == 1 for x in letters), letters
        view = E.view(position(2), 0)
        names = H.names(2)
        key = [f"{W.kind_letter(k)} {W.kind_name(k)}" for k in D.KINDS]
        for draw in (lambda: draw_hand_image(view, names), lambda: draw_board_image(view, names),
                     lambda: draw_all_players_image(view, names)):
            drawn = " ".join(texts(draw))
            assert all(entry in drawn for entry in key), (language, key)
        # the spaces print the reader's letters: estate No. 1 has every kind
        drawn = texts(lambda: draw_hand_image(view, names))
        assert all(drawn.count(W.kind_letter(k)) >= 2 for k in D.KINDS), language
        if language == "de":
            assert W.kind_letter(D.CASTLE) == "B" and W.kind_letter(D.BUILDING) != "B"  # Burg, as Germans read it


def test_an_empty_depot_space_is_an_outlined_slot_not_a_face_down_tile() -> None:
    r = 48
    tile = P.tile("ship", r)
    for kind in D.KINDS:
        slot = P.depot_space(kind, r)
        cx, cy = slot.width // 2, slot.height // 2
        inside = (cx - round(r * 0.55), cy)  # between the letter and the rim
        assert slot.getpixel(inside)[3] == 0, kind  # the panel shows through
        assert slot.getpixel((cx, 3))[3] > 200  # the rim is drawn
        assert tile.getpixel(inside)[3] == 255
    # on the board: an empty space of depot 1 in phase A shows the panel's colour inside its outline
    state = position(2)
    depots = list(state.depots)
    depots[0] = ()
    view = E.view(replace(state, depots=tuple(depots)), None)
    img = draw_board_image(view, H.names(2))
    from render.castles_of_burgundy import geometry as geo
    from render.palette import DEFAULT_THEME

    box = geo.depot_boxes()[0]
    spaces = len(view["depot_spaces"]["1"])
    x0 = box.x + box.w / 2 - geo.DEPOT_TILE_STEP * (spaces - 1) / 2
    pixel = img.convert("RGB").getpixel((round(x0 - geo.DEPOT_R * 0.55), round(box.y + 104)))
    assert pixel == DEFAULT_THEME.panel
    # the black depot's empty places too: its own panel shows through, "empty" written in them
    depots[-1] = state.depots[-1][:-1]
    view = E.view(replace(state, depots=tuple(depots)), None)
    img = draw_board_image(view, H.names(2)).convert("RGB")
    black = geo.BLACK
    step = P.SQRT3 * geo.BLACK_R + 6
    x = black.x + 210 + P.SQRT3 * geo.BLACK_R / 2 + (view["black_depot_spaces"] - 1) * step
    inside = img.getpixel((round(x), round(black.y + black.h / 2 - geo.BLACK_R * 0.6)))  # above "empty"
    beside = img.getpixel((round(x + geo.BLACK_R * 1.2), round(black.y + black.h / 2)))  # the panel, past the slot
    assert inside == beside


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_face_down_stacks_are_explained(language: str) -> None:
    view = E.view(position(3), None)
    with speaking(language):
        drawn = texts(lambda: draw_board_image(view, H.names(3)))
        assert W._("Face-down stacks: tiles left") in drawn
        assert W._("{x}: black backs", x=W.kind_letter(D.BLACK)) in drawn
        assert str(view["stack_sizes"][D.BLACK]) in drawn


def test_the_start_castle_is_not_a_completed_region_at_turn_1() -> None:
    """Rules decision 6: the start castle fills its space but scores nothing at setup; on estate No. 1 its
    region is space 19 alone, which the player has not completed."""
    state = position(2)
    view = E.view(state, 0)
    assert view["turn_number"] == 1
    assert all(info["regions_complete"] == 0 and info["start_castle"] == D.START_CASTLE_SPACE
               for info in view["players_info"])
    drawn = texts(lambda: draw_hand_image(view, H.names(2)))
    assert "✓" not in drawn
    assert any(t.startswith("Regions completed: 0") for t in drawn), drawn
    # a region completed in play still counts and shows
    ships = put(put(put(state, 0, 20, "ship"), 0, 21, "ship"), 0, 22, "ship")
    assert E.view(ships, 0)["players_info"][0]["regions_complete"] == 1
    assert "✓" in texts(lambda: draw_hand_image(E.view(ships, 0), H.names(2)))


def test_an_advanced_estates_start_castle_region_is_not_completed_but_another_castle_region_is() -> None:
    state = E.new_game(2, 3, {"boards": "advanced"})
    for _ in range(2):
        (seat,) = E.to_act(state)
        spaces = E.view(state, seat)["decision"]["spaces"]
        estate = D.ESTATES[state.players[seat].estate_no]
        alone = [s for s in spaces if estate.regions[estate.region_of[s]] == (s,)]
        state, _ = E.apply(state, seat, E.parse_action(state, seat, f"castle {alone[0]}"))
    infos = E.view(state, None)["players_info"]
    assert all(info["regions_complete"] == 0 and info["start_castle"] for info in infos)
    player = state.players[0]
    estate = D.ESTATES[player.estate_no]
    other = next(s for s in estate.spaces_of_kind[D.CASTLE]
                 if s != player.start_castle and estate.regions[estate.region_of[s]] == (s,))
    assert E.view(put(state, 0, other, "castle"), None)["players_info"][0]["regions_complete"] == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knowledge_tile_in_storage_names_its_owner(language: str) -> None:
    names = H.names(2)
    state = store(position(2), 1, "k3")
    view = E.view(state, None)
    with speaking(language):
        owner = W._("{name}'s storage", name="Maria da Conceição…")
        assert (3, owner) in knowledge_on_table(view, names)
        drawn = " ".join(texts(lambda: draw_board_image(view, names)))
        assert f"({owner})" in drawn
        assert "(" + W._("storage {n}", n=2) + ")" not in drawn


def _standings_texts(view: Any) -> list[str]:
    names = H.names(view["players"])
    return texts(lambda: render.draw_standings(GAME, view, names, [[0] * view["players"]]))


def test_a_shared_place_is_said_with_the_tie_rule_and_only_when_there_is_one() -> None:
    view, _history = finished_game(GAME, 3, 1)
    rule = view["result"]["rule"]
    drawn = " ".join(_standings_texts(view))
    assert "share a place" not in drawn and rule in drawn  # the tie-breaks decided every place
    tied = copy.deepcopy(view)
    tied["result"]["ranks"] = [1, 1, 3]
    lines = _standings_texts(tied)
    assert "share a place" not in " ".join(lines[lines.index(COMMON.gettext("place · player · score")):])
    header = " ".join(lines)
    assert f"{rule} · tied players share a place" in header  # read with the rule, after it


def test_no_stored_tile_fits_is_said_at_most_once_in_a_hands_header() -> None:
    for players in (2, 3, 4):
        names = H.names(players)
        for pos in positions(GAME, players, 1) + positions(GAME, players, 5):
            for own in pos.seats:
                drawn = " ".join(texts(lambda own=own, names=names: draw_hand_image(own, names)))
                assert drawn.count("no stored tile fits") + drawn.count("Nothing in storage fits") <= 1, pos.label

