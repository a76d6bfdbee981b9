"""Sample images for people to look at: ``python -m render.gallery OUTDIR``.

Plays seeded random games with the real engines (every phase: start, mid, near the
end, over; 2, 3 and 4 players; a long accented name among the players) and writes
each position's board and hands as PNG files, plus ``index.txt`` listing them.

This is a development tool: unlike the renderers it drives engines (only to obtain
views), and the benchmark and the tests reuse its playouts.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import render
from engines.i18n import ENGLISH, LANGUAGES, speaking

#: Display names used in samples: a long one with accents to catch overflow.
NAMES: tuple[str, ...] = ("Ana", "Maria da Conceição Guimarães Júnior", "Zoë", "François")
PHASES: tuple[str, ...] = ("start", "mid", "late", "over")
MAX_STEPS = 5000


@dataclass(frozen=True)
class Position:
    """One sampled position: its public view and every seat's own view."""

    game: str
    players: int
    seed: int
    phase: str
    public: Mapping[str, Any]
    seats: tuple[Mapping[str, Any], ...]

    @property
    def label(self) -> str:
        return f"{self.game}-{self.players}p-seed{self.seed}-{self.phase}"


def random_playout(game: str, players: int, seed: int, max_steps: int = MAX_STEPS) -> list[Any]:
    """Every state of one game played with uniformly random legal actions (seeded)."""
    import engines

    engine = engines.get(game)
    rng = random.Random(seed)  # a test driver, not game randomness: any stable choice is fine
    state = engine.new_game(players, seed)
    states = [state]
    for _ in range(max_steps):
        acting = engine.to_act(state)
        if not acting:
            break
        seat = acting[0]
        action = rng.choice(engine.legal_actions(state, seat))
        state, _events = engine.apply_trusted(state, seat, action)
        states.append(state)
    return states


def _phase_index(states: list[Any], phase: str) -> int:
    last = len(states) - 1
    return {"start": 0, "mid": last // 2, "late": max(0, last - max(3, last // 12)), "over": last}[phase]


def positions(game: str, players: int, seed: int, phases: tuple[str, ...] = PHASES) -> list[Position]:
    """Positions from one seeded random game at the given phases."""
    import engines

    engine = engines.get(game)
    states = random_playout(game, players, seed)
    out = []
    for phase in phases:
        state = states[_phase_index(states, phase)]
        out.append(Position(game, players, seed, phase, engine.view(state, None),
                            tuple(engine.view(state, s) for s in range(players))))
    return out


def compact_samples(game: str, players: int, seed: int, phases: tuple[str, ...] = PHASES
                    ) -> list[tuple[str, Mapping[str, Any], Mapping[str, Any]]]:
    """(phase, public view, an earlier public view) from one seeded random game: the compact picture's inputs,
    the earlier view taken ``SINCE_STEPS`` per seat before (what the others did since a player's last turn)."""
    import engines

    engine = engines.get(game)
    states = random_playout(game, players, seed)
    out = []
    for phase in phases:
        i = _phase_index(states, phase)
        out.append((phase, engine.view(states[i], None), engine.view(states[max(0, i - SINCE_STEPS * players)], None)))
    return out


#: How many steps per seat before a sample its earlier view is taken (``compact_samples``).
SINCE_STEPS = 3


def sample_positions(game: str = "burgenland", seeds: tuple[int, ...] = (1,)) -> Iterator[Position]:
    """Positions for every player count and phase."""
    import engines

    engine = engines.get(game)
    for players in range(engine.min_seats, engine.max_seats + 1):
        for seed in seeds:
            yield from positions(game, players, seed)


def finished_game(game: str, players: int, seed: int) -> tuple[Mapping[str, Any], list[list[int]]]:
    """A finished random game's public view and its score history: ``engine.standing(state).scores`` after
    every turn (``engine.turn_number``), as the bot computes it by replaying the game (the end screen's chart)."""
    import engines

    engine = engines.get(game)
    states = random_playout(game, players, seed)
    history: list[list[int]] = []
    for before, after in itertools.pairwise(states):
        ended = engine.turn_number(after) - engine.turn_number(before)  # the turns this step ended
        history += [list(engine.standing(after).scores) for _ in range(ended)]
    history.append(list(engine.standing(states[-1]).scores))  # the last turn: no next turn follows it
    return engine.view(states[-1], None), history


def write_gallery(outdir: Path, games: tuple[str, ...] | None = None, language: str = ENGLISH) -> list[Path]:
    """Render the samples into ``outdir``; returns the files written: boards (and their phone close-ups) and
    hands at every phase, the end screen of a finished game per player count, and (games with player boards)
    every estate at once — labelled in ``language``."""
    with speaking(language):
        return _write_gallery(outdir, games)


def _write_gallery(outdir: Path, games: tuple[str, ...] | None) -> list[Path]:
    from engines import registry

    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game in games or render.games():
        info = registry.find(game)
        for players in range(info.min_seats, info.max_seats + 1):
            view, history = finished_game(game, players, seed=1)
            path = outdir / f"{game}-{players}p-seed1-standings.png"
            path.write_bytes(render.draw_standings(game, view, NAMES[:players], history))
            written.append(path)
        for pos in sample_positions(game):
            if info.player_boards and pos.phase in ("mid", "over"):
                path = outdir / f"{pos.label}-all.png"
                path.write_bytes(render.draw_all_players(game, pos.public, NAMES[: pos.players]))
                written.append(path)
            names = list(NAMES[: pos.players])
            board = outdir / f"{pos.label}-board.png"
            board.write_bytes(render.draw_board(game, pos.public, names))
            written.append(board)
            if game in render.compact_games():  # the phone-first close-up a turn's post shows first
                close_up = outdir / f"{pos.label}-close-up.png"
                close_up.write_bytes(render.draw_compact(game, pos.public, names))
                written.append(close_up)
            hand_seats = range(pos.players) if pos.phase == "mid" else (0,)
            for seat in hand_seats:
                hand = outdir / f"{pos.label}-hand{seat + 1}.png"
                hand.write_bytes(render.draw_hand(game, pos.seats[seat], names))
                written.append(hand)
    (outdir / "index.txt").write_text("".join(f"{p.name}\n" for p in written), encoding="utf-8")
    return written


def main(argv: list[str]) -> int:
    """The command line (argparse: ``--help`` prints help instead of writing into a folder named ``--help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m render.gallery",
        description="Write sample images of every game (boards, hands, close-ups; 2-4 players; start to over) "
                    "into OUTDIR, with index.txt listing them.")
    parser.add_argument("outdir", type=Path, metavar="OUTDIR", help="the folder to write into (created if missing)")
    parser.add_argument("--lang", choices=LANGUAGES, default=ENGLISH, help="the language of the images' texts")
    args = parser.parse_args(argv)
    written = write_gallery(args.outdir, language=args.lang)
    print(f"wrote {len(written)} images ({args.lang}) to {args.outdir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
