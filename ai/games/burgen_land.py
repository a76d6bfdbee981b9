"""Burgen Land: a seat's worth is its points on the track plus what its castles will still score.

What the evaluation weighs, each in track points:

- **Points on the track**: the race is to 30.
- **The castle lead in each colour** (``CASTLE`` per point): castles are never emptied by a scoring, so
  whoever leads a colour is paid the difference again every time the crown stops on that colour's crown
  (the rulebook's example: 17 against 3 scores 14).  The weight is what a point of castle lead was worth
  in the outcomes of self-play: a logistic fit of the winner on the score gap and the castle leads at the
  start of each turn, over 1,000 greedy games, gave 1.3 track points per castle point (1.0-1.8 as the race
  goes on, depending on the games fitted) — the weight used before, 0.8 falling to 0.3, was half of it.
- **The next scoring** (``NEXT_SCORING``): who starts the next turn, and from where, decides which colour
  can be scored soon.  The player starting a turn lands on the colour its first roll reaches and may roll
  on inside it; a colour it leads is scored if it reaches that colour's crown or wall/crown space (the
  chance is worked out for every crown position, :data:`OWN`), and a crown space it lands on with its
  first roll is scored whoever leads (:data:`FORCED`).  This is the rulebook's hint on tactics: moving
  the crown only a short way can keep the opponent's next turn in a colour that does them no good.
- **Red dice held** (``RED_DIE``): another die to choose from, for a safer roll or to hit a chosen space
  (0.4 in the same fit).
- **The castles' shape**, as the building regulations and the penalty make it matter: a wall at an end
  takes a building next (``WALL_END``); the more valuable end card is what a roll out of the colour gives
  back (``EXPOSED_END``); segments cut off by a hole count at a discount (``CUT_OFF``) — one card in the
  hole joins them again.  The fit put these at 1.0, 0.7 and 1.0; half of that is used, as they partly
  stand for each other and for the lead.

The rollout plays as a careful player would (:func:`rollout`): it rolls on only while the colour has room
ahead, keeps the crown in its colour, scores a colour it leads and builds before it takes dice, so the
positions the search scores are ones a player would reach.

The yardstick (``figures``): a finished game's points say little of how it was played — the game stops
at 30, and the loser's points say how close the race was, not how well either played — so the yardstick
is not points.  What shows good play is how fast the winner gets there: ``turns``, the winner's own turns
to reach 30, with ``busts``, the share of turns that ended by leaving the colour.  A good player needs
about 20 turns (``good_player``, fewer is better): the published playing time is about 30 minutes for
two (BoardGameGeek; boardgameguys.com, "around 30 minutes"), which at some 45 seconds a turn (two or three rolls, a card
chosen and placed) is 40 turns, 20 each.  That is a reasoned estimate — the playing time is the
publisher's, the seconds a turn are ours — good to perhaps ±5 turns.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy
from engines.burgen_land import data as D
from engines.burgen_land import rules as R
from engines.burgen_land.state import MOVE, PENALTY, PLACE, ROLL, SOURCE, SPACE, State
from engines.core import Action, AnyEngine

#: Track points per point of castle lead (a lead is paid again at every scoring of its colour).
CASTLE = 1.3
#: Track points per point the next turn is expected to score (on top of the lead it pays).
NEXT_SCORING = 1.0
#: A red die held: one more die to choose from.
RED_DIE = 0.4
#: A wall at an end of a castle: a building may go next to it.
WALL_END = 0.5
#: Per point of the more valuable end card, which the penalty takes back.
EXPOSED_END = 0.3
#: Per point of a castle cut off from its best segment by a hole.
CUT_OFF = 0.5
#: hard's budget: iterations and samples per search, and searches added up.
HARD_ITERATIONS, HARD_SAMPLES, HARD_SEARCHES = 800, 40, 3

_WALL = D.VALUES[0]
_CROWN_SLOT = D.SECTION.index(D.CROWN)
_WALL_CROWN_SLOT = D.SECTION.index(D.WALL_CROWN)
_SCORING_SLOTS = (_CROWN_SLOT, _WALL_CROWN_SLOT)
_SIDES = D.DIE_SIDES
_COLOURS = range(len(D.COLOURS))


@functools.cache
def _rolling_on(slot: int) -> float:
    """The chance that a player rolling on from ``slot`` lands on a scoring space of the section before
    none is left ahead (the crown space, then the wall/crown space)."""
    if slot >= _WALL_CROWN_SLOT:
        return 0.0
    chance = 0.0
    for die in range(1, _SIDES + 1):
        reached = slot + die
        if reached in _SCORING_SLOTS:
            chance += 1 / _SIDES
        elif reached < _WALL_CROWN_SLOT:
            chance += _rolling_on(reached) / _SIDES
    return chance


def _next_turn_tables() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    """Per crown position, per colour: the chance that the player starting a turn there scores the colour
    if it leads it (``OWN``), and that its first roll lands on the colour's crown space (``FORCED``)."""
    own, forced = [], []
    for crown in range(D.TRACK_LEN):
        mine, landed = [0.0] * len(D.COLOURS), [0.0] * len(D.COLOURS)
        for die in range(1, _SIDES + 1):
            space = (crown + die) % D.TRACK_LEN
            colour, slot = D.space_colour(space), space % D.SECTION_LEN
            mine[colour] += (1.0 if slot in _SCORING_SLOTS else _rolling_on(slot)) / _SIDES
            if slot == _CROWN_SLOT:
                landed[colour] += 1 / _SIDES
        own.append(tuple(mine))
        forced.append(tuple(landed))
    return tuple(own), tuple(forced)


