"""Bürger, Baumeister & Co. sense suite: positions where the rulebook's scoring makes the right choice plain.

A decision here is a whole turn (place, large project, buy: nothing happens until the purchase completes
it), so each case judges the part of the turn it is about.  Positions start from a real setup
(``new_game``: with 2 players one token in each district on a plain space, 3 removed) and only move
tokens between the bag and the board, hands and offer, so every token stays in one place and the board
always holds the setup's 15 tokens plus one per turn played (the bag's shortfall); ``conservation``
checks it, and a district the case rebuilds keeps a token on a plain space, where setup put one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_CODE, TOKEN_COLOUR, Pending, State
from tests.ai.sense import Case, check_level
from tests.engines.buerger_baumeister_helpers import conservation, crane, from_bag, give, offer, put

ENGINE = engines.get("buerger-baumeister")
ME = 0


def blank(seats: int = 2, seed: int = 3) -> State:
    """A game of ``seats`` with seat 0 to act and every token still in the bag: the case sets what it is
    about first, :func:`dealt` then deals the rest as setup would."""
    state = R.new_game(seats, seed)
    return replace(state, bag=tuple(range(D.TOKENS)), removed=(), board=tuple((EMPTY,) * len(s) for s in state.board),
                   players=tuple(replace(p, hand=()) for p in state.players), offer=(EMPTY,) * len(state.offer),
                   turn=ME, first=ME)


def dealt(state: State) -> State:
    """The rest of setup from the bag, drawn with the game's RNG: with 2 players a token of its colour on a
    plain space of every district without one, and 3 tokens removed; the other hands; the offer — each
    unless the case set it."""
    r = state.rng
    board = [list(s) for s in state.board]
    bag = list(state.bag)

    def drawn(among: list[int]) -> int:
        nonlocal r
        r, token = R.draw(r, among)
        bag.remove(token)
        return token

    if D.PREPLACE[state.seats]:
        for d, spaces in enumerate(board):
            plain = [i for i, b in enumerate(R.SPACE_BONUS[d]) if b == D.PLAIN]
            if all(spaces[i] == EMPTY for i in plain):
                spaces[plain[0]] = drawn([t for t in bag if TOKEN_COLOUR[t] == D.district_colour(d)])
    removed = list(state.removed) or sorted(drawn(bag) for _ in range(D.REMOVED[state.seats]))
    players = [p if p.hand else replace(p, hand=tuple(sorted(drawn(bag) for _ in range(D.HAND_SIZE))))
               for p in state.players]
    shown = state.offer if EMPTY not in state.offer else tuple(drawn(bag) for _ in state.offer)
    return replace(state, rng=r, board=tuple(tuple(s) for s in board), bag=tuple(sorted(bag)),
                   removed=tuple(removed), players=tuple(players), offer=shown)


def rebuilt(state: State, district: str, *codes: str) -> State:
    """The district holding exactly these tokens, in board order (S: coin, plain …; M: coin, +2, plain, coin,
    plain; L: coin, +2, plain, coin, +2, plain); ``"."`` leaves a space free."""
    wanted = [c for c in codes if c != "."]
    state = put(state, district, *wanted)  # first the tokens, then moved to their spaces
    d = R.DISTRICT_INDEX[district]
    tokens = iter(t for t in state.board[d] if t != EMPTY)
    spaces = tuple(EMPTY if c == "." else next(tokens) for c in codes)
    spaces += (EMPTY,) * (len(state.board[d]) - len(spaces))
    board = list(state.board)
    board[d] = spaces
    return replace(state, board=tuple(board))


def hidden(state: State, *codes: str) -> State:
    """What seat 0 cannot see, set: the other seats' hands, then the tokens removed at setup, from ``codes``
    in order.  Tokens alike in colour and value make the other hands' final count known to the searching
    seat whatever its samples deal them."""
    rest = list(codes)
    for seat in range(1, state.seats):
        state = give(state, seat, *rest[:D.HAND_SIZE])
        rest = rest[D.HAND_SIZE:]
    removed = from_bag(state, *rest)
    return replace(state, bag=tuple(t for t in state.bag if t not in removed), removed=tuple(sorted(removed)))


def played(state: State, left: int, keep: tuple[str, ...] = ()) -> State:
    """The bag's tokens moved onto free spaces of their colour (lowest ids first, never in the districts
    named in ``keep``) until ``left`` remain: the board of a game that far on (one token a turn)."""
    kept = {R.DISTRICT_INDEX[k] for k in keep}
    board = [list(s) for s in state.board]
    bag = list(state.bag)
    while len(bag) > left:
        for token in bag:
            free = [(d, i) for d in R.COLOUR_DISTRICTS[TOKEN_COLOUR[token]] if d not in kept
                    for i, t in enumerate(board[d]) if t == EMPTY]
            if free:
                d, i = free[0]
                board[d][i] = token
                bag.remove(token)
                break
        else:
            raise ValueError("no token in the bag fits a free space")
    return replace(state, board=tuple(tuple(s) for s in board), bag=tuple(bag))


def scored(state: State, *points: int) -> State:
    """Scores so far (as if each seat had scored all of it in the first district)."""
    players = tuple(replace(p, score=n, district_points=(n, *p.district_points[1:]))
                    for p, n in zip(state.players, points, strict=True))
    return replace(state, players=players)


def checked(state: State) -> State:
    """The position is one the rules allow: every token in one place, full hands and offer, and with 2
    players the board holds setup's 15 tokens (one on a plain space of every district) plus one a turn."""
    conservation(state)
    assert all(len(p.hand) == D.HAND_SIZE for p in state.players) and EMPTY not in state.offer
    assert len(state.removed) == D.REMOVED[state.seats]
    if D.PREPLACE[state.seats]:
        placed = sum(t != EMPTY for spaces in state.board for t in spaces)
        assert placed == len(D.DISTRICTS) + SETUP_BAG[state.seats] - len(state.bag)
        assert all(any(t != EMPTY and b == D.PLAIN for t, b in zip(spaces, R.SPACE_BONUS[d], strict=True))
                   for d, spaces in enumerate(state.board))
    return state


