"""A finished game's rating update, from what the store keeps of it: the same function for a game as it ends
(the service, in the ending's transaction) and for a rebuild, so a rebuild equals the ratings made one by one.

Rated: a game that ended with a result (by the rules, a resignation — the resigner ranks last — or a vote after a
player's time ran out, which ranks them last), at a table not opened with ``rated:off``.  Abandoned and cancelled
games have no result and are never read here.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

from bot.ratings.model import Change, Holder, Player, Seat, Skill, rate, seat_players
from bot.store import GameRow, SeatRow, StaleRatings, Store
from bot.store.rating_rows import FinishedGame, RatingBasis, RatingChangeRow, RatingRow, RatingUpdate

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Times a game's end is committed at most when the ratings it was rated from keep changing before it commits (a
#: rebuild, other games of its server ending at once): each time it is rated afresh.
RATING_TRIES = 3


def rated(ending: FinishedGame) -> bool:
    """Whether the game changes ratings (see the module's docstring)."""
    ranks = ending.result.get("ranks") or []
    return ending.settings.get("rated", True) is not False and len(ranks) == len(ending.seats) >= 2


def players(ending: FinishedGame) -> list[Player | None]:
    holders = [Holder(s, u, q) for s, u, q in ending.holders]
    holders += [Holder(seat, user) for seat, user, _level, _name in ending.seats]
    return seat_players(len(ending.seats), [level for _s, _u, level, _n in ending.seats], holders, ending.actions)


def user_ids(ending: FinishedGame) -> list[int]:
    """Whose stored ratings the update reads (0 for the computer levels)."""
    return sorted({p.user_id for p in players(ending) if p is not None})


def update(ending: FinishedGame, basis: RatingBasis) -> RatingUpdate:
    """What ``ending`` does to the ratings read in ``basis`` (numbered after its last game)."""
    if not rated(ending):
        return RatingUpdate(ending.game_id, ending.guild_id, ending.engine, None)
    ranks = ending.result["ranks"]
    seats = [Seat(seat, int(ranks[seat]), player, "" if player is None or player.level else name)
             for (seat, _user, _level, name), player in zip(ending.seats, players(ending), strict=True)]
    known = {Player(u, v): skill(r) for (u, v), r in basis.ratings.items()}
    changes = rate(seats, known)
    if not changes:
        return RatingUpdate(ending.game_id, ending.guild_id, ending.engine, None)
    return RatingUpdate(ending.game_id, ending.guild_id, ending.engine, basis.last + 1,
                        tuple(_row(ending.engine, c) for c in changes))


def _row(engine: str, change: Change) -> RatingChangeRow:
    after = change.after
    return RatingChangeRow(change.seat, change.player.user_id, change.player.level, change.name, change.place,
                           change.before.mu, change.before.sigma,
                           RatingRow(engine, change.player.user_id, change.player.level, change.name, after.mu,
                                     after.sigma, after.games, after.wins, after.places))


def skill(row: RatingRow) -> Skill:
    return Skill(row.mu, row.sigma, row.games, row.wins, row.places)


async def rate_ending(store: Store, game: GameRow, seats: Sequence[SeatRow], result: Mapping[str, Any],
                      new_actions: Sequence[tuple[int, int]] = ()) -> RatingUpdate:
    """The update a game ending now with ``result`` makes, to be written by the call that ends it.  ``new_actions``:
    the (seq, seat) of the moves that end it, not stored yet."""
    holders, actions = await store.seat_history(game.id)
    ending = FinishedGame(game.id, game.guild_id, game.engine, game.settings, dict(result),
                          tuple((s.seat if s.seat is not None else i, s.user_id, s.level, s.name)
                                for i, s in enumerate(seats)),
                          holders, (*actions, *new_actions) if holders else ())
    if not rated(ending):
        return update(ending, RatingBasis(0, {}))
    basis = await store.rating_basis(game.guild_id, game.engine, user_ids(ending))
    return update(ending, basis)


async def rerated(commit: Callable[[], Awaitable[T]]) -> T:
    """``commit()`` — an ending's commit that rates it afresh each time it is called — tried again while only the
    ratings it was rated from went stale (:class:`bot.store.StaleRatings`: the board did not move, so the player's
    move must land), at most ``RATING_TRIES`` times; a board that moved on (any other ``StaleVersion``) is refused
    at once, as ever."""
    for attempt in range(1, RATING_TRIES):
        try:
            return await commit()
        except StaleRatings as err:
            log.info("an ending's ratings went stale (%s); rating it again (attempt %s)", err, attempt + 1)
    return await commit()
