"""Bürger, Baumeister & Co.: a seat's worth is its points plus what its hand, purse and cranes will still score.

What the evaluation weighs, in the game's points:

- **Points scored.**
- **Tokens in hand** (``HAND_WEIGHT``): each is worth the best placement it has on the board now — its
  value, the same-type values already in a district of its colour, a free +2 space (the rulebook's
  scoring) — at a discount: it is placed on a later turn, when the others may have used the spot (the
  discount is taken once for each other seat that plays first: 0.9 with two players, 0.73 with four).  Of the
  hand, the share still in it at the end, 3 tokens of the 3 plus the turns the seat has left, counts as the
  final count does instead (the best single colour in hand).
- **Coins** (``COIN``): a coin pays for a large project or a better token on offer (the only way to get one
  is a coin space); worth less as the turns run out, nothing after the seat's last.
- **Cranes** (``CRANE``): a large project scores +4 or doubles a placement; a crane counts while a project
  is open to it and the seat has a turn left to build it, one crane a turn, and like a coin less as the
  turns run out (fewer placements left to double).
- A half-made turn counts what it has decided (placement points, project) and lacks its purchase
  (``MISSING_TOKEN``), so positions inside a turn compare fairly.
- **The offer left behind** (``OFFER_WEIGHT``): once a turn is over, the seat to buy next gains its best
  pick of the offer (the token's worth in its hand, less the coins it costs; the Mayor's is free).  Without
  it a turn was chosen as if the token left at the Mayor's space went to nobody: the evaluation now sees
  what a purchase leaves the next player, and buys what the other wants when it costs little.

The weights were tuned by matches of the planning player against itself, 60 games a change: a hand
weight of 0.9 won 65 % against 0.55 (0.4: 23 %, 1.1: 60 %); a crane at 4 won 57 % and 52 % against 3 and
6, and raised self-play's points from 157 to 165 over 1 (projects on bigger placements); coins at 1.3, 2 and 3
looked alike over 60 games.  Over 200 (normal with the change against normal without, seeds 2000-2199) coins
at 3 won 52 % against 2 (+1.7 ± 1.3 points a game) and raised self-play's points by 3-4 for normal and 2 for
hard; at 4 self-play's points rose more (+4.6) but it won only 41 % (-3.1 ± 1.2): two players who hoard coins
score more against each other without playing better, so the self-play figure alone does not choose a
weight.  With coins at 3, cranes at 5 won 57 % against 4 over 200 games (+2.5 ± 1.1 points; at 6, 56 %, +1.5),
self-play's points much as before.  The offer left behind, weighed fully (1.0), won 58 % against not at all
(+3.6 ± 1.2 points a game over 200; 0.5: 58 %, +3.1; 1.0 against 0.5: 53 %, +0.8 ± 1.2), and lowered hard's
self-play points by about 1 (165.1 against 166.5 over 40): a player who leaves less on the offer lets the
other score less.  A least-squares fit of the points still to come in self-play on the same features
agrees (0.7-1.0 per point of hand placements, 3-5 per usable crane).

normal and hard plan each turn whole (:mod:`ai.plan`): place, project and purchase make one turn, and
every way to play it is scored by the evaluation over samples of the hidden hands and bag; hard weighs
the best few turns again by what the others do next and its own next turn.

What a good player scores (``good_player``), reasoned from the scoring, with 2 players: 37 turns, so 18 or
19 placements each.  A placement scores its value (2.5 on average) plus the same-type values already in
the district: a good player places where its type stands, 4-5 points more late in the game and 1-2 early,
and takes a +2 space about one time in three — some 7.5 a placement, 140 in all.  Three cranes on ×2
projects over 8-10 point placements, or +4: about 25.  The final count of a colour kept in hand: about 6.
That is 170, sure to perhaps ±15 (our board is our own, so no published scores apply; the computer's own
self-play, 160-165, is no yardstick).  hard's self-play meets each part but none exceeds it (20 games from
seed 1000): 7.4 points a placement (5.8 in its first eight, 8.7 in its last), a +2 space 5.8 times, three
projects, every one ×2, worth 8.3 each (24 in all), the final count 5.4 — 167.
More of hard's unused time does not add points: twice the samples (32) and look-ahead (8 turns over 32 draws)
scored 164.3 ± 1.4 in self-play against 165.1 ± 1.2 (40 games from seed 1000; p50 24 ms, p99 1.2 s), and a wider
plan changes nothing (the planner already sees every way to play a turn).  Nor does a look-ahead that weighs again
every turn within 0.3 of the best turn's lead (2.4 points) instead of 0.04: 164.3 ± 1.4 (40 games from seed 1000;
p50 384 ms, p99 1.8 s) — the look-ahead's narrow plans of the next turns judge no better than the evaluation.
Nor does a player that counts its own points beside its chance of winning (the utility plus 0.2-1.0 times its
value over the scale, so that a lopsided game, where the chance hardly moves, is still played for points): normal's
self-play rose from 163.1 to 165.4, 167.2 and 167.9 points (0.2, 0.5, 1.0; 60 games from seed 1000), but head to
head against normal as it is it won 0.472 ± 0.035 and 0.445 ± 0.035 of 200 games (0.2, 0.5; seeds 2000-2199: -1.4
and -2.7 points a game).  Two players who let each other score score more together without playing better: the
self-play figure rewards it, a game against one who plays to win does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy, without_going_back
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import EMPTY, TOKEN_COLOUR, TOKEN_TYPE, TOKEN_VALUE, State
from engines.core import Action, AnyEngine

HAND_WEIGHT = 0.9     # a token's best placement now, discounted (it is placed later, if the spot is still there)
COIN = 3.0            # a coin: a project (+4 or doubled placement) or a better token on offer
CRANE = 5.0           # a crane while projects are open and turns are left to build one
MISSING_TOKEN = 3.0   # a half-made turn has not bought its token yet
OFFER_WEIGHT = 1.0    # the next buyer's best pick of the offer, at this share of its worth in hand
#: What a good player scores in a 2-player game (see the module docstring).
GOOD_PLAYER = 170.0
#: Samples of the hidden hands and bag a turn is planned over; hard's look-ahead: the best turns weighed
#: again, over this many draws of what comes next.
NORMAL_SAMPLES, HARD_SAMPLES = 8, 16
HARD_AHEAD, HARD_AHEAD_SAMPLES = 5, 16
_TOKENS = D.TOKENS
_PLUS2 = tuple(tuple(b == D.PLUS2 for b in R.SPACE_BONUS[d]) for d in range(len(D.DISTRICTS)))
_TYPES = D.TYPES


def _best_spots(state: State) -> dict[tuple[int, str], int]:
    """Per (colour, type): the most points a token of that colour and type would add on placement,
    without its own value (same-type values in the district, +2 when such a space is free)."""
    out: dict[tuple[int, str], int] = {}
    for district, spaces in enumerate(state.board):
        colour = district // 3
        free = False
        plus2 = False
        same = {t: 0 for t in _TYPES}
        for i, token in enumerate(spaces):
            if token == EMPTY:
                free = True
                if _PLUS2[district][i]:
                    plus2 = True
            else:
                same[TOKEN_TYPE[token]] += TOKEN_VALUE[token]
        if not free:
            continue
        for kind in _TYPES:
            gain = same[kind] + (D.PLUS2_POINTS if plus2 else 0)
            key = (colour, kind)
            if out.get(key, -1) < gain:
                out[key] = gain
    return out


def turns_left(state: State, seat: int) -> int:
    """The turns ``seat`` still plays, the one under way included: every turn draws a token from the bag,
    and the turn that finds it empty is the last (``len(bag) + 1`` turns in all, taken in seat order)."""
    after = (seat - state.turn) % state.seats  # turns before this seat's next one
    remaining = len(state.bag) + 1
    return 0 if after >= remaining else (remaining - after - 1) // state.seats + 1


def values(engine: AnyEngine, state: Any) -> list[float]:
    s: State = state
    if s.over:
        return [float(v) for v in R.final_scores(s)]
    spots = _best_spots(s)
    open_projects = sum(1 for c in s.cranes if c == EMPTY)
    hand_weight = HAND_WEIGHT ** (s.seats - 1)  # each other seat plays before the token is placed
    out = []
    for seat, player in enumerate(s.players):
        hand = list(player.hand)
        worth = float(player.score)
        coins, cranes, projects = player.coins, player.cranes, open_projects
        pending = s.pending if s.turn == seat else None
        if pending is not None:
            hand.remove(pending.token)
            if pending.discard:
                pass
            elif pending.district != EMPTY:
                placed = R.placement_points(s, pending.token, pending.district, pending.space)
                worth += placed
                coins = R.coins_after_placing(s, seat, pending)
                if pending.project == 1:
                    cost, bonus = R.project_of(pending.district)
                    worth += R.project_points(bonus, placed)
                    coins, cranes, projects = coins - cost, cranes - 1, projects - 1
            else:
                worth += TOKEN_VALUE[pending.token] + spots.get((TOKEN_COLOUR[pending.token],
                                                                 TOKEN_TYPE[pending.token]), -99)
            worth += MISSING_TOKEN
        turns = turns_left(s, seat)
        kept = D.HAND_SIZE / (D.HAND_SIZE + turns)  # the share of the hand still in it at the end
        placing = float(sum(_placement_now(spots, token) or 0 for token in hand))
        worth += (1.0 - kept) * hand_weight * placing + kept * R.hand_bonus(tuple(hand))[0]
        if turns:  # coins and cranes are worth something only while there are turns to use them in
            worth += (COIN * coins + CRANE * min(cranes, projects, turns)) * (1.0 - kept)
        if pending is None and seat == s.turn and turns:
            worth += OFFER_WEIGHT * (1.0 - kept) * _best_pick(s, spots, hand_weight, coins)
        out.append(worth)
    return out


def _best_pick(s: State, spots: dict[tuple[int, str], int], hand_weight: float, coins: int) -> float:
    """What the seat about to buy gains by its best pick of the offer: the token's best placement now,
    discounted as a token in hand is, less the coins it costs."""
    best = 0.0
    for space, token in enumerate(s.offer):
        cost = R.price(s, space)
        if token == EMPTY or cost > coins:
            continue
        placed = _placement_now(spots, token)
        if placed is not None:
            best = max(best, hand_weight * placed - COIN * cost)
    return best


def _placement_now(spots: dict[tuple[int, str], int], token: int) -> int | None:
    """The most points ``token`` would score if placed now (:func:`_best_spots`); None if no district takes it."""
    gain = spots.get((TOKEN_COLOUR[token], TOKEN_TYPE[token]))
    return None if gain is None else TOKEN_VALUE[token] + gain


def candidates(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Forward moves only; among placements of one token in one district the plain space is dropped when a
    space that scores the same and more is free: a +2 space (2 points more), or a coin space while the
    seat holds fewer than 3 coins (a coin more)."""
    forward = without_going_back(engine, state, seat, legal)
    s: State = state
    if s.pending is None or s.pending.district != EMPTY or s.pending.discard:
        return forward
    better = {D.PLUS2} if s.players[seat].coins >= D.MAX_COINS else {D.PLUS2, D.COIN}
    richer = {a.steps[0][0] for a in forward if len(a.steps[0]) == 2 and a.steps[0][1] in better}
    kept = tuple(a for a in forward if not (a.steps[0][1:] == (D.PLAIN,) and a.steps[0][0] in richer))
    return kept or forward


