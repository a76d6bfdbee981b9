"""No image cuts its text with "…": every label, line and panel fits, in every language, at every seat count.

The gallery's positions (seeded random games at start, mid, late and over, for each seat count, with a long
accented name at the table), and those of one more seed, are drawn — the board, every hand, (games with player
boards) all the estates at once and one seat's estate, and the end screen — in English, German and Brazilian
Portuguese, while ``render.text.recording_cuts`` listens.  The only cut allowed is a player's display name,
which images cut once on purpose (``render.legend.display_name``; ``test_readable`` checks it): a wide name that
a narrow column cuts further is still that name.  A failure lists every cut: game, seats, seed, phase,
language, image, the text and what was drawn instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import render
from engines import registry
from engines.i18n import LANGUAGES, speaking
from render.cache import LAYERS
from render.gallery import finished_game, positions
from render.legend import display_name
from render.text import NBSP, Cut, draw_text, font, recording_cuts, truncate, unbroken, wrap
from tests.render import helpers as H

#: The gallery's game, and one more: seed 5 is where Burgen Land's last roll and its German status ran out of room.
SEEDS = (1, 5)


def _allowed(cut: Cut, names: list[str]) -> bool:
    """A display name (alone) cut to fit its place: the one cut images may make."""
    return cut.text in {display_name(n) for n in names}


def _jobs(game: str, players: int, seed: int) -> list[tuple[str, str, Callable[[], bytes]]]:
    """(phase, image, draw) for every image of one seeded game's positions at ``players`` seats (views taken in
    the language spoken now: a finished game's rule is in its table's language)."""
    info = registry.find(game)
    names = H.names(players)
    jobs: list[tuple[str, str, Callable[[], bytes]]] = []
    for pos in positions(game, players, seed):
        public: Any = pos.public
        jobs.append((pos.phase, "board", lambda public=public: render.draw_board(game, public, names)))
        for seat, own in enumerate(pos.seats):
            jobs.append((pos.phase, f"hand {seat + 1}", lambda own=own: render.draw_hand(game, own, names)))
        if info.player_boards:
            jobs.append((pos.phase, "all estates", lambda public=public: render.draw_all_players(game, public, names)))
            jobs.append((pos.phase, "estate 1", lambda public=public: render.draw_player(game, public, names, 0)))
    view, history = finished_game(game, players, seed)
    jobs.append(("over", "standings", lambda: render.draw_standings(game, view, names, history)))
    return jobs


def cuts(game: str, players: int, seed: int, languages: tuple[str, ...] = LANGUAGES) -> list[str]:
    """Every cut other than a display name's, as "game seats seed phase language image: 'text' -> 'shown'"."""
    names = H.names(players)
    found: list[str] = []
    for language in languages:
        with speaking(language):
            jobs = _jobs(game, players, seed)
        for phase, what, draw in jobs:
            LAYERS.clear()  # static layers hold labels too: draw them again, for this image
            with speaking(language), recording_cuts() as seen:
                draw()
            found += [f"{game} {players}p seed {seed} {phase} {language} {what}: {c.text!r} -> {c.shown!r}"
                      for c in seen if not _allowed(c, names)]
    LAYERS.clear()
    return found


CASES = [(game, n) for game in render.games()
         for n in range(registry.find(game).min_seats, registry.find(game).max_seats + 1)]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_nothing_but_names_is_cut(game: str, players: int) -> None:
    found = [cut for seed in SEEDS for cut in cuts(game, players, seed)]
    assert not found, f"{len(found)} texts cut with '…':\n" + "\n".join(found)


def test_the_recorder_hears_every_cut_and_only_cuts() -> None:
    with recording_cuts() as seen:
        assert truncate("fits", font(16), 500) == "fits"
        assert wrap("a short line", font(16), 500, 1) == ["a short line"]
        draw_text(Image.new("RGB", (300, 20)), (0, 0), "fits", 16, (0, 0, 0), max_width=200, min_size=12)
    assert seen == []
    with recording_cuts() as seen:
        truncate("a long line of text", font(16), 60)
        wrap("one two three four five six", font(16), 60, 1)
        draw_text(Image.new("RGB", (80, 20)), (0, 0), "another long line", 16, (0, 0, 0), max_width=40, min_size=12)
    assert [c.text for c in seen] == ["a long line of text", "one two three four five six", "another long line"]
    assert all(c.shown.endswith("…") for c in seen)
    truncate("a long line of text", font(16), 60)  # nobody records: nothing is kept
    assert len(seen) == 3


def test_wrap_takes_the_lines_it_needs_and_breaks_at_spaces_only() -> None:
    text = "one two three four five six seven"
    with recording_cuts() as seen:
        lines = wrap(text, font(16), 90)
        assert " ".join(lines) == text and len(lines) > 2
        kept = wrap(f"played: {unbroken('pay 10 ×2')}, {unbroken('draw 5 ×1')}", font(16), 120)
        assert kept == ["played:", f"pay{NBSP}10{NBSP}×2,", f"draw{NBSP}5{NBSP}×1"]
    assert seen == []


def test_only_a_display_name_may_be_cut() -> None:
    long = H.names(4)[1]
    assert _allowed(Cut(display_name(long), "Maria…"), H.names(4))
    assert not _allowed(Cut(f"{display_name(long)} to act", "Maria…"), H.names(4))
