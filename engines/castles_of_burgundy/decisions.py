"""The decision stack: which steps are open now, why a step is refused, and what each step does.

Steps (tuples of words; ``notation`` reads and writes them):

=========================  ====================================================================
``die 5 take``             use the die showing 5 to take a tile: opens the tiles it can reach
``die 5 place ship``       use the 5 to place a stored ship: opens the spaces
``die 3 sell 3``           use the 3 to sell all goods of type 3
``die 3 workers``          use the 3 to take 2 workers
``take``                   (castle's extra action) take a tile: opens the list of tiles
``ship 2``                 (in a take/buy list) the ship on depot 2; ``black`` is the black depot
``place ship``             (castle, city hall) place a stored ship: opens the list of spaces
``on 24``                  (in a space list) put the tile on space 24
``sell 3``                 sell all goods of type 3
``workers``                take 2 workers
``discard mine``           (storage full) discard a stored mine to make room
``goods 2``, ``goods 2 3`` (ship) take the goods of depot 2 (two neighbours with knowledge 5)
``buy``                    the once-per-turn purchase: opens the list of tiles for sale
``depot 3``                (buying with knowledge 6) look at depot 3's tiles
``end``                    end the turn (only offered while a purchase is still possible)
``skip``                   give up a building's effect
``cancel``                 step back one level while nothing has changed yet
``castle 7``               advanced estates: put the start castle on space 7
=========================  ====================================================================

Worker costs are worked out by the engine: a choice shows the fewest workers it
needs, and is offered only when the player has them.

The readings we chose where the rules page is silent are in the package docstring.
"""

from __future__ import annotations

from engines.castles_of_burgundy import actions as A
from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import effects as F
from engines.castles_of_burgundy import events as E
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import rounds, setup
from engines.castles_of_burgundy import scoring as S
from engines.castles_of_burgundy import words as W
from engines.castles_of_burgundy.state import Decision, State
from engines.castles_of_burgundy.turn import Turn
from engines.castles_of_burgundy.words import _, ngettext
from engines.steps import Events, Step, Steps, run_steps

new_game = setup.new_game
CANCELLABLE_ROOTS = ("die", "buy")  # nothing changes before a die action or a purchase completes
SKIPPABLE = ("warehouse", "take", "cityhall")


def depot_word(depot: int) -> str:
    return "black" if depot == D.BLACK_DEPOT else str(depot)


def word_depot(word: str) -> int | None:
    if word == "black":
        return D.BLACK_DEPOT
    return int(word) if word.isdigit() and 1 <= int(word) <= len(D.DEPOTS) else None


# --- What is open ------------------------------------------------------------------------------------


#: The last few answers of ``legal_steps``, by state identity: the same state is asked about several
#: times in a row (listing, parsing, checking), and states never change.
_RECENT: list[tuple[State, int, list[Step]]] = []


def legal_steps(state: State, seat: int) -> list[Step]:
    for known, who, steps in _RECENT:
        if known is state and who == seat:
            return list(steps)
    steps = _legal_steps(state, seat)
    _RECENT.insert(0, (state, seat, steps))
    del _RECENT[4:]
    return list(steps)


def _legal_steps(state: State, seat: int) -> list[Step]:
    if state.actor != seat:
        return []
    if not state.pending:
        return _turn_steps(state, seat)
    top = state.pending[-1]
    steps = _decision_steps(state, seat, top)
    if len(state.pending) > 1 or top.source in CANCELLABLE_ROOTS:
        steps.append(("cancel",))
    elif top.kind in SKIPPABLE:
        steps.append(("skip",))
    return steps


def _turn_steps(state: State, seat: int) -> list[Step]:
    """A die and what to do with it, in one step (``die 5 take``, ``die 5 place ship``, ``die 3 workers``)."""
    player = state.players[seat]
    steps: list[Step] = []
    for v in sorted(set(player.dice)):
        steps += [("die", str(v), *step) for step in _action_steps(state, seat, Decision("action", "die", die=v))]
    if O.can_buy_now(state, seat):
        steps.append(("buy",))
        if not player.dice:
            steps.append(("end",))
    return steps


