"""Every sentence about ratings: the end screen's ratings, the lobby's, ``/leaderboard`` and ``/profile``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _, ngettext
from bot.ratings.model import PROVISIONAL_GAMES, shown
from bot.store.rating_rows import RatingRow, RatingUpdate


def change(delta: int) -> str:
    """A rating's change as players read it: '+14', '−9' (a minus sign), '±0'."""
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"


def rating(value: int, provisional: bool) -> str:
    """'1214', or '1214?' while it is provisional (its first games)."""
    return _("{rating}?", rating=value) if provisional else str(value)


def provisional_key(any_provisional: bool) -> list[str]:
    """What the '?' means, under ratings that show one."""
    return [_("(? provisional: fewer than {games} rated games)", games=PROVISIONAL_GAMES)] if any_provisional \
        else []


def end_lines(update: RatingUpdate | None, names: Sequence[str]) -> list[str]:
    """The end screen's ratings: 'Ratings: Ann 1214 (+14) · Bot 1 (hard) 1650 (−3)'; nothing for an unrated game."""
    if update is None or not update.changes:
        return []
    parts = []
    provisional = False
    for c in sorted(update.changes, key=lambda c: (c.place, c.seat)):
        after = c.after
        new = shown(after.mu, after.sigma)
        provisional |= after.games < PROVISIONAL_GAMES
        parts.append(_("{name} {rating} ({change})", name=names[c.seat],
                       rating=rating(new, after.games < PROVISIONAL_GAMES),
                       change=change(new - shown(c.mu_before, c.sigma_before))))
    return [_("Ratings: {ratings}", ratings=" · ".join(parts)), *provisional_key(provisional)]


def unrated_line() -> str:
    return _("This game was not rated (chosen when it was opened).")


def unrated_lobby() -> str:
    return _("Rated: off (this game changes no rating).")


def lobby_rating(row: RatingRow | None) -> str:
    """A seated player's rating in the lobby: '1214', or 'unrated'."""
    if row is None:
        return _("unrated")
    return rating(shown(row.mu, row.sigma), row.games < PROVISIONAL_GAMES)


def seated_ratings(names: Sequence[str], ratings: Sequence[RatingRow | None]) -> str:
    """'Ratings: Ann 1214 · Bo unrated'."""
    return _("Ratings: {ratings}", ratings=" · ".join(
        f"{name} {lobby_rating(row)}" for name, row in zip(names, ratings, strict=True)))


def computer(level: str) -> str:
    """A computer level as it is rated: 'Computer (hard)'."""
    return _("Computer ({level})", level=level)


def leaderboard_head(title: str) -> str:
    return _("**{game} — this server's leaderboard**", game=title)


def leaderboard_line(place: int, name: str, row: RatingRow) -> str:
    return _("{place}. {name} — {rating} · {games} · {wins}", place=place, name=name,
             rating=rating(shown(row.mu, row.sigma), row.games < PROVISIONAL_GAMES), games=games(row.games),
             wins=wins(row.wins))


def games(count: int) -> str:
    return ngettext("{count} game", "{count} games", count, count=count)


def wins(count: int) -> str:
    return ngettext("{count} win", "{count} wins", count, count=count)


def your_place(place: int, rated: int, row: RatingRow) -> str:
    return _("Your place: {place} of {rated} — {rating}", place=place, rated=rated,
             rating=rating(shown(row.mu, row.sigma), row.games < PROVISIONAL_GAMES))


def not_rated_yet(title: str) -> str:
    return _("You have no rated game of {game} on this server yet.", game=title)


def nobody_rated(title: str) -> str:
    return _("Nobody has a rated game of {game} on this server yet: finish one!", game=title)


def only_in_a_server(command: str) -> str:
    """``command``: "leaderboard" or "profile"."""
    if command == "profile":
        return _("Use `/profile` in a server: ratings are per server.")
    return _("Use `/leaderboard` in a server: ratings are per server.")


def which_game(games: str) -> str:
    return _("Which game? Name one of: {games}.", games=games)


def profile_head(name: str) -> str:
    return _("**{name} — ratings on this server**", name=name)


def profile_line(title: str, row: RatingRow) -> str:
    average = format(row.places / row.games, ".1f") if row.games else "–"
    return _("{game}: {rating} · {games} · {wins} · average place {place}", game=title,
             rating=rating(shown(row.mu, row.sigma), row.games < PROVISIONAL_GAMES), games=games(row.games),
             wins=wins(row.wins), place=average)


def recent_head() -> str:
    return _("Recent results:")


def recent_line(title: str, game_id: int, place: int, players: int, delta: int) -> str:
    return _("{game} #{id}: place {place} of {players} ({change})", game=title, id=game_id, place=place,
             players=players, change=change(delta))


def no_profile(name: str) -> str:
    return _("{name} has no rated game on this server yet.", name=name)


def leaderboard_alt(title: str, lines: Sequence[str]) -> str:
    return _("Leaderboard of {game}: {lines}", game=title, lines="; ".join(lines))


def profile_alt(name: str, lines: Sequence[str]) -> str:
    return _("Ratings of {name}: {lines}", name=name, lines="; ".join(lines))


def leaderboard_heads() -> list[str]:
    """The leaderboard picture's column heads: place, name, rating, games, wins."""
    return ["#", _("Name"), _("Rating"), _("Games"), _("Wins")]
