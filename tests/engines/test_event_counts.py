"""Event texts say each count as its number reads: "1 card", "2 cards" — never "1 cards", "1 goods", "1 points"
or "1 stay behind".  A sentence with several counts words each in its own plural form; the catalogs give each
language its forms (``python -m bot.catalogs check`` has them all translated)."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Event
from engines.i18n import speaking


def said(game: str, what: str, /, *, at: int | None = 0, language: str = "en", **data: Any) -> str:
    """The public text of an event of kind ``what`` about seat ``at``."""
    with speaking(language):
        return engines.get(game).describe(Event(what, at, data), None)


COB = "castles-of-burgundy"


def test_the_castles_of_burgundy_counts_goods_silverlings_workers_and_mines() -> None:
    one = said(COB, "sell", goods=5, count=1, silver=1, workers=0, points=3, reason="")
    assert one.endswith(" sells 1 goods tile of type 5: 3 VP and 1 silverling."), one
    more = said(COB, "sell", goods=2, count=3, silver=2, workers=1, points=9, reason="")
    assert more.endswith(" sells 3 goods tiles of type 2: 9 VP, 2 silverlings and 1 worker."), more
    left = said(COB, "goods", depots=[3], goods=[2, 6], left=[1])
    assert left.endswith("takes goods 2, 6 from depot 3; the goods tile 1 stays behind."), left
    assert said(COB, "goods", depots=[3], goods=[2], left=[1, 4]).endswith("; the goods tiles 1, 4 stay behind.")
    mine = said(COB, "income", silver=1, workers=0, mines=1)
    assert mine.endswith("'s 1 mine pays 1 silverling."), mine
    mines = said(COB, "income", silver=2, workers=2, mines=2)
    assert mines.endswith("'s 2 mines pay 2 silverlings and 2 workers."), mines
    region = said(COB, "region", kind="building", size=1, phase="A", points=11)
    assert "completes a region of 1 building space in phase A" in region, region
    assert "region of 3 ship spaces" in said(COB, "region", kind="ship", size=3, phase="B", points=14)
    assert said(COB, "round", at=None, phase="B", round=1, white=4, goods=3, dice=[[1, 2], [3, 4]],
                order=[0, 1]).startswith("Phase B, round 1: the white die shows 4, a goods tile of type 3 goes to")


@pytest.mark.parametrize("language", ["de", "pt_BR"])
def test_the_castles_of_burgundy_counts_in_each_language(language: str) -> None:
    """The German and the Portuguese say a region's size and a sale without a count of the wrong number
    ("(Gebäude, 1 Felder)" was a translation of one English form for both)."""
    region = said(COB, "region", language=language, kind="building", size=1, phase="A", points=11)
    sale = said(COB, "sell", language=language, goods=5, count=1, silver=1, workers=0, points=3, reason="")
    if language == "de":
        assert "ein Gebiet der Größe 1 (Gebäude)" in region and "1 Felder" not in region, region
        assert "verkauft 1 Warenplättchen der Sorte 5: 3 SP und 1 Silberling." in sale, sale
    else:
        assert "uma região de tamanho 1 (construção)" in region and "1 espaços" not in region, region
        assert "vende 1 mercadoria do tipo 5: 3 PV e 1 prata." in sale, sale


def test_burgenland_counts_cards() -> None:
    assert said("burgenland", "take", cards=["R1"]).endswith(" takes 1 card.")
    assert said("burgenland", "take", cards=["R1", "J"]).endswith(" takes 2 cards.")
    assert said("burgenland", "reshuffle", at=None, cards=1) == "The discard pile (1 card) is shuffled into a new deck."


def test_buerger_baumeister_counts_points() -> None:
    final = said("buerger-baumeister", "final", hand=["RH2"], points=2, colour="red", total=3)
    assert final.endswith(": 1 point + 2 for red in hand (RH2) = 3."), final
    project = said("buerger-baumeister", "project", district="red-M", bonus="x2", cost=1, points=1)
    assert project.endswith("(1 coin, ×2): +1 point."), project


def test_burgen_land_says_what_was_due_and_what_could_be_had() -> None:
    """Taking 5 red dice while holding one: 4 are to be had, 2 from the board and 2 from the opponent ("takes 4
    red dice (…); only 4 of 5 were left" did not say why)."""
    text = said("burgen-land", "dice", count=4, from_supply=2, from_opponent=2, wanted=5)
    assert text.endswith(" is due 5 red dice and takes all 4 still to be had: 2 from the board, 2 from {seat:1}."), text
    one = said("burgen-land", "dice", count=1, from_supply=0, from_opponent=1, wanted=3)
    assert one.endswith(" is due 3 red dice and takes the only one still to be had, from {seat:1}."), one
