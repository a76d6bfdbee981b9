"""Fixtures for Burgenland tests: conservation checks and a small position builder."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engines.burgenland import data as D
from engines.burgenland.state import NEUTRAL, State


def conservation(state: State) -> None:
    """All 80 colour cards in exactly one place; pieces and bonus tiles all accounted for."""
    places = list(state.deck) + list(state.discard) + [c for p in state.players for c in p.hand]
    assert sorted(places) == list(range(D.COLOUR_CARDS)), "colour cards lost or duplicated"
    for p in state.players:
        assert p.jokers >= 0 and list(p.hand) == sorted(p.hand)
    tiles = Counter(state.bonus_stack) + Counter(state.played_tiles)
    for p in state.players:
        tiles += Counter(p.bonus_tiles)
    assert tiles == Counter(D.BONUS_TILES), "bonus tiles lost or duplicated"
    on_board: Counter[tuple[str, int]] = Counter()
    for castle in state.sites:
        for site in castle:
            if site is not None:
                on_board[site] += 1
    for owner in state.wells:
        if owner is not None:
            on_board[(D.WELL, owner)] += 1
    for piece, owner in state.large:
        on_board[(piece, owner)] += 1
    for seat, p in enumerate(state.players):
        for i, piece in enumerate(D.PIECES):
            assert p.supply[i] + on_board[(piece, seat)] == D.SUPPLY[state.seats][piece], (seat, piece)
    for piece in (D.WALL, D.HOUSE, D.TOWER):
        assert on_board[(piece, NEUTRAL)] == D.NEUTRAL[state.seats][piece]
    total = {piece: on_board[(piece, NEUTRAL)] + sum(on_board[(piece, s)] + state.players[s].left(piece)
                                                     for s in range(state.seats)) for piece in D.PIECES}
    assert all(total[piece] <= D.BOX[piece] for piece in D.PIECES)


def give(state: State, seat: int, **changes: Any) -> State:
    """Change one player's hand, jokers, supply or tiles.  Cards given are taken from the deck
    (or the discard pile) so that the position stays a legal one."""
    player = state.players[seat]
    deck, discard = list(state.deck), list(state.discard)
    if "hand" in changes:
        wanted = sorted(changes["hand"])
        for card in player.hand:
            deck.append(card)
        for card in wanted:
            if card in deck:
                deck.remove(card)
            elif card in discard:
                discard.remove(card)
            else:
                holder = next(p for p in state.players if card in p.hand)
                raise ValueError(f"card {card} is held by another player: {holder}")
        changes["hand"] = tuple(wanted)
    players = list(state.players)
    players[seat] = replace(player, **changes)
    return replace(state, players=tuple(players), deck=tuple(deck), discard=tuple(discard))


def cards(colour: str, *values: int, skip: int = 0) -> list[int]:
    """Card ids of ``colour`` with these coin values (distinct ids, lowest first)."""
    base = D.COLOURS.index(colour) * D.CARDS_PER_COLOUR
    out: list[int] = []
    used: set[int] = set()
    for value in values:
        card = next(base + i for i in range(D.CARDS_PER_COLOUR)
                    if D.CARD_VALUES[i] == value and base + i not in used)
        used.add(card)
        out.append(card)
    return out


def set_site(state: State, castle: int, site: str, piece: str | None, owner: int = NEUTRAL) -> State:
    sites = [list(c) for c in state.sites]
    sites[castle - 1]["NWEX".index(site)] = None if piece is None else (piece, owner)
    return replace(state, sites=tuple(tuple(c) for c in sites))  # type: ignore[arg-type]


def empty_board(state: State) -> State:
    """No pieces anywhere (neutral ones removed): for scenarios that need a clear castle."""
    return replace(state, sites=tuple((None, None, None, None) for _ in state.sites))


def with_markers(state: State, *colours: str) -> State:
    """Put markers M1.. in this colour order (the rest keep their order after them)."""
    chosen = [D.COLOURS.index(c) for c in colours]
    rest = [c for c in state.markers if c not in chosen]
    return replace(state, markers=tuple(chosen + rest))



def stack_deck(state: State, top: list[int]) -> State:
    """Put these cards (taken from wherever they are in the deck or discard pile) on top of the deck."""
    deck = [c for c in state.deck if c not in top]
    discard = tuple(c for c in state.discard if c not in top)
    missing = [c for c in top if c not in state.deck and c not in state.discard]
    if missing:
        raise ValueError(f"cards {missing} are in a hand")
    return replace(state, deck=tuple(top) + tuple(deck), discard=discard)


def position(seats: int = 2, seed: int = 1, *, clear: bool = True, markers: tuple[str, ...] = ()) -> State:
    """A fresh game, by default with an empty board, empty hands and chosen marker colours."""
    from engines.burgenland import rules

    state = rules.new_game(seats, seed)
    if clear:
        state = empty_board(state)
        # Empty hands too (cards back on the deck): each test gives exactly the cards it needs.
        held = tuple(c for p in state.players for c in p.hand)
        state = replace(state, deck=state.deck + held,
                        players=tuple(replace(p, hand=(), jokers=0) for p in state.players))
    if markers:
        state = with_markers(state, *markers)
    return state


def perturbed(state: State) -> list[State]:
    """The position with one thing changed that a kept list or choice may read: the markers, a free
    site filled, the architect's cost, the well indicator, another seat's supply."""
    out = [replace(state, markers=state.markers[1:] + state.markers[:1]),
           replace(state, architect=state.architect[1:] + state.architect[:1]),
           replace(state, well_deck=state.well_deck[1:] + state.well_deck[:1])]
    free = next(((c, i) for c, sites in enumerate(state.sites) for i in range(3) if sites[i] is None), None)
    if free is not None:
        sites = [list(c) for c in state.sites]
        sites[free[0]][free[1]] = (D.WALL, -1)
        out.append(replace(state, sites=tuple(tuple(c) for c in sites)))  # type: ignore[arg-type]
    other = (state.turn + 1) % state.seats
    supply = state.players[other].supply
    if supply[0]:
        players = list(state.players)
        players[other] = replace(players[other], supply=(supply[0] - 1, *supply[1:]))
        out.append(replace(state, players=tuple(players)))
    return out
