"""Burgenland's events: what each says to each viewer (the cards a player takes, and the bonus tile, only to that
player), and its few words in a turn's one-line summary (``summary``).

Cards are stored by their tokens ("R3", "J"), places as typed ("3W", "large"), pieces and bonus tiles by their
English names, and a reason by its English words ("2 walls in castle 3"); ``words`` says them in the current
language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.burgenland import data as D
from engines.burgenland import words as W
from engines.events import EventTypes, GameEvent, game_event
from engines.i18n import N_

_, ngettext = W.T.gettext, W.T.ngettext


def cards(tokens: Sequence[str]) -> str:
    """Cards in words ("red 3, joker"), "nothing" for none."""
    return ", ".join(W.card_label(t) for t in tokens) or _("nothing")


def _and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a and b and c'."""
    text = items[0]
    for item in items[1:]:
        text = _("{some} and {last}", some=text, last=item)
    return text


#: Why jokers were taken for a wall, as stored in the event ("2 walls in castle 3").
_WALL_REASON = re.compile(r"(\d+) walls? in castle (\d+)")


def _reason(reason: str) -> str:
    """A stored reason (English, see ``rules``) in the current language."""
    walls = _WALL_REASON.fullmatch(reason)
    if walls:
        n = int(walls.group(1))
        return ngettext("{n} wall in castle {castle}", "{n} walls in castle {castle}", n, castle=int(walls.group(2)))
    return _(reason)


def place_name(where: str) -> str:
    """Where a piece was built, short: "castle 9 (west)", "castle 4" (its well), "large castle"."""
    castle, site = D.place_of(where)
    if site == D.LARGE:
        return _("large castle")
    if site == D.WELL:
        return _("castle {castle}", castle=castle)
    return _("castle {castle} ({site})", castle=castle, site=_(D.SITE_NAMES[site]))


BUILT = {
    D.WALL: N_("{who} builds a wall {where}, paying {cards}."),
    D.TOWER: N_("{who} builds a tower {where}, paying {cards}."),
    D.HOUSE: N_("{who} builds a house {where}, paying {cards}."),
    D.WELL: N_("{who} builds a well {where}, paying {cards}."),
}
BUILT_WITH_TILES = {
    D.WALL: N_("{who} builds a wall {where} using {tiles}, paying {cards}."),
    D.TOWER: N_("{who} builds a tower {where} using {tiles}, paying {cards}."),
    D.HOUSE: N_("{who} builds a house {where} using {tiles}, paying {cards}."),
    D.WELL: N_("{who} builds a well {where} using {tiles}, paying {cards}."),
}


@game_event("build")
class Build(GameEvent):
    """A piece built at ``where`` with the bonus ``tiles`` played for it, paying the cards ``paid``."""

    piece: str
    where: str
    tiles: tuple[str, ...]
    paid: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        where, paid = W.where_label(self.where), cards(self.paid)
        if self.tiles:
            return _(BUILT_WITH_TILES[self.piece], who=self.who, where=where, cards=paid,
                     tiles=_and([_(D.BONUS_TILE_NAMES[t]) for t in self.tiles]))
        return _(BUILT[self.piece], who=self.who, where=where, cards=paid)

    def phrase(self, mover: int) -> str:
        return _("{piece} → {place}", piece=_(D.PIECE_NAMES[self.piece]), place=place_name(self.where))


@game_event("take")
class Take(GameEvent):
    """Cards taken from the deck: which, only their taker reads."""

    cards: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        if self.seen_by(viewer):
            return _("{who} takes 2 cards: {cards}.", who=self.who, cards=cards(self.cards))
        return ngettext("{who} takes {n} card.", "{who} takes {n} cards.", len(self.cards), who=self.who)

    def phrase(self, mover: int) -> str:
        return ngettext("took {n} card", "took {n} cards", len(self.cards))


@game_event("reward")
class Reward(GameEvent):
    """Cards drawn as a reward of ``coins`` coins, for ``reason``."""

    coins: int
    reason: str
    cards: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        return _("{who} draws {cards} for a {coins}-coin reward ({reason}).", who=self.who, cards=cards(self.cards),
                 coins=self.coins, reason=_reason(self.reason))

    def phrase(self, mover: int) -> str:
        return ngettext("drew {n} card", "drew {n} cards", len(self.cards))


