"""The rows of ratings, as the store reads and writes them (no database code, no rating model here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's rating in one game on one server (a computer level: ``user_id`` 0 and its ``level``)."""

    engine: str
    user_id: int
    level: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    places: int                 # the sum of places: the average place is places / games


@dataclass(frozen=True, slots=True)
class RatingChangeRow:
    """What one rated game did to one player: their place, and their rating before and after."""

    seat: int
    user_id: int
    level: str
    name: str
    place: int
    mu_before: float
    sigma_before: float
    after: RatingRow


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """What a finished game does to the ratings, written in the transaction that ends it.  ``n``: its place in
    the order its server's games of that engine were rated (1, 2, …), or None for a game that rates nobody (it is
    recorded all the same, as taken account of).  It is stamped with the time the game ended (``games.updated_at``)."""

    game_id: int
    guild_id: int
    engine: str
    n: int | None
    changes: tuple[RatingChangeRow, ...] = ()


@dataclass(frozen=True, slots=True)
class RatingBasis:
    """What rating a game at its end reads: the ratings of who may be rated, and the order's last number."""

    last: int                                   # the highest ``n`` of the server's games of that engine so far
    ratings: dict[tuple[int, str], RatingRow]   # by (user id, level)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as rating reads it: as it ends (``bot.ratings.games.rate_ending``), or read back for a
    rebuild or when it finished before ratings existed (``ended``, ``n`` and ``taken`` are then known)."""

    game_id: int
    guild_id: int
    engine: str
    settings: dict[str, Any]
    result: dict[str, Any]
    seats: tuple[tuple[int, int, str, str], ...]   # (seat, user id, level, name), by seat
    holders: tuple[tuple[int, int, int], ...] = ()  # earlier holders: (seat, user id, until action)
    actions: tuple[tuple[int, int], ...] = field(default=(), repr=False)  # live (seq, seat), if there are holders
    ended: float = 0.0          # when it was rated (taken account of), else when it ended
    n: int | None = None        # its order when it was rated (None: not rated yet)
    taken: bool = False         # already taken account of (rated or not)


@dataclass(frozen=True, slots=True)
class RatedGameRow:
    """One rated game of a player, for their profile: the game, their place, their rating after it."""

    game_id: int
    engine: str
    place: int
    players: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    rated_at: float
