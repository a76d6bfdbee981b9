"""The bot's renderer draws in worker processes: the same bytes as drawing in the bot's own process,
drawn elsewhere, several at once."""

from __future__ import annotations

import asyncio
import os

import engines
import render
from bot.rendering import Picture, PoolRenderer, _draw_in_worker, draw


def _pid(_: object) -> int:
    return os.getpid()


async def test_the_pool_draws_what_the_process_would_in_other_processes() -> None:
    engine = engines.get("burgenland")
    pictures = [Picture("burgenland", "board", engine.view(engine.new_game(3, seed), None), ("Ann", "Bo", "Cy"))
                for seed in range(4)]
    pool = PoolRenderer(2)
    try:
        assert await pool.warm() == 2  # both workers started, the drawing code loaded
        drawn = await asyncio.gather(*(draw(pool, p) for p in pictures))
        assert drawn == [render.draw_board("burgenland", p.view, list(p.names)) for p in pictures]
        pids = set(await asyncio.gather(*(pool.pool.run(_pid, i) for i in range(4))))
        assert os.getpid() not in pids
    finally:
        pool.close()


def test_a_worker_draws_a_picture_given_as_json() -> None:
    engine = engines.get("burgen-land")
    picture = Picture("burgen-land", "hand", engine.view(engine.new_game(2, 1), 0), ("Ann", "Bo"), 0)
    assert _draw_in_worker(picture.to_json()) == render.draw_hand("burgen-land", picture.view, ["Ann", "Bo"])


def test_a_pictures_alt_text_survives_the_outbox_and_older_rows_read_without_one() -> None:
    engine = engines.get("burgen-land")
    picture = Picture("burgen-land", "board", engine.view(engine.new_game(2, 1), None), ("Ann", "Bo"),
                      alt="Burgen Land, game #1: the board.")
    assert Picture.from_json(picture.to_json()) == picture
    older = {k: v for k, v in picture.to_json().items() if k != "alt"}  # queued before alt text existed
    assert Picture.from_json(older).alt == ""