@game_event("joker")
class Joker(GameEvent):
    """Jokers taken for ``reason``."""

    count: int
    reason: str

    def describe(self, viewer: int | None) -> str:
        return ngettext("{who} takes {n} joker ({reason}).", "{who} takes {n} jokers ({reason}).", self.count,
                        who=self.who, reason=_reason(self.reason))


@game_event("jokers")
class Jokers(GameEvent):
    """Cards ``paid`` exchanged for ``count`` jokers."""

    count: int
    paid: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        return ngettext("{who} exchanges {cards} for {n} joker.", "{who} exchanges {cards} for {n} jokers.",
                        self.count, who=self.who, cards=cards(self.paid))

    def phrase(self, mover: int) -> str:
        return ngettext("{cards} cards → {n} joker", "{cards} cards → {n} jokers", self.count, cards=len(self.paid))


@game_event("exchange_tile")
class ExchangeTile(GameEvent):
    def describe(self, viewer: int | None) -> str:
        return _("{who} takes an exchange tile.", who=self.who)

    def phrase(self, mover: int) -> str:
        return _("took an exchange tile")


@game_event("bonus_tile")
class BonusTile(GameEvent):
    """A bonus tile taken face down: which, only its taker reads."""

    tile: str

    def describe(self, viewer: int | None) -> str:
        if self.seen_by(viewer):
            return _("{who} takes a bonus tile: {tile}.", who=self.who, tile=_(D.BONUS_TILE_NAMES[self.tile]))
        return _("{who} takes a bonus tile.", who=self.who)

    def phrase(self, mover: int) -> str:
        return _("took a bonus tile")


@game_event("tile_played")
class TilePlayed(GameEvent):
    tile: str

    def describe(self, viewer: int | None) -> str:
        return _("{who} plays the {tile} tile.", who=self.who, tile=_(D.BONUS_TILE_NAMES[self.tile]))

    def phrase(self, mover: int) -> str:
        return _("played {tile}", tile=_(D.BONUS_TILE_NAMES[self.tile]))


@game_event("swap")
class Swap(GameEvent):
    """Markers ``a`` and ``b`` swapped: the colours they show now (English names)."""

    a: int
    b: int
    colour_a: str
    colour_b: str

    def describe(self, viewer: int | None) -> str:
        return _("{who} swaps markers M{a} and M{b}: M{a} is now {colour_a}, M{b} {colour_b}.", who=self.who,
                 a=self.a, b=self.b, colour_a=_(self.colour_a), colour_b=_(self.colour_b))

    def phrase(self, mover: int) -> str:
        return _("swapped M{a} and M{b}", a=self.a, b=self.b)


@game_event("architect")
class Architect(GameEvent):
    """The next architect card revealed."""

    cost: int

    def describe(self, viewer: int | None) -> str:
        return _("The next architect costs {cost}.", cost=self.cost)


@game_event("indicator")
class Indicator(GameEvent):
    """The well indicator moved (``castle`` None: no well card is left)."""

    castle: int | None

    def describe(self, viewer: int | None) -> str:
        if self.castle:
            return _("The well indicator moves to castle {castle}.", castle=self.castle)
        return _("No more wells can be built.")


@game_event("reshuffle")
class Reshuffle(GameEvent):
    """The discard pile, ``cards`` cards, shuffled into a new deck."""

    cards: int

    def describe(self, viewer: int | None) -> str:
        return ngettext("The discard pile ({n} card) is shuffled into a new deck.",
                        "The discard pile ({n} cards) is shuffled into a new deck.", self.cards)


@game_event("win")
class Win(GameEvent):
    def describe(self, viewer: int | None) -> str:
        return _("{who} has built every piece and wins!", who=self.who)


EVENTS = EventTypes(Build, Take, Reward, Joker, Jokers, ExchangeTile, BonusTile, TilePlayed, Swap, Architect,
                    Indicator, Reshuffle, Win)
