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
import unicodedata

from engines.castles_of_burgundy import data as D
from engines.castles_of_burgundy import decisions as R
from engines.castles_of_burgundy import options as O
from engines.castles_of_burgundy import words as W
from engines.castles_of_burgundy.state import Decision, Player, State
from engines.castles_of_burgundy.words import _, ngettext
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from engines.i18n import N_, current
from engines.steps import check_step

HELP = N_(
    "Moves: `die 5 place bank on 24` · `die 2 take ship 2` (tile from depot 2) · `die 4 sell 4` · "
    "`die 3 workers` · `buy bank black` · then the follow-ups: `goods 3` (a ship's goods), "
    "`discard mine` (storage full), `skip` (a building's effect), `cancel` (step back). "
    "Tiles: ship castle mine k1…k26 cow2…chicken4 warehouse carpenter church market boarding bank "
    "cityhall watchtower. Workers are spent automatically where a die needs them."
)

RULES = N_("""\
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
`buy bank black` · `goods 3` · `discard mine` · `skip` · `cancel` · `end`.""")

# --- Labels ---------------------------------------------------------------------------------------


def step_label(state: State, seat: int, step: tuple[str, ...], top: Decision | None = None) -> str:
    verb = step[0]
    player = state.players[seat]
    top = top or (state.pending[-1] if state.pending else None)
    if verb == "die":
        return _die_label(state, seat, step)
    if verb == "buy":
        return _("Buy a tile ({silver} silverlings)", silver=D.PURCHASE_SILVER)
    if verb == "end":
        return _("End turn")
    if verb == "cancel":
        return _("Cancel")
    if verb == "skip":
        if not state.pending:
            return _("Skip")
        source = state.pending[0].source
        if source in D.BUILDING_NAMES:
            return _("Skip the {building}", building=W.building_name(source))
        return _("Skip the effect")
    if verb == "castle" and (top is None or top.kind == "castle"):  # else: a castle tile taken or bought
        return _("Start castle on space {space} ({what})", space=step[1], what=space_words(player, int(step[1])))
    if verb == "depot":
        return _("Buy from depot {depot}: {tiles}", depot=step[1],
                 tiles=", ".join(D.TILE_TOKEN[t] for t in state.depots[int(step[1]) - 1]))
    if verb == "take":
        return _("Take a tile from a depot")
    if verb == "workers":
        return _("Take {n} workers", n=D.WORKERS_TAKEN_14 if player.has(14) else D.WORKERS_TAKEN)
    if verb == "place":
        return _("Place the {tile} from storage", tile=W.tile_name(step[1]))
    if verb == "sell" and len(step) == 2 and step[1].isdigit():
        g = int(step[1])
        cost = O.worker_cost(player, top.die, g) if top is not None else 0
        return ngettext("Sell goods {goods} ({n} tile)", "Sell goods {goods} ({n} tiles)", player.goods[g - 1],
                        goods=g) + W.workers_note(cost)
    if verb == "on" and top is not None and top.tile >= 0:
        space = int(step[1])
        cost = O.place_cost(player, top.die, top.tile, space)
        return _("Place it on space {space} ({what})", space=space, what=space_words(player, space)) \
            + W.workers_note(cost)
    if verb == "discard":
        return _("Discard the {tile} from storage", tile=W.tile_name(step[1]))
    if verb == "keep" and top is not None:
        return _keep_label(state, seat, step, top)
    if verb == "goods":
        depots = [int(w) for w in step[1:]]
        goods = sorted(g for d in depots for g in state.depot_goods[d - 1])
        return ngettext("Take the goods of depot {depots}: {goods}", "Take the goods of depots {depots}: {goods}",
                        len(depots), depots=W.joined([str(d) for d in depots]), goods=" ".join(map(str, goods)))
    if verb in D.TOKEN_KIND and len(step) == 2 and top is not None:
        depot = R.word_depot(step[1]) or 0
        tile = W.tile_name(verb)
        if top.kind == "buy":
            if depot == D.BLACK_DEPOT:
                return _("Buy the {tile} from the black depot", tile=tile)
            return _("Buy the {tile} from depot {depot}", tile=tile, depot=depot)
        cost = O.take_cost(player, top.die, depot) if top.source == "die" else 0
        if depot == D.BLACK_DEPOT:
            return _("Take the {tile} from the black depot", tile=tile) + W.workers_note(cost)
        return _("Take the {tile} from depot {depot}", tile=tile, depot=depot) + W.workers_note(cost)
    return " ".join(step)


