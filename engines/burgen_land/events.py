"""Burgen Land's events: what each says, in words (everything in Burgen Land is public: every viewer reads the same),
and in the few words of a turn's one-line summary (``summary``).

Colours and card kinds are stored by their English names (``D.COLOURS``, ``D.KIND_NAMES``), spaces by number and
English name; ``words`` says them in the current language.
"""

from __future__ import annotations

from engines.burgen_land import data as D
from engines.burgen_land import words as W
from engines.core import seat_token
from engines.events import EventTypes, GameEvent, game_event, optional

_, ngettext = W.T.gettext, W.T.ngettext


def other_seat(seat: int | None) -> int:
    """The opponent of the seat an event is about."""
    if seat is None:
        raise ValueError("this event is about a seat")
    return 1 - seat


@game_event("roll")
class Roll(GameEvent):
    """The dice rolled: the player's own die first, then the red dice rolled with it."""

    dice: tuple[int, ...]
    red: int

    def describe(self, viewer: int | None) -> str:
        dice = self.dice
        shown = _("{a} and {b}", a=dice[0], b=dice[1]) if len(dice) == 2 else ", ".join(str(v) for v in dice)
        if self.red:
            return ngettext("{who} rolls {dice} (own die first, with {n} red die).",
                            "{who} rolls {dice} (own die first, with {n} red dice).", self.red,
                            who=self.who, dice=shown)
        return _("{who} rolls {dice}.", who=self.who, dice=shown)


@game_event("move")
class Move(GameEvent):
    """The crown moved ``steps`` to ``space`` (``name``: the space's English name); ``first``: the turn's first
    landing, which fixes its colour."""

    steps: int
    space: int
    name: str
    first: bool

    def describe(self, viewer: int | None) -> str:
        text = ngettext("The crown moves {n} space to the {space}.", "The crown moves {n} spaces to the {space}.",
                        self.steps, space=W.space_name(self.space))
        if self.first:
            colour = D.space_colour(self.space)
            text += " " + _("{colour} is {who}'s colour this turn.", colour=W.colour_title(colour), who=self.who)
        return text

    def phrase(self, mover: int) -> str:
        return _("plays {colour}", colour=W.colour(D.space_colour(self.space))) if self.first else ""


@game_event("left_colour")
class LeftColour(GameEvent):
    """The crown left the turn's colour: the turn ends with a penalty."""

    colour: str

    def describe(self, viewer: int | None) -> str:
        return _("The crown has left {colour}: {who}'s turn ends with a penalty.", colour=W.colour(self.colour),
                 who=self.who)


@game_event("penalty")
class Penalty(GameEvent):
    """The card given back for leaving the colour (``value`` None: the castle was empty; then no kind nor side)."""

    colour: str
    value: int | None
    kind: str | None = optional()
    side: str | None = optional()

    def describe(self, viewer: int | None) -> str:
        if self.value is None or self.kind is None:
            return _("{who}'s {castle} is empty: nothing to give back.", who=self.who, castle=W.castle(self.colour))
        card = W.card_the(self.colour, self.kind)
        if self.side == "left":
            return _("{who} gives back {card} from the left end of the castle.", who=self.who, card=card)
        return _("{who} gives back {card} from the right end of the castle.", who=self.who, card=card)

    def phrase(self, mover: int) -> str:
        return "" if self.value is None or self.kind is None else _("gave back {card}", card=W.kind(self.kind))


@game_event("take")
class Take(GameEvent):
    """A card taken (from the supply, or card ``taken_from`` of the opponent's castle) and put ``where``: an end
    (``left``, ``right``), the ``empty`` castle, or the hole at ``position``."""

    colour: str
    kind: str
    where: str
    position: int
    taken_from: int | None

    def describe(self, viewer: int | None) -> str:
        where = {"left": _("at the left end"), "right": _("at the right end"),
                 "empty": _("into the empty castle")}.get(self.where) or _("into the hole at {position}",
                                                                           position=self.position)
        card = W.card_a(self.colour, self.kind)
        if self.taken_from is None:
            return _("{who} takes {card} and puts it {where}.", who=self.who, card=card, where=where)
        return _("{who} takes {card} from {opponent}'s castle (card {position}) and puts it {where}.", who=self.who,
                 card=card, opponent=seat_token(other_seat(self.seat)), position=self.taken_from, where=where)

    def phrase(self, mover: int) -> str:
        """The card by its kind alone ("wall → right end"; "wall from {seat:1}"): every card of a turn is of the
        turn's colour, which the line says first."""
        card = W.kind(self.kind)
        if self.taken_from is not None:
            return _("{card} from {who}", card=card, who=seat_token(1 - mover))
        where = {"left": _("left end"), "right": _("right end"), "empty": _("empty castle")}.get(self.where)
        return _("{card} → {where}", card=card, where=where or _("hole {position}", position=self.position))


