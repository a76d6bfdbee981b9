"""The compact, phone-first picture (``render.draw_compact``): every game has one; drawn for the gallery's positions
(each seat count, start to over, an earlier view to mark what changed since) in English, German and Brazilian
Portuguese, it cuts no text but a display name, is about 800 px wide and at most 1,000 px tall, draws no text
smaller than 22 px (11 px on a phone), and names every player with their score."""

from __future__ import annotations

from typing import Any

import pytest

import render
from engines import registry
from engines.i18n import LANGUAGES, speaking
from render.cache import LAYERS
from render.compact import MAX_HEIGHT, WIDTH
from render.gallery import compact_samples
from render.legend import display_name
from render.text import recording_cuts
from tests.render import helpers as H

#: Text inside a game's own piece sprites that the picture draws at a fraction of the piece (The Castles of
#: Burgundy's hex tiles: an animal tile's count in its corner badge, a knowledge tile's number, a depot place's
#: kind letter), per game: the smallest such size allowed.
SPRITE_TEXT = {"castles-of-burgundy": 10}
SMALLEST = 22

CASES = [(game, n) for game in render.games()
         for n in range(registry.find(game).min_seats, registry.find(game).max_seats + 1)]


def test_every_game_has_a_compact_picture() -> None:
    assert render.compact_games() == render.games()


def _scores(game: str, view: Any) -> list[int]:
    if game == "burgen-land":
        return list(view["scores"])
    if game == "castles-of-burgundy":
        return [p["vp"] for p in view["players_info"]]
    if game == "buerger-baumeister":
        return [p["score"] for p in view["players_info"]]
    return [p["built"] for p in view["players_info"]]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_compact_picture_reads_on_a_phone(game: str, players: int) -> None:
    names = H.names(players)
    problems: list[str] = []
    for language in LANGUAGES:
        with speaking(language):
            samples = compact_samples(game, players, 1)
        for phase, view, since in samples:
            for earlier in (since, None):
                what = f"{game} {players}p {phase} {language} {'since' if earlier is not None else 'plain'}"
                LAYERS.clear()
                _clear_sprites(game)
                with speaking(language), recording_cuts() as cuts, H.drawn_text() as drawn:
                    png = render.draw_compact(game, view, names, earlier)
                img = H.decode(png)
                if img.width != WIDTH or img.height > MAX_HEIGHT:
                    problems.append(f"{what}: {img.size}")
                problems += [f"{what}: cut {c.text!r} -> {c.shown!r}" for c in cuts
                             if c.text not in {display_name(n) for n in names}]
                floor = SPRITE_TEXT.get(game, SMALLEST)
                small = sorted({(size, text) for text, size in drawn if size < SMALLEST})
                problems += [f"{what}: {text!r} at {size} px" for size, text in small
                             if size < floor or not _sprite_text(game, text)]
                said = " ".join(text for text, _size in drawn)
                for seat, score in enumerate(_scores(game, view)):
                    if display_name(names[seat]) not in said or str(score) not in said:
                        problems.append(f"{what}: seat {seat + 1} or its score {score} not drawn")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def _sprite_text(game: str, text: str) -> bool:
    """Whether ``text`` is what a game's piece sprite writes inside itself (a number, a letter)."""
    return game in SPRITE_TEXT and len(text) <= 2


def _clear_sprites(game: str) -> None:
    """Clear a game's cached sprites, so the texts they draw are heard again."""
    if game == "castles-of-burgundy":
        from render.castles_of_burgundy import pieces

        pieces.clear_sprites()


def test_compact_marks_what_changed_since() -> None:
    """With an earlier view, the picture differs (its corners and their key); without one, it has no key."""
    game, players = "burgenland", 3
    names = H.names(players)
    _phase, view, since = compact_samples(game, players, 1, ("mid",))[0]
    with H.drawn_text() as marked:
        render.draw_compact(game, view, names, since)
    with H.drawn_text() as plain:
        render.draw_compact(game, view, names)
    key = "corners: changed since the player to act last played"
    assert any(key in text for text, _size in marked)
    assert not any(key in text for text, _size in plain)
