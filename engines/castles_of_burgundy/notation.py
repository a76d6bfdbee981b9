"""Notation: friendly labels for steps, and a reader for typed lines.

Keys (what the log stores) are the steps' words (see ``decisions``).  A whole die
action reads as one line and its key is the same text:

Each die action is one choice in the turn's list (``die 5 take``, ``die 5 place ship``,
``die 4 sell 4``, ``die 3 workers``), followed by the tile or space it needs:

- ``die 5 place bank on 24`` — the 5 places a stored bank on space 24 (a 5, beige)
- ``die 2 take ship 2`` — the 2 takes the ship from depot 2 (``take ship from depot 2`` also reads)
- ``die 2 take ship 3 discard mine`` — storage full: discard a mine first (a worker turns the 2 into 3)
- ``die 4 sell 4`` · ``die 3 workers`` · ``buy bank black`` · ``die 1 place ship on 22 goods 3``
- ``die 6 place castle on 7 take k12 5`` — the castle's extra action takes knowledge 12 from depot 5

Tiles: ``ship``, ``castle``, ``mine``, ``k1`` … ``k26`` (knowledge), ``cow2`` … ``chicken4``
(animal and count; ``3 pigs`` also reads), ``warehouse``, ``carpenter``, ``church``, ``market``,
``boarding``, ``bank``, ``cityhall``, ``watchtower``.  A tile's depot may be left out when only one
depot offers it; ``on`` may be left out before a space number.
"""

from __future__ import annotations

import re

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy.state import Decision, State
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from engines.steps import check_step

HELP = (
    "Moves: `die 5 place bank on 24` · `die 2 take ship 2` (tile from depot 2) · `die 4 sell 4` · "
    "`die 3 workers` · `buy bank black` · then the follow-ups: `goods 3` (a ship's goods), "
    "`discard mine` (storage full), `skip` (a building's effect), `cancel` (step back). "
    "Tiles: ship castle mine k1…k26 cow2…chicken4 warehouse carpenter church market boarding bank "
    "cityhall watchtower. Workers are spent automatically where a die needs them."
)

RULES = """\
**The Castles of Burgundy** (2–4 players, 5 phases A–E × 5 rounds): most VP wins.
**Each round** every player rolls 2 dice (all shown at once); the white die puts the round's goods \
tile on that depot. In turn order each player uses both dice, one action each:
• **take** a tile from the depot with the die's number into storage (3 spaces; full → discard one) \
• **place** a stored tile on an empty estate space of its colour with the die's number, touching a \
covered space • **sell** all goods of the die's type: 1 silverling + 2/3/4 VP per tile (2/3/4 players) \
• **workers**: take 2 worker tiles (any die).
**Workers** change a die by ±1 each (6↔1 wrap). **Once per turn** buy a black-depot tile for 2 silverlings.
**Tiles:** ship → take a depot's goods (3 types max) and move ahead on the turn order; castle → one \
extra action with any number; mine → 1 silverling each phase end; animals → VP for all animals of \
that kind in the pasture; buildings (one of each type per city): warehouse sells, carpenter's \
workshop/church/market take a tile, boarding house 4 workers, bank 2 silverlings, city hall places \
another tile, watchtower 4 VP; knowledge tiles bend the rules or score at the end.
**Scoring:** a completed region scores 1/3/6/10/15/21/28/36 by size + 10/8/6/4/2 in phase A–E; \
first/second to fill a colour gets 5/2 (2p), 6/3 (3p), 7/4 (4p). **End:** +1 per goods tile, \
+1 per silverling, +1 per 2 workers, knowledge 15–26. Ties: most empty spaces, then later in turn order.
**Notation:** `die 5 place bank on 24` · `die 2 take ship 2` · `die 4 sell 4` · `die 3 workers` · \
`buy bank black` · `goods 3` · `discard mine` · `skip` · `cancel` · `end`."""

# --- Labels ---------------------------------------------------------------------------------------


def _workers(n: int) -> str:
    return "" if not n else f" ({n} worker{'s' if n > 1 else ''})"


def _depot(depot: int) -> str:
    return "the black depot" if depot == D.BLACK_DEPOT else f"depot {depot}"


