"""Ratings through the table service, on both backends: a game's rating is written with its end and shown on
its end screen; resigns, abandoned games, ``rated:off``, computer players and replaced seats; a rebuild equals
the ratings made one by one; ``/leaderboard`` and ``/profile``."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.ratings.model import BOT, PROVISIONAL_GAMES, shown
from bot.ratings.rebuild import catch_up, rebuild
from bot.rendering import Picture
from bot.scheduler import Scheduler
from bot.store import StaleVersion, Status, Store
from bot.store.rating_rows import RatingUpdate
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Problem, Reply, User
from tests.bot.helpers import ANN, BO, CHANNEL, CY, DEE, GUILD, FakeClock, ok, play, player_to_act, started
from tests.bot.tinygame import lookup
from tests.sql import rows

SNAPSHOT = ("SELECT guild_id, engine, user_id, level, name, mu, sigma, games, wins, places FROM ratings "
            "ORDER BY guild_id, engine, user_id, level",
            "SELECT game_id, guild_id, engine, n, rated_at FROM rated_games ORDER BY game_id",
            "SELECT game_id, seat, user_id, level, place, mu_before, sigma_before, mu, sigma FROM rating_changes "
            "ORDER BY game_id, seat")


async def snapshot(store: Store) -> list[list[tuple[Any, ...]]]:
    return [await rows(store, sql) for sql in SNAPSHOT]


async def finish(service: TableService, channel: int = CHANNEL) -> Reply:
    """Play the channel's Sprint game to its end (everyone steps twice, then ends); the last reply."""
    for _ in range(200):
        snap = await service.snapshot(channel)
        if snap.game.status is not Status.RUNNING:
            break
        last = ok(await play(service, "step" if snap.move_number is not None and snap.move_number % 3 < 2
                             else "end", channel))
    assert snap.game.status is Status.FINISHED
    return last


async def test_a_finished_game_is_rated_as_it_ends_and_its_end_screen_shows_it(service: TableService,
                                                                              store: Store) -> None:
    game_id = await started(service, 2, target=4)
    last = await finish(service)
    game = await store.get_game(game_id)
    assert game is not None and game.result is not None
    winner = [ANN, BO][game.result["ranks"].index(1)]
    board = await store.leaderboard(GUILD, "sprint", 10)
    assert (board[0].user_id, board[0].games, board[0].wins) == (winner.id, 1, 1)
    assert [r.games for r in board] == [1, 1] and sum(r.wins for r in board) == 1
    assert await rows(store, "SELECT game_id, n FROM rated_games") == [(game_id, 1)]
    # The end post: each player's new rating (provisional: a first game) and its change.
    assert last.post is not None
    line = next(x for x in last.post.text.split("\n") if x.startswith("Ratings: "))
    for row in board:
        change = shown(row.mu, row.sigma) - 1200
        sign = f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"
        assert f"{row.name} {shown(row.mu, row.sigma)}? ({sign})" in line
    assert "provisional" in last.post.text


async def test_a_resign_ranks_the_resigner_last(service: TableService, store: Store) -> None:
    game_id = await started(service, 3, target=40)
    ok(await play(service, "step"))
    ok(await service.resign(CHANNEL, BO))
    changes = await rows(store, f"SELECT user_id, place, mu FROM rating_changes WHERE game_id = {game_id} "
                                "ORDER BY place")
    assert len(changes) == 3 and changes[-1][:2] == (BO.id, 3)
    assert changes[-1][2] == min(mu for _u, _p, mu in changes) < 25


async def test_abandoned_and_cancelled_games_are_not_rated(service: TableService, store: Store) -> None:
    await started(service, 2)
    ok(await play(service, "step"))
    ok(await service.abandon(CHANNEL, ANN))
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3))
    ok(await service.cancel(CHANNEL, ANN))
    assert await snapshot(store) == [[], [], []]
    assert await catch_up(store) == 0 and await snapshot(store) == [[], [], []]


async def test_a_table_opened_with_rated_off_changes_no_rating(service: TableService, store: Store) -> None:
    created = ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2, options={"target": 4}, rated=False))
    assert created.post is not None and "Rated: off" in created.post.text
    ok(await service.join(CHANNEL, BO))
    last = await finish(service)
    assert last.post is not None and "was not rated" in last.post.text and "Ratings:" not in last.post.text
    assert await rows(store, "SELECT game_id, n FROM rated_games") == [(created.game_id, None)]
    assert await rows(store, "SELECT * FROM ratings") == []
    assert await catch_up(store) == 0  # taken account of: not rated at the next start either


