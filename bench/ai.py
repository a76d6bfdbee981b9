"""Strength and speed of the computer players: ``python bench/ai.py GAME [--games N] [--workers W]``.

Plays 2-player matches with alternating seats and fixed seeds, N games per matchup (default 20) spread
over worker processes, and ends with one line (ties count half): ``<game> games=<n>
normal_vs_random=<rate> normal_vs_easy=<rate> hard_vs_normal=<rate> think_p50_ms=<x> think_p99_ms=<y>``.
Think times are ``normal``'s, per decision that had more than one choice (a single choice costs
nothing), each worker on one core.  ``random`` plays any legal move but ``cancel``/``undo`` (which only
go back), so its games end.  Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engines
from ai.games import policy_for

MATCHUPS = (("normal", "random"), ("normal", "easy"), ("hard", "normal"))
#: Decisions after which an unfinished game is scored as it stands (never reached in practice).
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Game:
    score: float                  # the first player's result: 1 win, 0.5 tie, 0 loss
    think_ms: tuple[float, ...]   # normal's decisions with a choice, in ms
    decisions: int


def play(name: str, first: str, second: str, index: int) -> Game:
    engine = engines.get(name)
    policy = policy_for(engine)
    seed = 1000 + index
    levels = (first, second) if index % 2 == 0 else (second, first)  # alternate seats
    state = engine.new_game(2, seed)
    rnd = random.Random(seed)
    think: list[float] = []
    decisions = 0
    while (acting := engine.to_act(state)) and decisions < MAX_DECISIONS:
        seat = acting[0]
        level = levels[seat]
        if level == "random":
            legal = policy.candidates(engine, state, seat, engine.legal_actions(state, seat))
            action = legal[rnd.randrange(len(legal))]
        else:
            analysis = ai.analyse(engine, state, seat, level=level, seed=seed * 100_003 + decisions)
            action = analysis.best
            if level == "normal" and analysis.iterations:
                think.append(analysis.seconds * 1000)
        state, _ = engine.apply(state, seat, action)
        decisions += 1
    standing = engine.outcome(state) or engine.standing(state)
    mine = levels.index(first)
    winners = standing.winners
    score = (1.0 / len(winners)) if mine in winners else 0.0
    return Game(score, tuple(think), decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=engines.names())
    parser.add_argument("--games", type=int, default=20, help="games per matchup (default 20)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="", help="matchups to play, e.g. normal_vs_easy (default all)")
    args = parser.parse_args()
    matchups = [m for m in MATCHUPS if not args.only or f"{m[0]}_vs_{m[1]}" in args.only.split(",")]
    started = time.perf_counter()
    rates: dict[str, float] = {}
    think: list[float] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        jobs = {m: [pool.submit(play, args.game, m[0], m[1], i) for i in range(args.games)] for m in matchups}
        for (first, second), futures in jobs.items():
            games = [f.result() for f in futures]
            label = f"{first}_vs_{second}"
            rates[label] = sum(g.score for g in games) / len(games)
            think += [t for g in games for t in g.think_ms if first == "normal" or second == "normal"]
            print(f"{label}: {sum(g.score for g in games):g}/{len(games)} "
                  f"({statistics.mean(g.decisions for g in games):.0f} decisions a game, "
                  f"{time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    think.sort()
    p50 = think[len(think) // 2] if think else 0.0
    p99 = think[min(len(think) - 1, int(len(think) * 0.99))] if think else 0.0
    figures = " ".join(f"{label}={rate:.2f}" for label, rate in rates.items())
    print(f"{args.game} games={args.games} {figures} think_p50_ms={p50:.0f} think_p99_ms={p99:.0f}")


if __name__ == "__main__":
    main()
