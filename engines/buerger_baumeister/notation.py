"""Bürger, Baumeister & Co. notation: friendly labels for actions, and a forgiving reader for typed lines.

Keys (what the log stores) are the steps' words, one decision each:
``place RH2`` (the token), ``red-M coin`` / ``red-L +2`` / ``red-S plain`` (district and
kind of space), ``project`` or ``no-project``, ``buy 3`` (offer space 1-5), ``discard RH2``
(only when no token fits), ``cancel``.  A token code is colour letter, type letter and
value: R Y G B P (red, yellow, green, blue, purple), H V P (house, villa, park):
``RH2`` = red house 2, ``GV3`` = green villa 3, ``PP3`` = purple park 3.

A whole turn may be typed on one line, in the turn's order:

- ``place RH2 red-M coin project buy 3``
- ``RH2 M +2 buy free`` (the district's colour is the token's; ``free``/``mayor`` = the Mayor's space;
  going straight to ``buy`` declines the large project)
- ``place red house 2 in red medium on coin, no project, buy green park``
- ``place gv3 large plain buy 1``

Readings: colour and size may be written ``red-M``, ``red M``, ``red medium``, ``RM``, or just
``M`` once the token is chosen; a kind of space may be left out when only one kind is free
in that district; a token may be named by code or by words (``red house 2``, ``villa 3``),
leaving out whatever the hand makes unambiguous; ``buy`` takes a space number, ``free``/
``mayor``, or a token (the cheapest space holding it, the lowest number among equals).
"""

from __future__ import annotations

import re

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister.state import (
    EMPTY,
    TOKEN_CODE,
    TOKEN_COLOUR,
    TOKEN_TYPE,
    TOKEN_VALUE,
    State,
    code_name,
    token_name,
)
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from engines.steps import check_step

Step = tuple[str, ...]

HELP = (
    "A turn: `place RH2` (your token: colour R/Y/G/B/P + H house, V villa, P park + value) → "
    "`red-M coin` (district and space: coin, +2 or plain) → `project` or `no-project` (when possible) → "
    "`buy 3` (offer space; the Mayor's is free). In one line: `place RH2 red-M coin project buy 3`, "
    "`RH2 M +2 buy free`. `cancel` starts the turn again."
)

RULES = """\
**Bürger, Baumeister & Co.** (2–4 players): build up a city of 15 districts — 3 per colour \
(R red, Y yellow, G green, B blue, P purple), small (4 spaces), medium (5) and large (6).
**Tokens:** 13 per colour — house 2 ×3, house 3 ×2, villa 2 ×3, villa 3 ×2, park 3 ×3. You hold 3 (secret).
**Your turn, in order:**
1. **Place** one token from your hand on a free space of a district of its colour. Score its value \
plus the values of all tokens of the same type (house/villa/park) already in that district. \
A **+2** space adds 2; a **coin** space gives 1 coin (you hold at most 3; a 4th is lost).
2. **Large project** (optional), only in that district and only if its square is empty: pay its cost \
and put one of your 3 cranes there. Small: 1 coin, +4 points. Medium: 1 coin, ×2. Large: 2 coins, ×2 \
(score the placement's points again, +2 included).
3. **Buy** one token from the offer circle (prices 1, 1, 2, 1, 2); the one at the **Mayor** is free.
4. The Mayor moves one space clockwise and the empty space is refilled from the bag. When the bag is \
empty, the game ends at once.
**End:** each player adds the values of the tokens of their best single colour in hand (chosen \
automatically). Highest score wins; ties share.
With 2 players 3 tokens are removed and each district starts with one token on a plain space; with 3, \
2 are removed. If no token in your hand fits anywhere, you show your hand and discard one instead.
**Notation:** `place RH2` · `red-M coin` / `red-L +2` / `red-S plain` · `project` / `no-project` · \
`buy 3` / `buy free` · `cancel`. One line: `place RH2 red-M coin project buy 3`."""

PLACE_WORDS = {"place", "play", "put", "build", "set"}
DISCARD_WORDS = {"discard", "drop", "remove"}
BUY_VERBS = {"buy", "take", "purchase", "get"}
YES_WORDS = {"project", "yes", "crane", "y", "large-project"}
SURE_YES = {"project", "yes", "crane"}  # "y" alone is also yellow: it means yes only when asked
NO_WORDS = {"no-project", "no", "skip", "pass", "none", "n", "noproject", "decline"}
CANCEL_WORDS = {"cancel", "back", "restart"}
FILLER = {"on", "in", "at", "to", "the", "a", "an", "space", "spaces", "district", "into", "then", "and", "from",
          "with", "for", "of"}
