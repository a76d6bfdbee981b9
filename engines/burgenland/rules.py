"""Burgenland's rules: setup, what may be done now, and what each step does.

Steps (tuples of words; the notation module reads and writes them):

=================================  ===================================================
``("take",)``                      action B: take two colour cards
``("build", piece, where, *mods)``  action A: opens a payment.  ``where`` is ``3W``
                                   (castle 3, west site; N/W/E, or X for a new extra
                                   site), ``7`` (the well of castle 7) or ``large``;
                                   ``mods`` are bonus tiles spent by the build,
                                   ``ignore`` then ``pay10``
``("pay", token, ...)``             pay cards into the open payment, e.g. ``R1 J``
``("cancel",)``                    drop the open decision; nothing changed
``("jokers", k)``                  free: exchange colour cards worth 6k for k jokers
``("swap",)``, ``("M3",)``         free: play an exchange tile, then pick two markers
``("draw5",)``                     free: play a draw-5 bonus tile
``("end",)``                       end the turn (after the main action)
=================================  ===================================================

Readings where the rules page is silent (each has a test):
- The ignore-restrictions tile is offered (and accepted) only when a restriction
  actually forbids the build, so it is never spent for nothing.
- The turn ends by itself after the main action when no free action is left.
- The game ends the moment the last piece is placed: that build's site bonus or
  reward is not drawn (it could change nothing).
- Paying stops the moment a stage is met (no card beyond the one that reaches
  the cost); the player chooses among card kinds, never among identical cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from engines import rng
from engines.burgenland import data as D
from engines.burgenland import events as E
from engines.burgenland import payment as P
from engines.burgenland.data import SITE_INDEX, parse_where, place_of
from engines.burgenland.state import JOKER, NEUTRAL, Pending, Player, Site, State, card_colour, card_value
from engines.core import Outcome, check_setup, ranks_from_scores, seat_token
from engines.events import TurnBegins
from engines.i18n import N_, game_catalog
from engines.steps import Events, Kept, Step, Steps, Turn, rebuild, run_steps

_ = game_catalog("burgenland").gettext

MARKER_WORDS = tuple(f"M{i}" for i in range(1, D.MARKER_POSITIONS + 1))

# --- Setup ----------------------------------------------------------------------------


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    check_setup("Burgenland", seats, D.SUPPLY.keys(), options)
    r = rng.seed_state(seed)
    r, markers = rng.shuffle(r, range(D.MARKER_POSITIONS))
    r, sites = _preplace(r, seats)
    r, deck = rng.shuffle(r, range(D.COLOUR_CARDS))
    r, architect = rng.shuffle(r, D.ARCHITECT_COSTS)
    r, well_deck = rng.shuffle(r, range(1, D.CASTLES + 1))
    r, bonus = rng.shuffle(r, D.BONUS_TILES)
    wall, tower, house, well = (D.SUPPLY[seats][p] for p in D.PIECES)
    supply = (wall, tower, house, well)
    players = []
    for seat in range(seats):
        count = D.START_COLOUR_CARDS[seat]
        hand, deck = tuple(sorted(deck[:count])), deck[count:]
        players.append(Player(hand, D.START_JOKERS, supply, 0, ()))
    return State(
        seats=seats, rng=r, players=tuple(players), markers=markers, sites=sites,
        wells=(None,) * D.CASTLES, large=(), deck=deck, discard=(), architect=architect,
        well_deck=well_deck, wells_built=0, exchange_left=D.EXCHANGE_TILES, bonus_stack=bonus,
        played_tiles=(), turn=0, main_done=False, pending=None, winner=None, ply=0, barrier=0,
        last_move=None, turn_number=1,
    )


def _preplace(r: int, seats: int) -> tuple[int, tuple[tuple[Site, Site, Site, Site], ...]]:
    """Neutral walls on N sites of random castles, houses on W sites of walled castles, towers on the rest."""
    neutral = D.NEUTRAL[seats]
    sites: list[list[Site]] = [[None, None, None, None] for _c in range(D.CASTLES)]
    r, walled = rng.sample(r, range(D.CASTLES), neutral[D.WALL])
    for c in walled:
        sites[c][0] = (D.WALL, NEUTRAL)
    r, housed = rng.sample(r, sorted(walled), neutral[D.HOUSE])
    for c in housed:
        sites[c][1] = (D.HOUSE, NEUTRAL)
    empty = [c for c in range(D.CASTLES) if sites[c][0] is None]
    r, towered = rng.sample(r, empty, neutral[D.TOWER])
    for c in towered:
        sites[c][0] = (D.TOWER, NEUTRAL)
    return r, tuple((n, w, e, x) for n, w, e, x in sites)


# --- Small queries ------------------------------------------------------------------


def pieces_in(state: State, castle: int, piece: str) -> int:
    return sum(1 for site in state.sites[castle - 1] if site is not None and site[0] == piece)


def indicator(state: State) -> int | None:
    """The castle where the red well indicator stands (None: no more wells can be built)."""
    if not state.well_deck or state.wells_built >= len(D.WELL_REWARDS):
        return None
    return state.well_deck[0]


#: Payment kind of each colour card id (a lookup: hands are counted on every step).
CARD_KINDS: tuple[int, ...] = tuple(card_colour(c) * 3 + card_value(c) - 1 for c in range(D.COLOUR_CARDS))


def card_kind(card: int) -> int:
    return P.JOKER_KIND if card == JOKER else CARD_KINDS[card]


def available(player: Player, committed: tuple[int, ...] = ()) -> list[int]:
    """Card counts by kind, less the cards set aside for the open decision."""
    counts = [0] * P.KINDS
    for card in player.hand:
        counts[CARD_KINDS[card]] += 1
    counts[P.JOKER_KIND] = player.jokers
    for card in committed:
        counts[card_kind(card)] -= 1
    return counts


def colour_value(player: Player) -> int:
    return sum(card_value(c) for c in player.hand)


def stages(state: State, opening: Step) -> list[P.Stage]:
    """What the decision opened by ``opening`` costs, stage by stage."""
    if opening[0] == "jokers":
        return [("coins", D.JOKER_EXCHANGE_COINS * int(opening[1]), 0)]
    piece, where, mods = opening[1], opening[2], opening[3:]
    castle, site = place_of(where)
    return list(_build_stages(state, piece, castle, site, D.PAY_TEN in mods))


def _build_stages(state: State, piece: str, castle: int, site: str, pay_ten: bool) -> tuple[P.Stage, ...]:
    """What a build costs, stage by stage: the place's cards (or cards worth 10 coins), then a small-castle
    tower's architect."""
    if pay_ten:
        first: P.Stage = ("coins", D.PAY_TEN_COINS, 1)
    elif site == D.LARGE:
        first = ("large", *D.LARGE_COSTS[piece])
    else:
        first = ("colours", *state.castle_colours(castle))
    if piece == D.TOWER and site != D.LARGE:
        return first, ("coins", state.architect[0], 1)
    return (first,)


