"""The golden playthrough file format, shared by the recorder (``record.py``) and the replay test.

One JSON Lines file per playthrough, ``<game>-<seats>p-seed<seed>[-<options>].jsonl``:

- a header: ``{"game", "rules_version", "seats", "seed", "options", "policy", "to_act", "view", "views"}``
  (``policy`` only says how the moves were chosen; the last three describe the new game);
- one line per step: ``{"seat", "key", "label", "events", "private"?, "to_act", "view", "views"}`` where
  ``key`` is the action key (all a replay reads), ``label`` its ``format_action`` before the step,
  ``events`` each event's public text (``describe(e, None)``), ``private`` (only when present) maps a
  seat to its texts that differ from the public ones, and ``to_act`` / ``view`` / ``views`` describe
  the state after the step: the seats to act, the sha256 of the public view and of each seat's view;
- a last line ``{"outcome": {"scores", "ranks", "detail"} | null, "standing": {...}}`` (``null``
  when the playthrough was cut off before the end of the game).

A view's hash is the first 16 hex digits of the sha256 of its canonical JSON (``sort_keys``,
separators ``,`` and ``:``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core import Action, Engine, Outcome

GOLDEN_DIR = Path(__file__).resolve().parent
#: The fields of a step line, in the order they are compared (the first difference is reported).
STEP_FIELDS = ("label", "events", "private", "to_act", "view", "views")

Line = dict[str, Any]


def view_hash(view: Mapping[str, Any]) -> str:
    """The sha256 of a view's canonical JSON."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]  # 64 bits: enough to see a change


def snapshot(engine: Engine, state: Any, seats: int) -> Line:
    """Who acts now and the hashes of the public view and of every seat's view."""
    return {
        "to_act": list(engine.to_act(state)),
        "view": view_hash(engine.view(state, None)),
        "views": [view_hash(engine.view(state, seat)) for seat in range(seats)],
    }


def play_step(engine: Engine, state: Any, seats: int, seat: int, action: Action) -> tuple[Any, Line]:
    """Apply ``action`` for ``seat``; return the new state and the step's line."""
    label = engine.format_action(state, seat, action)
    new, events = engine.apply(state, seat, action)
    public = [engine.describe(event, None) for event in events]
    private: dict[str, list[str]] = {}
    for viewer in range(seats):
        texts = [text for event, pub in zip(events, public, strict=True)
                 if (text := engine.describe(event, viewer)) != pub]
        if texts:
            private[str(viewer)] = texts
    line: Line = {"seat": seat, "key": engine.action_key(action), "label": label, "events": public}
    if private:
        line["private"] = private
    line.update(snapshot(engine, new, seats))
    return new, line


def outcome_json(outcome: Outcome | None) -> Line | None:
    if outcome is None:
        return None
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "detail": outcome.detail}


def final_line(engine: Engine, state: Any) -> Line:
    return {"outcome": outcome_json(engine.outcome(state)), "standing": outcome_json(engine.standing(state))}


@dataclass(frozen=True)
class Golden:
    path: Path
    header: Line
    steps: list[Line]
    final: Line


def read(path: Path) -> Golden:
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text.strip()]
    if len(lines) < 2 or "game" not in lines[0] or "outcome" not in lines[-1]:
        raise ValueError(f"{path.name}: not a golden playthrough (header, steps, outcome line)")
    return Golden(path, lines[0], lines[1:-1], lines[-1])


def write(path: Path, header: Line, steps: list[Line], final: Line) -> None:
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in [header, *steps, final])
    path.write_text(text, encoding="utf-8", newline="\n")


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.jsonl"))
