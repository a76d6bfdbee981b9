"""The seat view's ``placeable`` field: where each of the seat's dice could put a stored tile."""

from __future__ import annotations

import json

import engines
from tests.engines.castles_of_burgundy_helpers import position, put, setp, store

E = engines.get("castles-of-burgundy")


def test_placeable_lists_spaces_per_die_with_the_fewest_workers() -> None:
    # Estate No. 1: the start castle on 19 (die 6) touches ships on 18 (die 2) and 20 (die 5).
    s = setp(store(position(2, dice=(2, 5)), 0, "ship"), 0, workers=0)
    assert E.view(s, 0)["placeable"] == {"2": {"18": 0}, "5": {"20": 0}}
    rich = setp(s, 0, workers=3)
    assert E.view(rich, 0)["placeable"] == {"2": {"18": 0, "20": 3}, "5": {"18": 3, "20": 0}}


def test_placeable_is_own_view_only_and_empty_without_stored_tiles() -> None:
    s = store(position(2, dice=(2, 5)), 0, "ship")
    assert "placeable" not in E.view(s, None)
    assert E.view(s, 1)["placeable"] == {str(d): {} for d in sorted(set(s.players[1].dice))}
    assert E.view(setp(s, 0, dice=()), 0)["placeable"] == {}
    json.dumps(E.view(s, 0))


def test_placeable_respects_one_building_type_per_city() -> None:
    # A bank on 26 (city 26, 27, 32, 33, 37): another bank may go on 12 (another city, die 3) but not on
    # 27 or 32, although 5 workers would reach their dice; the cow has no open pasture.
    s = setp(put(store(position(2, dice=(3, 3)), 0, "bank", "cow2"), 0, 26, "bank"), 0, workers=5)
    assert E.view(s, 0)["placeable"] == {"3": {"12": 0}}
