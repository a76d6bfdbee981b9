"""Burgenland: a race to build every piece, so a position is worth minus the turns each seat still needs.

Each turn either builds one piece (4 matching cards, a tower also pays the architect) or takes 2 cards, so
a seat needs about ``pieces left + cards still missing / 2`` turns.  Cards count by use: a joker fully, a
colour card less when no open small-castle site takes its colour; bonus and exchange tiles count as the
cards they save.  A hand that cannot yet pay 4 cards into any one castle costs a little more, and the seat
to act is half a turn ahead.  The search skips choices that only waste: partial payments when a whole one
is offered, bonus tiles spent on builds that need none, the large castle when a small one takes the piece.
"""

from __future__ import annotations

from typing import Any

from ai.levels import Level
from ai.policy import GamePolicy
from engines.burgenland import data as D
from engines.burgenland import rules as R
from engines.burgenland.state import State
from engines.core import Action, AnyEngine

CARDS = D.SMALL_CASTLE_CARDS
#: Cards gained by a take (the unit of the race: a turn).
TAKE = 2.0
#: What each held thing is worth, in cards.
JOKER = 1.0
USABLE_CARD = 0.85      # a colour card some open small-castle site takes
STRAY_CARD = 0.45       # only the large castle (or a marker swap) would take it
TILE_CARDS = {D.DRAW_FIVE: 2.8, D.PAY_TEN: 1.2, D.IGNORE: 0.8, D.EXTRA_SITE: 0.8}
EXCHANGE_TILE = 0.8
SURPLUS = 0.05          # a card beyond what the remaining pieces need
#: Extra cards a tower costs on average (the architect; cards average 1.8 coins).
TOWER_EXTRA = 1.5
#: Turns lost per card a hand lacks for its best single build.
NOT_READY = 0.2
#: The seat to act is this far ahead of the other.
TO_MOVE = 0.5
STUCK_WELL = 10.0       # a well that can never be built: that seat cannot finish
_WELL = D.PIECES.index(D.WELL)
_TOWER = D.PIECES.index(D.TOWER)
_FREE = range(3)        # the N, W and E sites


def values(engine: AnyEngine, state: Any) -> tuple[float, ...]:
    s: State = state
    open_colours = 0  # a bit per colour with an empty square site in some small castle
    open_pairs: list[tuple[int, int]] = []
    markers = s.markers
    for castle, sites in enumerate(s.sites):
        if sites[0] is None or sites[1] is None or sites[2] is None:
            a, b = D.CASTLE_MARKERS[castle + 1]
            pair = (markers[a - 1], markers[b - 1])
            open_pairs.append(pair)
            open_colours |= (1 << pair[0]) | (1 << pair[1])
    well_castle = R.indicator(s)
    if well_castle is not None:
        a, b = D.CASTLE_MARKERS[well_castle]
        open_pairs.append((markers[a - 1], markers[b - 1]))
    out = []
    for seat, p in enumerate(s.players):
        left = sum(p.supply)
        counts = [0] * len(D.COLOURS)
        for card in p.hand:
            counts[card // D.CARDS_PER_COLOUR] += 1
        held = JOKER * p.jokers + EXCHANGE_TILE * p.exchange_tiles
        for colour, n in enumerate(counts):
            if n:
                held += n * (USABLE_CARD if open_colours >> colour & 1 else STRAY_CARD)
        for tile in p.bonus_tiles:
            held += TILE_CARDS[tile]
        need = CARDS * left + TOWER_EXTRA * p.supply[_TOWER]
        short = need - held
        turns = left + (short / TAKE if short > 0 else SURPLUS * short)
        ready = max(counts) + p.jokers  # the large castle takes one colour
        for a, b in open_pairs:
            fits = counts[a] + counts[b] + p.jokers
            if fits > ready:
                ready = fits
        if ready < CARDS and left:
            turns += NOT_READY * (CARDS - ready)
        if p.supply[_WELL] and well_castle is None:
            turns += STUCK_WELL * p.supply[_WELL]
        if seat == s.turn and not s.main_done:
            turns -= TO_MOVE
        out.append(-turns)
    return tuple(out)


def candidates(engine: AnyEngine, state: Any, seat: int, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Forward choices worth weighing (never empty when ``legal`` is not)."""
    s: State = state
    keep = tuple(a for a in legal if a.steps[0][0] not in ("cancel", "undo"))
    if not keep:
        return legal
    if s.pending is not None:
        if s.pending.opening[0] == "swap":
            return keep
        # A payment: the engine's whole suggested payment stands for the card-by-card ones.
        whole = tuple(a for a in keep if len(a.steps[0]) > 2)
        return whole or keep
    plain: set[tuple[str, str]] = set()
    small: set[str] = set()
    for a in keep:
        step = a.steps[0]
        if step[0] == "build" and len(step) == 3:
            plain.add((step[1], step[2]))
            if step[2] != D.LARGE:
                small.add(step[1])
    out = []
    for a in keep:
        step = a.steps[0]
        verb = step[0]
        if verb == "jokers" and step[1] != "1":
            continue  # one joker at a time: a second exchange can follow
        if verb == "build":
            piece, where = step[1], step[2]
            if D.PAY_TEN in step[3:] and (piece, where) in plain:
                continue  # the pay-10 tile is not needed for this build
            if where == D.LARGE and piece in small:
                continue  # a small castle takes this piece, for fewer cards and a bonus
        out.append(a)
    return tuple(out) or keep


POLICY = GamePolicy(
    values=values,
    scale=1.5,
    candidates=candidates,
    rollout_steps=2,
    levels={
        "normal": Level("normal", iterations=160, samples=8, max_seconds=10.0),
        "hard": Level("hard", iterations=1280, samples=8, max_seconds=30.0),
    },
)
