"""Burgenland notation: friendly labels for actions, and a forgiving reader for typed lines.

Keys (what the log stores) are the steps' words: ``take``, ``build wall 3W``,
``build tower 5N ignore pay10``, ``build well 7``, ``build tower large``,
``pay R1 R1 G2 J``, ``cancel``, ``jokers 2``, ``swap`` then ``M1`` and ``M5``,
``draw5``, ``end``.  Cards are a colour letter and value (R1 … W3) or J for a
joker; sites are a castle number and N, W, E or X (a new extra site).

Typed lines may chain steps (``build wall 3W pay red red green joker``), use
colour names instead of letters, leave out a card's value (the cheapest card of
that colour that fits is used), count cards (``pay 6 purple``), write markers
by colour (``swap red white``), and leave out a well's castle.
"""

from __future__ import annotations

import re

from engines.burgenland import data as D
from engines.burgenland import payment as P
from engines.burgenland import rules as R
from engines.burgenland.state import State
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from engines.steps import SEALED, check_step, sealed

HELP = (
    "Moves: `take` (2 cards) · `build wall 3W` then pay, or in one line "
    "`build wall 3W pay red red green joker` · `build tower 5N pay R1 R2 G1 J Y3` (tower: 4 cards, then the "
    "architect) · `build well` · `build house large pay 5 purple` · tiles: `build house 2E ignore`, "
    "`build wall 4W pay10`, `build wall 6X` (extra site) · free: `jokers 1 pay R3 R3`, `swap M1 M5`, "
    "`draw5` · `end` ends your turn · `cancel` drops a half-made move. "
    "Cards: colour letter + value (R1, L2 = light blue 2, B3 = dark blue 3, J = joker)."
)

RULES = """\
**Burgenland** (2–4 players): be the first to build every piece in your supply.
**Your turn:** free actions, then ONE main action, then more free actions; `end` finishes.
**A – Build** one piece. In a small castle pay exactly 4 cards of the castle's two border \
colours (jokers count as any colour): a **wall** gives you 1 joker per wall now in that castle; \
a **house** needs at least as many walls as houses there; a **tower** (one per castle) also \
pays the architect's cost in coins with any cards (jokers are worth 3); a **well** goes only \
where the red indicator stands and earns the next well reward (5, 4, 3, 3, 2, 2, 1, 1 coins). \
Sites give bonuses: joker, 3 coins, exchange tile, bonus tile.
In the **large castle** (no bonuses, no architect): wall 4 of one colour or 6 different, \
house 5 or 7, tower 6 or 8.
**B – Take 2 cards.** Coin rewards are drawn face up until they reach the amount.
**Free:** `jokers k` (colour cards worth 6k → k jokers), `swap` two border markers with an \
exchange tile, `draw5` tile. Tiles `ignore` and `pay10` are added to a build; an extra site is X.
**Notation:** `take` · `build wall 3W` then `pay R1 R1 G2 J` (or all on one line) · \
`build tower 5N` · `build well` · `build house large pay 5 purple` · `build house 2E ignore` · \
`build wall 6X` · `jokers 1` · `swap M1 M5` · `draw5` · `end` · `cancel`.
Cards: colour letter + value — R red, Y yellow, G green, L light blue, B dark blue, P purple, \
O orange, W white; J joker."""

