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

Other languages: the reader's language adds its own words to the English ones (``WORDS``: one table
per language, data only), e.g. pt-BR ``colocar RH2 vermelho-M moeda projeto comprar 3``, de ``lege RH2
rot-M Münze Projekt kaufe 3``.  Codes (``RH2``) and district sizes (``S M L``) are the same in every
language: they are printed on the tokens and the board.  Keys stay English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engines.buerger_baumeister import data as D
from engines.buerger_baumeister import rules as R
from engines.buerger_baumeister import texts as X
from engines.buerger_baumeister.state import (
    EMPTY,
    TOKEN_CODE,
    TOKEN_COLOUR,
    TOKEN_TYPE,
    TOKEN_VALUE,
    State,
)
from engines.buerger_baumeister.texts import _, ngettext, pgettext
from engines.core import Action, AmbiguousAction, IllegalAction, NotationError
from engines.i18n import ENGLISH, N_, current
from engines.steps import check_step

Step = tuple[str, ...]

HELP = N_(
    "A turn: `place RH2` (your token: colour R/Y/G/B/P + H house, V villa, P park + value) → "
    "`red-M coin` (district and space: coin, +2 or plain) → `project` or `no-project` (when possible) → "
    "`buy 3` (offer space; the Mayor's is free). In one line: `place RH2 red-M coin project buy 3`, "
    "`RH2 M +2 buy free`. `cancel` starts the turn again."
)

RULES = N_("""\
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
`buy 3` / `buy free` · `cancel`. One line: `place RH2 red-M coin project buy 3`.""")

# --- Words per language -----------------------------------------------------------------------
#
# Each language's words for each role.  English always reads; the reader's language adds its own
# (``lexicon``).  ``unset``: English words that mean something else in that language and read there as
# filler (Portuguese "no" is "in the").  Words are compared case-folded ("Groß" reads as "gross").

