"""Bürger, Baumeister & Co.'s rules: setup, what may be done now, and what each step does.

A turn is one pending decision made in small steps (tuples of words; the notation
module reads and writes them).  Nothing changes until the purchase completes the
turn; ``cancel`` drops the half-made turn at any step.

=============================  ======================================================
``("place", code)``            choose the token to place, e.g. ``place RH2``
``("discard", code)``          only when no token in hand can be placed anywhere
``(district, bonus)``          where it goes: ``red-M coin``, ``red-L +2``, ``red-S plain``
``("project",)``               build the district's large project (only offered when possible)
``("no-project",)``            decline it
``("buy", n)``                 take the token on offer space n (1-5); completes the turn
``("cancel",)``                drop the half-made turn; nothing changed
=============================  ======================================================

Readings where the rules page is silent (each has a test):
- Spaces with the same bonus in one district are interchangeable, so a placement
  names the district and the kind of space (coin, +2, plain); the token goes on
  the first free space of that kind in board order.
- With 2 players the pre-placed tokens are ordinary buildings: they count for
  "same type already in the district" like any other token (they belong to nobody).
- The ×2 project doubles the placement's points only (value, same-type values and
  +2); the coin is not points and is not doubled.  A coin gained on the placement
  can pay for the project and the purchase of the same turn (rulebook).
- The large project step is offered only when it is possible (empty square, a
  crane left, coins enough); otherwise the turn goes straight to the purchase.
- When no token in hand can be placed, the player discards one of their choice
  (the hand is shown in the event), skips the project and still buys.
- Buying a token from a space whose price the player cannot pay is not offered;
  the Mayor's space is always free, so a purchase is always possible.
- The turn that empties the bag ends the game after its purchase and the Mayor's
  move: the bought token stays in hand and scores in the final count; the
  emptied offer space stays empty.
- The first player is drawn at random (seeded); the Mayor starts on space 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import rng
from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import events as E
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.state import (
    EMPTY,
    TOKEN_CODE,
    TOKEN_COLOUR,
    TOKEN_TYPE,
    TOKEN_VALUE,
    Pending,
    Player,
    Record,
    State,
)
from engines.buerger_baumeister.texts import _, ngettext
from engines.core import Outcome, check_setup, ranks_from_scores
from engines.events import TurnBegins
from engines.steps import Events, Step, Steps, Turn, run_steps

DISTRICT_INDEX: dict[str, int] = {d: i for i, d in enumerate(D.DISTRICTS)}
#: Per district: the bonus printed on each space, in board order.
SPACE_BONUS: tuple[tuple[str, ...], ...] = tuple(D.SPACES[D.district_size(d)] for d in range(len(D.DISTRICTS)))
#: Per colour: its three districts (small, medium, large).
COLOUR_DISTRICTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(len(D.DISTRICTS)) if D.district_colour(d) == c) for c in range(len(D.COLOURS))
)
OFFER_SPACES = len(D.OFFER_PRICES)
BUY_WORDS: tuple[str, ...] = tuple(str(i + 1) for i in range(OFFER_SPACES))

TOKEN, WHERE, PROJECT, BUY = "token", "where", "project", "buy"

# --- Setup ---------------------------------------------------------------------------------


def draw(r: int, bag: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Draw one token from the bag: the RNG picks an index, ``bag[index]`` is the token."""
    r, index = rng.randbelow(r, len(bag))
    return r, bag[index]


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    check_setup("Bürger, Baumeister & Co.", seats, D.REMOVED.keys(), options)
    r = rng.seed_state(seed)
    bag = list(range(D.TOKENS))
    removed = []
    for _n in range(D.REMOVED[seats]):
        r, token = draw(r, bag)
        bag.remove(token)
        removed.append(token)
    board = [[EMPTY] * len(bonuses) for bonuses in SPACE_BONUS]
    if D.PREPLACE[seats]:
        for district, spaces in enumerate(board):
            colour = D.district_colour(district)
            r, token = draw(r, [t for t in bag if TOKEN_COLOUR[t] == colour])
            bag.remove(token)
            spaces[SPACE_BONUS[district].index(D.PLAIN)] = token
    players = []
    for _n in range(seats):
        hand = []
        for _k in range(D.HAND_SIZE):
            r, token = draw(r, bag)
            bag.remove(token)
            hand.append(token)
        players.append(Player(tuple(sorted(hand)), 0, 0, D.CRANES, (0,) * len(D.DISTRICTS)))
    offer = []
    for _n in range(OFFER_SPACES):
        r, token = draw(r, bag)
        bag.remove(token)
        offer.append(token)
    r, first = rng.randbelow(r, seats)
    return State(
        seats=seats, rng=r, players=tuple(players), board=tuple(tuple(s) for s in board),
        cranes=(EMPTY,) * len(D.DISTRICTS), offer=tuple(offer), mayor=D.MAYOR_START, bag=tuple(bag),
        removed=tuple(sorted(removed)), discarded=(), turn=first, first=first, pending=None, over=False,
        ply=0, barrier=0, last=None, turn_number=1,
    )


