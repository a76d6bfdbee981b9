"""Burgen Land's rules: setup, what may be done now, and what each step does.

Steps (tuples of words; the notation module reads and writes them):

==============================  ====================================================
``("roll",)``, ``("roll", "+2")``  roll your die (plus 2 of your red dice): random
``("end",)``                    stop rolling; the turn passes (after the first roll)
``("move", "4")``               move the crown with the die showing 4
``("take", kind)``              take the landing space's card (``wall``, ``house`` …)
``("dice",)``                   take red dice instead (as many as the card's value)
``("score",)``                  wall/crown space: score the colour instead
``("left",)``, ``("right",)``,  where the card goes: an end of the castle, or the hole
``("hole", "3")``               at position 3 (positions count from 1, holes included)
``("from", "2")``               supply exhausted: take the opponent's card at position 2
``("remove", "left")``          penalty: which of two equally valuable end cards to give back
``("cancel",)``                 back from placing / choosing a copy to the space's choice
==============================  ====================================================

Randomness has one code path: a roll draws its dice from the RNG, then the pure
:func:`resolve_roll` works out what those dice do (tests call it with forced dice).
Likewise :func:`new_game` draws the crown's colour and the first player, then
:func:`setup` builds the position.

Decisions with a single possible outcome are made by the engine (a lone die
value, a lone placement, a lone copy, unequal end cards, a landing with one
option): a phone player is only asked when there is a real choice.

Readings where the rules page is silent (each has a test):
- A building needs a wall beside it, so it can never be the only card of an empty
  castle; an empty castle takes walls only.
- When a card is taken from the end of the opponent's castle the row simply gets
  shorter; only a card taken from the middle leaves a hole.  Likewise a penalty
  that uncovers a hole at an end drops it: rows never begin or end with a hole.
- Placements and copies are offered once per distinct result: adding a wall to
  one wall gives the same castle left or right, so nobody is asked.
- A space's option is offered only if it gains something: red dice when there
  are some to take (in the supply or the opponent's), a card when one is
  available and placeable.  Scoring on a wall/crown space is always offered, even
  when it would be a tie.  With no option at all nothing happens.
- The penalty for leaving the colour counts whatever the landing space is; the
  crown stays where it landed and the next player starts from there.
- Whoever has the more valuable castle scores, even when the other player moved
  the crown there; if that reaches 30 they win at once, in the other's turn.
- Scores are not capped at 30: the final score is shown as reached.
- A roll must be the last step of a typed line (the dice are not known before).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol

from engines import rng
from engines.burgen_land import data as D
from engines.burgen_land import events as E
from engines.burgen_land import words as W
from engines.burgen_land.state import (
    MOVE,
    OVER,
    PENALTY,
    PLACE,
    ROLL,
    SOURCE,
    SPACE,
    Castles,
    Row,
    State,
    Supply,
)
from engines.core import Outcome, check_setup, ranks_from_scores
from engines.events import TurnBegins
from engines.i18n import N_
from engines.steps import Accumulator, Events, Step, Steps, constructor, run_steps

_, ngettext = W.T.gettext, W.T.ngettext

KIND_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(D.KINDS)}
#: Red dice a space gives instead of its card (wall/crown: a wall's worth).
SPACE_KIND: dict[str, int] = {D.WALL: 0, D.WALL_CROWN: 0, D.LITTLE_TOWER: 1, D.HOUSE: 2, D.GREAT_TOWER: 3}

# --- Setup ------------------------------------------------------------------------------


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    check_setup("Burgen Land", seats, (D.SEATS,), options)
    r = rng.seed_state(seed)
    r, colour = rng.randbelow(r, len(D.COLOURS))
    r, first = rng.randbelow(r, D.SEATS)
    return setup(r, colour, first)


def setup(r: int, crown_colour: int, first: int) -> State:
    """The starting position once the crown's colour and the first player are drawn (pure)."""
    castle: tuple[Row, Row, Row] = (D.START_CASTLE,) * 3
    left = [n - D.START_CASTLE.count(D.VALUES[k]) * D.SEATS for k, n in enumerate(D.CARDS_PER_COLOUR)]
    supply = ((left[0], left[1], left[2], left[3]),) * len(D.COLOURS)
    return State(
        rng=r, crown=D.START_SPACES[crown_colour], castles=(castle, castle), supply=supply,
        red_supply=D.RED_DICE, red_held=(0, 0), scores=(0, 0), first=first, turn=first, colour=None,
        rolls=0, phase=ROLL, dice=(), roller=None, card=None, slot=None, winner=None, ply=0, barrier=0,
        turn_number=1,
    )