Role = str
WORDS: dict[str, dict[Role, Mapping[str, object]]] = {
    ENGLISH: {
        "place": dict.fromkeys(("place", "play", "put", "build", "set")),
        "discard": dict.fromkeys(("discard", "drop", "remove")),
        "buy": dict.fromkeys(("buy", "take", "purchase", "get")),
        "yes": dict.fromkeys(("project", "yes", "crane", "y", "large-project")),
        "sure_yes": dict.fromkeys(("project", "yes", "crane")),  # "y" alone is also yellow: yes only when asked
        "project": dict.fromkeys(("project",)),  # read as the project step at any stage
        "no": dict.fromkeys(("no-project", "no", "skip", "pass", "none", "n", "noproject", "decline")),
        "cancel": dict.fromkeys(("cancel", "back", "restart")),
        "filler": dict.fromkeys(("on", "in", "at", "to", "the", "a", "an", "space", "spaces", "district", "into",
                                 "then", "and", "from", "with", "for", "of")),
        "free": dict.fromkeys(("free", "mayor", "mayor's")),
        "colour": {**{name: i for i, name in enumerate(D.COLOURS)},
                   **{letter.casefold(): i for i, letter in enumerate(D.COLOUR_LETTERS)}, "violet": 4, "lilac": 4},
        "type": {"house": D.HOUSE, "houses": D.HOUSE, "villa": D.VILLA, "villas": D.VILLA, "village": D.VILLA,
                 "park": D.PARK, "parks": D.PARK, "h": D.HOUSE, "v": D.VILLA},
        "size": {"s": "S", "small": "S", "m": "M", "medium": "M", "mid": "M", "l": "L", "large": "L", "big": "L"},
        "bonus": {"coin": D.COIN, "coins": D.COIN, "$": D.COIN, "+2": D.PLUS2, "plus2": D.PLUS2,
                  "plain": D.PLAIN, "empty": D.PLAIN, "blank": D.PLAIN, "normal": D.PLAIN},
        "multiword": {r"\bno[ -]large[ -]project\b": "no-project", r"\bno[ -]project\b": "no-project",
                      r"\blarge[ -]project\b": "project", r"\+\s*2\b": " +2 ", r"\bplus[ -]2\b": "+2"},
    },
    "pt_BR": {
        "place": dict.fromkeys(("colocar", "coloca", "coloque", "construir", "construa", "constrói", "constroi",
                                "jogar", "jogue", "joga", "pôr", "ponha", "põe", "poe")),
        "discard": dict.fromkeys(("descartar", "descarta", "descarte")),
        "buy": dict.fromkeys(("comprar", "compra", "compre", "pegar", "pega", "pegue")),
        "yes": dict.fromkeys(("projeto", "sim", "guindaste", "grande-projeto")),
        "sure_yes": dict.fromkeys(("projeto", "sim", "guindaste")),
        "project": dict.fromkeys(("projeto",)),
        "no": dict.fromkeys(("sem-projeto", "não", "nao", "pular", "pula", "passar", "passo", "nenhum",
                             "recusar", "semprojeto")),
        "cancel": dict.fromkeys(("cancelar", "cancela", "voltar", "desfazer", "recomeçar", "recomecar")),
        "filler": dict.fromkeys(("no", "na", "nos", "nas", "em", "o", "os", "as", "um", "uma", "de", "do", "da",
                                 "dos", "das", "ao", "à", "e", "para", "pro", "pra", "com", "espaço", "espaços",
                                 "espaco", "espacos", "bairro", "depois", "então", "entao", "peça", "peca")),
        "free": dict.fromkeys(("grátis", "gratis", "prefeito", "graça", "graca")),
        "colour": {"vermelho": 0, "vermelha": 0, "amarelo": 1, "amarela": 1, "verde": 2, "azul": 3,
                   "roxo": 4, "roxa": 4, "lilás": 4, "lilas": 4, "violeta": 4},
        "type": {"casa": D.HOUSE, "casas": D.HOUSE, "mansão": D.VILLA, "mansao": D.VILLA, "mansões": D.VILLA,
                 "mansoes": D.VILLA, "vila": D.VILLA, "parque": D.PARK, "parques": D.PARK},
        "size": {"pequeno": "S", "pequena": "S", "médio": "M", "medio": "M", "média": "M", "media": "M",
                 "grande": "L"},
        "bonus": {"moeda": D.COIN, "moedas": D.COIN, "comum": D.PLAIN, "simples": D.PLAIN, "vazio": D.PLAIN},
        "multiword": {r"\bsem[ -](?:o[ -])?(?:grande[ -])?projeto(?:[ -]grande)?\b": "sem-projeto",
                      r"\bgrande[ -]projeto\b": "projeto", r"\bprojeto[ -]grande\b": "projeto",
                      r"\bde[ -]gra[cç]a\b": "grátis"},
        "unset": dict.fromkeys(("no",)),
    },
    "de": {
        "place": dict.fromkeys(("lege", "legen", "leg", "setze", "setzen", "setz", "baue", "bauen", "bau",
                                "platziere", "spiele")),
        "discard": dict.fromkeys(("wirf", "werfen", "abwerfen", "ablegen", "verwerfen")),
        "buy": dict.fromkeys(("kaufe", "kaufen", "kauf", "nimm", "nehmen")),
        "yes": dict.fromkeys(("projekt", "großprojekt", "ja", "kran")),
        "sure_yes": dict.fromkeys(("projekt", "großprojekt", "ja", "kran")),
        "project": dict.fromkeys(("projekt", "großprojekt")),
        "no": dict.fromkeys(("kein-projekt", "keinprojekt", "kein", "nein", "passe", "passen", "überspringen")),
        "cancel": dict.fromkeys(("abbrechen", "zurück", "zurueck", "neu")),
        "filler": dict.fromkeys(("im", "auf", "aufs", "am", "ins", "zu", "zum", "der", "die", "das", "dem", "den",
                                 "des", "ein", "eine", "einen", "einem", "feld", "felder", "viertel", "stadtviertel",
                                 "dann", "und", "von", "vom", "mit", "für", "aus", "danach", "beim", "bei", "ab",
                                 "plättchen")),
        "free": dict.fromkeys(("gratis", "umsonst", "kostenlos", "bürgermeister", "buergermeister", "frei")),
        "colour": {**dict.fromkeys(("rot", "rote", "roten", "roter", "rotes", "rotem"), 0),
                   **dict.fromkeys(("gelb", "gelbe", "gelben", "gelber", "gelbes", "gelbem"), 1),
                   **dict.fromkeys(("grün", "grüne", "grünen", "grüner", "grünes", "grünem", "gruen", "gruene",
                                    "gruenen", "gruener", "gruenes"), 2),
                   **dict.fromkeys(("blau", "blaue", "blauen", "blauer", "blaues", "blauem"), 3),
                   **dict.fromkeys(("lila", "violett", "violette", "violetten", "violetter", "violettes"), 4)},
        "type": {"haus": D.HOUSE, "häuser": D.HOUSE, "wohnhaus": D.HOUSE, "villa": D.VILLA, "villen": D.VILLA,
                 "park": D.PARK, "parks": D.PARK},
        "size": {"klein": "S", "kleine": "S", "kleines": "S", "mittel": "M", "mittlere": "M", "mittleres": "M",
                 "groß": "L", "große": "L", "großes": "L"},
        "bonus": {"münze": D.COIN, "münzen": D.COIN, "muenze": D.COIN, "münzfeld": D.COIN, "muenzfeld": D.COIN,
                  "normal": D.PLAIN, "normales": D.PLAIN, "normalfeld": D.PLAIN, "leer": D.PLAIN,
                  "leeres": D.PLAIN},
        "multiword": {r"\bkein(?:en)?[ -](?:gross(?:es)?[ -])?(?:gross)?projekt\b": "kein-projekt",
                      r"\bgross(?:es)?[ -]projekt\b": "projekt"},
    },
}


