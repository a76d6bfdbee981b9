"""The events whose texts ``tests/engines/test_typed_events.py`` pins: seeded random playouts of every game, and a few
built positions for the events random play seldom or never reaches.

A playout plays one seeded game to its end (or ``MAX_STEPS``) with the golden recorder's policies
(``tests/golden/record.py``): a purposeful one that reaches the end, and uniform play, which wanders into the odd
corners.  Each distinct event (kind, seat and data) is kept once, in the order first seen.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import engines
from engines import rng
from engines.core import Event
from tests.golden.record import POLICIES

#: A uniform playout stops here if its game has not ended (the purposeful ones play to the end): uniform play finds
#: the odd corners early, and the files stay modest.
UNIFORM_STEPS = 600


@dataclass(frozen=True)
class Playout:
    seats: int
    seed: int
    policy: str  # a key of the golden recorder's POLICIES
    options: Mapping[str, Any] = field(default_factory=dict)


#: Per game: its playouts (purposeful at every seat count, one uniform; each reaches every kind its game emits
#: in random play — the test checks it).
PLAYOUTS: dict[str, tuple[Playout, ...]] = {
    "burgen-land": (Playout(2, 1, "burgen-land"), Playout(2, 2, "burgen-land"), Playout(2, 6, "uniform")),
    "burgenland": (Playout(2, 1, "burgenland"), Playout(3, 2, "burgenland"), Playout(4, 2, "burgenland"),
                   Playout(3, 4, "uniform")),
    "buerger-baumeister": (Playout(2, 1, "buerger-baumeister"), Playout(3, 2, "buerger-baumeister"),
                           Playout(4, 3, "buerger-baumeister"), Playout(3, 4, "uniform")),
    "castles-of-burgundy": (Playout(2, 1, "castles-of-burgundy"),
                            Playout(3, 2, "castles-of-burgundy", {"boards": "advanced"}),
                            Playout(4, 3, "castles-of-burgundy"), Playout(2, 4, "uniform", {"goods": "auto"})),
}


def played(game: str, playout: Playout) -> Iterator[Event]:
    """Every event of one seeded game, in order."""
    engine = engines.get(game)
    policy = POLICIES[playout.policy]()
    state = engine.new_game(playout.seats, playout.seed, dict(playout.options) or None)
    r = rng.seed_state(playout.seed ^ 0xE7E7)
    for _ in range(UNIFORM_STEPS if playout.policy == "uniform" else 100_000):
        acting = engine.to_act(state)
        if not acting:
            return
        seat = acting[0]
        r, action = policy(engine, state, seat, engine.legal_actions(state, seat), r)
        state, events = engine.apply_trusted(state, seat, action)
        yield from events


#: Events random play does not reach, as their writers in the rules write them: no red die left to take, a coin lost
#: to the cap of 3, an empty hand at the end; a tile taken from the black depot and a skipped effect that is no
#: building's, which the rules never emit but the texts still word.
WRITTEN: dict[str, tuple[Event, ...]] = {
    "burgen-land": (Event("dice", 1, {"count": 0, "from_supply": 0, "from_opponent": 0, "wanted": 2}),),
    "burgenland": (),
    "buerger-baumeister": (
        Event("place", 2, {"token": "GP3", "district": "green-M", "bonus": "coin", "points": 3, "coin": -1}),
        Event("final", 1, {"hand": [], "points": 0, "colour": None, "total": 31}),
    ),
    "castles-of-burgundy": (
        Event("take", 0, {"tile": "castle", "depot": 7, "workers": 0, "how": ""}),
        Event("take", 1, {"tile": "castle", "depot": 7, "workers": 2, "how": ""}),
        Event("skip", 2, {"building": "die"}),
    ),
}


def built(game: str) -> Iterator[Event]:
    """Events of positions built for them (a Bürger hand that fits nowhere), then :data:`WRITTEN`."""
    yield from WRITTEN[game]
    if game == "buerger-baumeister":
        from tests.engines.buerger_baumeister_helpers import give, position, put
        state = give(position(3), 0, "RH2", "RH2", "RV3")
        state = put(state, "red-S", "YH2", "YH2", "YH3", "YH3")
        state = put(state, "red-M", "YV2", "YV2", "YV3", "YV3", "YP3")
        state = put(state, "red-L", "YP3", "YP3", "BH2", "BH2", "BH2", "BH3")
        yield from _moves(game, state, 0, "discard RV3", "buy 1")


def _moves(game: str, state: Any, seat: int, *keys: str) -> Iterator[Event]:
    engine = engines.get(game)
    for key in keys:
        state, events = engine.apply(state, seat, engine.parse_action(state, seat, key))
        yield from events


def key(event: Event) -> str:
    """An event as one line of canonical JSON: what tells two events apart."""
    return json.dumps([event.kind, event.seat, event.data], sort_keys=True, separators=(",", ":"))


@functools.cache
def events(game: str) -> tuple[Event, ...]:
    """The game's distinct events: its playouts' and its built positions', in the order first seen (played once per
    test run: several tests read them)."""
    seen: dict[str, Event] = {}
    for playout in PLAYOUTS[game]:
        for event in played(game, playout):
            seen.setdefault(key(event), event)
    for event in built(game):
        seen.setdefault(key(event), event)
    return tuple(seen.values())