VERBS = {
    # Not "a" and "b" for the rulebook's actions A and B: "a" is an article and B a colour.
    "take": "take", "draw": "take", "build": "build",
    "pay": "pay", "cancel": "cancel", "back": "cancel",
    "jokers": "jokers", "joker": "jokers", "exchange": "jokers",
    "swap": "swap", "draw5": "draw5", "end": "end", "done": "end", "pass": "end",
}
PIECE_WORDS = {
    "wall": D.WALL, "walls": D.WALL, "tower": D.TOWER, "towers": D.TOWER,
    "house": D.HOUSE, "houses": D.HOUSE, "well": D.WELL, "wells": D.WELL,
}
SITE_WORDS = {"n": "N", "north": "N", "w": "W", "west": "W", "e": "E", "east": "E", "x": "X", "extra": "X"}
LARGE_WORDS = {"large", "big", "great", "large-castle"}
MOD_WORDS = {"ignore": D.IGNORE, "ignore-restrictions": D.IGNORE, "pay10": D.PAY_TEN, "pay-10": D.PAY_TEN}
COLOUR_WORDS: dict[str, tuple[int, ...]] = {name: (i,) for i, name in enumerate(D.COLOURS)}
COLOUR_WORDS.update({letter.casefold(): (i,) for i, letter in enumerate(D.COLOUR_LETTERS)})
COLOUR_WORDS.update({"lightblue": (3,), "darkblue": (4,), "blue": (3, 4), "violet": (5,)})
JOKER_WORDS = {"j", "joker", "jokers"}
SUGGEST_WORDS = {"suggested", "auto", "cheapest", "best"}
_MULTIWORD = [
    (re.compile(r"\blight blue\b"), "light-blue"), (re.compile(r"\bdark blue\b"), "dark-blue"),
    (re.compile(r"\bpay 10\b"), "pay10"), (re.compile(r"\bdraw 5\b"), "draw5"),
    (re.compile(r"\blarge castle\b"), "large"), (re.compile(r"\bdraw-5\b"), "draw5"),
]
_CARD = re.compile(r"^([a-z-]+?)-?([123])?$")


# --- Labels ---------------------------------------------------------------------------------


def card_label(token: str) -> str:
    if token == "J":
        return "joker"
    return f"{D.COLOURS[D.COLOUR_LETTERS.index(token[0])]} {token[1]}"


def where_label(where: str) -> str:
    castle, site = R.place_of(where)
    if site == D.LARGE:
        return "in the large castle"
    if site == D.WELL:
        return f"in castle {castle}"
    if site == D.EXTRA:
        return f"on a new extra site in castle {castle}"
    return f"in castle {castle}, {D.SITE_NAMES[site]} site"


def step_label(state: State, seat: int, step: tuple[str, ...]) -> str:
    verb = step[0]
    if verb == "take":
        return "Take 2 cards"
    if verb == "build":
        _, piece, where, *mods = step
        text = f"Build a {piece} {where_label(where)}"
        if D.IGNORE in mods:
            text += ", ignoring restrictions"
        if D.PAY_TEN in mods:
            text += ", paying 10 coins"
        return text
    if verb == "pay":
        cards = step[1:]
        long = "Pay " + ", ".join(card_label(t) for t in cards)
        return long if len(long) <= 100 else "Pay " + " ".join(cards)
    if verb == "jokers":
        k = int(step[1])
        return f"Exchange cards worth {k * D.JOKER_EXCHANGE_COINS} for {k} joker{'s' if k > 1 else ''}"
    if verb == "swap":
        return "Play an exchange tile (swap two markers)"
    if verb in R.MARKER_WORDS:
        colour = D.COLOURS[state.markers[R.MARKER_WORDS.index(verb)]]
        return f"Marker {verb} ({colour})"
    return {"cancel": "Cancel", "end": "End turn", "draw5": "Play the draw-5 tile"}.get(verb, " ".join(step))


# --- Reading typed lines ------------------------------------------------------------------------


def tokenize(text: str) -> list[str]:
    text = text.casefold().replace(",", " ").replace("+", " ")
    for pattern, replacement in _MULTIWORD:
        text = pattern.sub(replacement, text)
    return text.split()


def split_steps(tokens: list[str]) -> list[list[str]]:
    """Cut the tokens where a verb or a marker starts a new step."""
    out: list[list[str]] = []
    for i, token in enumerate(tokens):
        paying = bool(out) and out[-1][0] == "pay"
        # While paying, "joker" is a card ("pay 2 jokers"); "jokers 1" (a count after it) is the exchange.
        as_card = paying and token in JOKER_WORDS and not (i + 1 < len(tokens) and tokens[i + 1].isdigit())
        starts = (token in VERBS and not as_card) or (
            re.fullmatch(r"m[1-8]", token) and not (out and out[-1][0] == "swap"))
        if starts or not out:
            out.append([token])
        else:
            out[-1].append(token)
    return out