@dataclass(frozen=True, slots=True)
class Lexicon:
    """What each word means in one language: its own words over the English ones."""

    place: frozenset[str]
    discard: frozenset[str]
    buy: frozenset[str]
    yes: frozenset[str]
    sure_yes: frozenset[str]
    project: frozenset[str]
    no: frozenset[str]
    cancel: frozenset[str]
    filler: frozenset[str]
    free: frozenset[str]
    colour: Mapping[str, int]
    type: Mapping[str, str]
    size: Mapping[str, str]
    bonus: Mapping[str, str]
    multiword: tuple[tuple[re.Pattern[str], str], ...]


_SETS = ("place", "discard", "buy", "yes", "sure_yes", "project", "no", "cancel", "free")
_MAPS = ("colour", "type", "size", "bonus")
_LEXICONS: dict[str, Lexicon] = {}


def lexicon(language: str | None = None) -> Lexicon:
    """The words read in ``language`` (default: the current one), English included."""
    language = language or current()
    found = _LEXICONS.get(language)
    if found is None:
        found = _LEXICONS[language] = _build(language)
    return found


def _build(language: str) -> Lexicon:
    english, own = WORDS[ENGLISH], WORDS.get(language, {})
    unset = {w.casefold() for w in own.get("unset", {})}

    def words(role: str) -> dict[str, object]:
        merged = {w.casefold(): v for w, v in english[role].items() if w.casefold() not in unset}
        merged.update({w.casefold(): v for w, v in own.get(role, {}).items()})
        return merged

    roles = {role: words(role) for role in (*_SETS, *_MAPS)}
    meaningful = {w for table in roles.values() for w in table}
    filler = {w.casefold() for w in english["filler"]} - meaningful
    filler |= {w.casefold() for w in own.get("filler", {})} | unset
    patterns = [*own.get("multiword", {}).items(), *english["multiword"].items()]
    return Lexicon(
        **{role: frozenset(roles[role]) for role in _SETS},  # type: ignore[arg-type]
        **{role: dict(roles[role]) for role in _MAPS},  # type: ignore[arg-type]
        filler=frozenset(filler),
        multiword=tuple((re.compile(str(p)), str(r)) for p, r in patterns),
    )