# --- Castles ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def castle_value(row: Row) -> int:
    """The sum of the cards; with holes, only the most valuable segment counts."""
    best = run = 0
    for value in row:
        run = 0 if value == D.HOLE else run + value
        best = max(best, run)
    return best


def segments(row: Row) -> list[int]:
    """Each segment's value, left to right (one entry when there is no hole)."""
    out, run = [], 0
    for value in row:
        if value == D.HOLE:
            out.append(run)
            run = 0
        else:
            run += value
    return [*out, run] if row else []


def valid_slot(row: Row, slot: int) -> bool:
    return slot == 0 or slot == len(row) or (0 < slot < len(row) and row[slot] == D.HOLE)


def neighbours(row: Row, slot: int) -> tuple[int, ...]:
    """The cards a card put at ``slot`` would touch (holes touch nothing)."""
    if not row:
        return ()
    near: tuple[int, ...]
    if slot == 0:
        near = (row[0],)
    elif slot == len(row):
        near = (row[-1],)
    else:
        near = (row[slot - 1], row[slot + 1])
    return tuple(v for v in near if v != D.HOLE)


#: The building regulations a placement may break (English, marked: translate where shown).
ENDS_OR_HOLE = N_("cards go only at either end of the castle or into a hole")
NOT_NEXT_TO_BUILDING = N_("a building may never stand next to another building")
NEXT_TO_WALL = N_("a building must stand next to a wall")
NO_SUCH_PLACE = N_("there is no such place")
NOT_WHERE_IT_FITS = N_("that is not where it fits")


def placement_problem(row: Row, slot: int, value: int) -> str | None:
    """The building regulation a card at ``slot`` would break (None if it may go there), in English:
    translate it where it is shown (``_(problem)``)."""
    if not valid_slot(row, slot):
        return ENDS_OR_HOLE
    if value not in D.BUILDING_VALUES:
        return None  # a wall may go anywhere
    near = neighbours(row, slot)
    if any(v in D.BUILDING_VALUES for v in near):
        return NOT_NEXT_TO_BUILDING
    if D.VALUES[0] not in near:
        return NEXT_TO_WALL
    return None


def place(row: Row, slot: int, value: int) -> Row:
    """The row with ``value`` at ``slot`` (rows never begin with a hole, so slot 0 is the left end)."""
    if slot == len(row):
        return (*row, value)
    if slot == 0:
        return (value, *row)
    return (*row[:slot], value, *row[slot + 1:])


def remove(row: Row, index: int) -> Row:
    """The row without the card at ``index``: a hole in the middle; an end just goes."""
    out = list(row)
    out[index] = D.HOLE
    while out and out[0] == D.HOLE:
        out.pop(0)
    while out and out[-1] == D.HOLE:
        out.pop()
    return tuple(out)


@lru_cache(maxsize=8192)
def placements(row: Row, value: int) -> tuple[int, ...]:
    """The slots where ``value`` may go, one per distinct resulting castle (left end, holes, right end).

    Cached: castles are small tuples that recur across turns and games (a pure function of its input).
    """
    candidates = [0, *(i for i in range(1, len(row) - 1) if row[i] == D.HOLE)]
    if row:
        candidates.append(len(row))
    out: list[int] = []
    seen: set[Row] = set()
    for slot in candidates:
        if placement_problem(row, slot, value) is None:
            result = place(row, slot, value)
            if result not in seen:
                seen.add(result)
                out.append(slot)
    return tuple(out)


@lru_cache(maxsize=8192)
def copies(row: Row, value: int) -> tuple[int, ...]:
    """Indices of the opponent's cards of this value, one per distinct resulting castle (cached, pure)."""
    out: list[int] = []
    seen: set[Row] = set()
    for i, v in enumerate(row):
        if v == value:
            result = remove(row, i)
            if result not in seen:
                seen.add(result)
                out.append(i)
    return tuple(out)