async def test_computer_players_are_rated_per_level(service: TableService, store: Store) -> None:
    for channel, level in ((CHANNEL, "hard"), (CHANNEL + 1, "hard"), (CHANNEL + 2, "easy")):
        ok(await service.create("sprint", GUILD, channel, ANN, seats=2, bots=1, level=level))
        ok(await service.resign(channel, ANN))
    board = await store.leaderboard(GUILD, "sprint", 10)
    assert [(r.user_id, r.level, r.games, r.wins) for r in board] == [(BOT, "hard", 2, 2), (BOT, "easy", 1, 1),
                                                                       (ANN.id, "", 3, 0)]
    reply = ok(await service.leaderboard(GUILD, ANN, "sprint"))
    assert "1. Computer (hard) — " in reply.text and "3. Ann — " in reply.text
    assert "Your place: 3 of 3" in reply.text


async def test_a_player_replaced_before_playing_is_not_rated_and_the_newcomer_is(service: TableService,
                                                                                store: Store) -> None:
    game_id = await started(service, 2, target=4)
    ok(await service.replace(CHANNEL, BO, CY))  # before Bo played a turn
    assert await rows(store, f"SELECT seat, user_id, until_seq FROM seat_holders WHERE game_id = {game_id}") == [
        (next(s.seat for s in await store.seats(game_id) if s.user_id == CY.id), BO.id, 0)]
    await finish(service)
    rated = {u for (u,) in await rows(store, "SELECT user_id FROM ratings")}
    assert rated == {ANN.id, CY.id}


async def test_the_end_and_its_rating_land_together_or_not_at_all(service: TableService, store: Store) -> None:
    game_id = await started(service, 2)
    game = await store.get_game(game_id)
    assert game is not None
    result = {"scores": [1, 0], "ranks": [1, 2], "detail": ""}
    stale = RatingUpdate(game_id, GUILD, "sprint", 2)  # numbered as if a game had been rated meanwhile
    with pytest.raises(StaleVersion):
        await store.end_game(game_id, game.version, Status.FINISHED, result, "", rating=stale)
    after = await store.get_game(game_id)
    assert after is not None and after.status is Status.RUNNING and await snapshot(store) == [[], [], []]


async def play_some_games(service: TableService) -> None:
    """Games of 2, 3 and 4 players, one resigned, one against a computer, a tie-free mix of winners."""
    for channel, players, seed in ((CHANNEL, 2, 1), (CHANNEL + 1, 3, 2), (CHANNEL + 2, 4, 3), (CHANNEL + 3, 2, 4)):
        await started(service, players, channel=channel, seed=seed, target=4)
        await finish(service, channel)
    await started(service, 3, channel=CHANNEL + 4, seed=5, target=40)
    ok(await service.resign(CHANNEL + 4, CY))
    ok(await service.create("sprint", GUILD, CHANNEL + 5, DEE, seats=2, bots=1, level="normal"))
    ok(await service.resign(CHANNEL + 5, DEE))


async def test_a_rebuild_equals_the_ratings_made_one_by_one(service: TableService, store: Store) -> None:
    await play_some_games(service)
    incremental = await snapshot(store)
    assert len(incremental[1]) == 6 and [n for _g, _s, _e, n, _t in incremental[1]] == [1, 2, 3, 4, 5, 6]
    await rebuild(store)
    assert await snapshot(store) == incremental
    await rebuild(store)  # idempotent
    assert await snapshot(store) == incremental
    # Ratings wiped (a database from before ratings): the start's catch-up rates the games in the order they ended.
    await store.replace_ratings([])
    assert await catch_up(store) == 6
    assert await snapshot(store) == incremental