CODE = re.compile(r"^[rygbp][hvp][23]$", re.IGNORECASE)


# --- Labels ---------------------------------------------------------------------------------


def step_label(state: State, seat: int, step: Step) -> str:
    verb = step[0]
    if verb == "place":
        return _("Place {token}", token=X.object_token(step[1]))
    if verb == "discard":
        return _("Discard {token} (no token fits)", token=X.object_token(step[1]))
    if verb == "cancel":
        return _("Cancel (choose again)")
    pending = state.pending
    if verb in R.DISTRICT_INDEX and pending is not None:
        district = R.DISTRICT_INDEX[verb]
        space = R.first_free(state, district, step[1])
        where = {"district": X.district_name(verb), "space": X.space_name(step[1])}
        if space == EMPTY:
            return _("{district} {space}", **where)
        n = R.placement_points(state, pending.token, district, space)
        gain = R.coin_gain(state.players[seat].coins, district, space)
        if gain > 0:
            return ngettext("{district} {space}: {n} point, +1 coin", "{district} {space}: {n} points, +1 coin", n,
                            **where)
        if gain < 0:
            return ngettext("{district} {space}: {n} point, coin lost (you hold 3)",
                            "{district} {space}: {n} points, coin lost (you hold 3)", n, **where)
        return ngettext("{district} {space}: {n} point", "{district} {space}: {n} points", n, **where)
    if verb == "project" and pending is not None and pending.district != EMPTY:
        cost, bonus = R.project_of(pending.district)
        placed = R.placement_points(state, pending.token, pending.district, pending.space)
        gain = R.project_points(bonus, placed)
        name = X.district_name(pending.district)
        if bonus == D.PLUS4:
            return ngettext("Large project in {district} ({n} coin, a crane): +4 points",
                            "Large project in {district} ({n} coins, a crane): +4 points", cost, district=name)
        return ngettext("Large project in {district} ({n} coin, a crane): ×2 = +{gain} points",
                        "Large project in {district} ({n} coins, a crane): ×2 = +{gain} points", cost,
                        district=name, gain=gain)
    if verb == "no-project":
        return _("No large project")
    if verb == "buy" and step[1:] and step[1] in R.BUY_WORDS:
        space = R.BUY_WORDS.index(step[1])
        token = state.offer[space]
        name = X.token_id(token, "object") if token != EMPTY else _("nothing")
        cost = R.price(state, space)
        if space == state.mayor:
            return _("Take {token} from space {space} at the Mayor (free)", token=name, space=step[1])
        return ngettext("Buy {token} from space {space} ({n} coin)", "Buy {token} from space {space} ({n} coins)",
                        cost, token=name, space=step[1])
    return " ".join(step)


# --- Reading typed lines ------------------------------------------------------------------------


def tokenize(text: str, words: Lexicon | None = None) -> list[str]:
    lex = words or lexicon()
    text = text.casefold().replace(",", " ").replace(";", " ").replace("→", " ").replace(":", " ")
    for pattern, replacement in lex.multiword:
        text = pattern.sub(replacement, text)
    out: list[str] = []
    for word in text.split():
        # "red-m" / "red-medium" -> "red" "m"; codes and "no-project" stay whole.
        if "-" in word and word not in lex.no and word not in lex.yes:
            out += [w for w in word.split("-") if w]
        else:
            out.append(word)
    return out


def _or(items: list[str]) -> str:
    return pgettext("between alternatives", " or ").join(items)


