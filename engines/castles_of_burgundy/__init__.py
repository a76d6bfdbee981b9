"""The Castles of Burgundy (Stefan Feld, alea 2011) for 2–4 players.

Played as ``../shared/rules/castles-of-burgundy.md`` settles it, with the numbers
of its data file (transcribed in :mod:`.data`).  Module map:

- :mod:`.data` components and tables; :mod:`.state` frozen dataclasses;
- :mod:`.setup` new game (option ``boards: advanced``); :mod:`.rounds` phases,
  rounds, dice, turn order, income, the end;
- :mod:`.options` what may be chosen (worker costs, tiles, spaces);
  :mod:`.actions` the die actions and the purchase; :mod:`.effects` placing a
  tile and its effect; :mod:`.scoring` all VP, final scoring and tie-breaks;
- :mod:`.decisions` the decision stack (its steps are listed there);
  :mod:`.notation` labels and the typed grammar; :mod:`.view` views.

Readings we chose where the rules page is silent (each has a test):
- Worker costs are computed, never chosen: a choice is offered when the player
  has the fewest workers it needs (knowledge 8 halves them, rounded up; the free
  ±1 of knowledge 9-12 comes first), and that many are spent.
- A ship's goods that do not all fit: the player chooses which new types to keep (``keep 3 5``); a
  game whose options say ``goods: auto`` (every game stored before rules version 2, which had no
  such option) keeps the types already stored, then the largest new piles (ties: the lower number).
  The rest stay on their depot.
- The castle's extra action is a die action: taking workers with it gets
  knowledge 13/14 (a boarding house does not).
- Building effects that are a choice (warehouse, carpenter's workshop, church,
  market, city hall) may be skipped; a castle's extra action cannot (taking
  workers is always possible).  A ship's goods are always taken.
- Both dice must be used (taking workers always can); the turn ends by itself
  once they are, unless a purchase is still possible (then ``end``).
- Advanced estates: the start castles are placed in turn order before phase A
  is laid out.
- Tie-break "later in turn order": further back on the turn-order track at the
  end of the game (in a stack, lower is later).
- The start castle fills its space and counts toward completing its region (rules
  decision 6), but a region that is its space alone was covered at setup and scored
  nothing: views do not count it among the regions the player completed.
"""

from __future__ import annotations

from dataclasses import replace

from engines import rng
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import notation as N
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy import setup, summary
from engines.castles_of_burgundy import view as V
from engines.castles_of_burgundy import words as W
from engines.castles_of_burgundy.events import EVENTS
from engines.castles_of_burgundy.state import State
from engines.core import Action
from engines.registry import GameInfo, GameOption
from engines.steps import StepEngine


class CastlesOfBurgundy(StepEngine[State], state=State, rules=R, views=V, notation=N, events=EVENTS,
                        scoring=S, summary=summary):
    name = "castles-of-burgundy"
    title = W.TITLE
    max_seats = 4
    # 2: the player chooses which goods to keep (option goods; a game without it: auto);
    # 3: the state counts turns (turn_number; each start castle of the advanced estates is its player's
    #    turn): states stored before are stale, rebuilt by replaying the log
    # 4: each player's state keeps where the start castle went (its region, covered at setup, is not shown as one
    #    the player completed): states stored before lack it, rebuilt by replaying the log
    rules_version = 4

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Reshuffle what nobody can see: each face-down tile stack, and the goods of later phases with
        the goods left in the box; a fresh RNG for future dice.  (Everything else is public.)  Canonical: a
        function of ``view(state, seat)`` and ``seed`` only (the computer players rely on it)."""
        r = rng.seed_state(seed)
        stacks = []
        for stack in state.stacks:
            r, shuffled = rng.shuffle(r, sorted(stack))  # sorted: the hidden order must not show through
            stacks.append(shuffled)
        hidden = [g for s in state.goods_stacks for g in s] + list(state.goods_box)
        r, goods = rng.shuffle(r, sorted(hidden))
        goods_stacks = []
        for s in state.goods_stacks:
            goods_stacks.append(tuple(goods[:len(s)]))
            goods = goods[len(s):]
        r, fresh = rng.next64(r)
        return replace(state, rng=fresh, stacks=tuple(stacks), goods_stacks=tuple(goods_stacks),
                       goods_box=tuple(sorted(goods)))

    def default_action(self, state: State, seat: int) -> Action:
        return Action((default_step(state, seat),))


def default_step(state: State, seat: int) -> tuple[str, ...]:
    """For a player who is away: back out of half-made choices, use each die to take workers,
    skip optional effects, take the first goods on offer."""
    steps = R.legal_steps(state, seat)
    for safe in (("cancel",), ("skip",), ("workers",)):
        if safe in steps:
            return safe
    if state.pending and state.pending[-1].kind == "keep":  # what a game without the choice keeps
        player, incoming = state.players[seat], R.incoming_goods(state, state.pending[-1])
        stored, _ = S.store_goods(player, incoming)
        return ("keep", *(str(g) for g in D.GOODS_TYPES if stored[g - 1] and not player.goods[g - 1]))
    if not state.pending and state.players[seat].dice:
        return ("die", str(state.players[seat].dice[0]), "workers")
    if ("end",) in steps:
        return ("end",)
    return steps[0]


ENGINE = CastlesOfBurgundy()
GAME = GameInfo(
    ENGINE, command="burgundy", summary="The Castles of Burgundy — 2–4 players, dice and estates",
    aliases=("castles", "cob"), player_boards=True, score_unit="VP", view_seats=("track",), view_words=W.VIEW_WORDS,
    order=3,
    options=(GameOption("boards", "Estates: standard (No. 1 for everyone) or advanced (No. 2–9, one each)",
                        setup.BOARD_OPTIONS, "standard"),
             GameOption("goods", "When a ship's goods do not all fit: you choose which to keep, or auto",
                        setup.GOODS_OPTIONS, "choose")))
__all__ = ["ENGINE", "GAME", "CastlesOfBurgundy"]
