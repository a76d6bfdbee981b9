"""Typed events read and store exactly as the plain events did.

Every game's events are frozen dataclasses (``engines/<game>/events.py`` over ``engines/events.py``); what an engine
returns and the bot keeps is still the plain ``Event(kind, seat, data)``.  Over seeded random playouts of all four
games (and a few built positions, ``event_texts/sources.py``):

- every event reads into its game's dataclass and back into the identical plain event (kind, seat, data);
- every event's text, in each language, for the public and for every seat, is the text recorded in
  ``event_texts/<game>.jsonl`` from the four ``event_text`` if-chains before the events were typed, and so is each
  turn's one-line summary;
- the playouts still emit the recorded events, and reach every kind of event their game declares.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from engines.core import Event
from engines.events import GameEvent
from tests.engines.event_texts import record
from tests.engines.event_texts.sources import PLAYOUTS, events, key

GAMES = tuple(PLAYOUTS)


def recorded(game: str) -> Iterator[dict[str, Any]]:
    with record.path(game).open(encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def plain(line: dict[str, Any]) -> Event:
    kind, seat, data = line["event"]
    return Event(kind, seat, data)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_reads_into_its_dataclass_and_back(game: str) -> None:
    engine = engines.get(game)
    for event in events(game):
        typed = engine.event_types.read(event)
        assert isinstance(typed, GameEvent) and event.kind == typed.KIND, event
        assert typed.stored() == event, f"{event} reads as {typed!r}, stored back as {typed.stored()}"
        assert engine.event_types.read(typed.stored()) == typed


@pytest.mark.parametrize("game", GAMES)
def test_the_playouts_emit_the_recorded_events_of_every_kind(game: str) -> None:
    emitted = [key(e) for e in events(game)]
    assert emitted == [key(plain(line)) for line in recorded(game) if "event" in line]
    kinds = {e.kind for e in events(game)}
    assert kinds == set(engines.get(game).event_types.kinds), "a kind no playout reaches, or one not declared"


@pytest.mark.parametrize("game", GAMES)
def test_every_event_says_what_it_said_before_it_was_typed(game: str) -> None:
    engine = engines.get(game)
    for line in recorded(game):
        if "event" in line:
            event = plain(line)
            assert record.texts(game, event) == line["texts"], event
            typed = engine.event_types.read(event)
            assert typed is not None and typed.describe(None) == engine.describe(event, None)


@pytest.mark.parametrize("game", GAMES)
def test_every_turn_is_summed_up_as_before(game: str) -> None:
    turns = record.turns(game)
    for line in recorded(game):
        if "turn" in line:
            seat, turn = turns[line["turn"]]
            assert seat == line["seat"]
            assert record.summaries(game, turn, seat) == line["summary"], turn