class Reader:
    """Reads one typed line into steps, checking each against a trial state as it goes."""

    def __init__(self, state: State, seat: int, text: str) -> None:
        self.trial = state
        self.seat = seat
        self.text = text
        self.lex = lexicon()
        self.words = tokenize(text, self.lex)
        self.i = 0
        self.steps: list[Step] = []

    def peek(self) -> str | None:
        while self.i < len(self.words) and self.words[self.i] in self.lex.filler:
            self.i += 1
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self) -> str:
        word = self.words[self.i]
        self.i += 1
        return word

    def read(self) -> Action:
        while (word := self.peek()) is not None:
            if self.trial.over:
                raise IllegalAction(_("`{text}`: the game ended before `{rest}`.", text=self.text,
                                      rest=" ".join(self.words[self.i:])))
            for step in self.next_steps(word):
                self.add(step)
        if not self.steps:
            raise NotationError(_("`{text}` is not a move.", text=self.text))
        return Action(tuple(self.steps))

    def add(self, step: Step) -> None:
        check_step(R, self.trial, self.seat, step, self.text)
        self.steps.append(step)
        self.trial = R.apply_steps(self.trial, self.seat, (step,))[0]

    def next_steps(self, word: str) -> list[Step]:
        lex = self.lex
        now = R.stage(self.trial, self.seat)
        if word in lex.cancel:
            self.take()
            return [("cancel",)]
        if word in lex.place or word in lex.discard:
            self.take()
            verb = "place" if word in lex.place else "discard"
            return [(verb, self.read_hand_token())]
        if word in lex.buy:
            self.take()
            implied: list[Step] = [("no-project",)] if now == R.PROJECT else []
            return [*implied, ("buy", self.read_offer_space())]
        placed = self.trial.pending is not None and self.trial.pending.district != EMPTY
        if word in lex.yes and (now == R.PROJECT or (placed and word in lex.sure_yes) or word in lex.project):
            self.take()
            return [("project",)]
        if word in lex.no and now == R.PROJECT:
            self.take()
            return [("no-project",)]
        if word in lex.no and placed and now == R.BUY:
            self.take()  # "no project" when none was possible: nothing to decline
            return []
        if now == R.TOKEN and self.starts_token(word) and not self.looks_like_district():
            verb = "discard" if R.stuck(self.trial, self.seat) else "place"
            return [(verb, self.read_hand_token())]
        if now == R.BUY and (word in lex.free or word in R.BUY_WORDS or self.starts_token(word)):
            return [("buy", self.read_offer_space())]
        if word in lex.colour or word in lex.size or re.fullmatch(r"[rygbp][sml]", word):
            return [self.read_where()]
        raise NotationError(_("`{text}`: `{word}` is not understood here.", text=self.text, word=word))

    # -- tokens --

    def looks_like_district(self) -> bool:
        """``red M`` / ``rm`` rather than a token: a colour followed by a district size."""
        word = self.words[self.i]
        if re.fullmatch(r"[rygbp][sml]", word):
            return True
        rest = [w for w in self.words[self.i + 1:] if w not in self.lex.filler]
        return word in self.lex.colour and bool(rest) and rest[0] in self.lex.size

    def starts_token(self, word: str) -> bool:
        return bool(CODE.match(word)) or word in self.lex.type or word in self.lex.colour

    def read_descriptor(self) -> tuple[int | None, str | None, int | None, str]:
        """Colour, type and value words (or one code), each at most once; returns them and the text read."""
        lex = self.lex
        colour: int | None = None
        kind: str | None = None
        value: int | None = None
        read: list[str] = []
        while (word := self.peek()) is not None:
            if CODE.match(word) and not read:
                self.take()
                code = word.upper()
                return D.COLOUR_LETTERS.index(code[0]), D.TYPES[D.TYPE_LETTERS.index(code[1])], int(code[2]), code
            if word in lex.colour and colour is None and word not in ("p",):
                colour = lex.colour[word]
            elif word in lex.type and kind is None:
                kind = lex.type[word]
            elif word in ("2", "3") and value is None and read:
                value = int(word)
            else:
                break
            read.append(self.take())
        return colour, kind, value, " ".join(read)

    def read_hand_token(self) -> str:
        colour, kind, value, read = self.read_descriptor()
        if not read:
            raise NotationError(_("`{text}`: say which token, by code (e.g. `RH2`) or in words (`red house 2`).",
                                  text=self.text))
        hand = self.trial.players[self.seat].hand
        codes = list(dict.fromkeys(TOKEN_CODE[t] for t in hand if _fits(t, colour, kind, value)))
        if len(codes) == 1:
            return codes[0]
        if not codes:
            held = ", ".join(dict.fromkeys(TOKEN_CODE[t] for t in hand)) or _("nothing")
            raise IllegalAction(_("`{text}`: you hold no token like `{read}` (your hand: {hand}).", text=self.text,
                                  read=read, hand=held))
        verb = "discard" if R.stuck(self.trial, self.seat) else "place"
        raise AmbiguousAction(_("`{text}`: `{read}` could be {codes}; say which.", text=self.text, read=read,
                                codes=_or(codes)),
                              [Action(((verb, c),)) for c in codes])

    def read_offer_space(self) -> str:
        word = self.peek()
        if word is None:
            raise NotationError(_("`{text}`: say what to buy: an offer space 1-5, `free`, or a token.",
                                  text=self.text))
        if word in R.BUY_WORDS:
            self.take()
            return word
        if word in self.lex.free:
            self.take()
            return R.BUY_WORDS[self.trial.mayor]
        colour, kind, value, read = self.read_descriptor()
        if not read:
            raise NotationError(_("`{text}`: `{word}` is not an offer space: write 1-5, `free` or a token "
                                  "like `GP3`.", text=self.text, word=word))
        offer = self.trial.offer
        spaces = [i for i, t in enumerate(offer) if t != EMPTY and _fits(t, colour, kind, value)]
        codes = list(dict.fromkeys(TOKEN_CODE[offer[i]] for i in spaces))
        if not spaces:
            raise IllegalAction(_("`{text}`: no token like `{read}` is on offer.", text=self.text, read=read))
        if len(codes) > 1:
            raise AmbiguousAction(_("`{text}`: `{read}` could be {codes}; say which.", text=self.text, read=read,
                                    codes=_or(codes)),
                                  [Action((("buy", R.BUY_WORDS[i]),)) for i in spaces])
        best = min(spaces, key=lambda i: (R.price(self.trial, i), i))
        return R.BUY_WORDS[best]

    # -- districts --

    def read_where(self) -> Step:
        lex = self.lex
        colour: int | None = None
        size: str | None = None
        bonus: str | None = None
        while (word := self.peek()) is not None:
            if re.fullmatch(r"[rygbp][sml]", word) and colour is None and size is None:
                colour, size = D.COLOUR_LETTERS.index(word[0].upper()), word[1].upper()
            elif word in lex.colour and colour is None and size is None:
                colour = lex.colour[word]
            elif word in lex.size and size is None:
                size = lex.size[word]
            elif word in lex.bonus and size is not None and bonus is None:
                bonus = lex.bonus[word]
            else:
                break
            self.take()
        pending = self.trial.pending
        if colour is None and pending is not None:
            colour = TOKEN_COLOUR[pending.token]
        if colour is None or size is None:
            raise NotationError(_("`{text}`: name a district by colour and size, e.g. `red-M` "
                                  "(S small, M medium, L large).", text=self.text))
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
        raise AmbiguousAction(_("`{text}`: {district} has free {kinds} spaces; say which.", text=self.text,
                                district=X.district_name(district), kinds=", ".join(X.bonus_name(b) for b in free)),
                              [Action(((district, b),)) for b in free])


def _fits(token: int, colour: int | None, kind: str | None, value: int | None) -> bool:
    return ((colour is None or TOKEN_COLOUR[token] == colour) and (kind is None or TOKEN_TYPE[token] == kind)
            and (value is None or TOKEN_VALUE[token] == value))


def parse_line(state: State, seat: int, text: str) -> Action:
    return Reader(state, seat, text).read()
