"""Words and pictures agree: every place a choice names is labelled, as the choice names it, on the image its
player looks at (the board), in every language.

Over seeded random playouts (2-4 seats, two seeds, every ninth position), every legal choice of the seat to act is
worded in English, German and Brazilian Portuguese; each place it names is looked up in the view the board is
drawn from and in the text the renderer draws (``helpers.drawn_text``, static layers drawn again):

- Burgenland: a castle site ("castle 3, west site") is printed with the initial of the name the choice uses
  (Portuguese "oeste" is O, German "Ost" O) — before, the image printed W and E in every language; a castle's
  number is in the view; a border marker ("Marker M5") is printed as the choice names it.
- Bürger, Baumeister & Co.: an offer space ("space 3") is one the view numbers; a district ("purple-S coin
  space") is printed with the name the choice begins with.
- Burgen Land: a crown move ("Move 4: to the blue wall") lands on a track space the board numbers with that
  die value, and the space's kind is one the track legend names.

The Castles of Burgundy has its own test (``test_places_castles_of_burgundy.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engines
import render
from engines.i18n import LANGUAGES, speaking
from render.gallery import random_playout
from tests.render import helpers as H

SEEDS = (1, 2)
#: Every so many states of a seeded random playout is looked at (a build or a purchase is a few steps in).
EVERY = 9


class Sample:
    """One position of a seeded random playout: its state, its public view (what the board is drawn from)."""

    def __init__(self, game: str, players: int, seed: int, index: int, state: Any) -> None:
        self.engine = engines.get(game)
        self.game, self.players, self.state = game, players, state
        self.label = f"{game}-{players}p-seed{seed}-state{index}"
        self.public = self.engine.view(state, None)

    def drawn(self) -> set[str]:
        """Every text the board's renderer draws for this position (static layers drawn again)."""
        with H.drawn_text() as seen:
            render.draw_board(self.game, self.public, H.names(self.players))
        return {text for text, _ in seen}

    def choices(self) -> Iterator[tuple[int, Any, str]]:
        """(seat, action, its label in the language spoken now) for each seat to act."""
        for seat in self.engine.to_act(self.state):
            for action in self.engine.legal_actions(self.state, seat):
                yield seat, action, self.engine.format_action(self.state, seat, action)


def _samples(game: str, seats: tuple[int, ...]) -> Iterator[Sample]:
    for players in seats:
        for seed in SEEDS:
            states = random_playout(game, players, seed)
            for index in range(0, len(states) - 1, EVERY):
                yield Sample(game, players, seed, index, states[index])


# --------------------------------------------------------------------------------------------- Burgenland

def _site(action: Any) -> tuple[int, str] | None:
    """(castle, site letter) of a build on a small castle's site, else None."""
    for step in action.steps:
        if step[0] == "build" and len(step) > 2 and (m := re.fullmatch(r"(\d+)([NWEX])", step[2])):
            return int(m.group(1)), m.group(2)
    return None