def space_words(player: Player, space: int) -> str:
    """What an estate space is, beside its number (the key drawn on it): "die 3, blue region of 3 spaces"."""
    estate = D.ESTATES[player.estate_no]
    region = estate.regions[estate.region_of[space]]
    return _("die {die}, {region}", die=D.SPACE_DIE[space], region=W.region_words(estate.colours[space], len(region)))


def _die_label(state: State, seat: int, step: tuple[str, ...]) -> str:
    """``die 5 …``: what the die does, in one sentence."""
    player = state.players[seat]
    die, inner = step[1], step[2:]
    verb = inner[0] if inner else ""
    if verb == "take":
        return _("Use the {die} to take a tile from a depot", die=die)
    if verb == "workers":
        n = D.WORKERS_TAKEN_14 if player.has(14) else D.WORKERS_TAKEN
        return _("Use the {die} to take {n} workers", die=die, n=n)
    if verb == "place" and len(inner) == 2:
        return _("Use the {die} to place the {tile} from storage", die=die, tile=W.tile_name(inner[1]))
    if verb == "sell" and len(inner) == 2 and inner[1].isdigit():
        g = int(inner[1])
        cost = O.worker_cost(player, int(die), g)
        return ngettext("Use the {die} to sell goods {goods} ({n} tile)",
                        "Use the {die} to sell goods {goods} ({n} tiles)",
                        player.goods[g - 1], die=die, goods=g) + W.workers_note(cost)
    return " ".join(step)


def _keep_label(state: State, seat: int, step: tuple[str, ...], top: Decision) -> str:
    player = state.players[seat]
    incoming = R.incoming_goods(state, top)
    kept = [int(w) for w in step[1:]]
    left = sorted({g for g in incoming if g not in kept and not player.goods[g - 1]})
    stay = W.joined([str(g) for g in left])
    if not kept:
        if left:
            return _("Keep goods none new (leave {left} on the depot)", left=stay)
        return _("Keep goods none new")
    goods = W.joined(list(step[1:]))
    if left:
        return _("Keep goods {goods} (leave {left} on the depot)", goods=goods, left=stay)
    return _("Keep goods {goods}", goods=goods)


# --- Reading typed lines ------------------------------------------------------------------------

#: Each language's words for the grammar's English words: a typed line is read in the reader's language
#: (``engines.i18n.current()``) and in English alike; keys stay English.  ``""`` lists words that are
#: dropped (articles, prepositions).  Accents are optional (``wurfel`` reads as ``würfel``).
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "pt_BR": {
        "die": ("dado",),
        "take": ("pegar", "pegue", "pega", "pego", "pegando"),
        "place": ("colocar", "coloque", "coloca", "coloco", "pôr", "ponha", "põe"),
        "sell": ("vender", "venda", "vende", "vendo"),
        "workers": ("trabalhadores", "trabalhador"),
        "buy": ("comprar", "compre", "compra", "compro"),
        "end": ("fim", "encerrar", "terminar", "encerrar turno", "fim do turno"),
        "cancel": ("cancelar", "voltar"),
        "skip": ("pular", "pule", "passar"),
        "goods": ("mercadorias", "mercadoria"),
        "discard": ("descartar", "descarte", "descarta"),
        "keep": ("manter", "mantenha", "mantém", "ficar com"),
        "on": ("em", "no", "na"),
        "black": ("preto", "negro"),
        "ship": ("navio", "navios"),
        "castle": ("castelo", "castelos"),
        "mine": ("mina", "minas"),
        "knowledge": ("conhecimento", "conhecimentos"),
        "cow": ("vaca", "vacas"),
        "sheep": ("ovelha", "ovelhas"),
        "pig": ("porco", "porcos"),
        "chicken": ("galinha", "galinhas"),
        "warehouse": ("armazém", "armazéns"),
        "carpenter": ("carpintaria",),
        "church": ("igreja",),
        "market": ("mercado",),
        "boarding": ("pensão",),
        "bank": ("banco",),
        "cityhall": ("prefeitura",),
        "watchtower": ("torre de vigia", "torre"),
        "": ("o", "os", "as", "do", "da", "dos", "das", "de", "um", "uma", "e", "depósito", "espaço", "peça",
             "com", "para", "então", "reserva", "usar", "use"),
    },
    "de": {
        "die": ("würfel", "wuerfel"),
        "take": ("nimm", "nehmen", "nimmt", "nehme"),
        "place": ("lege", "legen", "setze", "setzen", "einsetzen"),
        "sell": ("verkaufe", "verkaufen", "verkauf"),
        "workers": ("arbeiter",),
        "buy": ("kaufe", "kaufen", "kauf"),
        "end": ("ende", "beenden", "zug beenden", "zugende"),
        "cancel": ("abbrechen", "zurück"),
        "skip": ("überspringen", "auslassen", "verzichten"),
        "goods": ("waren", "ware"),
        "discard": ("abwerfen", "wirf ab", "wirf"),
        "keep": ("behalte", "behalten"),
        "on": ("auf",),
        "black": ("schwarz", "schwarze", "schwarzes", "schwarzen"),
        "ship": ("schiff", "schiffe"),
        "castle": ("burg", "burgen"),
        "mine": ("bergwerk", "bergwerke", "minen"),
        "knowledge": ("wissen", "wissensplättchen"),
        "cow": ("kuh", "kühe"),
        "sheep": ("schaf", "schafe"),
        "pig": ("schwein", "schweine"),
        "chicken": ("huhn", "hühner"),
        "warehouse": ("lagerhaus", "lagerhäuser"),
        "carpenter": ("schreinerei",),
        "church": ("kirche",),
        "market": ("markt",),
        "boarding": ("pension",),
        "bank": ("bank",),
        "cityhall": ("rathaus",),
        "watchtower": ("wachturm",),
        "": ("der", "das", "den", "dem", "des", "ein", "eine", "einen", "aus", "vom", "von", "mit", "und", "dann",
             "feld", "plättchen", "lager", "nutze", "benutze"),
    },
}
#: Rewrites a language needs before its words are read (German "die" is an article unless a number follows).
LANGUAGE_REWRITES: dict[str, tuple[tuple[str, str], ...]] = {"de": ((r"\bdie\b(?! ?\d)", ""),)}