def figures(engine: AnyEngine, state: Any, moves: Sequence[tuple[int, Action]]) -> dict[str, float]:
    """Per player: ``projects`` (large projects built, of 3 cranes), ``hand`` (the final count of the best
    colour in hand) and ``coins_left`` (coins never spent: worth nothing at the end)."""
    s: State = state
    seats = len(s.players)
    built = sum(1 for _, action in moves for step in action.steps if step == ("project",))
    finals = R.final_scores(s) if s.over else tuple(p.score for p in s.players)
    hands = sum(final - player.score for final, player in zip(finals, s.players, strict=True))
    return {"projects": built / seats, "hand": hands / seats, "coins_left": sum(p.coins for p in s.players) / seats}


POLICY = GamePolicy(
    values=values,
    scale=8.0,
    candidates=candidates,
    figures=figures,
    good_player=GOOD_PLAYER,
    # Plan each turn whole (ai.plan): place, project and purchase are one turn, and every way to make it
    # (a few hundred) is scored by the evaluation — a tree search spread its visits over the steps of a
    # turn and judged a placement by the purchases it happened to try.  hard weighs the best turns again
    # by what the others do next and its own next turn.
    levels={
        "normal": Level("normal", iterations=0, samples=NORMAL_SAMPLES, plan_width=1, plan_root=1),
        "hard": Level("hard", iterations=0, samples=HARD_SAMPLES, plan_width=1, plan_root=1,
                      plan_ahead=HARD_AHEAD, plan_ahead_samples=HARD_AHEAD_SAMPLES),
    },
)
