"""Burgenland: positions where the rules make the right choice plain, and whether each level makes it (see
:mod:`tests.ai.sense`).

Every position is a 2-player game (``new_game(2, SEED)``: its neutral pieces, its decks) with the border
markers laid out as :data:`MARKERS` says, and seat 0 to act with the hand, pieces and tiles the case gives
it; every other colour card is in the other seat's hand (as many as it had) or the deck, so each card is in
exactly one place (:func:`test_the_positions_are_ones_the_rules_allow`).  Where the other castles would only
blur the question, their free sites hold what the two seats have built so far, and the wells built stand
where the well cards sent the indicator.

With :data:`MARKERS` the castles take (castle: colours) 1 R/Y, 2 Y/G, 3 G/L, 4 L/R, 5 R/B, 6 Y/P, 7 G/O,
8 L/W, 9 B/P, 10 P/O, 11 O/W; the seed puts neutral walls on the north sites of 3, 4, 5, 6, 7 and 10 (and
houses on the west sites of 4 and 6), neutral towers on the north sites of 1, 2, 8 and 11, leaves castle 9
empty and the well indicator in castle 4.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

import engines
from engines.burgenland import data as D
from engines.burgenland.state import NEUTRAL, Site, State
from tests.ai.sense import Case, check_level, decide

ENGINE = engines.get("burgenland")
ME, OTHER = 0, 1
SEED = 5
#: The colours of border markers M1..M8 (letters as players type them).
MARKERS = "RYGLBPOW"
SITE = {"N": 0, "W": 1, "E": 2, "X": 3}


# --- Positions ---------------------------------------------------------------------------------------------


def cards(text: str) -> tuple[int, ...]:
    """Colour cards by token (``R1 B3``), each a different card of its kind."""
    out: list[int] = []
    for token in text.split():
        colour, value = D.COLOUR_LETTERS.index(token[0]), int(token[1])
        out.append(next(colour * D.CARDS_PER_COLOUR + i for i, v in enumerate(D.CARD_VALUES)
                        if v == value and colour * D.CARDS_PER_COLOUR + i not in out))
    return tuple(sorted(out))


def table(hand: str, *, jokers: int = 0, supply: tuple[int, int, int, int] | None = None,
          open_castles: tuple[int, ...] | None = None, tiles: tuple[str, ...] = (), exchange_tiles: int = 0,
          other_supply: tuple[int, int, int, int] | None = None) -> State:
    """Seat 0 to act, holding ``hand`` and ``jokers``, with ``supply`` pieces left (walls, towers, houses,
    wells; the full 2-player supply by default), ``tiles`` and ``exchange_tiles``.  With ``open_castles``,
    every free square site of the other castles holds a piece one of the seats has built (see
    :func:`_fill`); the other seat's supply is what it has not built (``other_supply``, or what the sites
    took from its full supply)."""
    base: State = ENGINE.new_game(2, SEED)
    mine = cards(hand)
    unseen = [c for c in base.deck + base.players[OTHER].hand + base.players[ME].hand if c not in mine]
    full = base.players[ME].supply
    supply = supply or full
    sites = [list(castle) for castle in base.sites]
    other_left = other_supply
    if open_castles is not None:
        other_built = [f - s for f, s in zip(full, other_supply or (0, 0, 0, 0), strict=True)]
        placed = _fill(sites, open_castles, (other_built, [f - s for f, s in zip(full, supply, strict=True)]))
        other_left = other_supply or (full[0] - placed[0], full[1] - placed[1], full[2] - placed[2], full[3])
    count = len(base.players[OTHER].hand)
    players = (
        replace(base.players[ME], hand=mine, jokers=jokers, supply=supply,
                bonus_tiles=tuple(sorted(tiles)), exchange_tiles=exchange_tiles),
        replace(base.players[OTHER], hand=tuple(sorted(unseen[:count])), supply=other_left or full),
    )
    board: tuple[tuple[Site, Site, Site, Site], ...] = tuple((c[0], c[1], c[2], c[3]) for c in sites)
    # The wells built so far, where the indicator stood, in turn (the other seat's first).
    wells_by = [OTHER] * (full[3] - players[OTHER].supply[3]) + [ME] * (full[3] - supply[3])
    wells: list[int | None] = [None] * D.CASTLES
    for castle, seat in zip(base.well_deck, wells_by, strict=False):
        wells[castle - 1] = seat
    return replace(base, players=players, deck=tuple(unseen[count:]), sites=board, wells=tuple(wells),
                   wells_built=len(wells_by), well_deck=base.well_deck[len(wells_by):],
                   markers=tuple(D.COLOUR_LETTERS.index(m) for m in MARKERS),
                   exchange_left=base.exchange_left - exchange_tiles,
                   bonus_stack=_without(base.bonus_stack, tiles))


def _fill(sites: list[list[Site]], open_castles: tuple[int, ...], built: tuple[list[int], list[int]]) -> list[int]:
    """Every free square site of the castles not in ``open_castles`` gets a piece one of the seats has
    built (from ``built``: pieces per kind, used up here; the other seat's first) — a tower where the castle
    has none, else a house where its walls allow one, else a wall.  Returns the other
    seat's pieces placed, per kind."""
    placed = [0, 0, 0, 0]
    for castle, castle_sites in enumerate(sites, 1):
        if castle in open_castles:
            continue
        for index in range(3):
            if castle_sites[index] is not None:
                continue
            pieces = [site[0] for site in castle_sites if site is not None]
            fits = [D.TOWER] if D.TOWER not in pieces else []
            fits += [D.HOUSE] if pieces.count(D.HOUSE) < pieces.count(D.WALL) else []
            fits.append(D.WALL)
            seat, piece = next((seat, piece) for piece in fits for seat in (OTHER, ME)
                               if built[seat == ME][D.PIECES.index(piece)] > 0)
            built[seat == ME][D.PIECES.index(piece)] -= 1
            castle_sites[index] = (piece, seat)
            if seat == OTHER:
                placed[D.PIECES.index(piece)] += 1
    return placed


def _without(stack: tuple[str, ...], tiles: tuple[str, ...]) -> tuple[str, ...]:
    rest = list(stack)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)


