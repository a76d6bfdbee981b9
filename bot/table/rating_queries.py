"""``/leaderboard`` and ``/profile``: a server's ratings, read and worded, with their pictures.

Both answer with text (the caller's alone unless they ask for it public) and a picture drawn like every other
(``Picture`` kinds "leaderboard" and "profile", :mod:`render.ratings`), whose view carries its texts already in
the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ratings.model import PROVISIONAL_GAMES, shown
from bot.rendering import Picture, PictureKind
from bot.store.rating_rows import RatedGameRow, RatingRow
from bot.table import wording_rating
from bot.table.announce import BOT_MARK
from bot.table.errors import TableError, replies
from bot.table.results import Problem, Reply, User
from bot.table.tables import Tables
from bot.text import plain_name
from engines import registry

#: Players a leaderboard lists, and results a profile tells.
TOP, RECENT = 10, 5
#: Rated games a profile's chart reads.
CHARTED = 200


class RatingQueries:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    @replies
    async def leaderboard(self, guild_id: int | None, user: User, game: str | None = None) -> Reply:
        """This server's top :data:`TOP` in one game and the caller's own place; ``game``: a command, alias or
        engine name (else the game the caller has played most here)."""
        guild = _guild(guild_id, "leaderboard")
        engine = await self._engine(guild, user, game)
        title = self.tables.title(engine)
        top = await self.store.leaderboard(guild, engine, TOP)
        if not top:
            return Reply(wording_rating.nobody_rated(title), engine=engine)
        place, rated, mine = await self.store.rating_place(guild, engine, user.id)
        lines = [wording_rating.leaderboard_head(title)]
        lines += [wording_rating.leaderboard_line(i, _name(r), r) for i, r in enumerate(top, start=1)]
        rows = [[i, _drawn(r), _rating(r), r.games, r.wins, _is(r, user.id)] for i, r in enumerate(top, start=1)]
        if mine is None:
            lines.append(wording_rating.not_rated_yet(title))
        else:
            lines.append(wording_rating.your_place(place, rated, mine))
            if place > TOP:
                rows.append([place, _drawn(mine), _rating(mine), mine.games, mine.wins, True])
        heads = wording_rating.leaderboard_heads()
        view = {"title": plain_name(lines[0].strip("*")), "heads": heads, "rows": rows}
        alt = wording_rating.leaderboard_alt(title, [plain_name(line) for line in lines[1:]])
        picture = Picture(engine, PictureKind.LEADERBOARD, view, (), alt=alt)
        return Reply("\n".join(lines), engine=engine, picture=picture)

    @replies
    async def profile(self, guild_id: int | None, member: User) -> Reply:
        """A member's ratings on this server: per game their rating, games, wins and average place, their recent
        results, and a chart of their ratings over their games."""
        guild = _guild(guild_id, "profile")
        ratings = await self.store.player_ratings(guild, member.id)
        if not ratings:
            return Reply(wording_rating.no_profile(member.name))
        games = await self.store.rated_games(guild, member.id, limit=CHARTED)
        lines = [wording_rating.profile_line(self.tables.title(r.engine), r) for r in ratings]
        recent = [wording_rating.recent_line(self.tables.title(g.engine), g.game_id, g.place, g.players, _delta(g))
                  for g in games[:RECENT]]
        text = [wording_rating.profile_head(member.name), *lines]
        if recent:
            text += [wording_rating.recent_head(), *recent]
        view = {"title": plain_name(text[0].strip("*")), "lines": [plain_name(line) for line in lines],
                "series": _series(self.tables, ratings, games)}
        alt = wording_rating.profile_alt(member.name, [plain_name(line) for line in text[1:]])
        picture = Picture(ratings[0].engine, PictureKind.PROFILE, view, (), alt=alt)
        return Reply("\n".join(text), picture=picture)

    async def _engine(self, guild: int, user: User, game: str | None) -> str:
        if game:
            try:
                return registry.find(game).name
            except KeyError:
                pass
            try:  # an engine the service knows outside the registry (by its engine name)
                return self.tables.engine(game.strip()).name
            except TableError:
                raise TableError(Problem.BAD_REQUEST, wording_rating.which_game(_commands())) from None
        mine = await self.store.player_ratings(guild, user.id)
        if mine:
            return max(mine, key=lambda r: (r.games, r.engine)).engine
        everyone = registry.all_games()
        if len(everyone) == 1:
            return everyone[0].name
        raise TableError(Problem.BAD_REQUEST, wording_rating.which_game(_commands()))


def _guild(guild_id: int | None, command: str) -> int:
    if not guild_id:
        raise TableError(Problem.BAD_REQUEST, wording_rating.only_in_a_server(command))
    return guild_id


def _commands() -> str:
    return ", ".join(f"`{g.command}`" for g in registry.all_games())


def _name(row: RatingRow) -> str:
    return wording_rating.computer(row.level) if row.level else row.name


def _drawn(row: RatingRow) -> str:
    """A name as an image draws it: literally, a computer level marked as the boards mark computer players."""
    return BOT_MARK + wording_rating.computer(row.level) if row.level else plain_name(row.name)


def _rating(row: RatingRow) -> str:
    return wording_rating.rating(shown(row.mu, row.sigma), row.games < PROVISIONAL_GAMES)


def _is(row: RatingRow, user_id: int) -> bool:
    return not row.level and row.user_id == user_id


def _delta(game: RatedGameRow) -> int:
    return shown(game.mu, game.sigma) - shown(game.mu_before, game.sigma_before)


def _series(tables: Tables, ratings: Sequence[RatingRow], games: Sequence[RatedGameRow]) -> list[list[object]]:
    """Per game (as ``ratings`` orders them), the rating before the first charted game and after each, oldest
    first."""
    series: list[list[object]] = []
    for row in ratings:
        mine = [g for g in reversed(games) if g.engine == row.engine]
        if mine:
            points = [shown(mine[0].mu_before, mine[0].sigma_before), *(shown(g.mu, g.sigma) for g in mine)]
            series.append([tables.title(row.engine), points])
    return series
