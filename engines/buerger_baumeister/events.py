"""Bürger, Baumeister & Co.'s events: what each says (every event here is public: a turn's choices stay unannounced
until it completes, and only then does anything reach the board), and its few words in a turn's one-line summary
(``summary``).

Tokens are stored by their codes ("RH2"), districts by name ("red-S"), spaces numbered from 1; ``texts`` says them
in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.texts import _, ngettext
from engines.events import EventTypes, GameEvent, game_event


def _codes(codes: Sequence[str]) -> str:
    return ", ".join(codes) or _("nothing")


@game_event("place")
class Place(GameEvent):
    """A token placed on a space of ``bonus`` kind: the ``points`` it scored, and its ``coin`` (1 gained, -1 lost to
    the cap of 3, 0 none)."""

    token: str
    district: str
    bonus: str
    points: int
    coin: int

    def describe(self, viewer: int | None) -> str:
        where = {"who": self.who, "token": X.a_token(self.token), "district": X.district_name(self.district),
                 "space": X.space_name(self.bonus)}
        if self.coin > 0:
            return ngettext("{who} places {token} in {district} ({space}): {n} point and 1 coin.",
                            "{who} places {token} in {district} ({space}): {n} points and 1 coin.",
                            self.points, **where)
        if self.coin < 0:
            return ngettext("{who} places {token} in {district} ({space}): {n} point "
                            "(the coin is lost: 3 coins already).",
                            "{who} places {token} in {district} ({space}): {n} points "
                            "(the coin is lost: 3 coins already).", self.points, **where)
        return ngettext("{who} places {token} in {district} ({space}): {n} point.",
                        "{who} places {token} in {district} ({space}): {n} points.", self.points, **where)

    def phrase(self, mover: int) -> str:
        return _("{token} → {district}", token=X.token(self.token), district=X.district_name(self.district))


@game_event("discard")
class Discard(GameEvent):
    """No token fitted: the ``hand`` shown, ``token`` discarded."""

    token: str
    hand: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        return _("{who} cannot place any token, shows the hand ({hand}) and discards {token}.",
                 who=self.who, hand=_codes(self.hand), token=X.the_token(self.token))

    def phrase(self, mover: int) -> str:
        return _("discarded {token}", token=X.object_token(self.token))


@game_event("project")
class Project(GameEvent):
    """A district's large project completed for ``cost`` coins: its ``bonus`` (+4 or ×2) and the ``points``."""

    district: str
    bonus: str
    cost: int
    points: int

    def describe(self, viewer: int | None) -> str:
        bonus = "+4" if self.bonus == D.PLUS4 else "×2"
        return ngettext("{who} completes the large project of {district} with a crane ({n} coin, {bonus}): "
                        "+{points}.",
                        "{who} completes the large project of {district} with a crane ({n} coins, {bonus}): "
                        "+{points}.", self.cost, who=self.who, district=X.district_name(self.district),
                        bonus=bonus, points=X.points(self.points))

    def phrase(self, mover: int) -> str:
        return _("completed the project")


@game_event("buy")
class Buy(GameEvent):
    """A token taken from offer ``space`` for ``price`` (free at the Mayor: ``mayor``)."""

    token: str
    space: int
    price: int
    mayor: bool

    def describe(self, viewer: int | None) -> str:
        if self.mayor:
            return _("{who} takes {token} from space {space} at the Mayor, free.", who=self.who,
                     token=X.the_token(self.token), space=self.space)
        return ngettext("{who} buys {token} from space {space} for {n} coin.",
                        "{who} buys {token} from space {space} for {n} coins.", self.price, who=self.who,
                        token=X.the_token(self.token), space=self.space)

    def phrase(self, mover: int) -> str:
        if self.mayor:
            return _("took {token}", token=X.object_token(self.token))
        return ngettext("bought {token} ({n} coin)", "bought {token} ({n} coins)", self.price,
                        token=X.object_token(self.token))


@game_event("mayor")
class Mayor(GameEvent):
    space: int

    def describe(self, viewer: int | None) -> str:
        return _("The Mayor moves to space {space}.", space=self.space)


@game_event("refill")
class Refill(GameEvent):
    """A token drawn from the bag onto offer ``space``."""

    space: int
    token: str

    def describe(self, viewer: int | None) -> str:
        return _("A {token} is drawn from the bag onto space {space}.", token=X.token(self.token), space=self.space)


@game_event("bag_empty")
class BagEmpty(GameEvent):
    def describe(self, viewer: int | None) -> str:
        return _("The bag is empty: the game ends.")


@game_event("final")
class Final(GameEvent):
    """A seat's final count: the ``hand`` shown, the ``points`` of its best ``colour`` (None: an empty hand), and
    the ``total``."""

    hand: tuple[str, ...]
    points: int
    colour: str | None
    total: int

    def describe(self, viewer: int | None) -> str:
        fields = {"who": self.who, "points": self.points, "hand": _codes(self.hand), "total": self.total}
        before = self.total - self.points
        if self.colour:
            return ngettext("{who}: {n} point + {points} for {colour} in hand ({hand}) = {total}.",
                            "{who}: {n} points + {points} for {colour} in hand ({hand}) = {total}.", before,
                            colour=X.colour_noun(self.colour), **fields)
        return ngettext("{who}: {n} point + {points} in hand ({hand}) = {total}.",
                        "{who}: {n} points + {points} in hand ({hand}) = {total}.", before, **fields)


EVENTS = EventTypes(Place, Discard, Project, Buy, Mayor, Refill, BagEmpty, Final)