# --- The cases ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plain:
    """A position and a test of the whole decision seat 0 makes there."""

    name: str
    state: State
    right: Callable[[tuple[str, ...]], bool]
    why: str
    #: A decision that is legal there and wrong (the case can be failed).
    wrong: tuple[str, ...] = ("take",)

    def case(self) -> Case:
        return Case(self.name, self.state, ME, self.right, self.why)


def _verb(chosen: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(chosen[0].split())


def builds(*places: str, piece: str = "", tiles: tuple[str, ...] = ()) -> Callable[[tuple[str, ...]], bool]:
    """The decision builds (``piece``, if named) on one of ``places`` (``5W``, ``9``, ``large``; a bare
    castle number ``5*`` for any of its square sites), spending exactly ``tiles``, and pays for it."""
    def right(chosen: tuple[str, ...]) -> bool:
        step = _verb(chosen)
        if step[0] != "build" or (piece and step[1] != piece) or tuple(sorted(step[3:])) != tuple(sorted(tiles)):
            return False
        where = step[2]
        return any(where == p or (p.endswith("*") and where[:-1] == p[:-1]) for p in places) and \
            chosen[-1].startswith("pay")
    return right


def _build_the_paid_piece() -> Plain:
    """Four red and blue cards and castle 5 (red/blue) has a neutral wall: a wall there gives two jokers
    back and the west site a third.  Building beats taking two cards."""
    return Plain("build the castle piece the hand pays for",
                 table("R1 R2 B1 B2 Y1"),
                 builds("5W", "5E", "1W", "1E", "4E", "9N", "9W", "9E"),
                 "action A: four cards of the castle's colours build a piece; a wall returns a joker per wall")


def _joker_exchange_completes() -> Plain:
    """Three red/blue cards for castle 5 and a white 3 and an orange 3 that no open castle near them
    needs now: the exchange (6 coins for a joker) completes the payment this turn."""
    return Plain("use the joker exchange when it completes a payment",
                 table("R1 R1 B2 W3 O3", supply=(1, 1, 1, 3), open_castles=(5,), other_supply=(1, 1, 1, 3)),
                 lambda chosen: chosen[0] == "jokers 1" and sorted(chosen[1].split()) == ["O3", "W3", "pay"],
                 "free action: cards worth 6 coins buy a joker, and a joker pays for any colour")


def _finish_the_game() -> Plain:
    """One house left and the hand pays for it in castle 5 (a neutral wall there): building it wins."""
    return Plain("do not take cards when a build finishes the game",
                 table("R1 R2 B1 B2", supply=(0, 0, 1, 0), open_castles=(5,), other_supply=(0, 0, 1, 0)),
                 builds("5W", "5E", piece=D.HOUSE),
                 "the first player to build every piece wins at once")


def _build_the_well() -> Plain:
    """A last well to build; four wells stand, and the indicator has moved on to castle 6 (yellow/purple),
    which the hand pays for.  Taking cards instead only waits: the well wins now."""
    return Plain("build the well when the indicator allows it",
                 table("Y1 Y2 P1 P3 L2", supply=(0, 0, 0, 1), open_castles=(4, 5), other_supply=(0, 0, 1, 1)),
                 builds("6", piece=D.WELL),
                 "a well goes only on the round site of the castle where the indicator stands; the last piece wins")


def _site_with_a_bonus() -> Plain:
    """Castle 9 (blue/purple) is empty: a wall on its west site also gives a joker, on its east site an
    exchange tile; the north site gives nothing."""
    return Plain("prefer the small-castle site that gives a bonus",
                 table("B1 B2 P1 P2", supply=(2, 0, 0, 1), open_castles=(9,), other_supply=(1, 0, 1, 1)),
                 builds("9W", "9E", piece=D.WALL),
                 "site bonuses: north none, west a joker (odd castles), east an exchange tile",
                 wrong=("build wall 9N", "pay B1 B2 P1 P2"))


def _wall_beside_walls() -> Plain:
    """Blue cards build a wall in castle 9 (empty: one joker back) or castle 5 (a neutral wall: two)."""
    return Plain("build a wall where a wall already stands",
                 table("B1 B2 B1 B2", supply=(2, 0, 0, 1), open_castles=(5, 9), other_supply=(1, 0, 1, 1)),
                 builds("5W", "5E", piece=D.WALL),
                 "a wall takes one joker for every wall in its castle after building",
                 wrong=("build wall 9W", "pay B1 B1 B2 B2"))


def _swap_to_build() -> Plain:
    """Four purple cards, but every castle that takes purple is full; an exchange tile swaps purple's
    marker (M6) with blue's (M5) and castle 5 (a neutral wall, west and east free) takes purple."""
    state = table("P1 P2 P1 P2", supply=(0, 0, 2, 3), exchange_tiles=1, open_castles=(5,),
                  other_supply=(0, 1, 1, 3))

    def right(chosen: tuple[str, ...]) -> bool:
        if chosen[0] != "swap" or len(chosen) != 3:
            return False
        after = state
        for key in chosen:
            after, _ = ENGINE.apply(after, ME, ENGINE.parse_action(after, ME, key))
        return any(a.key.startswith("build house 5") for a in ENGINE.legal_actions(after, ME))
    return Plain("use the exchange tile to open a castle the hand pays", state, right,
                 "an exchange tile swaps two border markers, changing the colours of the castles between them")


def _pay_ten_to_finish() -> Plain:
    """A last wall, four cards of four colours (10 coins) and a pay-10 tile: no castle takes them, the
    tile does — and the game is won."""
    return Plain("build with the pay-10 tile when it finishes the game",
                 table("Y3 G3 P3 W1", supply=(1, 0, 0, 0), tiles=(D.PAY_TEN,), open_castles=(9,),
                       other_supply=(0, 0, 1, 0)),
                 lambda chosen: _verb(chosen)[0] == "build" and D.PAY_TEN in _verb(chosen),
                 "pay-10: any cards worth 10 coins instead of the castle's colours")


def _ignore_for_the_last_house() -> Plain:
    """A last house; the only open castle that takes blue/purple is 9, with no wall: the
    ignore-restrictions tile lets the house in and wins."""
    return Plain("ignore the building restriction when it finishes the game",
                 table("B1 B2 P1 P2", supply=(0, 0, 1, 0), tiles=(D.IGNORE,), open_castles=(9,),
                       other_supply=(0, 0, 1, 0)),
                 builds("9*", piece=D.HOUSE, tiles=(D.IGNORE,)),
                 "a house needs a wall in its castle, unless an ignore-restrictions tile is played")


def _small_castle_not_large() -> Plain:
    """Four red cards build a wall in the large castle (no jokers, no bonus) or in castle 5 (a neutral
    wall: two jokers and the site's bonus)."""
    return Plain("build in a small castle rather than the large one",
                 table("R1 R2 R3 R1", supply=(2, 0, 0, 1), open_castles=(5,), other_supply=(1, 0, 1, 1)),
                 builds("5W", "5E", piece=D.WALL),
                 "the large castle has no site bonus and no wall jokers",
                 wrong=("build wall large", "pay R1 R1 R2 R3"))


def _keep_the_joker() -> Plain:
    """Four red/blue cards and a joker: the colour cards pay, the joker stays for a castle they cannot."""
    return Plain("pay with colour cards and keep the joker",
                 table("R1 R2 B1 B2", jokers=1, supply=(2, 0, 0, 1), open_castles=(5,),
                       other_supply=(1, 0, 1, 1)),
                 lambda chosen: builds("5W", "5E")(chosen) and "J" not in chosen[-1].split(),
                 "a joker stands for any colour: spend the cards that only one castle takes")


PLAIN: tuple[Plain, ...] = tuple(build() for build in (
    _build_the_paid_piece, _joker_exchange_completes, _finish_the_game, _build_the_well, _site_with_a_bonus,
    _wall_beside_walls, _swap_to_build, _pay_ten_to_finish, _ignore_for_the_last_house, _small_castle_not_large,
    _keep_the_joker,
))
CASES: tuple[Case, ...] = tuple(p.case() for p in PLAIN)


# --- The tests ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_makes_the_plain_choices(level: str) -> None:
    check_level(ENGINE, CASES, level)


def test_easy_builds_the_piece_its_hand_pays_for() -> None:
    """The greedy player judges a build once it is paid for: scored as it stood (chosen, not yet paid), a
    build looked like nothing against two cards taken, and easy never built — it lost to a random player."""
    plain = PLAIN[0]
    built = [decide(ENGINE, plain.state, ME, "easy", seed) for seed in range(6)]
    assert sum(plain.right(chosen) for chosen in built) >= 4, built


@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.name)
def test_the_positions_are_ones_the_rules_allow(plain: Plain) -> None:
    state = plain.state
    assert ENGINE.to_act(state) == (ME,) and state.pending is None and not state.main_done
    every = sorted(state.deck + state.discard + tuple(c for p in state.players for c in p.hand))
    assert every == list(range(D.COLOUR_CARDS)), "each colour card in exactly one place"
    for seat, player in enumerate(state.players):
        built = [D.SUPPLY[2][piece] - left for piece, left in zip(D.PIECES, player.supply, strict=True)]
        placed = [sum(1 for castle in state.sites for site in castle if site == (piece, seat)) for piece in D.PIECES]
        placed[D.PIECES.index(D.WELL)] = state.wells.count(seat)
        assert all(0 <= p <= b for p, b in zip(placed, built, strict=True)), (seat, placed, built)
        assert placed[-1] == built[-1], "every well built stands on the board"
    assert state.wells_built == sum(1 for w in state.wells if w is not None)
    for castle, sites in enumerate(state.sites, 1):
        pieces = [site[0] for site in sites if site is not None]
        assert pieces.count(D.TOWER) <= 1 and pieces.count(D.HOUSE) <= pieces.count(D.WALL), castle
    neutral = [site[0] for castle in state.sites for site in castle if site is not None and site[1] == NEUTRAL]
    assert sorted(neutral) == sorted(p for p, n in D.NEUTRAL[2].items() for _ in range(n))


@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.name)
def test_the_right_and_the_wrong_decisions_are_legal(plain: Plain) -> None:
    """The case can be failed — a legal decision it calls wrong — and each step of what ``normal`` decides
    there is one the engine accepts."""
    _play(plain.state, plain.wrong)
    assert not plain.right(plain.wrong)
    chosen = decide(ENGINE, plain.state, ME, "normal")
    _play(plain.state, chosen)


def _play(state: State, keys: tuple[str, ...]) -> State:
    for key in keys:
        state, _ = ENGINE.apply(state, ME, ENGINE.parse_action(state, ME, key))
    return state

