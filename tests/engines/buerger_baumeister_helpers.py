"""Fixtures for Bürger, Baumeister & Co. tests: conservation checks and a small position builder.

Builders move tokens between places (bag, hands, offer, board) and never create or
lose one, so every constructed position still passes :func:`conservation`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, TOKEN_COLOUR, State

ALL_TOKENS = list(range(D.TOKENS))
DISTRICT_COLOUR = [D.district_colour(d) for d in range(len(D.DISTRICTS))]


@lru_cache(maxsize=256)
def _colours_match(board: tuple[tuple[int, ...], ...]) -> bool:
    """Every board token lies in a district of its colour (cached: the board changes once a turn)."""
    return all(TOKEN_COLOUR[t] == DISTRICT_COLOUR[d] for d, spaces in enumerate(board) for t in spaces if t != EMPTY)


def conservation(state: State, *, colours: bool = True) -> None:
    """All 65 tokens in exactly one place; coins within 0..3; every crane accounted for.

    ``colours=False`` skips "every board token matches its district": only for the constructed
    impossible positions that test the no-placement rule."""
    places = [*state.bag, *state.removed, *state.discarded, *state.offer]
    for p in state.players:
        places += p.hand
    for spaces in state.board:
        places += spaces
    assert not colours or _colours_match(state.board), "a token in a district of another colour"
    places.sort()
    assert places[places.count(EMPTY):] == ALL_TOKENS, "tokens lost or duplicated"
    assert list(state.bag) == sorted(state.bag) and list(state.removed) == sorted(state.removed)
    for seat, p in enumerate(state.players):
        assert 0 <= p.coins <= D.MAX_COINS, f"seat {seat} holds {p.coins} coins"
        assert p.score >= 0 and list(p.hand) == sorted(p.hand)
        assert p.cranes >= 0 and p.cranes + state.cranes.count(seat) == D.CRANES, f"seat {seat}'s cranes"
    assert [len(s) for s in state.board] == [len(D.SPACES[D.district_size(d)]) for d in range(len(state.board))]


def playout_invariant(state: State) -> None:
    """Conservation plus what holds in every real game: 3 tokens in hand, a full offer until the end,
    the setup removals untouched, nothing discarded (every token always fits), short choice lists."""
    conservation(state)
    assert all(len(p.hand) == D.HAND_SIZE for p in state.players)
    assert all(sum(p.district_points) == p.score for p in state.players)  # every point was scored somewhere
    assert len(state.removed) == D.REMOVED[state.seats] and not state.discarded
    filled = sum(1 for t in state.offer if t != EMPTY)
    assert filled == (len(D.OFFER_PRICES) - 1 if state.over else len(D.OFFER_PRICES))
    assert not (state.over and state.bag), "the game ended with tokens in the bag"
    if not state.over:  # every decision fits one Discord select
        assert 0 < len(R.legal_steps(state, state.turn)) <= 25


def from_bag(state: State, *codes: str) -> list[int]:
    """Distinct token ids with these codes (``RH2`` …), lowest first, all still in the bag."""
    out: list[int] = []
    for code in codes:
        found = next((t for t in state.bag if TOKEN_CODE[t] == code and t not in out), None)
        if found is None:
            raise ValueError(f"no {code} left in the bag")
        out.append(found)
    return out


def _take(state: State, tokens: list[int]) -> State:
    bag = list(state.bag)
    for t in tokens:
        bag.remove(t)
    return replace(state, bag=tuple(bag))


def _to_bag(state: State, tokens: list[int]) -> State:
    return replace(state, bag=tuple(sorted((*state.bag, *tokens))))


def give(state: State, seat: int, *codes: str, **changes: Any) -> State:
    """Set one player's hand by codes (tokens from the bag; the old hand goes back), and coins, score, cranes."""
    player = state.players[seat]
    if codes:
        state = _to_bag(state, list(player.hand))
        hand = from_bag(state, *codes)
        state = _take(state, hand)
        changes["hand"] = tuple(sorted(hand))
    players = list(state.players)
    players[seat] = replace(player, **changes)
    return replace(state, players=tuple(players))


def put(state: State, district: str, *codes: str) -> State:
    """Fill the district's first spaces (board order) with tokens of these codes from the bag."""
    d = R.DISTRICT_INDEX[district]
    board = [list(s) for s in state.board]
    state = _to_bag(state, [t for t in board[d] if t != EMPTY])
    tokens = from_bag(state, *codes)
    board[d] = [*tokens, *[EMPTY] * (len(board[d]) - len(tokens))]
    return replace(_take(state, tokens), board=tuple(tuple(s) for s in board))


def put_at(state: State, district: str, space: int, code: str) -> State:
    """Put one token from the bag on a given space (0-based, board order)."""
    d = R.DISTRICT_INDEX[district]
    board = [list(s) for s in state.board]
    if board[d][space] != EMPTY:
        state = _to_bag(state, [board[d][space]])
    token = from_bag(state, code)[0]
    board[d][space] = token
    return replace(_take(state, [token]), board=tuple(tuple(s) for s in board))


def offer(state: State, *codes: str, mayor: int = 0) -> State:
    """Set the five offer spaces by codes (tokens from the bag; the old ones go back) and the Mayor (0-based)."""
    state = _to_bag(state, [t for t in state.offer if t != EMPTY])
    tokens = from_bag(state, *codes)
    return replace(_take(state, tokens), offer=tuple(tokens), mayor=mayor)


def leave_in_bag(state: State, *codes: str) -> State:
    """Keep only tokens of these codes in the bag (the rest go to the removed pile): forces the next draws."""
    keep = from_bag(state, *codes)
    rest = [t for t in state.bag if t not in keep]
    return replace(state, bag=tuple(sorted(keep)), removed=tuple(sorted((*state.removed, *rest))))


def crane(state: State, district: str, seat: int) -> State:
    """A crane of ``seat`` already on the district's large project."""
    cranes = list(state.cranes)
    cranes[R.DISTRICT_INDEX[district]] = seat
    players = list(state.players)
    players[seat] = replace(players[seat], cranes=players[seat].cranes - 1)
    return replace(state, cranes=tuple(cranes), players=tuple(players))


HANDS = (("PH2", "PV2", "PP3"),) * 3 + (("PH3", "PV3", "PH3"),)  # purple: out of the way of most tests
OFFER = ("YH2", "YV2", "GH2", "GV3", "BP3")


def position(seats: int = 3, seed: int = 1, *, turn: int = 0) -> State:
    """A known start: empty board, nothing removed, every hand purple (PH2 PV2 PP3; a 4th PH3 PV3 PH3), the offer
    YH2 YV2 GH2 GV3 BP3 with the Mayor on space 1, seat ``turn`` to act; the rest in the bag."""
    state = R.new_game(seats, seed)
    loose = [t for spaces in state.board for t in spaces if t != EMPTY] + list(state.removed)
    loose += [t for p in state.players for t in p.hand] + [t for t in state.offer if t != EMPTY]
    state = replace(_to_bag(state, loose), removed=(), board=tuple((EMPTY,) * len(s) for s in state.board),
                    players=tuple(replace(p, hand=()) for p in state.players), offer=(EMPTY,) * len(state.offer),
                    turn=turn, first=turn)
    for seat in range(seats):
        state = give(state, seat, *HANDS[seat])
    return offer(state, *OFFER)
