"""Random-play speed of an engine: ``python bench/engines.py burgenland [--seconds 5]``.

Plays seeded uniform-random games (``legal_actions`` + ``apply_trusted``, no
validation) across every seat count for a few seconds and ends with one line:
``<engine> steps_per_s=<n> games_per_s=<n>``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines
from engines import rng


def run(name: str, seconds: float) -> tuple[float, float]:
    engine = engines.get(name)
    seat_counts = range(engine.min_seats, engine.max_seats + 1)
    steps = games = 0
    r = rng.seed_state(2026)
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seats = seat_counts[seed % len(seat_counts)]
        state = engine.new_game(seats, seed)
        seed += 1
        while (acting := engine.to_act(state)) and time.perf_counter() < deadline:
            seat = acting[0]
            legal = engine.legal_actions(state, seat)
            r, i = rng.randbelow(r, len(legal))
            state, _ = engine.apply_trusted(state, seat, legal[i])
            steps += 1
        games += not engine.to_act(state)
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", choices=engines.names())
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    steps, games = run(args.engine, args.seconds)
    print(f"{args.engine} steps_per_s={steps:.0f} games_per_s={games:.2f}")


if __name__ == "__main__":
    main()