def _action_steps(state: State, seat: int, top: Decision) -> list[Step]:
    """The four actions a die (or a castle, with any number) allows."""
    player = state.players[seat]
    steps: list[Step] = []
    if O.take_options(state, seat, top):
        steps.append(("take",))
    steps += [("place", D.TILE_TOKEN[t]) for t in O.placeable(player, top.die)]
    steps += [("sell", str(g)) for g, _ in O.sell_options(player, top.die)]
    steps.append(("workers",))
    return steps


def _buy_steps(state: State, seat: int, top: Decision) -> list[Step]:
    """The black depot's tiles; with knowledge 6 the numbered depots come one level down (``depot 3``),
    so no list grows past a select's 25 choices."""
    options = O.buy_options(state, seat)
    if top.depot:
        return [(D.TILE_TOKEN[t], depot_word(d)) for t, d in options if d == top.depot]
    steps: list[Step] = [(D.TILE_TOKEN[t], "black") for t, d in options if d == D.BLACK_DEPOT]
    return steps + [("depot", str(d)) for d in dict.fromkeys(d for _, d in options if d != D.BLACK_DEPOT)]


def _decision_steps(state: State, seat: int, top: Decision) -> list[Step]:
    player = state.players[seat]
    kind = top.kind
    if kind == "action":
        return _action_steps(state, seat, top)
    if kind == "take":
        return [(D.TILE_TOKEN[t], str(d)) for t, d, _ in O.take_options(state, seat, top)]
    if kind == "space":
        return [("on", str(s)) for s, _ in O.place_options(player, top.tile, top.die)]
    if kind == "discard":
        return [("discard", D.TILE_TOKEN[t]) for t in O.distinct(player.storage)]
    if kind == "buy":
        return _buy_steps(state, seat, top)
    if kind == "goods":
        return [("goods", *map(str, ds)) for ds in O.goods_options(state, seat)]
    if kind == "keep":
        return [("keep", *map(str, kept)) for kept in O.keep_choices(player, incoming_goods(state, top))]
    if kind == "warehouse":
        return [("sell", str(g)) for g, _ in O.sell_options(player, 0)]
    if kind == "cityhall":
        return [("place", D.TILE_TOKEN[t]) for t in O.placeable(player, 0)]
    if kind == "castle":
        return [("castle", str(s)) for s in setup.castle_spaces(player) if player.estate[s] < 0]
    raise AssertionError(kind)


# --- Why not --------------------------------------------------------------------------------------


def step_problem(state: State, seat: int, step: Step) -> str | None:
    """Why ``step`` cannot be taken now (None if it can)."""
    if not step:
        return _("an empty move")
    if step in legal_steps(state, seat):
        return None
    verb = step[0]
    if state.pending:
        top = state.pending[-1]
        if verb == "cancel":
            if top.kind in SKIPPABLE:
                return _("something has already happened; finish this choice or `skip` it")
            return _("something has already happened; finish this choice")
        if verb == "skip":
            return _("only a building's effect can be skipped; `cancel` steps back")
        if verb == "on" and top.kind == "space" and len(step) == 2:
            return space_problem(state, seat, top, step[1])
        return _("that is not one of the choices now ({prompt})", prompt=decision_prompt(state, top))
    player = state.players[seat]
    if verb == "die":
        return die_problem(state, seat, step)
    if verb == "buy":
        if state.bought:
            return _("you have already bought a tile this turn")
        if player.silver < D.PURCHASE_SILVER:
            return _("buying a tile costs 2 silverlings")
        return _("there is no tile you may buy")
    if verb == "end":
        return _("use both dice first")
    if O.can_buy_now(state, seat):
        return _("start with a die, e.g. `die 5` or `buy`")
    return _("start with a die, e.g. `die 5`")


def _typed_tile(token: str) -> str:
    """A typed tile token named as the game names it in the reader's language (the notation has already refused a
    token that names no tile; one that slipped through is quoted as typed)."""
    return W.tile_name(token) if token in D.TOKEN_KIND else f"`{token}`"