def step_label(state: State, seat: int, step: tuple[str, ...], top: Decision | None = None) -> str:
    verb = step[0]
    player = state.players[seat]
    top = top or (state.pending[-1] if state.pending else None)
    if verb == "die":
        inner = step_label(state, seat, step[2:], Decision("action", "die", die=int(step[1])))
        return f"Use the {step[1]} to {inner[0].lower()}{inner[1:]}"
    if verb == "buy":
        return f"Buy a tile ({D.PURCHASE_SILVER} silverlings)"
    if verb == "end":
        return "End turn"
    if verb == "cancel":
        return "Cancel"
    if verb == "skip":
        return f"Skip the {D.BUILDING_NAMES.get(state.pending[0].source, 'effect')}" if state.pending else "Skip"
    if verb == "castle" and (top is None or top.kind == "castle"):  # else: a castle tile taken or bought
        return f"Start castle on space {step[1]}"
    if verb == "depot":
        return f"Buy from depot {step[1]}: " + ", ".join(D.TILE_TOKEN[t] for t in state.depots[int(step[1]) - 1])
    if verb == "take":
        return "Take a tile from a depot"
    if verb == "workers":
        n = D.WORKERS_TAKEN_14 if player.has(14) else D.WORKERS_TAKEN
        return f"Take {n} workers"
    if verb == "place":
        return f"Place the {D.tile_name(step[1])} from storage"
    if verb == "sell" and len(step) == 2 and step[1].isdigit():
        g = int(step[1])
        cost = O.worker_cost(player, top.die, g) if top is not None else 0
        n = player.goods[g - 1]
        return f"Sell goods {g} ({n} tile{'s' if n != 1 else ''}){_workers(cost)}"
    if verb == "on" and top is not None and top.tile >= 0:
        space = int(step[1])
        cost = O.place_cost(player, top.die, top.tile, space)
        return f"Place it on space {space} (die {D.SPACE_DIE[space]}){_workers(cost)}"
    if verb == "discard":
        return f"Discard the {D.tile_name(step[1])} from storage"
    if verb == "keep" and top is not None:
        incoming = R.incoming_goods(state, top)
        kept = [int(w) for w in step[1:]]
        left = sorted({g for g in incoming if g not in kept and not player.goods[g - 1]})
        return (f"Keep goods {' and '.join(step[1:]) or 'none new'}"
                + (f" (leave {' and '.join(map(str, left))} on the depot)" if left else ""))
    if verb == "goods":
        depots = [int(w) for w in step[1:]]
        goods = sorted(g for d in depots for g in state.depot_goods[d - 1])
        where = " and ".join(str(d) for d in depots)
        return f"Take the goods of depot{'s' if len(depots) > 1 else ''} {where}: {' '.join(map(str, goods))}"
    if verb in D.TOKEN_KIND and len(step) == 2 and top is not None:
        depot = R.word_depot(step[1]) or 0
        if top.kind == "buy":
            return f"Buy the {D.tile_name(verb)} from {_depot(depot)}"
        cost = O.take_cost(player, top.die, depot) if top.source == "die" else 0
        return f"Take the {D.tile_name(verb)} from {_depot(depot)}{_workers(cost)}"
    return " ".join(step)


# --- Reading typed lines ------------------------------------------------------------------------

_ANIMAL = "|".join(D.ANIMAL_KINDS)
_REWRITES = [
    (re.compile(r"\bcity hall\b"), "cityhall"), (re.compile(r"\bboarding house\b"), "boarding"),
    (re.compile(r"\bcarpenter'?s?( workshop)?\b"), "carpenter"), (re.compile(r"\bwatch tower\b"), "watchtower"),
    (re.compile(r"\b(?:knowledge|k|yellow) ?#?(\d+)\b"), r"k\1"), (re.compile(r"\bblack depot\b"), "black"),
    (re.compile(r"\b([234])[ -]?(" + _ANIMAL + r")s?\b"), r"\2\1"),
    (re.compile(r"\b(" + _ANIMAL + r")s? ?-?x?([234])(?= |$)(?! (?:[1-6]|black)\b)"), r"\1\2"),
    (re.compile(r"(?<!die )\b(?:take )?[24] workers\b"), "workers"), (re.compile(r"\bsell goods\b"), "sell"),
]
_FILLER = {"from", "the", "a", "an", "depot", "space", "tile", "with", "to", "and", "then", "of", "it", "my"}
_PLURALS = {"ships": "ship", "castles": "castle", "mines": "mine", "banks": "bank", "markets": "market",
            "churches": "church", "warehouses": "warehouse", "watchtowers": "watchtower", "worker": "workers"}