# --- Small queries ---------------------------------------------------------------------------


#: Per district and bonus: the indices of its spaces with that bonus (first_free is on the hot path).
BONUS_SPACES: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {b: tuple(i for i, printed in enumerate(bonuses) if printed == b) for b in D.BONUSES} for bonuses in SPACE_BONUS
)


def first_free(state: State, district: int, bonus: str) -> int:
    """The first free space with this bonus in the district (EMPTY if none)."""
    spaces = state.board[district]
    for i in BONUS_SPACES[district][bonus]:
        if spaces[i] == EMPTY:
            return i
    return EMPTY


def can_place(state: State, token: int) -> bool:
    return any(EMPTY in state.board[d] for d in COLOUR_DISTRICTS[TOKEN_COLOUR[token]])


def placement_points(state: State, token: int, district: int, space: int) -> int:
    """The token's value, plus every same-type token already in the district, plus 2 on a +2 space."""
    kind = TOKEN_TYPE[token]
    same = sum(TOKEN_VALUE[t] for t in state.board[district] if t != EMPTY and TOKEN_TYPE[t] == kind)
    bonus = D.PLUS2_POINTS if SPACE_BONUS[district][space] == D.PLUS2 else 0
    return TOKEN_VALUE[token] + same + bonus


def coin_gain(coins: int, district: int, space: int) -> int:
    """1 for a coin space, -1 when that coin is lost to the 3-coin cap, 0 otherwise."""
    if SPACE_BONUS[district][space] != D.COIN:
        return 0
    return 1 if coins < D.MAX_COINS else -1


def project_of(district: int) -> tuple[int, str]:
    """(cost, bonus) of the district's large project."""
    return D.PROJECTS[D.district_size(district)]


def project_points(bonus: str, placed: int) -> int:
    return D.PLUS4_POINTS if bonus == D.PLUS4 else placed


def price(state: State, space: int) -> int:
    """What offer space ``space`` costs now: nothing at the Mayor."""
    return 0 if space == state.mayor else D.OFFER_PRICES[space]


def coins_after_placing(state: State, seat: int, pending: Pending) -> int:
    coins = state.players[seat].coins
    if pending.district != EMPTY and coin_gain(coins, pending.district, pending.space) == 1:
        coins += 1
    return coins


def coins_to_buy(state: State, seat: int, pending: Pending) -> int:
    """Coins left for the purchase after the placement and the project chosen so far."""
    coins = coins_after_placing(state, seat, pending)
    if pending.project == 1:
        coins -= project_of(pending.district)[0]
    return coins


def project_possible(state: State, seat: int, pending: Pending) -> bool:
    """Can the large project of the district just built in be built? (``stage`` asks on every step.)"""
    district = pending.district
    return (state.cranes[district] == EMPTY and state.players[seat].cranes > 0
            and coins_after_placing(state, seat, pending) >= project_of(district)[0])


def project_problem(state: State, seat: int, pending: Pending) -> str | None:
    """Why the large project of the district just built in cannot be built (None if it can)."""
    district = pending.district
    name = X.district_name(district)
    if state.cranes[district] != EMPTY:
        return _("the large project of {district} is already built", district=name)
    if not state.players[seat].cranes:
        return _("you have no cranes left")
    cost = project_of(district)[0]
    coins = coins_after_placing(state, seat, pending)
    if coins < cost:
        return ngettext("the large project of {district} costs {n} coin; you would have {coins}",
                        "the large project of {district} costs {n} coins; you would have {coins}", cost,
                        district=name, coins=coins)
    return None