def slot_step(row: Row, slot: int) -> Step:
    if slot == 0:
        return ("left",)
    if slot == len(row):
        return ("right",)
    return ("hole", str(slot + 1))


def step_slot(row: Row, step: Step) -> int | None:
    """The slot a placement step names, or None if it names no slot of this row."""
    if step == ("left",):
        return 0
    if step == ("right",):
        return len(row)
    if len(step) == 2 and step[0] == "hole" and step[1].isdigit():
        index = int(step[1]) - 1
        return index if 0 < index < len(row) - 1 and row[index] == D.HOLE else None
    return None


# --- What the landing space offers ---------------------------------------------------------


class Position(Protocol):
    """What the questions about the landing space read: a State, or the Draft of a step under way."""

    @property
    def crown(self) -> int: ...
    @property
    def castles(self) -> Sequence[Sequence[Row]]: ...
    @property
    def supply(self) -> Sequence[Sequence[int]]: ...
    @property
    def red_supply(self) -> int: ...
    @property
    def red_held(self) -> Sequence[int]: ...


def space_kind(state: Position) -> str:
    return D.TRACK[state.crown][0]


def dice_available(state: Position, seat: int) -> int:
    return state.red_supply + state.red_held[1 - seat]


def card_source(state: Position, seat: int, colour: int, kind: int) -> tuple[int, ...] | None:
    """None: from the supply.  Otherwise the opponent's copies that may be taken (maybe none)."""
    if state.supply[colour][kind] > 0:
        return None
    return copies(state.castles[1 - seat][colour], D.VALUES[kind])


#: Why a card cannot be taken (``take_blocked``, on the hot path; ``take_problem`` words it).
NONE_LEFT, EMPTY_CASTLE, NOWHERE = "none left", "empty castle", "nowhere"


def take_blocked(state: Position, seat: int, colour: int, kind: int) -> str | None:
    """Why this card cannot be taken now (None if it can): ``NONE_LEFT``, ``EMPTY_CASTLE`` or ``NOWHERE``."""
    source = card_source(state, seat, colour, kind)
    if source is not None and not source:
        return NONE_LEFT
    if not placements(state.castles[seat][colour], D.VALUES[kind]):
        return NOWHERE if state.castles[seat][colour] else EMPTY_CASTLE
    return None


def take_problem(state: Position, seat: int, colour: int, kind: int) -> str | None:
    """Why this card cannot be taken now, in words (None if it can)."""
    problem = take_blocked(state, seat, colour, kind)
    if problem == NONE_LEFT:
        return _("{card} is left in the supply or {where}", card=W.no_card(colour, kind),
                 where=W.in_opponents_castle(colour))
    if problem == EMPTY_CASTLE:
        return _("{card} needs a wall beside it and your {castle} is empty", card=W.kind_a(kind),
                 castle=W.castle(colour))
    if problem == NOWHERE:
        return _("{card} must stand next to a wall and never next to another building: nowhere {where} fits",
                 card=W.kind_a(kind), where=W.in_your_castle(colour))
    return None


def space_options(state: Position, seat: int) -> list[Step]:
    """What the landing space offers now, each with something to gain."""
    kind = space_kind(state)
    colour = D.space_colour(state.crown)
    out: list[Step] = []
    if kind in SPACE_KIND:
        card = SPACE_KIND[kind]
        if take_blocked(state, seat, colour, card) is None:
            out.append(("take", D.KINDS[card]))
    if kind == D.WALL_CROWN:
        out.append(("score",))
    if kind in SPACE_KIND and dice_available(state, seat):
        out.append(("dice",))
    return out


def take_choices(state: Position, seat: int, kind: int) -> int:
    """How many distinct outcomes taking this card has (placements × copies)."""
    colour = D.space_colour(state.crown)
    source = card_source(state, seat, colour, kind)
    return len(placements(state.castles[seat][colour], D.VALUES[kind])) * (1 if source is None else len(source))


# --- What may be done now -----------------------------------------------------------------


def taking(state: State) -> int:
    """The kind of card being taken (in the PLACE and SOURCE phases)."""
    card = state.card
    if card is None:
        raise ValueError(f"no card is being taken in phase {state.phase}")
    return card


