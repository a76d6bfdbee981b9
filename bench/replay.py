"""Drawing a whole game's animation: ``python bench/replay.py [--seed 1] [--level normal] [--out FILE.gif]``.

Plays a 2-player game of The Castles of Burgundy with computer players (``ai.choose`` at ``--level``, seeded: the
same game every run), then draws its board history (``bot.turns.board_history``: the start and every turn,
each marked with what that turn changed) as one animated GIF (``render.animation.draw_animation``), and times the
drawing only — the views and the encoding, not the play.
Progress goes to stderr; the last line has the figures:

    replay game=castles-of-burgundy players=2 level=normal seed=1 turns=<t> frames=<f> draw_s=<s> bytes=<b>
        width=<w> height=<h>
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

import ai
import engines
from bot.turns import board_history
from render.animation import draw_animation

GAME = "castles-of-burgundy"
NAMES = ("Ann", "Bo")


def play(seed: int, level: str) -> list[tuple[int, str]]:
    """A whole game between two computer players of ``level``: its log."""
    engine = engines.get(GAME)
    state = engine.new_game(len(NAMES), seed)
    log: list[tuple[int, str]] = []
    started = time.perf_counter()
    while acting := engine.to_act(state):
        seat = acting[0]
        action = ai.choose(engine, state, seat, level=level, seed=seed * 100_003 + len(log))
        state, _ = engine.apply(state, seat, action)
        log.append((seat, engine.action_key(action)))
        if len(log) % 50 == 0:
            print(f"  {len(log)} decisions, turn {engine.turn_number(state)}, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=ai.LEVELS)
    parser.add_argument("--out", type=Path, help="where to write the GIF (default: nowhere)")
    args = parser.parse_args()
    engine = engines.get(GAME)
    print(f"playing {GAME} at {args.level}, seed {args.seed} …", file=sys.stderr)
    log = play(args.seed, args.level)
    started = time.perf_counter()
    views = board_history(engine, len(NAMES), args.seed, {}, log)
    data = draw_animation(GAME, views, NAMES)
    seconds = time.perf_counter() - started
    if args.out is not None:
        args.out.write_bytes(data)
    gif = Image.open(io.BytesIO(data))
    turns = engine.turn_number(engine.replay(len(NAMES), args.seed, {}, log))
    print(f"replay game={GAME} players={len(NAMES)} level={args.level} seed={args.seed} turns={turns} "
          f"frames={gif.n_frames} draw_s={seconds:.1f} bytes={len(data)} width={gif.width} height={gif.height}")


if __name__ == "__main__":
    main()
