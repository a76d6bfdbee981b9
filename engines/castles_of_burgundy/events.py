"""The Castles of Burgundy's events: what each says (every fact in this game is public, so all viewers read the
same), and its few words in a turn's one-line summary (``summary``).

Tiles are stored by their tokens ("church", "k12"), kinds and buildings by their English names, phases by letter,
goods by number; ``words`` says them in the current language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import words as W
from engines.castles_of_burgundy.words import _, ngettext
from engines.core import seat_token
from engines.events import EventTypes, GameEvent, game_event, optional
from engines.i18n import N_

#: Why a player gains something, when it is no building's effect (the event keeps the English words).
GAIN_REASONS = {"take workers": N_("take workers")}


def counted(*, silver: int = 0, workers: int = 0) -> list[str]:
    """What a player gets, each counted in its own words ("1 silverling", "2 workers"); none of what is 0."""
    parts = []
    if silver:
        parts.append(ngettext("{n} silverling", "{n} silverlings", silver))
    if workers:
        parts.append(ngettext("{n} worker", "{n} workers", workers))
    return parts


def _list(goods: Sequence[int]) -> str:
    return ", ".join(map(str, goods)) or _("none")


@game_event("phase")
class Phase(GameEvent):
    """A phase begins: the tiles laid out on each depot (by its number, as text) and the phase's ``goods``."""

    phase: str
    depots: Mapping[str, tuple[str, ...]]
    goods: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return _("Phase {phase} begins: the depots are filled; this phase's goods are {goods}.",
                 phase=self.phase, goods=_list(self.goods))


@game_event("round")
class Round(GameEvent):
    """A round begins: the ``white`` die brings ``goods`` to its depot; each seat's ``dice``; the turn ``order``."""

    phase: str
    round: int
    white: int
    goods: int
    dice: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        dice = "; ".join(_("{seat} {a} and {b}", seat=seat_token(s), a=a, b=b) for s, (a, b) in enumerate(self.dice))
        return _("Phase {phase}, round {round}: the white die shows {white}, a goods tile of type {goods} goes to "
                 "depot {white}. Dice: {dice}.", phase=self.phase, round=self.round, white=self.white,
                 goods=self.goods, dice=dice)


@game_event("take")
class Take(GameEvent):
    """A tile taken from a depot into storage, with ``workers`` spent (``how``: what allowed it)."""

    tile: str
    depot: int
    workers: int
    how: str

    def describe(self, viewer: int | None) -> str:
        fields = {"who": self.who, "tile": W.tile_name(self.tile), "depot": self.depot}
        if self.depot == D.BLACK_DEPOT:
            if self.workers:
                return ngettext("{who} takes the {tile} from the black depot using {n} worker.",
                                "{who} takes the {tile} from the black depot using {n} workers.", self.workers,
                                **fields)
            return _("{who} takes the {tile} from the black depot.", **fields)
        if self.workers:
            return ngettext("{who} takes the {tile} from depot {depot} using {n} worker.",
                            "{who} takes the {tile} from depot {depot} using {n} workers.", self.workers, **fields)
        return _("{who} takes the {tile} from depot {depot}.", **fields)

    def phrase(self, mover: int) -> str:
        return _("took {tile}", tile=W.tile_name(self.tile))


@game_event("buy")
class Buy(GameEvent):
    """A tile bought for ``silver`` silverlings."""

    tile: str
    depot: int
    silver: int

    def describe(self, viewer: int | None) -> str:
        fields = {"who": self.who, "tile": W.tile_name(self.tile), "depot": self.depot, "silver": self.silver}
        if self.depot == D.BLACK_DEPOT:
            return _("{who} buys the {tile} from the black depot for {silver} silverlings.", **fields)
        return _("{who} buys the {tile} from depot {depot} for {silver} silverlings.", **fields)

    def phrase(self, mover: int) -> str:
        return _("bought {tile}", tile=W.tile_name(self.tile))


