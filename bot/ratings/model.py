"""The rating model: openskill's Plackett–Luce (free-for-all, 2–4 players, ties share a place).

A rating is a skill estimate μ with its uncertainty σ.  It is shown as one number that reads like Elo:
``1200 + 20 × (μ − 3σ)`` (:func:`shown`): the ordinal μ − 3σ is the skill we are fairly sure of, so a newcomer
(μ 25, σ 25/3) shows 1200 and rises as games make us surer; a settled average player (σ ≈ 2) shows about 1580,
and each skill point is 20 rating points.  The first :data:`PROVISIONAL_GAMES` games are "provisional".

Who a finished game rates (:func:`seat_players`): each seat's result goes to the member who held the seat for at
least half of the seat's turns (read from the log: a turn is a run of consecutive actions by that seat, whoever's
clock it was, so a move the bot played for an absent player counts for whoever held the seat then); among
several, the one with the most turns, on a tie the later holder.  A seat nobody held that long still takes part
(its place counts for the others) at a newcomer's rating, and nobody's rating changes for it.  Computer players
are rated per level (:data:`BOT`, the level); a level seated twice in one game is rated for its first seat only.

Pure: no database, no Discord; the service hands it the ratings it read and stores what it returns.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: Games after which a rating is no longer provisional.
PROVISIONAL_GAMES = 5
#: The shown number: ``BASE + SCALE × (μ − 3σ)``.
BASE, SCALE = 1200, 20
#: The user id computer players are rated under (their level tells them apart).
BOT = 0


@functools.cache
def _model() -> PlackettLuce:
    return PlackettLuce()


@dataclass(frozen=True, slots=True, order=True)
class Player:
    """Who a rating belongs to: a member (``level`` "") or a computer level (``user_id`` :data:`BOT`)."""

    user_id: int
    level: str = ""

    @staticmethod
    def of(user_id: int, level: str) -> Player:
        return Player(BOT, level) if level else Player(user_id)


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one game on one server, and what it rests on."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    places: int = 0          # the sum of places, for the average place

    @staticmethod
    def new() -> Skill:
        fresh = _model().rating()
        return Skill(fresh.mu, fresh.sigma)

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def shown(mu: float, sigma: float) -> int:
    """The number players read (see the module's docstring)."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at a finished game: its place (1 = first; ties share one) and who is rated for it (None: nobody)."""

    seat: int
    place: int
    player: Player | None
    name: str = ""


@dataclass(frozen=True, slots=True)
class Change:
    """What one game did to one player's rating."""

    seat: int
    player: Player
    name: str
    place: int
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown


def rate(seats: Sequence[Seat], known: Mapping[Player, Skill]) -> tuple[Change, ...]:
    """The new ratings of the players a game rates, from their ratings before it (``known``; a newcomer starts
    fresh).  Every seat takes part (its place counts for the others); the seats of :func:`_rated_seats` change."""
    rated = _rated_seats(seats)
    if len(seats) < 2 or not rated:
        return ()
    before = {s.seat: known.get(s.player, Skill.new()) if s.player else Skill.new() for s in seats}
    model = _model()
    teams = [[model.rating(mu=before[s.seat].mu, sigma=before[s.seat].sigma)] for s in seats]
    after = model.rate(teams, ranks=[float(s.place) for s in seats])
    changes = []
    for seat, [new] in zip(seats, after, strict=True):
        if seat.seat not in rated or seat.player is None:
            continue
        old = before[seat.seat]
        changes.append(Change(seat.seat, seat.player, seat.name, seat.place, old,
                              Skill(new.mu, new.sigma, old.games + 1, old.wins + (seat.place == 1),
                                    old.places + seat.place)))
    return tuple(changes)


def _rated_seats(seats: Sequence[Seat]) -> set[int]:
    """The seats whose player is rated: each player once (a computer level seated twice: its first seat)."""
    seen: set[Player] = set()
    rated = set()
    for seat in sorted(seats, key=lambda s: s.seat):
        if seat.player is not None and seat.player not in seen:
            seen.add(seat.player)
            rated.add(seat.seat)
    return rated


@dataclass(frozen=True, slots=True)
class Holder:
    """Someone who held a seat: until action ``until`` (inclusive; None: to the end of the game)."""

    seat: int
    user_id: int
    until: int | None = None


def seat_players(seat_count: int, levels: Sequence[str], holders: Sequence[Holder],
                 actions: Sequence[tuple[int, int]]) -> list[Player | None]:
    """Per seat, who its result rates (see the module's docstring).  ``levels`` per seat ('' for a person);
    ``holders`` every holder of every seat, the last of each with ``until`` None; ``actions`` the live (seq, seat)
    in order."""
    turns = _turns_by_holder(holders, actions)
    players: list[Player | None] = []
    for seat in range(seat_count):
        mine = [h for h in holders if h.seat == seat]
        counts = [turns.get(i, 0) for i, h in enumerate(holders) if h.seat == seat]
        total = sum(counts)
        best = max(range(len(mine)), key=lambda i: (counts[i], i), default=None)
        if best is None or 2 * counts[best] < total:
            players.append(None)
        else:
            players.append(Player.of(mine[best].user_id, levels[seat]))
    return players


def _turns_by_holder(holders: Sequence[Holder], actions: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Turns per holder (index into ``holders``): a run of consecutive actions by one seat is one turn, and it is
    the turn of whoever held the seat at its first action."""
    counts: dict[int, int] = {}
    previous = None
    for seq, seat in actions:
        if seat != previous:
            holder = _holder_at(holders, seat, seq)
            if holder is not None:
                counts[holder] = counts.get(holder, 0) + 1
        previous = seat
    return counts


def _holder_at(holders: Sequence[Holder], seat: int, seq: int) -> int | None:
    spans = sorted(((h.until if h.until is not None else float("inf"), i) for i, h in enumerate(holders)
                    if h.seat == seat))
    return next((i for until, i in spans if seq <= until), None)
