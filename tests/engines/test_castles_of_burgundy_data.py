"""Component data and setup, checked against the totals of the data file (transcribed here by hand)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

import engines
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import rounds
from engines.castles_of_burgundy.state import EMPTY
from engines.castles_of_burgundy.turn import Turn
from tests.engines.castles_of_burgundy_helpers import conservation

E = engines.get("castles-of-burgundy")

# --- Tiles and goods ------------------------------------------------------------------------------


def test_164_hex_tiles_by_type_and_back() -> None:
    assert D.HEX_TILES == 164
    kinds = Counter(D.TILE_KIND)
    assert kinds == {D.BUILDING: 56, D.ANIMAL: 28, D.KNOWLEDGE: 26, D.CASTLE: 16, D.MINE: 12, D.SHIP: 26}
    black = Counter(D.TILE_KIND[t] for t in range(D.HEX_TILES) if D.TILE_BACK[t] == D.BLACK)
    assert black == {D.BUILDING: 16, D.ANIMAL: 8, D.KNOWLEDGE: 6, D.CASTLE: 2, D.MINE: 2, D.SHIP: 6}
    assert Counter(D.TILE_BACK) == {D.BUILDING: 40, D.ANIMAL: 20, D.KNOWLEDGE: 20, D.CASTLE: 14, D.MINE: 10,
                                    D.SHIP: 20, D.BLACK: 40}


def test_buildings_animals_and_knowledge_tiles() -> None:
    for building in D.BUILDING_TYPES:
        backs = [D.TILE_BACK[t] for t in range(D.HEX_TILES) if D.TILE_BUILDING[t] == building]
        assert Counter(backs) == {D.BUILDING: 5, D.BLACK: 2}
    assert len(D.BUILDING_TYPES) == 8
    for animal in ("cow", "sheep", "pig", "chicken"):
        coloured = sorted(D.TILE_ANIMALS[t] for t in range(D.HEX_TILES)
                          if D.TILE_ANIMAL_KIND[t] == animal and D.TILE_BACK[t] != D.BLACK)
        black = sorted(D.TILE_ANIMALS[t] for t in range(D.HEX_TILES)
                       if D.TILE_ANIMAL_KIND[t] == animal and D.TILE_BACK[t] == D.BLACK)
        assert (coloured, black) == ([2, 2, 3, 3, 4], [3, 4])
    numbers = sorted(D.TILE_KNOWLEDGE[t] for t in range(D.HEX_TILES) if D.TILE_KNOWLEDGE[t])
    assert numbers == list(range(1, 27))
    black_k = sorted(D.TILE_KNOWLEDGE[t] for t in range(D.HEX_TILES)
                     if D.TILE_KNOWLEDGE[t] and D.TILE_BACK[t] == D.BLACK)
    assert black_k == [7, 12, 14, 15, 24, 25]
    assert D.KNOWLEDGE_BUILDING == {16: "warehouse", 17: "watchtower", 18: "carpenter", 19: "church",
                                    20: "market", 21: "boarding", 22: "bank", 23: "cityhall"}


def test_goods_and_dice() -> None:
    assert D.GOODS_TILES == 42 and D.GOODS_TYPES == (1, 2, 3, 4, 5, 6) and D.GOODS_PER_TYPE == 7
    assert D.DICE_PER_PLAYER == 2 and D.DIE_FACES == 6
    assert D.START_WORKERS == (1, 2, 3, 4) and D.START_SILVER == 1 and D.START_GOODS == 3


# --- Estate No. 1 ------------------------------------------------------------------------------------


def test_estate_1_colours_dice_and_counts() -> None:
    e = D.ESTATES[1]
    assert len(e.colours) - 1 == 37
    counts = Counter(e.colours[1:])
    assert counts == {D.BUILDING: 12, D.ANIMAL: 6, D.KNOWLEDGE: 6, D.SHIP: 6, D.CASTLE: 4, D.MINE: 3}
    assert Counter(D.SPACE_DIE[1:]) == {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}
    assert e.colours[19] == D.CASTLE and D.SPACE_DIE[19] == 6 and D.START_CASTLE_SPACE == 19
    # Row 4 is all ships except the centre castle; a few spaces spelled out.
    assert [e.colours[s] for s in range(16, 23)] == [D.SHIP] * 3 + [D.CASTLE] + [D.SHIP] * 3
    assert (e.colours[1], D.SPACE_DIE[1]) == (D.ANIMAL, 6)
    assert (e.colours[33], D.SPACE_DIE[33]) == (D.BUILDING, 6)
    assert (e.colours[34], D.SPACE_DIE[34]) == (D.MINE, 3)


@pytest.mark.parametrize(("space", "neighbours"), [
    (13, (7, 8, 12, 14, 19, 20)), (22, (15, 21, 28)), (19, (12, 13, 18, 20, 25, 26)), (34, (29, 30, 35)),
    (1, (2, 5, 6)), (37, (32, 33, 36)),
])
def test_estate_1_adjacency(space: int, neighbours: tuple[int, ...]) -> None:
    assert D.NEIGHBOURS[space] == neighbours


def test_adjacency_is_symmetric() -> None:
    for s in D.SPACE_IDS:
        for n in D.NEIGHBOURS[s]:
            assert s in D.NEIGHBOURS[n]


def test_estate_1_regions() -> None:
    e = D.ESTATES[1]
    regions = sorted((e.colours[r[0]], r) for r in e.regions[1:])
    assert regions == sorted([
        (D.ANIMAL, (1, 5, 6, 10, 11)), (D.CASTLE, (2, 3, 7)), (D.KNOWLEDGE, (4, 8, 13)), (D.BUILDING, (9, 14, 15)),
        (D.BUILDING, (12,)), (D.SHIP, (16, 17, 18)), (D.CASTLE, (19,)), (D.SHIP, (20, 21, 22)),
        (D.BUILDING, (23, 24, 29)), (D.MINE, (25, 30, 34)), (D.BUILDING, (26, 27, 32, 33, 37)), (D.ANIMAL, (28,)),
        (D.KNOWLEDGE, (31, 35, 36)),
    ])
    cities = sorted(len(r) for r in e.regions[1:] if e.colours[r[0]] == D.BUILDING)
    assert cities == [1, 3, 3, 5]


@pytest.mark.parametrize(("estate", "sizes", "castles"), [
    (2, {D.ANIMAL: [2, 4], D.CASTLE: [1, 1, 1, 1], D.KNOWLEDGE: [2, 2, 2], D.BUILDING: [2, 2, 8],
         D.SHIP: [2, 2, 2], D.MINE: [1, 2]}, (4, 22, 34, 37)),
    (6, {D.ANIMAL: [2, 4], D.CASTLE: [1, 1, 1, 1], D.KNOWLEDGE: [3, 3], D.BUILDING: [2, 4, 6], D.SHIP: [6],
         D.MINE: [1, 1, 1]}, (3, 19, 34, 37)),
    (7, {D.ANIMAL: [3, 3], D.CASTLE: [2, 2], D.KNOWLEDGE: [2, 2, 2], D.BUILDING: [2, 3, 7], D.SHIP: [2, 2, 2],
         D.MINE: [1, 1, 1]}, (2, 3, 35, 36)),
    (9, {D.ANIMAL: [2, 4], D.CASTLE: [1, 1, 1, 1], D.KNOWLEDGE: [1, 1, 1, 3], D.BUILDING: [6, 6],
         D.SHIP: [2, 4], D.MINE: [1, 2]}, (3, 16, 21, 35)),
])
def test_advanced_estates_regions(estate: int, sizes: dict[str, list[int]], castles: tuple[int, ...]) -> None:
    e = D.ESTATES[estate]
    found: dict[str, list[int]] = {}
    for r in e.regions[1:]:
        found.setdefault(e.colours[r[0]], []).append(len(r))
    assert {k: sorted(v) for k, v in found.items()} == sizes
    assert e.spaces_of_kind[D.CASTLE] == castles


def test_every_estate_has_the_standard_colour_counts() -> None:
    assert sorted(D.ESTATES) == list(range(1, 10))
    for e in D.ESTATES.values():
        assert {k: len(v) for k, v in e.spaces_of_kind.items()} == {
            D.BUILDING: 12, D.ANIMAL: 6, D.KNOWLEDGE: 6, D.SHIP: 6, D.CASTLE: 4, D.MINE: 3}


# --- Central board and tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "tiles", "black"), [(2, 12, 4), (3, 18, 6), (4, 24, 8)])
def test_depot_spaces_per_player_count(seats: int, tiles: int, black: int) -> None:
    kinds = rounds.depot_kinds(seats, 0)
    assert sum(len(k) for k in kinds.values()) == tiles
    assert all(len(k) == seats for k in kinds.values())
    assert D.BLACK_DEPOT_TILES[seats] == black
    if seats == 4:
        assert Counter(k for ks in kinds.values() for k in ks) == {
            D.BUILDING: 8, D.SHIP: 4, D.KNOWLEDGE: 4, D.ANIMAL: 4, D.CASTLE: 2, D.MINE: 2}
    assert kinds[1][:2] == [D.BUILDING, D.SHIP] and kinds[6][:2] == [D.BUILDING, D.ANIMAL]


def test_three_player_depot_6_exception() -> None:
    for phase, kind in enumerate((D.CASTLE, D.MINE, D.CASTLE, D.MINE, D.CASTLE)):
        assert rounds.depot_kinds(3, phase)[6] == [D.BUILDING, D.ANIMAL, kind]
    assert rounds.depot_kinds(4, 1)[6] == [D.BUILDING, D.ANIMAL, D.CASTLE, D.SHIP]


def test_scoring_tables() -> None:
    assert [D.REGION_POINTS[n] for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert D.PHASE_BONUS == (10, 8, 6, 4, 2)
    assert (D.BONUS_LARGE, D.BONUS_SMALL) == ({2: 5, 3: 6, 4: 7}, {2: 2, 3: 3, 4: 4})
    assert D.SALE_VP == {2: 2, 3: 3, 4: 4}


# --- Setup ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_standard_setup(seats: int) -> None:
    state = E.new_game(seats, 42)
    conservation(state)
    for seat, p in enumerate(state.players):
        assert p.estate_no == 1 and D.TILE_KIND[p.estate[19]] == D.CASTLE
        assert sum(1 for t in p.estate if t != EMPTY) == 1
        assert p.silver == 1 and sum(p.goods) == 3 and p.storage == () and p.vp == 0
        assert p.workers == 1 + state.order.index(seat)
        assert len(p.dice) == 2 and all(1 <= d <= 6 for d in p.dice)
    assert state.track[0] == tuple(reversed(state.order)) and not any(state.track[1:])
    kinds = rounds.depot_kinds(seats, 0)
    for depot in D.DEPOTS:
        assert sorted(D.TILE_KIND[t] for t in state.depots[depot - 1]) == sorted(kinds[depot])
        assert all(D.TILE_BACK[t] != D.BLACK for t in state.depots[depot - 1])
    black = state.depots[D.BLACK_DEPOT - 1]
    assert len(black) == D.BLACK_DEPOT_TILES[seats] and all(D.TILE_BACK[t] == D.BLACK for t in black)
    assert len(state.round_goods) == 4 and state.depot_goods[state.white - 1] != ()
    assert [len(s) for s in state.goods_stacks] == [0, 5, 5, 5, 5]
    assert len(state.goods_box) == 17 - 3 * seats
    assert (state.phase, state.round, state.ply, state.barrier) == (0, 0, 0, 0)


def test_setup_is_deterministic_and_the_start_player_random() -> None:
    assert E.new_game(3, 9) == E.new_game(3, 9)
    assert E.new_game(3, 9) != E.new_game(3, 10)
    assert {E.new_game(4, seed).order[0] for seed in range(30)} == {0, 1, 2, 3}


def test_setup_rejects_bad_seats_and_options() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        E.new_game(5, 1)
    with pytest.raises(ValueError, match=r"The options are boards: standard .* got .*'boards': 'expert'"):
        E.new_game(2, 1, {"boards": "expert"})
    with pytest.raises(ValueError, match=r"and goods: choose or auto; got .*'speed': 'fast'"):
        E.new_game(2, 1, {"speed": "fast"})
    with pytest.raises(ValueError, match=r"got .*'goods': 'sometimes'"):
        E.new_game(2, 1, {"goods": "sometimes"})


def test_advanced_estates_ask_for_the_start_castle_in_turn_order() -> None:
    state = E.new_game(3, 5, {"boards": "advanced"})
    conservation(state)
    assert len({p.estate_no for p in state.players}) == 3
    assert all(2 <= p.estate_no <= 9 for p in state.players)
    assert state.depots == ((),) * 7  # phase A has not begun
    first = state.order[0]
    assert E.to_act(state) == (first,)
    spaces = D.ESTATES[state.players[first].estate_no].spaces_of_kind[D.CASTLE]
    assert [a.key for a in E.legal_actions(state, first)] == [f"castle {s}" for s in spaces]
    assert E.turn_number(state) == 1
    for number, seat in enumerate(state.order, start=1):
        last = D.ESTATES[state.players[seat].estate_no].spaces_of_kind[D.CASTLE][-1]
        state, events = E.apply(state, seat, E.parse_action(state, seat, f"castle {last}"))
        assert state.barrier == state.ply
        # Each start castle is its player's turn: the next player's turn begins (the first round's last).
        assert [e.seat for e in events if e.kind == "turn"] == [E.to_act(state)[0]]
        assert E.turn_number(state) == number + 1
    conservation(state)
    assert all(p.vp == 0 and p.storage == () for p in state.players)  # the start castle scores nothing
    assert all(len(p.dice) == 2 for p in state.players) and state.depots[0]
    assert E.to_act(state) == (state.order[0],)


def test_phase_setup_removes_leftover_tiles_keeps_goods_and_uses_the_3p_exception() -> None:
    state = E.new_game(3, 11)
    # The phase's last round: its goods are all out on the depots.
    goods = (*state.depot_goods[:5], state.depot_goods[5] + state.round_goods)
    state = replace(state, round=4, round_goods=(), depot_goods=goods)
    leftover = [t for d in state.depots for t in d]
    turn = Turn(state)
    rounds.end_phase(turn)
    after = turn.state
    conservation(after)
    assert after.phase == 1 and set(leftover) <= set(after.removed)
    assert sorted(D.TILE_KIND[t] for t in after.depots[5]) == sorted([D.BUILDING, D.ANIMAL, D.MINE])
    kept = [g for d in state.depot_goods for g in d]
    assert sorted(g for d in after.depot_goods for g in d) == sorted([*kept, state.goods_stacks[1][0]])