# --- Why a build is not allowed -------------------------------------------------------------
# A refusal is found as a *reason* — a message marked N_ and its fields — and worded only when someone
# reads it (``say``): listing the legal builds refuses many candidates and words none of them.

#: A message marked ``N_`` and its fields; a field may itself be a reason (worded first).
Reason = tuple[str, dict[str, Any]]

CANNOT_PAY = N_("you cannot pay for it: {cost}")
MAIN_DONE = N_("you have already taken your main action this turn (type `end`)")
NONE_LEFT = {
    D.WALL: N_("you have no walls left to build"), D.TOWER: N_("you have no towers left to build"),
    D.HOUSE: N_("you have no houses left to build"), D.WELL: N_("you have no wells left to build"),
}
LARGE_COST = {
    D.WALL: N_("a wall in the large castle takes {same} cards of one colour or {distinct} of different colours"),
    D.HOUSE: N_("a house in the large castle takes {same} cards of one colour or {distinct} of different colours"),
    D.TOWER: N_("a tower in the large castle takes {same} cards of one colour or {distinct} of different colours"),
}
PENDING_FIRST = {
    "build": N_("finish or `cancel` the payment for your build first"),
    "jokers": N_("finish or `cancel` the joker exchange first"),
    "swap": N_("finish or `cancel` the marker swap first"),
}
#: Why a reward was drawn or jokers were taken (stored in events in English; worded on reading).
SITE_BONUS, WELL_REASON, DRAW_FIVE_REASON = N_("site bonus"), N_("well"), N_("draw-5 tile")


def say(state: State, reason: Reason) -> str:
    """A reason in words, in the current language."""
    message, fields = reason
    if message is CANNOT_PAY:
        return _(message, cost=cost_text(state, **fields))
    return _(message, **{k: say(state, v) if isinstance(v, tuple) else v for k, v in fields.items()})