@game_event("dice")
class Dice(GameEvent):
    """Red dice taken: ``wanted`` were due, ``count`` were to be had (``from_supply`` + ``from_opponent``)."""

    count: int
    from_supply: int
    from_opponent: int
    wanted: int

    def describe(self, viewer: int | None) -> str:
        n, who, other = self.count, self.who, seat_token(other_seat(self.seat))
        if n == 0:
            return ngettext("{who} would take {n} red die, but there are none left.",
                            "{who} would take {n} red dice, but there are none left.", self.wanted, who=who)
        # Fewer than due: the taker holds the others already.  Said as what they were due and what they got.
        short = n < self.wanted
        if self.from_opponent and short:
            return ngettext("{who} is due {wanted} red dice and takes the only one still to be had, from {other}.",
                            "{who} is due {wanted} red dice and takes all {n} still to be had: {board} from the "
                            "board, {taken} from {other}.", n, who=who, board=self.from_supply,
                            taken=self.from_opponent, other=other, wanted=self.wanted)
        if self.from_opponent:
            return ngettext("{who} takes {n} red die ({board} from the board, {taken} from {other}).",
                            "{who} takes {n} red dice ({board} from the board, {taken} from {other}).", n,
                            who=who, board=self.from_supply, taken=self.from_opponent, other=other)
        if short:
            return ngettext("{who} is due {wanted} red dice and takes the only one still to be had.",
                            "{who} is due {wanted} red dice and takes all {n} still to be had.", n, who=who,
                            wanted=self.wanted)
        return ngettext("{who} takes {n} red die.", "{who} takes {n} red dice.", n, who=who)

    def phrase(self, mover: int) -> str:
        return ngettext("took {n} red die", "took {n} red dice", self.count) if self.count else ""


@game_event("score")
class Score(GameEvent):
    """A colour's castles scored: each seat's castle ``values``; the seat (None: a tie) scores ``points``, which
    makes ``scores``."""

    colour: str
    values: tuple[int, ...]
    points: int
    scores: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        a, b = self.values
        castles = W.castles(self.colour)
        if self.seat is None:
            return _("The {castles} are scored: {first} {a}, {second} {b}: a tie, nobody scores.",
                     castles=castles, first=seat_token(0), a=a, second=seat_token(1), b=b)
        return _("The {castles} are scored: {first} {a}, {second} {b}: {who} scores {points} (now {total}).",
                 castles=castles, first=seat_token(0), a=a, second=seat_token(1), b=b, who=self.who,
                 points=self.points, total=self.scores[self.seat])

    def phrase(self, mover: int) -> str:
        """Points the mover gave the opponent; its own points are the line's total (``summary``)."""
        if self.seat is None or self.seat == mover:
            return ""
        return _("{who} scored {n}", who=self.who, n=self.points)  # no word follows the number: no plural forms


@game_event("nothing")
class Nothing(GameEvent):
    """The crown landed where nothing can be taken (``name``: the space's English name)."""

    name: str

    def describe(self, viewer: int | None) -> str:
        return _("{who} lands on the {space}: nothing there can be taken.", who=self.who,
                 space=W.local_space_name(self.name))

    def phrase(self, mover: int) -> str:
        return _("nothing to take")


@game_event("win")
class Win(GameEvent):
    score: int

    def describe(self, viewer: int | None) -> str:
        return _("{who} reaches {score} points and wins!", who=self.who, score=self.score)


EVENTS = EventTypes(Roll, Move, LeftColour, Penalty, Take, Dice, Score, Nothing, Win)
