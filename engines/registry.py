"""One registry of games: each game package declares itself once, as ``GAME = GameInfo(...)``.

Everything that lists, names or offers games (the Discord commands, the console, the renderer)
reads this registry, so adding a fifth game touches that game's own packages only: an engine
package ``engines/<pkg>/`` that defines ``GAME`` is found by looking, and its images are
``render/<pkg>/`` by the same package name.

>>> from engines import registry
>>> registry.find("burgundy").name
'castles-of-burgundy'
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass, field, replace
from importlib import import_module
from pathlib import Path
from typing import Any

from engines.core import AnyEngine
from engines.i18n import N_, ViewWords


@dataclass(frozen=True, slots=True)
class GameOption:
    """A choice offered when a table is opened (``/burgundy new boards:advanced``)."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not one of {self.choices}")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's identity in one place.

    ``name`` is the engine's name (stored with every game); ``command`` the slash-command group
    (``/burgundy``); ``aliases`` more names the console and lookups accept.  ``order`` places the
    game in lists.  ``player_boards``: each player has an area of their own that can be drawn
    alone (``render.draw_player``).  ``view_seats``: fields of the game's views that hold seats (0-based), beyond
    the names every game uses (``seat``, ``to_act``, ``owner``, ``winner`` …), so a text of the view can count
    them from 1 as players do.  ``view_words``: the words the game's views are written in (field names, and values
    such as colours and kinds), so a text of the view reads in the game's language (``engines.i18n.ViewWords``;
    None: as the view has them, English).  ``package`` is filled in by the registry."""

    engine: AnyEngine
    command: str
    summary: str                      # one line, e.g. for the command group's description
    aliases: tuple[str, ...] = ()
    options: tuple[GameOption, ...] = ()
    player_boards: bool = False
    score_unit: str = N_("points")    # what a score counts, for people: "VP", "pieces built" … (marked N_ in the game)
    view_seats: tuple[str, ...] = ()
    view_words: ViewWords | None = field(default=None, compare=False)
    order: int = 100
    package: str = field(default="", compare=False)

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def min_seats(self) -> int:
        return self.engine.min_seats

    @property
    def max_seats(self) -> int:
        return self.engine.max_seats

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this game answers to, the engine's name first."""
        return tuple(dict.fromkeys(n.casefold() for n in (self.name, self.command, *self.aliases)))

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


_GAMES: dict[str, GameInfo] | None = None


def _discover() -> dict[str, GameInfo]:
    """Every package under ``engines/`` that declares ``GAME``, in listing order.  The folder is this module's
    own (not ``engines.__path__``: importing the package from here would make an import cycle)."""
    found = []
    for module in pkgutil.iter_modules([str(Path(__file__).resolve().parent)]):
        if not module.ispkg:
            continue
        info = getattr(import_module(f"engines.{module.name}"), "GAME", None)
        if isinstance(info, GameInfo):
            found.append(replace(info, package=module.name))
    found.sort(key=lambda info: (info.order, info.name))
    games: dict[str, GameInfo] = {}
    for info in found:
        for name in info.names:
            if name in games:
                raise RuntimeError(f"game name {name!r} is claimed by both {games[name].name} and {info.name}")
            games[name] = info
    return games


def _games() -> dict[str, GameInfo]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _discover()
    return _GAMES


def all_games() -> tuple[GameInfo, ...]:
    """Every game, once each, in listing order."""
    seen: dict[str, GameInfo] = {}
    for info in _games().values():
        seen.setdefault(info.name, info)
    return tuple(seen.values())


def find(name: str) -> GameInfo:
    """The game answering to ``name`` (engine name, command or alias; any case); ``KeyError`` lists them."""
    info = _games().get(name.strip().casefold())
    if info is None:
        known = ", ".join(f"{g.command} ({g.name})" for g in all_games())
        raise KeyError(f"no game {name!r}; available: {known}")
    return info