_SINGLE = {"take", "workers", "cancel", "skip", "buy", "end"}


def tokenize(text: str) -> list[str]:
    text = text.casefold().replace(",", " ").replace("+", " ").replace(";", " ")
    text = " ".join(text.split())
    for pattern, replacement in _REWRITES:
        text = pattern.sub(replacement, text)
    return [_PLURALS.get(w, w) for w in text.split() if w not in _FILLER]


def parse_line(state: State, seat: int, text: str) -> Action:
    tokens = tokenize(text)
    if not tokens:
        raise NotationError(f"`{text}` is not a move.")
    steps: list[tuple[str, ...]] = []
    trial = state
    i = 0
    while i < len(tokens):
        if trial.actor != seat:
            raise IllegalAction(f"`{text}`: your turn ended before `{' '.join(tokens[i:])}`.")
        step, i = _read_step(trial, seat, tokens, i, text)
        check_step(R, trial, seat, step)
        steps.append(step)
        trial = R.apply_steps(trial, seat, (step,))[0]
    return Action(tuple(steps))


def _number(tokens: list[str], i: int, what: str, text: str) -> str:
    if i >= len(tokens) or not tokens[i].isdigit():
        raise NotationError(f"`{text}`: a {what} number is missing.")
    return str(int(tokens[i]))


def _read_step(state: State, seat: int, tokens: list[str], i: int, text: str) -> tuple[tuple[str, ...], int]:
    """One step from ``tokens[i:]``, read in the light of the open decision."""
    word = tokens[i]
    top = state.pending[-1] if state.pending else None
    kind = top.kind if top is not None else None
    if word in _SINGLE and not (word == "take" and kind in ("take", "buy")):
        return (word,), i + 1
    if word == "die":
        return _read_die(state, seat, tokens, i, text)
    if word == "keep" or (word.isdigit() and kind == "keep"):
        j = i + (word == "keep")
        kept: list[int] = []
        while j < len(tokens) and tokens[j].isdigit():
            kept.append(int(tokens[j]))
            j += 1
        return ("keep", *map(str, sorted(kept))), j
    if word in ("place", "discard", "put", "add"):
        verb = "discard" if word == "discard" else "place"
        if i + 1 >= len(tokens):
            raise NotationError(f"`{text}`: say which tile to {verb}.")
        return (verb, _stored_token(state, seat, tokens[i + 1], text)), i + 2
    if word in ("sell", "goods", "castle", "on") or (word.isdigit() and kind in ("space", "castle", "goods",
                                                                                    "warehouse")):
        verb = {"space": "on", "castle": "castle", "goods": "goods", "warehouse": "sell"}.get(kind or "", word) \
            if word.isdigit() else word
        j = i if word.isdigit() else i + 1
        if verb == "goods":
            nums: list[str] = []
            while j < len(tokens) and tokens[j].isdigit() and len(nums) < 2:
                nums.append(str(int(tokens[j])))
                j += 1
            if not nums:
                raise NotationError(f"`{text}`: say which depot's goods, e.g. `goods 3`.")
            return ("goods", *nums), j
        if verb == "castle" and kind not in ("castle", None):
            return _read_tile(state, seat, tokens, i, text)
        return (verb, _number(tokens, j, "space" if verb in ("on", "castle") else "goods", text)), j + 1
    if kind == "buy" and word.isdigit() and ("depot", word) in R.legal_steps(state, seat):
        return ("depot", word), i + 1  # the key of "look at depot 3" (the word "depot" is read as filler)
    if kind in ("take", "buy") or (word == "take" and kind in ("take", "buy")):
        return _read_tile(state, seat, tokens, i + (word == "take"), text)
    if top is None and word in D.TOKEN_KIND:
        raise IllegalAction(f"`{text}`: start with a die, e.g. `die 2 take {word} 2`, or `buy {word}`.")
    raise NotationError(f"`{' '.join(tokens[i:])}` is not understood here.")


