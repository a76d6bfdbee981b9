"""Burgen Land sense suite: positions where the rulebook makes the right choice plain.

Every position is built with the engine tests' ``position`` (the supply holds exactly the cards not in
the castles, and it checks that every card and red die is in one place), then set into the phase the
case is about as a roll would leave it: the first landing fixes the turn's colour, rolled red dice are
back in the supply, a penalty waits only after the crown left the turn's colour.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.burgen_land.state import MOVE, PENALTY, SPACE, State
from tests.ai.sense import Case, check_level
from tests.engines.burgen_land_helpers import conservation, position, space

ENGINE = engines.get("burgen-land")


def landed(state: State, crown: int, colour: str, die: int) -> State:
    """``state`` after its seat's first roll (``die``) left the crown on ``crown``: the space to choose."""
    after = replace(state, crown=crown, phase=SPACE, colour=("blue", "yellow", "red").index(colour), rolls=1,
                    dice=(die,), roller=state.turn)
    conservation(after)
    return after


def rolled(state: State, dice: tuple[int, ...]) -> State:
    """``state`` once its seat rolled ``dice`` (own die first; the red ones already back on the board)."""
    after = replace(state, phase=MOVE, rolls=state.rolls + 1, dice=dice, roller=state.turn)
    conservation(after)
    return after


#: The opponent's lead in red, far from the crown in these positions: the game stays even, so what the
#: choice gains or loses is not lost in a lopsided position.
RED_LEAD = {"red": (1, 5, 1, 2, 1)}


def _cases() -> list[Case]:
    blue_lead = {"blue": (1, 5, 1, 3, 1)}           # 11 against a single wall: blue scores 10 for its owner
    cases = [
        Case("score on the wall/crown space when it wins the game",
             landed(position(blue_lead, scores=(24, 20)), space("blue", "wall-crown"), "blue", 2),
             0, lambda c: c == ("score",),
             "the first to 30 wins at once; the blue castles score 11 - 1 = 10 for you"),
        Case("score a big lead on the wall/crown space rather than take a wall",
             landed(position(blue_lead, scores=(5, 8)), space("blue", "wall-crown"), "blue", 2),
             0, lambda c: c == ("score",),
             "10 points now, and the castle still leads blue for every later scoring; a wall adds 1"),
        Case("do not score a colour the opponent leads: take the wall or a die instead",
             landed(position(theirs=blue_lead, scores=(10, 10)), space("blue", "wall-crown"), "blue", 2),
             0, lambda c: bool(c) and c[0] != "score",
             "a scoring moves only the owner of the more valuable castle"),
        Case("move the crown onto the crown space of the colour you lead",
             rolled(position(blue_lead, held=(0, 0), crown=space("red", "great-tower")), (1, 3)),
             0, lambda c: c == ("move 3",),
             "the crown space scores blue at once: 10 points for the stronger blue castle"),
        Case("keep the crown off the crown space of a colour the opponent leads",
             rolled(position(theirs=blue_lead, crown=space("red", "great-tower")), (3, 1)),
             0, lambda c: c == ("move 1",),
             "the crown space's scoring is compulsory and would give the opponent 10"),
        Case("choose the die that stays in the turn's colour",
             rolled(position({"blue": (5, 1, 3, 1, 5)}, RED_LEAD, crown=space("blue", "wall-crown"),
                             colour="blue", rolls=1), (5, 2)),
             0, lambda c: c == ("move 2",),
             "leaving the colour costs the more valuable end card: a great tower"),
        Case("stop rolling one space before the colour ends with great towers at stake",
             position({"blue": (5, 1, 3, 1, 5)}, RED_LEAD, crown=space("blue", "house"), colour="blue", rolls=2),
             0, lambda c: c == ("end",),
             "only a 1 stays in blue; any other roll gives a great tower back"),
        Case("roll again when no roll can leave the colour",
             position({"blue": (1, 5, 1, 3, 1)}, RED_LEAD, crown=space("blue", "wall"), colour="blue", rolls=1),
             0, lambda c: bool(c) and c[0].startswith("roll"),
             "seven blue spaces lie ahead and a die goes at most six: whatever it shows is a gain, a card or a "
             "scoring of the blue lead (10)"),
        Case("fill the hole in your castle with the wall",
             landed(position({"blue": (1, 5, 1, 0, 1, 5, 1)}, {"blue": (1, 2, 1, 3, 1)}),
                    space("blue", "wall"), "blue", 1),
             0, lambda c: c == ("take wall", "hole 4"),
             "a castle with a hole counts only its best segment (7); the wall in the hole makes it 15"),
        Case("give back the end card that keeps the castle worth most",
             replace(position({"blue": (1, 0, 1, 5, 1)}, {"blue": (1, 5, 1, 5, 1, 5, 1)},
                              crown=space("yellow", "wall"), colour="blue", rolls=2), phase=PENALTY,
                     dice=(3,), roller=0),
             0, lambda c: c == ("remove left",),
             "without the left wall the hole falls away and 7 stay; without the right one only 6"),
        Case("take the opponent's great tower that splits their castle worst",
             landed(position({"blue": (1, 5, 1)}, {"blue": (1, 5, 1, 5, 1, 5, 1)}),
                    space("blue", "great-tower"), "blue", 4),
             0, lambda c: c[:1] == ("take great-tower",) and c[-1:] == ("from 4",),
             "the supply has none left: the middle tower leaves their castle 7 instead of 13"),
    ]
    for case in cases:
        conservation(case.state)
    return cases


CASES = _cases()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_chooses_what_the_rulebook_makes_plain(level: str) -> None:
    check_level(ENGINE, CASES, level)