FREE_WORDS = {"free", "mayor", "mayor's"}
COLOUR_WORDS: dict[str, int] = {name: i for i, name in enumerate(D.COLOURS)}
COLOUR_WORDS.update({letter.casefold(): i for i, letter in enumerate(D.COLOUR_LETTERS)})
COLOUR_WORDS.update({"violet": 4, "lilac": 4})
TYPE_WORDS: dict[str, str] = {"house": D.HOUSE, "houses": D.HOUSE, "villa": D.VILLA, "villas": D.VILLA,
                              "village": D.VILLA, "park": D.PARK, "parks": D.PARK,
                              "h": D.HOUSE, "v": D.VILLA}
SIZE_WORDS: dict[str, str] = {"s": "S", "small": "S", "m": "M", "medium": "M", "mid": "M", "l": "L",
                              "large": "L", "big": "L"}
BONUS_WORDS: dict[str, str] = {"coin": D.COIN, "coins": D.COIN, "$": D.COIN, "+2": D.PLUS2, "plus2": D.PLUS2,
                               "plain": D.PLAIN, "empty": D.PLAIN, "blank": D.PLAIN, "normal": D.PLAIN}
CODE = re.compile(r"^[rygbp][hvp][23]$", re.IGNORECASE)
_MULTIWORD = [
    (re.compile(r"\bno[ -]large[ -]project\b"), "no-project"), (re.compile(r"\bno[ -]project\b"), "no-project"),
    (re.compile(r"\blarge[ -]project\b"), "project"), (re.compile(r"\+\s*2\b"), " +2 "),
    (re.compile(r"\bplus[ -]2\b"), "+2"),
]


# --- Labels ---------------------------------------------------------------------------------


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _coins(n: int) -> str:
    return f"{n} coin{'s' * (n != 1)}"


def step_label(state: State, seat: int, step: Step) -> str:
    verb = step[0]
    if verb == "place":
        return f"Place {code_name(step[1])}"
    if verb == "discard":
        return f"Discard {code_name(step[1])} (no token fits)"
    if verb == "cancel":
        return "Cancel (choose again)"
    pending = state.pending
    if verb in R.DISTRICT_INDEX and pending is not None:
        district = R.DISTRICT_INDEX[verb]
        space = R.first_free(state, district, step[1])
        if space == EMPTY:
            return f"{verb} {step[1]} space"
        text = f"{verb} {step[1]} space: {_points(R.placement_points(state, pending.token, district, space))}"
        gain = R.coin_gain(state.players[seat].coins, district, space)
        if gain:
            text += ", +1 coin" if gain > 0 else ", coin lost (you hold 3)"
        return text
    if verb == "project" and pending is not None and pending.district != EMPTY:
        cost, bonus = R.project_of(pending.district)
        placed = R.placement_points(state, pending.token, pending.district, pending.space)
        gain = R.project_points(bonus, placed)
        what = "+4" if bonus == D.PLUS4 else f"×2 = +{gain}"
        return f"Large project in {D.DISTRICTS[pending.district]} ({_coins(cost)}, a crane): {what} points"
    if verb == "no-project":
        return "No large project"
    if verb == "buy" and step[1:] and step[1] in R.BUY_WORDS:
        space = R.BUY_WORDS.index(step[1])
        token = state.offer[space]
        name = token_name(token) if token != EMPTY else "nothing"
        cost = R.price(state, space)
        if space == state.mayor:
            return f"Take {name} from space {step[1]} at the Mayor (free)"
        return f"Buy {name} from space {step[1]} ({_coins(cost)})"
    return " ".join(step)


# --- Reading typed lines ------------------------------------------------------------------------


def tokenize(text: str) -> list[str]:
    text = text.casefold().replace(",", " ").replace(";", " ").replace("→", " ").replace(":", " ")
    for pattern, replacement in _MULTIWORD:
        text = pattern.sub(replacement, text)
    words: list[str] = []
    for word in text.split():
        # "red-m" / "red-medium" -> "red" "m"; codes and "no-project" stay whole.
        if "-" in word and word not in NO_WORDS and word not in YES_WORDS:
            words += [w for w in word.split("-") if w]
        else:
            words.append(word)
    return words