def parse_line(state: State, seat: int, text: str) -> Action:
    tokens = tokenize(text)
    if tokens and tokens[0] in PIECE_WORDS:  # "wall 3W" means "build wall 3W"
        tokens.insert(0, "build")
    if tokens and tokens[0] not in VERBS and not re.fullmatch(r"m[1-8]", tokens[0]):
        raise NotationError(f"`{text}` is not a move.")
    steps: list[tuple[str, ...]] = []
    trial = state
    for words in split_steps(tokens):
        if steps and sealed(trial):
            raise IllegalAction(f"`{text}`: {SEALED}")
        for step in _read_step(trial, seat, words):
            if steps and sealed(trial):
                raise IllegalAction(f"`{text}`: {SEALED}")
            check_step(R, trial, seat, step)
            steps.append(step)
            trial = R.apply_steps(trial, seat, (step,))[0]
    if not steps:
        raise NotationError(f"`{text}` is not a move.")
    return Action(tuple(steps))


def _read_step(state: State, seat: int, words: list[str]) -> list[tuple[str, ...]]:
    head, rest = words[0], words[1:]
    verb = VERBS.get(head)
    if verb is None and re.fullmatch(r"m[1-8]", head):
        return [(head.upper(),)] + ([] if not rest else _read_markers(state, rest))
    if verb is None:
        raise NotationError(f"`{' '.join(words)}` is not a move.")
    if verb == "build":
        return [_read_build(state, seat, rest)]
    if verb == "pay":
        return [_read_pay(state, seat, rest)]
    if verb == "jokers":
        if rest and not re.fullmatch(r"[0-9]+", rest[0]):  # "exchange tile" is no joker exchange
            raise NotationError(f"`{' '.join(words)}`: say how many jokers, e.g. `jokers 1`.")
        return [("jokers", str(int(rest[0]) if rest else 1))]
    if verb == "swap":
        return [("swap",), *_read_markers(state, rest)]
    if rest and not (verb == "take" and rest in (["2"], ["2", "cards"], ["cards"])):
        raise NotationError(f"`{' '.join(words)}`: `{head}` takes nothing after it.")
    return [(verb,)]