@pytest.mark.parametrize("language", LANGUAGES)
def test_burgenland_sites_and_markers_are_printed_as_the_choices_name_them(language: str) -> None:
    from engines.burgenland.data import SITE_NAMES
    from engines.i18n import game_catalog
    from render.burgenland.board import site_letter

    T = game_catalog("burgenland")
    problems: list[str] = []
    checked = 0
    for pos in _samples("burgenland", (2, 3, 4)):
        with speaking(language):
            drawn = pos.drawn()
            for _seat, action, label in pos.choices():
                where = _site(action)
                if where is not None:
                    castle, site = where
                    numbers = {c["number"] for c in pos.public["castles"]}
                    if castle not in numbers:
                        problems.append(f"{pos.label}: {label!r} names castle {castle}, the view has {numbers}")
                    name = T.gettext(SITE_NAMES[site])
                    letter = site_letter(site)
                    if name not in label:
                        problems.append(f"{pos.label}: {label!r} does not name the site as {name!r}")
                    if site != "X" and letter != name[:1].upper():  # X, a new extra site, is X everywhere
                        problems.append(f"{pos.label}: {label!r}: the site {name!r} is printed {letter!r}")
                    sites = pos.public["castles"][castle - 1]["sites"]
                    if site in sites and sites[site] is None and letter not in drawn:
                        problems.append(f"{pos.label}: {label!r}: its empty site is not printed {letter!r}")
                    checked += 1
                for marker in re.findall(r"\bM[1-8]\b", label):
                    checked += 1
                    if marker not in drawn:
                        problems.append(f"{pos.label}: {label!r} names {marker}, the board does not print it")
    assert checked > 100
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("language", LANGUAGES)
def test_burgenland_a_printed_site_letter_is_read_when_typed(language: str) -> None:
    """What the image prints, a player types: "3O" builds on castle 3's west site in Portuguese."""
    from engines.burgenland.data import SITES
    from engines.burgenland.notation import vocabulary
    from render.burgenland.board import site_letter

    with speaking(language):
        letters = {site: site_letter(site) for site in (*SITES, "X")}
    read = vocabulary(language).words.site_letters
    assert len(set(letters.values())) == len(letters), letters
    assert {site: read.get(letter.casefold()) for site, letter in letters.items()} == {s: s for s in letters}


# ------------------------------------------------------------------------------- Bürger, Baumeister & Co.

@pytest.mark.parametrize("language", LANGUAGES)
def test_buerger_offer_spaces_and_districts_are_labelled_as_the_choices_name_them(language: str) -> None:
    from engines.buerger_baumeister import texts as X

    problems: list[str] = []
    checked = 0
    for pos in _samples("buerger-baumeister", (2, 3, 4)):
        with speaking(language):
            drawn = pos.drawn()
            offer = {space["space"] for space in pos.public["offer"]}
            for _seat, action, label in pos.choices():
                words = action.steps[0]
                if words[0] in ("buy", "take") and len(words) > 1 and words[1].isdigit():
                    checked += 1
                    if int(words[1]) not in offer or words[1] not in label:
                        problems.append(f"{pos.label}: {label!r}: space {words[1]} is not one the offer numbers")
                elif re.fullmatch(r"[a-z]+-[SML]", words[0]):
                    checked += 1
                    name = X.district_name(words[0])
                    if not label.startswith(name) or not any(text.endswith(f" {name}") for text in drawn):
                        problems.append(f"{pos.label}: {label!r}: the district is not printed as {name!r}")
    assert checked > 50
    assert not problems, "\n".join(problems[:20])


# ------------------------------------------------------------------------------------------- Burgen Land

def _squashed(text: str) -> str:
    return re.sub(r"[\s(),0-9„“\"]+", "", text).casefold()


@pytest.mark.parametrize("language", LANGUAGES)
def test_burgen_land_crown_moves_land_on_numbered_spaces_of_a_named_kind(language: str) -> None:
    problems: list[str] = []
    checked = 0
    for pos in _samples("burgen-land", (2,)):
        with speaking(language):
            drawn = pos.drawn()
            kinds = [_squashed(text.split(":")[0]) for text in drawn if re.search(r"\(\d\)$|/|: ", text)]
            for _seat, action, label in pos.choices():
                words = action.steps[0]
                if words[0] != "move":
                    continue
                checked += 1
                if words[1] not in drawn and f"{words[1]}!" not in drawn:
                    problems.append(f"{pos.label}: {label!r}: the track does not number where a {words[1]} goes")
                destination = _squashed(label.split(":", 1)[1].split("(")[0])
                if not any(kind and kind in destination for kind in kinds):
                    problems.append(f"{pos.label}: {label!r}: no track legend entry names its space ({kinds})")
    assert checked > 5
    assert not problems, "\n".join(problems[:20])
