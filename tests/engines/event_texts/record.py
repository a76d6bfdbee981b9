"""Record the texts ``tests/engines/test_typed_events.py`` compares against: every event of
:mod:`tests.engines.event_texts.sources` in words, in each language, for the public and for every seat, and each
turn's one-line summary.

Recorded from the event texts as they were when the events became typed (the four ``event_text`` if-chains), so
that the typed events are checked to say exactly what they said.  Re-record only after a deliberate change of a
text, and review the diff::

    python -m tests.engines.event_texts.record [GAME ...]
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import engines
from engines.core import Event
from engines.i18n import LANGUAGES, speaking
from tests.engines.event_texts.sources import PLAYOUTS, events, key, played

HERE = Path(__file__).resolve().parent
#: Every seat an event may be about, and none (the public).
VIEWERS: tuple[int | None, ...] = (None, 0, 1, 2, 3)


def path(game: str) -> Path:
    return HERE / f"{game}.jsonl"


def texts(game: str, event: Event) -> dict[str, dict[str, str]]:
    """The event's text in each language: ``public``, and each seat whose text differs from it."""
    engine = engines.get(game)
    said: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        with speaking(language):
            public = engine.describe(event, None)
            said[language] = {"public": public} | {
                str(viewer): text for viewer in VIEWERS[1:] if (text := engine.describe(event, viewer)) != public}
    return said


def turns(game: str) -> list[tuple[int, tuple[Event, ...]]]:
    """Each playout's turns (the events between two ``turn`` events) with the seat they are mostly about."""
    found = []
    for playout in PLAYOUTS[game]:
        turn: list[Event] = []
        for event in [*played(game, playout), Event("turn", None)]:
            if event.kind != "turn":
                turn.append(event)
                continue
            seats = [e.seat for e in turn if e.seat is not None]
            if seats:
                found.append((max(set(seats), key=seats.count), tuple(turn)))
            turn = []
    return found


def summaries(game: str, turn: Sequence[Event], seat: int) -> dict[str, str]:
    engine = engines.get(game)
    said = {}
    for language in LANGUAGES:
        with speaking(language):
            said[language] = engine.summary(seat, turn)
    return said


def lines(game: str) -> list[dict[str, Any]]:
    """The file's lines: one per event, then one per turn whose summary reads differently from those before (the
    turn by its place in :func:`turns`)."""
    out: list[dict[str, Any]] = [{"event": json.loads(key(e)), "texts": texts(game, e)} for e in events(game)]
    seen = set()
    for index, (seat, turn) in enumerate(turns(game)):
        said = summaries(game, turn, seat)
        if said["en"] not in seen:
            seen.add(said["en"])
            out.append({"turn": index, "seat": seat, "summary": said})
    return out


def main(games: Sequence[str]) -> None:
    for game in games or PLAYOUTS:
        with path(game).open("w", encoding="utf-8") as f:
            for line in lines(game):
                f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        print(f"{game}: {path(game).stat().st_size} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