@game_event("discard")
class Discard(GameEvent):
    tile: str

    def describe(self, viewer: int | None) -> str:
        return _("{who} discards a stored {tile}.", who=self.who, tile=W.tile_name(self.tile))

    def phrase(self, mover: int) -> str:
        return _("discarded {tile}", tile=W.tile_name(self.tile))


@game_event("place")
class Place(GameEvent):
    """A tile placed on estate ``space`` with ``workers`` spent (``how``: a castle's extra action, the city hall)."""

    tile: str
    space: int
    workers: int
    how: str

    def describe(self, viewer: int | None) -> str:
        how = {"castle": _("(castle's extra action)"), "cityhall": _("(city hall)")}.get(self.how, "")
        fields = {"who": self.who, "tile": W.tile_name(self.tile), "space": self.space,
                  "die": D.SPACE_DIE[self.space], "how": f" {how}" if how else ""}
        if self.workers:
            return ngettext("{who} places a {tile} on space {space} (die {die}) using {n} worker{how}.",
                            "{who} places a {tile} on space {space} (die {die}) using {n} workers{how}.",
                            self.workers, **fields)
        return _("{who} places a {tile} on space {space} (die {die}){how}.", **fields)

    def phrase(self, mover: int) -> str:
        return _("{tile} → space {space}", tile=W.tile_name(self.tile), space=self.space)


@game_event("region")
class Region(GameEvent):
    """A region of ``size`` spaces of ``kind`` completed in ``phase``: ``points`` VP."""

    kind: str
    size: int
    phase: str
    points: int

    def describe(self, viewer: int | None) -> str:
        return ngettext("{who} completes a region of {n} {kind} space in phase {phase}: {points} VP.",
                        "{who} completes a region of {n} {kind} spaces in phase {phase}: {points} VP.", self.size,
                        who=self.who, kind=W.kind_name(self.kind), phase=self.phase, points=self.points)


@game_event("bonus")
class Bonus(GameEvent):
    """Every space of ``kind`` covered: the ``large`` or ``small`` bonus tile, ``points`` VP."""

    kind: str
    size: str
    points: int

    def describe(self, viewer: int | None) -> str:
        size = {"large": _("large"), "small": _("small")}.get(self.size, self.size)
        return _("{who} has covered every {kind} space and takes the {size} bonus tile: {points} VP.", who=self.who,
                 kind=W.kind_name(self.kind), size=size, points=self.points)


@game_event("animals")
class Animals(GameEvent):
    tile: str
    points: int

    def describe(self, viewer: int | None) -> str:
        return _("{who}'s animals score {points} VP.", who=self.who, points=self.points)


@game_event("advance")
class Advance(GameEvent):
    """A ship moved its player ahead on the turn-order track, to ``space`` (from 0)."""

    space: int

    def describe(self, viewer: int | None) -> str:
        return _("{who} moves ahead on the turn-order track (space {space}).", who=self.who, space=self.space + 1)


@game_event("goods")
class Goods(GameEvent):
    """A ship's goods taken from ``depots``; the goods tiles ``left`` did not fit and stay."""

    depots: tuple[int, ...]
    goods: tuple[int, ...]
    left: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        fields = {"who": self.who, "goods": _list(self.goods), "depots": W.joined([str(n) for n in self.depots]),
                  "left": _list(self.left)}
        if self.left:
            return ngettext("{who}'s ship takes goods {goods} from depot {depots}; the goods tile {left} stays "
                            "behind.",
                            "{who}'s ship takes goods {goods} from depot {depots}; the goods tiles {left} stay "
                            "behind.", len(self.left), **fields)
        return _("{who}'s ship takes goods {goods} from depot {depots}.", **fields)


