"""Strength and speed of the computer players: ``python bench/ai.py GAME [--games N] [--workers W] [--only ...]``.

Plays 2-player matches with alternating seats and fixed seeds, N games per matchup (default 20) spread
over worker processes: each level against the one below it (``easy_vs_random``, ``normal_vs_random``,
``normal_vs_easy``, ``hard_vs_normal``: the first level's share of the points, a tie counting half, and its
standard error over the games, ``hard_vs_normal_se``: at 6 games a share of 0.5 has one of 0.22, and cannot
tell 0.5 from 0.6; ``--seed`` starts another range of seeds, whose games pool with a run's); then
self-play, normal against normal and hard against hard, for what the game's scoring says of them
(``normal_mean``, ``hard_mean``: the mean final score per player, in the game's own points, beside
``good_player``, what a good human player scores in a 2-player game — the outside yardstick, sourced in
the game's policy; in a race where points say little it is a figure of the game's own instead, named
after it: ``good_player_finish_turns=41`` beside normal's ``finish_turns`` and hard's
``hard_finish_turns``), each with its standard error over the games (``hard_mean_se``,
``hard_finish_turns_se``: a self-play game's two scores are averaged first, as they are not independent
draws); and, for games of more seats, each level at a table of 3 and of 4 with random players
(``normal_at3``: the share of those games the level won; a random seat's share is printed beside it as
``random_at3``, per random seat).  Think times are ``normal``'s (``hard``'s apart), per decision that had
more than one choice (a single choice costs nothing), each worker on one core.  ``random`` plays any legal
move but ``cancel``/``undo`` (which only go back), so its games end.

The last line has every figure: ``<game> games=<n> easy_vs_random=.. easy_vs_random_se=.. normal_vs_random=..
… hard_vs_normal=.. hard_vs_normal_se=.. normal_mean=.. normal_mean_se=.. hard_mean=.. hard_mean_se=..
good_player=.. think_p50_ms=.. think_p99_ms=.. hard_think_p50_ms=.. hard_think_p99_ms=..`` and the game's own
figures of normal's self-play (The Castles of Burgundy: ``workers_share=.. filled=..``).  Progress goes to
stderr.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engines
from ai.games import policy_for
from engines.core import Action

MATCHUPS = (("easy", "random"), ("normal", "random"), ("normal", "easy"), ("hard", "normal"))
SELF_PLAY = ("normal", "hard")
LEVELS = ("easy", "normal", "hard")
#: Decisions after which an unfinished game is scored as it stands (never reached in practice).
MAX_DECISIONS = 20_000
#: The first game's seed; game ``i`` of a matchup or self-play uses ``FIRST_SEED + i`` (its seats alternate with i).
FIRST_SEED = 1000


@dataclass(frozen=True)
class Game:
    levels: tuple[str, ...]                 # by seat
    winners: tuple[int, ...]
    scores: tuple[float, ...]               # by seat
    think_ms: dict[str, tuple[float, ...]]  # per level, its decisions with a choice, in ms
    decisions: int
    figures: dict[str, float] = field(default_factory=dict)  # the game's own, averaged over the seats

    def share(self, level: str) -> float:
        """The points ``level`` took from this game: 1 for a win, shared among tied winners."""
        mine = [seat for seat in self.winners if self.levels[seat] == level]
        return len(mine) / len(self.winners)


def play(name: str, levels: tuple[str, ...], seed: int) -> Game:
    engine = engines.get(name)
    policy = policy_for(engine)
    state = engine.new_game(len(levels), seed)
    rnd = random.Random(seed)
    think: dict[str, list[float]] = {}
    moves: list[tuple[int, Action]] = []
    while (acting := engine.to_act(state)) and len(moves) < MAX_DECISIONS:
        seat = acting[0]
        level = levels[seat]
        if level == "random":
            legal = policy.candidates(engine, state, seat, engine.legal_actions(state, seat))
            action = legal[rnd.randrange(len(legal))]
        else:
            analysis = ai.analyse(engine, state, seat, level=level, seed=seed * 100_003 + len(moves))
            action = analysis.best
            if analysis.iterations:
                think.setdefault(level, []).append(analysis.seconds * 1000)
        state, _ = engine.apply(state, seat, action)
        moves.append((seat, action))
    standing = engine.outcome(state) or engine.standing(state)
    figures = policy.figures(engine, state, moves) if policy.figures is not None else {}
    return Game(levels, tuple(standing.winners), tuple(float(s) for s in standing.scores),
                {k: tuple(v) for k, v in think.items()}, len(moves), figures)


def percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=engines.names())
    parser.add_argument("--games", type=int, default=20, help="games per matchup (default 20)")
    parser.add_argument("--self-games", type=int, default=0,
                        help="games of each self-play (default: --games)")
    parser.add_argument("--table-games", type=int, default=0,
                        help="games per level at 3 and at 4 seats (default: --games; 0 with --only)")
    parser.add_argument("--seed", type=int, default=FIRST_SEED,
                        help=f"the first game's seed (default {FIRST_SEED}); a run on another range adds games to "
                             "pool with an earlier run's")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="",
                        help="what to play, comma-separated: matchups (normal_vs_easy), self-play (normal_mean, "
                             "hard_mean), tables (normal_at3) (default all)")
    args = parser.parse_args()
    engine = engines.get(args.game)
    policy = policy_for(engine)
    only = set(filter(None, args.only.split(",")))

    def wanted(label: str) -> bool:
        return not only or label in only

    plans: dict[str, list[tuple[str, ...]]] = {}
    for first, second in MATCHUPS:
        label = f"{first}_vs_{second}"
        if wanted(label):
            plans[label] = [(first, second) if i % 2 == 0 else (second, first) for i in range(args.games)]
    for level in SELF_PLAY:
        if wanted(f"{level}_mean"):
            plans[f"{level}_mean"] = [(level, level)] * (args.self_games or args.games)
    for seats in range(3, engine.max_seats + 1):
        for level in LEVELS:
            label = f"{level}_at{seats}"
            if wanted(label):
                count = args.table_games or args.games
                plans[label] = [tuple(level if seat == i % seats else "random" for seat in range(seats))
                                for i in range(count)]

    started = time.perf_counter()
    results: dict[str, list[Game]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        jobs: dict[str, list[Future[Game]]] = {
            label: [pool.submit(play, args.game, levels, args.seed + i) for i, levels in enumerate(plan)]
            for label, plan in plans.items()}
        for label, futures in jobs.items():
            results[label] = [f.result() for f in futures]
            games = results[label]
            print(f"{label}: {_summary(label, games)} ({statistics.mean(g.decisions for g in games):.0f} decisions "
                  f"a game, {time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)

    figures: list[str] = []
    for label, games in results.items():
        if "_vs_" in label:
            shares = [g.share(label.split('_vs_')[0]) for g in games]
            figures.append(f"{label}={statistics.mean(shares):.2f} {label}_se={_standard_error(shares):.2f}")
        elif label.endswith("_mean"):
            means = [statistics.mean(g.scores) for g in games]
            figures.append(f"{label}={statistics.mean(means):.1f} {label}_se={_standard_error(means):.1f}")
        else:
            level, seats = label.split("_at")
            figures.append(f"{label}={statistics.mean(g.share(level) for g in games):.2f}")
            randoms = statistics.mean(g.share("random") for g in games) / (int(seats) - 1)
            figures.append(f"random_at{seats}_vs_{level}={randoms:.2f}")
    if policy.good_player:
        suffix = f"_{policy.good_player_figure}" if policy.good_player_figure else ""
        figures.append(f"good_player{suffix}={policy.good_player:g}")
    for level, prefix in (("normal", ""), ("hard", "hard_")):
        times = [t for games in results.values() for g in games for t in g.think_ms.get(level, ())]
        if times:
            figures.append(f"{prefix}think_p50_ms={percentile(times, 0.5):.0f} "
                           f"{prefix}think_p99_ms={percentile(times, 0.99):.0f}")
    for level in SELF_PLAY:
        games = results.get(f"{level}_mean", [])
        prefix = "" if level == "normal" else f"{level}_"
        for key in sorted({k for g in games for k in g.figures}):
            found = [g.figures[key] for g in games if key in g.figures]
            figures.append(f"{prefix}{key}={statistics.mean(found):.2f}")
            if key == policy.good_player_figure:  # the yardstick's figure: how sure it is
                figures.append(f"{prefix}{key}_se={_standard_error(found):.2f}")
    count = args.games if not only else max((len(p) for p in plans.values()), default=0)
    print(f"{args.game} games={count} {' '.join(figures)}")


def _standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (each game one value: a self-play game's two scores are
    not independent, so they are averaged first); 0 for fewer than two."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def _summary(label: str, games: list[Game]) -> str:
    if "_vs_" in label:
        return f"{sum(g.share(label.split('_vs_')[0]) for g in games):g}/{len(games)}"
    if label.endswith("_mean"):
        return "scores " + " ".join("/".join(f"{s:g}" for s in g.scores) for g in games)
    return f"{sum(g.share(label.split('_at')[0]) for g in games):g}/{len(games)} won"


if __name__ == "__main__":
    main()
