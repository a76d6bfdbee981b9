"""What to draw, the renderer the bot draws with, how to find the project's one (``render/``), and
drawing off the event loop.

The table service only describes pictures (:class:`Picture`); whoever delivers them draws with a
``Renderer``, so tests run without Pillow drawing anything.  The bot draws with a
:class:`PoolRenderer`: worker processes (``RENDER_WORKERS``, default the cores), so one bot process
draws on every core at once — threads would share one core's worth of Python.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

import engines
from bot.cache import LRU
from bot.turns import board_history
from bot.workers import WorkerPool
from engines.i18n import ENGLISH, current, speaking

log = logging.getLogger(__name__)

DrawFn = Callable[[str, Mapping[str, Any], Sequence[str]], bytes]
PlayerFn = Callable[[str, Mapping[str, Any], Sequence[str], int], bytes]
StandingsFn = Callable[[str, Mapping[str, Any], Sequence[str], Sequence[Sequence[int]]], bytes]
SinceFn = Callable[[str, Mapping[str, Any], Sequence[str], Mapping[str, Any]], bytes]
CompactFn = Callable[[str, Mapping[str, Any], Sequence[str], Mapping[str, Any] | None], bytes | None]


class PictureKind(StrEnum):
    """What a picture draws (its value is what the outbox stores: kept as it was)."""

    BOARD = "board"            # a game's public view
    HAND = "hand"              # a seat's hand
    PLAYER = "player"          # one player's own area
    ALL = "all"                # every player's own area
    STANDINGS = "standings"    # the end screen
    COMPACT = "compact"        # the phone-first close-up of a board (``render.draw_compact``)
    LEADERBOARD = "leaderboard"  # a server's top players in one game (``render.draw_leaderboard``)
    PROFILE = "profile"        # one member's ratings and their chart (``render.draw_profile``)
    ANIMATION = "animation"    # a whole game's board history as a GIF (``view``: :func:`game_record`, replayed
    #                            where it is drawn)


@dataclass(frozen=True, slots=True)
class Picture:
    """What to draw: a game's ``board`` (public view), a seat's ``hand``, or one ``player``'s own area; the turn
    post's board also as its ``compact`` close-up (``close_up``)."""

    engine: str
    kind: PictureKind
    view: Mapping[str, Any]
    names: tuple[str, ...]
    seat: int | None = None
    history: tuple[tuple[int, ...], ...] = ()   # standings: every seat's score after each turn
    #: The language of its labels: the one being written in when the picture was described (a post's
    #: board in the table's language, a DM's hand in its reader's).
    language: str = dataclasses.field(default_factory=current)
    #: What the picture shows, in words, in its language: the image's alt text for screen readers.
    alt: str = ""
    #: A turn post's board: the public view when the player it pings last acted (what was placed after it
    #: is marked); None for every other picture.
    since: Mapping[str, Any] | None = None
    #: A turn post's board: shown after its compact close-up (``compact()``), whose alt text this is.  "" for every
    #: other picture (one image).
    close_up: str = ""
    #: Its marks (``since``) show what the turn just played changed — a replay's board, ``since`` the view before that
    #: turn —, not what changed since the player to act last played (a turn post's); the key says which.
    last_turn: bool = False

    def compact(self) -> Picture:
        """The compact close-up of this board (same view, marks and language), described by ``close_up``."""
        return dataclasses.replace(self, kind=PictureKind.COMPACT, alt=self.close_up, close_up="")

    def to_json(self) -> dict[str, Any]:
        data = {"engine": self.engine, "kind": self.kind, "view": dict(self.view), "names": list(self.names),
                "seat": self.seat, "history": [list(h) for h in self.history], "language": self.language,
                "alt": self.alt}
        if self.since is not None:
            data["since"] = dict(self.since)
        if self.close_up:
            data["close_up"] = self.close_up
        if self.last_turn:
            data["last_turn"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Picture:
        return cls(data["engine"], PictureKind(data["kind"]), data["view"], tuple(data["names"]), data.get("seat"),
                   tuple(tuple(h) for h in data.get("history", ())), data.get("language") or ENGLISH,
                   data.get("alt") or "", data.get("since"), data.get("close_up") or "",
                   bool(data.get("last_turn", False)))


class Renderer(Protocol):
    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None: ...
    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None: ...


@dataclass(frozen=True, slots=True)
class FunctionRenderer:
    """A ``Renderer`` from plain functions; any may be missing.  ``games`` lists the engines that have
    images (None: all), so a game without art is simply posted without one."""

    board: DrawFn | None
    hand: DrawFn | None
    games: Callable[[], Sequence[str]] | None = None
    player: PlayerFn | None = None
    everyone: DrawFn | None = None
    standings: StandingsFn | None = None
    board_since: SinceFn | None = None
    compact: CompactFn | None = None
    ratings: Callable[[str, Mapping[str, Any]], bytes] | None = None
    animation: DrawFn | None = None

    def _draws(self, engine: str) -> bool:
        return self.games is None or engine in self.games()

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self.board(engine, view, names) if self.board is not None and self._draws(engine) else None

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self.hand(engine, view, names) if self.hand is not None and self._draws(engine) else None

    def render_board_since(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                           since: Mapping[str, Any]) -> bytes | None:
        """The board with what was placed after the view ``since`` marked (``board_since``; else the plain board)."""
        if self.board_since is None:
            return self.render_board(engine, view, names)
        return self.board_since(engine, view, names, since) if self._draws(engine) else None

    def render_compact(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                       since: Mapping[str, Any] | None) -> bytes | None:
        """The compact close-up (``compact``); None for a game without one."""
        return self.compact(engine, view, names, since) if self.compact is not None and self._draws(engine) else None

    def render_player(self, engine: str, view: Mapping[str, Any], names: Sequence[str], seat: int) -> bytes | None:
        return self.player(engine, view, names, seat) if self.player is not None and self._draws(engine) else None

    def render_all(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return self.everyone(engine, view, names) if self.everyone is not None and self._draws(engine) else None

    def render_ratings(self, kind: str, view: Mapping[str, Any]) -> bytes | None:
        """A leaderboard or a profile (``render.ratings``)."""
        return self.ratings(kind, view) if self.ratings is not None else None

    def render_animation(self, engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        """A whole game's board history (``record``: :func:`game_record`) as an animated GIF."""
        return self.animation(engine, record, names) if self.animation is not None and self._draws(engine) else None

    def render_standings(self, engine: str, view: Mapping[str, Any], names: Sequence[str],
                         history: Sequence[Sequence[int]]) -> bytes | None:
        drawn = self.standings is not None and self._draws(engine)
        return self.standings(engine, view, names, history) if self.standings is not None and drawn else None


def installed_renderer() -> Renderer | None:
    """``render.draw_board``/``draw_hand``/``draw_player`` (for the games in ``render.games()``), or
    None when the package is not installed."""
    try:
        import render
    except ImportError:
        return None
    return FunctionRenderer(render.draw_board, render.draw_hand, render.games, render.draw_player,
                            render.draw_all_players, render.draw_standings, render.draw_board, _compact,
                            render.draw_ratings, _animation)


def _compact(engine: str, view: Mapping[str, Any], names: Sequence[str], since: Mapping[str, Any] | None
             ) -> bytes | None:
    """``render.draw_compact`` for the games that have a compact picture; None for the others."""
    import render

    return render.draw_compact(engine, view, names, since) if engine in render.compact_games() else None


def game_record(seats: int, seed: int, options: Mapping[str, Any], log: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """What an animation is drawn from: the game to replay (its log, not its views — a few kilobytes in the outbox
    where a hundred views would be megabytes)."""
    return {"seats": seats, "seed": seed, "options": dict(options), "log": [[seat, key] for seat, key in log]}


def _animation(engine: str, record: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """``render.animation.draw_animation`` of the game ``record`` tells, replayed here (a drawing worker)."""
    from render.animation import draw_animation

    views = board_history(engines.get(engine), int(record["seats"]), int(record["seed"]), record["options"],
                          [(int(seat), str(key)) for seat, key in record["log"]])
    return draw_animation(engine, views, names)


def seat_colour(seat: int | None) -> int | None:
    """The colour the images give ``seat`` (``render``'s palette: every game draws its seats so), as
    ``0xRRGGBB``; None for no seat, or when ``render`` is not installed."""
    if seat is None:
        return None
    try:
        from render.palette import player_colour
    except ImportError:
        return None
    red, green, blue = player_colour(seat)
    return red << 16 | green << 8 | blue


def _draw_now(renderer: Renderer, picture: Picture) -> bytes | None:
    with speaking(picture.language), _marking(picture):
        return _draw_as_told(renderer, picture)


def _marking(picture: Picture) -> contextlib.AbstractContextManager[None]:
    """What the picture's marks mean, as ``render`` is told it (``render.legend.marking_last_turn``)."""
    if not picture.last_turn:
        return contextlib.nullcontext()
    try:
        from render.legend import marking_last_turn
    except ImportError:
        return contextlib.nullcontext()
    return marking_last_turn()


def _draw_as_told(renderer: Renderer, picture: Picture) -> bytes | None:
    names = list(picture.names)
    if picture.kind == PictureKind.BOARD:
        if picture.since is not None and hasattr(renderer, "render_board_since"):
            since: bytes | None = renderer.render_board_since(picture.engine, picture.view, names, picture.since)
            return since
        return renderer.render_board(picture.engine, picture.view, names)
    if picture.kind == PictureKind.HAND:
        return renderer.render_hand(picture.engine, picture.view, names)
    return _draw_optional(renderer, picture, names)


def _draw_optional(renderer: Renderer, picture: Picture, names: list[str]) -> bytes | None:
    """The pictures beyond the two every renderer draws: each by its renderer method, which is optional (a test's
    renderer may lack it: no picture)."""
    kind, engine, view = picture.kind, picture.engine, picture.view
    calls: dict[PictureKind, tuple[str, tuple[object, ...]]] = {
        PictureKind.ALL: ("render_all", (engine, view, names)),
        PictureKind.COMPACT: ("render_compact", (engine, view, names, picture.since)),
        PictureKind.ANIMATION: ("render_animation", (engine, view, names)),
        PictureKind.STANDINGS: ("render_standings", (engine, view, names, picture.history)),
        **{rating: ("render_ratings", (kind, view)) for rating in RATING_PICTURES},
    }
    if picture.seat is not None:
        calls[PictureKind.PLAYER] = ("render_player", (engine, view, names, picture.seat))
    method, args = calls.get(kind, ("", ()))
    draw: Callable[..., bytes | None] | None = getattr(renderer, method, None) if method else None
    return None if draw is None else draw(*args)


#: Pictures of ratings (``render.ratings``): their view holds every text, already in the reader's language.
RATING_PICTURES = (PictureKind.LEADERBOARD, PictureKind.PROFILE)


#: The installed renderer of a worker process, made on its first drawing.
_WORKER_RENDERER: list[Renderer | None] = []


def _worker_renderer() -> Renderer | None:
    if not _WORKER_RENDERER:
        _WORKER_RENDERER.append(installed_renderer())
    return _WORKER_RENDERER[0]


def _draw_in_worker(picture: dict[str, Any]) -> bytes | None:
    renderer = _worker_renderer()
    return None if renderer is None else _draw_now(renderer, Picture.from_json(picture))





class PoolRenderer:
    """The installed renderer, drawing in worker processes (:class:`bot.workers.WorkerPool`).  Called
    directly, it draws in the caller's process."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = WorkerPool(workers or os.cpu_count() or 1)
        self._local = installed_renderer()

    def render_board(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return None if self._local is None else self._local.render_board(engine, view, names)

    def render_hand(self, engine: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
        return None if self._local is None else self._local.render_hand(engine, view, names)

    async def warm(self) -> int:
        """Start the workers and load the drawing code now, not on the first move's image."""
        return await self.pool.warm(_worker_renderer)

    async def draw(self, picture: Picture) -> bytes | None:
        image: bytes | None = await self.pool.run(_draw_in_worker, picture.to_json())
        return image

    def close(self) -> None:
        self.pool.close()


class DrawnCache:
    """Pictures once drawn, by a key that names everything they show (a replay's board: the game, the turn, the
    language and the names): the same picture asked for again — or while it is being drawn — is drawn once."""

    def __init__(self, capacity: int = 96) -> None:
        self._drawn: LRU[Hashable, bytes] = LRU(capacity)
        self._drawing: dict[Hashable, asyncio.Future[bytes | None]] = {}
        #: Pictures drawn (not found): for tests.
        self.draws = 0

    async def draw(self, renderer: Renderer, key: Hashable, picture: Picture) -> bytes | None:
        """The picture's image: kept, else drawn off the event loop (:func:`draw`) and kept; None if drawing failed
        (not kept: the next look tries again)."""
        kept = self._drawn.get(key)
        if kept is not None:
            return kept
        pending = self._drawing.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            self.draws += 1
            image = await draw(renderer, picture)
            if image is not None:
                self._drawn.put(key, image)
            future.set_result(image)
            return image
        finally:
            if not future.done():  # cancelled while drawing: whoever waits draws it again
                future.set_result(None)
            del self._drawing[key]


async def draw(renderer: Renderer, picture: Picture) -> bytes | None:
    """The picture drawn off the event loop — in the pool's worker processes for a :class:`PoolRenderer`,
    else in a worker thread; None if drawing fails (logged): a failed drawing costs the image, never the
    message."""
    try:
        if isinstance(renderer, PoolRenderer):
            return await renderer.draw(picture)
        return await asyncio.to_thread(_draw_now, renderer, picture)
    except Exception:
        log.exception("drawing a %s of %s failed", picture.kind, picture.engine)
        return None