OWN, FORCED = _next_turn_tables()


def _shape(row: tuple[int, ...]) -> float:
    """What a castle's shape adds or costs beyond its value (see the module docstring)."""
    if not row:
        return 0.0
    worth = WALL_END * ((row[0] == _WALL) + (len(row) > 1 and row[-1] == _WALL))
    worth -= EXPOSED_END * max(row[0], row[-1])
    if D.HOLE in row:
        worth += CUT_OFF * (sum(row) - R.castle_value(row))
    return worth


def values(engine: AnyEngine, state: Any) -> tuple[float, ...]:
    s: State = state
    value = R.castle_value
    mine, theirs = s.castles
    out = [float(s.scores[0]) + RED_DIE * s.red_held[0], float(s.scores[1]) + RED_DIE * s.red_held[1]]
    leads = []
    for colour in _COLOURS:
        lead = value(mine[colour]) - value(theirs[colour])
        leads.append(lead)
        out[0] += CASTLE * lead + _shape(mine[colour])
        out[1] += _shape(theirs[colour])
    # The next turn starts from the crown: this seat's own if it has not rolled yet, else the other's
    # (as if this one stopped now).
    starter = s.turn if s.rolls == 0 else 1 - s.turn
    own, forced = OWN[s.crown], FORCED[s.crown]
    for colour in _COLOURS:
        lead = leads[colour] if starter == 0 else -leads[colour]  # the starter's lead
        if lead > 0:
            out[starter] += NEXT_SCORING * own[colour] * lead
        elif lead < 0:
            out[1 - starter] -= NEXT_SCORING * forced[colour] * lead
    return tuple(out)


# --- Rollouts -----------------------------------------------------------------------------------------

#: Roll on only with at least this many spaces of the colour ahead (a die's chance to stay: ahead / 6) ...
SAFE_AHEAD = 5
#: ... or this many when a roll out of the colour costs nothing worth keeping (no card above a wall).
CHEAP_AHEAD = 3


