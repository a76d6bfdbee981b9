"""Render benchmark: ``python bench/render.py burgenland [--seconds 5]``.

Plays seeded random games (2 to max players), takes positions spread over each game,
then renders them for a few seconds.  One sample = what the table service draws after a move that hands the
turn on: the public board marked with what changed since an earlier view (``since``, a few steps per seat
before), the acting seat's hand, and the turn post's compact close-up (``draw_compact`` with the same
``since``); the plain board is timed too.  Views are built before timing;
the static layers are warmed first (a process draws them once).  Then the end screen of a
finished game per player count (``draw_standings`` with the replayed score history) and, for
games with player boards, every estate at once (``draw_all_players``).  Ends with one line:

    burgenland render_p50_ms=<x> render_p99_ms=<y> png_kb_max=<z> standings_ms=<p50> standings_max_ms=<max>
        compact_p50_ms=<c> compact_p99_ms=<d>

(``render`` is the whole sample: the marked board, the hand and the close-up.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines
import render
from engines import registry
from render.gallery import NAMES, SINCE_STEPS, finished_game, random_playout

POSITIONS_PER_GAME = 24
MIN_SAMPLES = 50


Sample = tuple[dict[str, Any], dict[str, Any], list[str], dict[str, Any]]


def collect(game: str, seeds: range) -> list[Sample]:
    """(public view, a seat's view, names, an earlier public view) for positions spread over several games."""
    engine = engines.get(game)
    samples = []
    for players in range(engine.min_seats, engine.max_seats + 1):
        for seed in seeds:
            states = random_playout(game, players, seed)
            step = max(1, len(states) // POSITIONS_PER_GAME)
            for i in range(0, len(states), step):
                state = states[i]
                acting = engine.to_act(state)
                seat = acting[0] if acting else (i // step) % players
                earlier = states[max(0, i - SINCE_STEPS * players)]
                samples.append((engine.view(state, None), engine.view(state, seat), list(NAMES[:players]),
                                engine.view(earlier, None)))
    return samples


def time_standings(game: str, rounds: int = 5) -> tuple[list[float], list[float]]:
    """Milliseconds per end screen (a finished game per player count, warmed once) and per all-players
    image (games with player boards), each drawn ``rounds`` times."""
    info = registry.find(game)
    finished = [(finished_game(game, n, seed=1), list(NAMES[:n])) for n in range(info.min_seats, info.max_seats + 1)]
    standings: list[float] = []
    everyone: list[float] = []
    for (view, history), names in finished:
        render.draw_standings(game, view, names, history)
        if info.player_boards:
            render.draw_all_players(game, view, names)
        for _ in range(rounds):
            t0 = time.perf_counter()
            render.draw_standings(game, view, names, history)
            standings.append((time.perf_counter() - t0) * 1000)
            if info.player_boards:
                t0 = time.perf_counter()
                render.draw_all_players(game, view, names)
                everyone.append((time.perf_counter() - t0) * 1000)
    return standings, everyone


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=render.games())
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()

    samples = collect(args.game, range(1, 4))
    for public, own, names, since in samples[:3]:  # warm the static layers and sprite caches
        render.draw_board(args.game, public, names, since)
        render.draw_hand(args.game, own, names)
        render.draw_compact(args.game, public, names, since)

    # Interleave player counts and phases so that a short run still samples them all.
    random.Random(0).shuffle(samples)
    totals: list[float] = []
    boards: list[float] = []
    marked: list[float] = []
    hands: list[float] = []
    compacts: list[float] = []
    png_max = 0
    deadline = time.perf_counter() + args.seconds
    i = 0
    while time.perf_counter() < deadline or i < MIN_SAMPLES:
        public, own, names, since = samples[i % len(samples)]
        t0 = time.perf_counter()
        board = render.draw_board(args.game, public, names, since)
        t1 = time.perf_counter()
        hand = render.draw_hand(args.game, own, names)
        t2 = time.perf_counter()
        close_up = render.draw_compact(args.game, public, names, since)
        t3 = time.perf_counter()
        render.draw_board(args.game, public, names)
        t4 = time.perf_counter()
        marked.append((t1 - t0) * 1000)
        hands.append((t2 - t1) * 1000)
        compacts.append((t3 - t2) * 1000)
        boards.append((t4 - t3) * 1000)
        totals.append((t3 - t0) * 1000)
        png_max = max(png_max, len(board), len(hand), len(close_up))
        i += 1

    standings, everyone = time_standings(args.game)
    print(f"{len(totals)} samples from {len(samples)} positions; "
          f"board p50={statistics.median(boards):.1f} ms p99={percentile(boards, 0.99):.1f} ms; "
          f"board with since p50={statistics.median(marked):.1f} ms p99={percentile(marked, 0.99):.1f} ms; "
          f"hand p50={statistics.median(hands):.1f} ms p99={percentile(hands, 0.99):.1f} ms; "
          f"compact p50={statistics.median(compacts):.1f} ms p99={percentile(compacts, 0.99):.1f} ms")
    if everyone:
        print(f"all players (/board all) p50={statistics.median(everyone):.1f} ms max={max(everyone):.1f} ms")
    print(f"{args.game} render_p50_ms={statistics.median(totals):.1f} "
          f"render_p99_ms={percentile(totals, 0.99):.1f} png_kb_max={png_max / 1024:.0f} "
          f"standings_ms={statistics.median(standings):.1f} standings_max_ms={max(standings):.1f} "
          f"compact_p50_ms={statistics.median(compacts):.1f} compact_p99_ms={percentile(compacts, 0.99):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