def _restriction(state: State, castle: int, piece: str) -> Reason | None:
    if piece == D.TOWER and pieces_in(state, castle, D.TOWER):
        return N_("castle {castle} already has a tower"), {"castle": castle}
    if piece == D.HOUSE:
        houses, walls = pieces_in(state, castle, D.HOUSE), pieces_in(state, castle, D.WALL)
        if houses + 1 > walls:
            if houses == 0:
                return N_("a house in castle {castle} needs 1 wall there first"), {"castle": castle}
            return N_("another house in castle {castle} needs {n} walls there first"), {"castle": castle,
                                                                                        "n": houses + 1}
    return None


def _restricted(state: State, castle: int, piece: str) -> bool:
    """Would a house or tower break a building restriction in this small castle?"""
    if piece == D.TOWER:
        return pieces_in(state, castle, D.TOWER) > 0
    return piece == D.HOUSE and pieces_in(state, castle, D.HOUSE) + 1 > pieces_in(state, castle, D.WALL)


def restriction(state: State, castle: int, piece: str) -> str | None:
    """The building restriction a house or tower would break in a small castle, if any."""
    reason = _restriction(state, castle, piece)
    return None if reason is None else say(state, reason)


def build_problem(state: State, seat: int, piece: str, where: str, mods: tuple[str, ...],
                  avail: list[int] | None = None) -> str | None:
    """Why this build is not allowed now (None if it is); ``avail``: the hand's card counts, if known."""
    reason = build_refusal(state, seat, piece, where, mods, avail)
    return None if reason is None else say(state, reason)


def build_refusal(state: State, seat: int, piece: str, where: str, mods: tuple[str, ...],
                  avail: list[int] | None = None) -> Reason | None:
    """``build_problem`` as a reason, not yet in words."""
    player = state.players[seat]
    if state.main_done:
        return MAIN_DONE, {}
    if piece not in D.PIECES:
        return N_("there is no piece called {piece}"), {"piece": repr(piece)}
    if not player.left(piece):
        return NONE_LEFT[piece], {}
    parsed = parse_where(where)
    if parsed is None:
        return (N_("{where} is not a place: use a castle and site like 3W, a castle number for a well, or large"),
                {"where": repr(where)})
    castle, site = parsed
    if len(set(mods)) != len(mods) or any(m not in (D.IGNORE, D.PAY_TEN) for m in mods):
        return N_("the only tiles a build can use are `ignore` and `pay10`, once each"), {}
    for tile in mods:
        if tile not in player.bonus_tiles:
            return N_("you hold no {tile} tile"), {"tile": (D.BONUS_TILE_NAMES[tile], {})}
    place = _place_problem(state, player, piece, castle, site)
    if place:
        return place
    rule = _restriction(state, castle, piece) if site not in (D.LARGE, D.WELL) else None
    if D.IGNORE in mods and not rule:
        return N_("there is no building restriction to ignore here"), {}
    if rule and D.IGNORE not in mods:
        if D.IGNORE in player.bonus_tiles:
            return N_("{rule} (an ignore-restrictions tile would allow it)"), {"rule": rule}
        return rule
    if not P.feasible(stages(state, ("build", piece, where, *mods)), 0, (), avail or available(player)):
        return CANNOT_PAY, {"piece": piece, "castle": castle, "site": site, "mods": mods}
    return None


def _place_problem(state: State, player: Player, piece: str, castle: int, site: str) -> Reason | None:
    if site == D.LARGE:
        return (N_("wells cannot be built in the large castle"), {}) if piece == D.WELL else None
    if site == D.WELL:
        if piece != D.WELL:
            return (N_("castle {castle}'s round site takes only a well; name a square site like {castle}N"),
                    {"castle": castle})
        here = indicator(state)
        if here is None:
            return N_("no more wells can be built"), {}
        if here != castle:
            return N_("the well indicator stands in castle {here}, not {castle}"), {"here": here, "castle": castle}
        return None
    if piece == D.WELL:
        return (N_("a well goes on the round site where the indicator stands (castle {castle})"),
                {"castle": indicator(state)})
    current = state.sites[castle - 1][SITE_INDEX[site]]
    if site == D.EXTRA:
        if current is not None:
            return N_("castle {castle} already has an extra site"), {"castle": castle}
        if D.EXTRA_SITE not in player.bonus_tiles:
            return N_("you hold no extra building site tile"), {}
        return None
    if current is not None:
        fields: dict[str, Any] = {"castle": castle, "site": (D.SITE_NAMES[site], {}),
                                  "piece": (D.PIECE_NAMES[current[0]], {})}
        if current[1] == NEUTRAL:
            return N_("castle {castle}'s {site} site is taken (a neutral {piece})"), fields
        return (N_("castle {castle}'s {site} site is taken ({owner}'s {piece})"),
                {**fields, "owner": seat_token(current[1])})
    return None


