"""The shared engine layer: PRNG, registry, serialisation, errors, and import purity."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

import engines
from engines import rng, serial
from engines.core import Action, AmbiguousAction, EngineError, IllegalAction, ranks_from_scores

ENGINES_DIR = Path(engines.__file__).parent


def test_splitmix64_matches_the_reference_sequence() -> None:
    # First outputs of Vigna's splitmix64.c seeded with 0.
    state, outputs = 0, []
    for _ in range(3):
        state, value = rng.next64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_randbelow_is_in_range_and_roughly_uniform() -> None:
    state = rng.seed_state(1)
    counts: Counter[int] = Counter()
    for _ in range(30_000):
        state, value = rng.randbelow(state, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    # Chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile.
    chi2 = sum((n - 5000) ** 2 / 5000 for n in counts.values())
    assert chi2 < 20.5, counts


def test_randbelow_rejects_the_biased_tail() -> None:
    # With n just above 2**63 half of all 64-bit values are redrawn; a modulo would
    # give values below 2**63 - 1 three times as often as the others.
    n = 2**63 + 1
    state = rng.seed_state(7)
    low = 0
    for _ in range(2000):
        state, value = rng.randbelow(state, n)
        assert 0 <= value < n
        low += value < n // 2
    assert 850 < low < 1150
    with pytest.raises(ValueError):
        rng.randbelow(state, 0)


def test_shuffle_is_a_deterministic_permutation() -> None:
    s1, a = rng.shuffle(rng.seed_state(3), range(50))
    s2, b = rng.shuffle(rng.seed_state(3), range(50))
    assert a == b and s1 == s2
    assert sorted(a) == list(range(50)) and a != tuple(range(50))
    _, c = rng.shuffle(rng.seed_state(4), range(50))
    assert c != a


def test_every_permutation_of_three_is_reachable_evenly() -> None:
    state = rng.seed_state(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        state, perm = rng.shuffle(state, (0, 1, 2))
        counts[perm] += 1
    assert len(counts) == 6 and all(800 < n < 1200 for n in counts.values())


def test_registry_lists_and_loads_engines() -> None:
    assert "burgenland" in engines.names()
    engine = engines.get("burgenland")
    assert engine.name == "burgenland" and isinstance(engine, engines.Engine)
    with pytest.raises(KeyError, match="burgenland"):
        engines.get("chess")


def test_replay_module_function_matches_engine_replay() -> None:
    engine = engines.get("burgenland")
    engine.new_game(2, 5)
    log = [(0, "take")]
    assert engines.replay("burgenland", 2, 5, None, log) == engine.replay(2, 5, None, log)


FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "os", "time", "random", "render", "bot"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: use absolute imports"
            names.append(node.module or "")
    return names


def test_engines_import_only_the_standard_library_and_themselves() -> None:
    files = sorted(ENGINES_DIR.rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top not in FORBIDDEN, f"{path} imports {name}"
            assert top == "engines" or top in sys.stdlib_module_names, f"{path} imports {name}"


def test_import_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom PIL import Image\n")
    assert [n.split(".")[0] for n in _imports(bad)] == ["os", "PIL"]


@dataclass(frozen=True)
class Inner:
    cards: tuple[int, ...]
    owner: int | None


@dataclass(frozen=True)
class Outer:
    name: str
    flag: bool
    inner: Inner
    pair: tuple[str, int] | None
    items: tuple[Inner, ...]


def test_serial_round_trip_and_corrupt_data() -> None:
    value = Outer("x", True, Inner((1, 2), None), ("wall", 3), (Inner((), 1),))
    data = serial.dump(value)
    assert data == {"name": "x", "flag": True, "inner": {"cards": [1, 2], "owner": None},
                    "pair": ["wall", 3], "items": [{"cards": [], "owner": 1}]}
    assert serial.load(Outer, data) == value
    for broken in ({**data, "flag": 1}, {**data, "inner": {"cards": ["a"], "owner": None}},
                   {k: v for k, v in data.items() if k != "name"}, {**data, "pair": ["wall"]}, []):
        with pytest.raises(serial.CorruptState):
            serial.load(Outer, broken)


def test_errors_carry_suggestions_and_candidates() -> None:
    err = IllegalAction("`x` is not allowed: because.", ["a", "b", "c", "d", "e", "f"])
    assert isinstance(err, EngineError) and isinstance(err, ValueError)
    assert err.suggestions == ("a", "b", "c", "d", "e") and "`a`" in str(err)
    amb = AmbiguousAction("which?", [Action.of("pay", "L1"), Action.of("pay", "B1")])
    assert amb.suggestions == ("pay L1", "pay B1") and len(amb.candidates) == 2


def test_action_keys_and_ranks() -> None:
    action = Action.of("build", "wall", "3W").then(Action.of("pay", "R1", "J"))
    assert action.key == "build wall 3W pay R1 J" and str(action) == action.key
    assert ranks_from_scores((5, 7, 7)) == (3, 1, 1)
    assert ranks_from_scores((2, 2)) == (1, 1)


@pytest.mark.parametrize("name", engines.names())
def test_a_new_game_refuses_a_seat_count_it_is_not_for_and_options_it_does_not_know(name: str) -> None:
    engine = engines.get(name)
    players = (f"exactly {engine.min_seats}" if engine.min_seats == engine.max_seats
               else f"{engine.min_seats} to {engine.max_seats}")
    for seats in (engine.min_seats - 1, engine.max_seats + 1):
        with pytest.raises(ValueError, match=f" is for {players} players, not {seats}$"):
            engine.new_game(seats, 1)
    with pytest.raises(ValueError, match=r"zz|options"):
        engine.new_game(engine.min_seats, 1, {"zz": 1})