#: The bag right after setup with 2 players: 65 tokens less 3 removed, 15 on the board, 6 in hands, 5 offered.
SETUP_BAG = {2: D.TOKENS - D.REMOVED[2] - len(D.DISTRICTS) - 2 * D.HAND_SIZE - len(D.OFFER_PRICES)}
HOUSES = ("RH2", "RH2", "RH2")          # red houses worth 6 on red-L's first coin, +2 and plain spaces
JUNK_OFFER = ("YH2", "GV2", "BV2", "YV2", "BH2")
#: The other hand and the tokens removed at setup, on the last turn: whatever a sample deals the opponent,
#: its final count is 6 (three purple 2s), so the last turn's points decide the game as the scores say.
PURPLE_TWOS = ("PH2", "PV2", "PH2", "PV2", "PH2", "PV2")


def placements(state: State, seat: int) -> dict[tuple[str, str], int]:
    """Every placement the seat can make now ((token code, where), e.g. ``("RH3", "red-L +2")``) and the
    points it scores: what the cases check their plainness against."""
    out = {}
    for token in state.players[seat].hand:
        trial = replace(state, pending=Pending(token))
        for where in R.where_steps(trial, token):
            district = R.DISTRICT_INDEX[where[0]]
            out[TOKEN_CODE[token], " ".join(where)] = R.placement_points(state, token, district,
                                                                        R.first_free(state, district, where[1]))
    return out


def leads_by(state: State, best: tuple[str, str], margin: int) -> State:
    """``state``, once it is checked that ``best`` outscores every placement of another token by ``margin``."""
    scores = placements(state, ME)
    others = [points for (code, _), points in scores.items() if code != best[0]]
    assert scores[best] >= max(others) + margin, (best, sorted(scores.items(), key=lambda kv: -kv[1])[:4])
    return state


