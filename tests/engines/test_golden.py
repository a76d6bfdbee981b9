"""Golden playthroughs: recorded seeded games must replay exactly (modelled on OpenSpiel's playthroughs).

The bot stores a game as its seed, options and action keys and replays them.  So for a given
``rules_version`` an engine must behave the same forever: the same keys must parse to actions
with the same labels, producing the same events, the same seats to act and the same views,
down to the outcome.  ``tests/golden/*.jsonl`` (format in ``tests/golden/playthrough.py``) hold a
few recorded games per engine; this test replays their action keys and compares every step.

A failure means one of two things:

- the file's ``rules_version`` equals the engine's: the behaviour changed without a bump.  Bump
  ``rules_version`` (stored games could replay differently) and re-record with
  ``python -m tests.golden.record GAME`` — unless only a *label* changed: labels are not stored, so
  stored games replay the same; re-record without a bump;
- they differ: the version was bumped on purpose, so re-record the goldens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import pytest

import engines
from engines.core import EngineError
from tests.golden import playthrough as P

FILES = P.golden_files()


def _fail(golden: P.Golden, engine: engines.Engine, where: str, what: str, expected: Any, found: Any) -> NoReturn:
    game = golden.header["game"]
    recorded = golden.header["rules_version"]
    if what == "label":
        advice = (f"Only a label changed: labels are not stored, so stored games replay the same. If the new label is "
                  f"meant, re-record with `python -m tests.golden.record {game}` (no rules_version bump needed).")
    elif recorded == engine.rules_version:
        advice = (f"The engine's behaviour changed without a rules_version bump (both are {recorded}): bump it "
                  f"(stored games could replay differently) and re-record with `python -m tests.golden.record {game}`.")
    else:
        advice = (f"rules_version was bumped (golden {recorded}, engine {engine.rules_version}): re-record the "
                  f"goldens with `python -m tests.golden.record {game}`.")
    pytest.fail(f"{golden.path.name}, {where}: mismatch in {what}\n"
                f"  expected: {expected!r}\n"
                f"  found:    {found!r}\n"
                f"{advice}", pytrace=False)


def _compare(golden: P.Golden, engine: engines.Engine, where: str, expected: P.Line, found: P.Line,
             fields: tuple[str, ...]) -> None:
    for name in fields:
        want, got = expected.get(name), found.get(name)
        if want == got:
            continue
        if name == "views" and isinstance(want, list) and isinstance(got, list):
            # Name the seat whose view changed rather than print two lists of hashes.
            seat = next((i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b), None)
            if seat is not None and len(want) == len(got):
                what = f"seat {seat}'s view (sha256 of its canonical JSON)"
                _fail(golden, engine, where, what, want[seat], got[seat])
        label = "the public view (sha256 of its canonical JSON)" if name == "view" else name
        _fail(golden, engine, where, label, want, got)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_exactly(path: Path) -> None:
    golden = P.read(path)
    header = golden.header
    engine = engines.get(header["game"])
    seats = header["seats"]
    state = engine.new_game(seats, header["seed"], header["options"])
    _compare(golden, engine, "the new game", header, P.snapshot(engine, state, seats), ("to_act", "view", "views"))
    label_changed: tuple[str, Any, Any] | None = None
    for number, expected in enumerate(golden.steps, start=1):
        seat, key = expected["seat"], expected["key"]
        where = f"step {number} (line {number + 1}: seat {seat} plays `{key}`)"
        try:
            action = engine.parse_action(state, seat, key)
            state, found = P.play_step(engine, state, seats, seat, action)
        except EngineError as error:
            _fail(golden, engine, where, "whether the recorded key is legal", "a legal action",
                  f"{type(error).__name__}: {error}")
        if found["key"] != key:
            _fail(golden, engine, where, "the action key", key, found["key"])
        _compare(golden, engine, where, expected, found, tuple(f for f in P.STEP_FIELDS if f != "label"))
        if label_changed is None and expected.get("label") != found.get("label"):
            label_changed = (where, expected.get("label"), found.get("label"))  # told only if nothing else differs
    _compare(golden, engine, f"the end (after step {len(golden.steps)})", golden.final, P.final_line(engine, state),
             ("outcome", "standing"))
    if label_changed is not None:
        _fail(golden, engine, label_changed[0], "label", label_changed[1], label_changed[2])
    # The game replays the same: a header that still names an older rules_version must be refreshed,
    # or a later change without a bump would be reported as "rules_version was bumped".
    if header["rules_version"] != engine.rules_version:
        _fail(golden, engine, "the header", "rules_version (the game replays the same; re-record to refresh it)",
              header["rules_version"], engine.rules_version)


def test_every_engine_has_a_golden_playthrough() -> None:
    covered = {P.read(path).header["game"] for path in FILES}
    missing = [name for name in engines.names() if name not in covered]
    assert not missing, (f"no golden playthrough for {', '.join(missing)}: add Specs to tests/golden/record.py "
                         f"and run `python -m tests.golden.record {' '.join(missing)}`")
    unknown = covered - set(engines.names())
    assert not unknown, f"golden playthroughs for unknown games {sorted(unknown)}: delete or rename them"