def stage(state: State, seat: int) -> str:
    """Which decision the acting seat makes next."""
    pending = state.pending
    if pending is None:
        return TOKEN
    if pending.discard:
        return BUY
    if pending.district == EMPTY:
        return WHERE
    if pending.project == EMPTY and project_possible(state, seat, pending):
        return PROJECT
    return BUY


def hand_codes(player: Player) -> list[str]:
    """The distinct token codes in a hand, in id order."""
    return list(dict.fromkeys(TOKEN_CODE[t] for t in player.hand))


def token_with_code(player: Player, code: str) -> int:
    """The lowest token id in hand with this code (EMPTY if none)."""
    for token in player.hand:
        if TOKEN_CODE[token] == code:
            return token
    return EMPTY


def stuck(state: State, seat: int) -> bool:
    """No token in hand can be placed anywhere (cannot happen with the real counts)."""
    return not any(can_place(state, t) for t in state.players[seat].hand)


def hand_bonus(hand: tuple[int, ...]) -> tuple[int, int]:
    """Final scoring: (points, colour index) of the best single colour in hand ((0, EMPTY) if empty).

    Ties between colours go to the first colour in board order (the points are the same).
    """
    best, colour = 0, EMPTY
    for c in range(len(D.COLOURS)):
        total = sum(TOKEN_VALUE[t] for t in hand if TOKEN_COLOUR[t] == c)
        if total > best:
            best, colour = total, c
    return best, colour


def final_scores(state: State) -> tuple[int, ...]:
    return tuple(p.score + hand_bonus(p.hand)[0] for p in state.players)


# --- What may be done now ----------------------------------------------------------------------


def where_steps(state: State, token: int) -> list[Step]:
    out: list[Step] = []
    for district in COLOUR_DISTRICTS[TOKEN_COLOUR[token]]:
        free = {b for t, b in zip(state.board[district], SPACE_BONUS[district], strict=True) if t == EMPTY}
        name = D.DISTRICTS[district]
        out += [(name, bonus) for bonus in D.BONUSES if bonus in free]
    return out


def buy_steps(state: State, coins: int) -> list[Step]:
    return [("buy", BUY_WORDS[i]) for i in range(OFFER_SPACES)
            if state.offer[i] != EMPTY and price(state, i) <= coins]


def legal_steps(state: State, seat: int) -> list[Step]:
    if state.over or seat != state.turn:
        return []
    pending = state.pending
    player = state.players[seat]
    if pending is None:
        codes = hand_codes(player)
        placeable = [c for c in codes if can_place(state, token_with_code(player, c))]
        if placeable:
            return [("place", c) for c in placeable]
        return [("discard", c) for c in codes]
    where = stage(state, seat)
    if where == WHERE:
        out = where_steps(state, pending.token)
    elif where == PROJECT:
        out = [("project",), ("no-project",)]
    else:
        out = buy_steps(state, coins_to_buy(state, seat, pending))
    out.append(("cancel",))
    return out


def step_problem(state: State, seat: int, step: Step) -> str | None:
    """Why ``step`` is not allowed now (a short phrase), or None."""
    if state.over:
        return _("the game is over")
    if seat != state.turn:
        return _("it is not your turn")
    if not step:
        return _("an empty step")
    verb = step[0]
    now = stage(state, seat)
    player = state.players[seat]
    if verb == "cancel":
        return None if len(step) == 1 and state.pending is not None else _("there is nothing to cancel")
    if verb in ("place", "discard"):
        return _token_problem(state, seat, player, verb, step, now)
    if verb in DISTRICT_INDEX:
        return _where_problem(state, step, now)
    if verb in ("project", "no-project"):
        if len(step) != 1:
            return _("`{verb}` takes nothing after it", verb=verb)
        if now == PROJECT:
            return None
        pending = state.pending
        if pending is None or now == WHERE:
            return _("the large project comes after placing a token")
        if pending.discard:
            return _("no token was placed this turn")
        if pending.project != EMPTY:
            return _("the large project is already decided this turn")
        return project_problem(state, seat, pending)
    if verb == "buy":
        return _buy_problem(state, seat, step, now)
    return _("`{verb}` is not a step of this game", verb=verb)