def _cases() -> list[Case]:
    # The last turn: the bag is empty, so the purchase ends the game and only the hand's best colour counts;
    # coins and cranes are worth nothing after it.  The scores make every point count for the win.
    houses = rebuilt(blank(seed=6), "red-L", *HOUSES)
    houses = hidden(offer(give(houses, ME, "RH3", "YV2", "GP3"), *JUNK_OFFER), *PURPLE_TWOS)
    houses = played(dealt(houses), 0, keep=("red-L",))
    most = leads_by(checked(houses), ("RH3", "red-L +2"), 3)

    # Red houses fill red-S, red villas red-M; red-L holds one park: a red token scores little now.
    last = rebuilt(blank(seed=5), "red-S", "RH2", "RH2", "RH2", "RH3")
    last = rebuilt(last, "red-M", "RV2", "RV2", "RV2", "RV3", "RP3")
    last = rebuilt(rebuilt(last, "red-L", ".", ".", "RP3"), "blue-L", "BH3", "BH2", "BH3", "BV2")
    last = offer(give(last, ME, "RH3", "RV3", "BH2", coins=3), "YV2", "RP3", "GV2", "YH2", "GV3", mayor=0)
    last = hidden(last, *PURPLE_TWOS)
    buy_colour = leads_by(checked(played(dealt(last), 0, keep=("red-S", "red-M", "red-L", "blue-L"))),
                          ("BH2", "blue-L +2"), 4)

    small = rebuilt(blank(seed=6), "red-S", "RV2", "RH2", "RH3", ".")
    small = offer(give(small, ME, "RH2", "RV3", "RP3", coins=1), "YV2", "GV2", "BV2", "YH2", "GV3")
    small = dealt(hidden(small, *PURPLE_TWOS))
    plus4 = checked(crane(crane(played(small, 0, keep=("red-S",)), "yellow-L", ME), "green-L", ME))

    parks = rebuilt(blank(4, 8), "red-M", "RP3", "RP3")
    parks = leads_by(checked(played(dealt(give(parks, ME, "RP3", "YH2", "GV2")), 0, keep=("red-M",))),
                     ("RP3", "red-M plain"), 4)

    # Earlier in the game.
    late = rebuilt(blank(seed=4), "red-L", *HOUSES)
    late = played(dealt(offer(give(late, ME, "RH3", "YV2", "GV2"), *JUNK_OFFER)), 3, keep=("red-L",))
    project = checked(give(crane(crane(late, "yellow-L", ME), "green-M", ME), ME, coins=2))

    two_copies = rebuilt(blank(seed=3), "red-L", *HOUSES)
    two_copies = offer(give(two_copies, ME, "YV2", "GV2", "BV2", coins=2), "RH3", "YH2", "RH3", "GV3", "BV3",
                       mayor=0)
    two_copies = checked(dealt(two_copies))

    fitting = rebuilt(blank(seed=9), "red-L", *HOUSES)
    fitting = dealt(offer(give(fitting, ME, "YV2", "GV2", "BV2", coins=1), "PV2", "RH3", "YH2", "GV3", "BV3",
                          mayor=0))
    fitting = checked(crane(crane(crane(fitting, "yellow-L", ME), "green-L", ME), "blue-L", ME))  # no project

    villas = rebuilt(blank(seed=10), "red-M", "RV3", "RV3", "RH2")
    villas = checked(dealt(give(villas, ME, "RV2", "RV2", "RV2")))

    coin_space = rebuilt(blank(seed=7), "red-S", ".", "RH2", "RH2", ".")
    coin_space = rebuilt(rebuilt(coin_space, "red-M", "RV2", "RP3", "RH2"), "red-L", ".", ".", "RP3")
    coin_space = checked(dealt(give(coin_space, ME, "RH3", "RV2", "RV3")))

    return [
        Case("on the last turn place the token that scores most", scored(most, 110, 118), ME,
             lambda c: c[:2] == ("place RH3", "red-L +2"),
             "3 + 6 for the houses there + 2 for the space; every other placement scores at least 4 less"),
        Case("on the last turn buy the token of the colour kept in hand", scored(buy_colour, 100, 126), ME,
             lambda c: c[-1] == "buy 2",
             "the final count adds the best single colour in hand: RH3 RV3 and RP3 make 9; a coin is worth "
             "nothing once the game ends"),
        Case("on the last turn place the token whose colour is not kept", scored(buy_colour, 100, 126), ME,
             lambda c: c[:1] == ("place BH2",),
             "BH2 scores 2 + 8 + 2 in blue-L; a red one scores at most 5 and loses its 3 in the final count"),
        Case("on the last turn spend the last coin on the +4 project", scored(plus4, 111, 121), ME,
             lambda c: "project" in c,
             "+4 points for a coin that is worth nothing after this turn"),
        Case("at four, on the last turn, place the park where the parks stand", scored(parks, 100, 115, 115, 115),
             ME, lambda c: c[:1] == ("place RP3",) and c[1].startswith("red-M"),
             "3 + 6 for the two parks there; the other tokens score at least 4 less"),
        Case("near the end, double an 11-point placement with the large project", scored(project, 90, 90), ME,
             lambda c: c[:1] == ("place RH3",) and c[1].startswith("red-L") and "project" in c,
             "x2 scores the placement again: 11 more points for 2 coins and the last crane, two turns before "
             "the end"),
        Case("take the copy the Mayor gives free, not the same token for 2 coins", two_copies, ME,
             lambda c: c[-1] == "buy 1",
             "the token at the Mayor costs nothing; coins pay for projects and better tokens"),
        Case("pay a coin for the house that fits the best spot, not the villa the Mayor gives", fitting, ME,
             lambda c: c[-1] == "buy 2",
             "RH3 will score 3 + 6 + 2 in red-L, the free purple villa 2 in an empty district; no crane is "
             "left to spend the coin on"),
        Case("put the villa where the villas stand", villas, ME,
             lambda c: c[:2] == ("place RV2", "red-M coin"),
             "2 + 6 for the two villas 3 there, and a coin; elsewhere a villa scores 2, or 4 on a +2 space"),
        Case("never a plain space where a coin space of the district is free", coin_space, ME,
             lambda c: c[0].startswith("place") and not c[1].endswith("plain"),
             "the same points and a coin (the only way to get money): every district here has a coin space free"),
    ]


CASES = _cases()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_chooses_what_the_rulebook_makes_plain(level: str) -> None:
    check_level(ENGINE, CASES, level)
