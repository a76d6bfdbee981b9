"""Record the golden playthroughs that ``tests/engines/test_golden.py`` replays.

Run it, from the repository root, ONLY after a deliberate change of a game's rules (or of
its event texts, labels or views) that comes WITH a bump of that engine's ``rules_version``::

    python -m tests.golden.record GAME [GAME ...]     # e.g. burgenland castles-of-burgundy
    python -m tests.golden.record                     # every game

Re-recording without a bump would hide exactly what the goldens are there to catch: stored
games (the bot keeps only seed and action keys) replaying differently under the same rules
version.  Review the diff of the ``.jsonl`` files before committing them.

Moves are chosen with the project's own PRNG (``engines.rng``) by a seeded policy: mostly a
"purposeful" by-verb weighting (as in ``tests/engines/*_playouts.py``) so games reach their end,
and one uniform-random playthrough per game that wanders into cancels and other odd corners.
The replay never uses the policy: it reads the recorded action keys.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import engines
from engines import rng
from engines.buerger_baumeister import data as bb_data
from tests.golden import playthrough as P
from tests.harness import Policy, by_key, by_verb, uniform

#: A playthrough stops here if the game has not ended (the file stays modest; a cut-off game is fine).
MAX_STEPS = 400
#: Uniform play is there for the odd corners, which it finds early: a shorter cut keeps the files small.
UNIFORM_STEPS = 150


def _burgenland_weight(key: str) -> int:
    """Builds first; a whole suggested payment far more often than one card at a time."""
    words = key.split()
    if words[0] == "pay" and len(words) > 2:
        return 30
    return {"build": 40, "pay": 4, "take": 10, "end": 10, "cancel": 1, "jokers": 1}.get(words[0], 1)


POLICIES: dict[str, Callable[[], Policy]] = {
    "uniform": lambda: uniform,
    "burgenland": lambda: by_key(_burgenland_weight),
    "burgen-land": lambda: by_verb({"take": 30, "score": 30, "end": 8, "roll": 3, "dice": 2,
                                    "left": 6, "right": 6, "hole": 6, "from": 6}),
    "castles-of-burgundy": lambda: by_verb({"cancel": 1, "skip": 1, "end": 4, "buy": 2, "die": 10, "on": 10,
                                            "place": 10, "take": 5, "sell": 5, "workers": 2, "goods": 10,
                                            "discard": 5}),
    "buerger-baumeister": lambda: by_verb({**dict.fromkeys(bb_data.DISTRICTS, 30), "buy": 30, "project": 20,
                                           "no-project": 10, "cancel": 1}),
}


@dataclass(frozen=True)
class Spec:
    game: str
    seats: int
    seed: int
    policy: str  # a key of POLICIES
    options: Mapping[str, Any] = field(default_factory=dict)
    max_steps: int = MAX_STEPS

    @property
    def filename(self) -> str:
        suffix = "".join(f"-{value}" for _, value in sorted(self.options.items()))
        return f"{self.game}-{self.seats}p-seed{self.seed}{suffix}.jsonl"


#: Three playthroughs per game: different seat counts (where the game allows) and seeds; the
#: purposeful ones play to the end (within MAX_STEPS), the uniform one is cut off at UNIFORM_STEPS.
#: All files together stay around 1 MB.
SPECS: tuple[Spec, ...] = (
    Spec("burgenland", 2, 11, "burgenland"),
    Spec("burgenland", 3, 12, "uniform", max_steps=UNIFORM_STEPS),
    Spec("burgenland", 4, 14, "burgenland"),
    Spec("burgen-land", 2, 11, "burgen-land"),
    Spec("burgen-land", 2, 12, "burgen-land"),
    Spec("burgen-land", 2, 13, "uniform", max_steps=UNIFORM_STEPS),
    Spec("castles-of-burgundy", 2, 11, "castles-of-burgundy"),
    Spec("castles-of-burgundy", 3, 12, "castles-of-burgundy", {"boards": "advanced"}),
    Spec("castles-of-burgundy", 4, 13, "uniform", max_steps=UNIFORM_STEPS),
    Spec("buerger-baumeister", 2, 11, "buerger-baumeister"),
    Spec("buerger-baumeister", 3, 12, "uniform", max_steps=UNIFORM_STEPS),
    Spec("buerger-baumeister", 4, 13, "buerger-baumeister"),
)


def record(spec: Spec) -> tuple[P.Line, list[P.Line], P.Line]:
    """Play ``spec`` and return the header, the step lines and the final line."""
    engine = engines.get(spec.game)
    policy = POLICIES[spec.policy]()
    options = dict(spec.options)
    state = engine.new_game(spec.seats, spec.seed, options)
    header: P.Line = {"game": spec.game, "rules_version": engine.rules_version, "seats": spec.seats,
                      "seed": spec.seed, "options": options, "policy": spec.policy,
                      **P.snapshot(engine, state, spec.seats)}
    r = rng.seed_state(spec.seed ^ 0x601DE)
    steps: list[P.Line] = []
    while len(steps) < spec.max_steps and (acting := engine.to_act(state)):
        r, pick = rng.randbelow(r, len(acting))
        seat = acting[pick]
        r, action = policy(engine, state, seat, engine.legal_actions(state, seat), r)
        state, line = P.play_step(engine, state, spec.seats, seat, action)
        steps.append(line)
    return header, steps, P.final_line(engine, state)


def main(argv: Sequence[str]) -> int:
    games = list(argv) or list(engines.names())
    unknown = [g for g in games if g not in engines.names()]
    if unknown:
        print(f"unknown game(s) {', '.join(unknown)}; available: {', '.join(engines.names())}", file=sys.stderr)
        return 2
    for game in games:
        specs = [s for s in SPECS if s.game == game]
        if not specs:
            print(f"{game}: no playthrough in SPECS; add one", file=sys.stderr)
            return 2
        for old in P.golden_files():  # a spec that was removed must not leave its file behind
            if P.read(old).header["game"] == game:
                old.unlink()
        for spec in specs:
            header, steps, final = record(spec)
            path = P.GOLDEN_DIR / spec.filename
            P.write(path, header, steps, final)
            end = "to the end" if final["outcome"] is not None else "cut off"
            print(f"{path.name}: {len(steps)} steps ({end}), {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