def rollout(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...], rnd: random.Random) -> Action:
    """A careful player's step: roll on only while the colour has room, keep the crown in it, score a
    colour it leads, build rather than take dice, and place or give back what keeps the castle worth most."""
    s: State = state
    keys = {a.key: a for a in legal}
    phase = s.phase
    if phase == ROLL:
        if s.rolls == 0 or s.colour is None:
            return keys.get("roll", legal[0])
        row = s.castles[seat][s.colour]
        ahead = D.section_end(s.colour) - s.crown
        at_stake = max(row[0], row[-1]) if row else 0
        if ahead >= SAFE_AHEAD or (ahead >= CHEAP_AHEAD and at_stake <= _WALL):
            return keys.get("roll", legal[0])
        return keys.get("end", legal[0])
    if phase == MOVE:
        return max(legal, key=lambda a: _landing(s, seat, int(a.steps[0][1])))
    if phase == SPACE:
        if "score" in keys and _lead(s, seat, D.space_colour(s.crown)) > 0:
            return keys["score"]
        taking = [a for a in legal if a.steps[0][0] == "take"]
        return taking[0] if taking else keys.get("dice", legal[0])
    if phase in (PLACE, SOURCE, PENALTY):
        return max(legal, key=lambda a: _castle_after(engine, s, seat, a))
    return legal[rnd.randrange(len(legal))]


def _lead(s: State, seat: int, colour: int) -> int:
    return R.castle_value(s.castles[seat][colour]) - R.castle_value(s.castles[1 - seat][colour])


def _landing(s: State, seat: int, steps: int) -> float:
    """How good a space the crown reaches with ``steps``: out of the turn's colour is worst; a crown space
    is the lead it pays; a card space the card's value."""
    space = (s.crown + steps) % D.TRACK_LEN
    colour = D.space_colour(space)
    if s.colour is not None and colour != s.colour:
        return -float(D.WIN_SCORE)
    kind = D.TRACK[space][0]
    if kind == D.CROWN:
        return float(_lead(s, seat, colour))
    if kind == D.WALL_CROWN:
        return float(max(D.VALUES[0], _lead(s, seat, colour)))
    return float(D.VALUES[R.SPACE_KIND[kind]])


def _castle_after(engine: AnyEngine, s: State, seat: int, action: Action) -> int:
    """The seat's castle lead, summed over the colours, once ``action`` is made."""
    after, _ = engine.apply_trusted(s, seat, action)
    return sum(map(R.castle_value, after.castles[seat])) - sum(map(R.castle_value, after.castles[1 - seat]))


# --- The bench's figures ----------------------------------------------------------------------------------


def figures(engine: AnyEngine, state: Any, moves: Sequence[tuple[int, Action]]) -> dict[str, float]:
    """``turns``: the winner's own turns to reach 30 (fewer is better play); ``busts``: the share of turns
    that ended by leaving the turn's colour (a turn ends either with ``end`` or with the penalty; the
    winning turn ends the game)."""
    s: State = state
    turns = [0, 0]
    busts = 0
    for index, (seat, action) in enumerate(moves):
        last = index + 1 == len(moves) or moves[index + 1][0] != seat
        if last:
            turns[seat] += 1
            busts += index + 1 < len(moves) and action.steps[-1] != ("end",)
    winner = s.winner if s.winner is not None else max((0, 1), key=lambda seat: s.scores[seat])
    return {"turns": float(turns[winner]), "busts": busts / max(1, sum(turns))}


POLICY = GamePolicy(
    values=values,
    scale=9.0,
    rollout_steps=3,
    rollout=rollout,
    figures=figures,
    good_player=20.0,
    good_player_figure="turns",
    # hard: three searches over samples of their own (a wider look at the dice to come) rather than one
    # deeper tree, whose extra depth is spent on rolls its samples have already fixed.
    levels={"hard": Level("hard", iterations=HARD_ITERATIONS, samples=HARD_SAMPLES, searches=HARD_SEARCHES,
                          max_seconds=30.0)},
)
