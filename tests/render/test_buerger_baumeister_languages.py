"""Bürger, Baumeister & Co.'s images in the game's language: the static layers are cached per language, and the
board and a hand draw in Portuguese and German (texts from the game's catalog)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

import engines
import render
from engines.buerger_baumeister import texts as X
from engines.i18n import speaking
from render.buerger_baumeister import board as board_mod
from render.gallery import positions

GAME = "buerger-baumeister"
E = engines.get(GAME)
NAMES = ["Ana", "Bernhard-Maximilian", "Chico"]


def _png(language: str, what: str) -> Image.Image:
    with speaking(language):
        mid = positions(GAME, 3, seed=7, phases=("mid",))[0]
        data = (render.draw_board(GAME, mid.public, NAMES) if what == "board"
                else render.draw_hand(GAME, mid.seats[0], NAMES))
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_board_and_hand_differ_per_language() -> None:
    for what in ("board", "hand"):
        english = _png("en", what)
        for language in ("pt_BR", "de"):
            other = _png(language, what)
            assert other.size == english.size
            assert ImageChops.difference(english, other).getbbox() is not None, (what, language)
    # English again after the others: the cached static layer of another language must not leak back.
    assert ImageChops.difference(_png("en", "board"), _png("en", "board")).getbbox() is None


def test_labels_drawn_come_from_the_catalog() -> None:
    with speaking("de"):
        assert X.district_name("yellow-L") == "gelb-L" and X.size_name("L") == "groß"
        last = {"seat": 0, "token": {"code": "RP3", "colour": "red", "letter": "R", "type": "park", "value": 3},
                "discarded": False, "district": "red-L", "space": 1, "bonus": "+2", "points": 5, "coin": 0,
                "project_points": 0, "bought": {"code": "GH2", "colour": "green", "letter": "G", "type": "house",
                                                "value": 2}, "offer_space": 2, "price": 1}
        assert board_mod.describe_last_turn(last, ["Ana"]) == "Ana legte roten Park 3 auf rot-L +2: 5 Pkt. · " \
                                                              "kaufte GH2 (1 Münze)"
    with speaking("pt_BR"):
        assert board_mod.describe_last_turn(None, []) == "Nenhum turno ainda"
