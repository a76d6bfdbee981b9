"""How long the computer's review of a whole game takes: ``python bench/review.py [GAME] [--seed 1] [--per-seat N]``.

Plays a 2-player game with easy computer players (seeded: the same game every run), then reviews it as the bot does
(``bot.table.reviewing``: the decisions listed, each weighed by the normal level's analysis with the move played among
its choices, at most ``--per-seat`` per player) in this one process — the bot's one thinking worker on a 2-core
machine (``AI_WORKERS``: the cores less one) — and times the review only.  Progress goes to stderr; the last line has
the figures:

    review game=<game> players=2 seed=1 decisions=<with a choice> weighed=<n> skipped=<listed, not weighed>
        per_seat=<cap> iterations=<counted> review_s=<s> per_decision_ms=<ms>
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engines
from bot.table.bots import thinking_seed
from bot.table.reviewing import DECISIONS_PER_SEAT, decisions, summarise, weigh


def play(game: str, seed: int) -> list[tuple[int, str]]:
    """A whole 2-player game between easy computer players: its log."""
    engine = engines.get(game)
    state = engine.new_game(2, seed)
    log: list[tuple[int, str]] = []
    while acting := engine.to_act(state):
        seat = acting[0]
        action = ai.choose(engine, state, seat, level="easy", seed=seed * 100_003 + len(log))
        state, _ = engine.apply(state, seat, action)
        log.append((seat, engine.action_key(action)))
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", nargs="?", default="castles-of-burgundy", choices=engines.names())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-seat", type=int, default=DECISIONS_PER_SEAT)
    args = parser.parse_args()
    print(f"playing {args.game}, seed {args.seed} …", file=sys.stderr)
    log = play(args.game, args.seed)
    started = time.perf_counter()
    listed, counts = decisions(args.game, 2, args.seed, {}, log, args.per_seat)
    weighed = []
    for done, decision in enumerate(listed, 1):
        weighed.append(weigh(args.game, decision, thinking_seed(args.seed, decision.number)))
        if done % 10 == 0:
            print(f"  {done} of {len(listed)} weighed, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    review = summarise(2, counts, weighed)
    seconds = time.perf_counter() - started
    count = sum(s.weighed for s in review.seats)
    print(f"review game={args.game} players=2 seed={args.seed} decisions={sum(counts.values())} weighed={count} "
          f"skipped={len(listed) - count} per_seat={args.per_seat} iterations={review.iterations} "
          f"review_s={seconds:.1f} "
          f"per_decision_ms={1000 * seconds / max(1, len(listed)):.0f}")


if __name__ == "__main__":
    main()