def die_problem(state: State, seat: int, step: Step) -> str:
    player = state.players[seat]
    if not player.dice:
        return _("you have used both dice this turn")
    dice = ", ".join(map(str, player.dice))
    if len(step) < 3:
        return _("say what the die does, e.g. `die {die} workers`", die=player.dice[0])
    if not step[1].isdigit() or int(step[1]) not in player.dice:
        return _("you have no die showing {value} (your dice: {dice})", value=step[1], dice=dice)
    die, inner = int(step[1]), step[2:]
    if inner[0] == "place" and len(inner) == 2:
        tile = O.stored_tile(player, inner[1])
        if tile is None:
            return _("you have no {tile} in storage", tile=_typed_tile(inner[1]))
        return ngettext("no space fits the {tile} with a {die}: it needs an empty {colour} space touching a "
                        "covered one, with that number (you have {n} worker to change it)",
                        "no space fits the {tile} with a {die}: it needs an empty {colour} space touching a "
                        "covered one, with that number (you have {n} workers to change it)",
                        player.workers, tile=W.tile_name(inner[1]), die=die,
                        colour=W.colour_name(D.TILE_KIND[tile]))
    if inner[0] == "sell" and len(inner) == 2 and inner[1].isdigit():
        if not 1 <= int(inner[1]) <= 6 or not player.goods[int(inner[1]) - 1]:
            return _("you have no goods of type {goods}", goods=inner[1])
        return _("selling goods {goods} with a {die} needs more workers than your {workers}", goods=inner[1],
                 die=die, workers=player.workers)
    if inner == ("take",):
        return ngettext("no tile is within reach of a {die} (you have {n} worker)",
                        "no tile is within reach of a {die} (you have {n} workers)", player.workers, die=die)
    return _("a die can `take`, `place` a stored tile, `sell` goods or take `workers`")


def space_problem(state: State, seat: int, top: Decision, word: str) -> str:
    player = state.players[seat]
    if not word.isdigit() or not 1 <= int(word) <= D.SPACES:
        return _("estate spaces are numbered 1 to {spaces}", spaces=D.SPACES)
    space, tile = int(word), top.tile
    colour = D.ESTATES[player.estate_no].colours[space]
    if player.estate[space] >= 0:
        return _("space {space} is already covered", space=space)
    if colour != D.TILE_KIND[tile]:
        return _("space {space} is {colour} ({kind}); a {tile} needs its own colour", space=space,
                 colour=W.colour_name(colour), kind=W.kind_name(colour), tile=W.kind_name(D.TILE_KIND[tile]))
    if not any(player.estate[n] >= 0 for n in D.NEIGHBOURS[space]):
        return _("space {space} touches no covered space", space=space)
    if not O.building_allowed(player, tile, space):
        return _("that city already has a {building} (knowledge 1 would allow it)",
                 building=W.building_name(D.TILE_BUILDING[tile]))
    cost = O.place_cost(player, top.die, tile, space)
    # The noun follows {cost}, so the form does too; {n} is filled in as a field.
    return ngettext("space {space} has die number {die}: that needs {n} worker, you have {workers}",
                    "space {space} has die number {die}: that needs {n} workers, you have {workers}", cost,
                    space=space, die=D.SPACE_DIE[space], workers=player.workers)


def incoming_goods(state: State, top: Decision) -> list[int]:
    """The goods a ship brings from the depots of a ``keep`` decision."""
    return [g for d in top.depots for g in state.depot_goods[d - 1]]


def decision_prompt(state: State, top: Decision) -> str:
    """What the open decision asks, in words."""
    return W.prompt(top.kind, top.die, D.TILE_TOKEN[top.tile] if top.tile >= 0 else None)


# --- Doing it ---------------------------------------------------------------------------------------


def apply_steps(state: State, seat: int, steps: Steps) -> tuple[State, Events]:
    return run_steps(Turn, do_step, state, seat, steps)