def _token_problem(state: State, seat: int, player: Player, verb: str, step: Step, now: str) -> str | None:
    if now != TOKEN:
        assert state.pending is not None
        return _("you already chose {token} this turn (`cancel` to choose again)",
                 token=X.the_token(TOKEN_CODE[state.pending.token]))
    if len(step) != 2 or step[1] not in TOKEN_CODE:
        return _("name one token by its code, e.g. RH2 ({example}), GV3, PP3", example=X.token("RH2"))
    code = step[1]
    token = token_with_code(player, code)
    if token == EMPTY:
        return _("you hold no {token} (your hand: {hand})", token=X.token(code), hand=", ".join(hand_codes(player)))
    blocked = stuck(state, seat)
    if verb == "place":
        if not can_place(state, token):
            colour = X.colour_name(TOKEN_COLOUR[token])
            if blocked:
                return _("every space in the {colour} districts is taken; discard a token", colour=colour)
            return _("every space in the {colour} districts is taken", colour=colour)
        return None
    if not blocked:
        return _("a token may be discarded only when none in hand can be placed")
    return None


def _where_problem(state: State, step: Step, now: str) -> str | None:
    if now != WHERE:
        return _("choose a token to place first (e.g. `place RH2`)") if now == TOKEN else (
            _("the token has already been placed this turn"))
    pending = state.pending
    assert pending is not None
    district = DISTRICT_INDEX[step[0]]
    if len(step) != 2 or step[1] not in D.BONUSES:
        return _("say which kind of space: coin, +2 or plain")
    colour = TOKEN_COLOUR[pending.token]
    if D.district_colour(district) != colour:
        names = ", ".join(X.district_name(d) for d in COLOUR_DISTRICTS[colour])
        return _("a {colour} token goes in a {colour} district ({districts})", colour=X.colour_noun(colour),
                 districts=names)
    if first_free(state, district, step[1]) == EMPTY:
        return _("{district} has no free {space}", district=X.district_name(step[0]), space=X.space_name(step[1]))
    return None


def _buy_problem(state: State, seat: int, step: Step, now: str) -> str | None:
    if now != BUY:
        if now == TOKEN:
            return _("first place a token")
        if now == WHERE:
            return _("first say where your token goes")
        return _("first decide on the large project (`project` or `no-project`)")
    if len(step) != 2 or step[1] not in BUY_WORDS:
        return _("name an offer space from 1 to {last}", last=OFFER_SPACES)
    space = BUY_WORDS.index(step[1])
    if state.offer[space] == EMPTY:
        return _("offer space {space} is empty", space=step[1])
    pending = state.pending
    assert pending is not None
    coins = coins_to_buy(state, seat, pending)
    cost = price(state, space)
    if cost > coins:
        return ngettext("offer space {space} costs {n} coin; you would have {coins}",
                        "offer space {space} costs {n} coins; you would have {coins}", cost, space=step[1],
                        coins=coins)
    return None


# --- Applying steps ---------------------------------------------------------------------------


def apply_steps(state: State, seat: int, steps: Steps) -> tuple[State, Events]:
    return run_steps(Turn, do_step, state, seat, steps)


def do_step(turn: Turn[State], seat: int, step: Step) -> None:
    """What one step does (each step was checked before)."""
    verb = step[0]
    s = turn.state
    pending = s.pending
    if verb == "cancel":
        turn.update(pending=None)
    elif verb in ("place", "discard"):
        turn.update(pending=Pending(token_with_code(s.players[seat], step[1]), discard=verb == "discard"))
    elif verb in DISTRICT_INDEX:
        assert pending is not None
        district = DISTRICT_INDEX[verb]
        turn.update(pending=Pending(pending.token, pending.discard, district, first_free(s, district, step[1])))
    elif verb == "project" or verb == "no-project":
        assert pending is not None
        p = pending
        turn.update(pending=Pending(p.token, p.discard, p.district, p.space, int(verb == "project")))
    elif verb == "buy":
        assert pending is not None
        complete_turn(turn, seat, pending, BUY_WORDS.index(step[1]))
    else:  # pragma: no cover - validated before
        raise ValueError(f"unknown step {step!r}")