@game_event("sell")
class Sell(GameEvent):
    """``count`` goods tiles of type ``goods`` sold: silverlings, workers and ``points`` VP (``reason``: how)."""

    goods: int
    count: int
    silver: int
    workers: int
    points: int
    reason: str

    def describe(self, viewer: int | None) -> str:
        gains = [_("{n} VP", n=self.points), *counted(silver=self.silver, workers=self.workers)]
        return ngettext("{who} sells {n} goods tile of type {goods}: {gains}.",
                        "{who} sells {n} goods tiles of type {goods}: {gains}.", self.count, who=self.who,
                        goods=self.goods, gains=W.listed(gains))

    def phrase(self, mover: int) -> str:
        # The count only where it says something ("sold goods 5 ×3"); goods are named by their number.
        goods = f"{self.goods} ×{self.count}" if self.count > 1 else str(self.goods)
        return _("sold goods {goods}", goods=goods)


@game_event("gain")
class Gain(GameEvent):
    """Workers, silverlings or VP gained (each only where the ``reason`` brings it): a building's effect (its English
    name) or taking workers."""

    workers: int | None = optional()
    silver: int | None = optional()
    vp: int | None = optional()
    reason: str

    def describe(self, viewer: int | None) -> str:
        parts = counted(silver=self.silver or 0, workers=self.workers or 0)
        if self.vp:
            parts.append(_("{n} VP", n=self.vp))
        building = next((b for b, name in D.BUILDING_NAMES.items() if name == self.reason), None)
        reason = _(GAIN_REASONS.get(self.reason, self.reason)) if building is None else W.building_name(building)
        return _("{who} gains {things} ({reason}).", who=self.who, things=W.listed(parts), reason=reason)


@game_event("lost")
class Lost(GameEvent):
    """A building's effect lost: there was nothing it could do."""

    building: str

    def describe(self, viewer: int | None) -> str:
        return _("{who}'s {building} has nothing to do: its effect is lost.", who=self.who,
                 building=W.building_name(self.building))


@game_event("skip")
class Skip(GameEvent):
    """An effect skipped: a building's, or what else opened the decision."""

    building: str

    def describe(self, viewer: int | None) -> str:
        if self.building in D.BUILDING_NAMES:
            return _("{who} skips the {building}.", who=self.who, building=W.building_name(self.building))
        return _("{who} skips the effect.", who=self.who)


@game_event("income")
class Income(GameEvent):
    """The mines pay at the end of a phase."""

    silver: int
    workers: int
    mines: int

    def describe(self, viewer: int | None) -> str:
        return ngettext("{who}'s {n} mine pays {gains}.", "{who}'s {n} mines pay {gains}.", self.mines, who=self.who,
                        gains=W.listed(counted(silver=self.silver, workers=self.workers)))


@game_event("start_castle")
class StartCastle(GameEvent):
    space: int

    def describe(self, viewer: int | None) -> str:
        return _("{who} puts the start castle on space {space} (die {die}).", who=self.who, space=self.space,
                 die=D.SPACE_DIE[self.space])

    def phrase(self, mover: int) -> str:
        return _("{tile} → space {space}", tile=W.kind_name(D.CASTLE), space=self.space)


@game_event("final")
class Final(GameEvent):
    """A seat's final scoring: the VP of each part, and the ``total``."""

    goods: int
    silver: int
    workers: int
    knowledge: int
    total: int

    def describe(self, viewer: int | None) -> str:
        return _("Final scoring for {who}: goods {goods}, silverlings {silver}, workers {workers}, "
                 "knowledge {knowledge} — {total} VP in all.", who=self.who, goods=self.goods, silver=self.silver,
                 workers=self.workers, knowledge=self.knowledge, total=self.total)


@game_event("over")
class Over(GameEvent):
    def describe(self, viewer: int | None) -> str:
        return _("The game is over.")


EVENTS = EventTypes(Phase, Round, Take, Buy, Discard, Place, Region, Bonus, Animals, Advance, Goods, Sell, Gain, Lost,
                    Skip, Income, StartCastle, Final, Over)
