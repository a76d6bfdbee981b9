"""A game's board history as an animated GIF: a frame per turn, phone width, each marking what its turn changed,
frames that decode to exactly the pictures drawn (one palette, only the changed pixels stored), and a size limit
kept by leaving turns out, never the first or the last."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
import render
from engines import rng
from engines.i18n import speaking
from render.animation import _frame, _palette, _same_height, draw_animation, encode
from render.gallery import random_playout
from render.legend import marking_last_turn
from render.text import recording_cuts, recording_texts
from tests.golden.record import POLICIES

NAMES = ["Ann", "Bo"]


def history(game: str, turns: int, seed: int = 4) -> list[Mapping[str, Any]]:
    """The public view at the start and after each of a seeded random game's first ``turns`` turns."""
    engine = engines.get(game)
    views = []
    number = 0
    for state in random_playout(game, 2, seed):
        if engine.turn_number(state) != number:  # the first state of a turn: the one before it is over
            number = engine.turn_number(state)
            views.append(engine.view(state, None))
        if len(views) > turns:
            break
    return views


def decoded(data: bytes) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(data))
    frames = []
    for i in range(gif.n_frames):
        gif.seek(i)
        frames.append(gif.convert("RGB"))
    return frames


def expected(game: str, views: list[Mapping[str, Any]]) -> list[Image.Image]:
    """The frames as drawn, in the animation's palette."""
    with marking_last_turn():
        frames = _same_height([_frame(game, v, NAMES, views[i - 1] if i else None) for i, v in enumerate(views)])
    palette = _palette(frames)
    return [f.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB") for f in frames]


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("game", ["burgenland", "castles-of-burgundy"])
def test_a_frame_per_turn_at_phone_width_each_marking_its_turn(game: str) -> None:
    views = history(game, 5)
    with recording_texts() as texts:
        data = draw_animation(game, views, NAMES)
    assert data.startswith(b"GIF89a")
    frames = decoded(data)
    assert len(frames) == len(views) == 6
    assert {f.size[0] for f in frames} == {800} and len({f.size for f in frames}) == 1
    # Each frame is exactly its picture (the frames stored only what changed, drawn over the one before).
    assert all(same(got, want) for got, want in zip(frames, expected(game, views), strict=True))
    # The first frame is the start, unmarked; the others say their corners mark the turn just played.
    keys = [t for t, _size in texts if t.startswith("corners:")]
    assert keys and set(keys) == {"corners: changed by the turn just played"}
    assert min(size for t, size in texts if t.startswith("corners:")) >= 24  # readable on a phone
    assert len(data) < len(views) * 200_000  # only what changed is stored


def test_the_cob_frame_names_what_the_player_to_act_just_placed() -> None:
    """The turn post leaves out what the player to act did (they know); an animation's frame tells the turn just
    played, which may be theirs."""
    engine = engines.get("castles-of-burgundy")
    states = [state := engine.new_game(2, 3)]
    r, policy = rng.seed_state(3), POLICIES[engine.name]()  # the golden playthrough's purposeful play
    while acting := engine.to_act(state):
        r, action = policy(engine, state, acting[0], engine.legal_actions(state, acting[0]), r)
        state, _events = engine.apply(state, acting[0], action)
        states.append(state)
    # A turn after which its player acts again, and that placed a tile on their estate.
    start, found = 0, None
    for i in range(1, len(states)):
        if engine.turn_number(states[i]) == engine.turn_number(states[i - 1]):
            continue
        seat = engine.to_act(states[start])[0]
        was, now = engine.view(states[start], None), engine.view(states[i], None)
        if engine.to_act(states[i])[:1] == (seat,) and now["players_info"][seat]["estate"] != \
                was["players_info"][seat]["estate"]:
            found = was, now
            break
        start = i
    assert found is not None, "no such turn in this game"
    was, now = found
    post = render.draw_compact("castles-of-burgundy", now, NAMES, was)
    with marking_last_turn():
        frame = render.draw_compact("castles-of-burgundy", now, NAMES, was)
    assert post != frame


def test_a_long_game_leaves_turns_out_to_fit_keeping_the_first_and_the_last() -> None:
    views = history("burgen-land", 6)
    full = draw_animation("burgen-land", views, NAMES)
    want = expected("burgen-land", views)
    fitted = decoded(draw_animation("burgen-land", views, NAMES, max_bytes=len(full) - 1))
    assert 2 <= len(fitted) < len(views)
    assert same(fitted[0], want[0]) and same(fitted[-1], want[-1])
    with pytest.raises(ValueError, match="even 2 frames"):
        draw_animation("burgen-land", views, NAMES, max_bytes=1000)
    with pytest.raises(ValueError):
        draw_animation("burgen-land", [], NAMES)


def test_one_frame_and_identical_frames() -> None:
    views = history("burgenland", 1)
    one = decoded(draw_animation("burgenland", views[:1], NAMES))
    assert len(one) == 1
    frame = expected("burgenland", views[:1])[0]
    # Turns that changed nothing add no picture, only time: the same frame, shown as long in all.
    data = encode([frame, frame, frame.copy()], frame_ms=1000, last_ms=3000)
    gif, shown = Image.open(io.BytesIO(data)), 0
    for i in range(gif.n_frames):
        gif.seek(i)
        shown += gif.info["duration"]
        assert same(gif.convert("RGB"), frame)
    assert shown == 5000 and gif.n_frames <= 2


@pytest.mark.parametrize("language", ["de", "pt_BR"])
def test_the_key_is_translated_and_nothing_is_cut(language: str) -> None:
    views = history("castles-of-burgundy", 2)
    with speaking(language), recording_cuts() as cuts, recording_texts() as texts:
        draw_animation("castles-of-burgundy", views, NAMES)
    assert cuts == []
    keys = {t for t, _size in texts if "corners" in t or "Ecken" in t or "cantos" in t}
    assert keys and "corners: changed by the turn just played" not in keys