def _read_markers(state: State, words: list[str]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for word in words:
        if re.fullmatch(r"m?[1-8]", word):
            out.append((f"M{word[-1]}",))
        elif word in COLOUR_WORDS and len(COLOUR_WORDS[word]) == 1:
            out.append((f"M{state.markers.index(COLOUR_WORDS[word][0]) + 1}",))
        else:
            raise NotationError(f"`{word}` is not a marker: write M1 … M8 or a colour, e.g. `swap M1 M5`.")
    return out


def _read_build(state: State, seat: int, words: list[str]) -> tuple[str, ...]:
    piece = None
    castle: str | None = None
    site: str | None = None
    mods: set[str] = set()
    for word in words:
        if word in PIECE_WORDS and piece is None:
            piece = PIECE_WORDS[word]
        elif word in LARGE_WORDS:
            castle, site = "large", ""
        elif word in MOD_WORDS:
            mods.add(MOD_WORDS[word])
        elif word in SITE_WORDS and castle is not None and site is None:
            site = SITE_WORDS[word]
        elif m := re.fullmatch(r"(\d+)-?([nwex]?)", word):
            castle, site = m.group(1), (m.group(2).upper() or None)
        elif word in ("in", "at", "castle", "on", "site", "a", "the", "with"):
            continue
        else:
            raise NotationError(f"`{word}` in `build {' '.join(words)}` is not understood.")
    if piece is None:
        raise NotationError("Say which piece to build (wall, tower, house or well).")
    ordered = tuple(m for m in (D.IGNORE, D.PAY_TEN) if m in mods)
    if castle == "large":
        return ("build", piece, D.LARGE, *ordered)
    if piece == D.WELL:
        here = castle or str(R.indicator(state) or "")
        if not here:
            raise IllegalAction("No more wells can be built.")
        return ("build", piece, f"{int(here)}{site or ''}", *ordered)
    if castle is None:
        raise NotationError(f"Say where to build, e.g. `build {piece} 3W` or `build {piece} large`.")
    if site is None:
        return _guess_site(state, seat, piece, castle, ordered)
    return ("build", piece, f"{int(castle)}{site}", *ordered)


def _guess_site(state: State, seat: int, piece: str, castle: str, mods: tuple[str, ...]) -> tuple[str, ...]:
    """``build wall 3``: the castle's one open square site, if only one fits."""
    options = [("build", piece, f"{int(castle)}{s}", *mods) for s in ("N", "W", "E")]
    fits = [o for o in options if R.step_problem(state, seat, o) is None]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        return _first_open(state, options)
    raise AmbiguousAction(f"Castle {castle} has several free sites for a {piece}; say which.",
                          [Action((o,)) for o in fits])


def _first_open(state: State, options: list[tuple[str, ...]]) -> tuple[str, ...]:
    """Report the most telling problem: an open site's if there is one."""
    for option in options:
        parsed = R.parse_where(option[2])
        if parsed and state.sites[parsed[0] - 1][R.SITE_INDEX[parsed[1]]] is None:
            return option
    return options[0]


def _read_pay(state: State, seat: int, words: list[str]) -> tuple[str, ...]:
    if state.pending is None or state.pending.opening[0] == "swap":
        raise IllegalAction("`pay`: there is nothing to pay for right now.")
    if not words or words[0] in SUGGEST_WORDS:
        suggestion = [s for s in R.pending_steps(state, seat) if s[0] == "pay" and len(s) > 2]
        single = [s for s in R.pending_steps(state, seat) if s[0] == "pay"]
        if suggestion or single:
            return (suggestion or single)[0]
        raise IllegalAction("You cannot complete this payment; `cancel` it.")
    tokens: list[str] = []
    trial = state
    count = 1
    for word in words:
        if word.isdigit() or re.fullmatch(r"\d+x", word):
            count = int(word.rstrip("x"))
            continue
        for _ in range(count):
            if trial.pending is None:
                raise IllegalAction(f"`pay {' '.join(words)}` is more cards than the payment needs.")
            kind = _read_card(trial, seat, word)
            tokens.append(R.kind_token(kind))
            trial = R.pay_one(trial, seat, kind)[0]
        count = 1
    return ("pay", *tokens)


def _read_card(state: State, seat: int, word: str) -> int:
    """One card word -> a kind that may be paid now (bare colours take the cheapest that fits)."""
    if word in JOKER_WORDS:
        kind = P.JOKER_KIND
        if kind not in R.payable_kinds(state, seat):
            raise IllegalAction(f"A joker cannot be paid now: {R.why_card_refused(state, seat, kind)}.")
        return kind
    m = _CARD.match(word)
    if not m or m.group(1) not in COLOUR_WORDS:
        raise NotationError(f"`{word}` is not a card: write a colour and value like `red1`, `R1`, `B3`, or `J`.")
    colours, value = COLOUR_WORDS[m.group(1)], m.group(2)
    payable = R.payable_kinds(state, seat)
    kinds = [c * 3 + v - 1 for c in colours for v in ((int(value),) if value else (1, 2, 3))]
    fits = [k for k in kinds if k in payable]
    if not fits:
        return _refuse_card(state, seat, kinds, word)
    if len({k // 3 for k in fits}) > 1:
        raise AmbiguousAction(f"`{word}` could be light blue (L) or dark blue (B); say which.",
                              [Action((("pay", R.kind_token(k)),)) for k in fits])
    return fits[0]


def _refuse_card(state: State, seat: int, kinds: list[int], word: str) -> int:
    reasons = {R.why_card_refused(state, seat, k) for k in kinds}
    raise IllegalAction(f"`{word}` cannot be paid now: {'; '.join(sorted(reasons))}.")