class Reader:
    """Reads one typed line into steps, checking each against a trial state as it goes."""

    def __init__(self, state: State, seat: int, text: str) -> None:
        self.trial = state
        self.seat = seat
        self.text = text
        self.words = tokenize(text)
        self.i = 0
        self.steps: list[Step] = []

    def peek(self) -> str | None:
        while self.i < len(self.words) and self.words[self.i] in FILLER:
            self.i += 1
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self) -> str:
        word = self.words[self.i]
        self.i += 1
        return word

    def read(self) -> Action:
        while (word := self.peek()) is not None:
            if self.trial.over:
                raise IllegalAction(f"`{self.text}`: the game ended before `{' '.join(self.words[self.i:])}`.")
            for step in self.next_steps(word):
                self.add(step)
        if not self.steps:
            raise NotationError(f"`{self.text}` is not a move.")
        return Action(tuple(self.steps))

    def add(self, step: Step) -> None:
        check_step(R, self.trial, self.seat, step, self.text)
        self.steps.append(step)
        self.trial = R.apply_steps(self.trial, self.seat, (step,))[0]

    def next_steps(self, word: str) -> list[Step]:
        now = R.stage(self.trial, self.seat)
        if word in CANCEL_WORDS:
            self.take()
            return [("cancel",)]
        if word in PLACE_WORDS or word in DISCARD_WORDS:
            self.take()
            verb = "place" if word in PLACE_WORDS else "discard"
            return [(verb, self.read_hand_token())]
        if word in BUY_VERBS:
            self.take()
            implied: list[Step] = [("no-project",)] if now == R.PROJECT else []
            return [*implied, ("buy", self.read_offer_space())]
        placed = self.trial.pending is not None and self.trial.pending.district != EMPTY
        if word in YES_WORDS and (now == R.PROJECT or (placed and word in SURE_YES) or word == "project"):
            self.take()
            return [("project",)]
        if word in NO_WORDS and now == R.PROJECT:
            self.take()
            return [("no-project",)]
        if word in NO_WORDS and placed and now == R.BUY:
            self.take()  # "no project" when none was possible: nothing to decline
            return []
        if now == R.TOKEN and self.starts_token(word) and not self.looks_like_district():
            verb = "discard" if R.stuck(self.trial, self.seat) else "place"
            return [(verb, self.read_hand_token())]
        if now == R.BUY and (word in FREE_WORDS or word in R.BUY_WORDS or self.starts_token(word)):
            return [("buy", self.read_offer_space())]
        if word in COLOUR_WORDS or word in SIZE_WORDS or re.fullmatch(r"[rygbp][sml]", word):
            return [self.read_where()]
        raise NotationError(f"`{self.text}`: `{word}` is not understood here.")

    # -- tokens --

    def looks_like_district(self) -> bool:
        """``red M`` / ``rm`` rather than a token: a colour followed by a district size."""
        word = self.words[self.i]
        if re.fullmatch(r"[rygbp][sml]", word):
            return True
        rest = [w for w in self.words[self.i + 1:] if w not in FILLER]
        return word in COLOUR_WORDS and bool(rest) and rest[0] in SIZE_WORDS

    def starts_token(self, word: str) -> bool:
        return bool(CODE.match(word)) or word in TYPE_WORDS or word in COLOUR_WORDS

    def read_descriptor(self) -> tuple[int | None, str | None, int | None, str]:
        """Colour, type and value words (or one code), each at most once; returns them and the text read."""
        colour: int | None = None
        kind: str | None = None
        value: int | None = None
        read: list[str] = []
        while (word := self.peek()) is not None:
            if CODE.match(word) and not read:
                self.take()
                code = word.upper()
                return D.COLOUR_LETTERS.index(code[0]), D.TYPES[D.TYPE_LETTERS.index(code[1])], int(code[2]), code
            if word in COLOUR_WORDS and colour is None and word not in ("p",):
                colour = COLOUR_WORDS[word]
            elif word in TYPE_WORDS and kind is None:
                kind = TYPE_WORDS[word]
            elif word in ("2", "3") and value is None and read:
                value = int(word)
            else:
                break
            read.append(self.take())
        return colour, kind, value, " ".join(read)

    def read_hand_token(self) -> str:
        colour, kind, value, read = self.read_descriptor()
        if not read:
            raise NotationError(f"`{self.text}`: say which token, by code (e.g. `RH2`) or in words "
                                "(`red house 2`).")
        hand = self.trial.players[self.seat].hand
        codes = list(dict.fromkeys(TOKEN_CODE[t] for t in hand if _fits(t, colour, kind, value)))
        if len(codes) == 1:
            return codes[0]
        if not codes:
            held = ", ".join(dict.fromkeys(TOKEN_CODE[t] for t in hand)) or "nothing"
            raise IllegalAction(f"`{self.text}`: you hold no token like `{read}` (your hand: {held}).")
        verb = "discard" if R.stuck(self.trial, self.seat) else "place"
        raise AmbiguousAction(f"`{self.text}`: `{read}` could be {' or '.join(codes)}; say which.",
                              [Action(((verb, c),)) for c in codes])

    def read_offer_space(self) -> str:
        word = self.peek()
        if word is None:
            raise NotationError(f"`{self.text}`: say what to buy: an offer space 1-5, `free`, or a token.")
        if word in R.BUY_WORDS:
            self.take()
            return word
        if word in FREE_WORDS:
            self.take()
            return R.BUY_WORDS[self.trial.mayor]
        colour, kind, value, read = self.read_descriptor()
        if not read:
            raise NotationError(f"`{self.text}`: `{word}` is not an offer space: write 1-5, `free` or a token "
                                "like `GP3`.")
        offer = self.trial.offer
        spaces = [i for i, t in enumerate(offer) if t != EMPTY and _fits(t, colour, kind, value)]
        codes = list(dict.fromkeys(TOKEN_CODE[offer[i]] for i in spaces))
        if not spaces:
            raise IllegalAction(f"`{self.text}`: no token like `{read}` is on offer.")
        if len(codes) > 1:
            raise AmbiguousAction(f"`{self.text}`: `{read}` could be {' or '.join(codes)}; say which.",
                                  [Action((("buy", R.BUY_WORDS[i]),)) for i in spaces])
        best = min(spaces, key=lambda i: (R.price(self.trial, i), i))
        return R.BUY_WORDS[best]

    # -- districts --

    def read_where(self) -> Step:
        colour: int | None = None
        size: str | None = None
        bonus: str | None = None
        while (word := self.peek()) is not None:
            if re.fullmatch(r"[rygbp][sml]", word) and colour is None and size is None:
                colour, size = D.COLOUR_LETTERS.index(word[0].upper()), word[1].upper()
            elif word in COLOUR_WORDS and colour is None and size is None:
                colour = COLOUR_WORDS[word]
            elif word in SIZE_WORDS and size is None:
                size = SIZE_WORDS[word]
            elif word in BONUS_WORDS and size is not None and bonus is None:
                bonus = BONUS_WORDS[word]
            else:
                break
            self.take()
        pending = self.trial.pending
        if colour is None and pending is not None:
            colour = TOKEN_COLOUR[pending.token]
        if colour is None or size is None:
            raise NotationError(f"`{self.text}`: name a district by colour and size, e.g. `red-M` "
                                "(S small, M medium, L large).")
        district = f"{D.COLOURS[colour]}-{size}"
        if bonus is None:
            bonus = self.guess_bonus(district)
        return (district, bonus)

    def guess_bonus(self, district: str) -> str:
        """``red-M`` without a kind of space: the only kind still free there, if there is one."""
        d = R.DISTRICT_INDEX[district]
        free = [b for b in D.BONUSES if R.first_free(self.trial, d, b) != EMPTY]
        if len(free) == 1 or self.trial.pending is None:
            return free[0] if free else D.PLAIN
        if not free:
            return D.PLAIN  # step_problem says the district is full
        raise AmbiguousAction(f"`{self.text}`: {district} has free {', '.join(free)} spaces; say which.",
                              [Action(((district, b),)) for b in free])


def _fits(token: int, colour: int | None, kind: str | None, value: int | None) -> bool:
    return ((colour is None or TOKEN_COLOUR[token] == colour) and (kind is None or TOKEN_TYPE[token] == kind)
            and (value is None or TOKEN_VALUE[token] == value))


def parse_line(state: State, seat: int, text: str) -> Action:
    return Reader(state, seat, text).read()