def _plain(text: str) -> str:
    """Without accents (``würfel`` -> ``wurfel``): players on phones often leave them out."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


_READERS: dict[str, tuple[list[tuple[re.Pattern[str], str]], re.Pattern[str], dict[str, str]]] = {}


def _reader(language: str) -> tuple[list[tuple[re.Pattern[str], str]], re.Pattern[str], dict[str, str]] | None:
    """The language's rewrites, one pattern matching any of its words, and what each word stands for."""
    if language not in WORDS:
        return None
    found = _READERS.get(language)
    if found is None:
        meaning = {_plain(alias.casefold()): english for english, aliases in WORDS[language].items()
                   for alias in aliases}
        alternatives = "|".join(re.escape(a) for a in sorted(meaning, key=len, reverse=True))
        rewrites = [(re.compile(pattern), repl) for pattern, repl in LANGUAGE_REWRITES.get(language, ())]
        found = _READERS[language] = (rewrites, re.compile(r"(?<!\w)(" + alternatives + r")(?=\d|[^\w]|$)"),
                                      meaning)
    return found


def localize(text: str, language: str) -> str:
    """A typed line in ``language`` with its words replaced by the grammar's English ones."""
    reader = _reader(language)
    if reader is None:
        return text
    rewrites, words, meaning = reader
    for pattern, replacement in rewrites:
        text = pattern.sub(replacement, text)
    text = words.sub(lambda m: meaning[m.group(1)], _plain(text))
    return " ".join(text.split())


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
    text = localize(" ".join(text.split()), current())
    for pattern, replacement in _REWRITES:
        text = pattern.sub(replacement, text)
    return [_PLURALS.get(w, w) for w in text.split() if w not in _FILLER]


def parse_line(state: State, seat: int, text: str) -> Action:
    tokens = tokenize(text)
    if not tokens:
        raise NotationError(_("`{text}` is not a move.", text=text))
    steps: list[tuple[str, ...]] = []
    trial = state
    i = 0
    while i < len(tokens):
        if trial.actor != seat:
            raise IllegalAction(_("`{text}`: your turn ended before `{rest}`.", text=text, rest=" ".join(tokens[i:])))
        step, i = _read_step(trial, seat, tokens, i, text)
        check_step(R, trial, seat, step)
        steps.append(step)
        trial = R.apply_steps(trial, seat, (step,))[0]
    return Action(tuple(steps))


#: What a missing number would have numbered.
MISSING: dict[str, str] = {
    "space": N_("`{text}`: a space number is missing."), "goods": N_("`{text}`: a goods number is missing."),
    "die": N_("`{text}`: a die number is missing."),
}