def cost_text(state: State, piece: str, castle: int, site: str, mods: tuple[str, ...]) -> str:
    if D.PAY_TEN in mods:
        text = _("cards worth 10 coins")
    elif site == D.LARGE:
        same, distinct = D.LARGE_COSTS[piece]
        text = _(LARGE_COST[piece], same=same, distinct=distinct)
    else:
        a, b = state.castle_colours(castle)
        text = _("castle {castle} takes 4 cards of {a}/{b} or jokers", castle=castle, a=_(D.COLOUR_NAMES[a]),
                 b=_(D.COLOUR_NAMES[b]))
    if piece == D.TOWER and site != D.LARGE:
        text = _("{cost}, plus {coins} coins for the architect", cost=text, coins=state.architect[0])
    return text


# --- What may be done now ------------------------------------------------------------------


def free_steps(state: State, seat: int) -> list[Step]:
    player = state.players[seat]
    out: list[Step] = []
    for k in range(1, colour_value(player) // D.JOKER_EXCHANGE_COINS + 1):
        out.append(("jokers", str(k)))
    if player.exchange_tiles:
        out.append(("swap",))
    if D.DRAW_FIVE in player.bonus_tiles:
        out.append(("draw5",))
    return out


def build_candidates(state: State, seat: int) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """A superset of the legal builds, cheaply pruned; ``build_problem`` decides."""
    player = state.players[seat]
    tiles = set(player.bonus_tiles)
    pay10 = ((), (D.PAY_TEN,)) if D.PAY_TEN in tiles else ((),)
    pieces = [p for p in D.BUILDINGS if player.left(p)]
    avail = available(player)
    for castle in range(1, D.CASTLES + 1):
        colours = state.castle_colours(castle)
        payable = sum(avail[c * 3] + avail[c * 3 + 1] + avail[c * 3 + 2] for c in colours) + avail[P.JOKER_KIND]
        if payable < D.SMALL_CASTLE_CARDS and D.PAY_TEN not in tiles:
            continue
        sites = [s for s, i in SITE_INDEX.items() if i < 3 and state.sites[castle - 1][i] is None]
        if D.EXTRA_SITE in tiles and state.sites[castle - 1][3] is None:
            sites.append(D.EXTRA)
        for site in sites:
            for piece in pieces:
                ignore = (D.IGNORE,) if _restricted(state, castle, piece) else ()
                for extra in pay10:
                    yield piece, f"{castle}{site}", ignore + extra
    if player.left(D.WELL) and indicator(state) is not None:
        for extra in pay10:
            yield D.WELL, str(indicator(state)), extra
    for piece in pieces:
        for extra in pay10:
            yield piece, D.LARGE, extra


def legal_steps(state: State, seat: int) -> list[Step]:
    if state.winner is not None or seat != state.turn:
        return []
    if state.pending is not None:
        return pending_steps(state, seat)
    out: list[Step] = []
    if not state.main_done:
        out.append(("take",))
        out += legal_builds(state, seat)
    out += free_steps(state, seat)
    if state.main_done:
        out.append(("end",))
    return out


def legal_builds(state: State, seat: int) -> list[Step]:
    """The builds ``build_refusal`` allows now (before the main action), in ``build_candidates``' order, found
    without asking it of each: the computer players list them on every step of their searches, and meet the
    same hand on the same board again and again, so the list is also kept (:data:`BUILDS_KEPT` of them).  A
    candidate's place is free, its piece left and its tiles held by construction; what remains is the
    building restriction (the ignore tile is offered only where one forbids the build) and whether the hand
    can pay, which is the same for every site of a castle and so is worked out once per cost."""
    player = state.players[seat]
    # Everything the answer reads: the seat's hand, supply and tiles, the board, the markers' colours, the
    # architect's cost and the well indicator.
    key = (player, state.sites, state.markers, state.architect[0], indicator(state))
    return list(_BUILDS.get(key, lambda: tuple(_legal_builds(state, seat, player))))


#: How many lists of legal builds (and of payment steps) are kept before all are forgotten.
BUILDS_KEPT = 8192
_BUILDS = Kept(BUILDS_KEPT)


def _legal_builds(state: State, seat: int, player: Player) -> Iterator[Step]:
    avail = available(player)
    has_ignore = D.IGNORE in player.bonus_tiles
    payable: dict[tuple[P.Stage, ...], bool] = {}
    for piece, where, mods in build_candidates(state, seat):
        if D.IGNORE in mods and not has_ignore:
            continue  # the restriction forbids it, and no tile lifts it
        castle, site = place_of(where)
        cost = _build_stages(state, piece, castle, site, D.PAY_TEN in mods)
        can = payable.get(cost)
        if can is None:
            can = payable[cost] = P.feasible(cost, 0, (), avail)
        if can:
            yield ("build", piece, where, *mods)


def pending_steps(state: State, seat: int) -> list[Step]:
    """What the open decision allows: the next card kinds to pay (and the suggested whole payment), or the
    markers left to pick.  Kept as :func:`legal_builds` keeps its lists: a payment reads only the seat's own
    cards, the decision, the markers' colours and the architect's cost."""
    key = (state.players[seat], state.pending, state.markers, state.architect[0])
    return list(_PENDING.get(key, lambda: tuple(_pending_steps(state, seat))))


_PENDING = Kept(BUILDS_KEPT)


def _pending_steps(state: State, seat: int) -> list[Step]:
    pending = state.pending
    assert pending is not None
    if pending.opening[0] == "swap":
        markers: list[Step] = [(m,) for i, m in enumerate(MARKER_WORDS, 1) if i not in pending.picks]
        return [*markers, ("cancel",)]
    plan, cur, avail = _payment(state, seat)
    out: list[Step] = [("pay", kind_token(k)) for k in P.next_kinds(plan, pending.stage, cur, avail)]
    suggestion = P.suggest(plan, pending.stage, cur, avail)
    if len(suggestion) > 1:
        out.append(("pay", *(kind_token(k) for k in suggestion)))
    out.append(("cancel",))
    return out


def _payment(state: State, seat: int) -> tuple[list[P.Stage], list[int], list[int]]:
    """The open payment: its stages, the kinds paid into the current stage, the cards still free."""
    pending = state.pending
    assert pending is not None
    plan = stages(state, pending.opening)
    cur = [card_kind(c) for c in pending.current]
    return plan, cur, available(state.players[seat], pending.committed)


def payable_kinds(state: State, seat: int) -> list[int]:
    pending = state.pending
    assert pending is not None
    plan, cur, avail = _payment(state, seat)
    return P.next_kinds(plan, pending.stage, cur, avail)


def kind_token(kind: int) -> str:
    if kind == P.JOKER_KIND:
        return "J"
    return f"{D.COLOUR_LETTERS[kind // 3]}{kind % 3 + 1}"


def token_kind(token: str) -> int | None:
    if token == "J":
        return P.JOKER_KIND
    if len(token) == 2 and token[0] in D.COLOUR_LETTERS and token[1] in "123":
        return D.COLOUR_LETTERS.index(token[0]) * 3 + int(token[1]) - 1
    return None


def step_problem(state: State, seat: int, step: Step) -> str | None:
    """Why ``step`` cannot be taken now (None if it can)."""
    if not step:
        return _("an empty move")
    verb = step[0]
    if state.pending is not None:
        if verb == "pay" and state.pending.opening[0] != "swap":
            return pay_problem(state, seat, step[1:])
        if step in pending_steps(state, seat):
            return None
        return _(PENDING_FIRST[state.pending.opening[0]])
    if verb == "build" and len(step) >= 3:
        return build_problem(state, seat, step[1], step[2], step[3:])
    if step in legal_steps(state, seat):
        return None
    if verb == "take" and state.main_done:
        return _(MAIN_DONE)
    if verb == "end" and not state.main_done:
        return _("take your main action first: build something or `take` two cards")
    if verb in ("pay", "cancel") or verb in MARKER_WORDS:
        return _("there is nothing to pay or choose right now")
    if verb == "swap":
        return _("you hold no exchange tile")
    if verb == "draw5":
        return _("you hold no draw-5 tile")
    if verb == "jokers":
        return _("exchanging needs colour cards worth 6 coins for each joker")
    return _("that is not a move in this game")


def pay_problem(state: State, seat: int, tokens: tuple[str, ...]) -> str | None:
    """Check a run of cards paid one after the other into the open payment."""
    if not tokens:
        return _("name the cards to pay, e.g. `pay R1 J`")
    trial = state
    for i, token in enumerate(tokens):
        kind = token_kind(token)
        if kind is None:
            return _("{token} is not a card (cards are written like R1, B3, J)", token=repr(token))
        if trial.pending is None:
            return _("that is more cards than the payment needs (it was complete before {token})", token=tokens[i])
        if kind not in payable_kinds(trial, seat):
            return why_card_refused(trial, seat, kind)
        trial = pay_one(trial, seat, kind)[0]
    return None


def why_card_refused(state: State, seat: int, kind: int) -> str:
    pending = state.pending
    assert pending is not None
    avail = available(state.players[seat], pending.committed)
    stage = stages(state, pending.opening)[pending.stage]
    joker = kind == P.JOKER_KIND
    card = "" if joker else _("{colour} {value}", colour=_(D.COLOUR_NAMES[kind // 3]), value=kind % 3 + 1)
    if avail[kind] <= 0:
        return _("you have no joker left to pay with") if joker else _("you have no {card} left to pay with",
                                                                         card=card)
    if not P.allows(stage, kind):
        if stage[0] == "colours":
            return _("this castle takes only {a}, {b} or jokers", a=_(D.COLOUR_NAMES[stage[1]]),
                     b=_(D.COLOUR_NAMES[stage[2]]))
        return _("jokers cannot be exchanged for jokers; pay colour cards")
    if joker:
        return _("paying a joker now would leave the rest of the payment impossible")
    return _("paying a {card} now would leave the rest of the payment impossible", card=card)


# --- Doing it ------------------------------------------------------------------------------


def apply_steps(state: State, seat: int, steps: Steps) -> tuple[State, Events]:
    return run_steps(Turn, do_step, state, seat, steps)


def do_step(turn: Turn[State], seat: int, step: Step) -> None:
    """What one step does (each step was checked before)."""
    verb = step[0]
    s = turn.state
    if verb == "pay":
        for token in step[1:]:
            kind = token_kind(token)
            assert kind is not None  # checked before
            turn.state, completed = pay_one(turn.state, seat, kind)
            if completed is not None:
                _complete(turn, seat, completed)
    elif verb == "cancel":
        turn.update(pending=None)
    elif verb in ("build", "jokers", "swap"):
        turn.update(pending=Pending(step))
    elif verb in MARKER_WORDS:
        pending = s.pending
        assert pending is not None
        picks = (*pending.picks, MARKER_WORDS.index(verb) + 1)
        if len(picks) < 2:
            turn.update(pending=replace(pending, picks=picks))
        else:
            turn.update(pending=None)
            _swap_markers(turn, seat, picks)
    elif verb == "take":
        cards = _draw(turn, 2)
        player = s.players[seat]
        turn.set_player(seat, hand=tuple(sorted(player.hand + tuple(cards))))
        turn.emit(E.Take(seat=seat, cards=tuple(card_tokens(tuple(cards)))))
        turn.update(main_done=True)
        _maybe_end_turn(turn, seat)
    elif verb == "draw5":
        _spend_tiles(turn, seat, (D.DRAW_FIVE,))
        _reward(turn, seat, D.DRAW_TILE_COINS, DRAW_FIVE_REASON)
        _maybe_end_turn(turn, seat)
    elif verb == "end":
        _end_turn(turn, seat)
    else:  # pragma: no cover - validated before
        raise ValueError(f"unknown step {step!r}")


def pay_one(state: State, seat: int, kind: int) -> tuple[State, Pending | None]:
    """Commit one card; returns the new state and the finished decision, if this card finished it."""
    pending = state.pending
    assert pending is not None
    player = state.players[seat]
    if kind == P.JOKER_KIND:
        card = JOKER
    else:
        committed = set(pending.committed)
        card = next(c for c in player.hand if card_kind(c) == kind and c not in committed)
    current = (*pending.current, card)
    plan = stages(state, pending.opening)
    if not P.done(plan[pending.stage], [card_kind(c) for c in current]):
        return rebuild(state, {"pending": rebuild(pending, {"current": current})}), None
    pending = rebuild(pending, {"stage": pending.stage + 1, "paid": pending.paid + current, "current": ()})
    if pending.stage < len(plan):
        return rebuild(state, {"pending": pending}), None
    return rebuild(state, {"pending": None}), pending


def _discard(turn: Turn[State], seat: int, cards: tuple[int, ...]) -> None:
    """Paid colour cards go face up to the discard pile; jokers back to the supply."""
    player = turn.state.players[seat]
    colour = [c for c in cards if c != JOKER]
    hand = list(player.hand)
    for card in colour:
        hand.remove(card)
    turn.set_player(seat, hand=tuple(hand), jokers=player.jokers - cards.count(JOKER))
    turn.update(discard=turn.state.discard + tuple(colour))


def _complete(turn: Turn[State], seat: int, done: Pending) -> None:
    verb = done.opening[0]
    _discard(turn, seat, done.paid)
    if verb == "jokers":
        k = int(done.opening[1])
        player = turn.state.players[seat]
        turn.set_player(seat, jokers=player.jokers + k)
        turn.emit(E.Jokers(seat=seat, count=k, paid=tuple(card_tokens(done.paid))))
        _maybe_end_turn(turn, seat)
        return
    _build(turn, seat, done.opening[1], done.opening[2], done.opening[3:], done.paid)


def card_tokens(cards: tuple[int, ...]) -> list[str]:
    return [kind_token(card_kind(c)) for c in cards]


def _build(turn: Turn[State], seat: int, piece: str, where: str, mods: tuple[str, ...], paid: tuple[int, ...]) -> None:
    castle, site = place_of(where)
    s = turn.state
    tiles = mods + ((D.EXTRA_SITE,) if site == D.EXTRA else ())
    _spend_tiles(turn, seat, tiles, announce=False)
    player = s.players[seat]
    supply = list(player.supply)
    supply[D.PIECES.index(piece)] -= 1
    turn.set_player(seat, supply=tuple(supply))
    turn.update(main_done=True, last_move=(seat, piece, where))
    turn.emit(E.Build(seat=seat, piece=piece, where=where, tiles=tuple(tiles), paid=tuple(card_tokens(paid))))
    if site == D.LARGE:
        turn.update(large=(*s.large, (piece, seat)))
    elif site == D.WELL:
        wells = list(s.wells)
        wells[castle - 1] = seat
        turn.update(wells=tuple(wells))
    else:
        sites = [list(c) for c in s.sites]
        sites[castle - 1][SITE_INDEX[site]] = (piece, seat)
        turn.update(sites=tuple(tuple(c) for c in sites))
    if sum(turn.state.players[seat].supply) == 0:
        # Immediate win: nothing more is drawn for this build.
        turn.update(winner=seat)
        turn.emit(E.Win(seat=seat))
        return
    if piece == D.TOWER and site != D.LARGE:
        _rotate_architect(turn)
    if site == D.WELL:
        _well_reward(turn, seat)
    elif site not in (D.LARGE,):
        if piece == D.WALL:
            walls = pieces_in(turn.state, castle, D.WALL)
            _gain_jokers(turn, seat, walls, f"{walls} wall{'s' if walls > 1 else ''} in castle {castle}")
        _site_bonus(turn, seat, castle, site)
    _maybe_end_turn(turn, seat)


def _spend_tiles(turn: Turn[State], seat: int, tiles: tuple[str, ...], announce: bool = True) -> None:
    if not tiles:
        return
    held = list(turn.state.players[seat].bonus_tiles)
    for tile in tiles:
        held.remove(tile)
        if announce:
            turn.emit(E.TilePlayed(seat=seat, tile=tile))
    turn.set_player(seat, bonus_tiles=tuple(held))
    turn.update(played_tiles=turn.state.played_tiles + tiles)


def _rotate_architect(turn: Turn[State]) -> None:
    architect = turn.state.architect
    turn.update(architect=architect[1:] + architect[:1])
    turn.random = True  # the next architect card is revealed
    turn.emit(E.Architect(cost=turn.state.architect[0]))


def _well_reward(turn: Turn[State], seat: int) -> None:
    s = turn.state
    coins = D.WELL_REWARDS[s.wells_built]
    turn.update(well_deck=s.well_deck[1:], wells_built=s.wells_built + 1)
    turn.random = True  # the next well card is revealed
    turn.emit(E.Indicator(castle=indicator(turn.state)))
    _reward(turn, seat, coins, WELL_REASON)


def _gain_jokers(turn: Turn[State], seat: int, count: int, reason: str) -> None:
    player = turn.state.players[seat]
    turn.set_player(seat, jokers=player.jokers + count)
    turn.emit(E.Joker(seat=seat, count=count, reason=reason))


def _site_bonus(turn: Turn[State], seat: int, castle: int, site: str) -> None:
    bonus = D.site_bonus(castle, site)
    s = turn.state
    player = s.players[seat]
    if bonus == D.JOKER_BONUS:
        _gain_jokers(turn, seat, 1, SITE_BONUS)
    elif bonus == D.COINS_BONUS:
        _reward(turn, seat, D.SITE_REWARD_COINS, SITE_BONUS)
    elif bonus == D.EXCHANGE_BONUS and s.exchange_left:
        turn.set_player(seat, exchange_tiles=player.exchange_tiles + 1)
        turn.update(exchange_left=s.exchange_left - 1)
        turn.emit(E.ExchangeTile(seat=seat))
    elif bonus == D.TILE_BONUS and s.bonus_stack:
        tile = s.bonus_stack[0]
        turn.set_player(seat, bonus_tiles=tuple(sorted((*player.bonus_tiles, tile))))
        turn.update(bonus_stack=s.bonus_stack[1:])
        turn.random = True  # a hidden tile is revealed to its taker
        turn.emit(E.BonusTile(seat=seat, tile=tile))


def _draw(turn: Turn[State], count: int) -> list[int]:
    """Draw up to ``count`` cards, reshuffling the discards into a new deck when it runs out."""
    out = []
    for _n in range(count):
        card = _draw_one(turn)
        if card is None:
            break
        out.append(card)
    return out


def _draw_one(turn: Turn[State]) -> int | None:
    s = turn.state
    turn.random = True
    if not s.deck:
        if not s.discard:
            return None
        r, deck = rng.shuffle(s.rng, s.discard)
        turn.update(rng=r, deck=deck, discard=())
        turn.emit(E.Reshuffle(cards=len(deck)))
        s = turn.state
    turn.update(deck=s.deck[1:])
    return s.deck[0]


def _reward(turn: Turn[State], seat: int, coins: int, reason: str) -> None:
    """Draw colour cards face up, one at a time, until they total at least ``coins``."""
    drawn: list[int] = []
    while sum(card_value(c) for c in drawn) < coins:
        card = _draw_one(turn)
        if card is None:
            break
        drawn.append(card)
    player = turn.state.players[seat]
    turn.set_player(seat, hand=tuple(sorted(player.hand + tuple(drawn))))
    turn.emit(E.Reward(seat=seat, coins=coins, reason=reason, cards=tuple(card_tokens(tuple(drawn)))))


def _swap_markers(turn: Turn[State], seat: int, picks: tuple[int, ...]) -> None:
    a, b = picks
    markers = list(turn.state.markers)
    markers[a - 1], markers[b - 1] = markers[b - 1], markers[a - 1]
    player = turn.state.players[seat]
    turn.set_player(seat, exchange_tiles=player.exchange_tiles - 1)
    turn.update(markers=tuple(markers))
    turn.emit(E.Swap(seat=seat, a=a, b=b, colour_a=D.COLOURS[markers[a - 1]], colour_b=D.COLOURS[markers[b - 1]]))
    _maybe_end_turn(turn, seat)


def _maybe_end_turn(turn: Turn[State], seat: int) -> None:
    s = turn.state
    if s.main_done and s.pending is None and s.winner is None and not free_steps(s, seat):
        _end_turn(turn, seat)


def _end_turn(turn: Turn[State], seat: int) -> None:
    nxt = (seat + 1) % turn.state.seats
    turn.update(turn=nxt, main_done=False)
    turn.emit(TurnBegins(seat=nxt))


# --- End and standing ------------------------------------------------------------------------


def pieces_left(state: State, seat: int) -> int:
    return sum(state.players[seat].supply)


def built(state: State, seat: int) -> int:
    return sum(D.SUPPLY[state.seats].values()) - pieces_left(state, seat)


def standing(state: State) -> Outcome:
    """Pieces built, for places now or at the end (the engine's ``standing`` and the final view)."""
    scores = tuple(built(state, seat) for seat in range(state.seats))
    return Outcome(scores, ranks_from_scores(scores), _("pieces built (fewer left is better); ties share"))
