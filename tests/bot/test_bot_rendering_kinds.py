"""Each kind of picture is drawn by its renderer method with its own parts, and a renderer without that method
(the optional ones beyond board and hand) draws no picture rather than failing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.rendering import Picture, PictureKind, draw

VIEW = {"turn": 3}
SINCE = {"turn": 2}
NAMES = ("Ann", "Bo")
HISTORY = ((1, 2), (3, 4))


class Minimal:
    """What every renderer draws: a board and a hand."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def _record(self, method: str, *args: Any) -> bytes:
        self.calls.append((method, args))
        return method.encode()

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self._record("board", engine, view, list(names))

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self._record("hand", engine, view, list(names))


class Full(Minimal):
    def render_board_since(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                           since: Mapping[str, Any]) -> bytes | None:
        return self._record("board_since", engine, view, list(names), since)

    def render_player(self, engine: str, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes:
        return self._record("player", engine, view, list(names), seat)

    def render_all(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return self._record("all", engine, view, list(names))

    def render_compact(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                       since: Mapping[str, Any] | None) -> bytes:
        return self._record("compact", engine, view, list(names), since)

    def render_animation(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
        return self._record("animation", engine, view, list(names))

    def render_standings(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                         history: Sequence[Sequence[int]]) -> bytes:
        return self._record("standings", engine, view, list(names), history)

    def render_ratings(self, kind: str, view: Mapping[str, Any]) -> bytes:
        return self._record("ratings", kind, view)


N = ["Ann", "Bo"]
CASES = [
    (Picture("g", PictureKind.BOARD, VIEW, NAMES), ("board", ("g", VIEW, N))),
    (Picture("g", PictureKind.BOARD, VIEW, NAMES, since=SINCE), ("board_since", ("g", VIEW, N, SINCE))),
    (Picture("g", PictureKind.HAND, VIEW, NAMES, seat=1), ("hand", ("g", VIEW, N))),
    (Picture("g", PictureKind.PLAYER, VIEW, NAMES, seat=1), ("player", ("g", VIEW, N, 1))),
    (Picture("g", PictureKind.ALL, VIEW, NAMES), ("all", ("g", VIEW, N))),
    (Picture("g", PictureKind.COMPACT, VIEW, NAMES, since=SINCE), ("compact", ("g", VIEW, N, SINCE))),
    (Picture("g", PictureKind.ANIMATION, VIEW, NAMES), ("animation", ("g", VIEW, N))),
    (Picture("g", PictureKind.STANDINGS, VIEW, NAMES, history=HISTORY), ("standings", ("g", VIEW, N, HISTORY))),
    (Picture("g", PictureKind.LEADERBOARD, VIEW, ()), ("ratings", (PictureKind.LEADERBOARD, VIEW))),
    (Picture("g", PictureKind.PROFILE, VIEW, ()), ("ratings", (PictureKind.PROFILE, VIEW))),
]


@pytest.mark.parametrize(("picture", "call"), CASES, ids=[f"{p.kind}-{c[0]}" for p, c in CASES])
async def test_each_kind_is_drawn_by_its_method_with_its_parts(picture: Picture,
                                                               call: tuple[str, tuple[Any, ...]]) -> None:
    renderer = Full()
    assert await draw(renderer, picture) == call[0].encode()
    assert renderer.calls == [call]


@pytest.mark.parametrize("kind", [k for k in PictureKind if k not in (PictureKind.BOARD, PictureKind.HAND)])
async def test_a_renderer_without_the_method_draws_no_picture(kind: PictureKind) -> None:
    renderer = Minimal()
    assert await draw(renderer, Picture("g", kind, VIEW, NAMES, seat=0)) is None
    assert renderer.calls == []


async def test_a_player_board_without_a_seat_draws_nothing() -> None:
    renderer = Full()
    assert await draw(renderer, Picture("g", PictureKind.PLAYER, VIEW, NAMES)) is None
    assert renderer.calls == []