def _read_die(state: State, seat: int, tokens: list[str], i: int, text: str) -> tuple[tuple[str, ...], int]:
    """``die 5 take`` / ``die 5 place ship`` / ``die 3 sell 3`` / ``die 3 workers``."""
    value = _number(tokens, i + 1, "die", text)
    j = i + 2
    verb = tokens[j] if j < len(tokens) else ""
    if verb in ("take", "workers"):
        return ("die", value, verb), j + 1
    if verb in ("place", "put", "add"):
        if j + 1 >= len(tokens):
            raise NotationError(f"`{text}`: say which stored tile to place, e.g. `die {value} place bank on 24`.")
        return ("die", value, "place", _stored_token(state, seat, tokens[j + 1], text)), j + 2
    if verb == "sell":
        goods = tokens[j + 1] if j + 1 < len(tokens) and tokens[j + 1].isdigit() else value
        return ("die", value, "sell", str(int(goods))), j + 2 if j + 1 < len(tokens) and tokens[j + 1].isdigit() \
            else j + 1
    raise NotationError(f"`{text}`: say what the {value} does: `die {value} take`, `die {value} place ship`, "
                        f"`die {value} sell {value}` or `die {value} workers`.")


def _tile_word(word: str, offered: list[str]) -> str | None:
    """A typed tile word -> a token among ``offered`` (a bare animal or 'knowledge' if only one fits)."""
    if word in D.TOKEN_KIND:
        return word
    word = word.rstrip("s") if word.rstrip("s") in D.ANIMAL_KINDS else word
    fits = [t for t in offered if (t[:-1] == word) or (word in ("knowledge", "k") and D.TOKEN_KIND[t] == D.KNOWLEDGE)]
    return fits[0] if len(set(fits)) == 1 else None


def _stored_token(state: State, seat: int, word: str, text: str) -> str:
    player = state.players[seat]
    if word.isdigit() and 1 <= int(word) <= len(player.storage):  # a storage slot number
        return D.TILE_TOKEN[player.storage[int(word) - 1]]
    token = _tile_word(word, [D.TILE_TOKEN[t] for t in player.storage])
    if token is None:
        raise NotationError(f"`{word}` in `{text}` is not a stored tile; your storage: "
                            + (", ".join(D.TILE_TOKEN[t] for t in player.storage) or "empty") + ".")
    return token


def _read_tile(state: State, seat: int, tokens: list[str], i: int, text: str) -> tuple[tuple[str, ...], int]:
    """``ship 2`` / ``ship black`` / ``ship`` (the one depot offering it) in a take or buy list."""
    top = state.pending[-1] if state.pending else Decision("take", "die")
    offered = R.legal_steps(state, seat)
    options = [s for s in offered if len(s) == 2 and s[0] in D.TOKEN_KIND]
    if i >= len(tokens):
        raise NotationError(f"`{text}`: say which tile, e.g. `{' '.join(options[0]) if options else 'ship 2'}`.")
    token = _tile_word(tokens[i], [s[0] for s in options])
    if token is None:
        raise NotationError(f"`{tokens[i]}` in `{text}` is not a tile on offer. " +
                            ("On offer: " + ", ".join(" ".join(s) for s in options[:8]) + "." if options else ""))
    if i + 1 < len(tokens) and R.word_depot(tokens[i + 1]) is not None:
        step = (token, str(R.word_depot(tokens[i + 1])) if tokens[i + 1] != "black" else "black")
        if step not in options and ("depot", step[1]) in offered:
            return ("depot", step[1]), i  # buying from a numbered depot: open it, then read the tile again
        return step, i + 2
    fits = [s for s in options if s[0] == token]
    if len(fits) == 1:
        return fits[0], i + 1
    if not fits:
        where = "for sale" if top.kind == "buy" else "within reach"
        raise IllegalAction(f"`{text}`: no {D.tile_name(token)} is {where} now.",
                            [" ".join(s) for s in options][:5])
    raise AmbiguousAction(f"`{text}`: several depots offer a {D.tile_name(token)}; say which.",
                          [Action((s,)) for s in fits])