def legal_steps(state: State, seat: int) -> list[Step]:
    if state.winner is not None or seat != state.turn:
        return []
    phase = state.phase
    if phase == ROLL:
        return list(_roll_steps(state.red_held[seat], state.rolls > 0))
    if phase == MOVE:
        return list(_move_steps(state.dice))
    if phase == SPACE:
        return space_options(state, seat)
    colour = D.space_colour(state.crown)
    if phase == PLACE:
        row = state.castles[seat][colour]
        return [slot_step(row, s) for s in placements(row, D.VALUES[taking(state)])] + [("cancel",)]
    if phase == SOURCE:
        row = state.castles[1 - seat][colour]
        return [("from", str(i + 1)) for i in copies(row, D.VALUES[taking(state)])] + [("cancel",)]
    if phase == PENALTY:
        return [("remove", "left"), ("remove", "right")]
    return []


@lru_cache(maxsize=16)
def _roll_steps(held: int, may_end: bool) -> tuple[Step, ...]:
    out: list[Step] = [("roll",)]
    out += [("roll", f"+{k}") for k in range(1, held + 1)]
    return (*out, ("end",)) if may_end else tuple(out)


@lru_cache(maxsize=1024)
def _move_steps(dice: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(("move", str(v)) for v in sorted(set(dice)))


def expected(state: State) -> str:
    """What the seat to act should do now, in words (for error messages)."""
    phase = state.phase
    if phase == ROLL:
        return (_("`roll` (add red dice with `roll +1` …) or `end` your turn") if state.rolls else
                _("`roll` to start your turn (add red dice with `roll +1` …)"))
    if phase == MOVE:
        return _("choose the die that moves the crown: {moves}",
                 moves=", ".join(f"`{W.typed(('move', str(v)))}`" for v in sorted(set(state.dice))))
    if phase == SPACE:
        return _("choose what the space gives: {options}",
                 options=", ".join(f"`{W.typed(s)}`" for s in space_options_any(state)))
    if phase == PLACE:
        return _("say where the card goes (`left`, `right`, `hole 3`) or `cancel`")
    if phase == SOURCE:
        return _("say which of your opponent's cards to take (`from 2`) or `cancel`")
    if phase == PENALTY:
        return _("choose which end card to give back: `remove left` or `remove right`")
    return _("nothing: the game is over")


def space_options_any(state: State) -> list[Step]:
    return space_options(state, state.turn)


def step_problem(state: State, seat: int, step: Step) -> str | None:
    """Why ``step`` cannot be taken now (None if it can)."""
    if not step:
        return _("an empty move")
    if state.winner is not None:
        return _("the game is over")
    if seat != state.turn:
        return _("your turn is over by then")
    if step in legal_steps(state, seat):
        return None
    verb, phase = step[0], state.phase
    if verb == "roll" and phase == ROLL:
        held = state.red_held[seat]
        if not held:
            return _("you hold 0 red dice (take some first)")
        return ngettext("you hold {n} red die", "you hold {n} red dice", held)
    if verb == "end" and phase == ROLL:
        return _("a turn starts with at least one roll")
    if verb == "move" and phase == MOVE:
        rolled = ", ".join(str(v) for v in state.dice)
        if len(step) > 1:
            return _("no die shows {value} (rolled {rolled})", value=step[1], rolled=rolled)
        return _("no die shows that (rolled {rolled})", rolled=rolled)
    if phase == SPACE and verb in ("take", "dice", "score"):
        return _space_problem(state, seat, step)
    if phase == PLACE and verb in ("left", "right", "hole"):
        colour = D.space_colour(state.crown)
        row = state.castles[seat][colour]
        slot = step_slot(row, step)
        if slot is None:
            return _("there is no hole there") if verb == "hole" else _("that is not a place in your castle")
        problem = placement_problem(row, slot, D.VALUES[taking(state)])
        return _(problem) if problem else _("that gives the same castle as another choice")
    if phase == SOURCE and verb == "from":
        colour = D.space_colour(state.crown)
        return _("your opponent's {castle} has no {card} there", castle=W.castle(colour), card=W.kind(taking(state)))
    return _("now {what}", what=expected(state))


def _space_problem(state: State, seat: int, step: Step) -> str:
    kind = space_kind(state)
    colour = D.space_colour(state.crown)
    here = W.space_name(state.crown)
    verb = step[0]
    if verb == "score":
        return _("the crown stands on the {space}: only a wall/crown space lets you choose to score", space=here)
    if kind not in SPACE_KIND:
        return _("the crown stands on the {space}", space=here)
    card = SPACE_KIND[kind]
    if verb == "dice":
        return _("there are no red dice left to take")
    if len(step) > 1 and step[1] != D.KINDS[card]:
        return _("the crown stands on the {space}: the card here is {card}", space=here, card=W.kind_a(card))
    return take_problem(state, seat, colour, card) or _("now {what}", what=expected(state))


# --- Doing it --------------------------------------------------------------------------------


_new_state = constructor(State)


class Draft(Accumulator[State]):
    """Burgen Land's accumulator: a mutable copy of the state for one action, frozen once at the end.

    Every field is a plain attribute (scores and red dice held in lists; castles and supply stay the
    State's tuples until a step changes them), so steps read and write them directly, and the
    questions about the landing space read the draft itself (it is a :class:`Position`).  The shared
    :class:`~engines.steps.Turn`, which collects changes by name and builds a State to answer
    questions, made random playouts of this game 30-40% slower (``bench/engines.py``): its steps
    touch a dozen fields and ask about the position in between.
    """

    __slots__ = ("barrier", "card", "castles", "colour", "crown", "dice", "first", "phase", "ply", "red_held",
                 "red_supply", "rng", "roller", "rolls", "scores", "slot", "supply", "turn", "winner")

    rng: int
    crown: int
    castles: Castles | list[list[Row]]
    supply: Supply | list[list[int]]
    red_supply: int
    red_held: list[int]
    scores: list[int]
    first: int
    turn: int
    colour: int | None
    rolls: int
    phase: str
    dice: tuple[int, ...]
    roller: int | None
    card: int | None
    slot: int | None
    winner: int | None
    ply: int
    barrier: int

    def __init__(self, s: State) -> None:
        self.start, self.events, self.random = s, [], False  # Accumulator's fields (no super() on this hot path)
        # Castles and supply stay the State's tuples until a step changes them (most steps do not).
        self.rng, self.crown, self.castles, self.supply = s.rng, s.crown, s.castles, s.supply
        self.red_supply, self.red_held, self.scores = s.red_supply, list(s.red_held), list(s.scores)
        self.first, self.turn, self.colour, self.rolls, self.phase = s.first, s.turn, s.colour, s.rolls, s.phase
        self.dice, self.roller, self.card, self.slot = s.dice, s.roller, s.card, s.slot
        self.winner, self.ply, self.barrier = s.winner, s.ply, s.barrier

    @property
    def state(self) -> State:
        return self.build(self.ply)

    def build(self, ply: int) -> State:
        castles, supply = self.castles, self.supply
        return _new_state((
            self.rng, self.crown,
            castles if isinstance(castles, tuple) else (tuple(castles[0]), tuple(castles[1])),
            supply if isinstance(supply, tuple) else tuple(tuple(c) for c in supply),
            self.red_supply, (self.red_held[0], self.red_held[1]), (self.scores[0], self.scores[1]), self.first,
            self.turn, self.colour, self.rolls, self.phase, self.dice, self.roller, self.card, self.slot,
            self.winner, ply, self.barrier, self.start.turn_number,  # the turn number: set by close()
        ))

    def set_row(self, seat: int, colour: int, row: Row) -> None:
        castles = self.castles
        if isinstance(castles, tuple):
            castles = self.castles = [list(castles[0]), list(castles[1])]
        castles[seat][colour] = row

    def add_supply(self, colour: int, kind: int, delta: int) -> None:
        supply = self.supply
        if isinstance(supply, tuple):
            supply = self.supply = [list(c) for c in supply]
        supply[colour][kind] += delta


def apply_steps(state: State, seat: int, steps: Steps) -> tuple[State, Events]:
    return run_steps(Draft, do_step, state, seat, steps)


def roll_dice(r: int, count: int) -> tuple[int, tuple[int, ...]]:
    """Draw ``count`` dice from the RNG: the only random step of a turn."""
    out = []
    for _ in range(count):
        r, value = rng.randbelow(r, D.DIE_SIDES)
        out.append(value + 1)
    return r, tuple(out)


def resolve_roll(state: State, seat: int, dice: tuple[int, ...]) -> tuple[State, Events]:
    """What a roll showing ``dice`` (own die first, then the red dice) does: pure, for forced-dice tests.

    Only the roll's consequences: the action count and undo barrier are kept as they are.
    """
    d = Draft(state)
    _resolve_roll(d, seat, dice)
    return d.state, tuple(d.events)


def do_step(d: Draft, seat: int, step: Step) -> None:
    """What one step does (each step was checked before)."""
    verb = step[0]
    if verb == "roll":
        red = int(step[1][1:]) if len(step) > 1 else 0
        d.rng, dice = roll_dice(d.rng, 1 + red)
        d.random = True
        _resolve_roll(d, seat, dice)
    elif verb == "move":
        _move(d, seat, int(step[1]))
    elif verb == "end":
        _end_turn(d, seat)
    elif verb == "take":
        d.card = KIND_INDEX[step[1]]
        d.phase = PLACE
        _advance_take(d, seat)
    elif verb in ("left", "right", "hole"):
        row = d.castles[seat][D.space_colour(d.crown)]
        d.slot = step_slot(row, step)
        d.phase = SOURCE
        _advance_take(d, seat)
    elif verb == "from":
        _finish_take(d, seat, int(step[1]) - 1)
    elif verb == "cancel":
        d.phase, d.card, d.slot = SPACE, None, None
    elif verb == "dice":
        _take_dice(d, seat, D.VALUES[SPACE_KIND[D.TRACK[d.crown][0]]])
        d.phase = ROLL
    elif verb == "score":
        _score(d, D.space_colour(d.crown))
        if d.winner is None:
            d.phase = ROLL
    elif verb == "remove":
        colour = d.colour
        assert colour is not None  # a penalty is for leaving the turn's colour
        row = d.castles[seat][colour]
        _give_back(d, seat, 0 if step[1] == "left" else len(row) - 1)
        _end_turn(d, seat)
    else:  # pragma: no cover - validated before
        raise ValueError(f"unknown step {step!r}")


def _resolve_roll(d: Draft, seat: int, dice: tuple[int, ...]) -> None:
    red = len(dice) - 1
    # Every red die rolled goes back to the board, used or not.
    d.red_held[seat] -= red
    d.red_supply += red
    d.rolls += 1
    d.dice, d.roller = dice, seat
    d.emit(E.Roll(seat=seat, dice=dice, red=red))
    values = set(dice)
    if len(values) == 1:
        _move(d, seat, dice[0])
    else:
        d.phase = MOVE


def _move(d: Draft, seat: int, steps: int) -> None:
    d.crown = (d.crown + steps) % D.TRACK_LEN
    colour = D.space_colour(d.crown)
    first = d.colour is None
    d.emit(E.Move(seat=seat, steps=steps, space=d.crown, name=D.space_name(d.crown), first=first))
    if first:
        d.colour = colour  # the first landing fixes the turn's colour
    elif colour != d.colour:
        _penalty(d, seat)
        return
    _land(d, seat)


def _penalty(d: Draft, seat: int) -> None:
    """Left the turn's colour: give back the more valuable end card of that castle; the turn ends."""
    colour = d.colour
    assert colour is not None
    row = d.castles[seat][colour]
    d.emit(E.LeftColour(seat=seat, colour=D.COLOURS[colour]))
    if not row:
        d.emit(E.Penalty(seat=seat, colour=D.COLOURS[colour], value=None))
    elif row[0] == row[-1] and len(row) > 1 and remove(row, 0) != remove(row, len(row) - 1):
        d.phase = PENALTY  # two equal ends that leave different castles: the player chooses
        return
    else:
        _give_back(d, seat, 0 if row[0] >= row[-1] else len(row) - 1)
    _end_turn(d, seat)


def _give_back(d: Draft, seat: int, index: int) -> None:
    colour = d.colour
    assert colour is not None
    row = d.castles[seat][colour]
    value = row[index]
    d.set_row(seat, colour, remove(row, index))
    d.add_supply(colour, D.KIND_OF_VALUE[value], 1)
    side = "left" if index == 0 else "right"
    d.emit(E.Penalty(seat=seat, colour=D.COLOURS[colour], value=value, kind=D.KIND_NAMES[D.KIND_OF_VALUE[value]],
                     side=side))


def _land(d: Draft, seat: int) -> None:
    kind = D.TRACK[d.crown][0]
    if kind == D.CROWN:
        _score(d, D.space_colour(d.crown))  # compulsory
        if d.winner is None:
            d.phase = ROLL
        return
    d.phase = SPACE
    options = space_options(d, seat)
    outcomes = sum(take_choices(d, seat, KIND_INDEX[o[1]]) if o[0] == "take" else 1 for o in options)
    if outcomes == 0:
        d.phase = ROLL
        d.emit(E.Nothing(seat=seat, name=D.space_name(d.crown)))
    elif outcomes == 1:
        do_step(d, seat, options[0])  # no real choice: the engine makes it


def _advance_take(d: Draft, seat: int) -> None:
    """Move the take on by every choice that has only one answer; stop at a real choice."""
    colour = D.space_colour(d.crown)
    kind = d.card
    assert kind is not None
    if d.phase == PLACE:
        slots = placements(d.castles[seat][colour], D.VALUES[kind])
        if len(slots) > 1:
            return
        d.slot = slots[0]
        d.phase = SOURCE
    source = card_source(d, seat, colour, kind)
    if source is None:
        _finish_take(d, seat, None)
    elif len(source) == 1:
        _finish_take(d, seat, source[0])


def _finish_take(d: Draft, seat: int, opponent_index: int | None) -> None:
    colour = D.space_colour(d.crown)
    kind, slot = d.card, d.slot
    assert kind is not None and slot is not None
    value = D.VALUES[kind]
    row = d.castles[seat][colour]
    where = "empty" if not row else slot_step(row, slot)[0]
    if opponent_index is None:
        d.add_supply(colour, kind, -1)
    else:
        other = d.castles[1 - seat][colour]
        d.set_row(1 - seat, colour, remove(other, opponent_index))
    d.set_row(seat, colour, place(row, slot, value))
    d.emit(E.Take(seat=seat, colour=D.COLOURS[colour], kind=D.KIND_NAMES[kind], where=where, position=slot + 1,
                  taken_from=None if opponent_index is None else opponent_index + 1))
    d.phase, d.card, d.slot = ROLL, None, None


def _take_dice(d: Draft, seat: int, count: int) -> None:
    """Red dice from the board; what it lacks comes from the opponent; then what there is."""
    from_supply = min(count, d.red_supply)
    from_opponent = min(count - from_supply, d.red_held[1 - seat])
    d.red_supply -= from_supply
    d.red_held[1 - seat] -= from_opponent
    d.red_held[seat] += from_supply + from_opponent
    d.emit(E.Dice(seat=seat, count=from_supply + from_opponent, from_supply=from_supply, from_opponent=from_opponent,
                  wanted=count))


def _score(d: Draft, colour: int) -> None:
    values = [castle_value(d.castles[s][colour]) for s in range(D.SEATS)]
    scorer = None if values[0] == values[1] else int(values[1] > values[0])
    points = abs(values[0] - values[1])
    if scorer is not None:
        d.scores[scorer] += points
    d.emit(E.Score(seat=scorer, colour=D.COLOURS[colour], values=tuple(values), points=points, scores=tuple(d.scores)))
    if scorer is not None and d.scores[scorer] >= D.WIN_SCORE:
        d.winner = scorer
        d.phase = OVER
        d.emit(E.Win(seat=scorer, score=d.scores[scorer]))


def _end_turn(d: Draft, seat: int) -> None:
    nxt = 1 - seat
    d.turn, d.colour, d.rolls, d.phase, d.card, d.slot = nxt, None, 0, ROLL, None, None
    d.emit(TurnBegins(seat=nxt))


# --- Standing ---------------------------------------------------------------------------------


def spaces_left(state: State) -> int | None:
    """Spaces the crown may still move before it leaves the turn's colour (None before the first roll)."""
    if state.colour is None or state.winner is not None:
        return None
    return max(0, D.section_end(state.colour) - state.crown)  # 0 once it has left (the penalty is pending)


def standing(state: State) -> Outcome:
    """The score track, for places now or at the end (the engine's ``standing`` and the final view)."""
    return Outcome(state.scores, ranks_from_scores(state.scores), _("points on the score track"))