async def test_leaderboard_and_profile(service: TableService, store: Store) -> None:
    await play_some_games(service)
    board = ok(await service.leaderboard(GUILD, ANN, "sprint"))
    lines = board.text.split("\n")
    assert lines[0] == "**Sprint — this server's leaderboard**"
    ranked = await store.leaderboard(GUILD, "sprint", 10)
    assert len(lines) == 1 + len(ranked) + 1 and len(ranked) == 5  # four members and one computer level
    assert [shown(r.mu, r.sigma) for r in ranked] == sorted((shown(r.mu, r.sigma) for r in ranked), reverse=True)
    place = 1 + [r.user_id for r in ranked].index(ANN.id)
    assert lines[-1].startswith(f"Your place: {place} of 5 — ")
    picture = board.picture
    assert isinstance(picture, Picture) and picture.kind == "leaderboard"
    assert [row[1] for row in picture.view["rows"]] == [r.name if not r.level else "⚙ Computer (normal)"
                                                       for r in ranked]
    assert [row[-1] for row in picture.view["rows"]] == [r.user_id == ANN.id for r in ranked]
    # The game named by its command or left out (the caller's most played); refusals change nothing.
    assert ok(await service.leaderboard(GUILD, ANN)).text == board.text
    assert (await service.leaderboard(None, ANN)).problem is Problem.BAD_REQUEST
    unknown = await service.leaderboard(GUILD, ANN, "chess")
    assert unknown.problem is Problem.BAD_REQUEST and "Which game?" in unknown.text
    nobody = ok(await service.leaderboard(GUILD + 1, ANN, "sprint"))
    assert "Nobody has a rated game of Sprint" in nobody.text

    profile = ok(await service.profile(GUILD, ANN))
    mine = next(r for r in ranked if r.user_id == ANN.id)
    assert profile.text.split("\n")[:2] == [
        "**Ann — ratings on this server**",
        f"Sprint: {shown(mine.mu, mine.sigma)}{'?' if mine.games < PROVISIONAL_GAMES else ''} · {mine.games} games · "
        f"{mine.wins} win{'s' if mine.wins != 1 else ''} · average place {mine.places / mine.games:.1f}"]
    assert "Recent results:" in profile.text and "Sprint #5: place " in profile.text
    chart = profile.picture
    assert isinstance(chart, Picture) and chart.kind == "profile"
    [[label, points]] = chart.view["series"]
    assert label == "Sprint" and len(points) == mine.games + 1 and points[0] == 1200
    assert points[-1] == shown(mine.mu, mine.sigma)
    assert "has no rated game" in ok(await service.profile(GUILD, User(999, "Zed"))).text


async def test_the_lobby_shows_each_seated_players_rating(service: TableService, store: Store) -> None:
    await started(service, 2, target=4)
    await finish(service)
    ann = next(r for r in await store.leaderboard(GUILD, "sprint", 10) if r.user_id == ANN.id)
    created = ok(await service.create("sprint", GUILD, CHANNEL + 1, ANN, seats=3))
    assert created.post is not None and f"Ratings: Ann {shown(ann.mu, ann.sigma)}?" in created.post.text
    joined = ok(await service.join(CHANNEL + 1, DEE))
    [edit] = joined.outbox
    assert f"Ratings: Ann {shown(ann.mu, ann.sigma)}? · Dee unrated" in getattr(edit, "text", "")


async def test_a_game_ended_by_vote_ranks_the_absent_player_last(timed: TableService, clock: FakeClock) -> None:
    ok(await timed.create("sprint", GUILD, CHANNEL, ANN, seats=3, pace="daily", deadline="vote"))
    for user in (BO, CY):
        ok(await timed.join(CHANNEL, user))
    absent = await player_to_act(timed)
    others = [u for u in (ANN, BO, CY) if u != absent]
    await Scheduler(timed).tick(clock.at(24))  # the deadline passes: a vote opens
    for voter in others:
        last = ok(await timed.vote(None, voter, "end", game_id=1))
    assert last.post is not None and "Ratings: " in last.post.text
    changes = await rows(timed.store, "SELECT user_id, place FROM rating_changes ORDER BY place, seat")
    assert len(changes) == 3 and changes[-1] == (absent.id, 3)


async def test_python_m_bot_ratings_rebuild_restores_the_ratings(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    store = SqliteStore(path, sync_interval=0)
    await store.open()
    try:
        service = TableService(store, engines_lookup=lookup)
        await started(service, 3, target=40)
        ok(await service.resign(CHANNEL, CY))
        rated = await snapshot(store)
        await store.replace_ratings([])  # as if lost
    finally:
        await store.close()
    env = {**os.environ, "DATABASE_PATH": str(path), "DATABASE_URL": "", "PYTHONPATH": str(Path(__file__).parents[2])}
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.ratings", "rebuild"],
                                   capture_output=True, text=True, check=False, cwd=tmp_path, env=env)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "rebuilt games=1 rated=1 changes=3\n"
    store = SqliteStore(path, sync_interval=0)
    await store.open()
    try:
        assert await snapshot(store) == rated
    finally:
        await store.close()