def do_step(turn: Turn, seat: int, step: Step) -> None:
    """What one step does (each step was checked before), and what follows by itself: the turn passes
    once both dice are used, a round or phase ends, the game ends."""
    _do_step(turn, seat, step)
    rounds.settle(turn)


def _push(turn: Turn, decision: Decision) -> None:
    turn.update(pending=(*turn.state.pending, decision))


def _do_step(turn: Turn, seat: int, step: Step) -> None:
    s = turn.state
    verb = step[0]
    if not s.pending:
        if verb == "die":
            _push(turn, Decision("action", "die", die=int(step[1])))
            _do_step(turn, seat, step[2:])
        elif verb == "buy":
            _push(turn, Decision("buy", "buy"))
        elif verb == "end":
            rounds.end_turn(turn)
        return
    top = s.pending[-1]
    root = s.pending[0]
    if verb == "cancel":
        pending = s.pending[:-1]
        if pending and pending[-1].kind == "action" and pending[-1].source == "die":
            pending = pending[:-1]  # a die's action list is part of the turn's list: back to that
        turn.update(pending=pending)
    elif verb == "skip":
        turn.update(pending=())
        turn.emit(E.Skip(seat=seat, building=root.source))
    elif top.kind == "castle":
        setup.place_start_castle(turn, seat, int(step[1]))
    elif verb == "depot":
        _push(turn, Decision("buy", "buy", depot=int(step[1])))
    elif verb == "take" and len(step) == 1:
        _push(turn, Decision("take", top.source, die=top.die))
    elif verb == "place":
        tile = O.stored_tile(s.players[seat], step[1])
        assert tile is not None  # checked before
        _push(turn, Decision("space", top.source, die=top.die, tile=tile))
    elif verb == "on":
        space = int(step[1])
        cost = O.place_cost(s.players[seat], top.die, top.tile, space)
        _finish(turn, seat, root)
        F.place(turn, seat, top.tile, space, cost, root.source)
    elif verb == "sell":
        goods = int(step[1])
        cost = O.worker_cost(s.players[seat], top.die, goods)
        _finish(turn, seat, root)
        A.pay_workers(turn, seat, cost)
        S.sell(turn, seat, goods, root.source)
    elif verb == "workers":
        _finish(turn, seat, root)
        A.take_workers(turn, seat)
    elif verb == "goods":
        turn.update(pending=())
        F.take_goods(turn, seat, tuple(int(w) for w in step[1:]))
    elif verb == "keep":
        turn.update(pending=())
        F.take_goods(turn, seat, top.depots, keep=tuple(int(w) for w in step[1:]))
    elif verb == "discard":
        stored = O.stored_tile(s.players[seat], step[1])
        assert stored is not None  # checked before
        A.discard(turn, seat, stored)
        _get(turn, seat, top.tile, top.depot, top.die, root)
    else:  # a tile from a take or buy list: "ship 2", "castle black"
        depot = word_depot(step[1])
        assert depot is not None
        tile = next(t for t in s.depots[depot - 1] if D.TILE_TOKEN[t] == verb)
        if len(s.players[seat].storage) >= D.TILE_STORAGE_SPACES:
            _push(turn, Decision("discard", top.source, die=top.die, tile=tile, depot=depot))
        else:
            _get(turn, seat, tile, depot, top.die, root)


def _get(turn: Turn, seat: int, tile: int, depot: int, die: int, root: Decision) -> None:
    """Complete a take or a purchase of ``tile`` from ``depot`` (storage has room now)."""
    if root.source == "buy":
        turn.update(pending=())
        A.buy(turn, seat, tile, depot)
        return
    cost = O.take_cost(turn.player(seat), die, depot) if root.source in ("die",) else 0
    _finish(turn, seat, root)
    A.take(turn, seat, tile, depot, cost, root.source)


def _finish(turn: Turn, seat: int, root: Decision) -> None:
    """The decision is made: close it and spend the die it used."""
    turn.update(pending=())
    if root.source == "die":
        A.use_die(turn, seat, root.die)