def complete_turn(turn: Turn[State], seat: int, pending: Pending, space: int) -> None:
    """Carry out the whole decided turn: place (or discard), project, buy, Mayor, refill."""
    s = turn.state
    player = s.players[seat]
    token = pending.token
    hand = list(player.hand)
    hand.remove(token)
    score, coins, cranes = player.score, player.coins, player.cranes
    by_district = list(player.district_points)
    points = coin = bonus_points = 0
    if pending.discard:
        turn.random = True  # the hand is shown
        turn.update(discarded=(*s.discarded, token))
        turn.emit(E.Discard(seat=seat, token=TOKEN_CODE[token], hand=tuple(TOKEN_CODE[t] for t in player.hand)))
    else:
        district, where = pending.district, pending.space
        points = placement_points(s, token, district, where)
        coin = coin_gain(coins, district, where)
        coins += coin == 1
        score += points
        by_district[district] += points
        board = list(s.board)
        spaces = list(board[district])
        spaces[where] = token
        board[district] = tuple(spaces)
        turn.update(board=tuple(board))
        turn.emit(E.Place(seat=seat, token=TOKEN_CODE[token], district=D.DISTRICTS[district],
                          bonus=SPACE_BONUS[district][where], points=points, coin=coin))
        if pending.project == 1:
            cost, bonus = project_of(district)
            bonus_points = project_points(bonus, points)
            coins -= cost
            cranes -= 1
            score += bonus_points
            by_district[district] += bonus_points
            owners = list(s.cranes)
            owners[district] = seat
            turn.update(cranes=tuple(owners))
            turn.emit(E.Project(seat=seat, district=D.DISTRICTS[district], bonus=bonus, cost=cost,
                                points=bonus_points))
    bought = s.offer[space]
    cost = price(s, space)
    coins -= cost
    hand.append(bought)
    offer = list(s.offer)
    offer[space] = EMPTY
    players = list(s.players)
    players[seat] = Player(tuple(sorted(hand)), score, coins, cranes, tuple(by_district))
    mayor = (s.mayor + 1) % OFFER_SPACES
    record = Record(seat, token, EMPTY if pending.discard else pending.district, pending.space, points, coin,
                    bonus_points, bought, space, cost)
    turn.update(players=tuple(players), pending=None, mayor=mayor, last=record, offer=tuple(offer))
    turn.emit(E.Buy(seat=seat, token=TOKEN_CODE[bought], space=space + 1, price=cost, mayor=space == s.mayor))
    turn.emit(E.Mayor(space=mayor + 1))
    if not s.bag:
        turn.update(over=True)
        _final(turn)
        return
    r, new = draw(s.rng, s.bag)
    turn.update(rng=r)
    refill(turn, offer, space, new)
    nxt = (seat + 1) % s.seats
    turn.update(turn=nxt)
    turn.emit(TurnBegins(seat=nxt))


def refill(turn: Turn[State], offer: list[int], space: int, token: int) -> None:
    """Put the drawn ``token`` from the bag on the emptied offer space (pure: tests choose the token)."""
    bag = list(turn.get("bag"))
    bag.remove(token)
    offer[space] = token
    turn.random = True
    turn.update(offer=tuple(offer), bag=tuple(bag))
    turn.emit(E.Refill(space=space + 1, token=TOKEN_CODE[token]))


def _final(turn: Turn[State]) -> None:
    """The bag is empty: the game ends at once; each player adds their best colour in hand."""
    s = turn.state
    turn.random = True  # hands are shown for the final count
    turn.emit(E.BagEmpty())
    for seat, player in enumerate(s.players):
        bonus, colour = hand_bonus(player.hand)
        turn.emit(E.Final(seat=seat, hand=tuple(TOKEN_CODE[t] for t in player.hand), points=bonus,
                          colour=None if colour == EMPTY else D.COLOURS[colour], total=player.score + bonus))


def standing(state: State) -> Outcome:
    """Points, with the hands' best colour once the game is over (the engine's ``standing`` and the
    final view)."""
    if state.over:
        scores = final_scores(state)
        return Outcome(scores, ranks_from_scores(scores),
                       _("points, plus the best single colour in hand; ties share"))
    scores = tuple(p.score for p in state.players)
    return Outcome(scores, ranks_from_scores(scores), _("points so far (hands count at the end); ties share"))