def _number(tokens: list[str], i: int, what: str, text: str) -> str:
    if i >= len(tokens) or not tokens[i].isdigit():
        raise NotationError(_(MISSING[what], text=text))
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
            raise NotationError(_("`{text}`: say which tile to discard.", text=text) if verb == "discard"
                                else _("`{text}`: say which tile to place.", text=text))
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
                raise NotationError(_("`{text}`: say which depot's goods, e.g. `goods 3`.", text=text))
            return ("goods", *nums), j
        if verb == "castle" and kind not in ("castle", None):
            return _read_tile(state, seat, tokens, i, text)
        return (verb, _number(tokens, j, "space" if verb in ("on", "castle") else "goods", text)), j + 1
    if kind == "buy" and word.isdigit() and ("depot", word) in R.legal_steps(state, seat):
        return ("depot", word), i + 1  # the key of "look at depot 3" (the word "depot" is read as filler)
    if kind in ("take", "buy") or (word == "take" and kind in ("take", "buy")):
        return _read_tile(state, seat, tokens, i + (word == "take"), text)
    if top is None and word in D.TOKEN_KIND:
        raise IllegalAction(_("`{text}`: start with a die, e.g. `die 2 take {tile} 2`, or `buy {tile}`.", text=text,
                               tile=word))
    raise NotationError(_("`{rest}` is not understood here.", rest=" ".join(tokens[i:])))


def _read_die(state: State, seat: int, tokens: list[str], i: int, text: str) -> tuple[tuple[str, ...], int]:
    """``die 5 take`` / ``die 5 place ship`` / ``die 3 sell 3`` / ``die 3 workers``."""
    value = _number(tokens, i + 1, "die", text)
    j = i + 2
    verb = tokens[j] if j < len(tokens) else ""
    if verb in ("take", "workers"):
        return ("die", value, verb), j + 1
    if verb in ("place", "put", "add"):
        if j + 1 >= len(tokens):
            raise NotationError(_("`{text}`: say which stored tile to place, e.g. `die {value} place bank on 24`.",
                                  text=text, value=value))
        return ("die", value, "place", _stored_token(state, seat, tokens[j + 1], text)), j + 2
    if verb == "sell":
        goods = tokens[j + 1] if j + 1 < len(tokens) and tokens[j + 1].isdigit() else value
        return ("die", value, "sell", str(int(goods))), j + 2 if j + 1 < len(tokens) and tokens[j + 1].isdigit() \
            else j + 1
    raise NotationError(_("`{text}`: say what the {value} does: `die {value} take`, `die {value} place ship`, "
                          "`die {value} sell {value}` or `die {value} workers`.", text=text, value=value))


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
        raise NotationError(_("`{word}` in `{text}` is not a stored tile; your storage: {storage}.", word=word,
                              text=text, storage=", ".join(D.TILE_TOKEN[t] for t in player.storage) or _("empty")))
    return token


def _read_tile(state: State, seat: int, tokens: list[str], i: int, text: str) -> tuple[tuple[str, ...], int]:
    """``ship 2`` / ``ship black`` / ``ship`` (the one depot offering it) in a take or buy list."""
    top = state.pending[-1] if state.pending else Decision("take", "die")
    offered = R.legal_steps(state, seat)
    options = [s for s in offered if len(s) == 2 and s[0] in D.TOKEN_KIND]
    if i >= len(tokens):
        raise NotationError(_("`{text}`: say which tile, e.g. `{example}`.", text=text,
                              example=" ".join(options[0]) if options else "ship 2"))
    token = _tile_word(tokens[i], [s[0] for s in options])
    if token is None:
        if options:
            raise NotationError(_("`{word}` in `{text}` is not a tile on offer. On offer: {offer}.", word=tokens[i],
                                  text=text, offer=", ".join(" ".join(s) for s in options[:8])))
        raise NotationError(_("`{word}` in `{text}` is not a tile on offer. ", word=tokens[i], text=text))
    if i + 1 < len(tokens) and R.word_depot(tokens[i + 1]) is not None:
        step = (token, str(R.word_depot(tokens[i + 1])) if tokens[i + 1] != "black" else "black")
        if step not in options and ("depot", step[1]) in offered:
            return ("depot", step[1]), i  # buying from a numbered depot: open it, then read the tile again
        return step, i + 2
    fits = [s for s in options if s[0] == token]
    if len(fits) == 1:
        return fits[0], i + 1
    if not fits:
        said = (_("`{text}`: no {tile} is for sale now.", text=text, tile=W.tile_name(token)) if top.kind == "buy"
                else _("`{text}`: no {tile} is within reach now.", text=text, tile=W.tile_name(token)))
        raise IllegalAction(said, [" ".join(s) for s in options][:5])
    raise AmbiguousAction(_("`{text}`: several depots offer a {tile}; say which.", text=text, tile=W.tile_name(token)),
                          [Action((s,)) for s in fits])
