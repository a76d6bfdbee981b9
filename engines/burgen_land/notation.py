"""Burgen Land notation: friendly labels for actions, and a forgiving reader for typed lines.

Keys (what the log stores) are the steps' words:

- ``roll``, ``roll +2`` — roll your die, plus 2 of the red dice you hold
- ``move 4`` — the rolled die that moves the crown (asked only when the dice differ)
- ``take wall``, ``take little-tower``, ``take house``, ``take great-tower`` — the landing space's card
- ``dice`` — red dice instead of the card; ``score`` — score the colour (wall/crown space)
- ``left``, ``right``, ``hole 3`` — where the card goes (asked only when it matters)
- ``from 2`` — supply exhausted: which of the opponent's cards to take (positions count from 1)
- ``remove left`` / ``remove right`` — the penalty, when both end cards are worth the same
- ``end`` — stop rolling; ``cancel`` — back from placing a card to the space's choice

A typed line may hold a whole turn segment, ending with a roll or ``end``:
``move 5 take house left end``, ``take wall right roll +1``, ``dice end``, ``score roll``.
Words are forgiving: ``house``, ``great tower``, ``take 3 red dice``, ``roll with 2 red``,
``stop``, a bare ``4`` when choosing a die.  A roll must be the last thing on a line: what
comes after it depends on dice nobody has seen yet.
"""

from __future__ import annotations

import re

from engines.burgen_land import data as D
from engines.burgen_land import rules as R
from engines.burgen_land import words as W
from engines.burgen_land.state import MOVE, PENALTY, PLACE, SOURCE, SPACE, State
from engines.core import Action, IllegalAction, NotationError
from engines.i18n import N_, current
from engines.steps import check_step

_, ngettext = W.T.gettext, W.T.ngettext

HELP = N_(
    "Moves: `roll` (your die) or `roll +2` (with 2 of your red dice) · `move 4` (which die moves the crown) · "
    "`take house` / `take wall` … or `dice` (red dice instead) or `score` (wall/crown space) · "
    "`left`, `right`, `hole 3` (where the card goes) · `from 2` (which of your opponent's cards) · "
    "`remove left` (penalty, equal ends) · `end` stops rolling · `cancel` goes back. "
    "One line may hold a turn segment: `move 5 take house left end`, `dice roll +1`."
)

RULES = N_("""\
**Burgen Land** (2 players; Lehmann, Schmidt Spiele 2008 — not the card game Burgenland): \
build three castles (blue, yellow, red) and score them; the first to **30** points wins at once.
**Track:** 24 spaces clockwise, 8 per colour: wall, wall, crown, wall, wall/crown, little tower, \
house, great tower. The crown starts on a random great tower.
**Your turn** is a series of rolls. Roll your die, plus any red dice you hold (`roll +2`); pick \
one die and move the crown that many spaces (`move 4`); the red dice go back to the board. \
The **first** landing fixes the turn's colour. If a later roll leaves that colour, the turn \
ends and you give back the more valuable end card of that castle (your pick if equal). \
After each landing, `roll` again or `end`.
**Spaces:** wall → take a wall (1) or 1 red die · little tower (2) / house (3) / great tower (5) \
→ take it or that many red dice · crown → that colour is scored · wall/crown → score, a wall, \
or 1 red die. Short of red dice on the board? The rest come from your opponent.
**Building:** cards go at either end of a castle or into a hole. A building must stand next to \
a wall and never next to another building; take a card only if it fits now. A card missing \
from the supply may be taken from your opponent's castle (leaving a hole there); with holes a \
castle is worth only its most valuable segment.
**Scoring a colour:** the more valuable castle scores the difference; a tie scores nothing.
**Notation:** `roll` · `roll +1` · `move 4` · `take house` · `dice` · `score` · `left` / \
`right` / `hole 3` · `from 2` · `remove left` · `end` · `cancel`. \
One line may chain steps: `move 5 take house left end`.""")

# --- Labels ------------------------------------------------------------------------------


def step_label(state: State, seat: int, step: tuple[str, ...]) -> str:
    verb = step[0]
    colour = D.space_colour(state.crown)
    if verb == "roll":
        if len(step) == 1:
            return _("Roll your die")
        k = int(step[1][1:])
        return ngettext("Roll your die + {n} red die", "Roll your die + {n} red dice", k)
    if verb == "move":
        steps = int(step[1])
        target = (state.crown + steps) % D.TRACK_LEN
        space = W.space_name(target)
        if state.colour is not None and D.space_colour(target) != state.colour:
            return _("Move {steps}: to the {space} (leaves {colour}: penalty)", steps=steps, space=space,
                     colour=W.colour(state.colour))
        return _("Move {steps}: to the {space}", steps=steps, space=space)
    if verb == "take":
        kind = R.KIND_INDEX[step[1]]
        card = W.card_a(colour, kind)
        if R.card_source(state, seat, colour, kind) is not None:
            return _("Take {card} from your opponent's castle", card=card)
        return _("Take {card}", card=card)
    if verb == "dice":
        wanted = D.VALUES[R.SPACE_KIND[R.space_kind(state)]]
        return ngettext("Take {n} red die instead", "Take {n} red dice instead", wanted)
    if verb == "score":
        return _("Score the {castles}", castles=W.castles(colour))
    if verb == "left":
        return _("Put it at the left end")
    if verb == "right":
        return _("Put it at the right end")
    if verb == "hole":
        return _("Put it into the hole at {position}", position=step[1])
    if verb == "from":
        return _("Take your opponent's card at {position}", position=step[1])
    if verb == "remove":
        return _("Give back the left end card") if step[1] == "left" else _("Give back the right end card")
    if verb == "end":
        return _("End your turn")
    if verb == "cancel":
        return _("Cancel")
    return " ".join(step)


# --- Reading typed lines ---------------------------------------------------------------------

_MULTIWORD = [
    (re.compile(r"\blittle[ -]towers?\b"), "little-tower"), (re.compile(r"\bsmall[ -]towers?\b"), "little-tower"),
    (re.compile(r"\bgreat[ -]towers?\b"), "great-tower"), (re.compile(r"\bbig[ -]towers?\b"), "great-tower"),
    (re.compile(r"\bred (dice|die)\b"), "dice"), (re.compile(r"\+\s+(\d)"), r"+\1"),
    (re.compile(r"\bwall/crown\b"), "score"), (re.compile(r"\bend (my|your|the) turn\b"), "end"),
]
ROLL_WORDS = {"roll", "r", "throw"}
END_WORDS = {"end", "stop", "pass", "done", "finish"}
MOVE_WORDS = {"move", "m", "go", "use"}
TAKE_WORDS = {"take", "get", "build", "add", "t"}
DICE_WORDS = {"dice", "die", "red", "reds"}
SCORE_WORDS = {"score", "scoring", "crown", "s"}
PIECE_WORDS = {
    "wall": D.WALL, "walls": D.WALL, "little-tower": D.LITTLE_TOWER, "house": D.HOUSE, "houses": D.HOUSE,
    "great-tower": D.GREAT_TOWER, "keep": D.GREAT_TOWER, "tower": "tower", "towers": "tower",
}
FILLER = {"then", "and", "a", "an", "the", "it", "at", "to", "of", "my", "your", "card", "cards", "with",
          "opponent", "opponents", "opponent's", "position", "into", "in", "on", "instead", "castle", "put",
          "place", "please"}
ROLL_FILLER = {"your", "my", "die", "dice", "with", "and", "plus", "red", "own"}
SPACE_WORDS = set(PIECE_WORDS) | {"crown", "score", "space"}
NUMBER = re.compile(r"^\+?(\d+)$")


# --- The words of the other languages ----------------------------------------------------------
# A line typed while a language is current is first read word by word into the English words above
# (English always reads too: a word of another language never means something else in English here).
# Phrases are regular expressions on the case-folded text (``ß`` folds to ``ss``); a word read as ""
# is dropped (articles, colours: the space says which card and colour it is).

_COLOURS_DE = ("blau", "blaue", "blauen", "blauer", "blaues", "gelb", "gelbe", "gelben", "gelber", "gelbes",
               "rot", "rote", "roten", "roter", "rotes")
_COLOURS_PT = ("azul", "azuis", "amarelo", "amarela", "amarelos", "amarelas", "vermelho", "vermelha", "vermelhos",
               "vermelhas")

#: Per language: phrases read as one English word, in order.
PHRASES: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (
        (r"\brote[nrs]? (würfel|wuerfel|wurfel)n?\b", "dice"),
        (r"\bkleine[nrs]? (türme?|tuerme?|turm)\b", "little-tower"),
        (r"\b(grosse[nrs]?|grösse[nrs]?) (türme?|tuerme?|turm)\b", "great-tower"),
        (r"\bmauer ?/ ?krone\b", "score"),
        (r"\bbeende[n]? (den |meinen |deinen )?zug\b", "end"), (r"\bzug beenden\b", "end"),
        (r"\bgib (.*?)\bzurück\b", r"remove \1"), (r"\bgib (.*?)\bab\b", r"remove \1"),
    ),
    "pt_BR": (
        (r"\bdados? vermelhos?\b", "dice"),
        (r"\b(torres? pequenas?|pequenas? torres?|torres? menor(es)?|torrezinhas?)\b", "little-tower"),
        (r"\b(torres? grandes?|grandes? torres?|torres? maior(es)?)\b", "great-tower"),
        (r"\bmuro ?/ ?coroa\b", "score"),
        (r"\b(encerrar|encerre|terminar|termine|finalizar|passar) (o |a |meu |minha |seu |sua )?(turno|vez)\b",
         "end"),
        (r"\bem vez disso\b", ""), (r"\bpor favor\b", ""),
    ),
}
#: Per language: a word -> the English word it reads as ("" drops it).
WORDS: dict[str, dict[str, str]] = {
    "de": {
        **dict.fromkeys(("würfeln", "würfle", "wuerfeln", "wuerfle", "wurf", "wirf", "werfen"), "roll"),
        **dict.fromkeys(("ende", "beenden", "beende", "fertig", "stopp", "passe", "passen", "schluss"), "end"),
        **dict.fromkeys(("ziehe", "zieh", "ziehen", "bewege", "beweg", "bewegen", "nutze"), "move"),
        **dict.fromkeys(("nimm", "nehmen", "nehme", "hol", "baue", "bau", "bauen"), "take"),
        **dict.fromkeys(("würfel", "wuerfel", "wurfel"), "dice"),
        **dict.fromkeys(("werten", "werte", "wertung", "krone"), "score"),
        **dict.fromkeys(("mauer", "mauern"), "wall"),
        **dict.fromkeys(("haus", "häuser", "haeuser"), "house"),
        **dict.fromkeys(("turm", "türme", "tuerme"), "tower"),
        "bergfried": "great-tower",
        **dict.fromkeys(("links", "linke", "linken", "linkes"), "left"),
        **dict.fromkeys(("rechts", "rechte", "rechten", "rechtes"), "right"),
        **dict.fromkeys(("lücke", "luecke", "loch"), "hole"),
        **dict.fromkeys(("von", "klaue", "stiehl", "vom"), "from"),
        **dict.fromkeys(("abgeben", "entferne", "entfernen", "zurückgeben", "verliere", "abwerfen"),
                        "remove"),
        **dict.fromkeys(("zurück", "abbrechen", "abbruch", "rückgängig"), "cancel"),
        **dict.fromkeys(("auf", "zum", "zur", "nach", "bis"), "to"),
        **dict.fromkeys(("an", "am", "ans"), "at"),
        **dict.fromkeys(("der", "die", "das", "den", "dem", "ein", "eine", "einen", "einem", "einer"), "the"),
        **dict.fromkeys(("mit", "und", "plus"), "with"),
        **dict.fromkeys(("dann", "danach", "es", "sie", "ihn", "mein", "meine", "meinen", "dein", "deine",
                         "deinen", "deines", "karte", "karten", "gegner", "gegners", "position", "stelle", "in",
                         "ins", "statt", "stattdessen", "burg", "lege", "leg", "setze", "bitte", "feld", "felder",
                         "eigenen", "eigener", "deinem", "meinem"), ""),
        **dict.fromkeys(_COLOURS_DE, ""),
    },
    "pt_BR": {
        **dict.fromkeys(("rolar", "role", "rola", "lançar", "lancar", "lance", "jogar"), "roll"),
        **dict.fromkeys(("fim", "encerrar", "encerre", "parar", "pare", "passar", "passo", "terminar",
                         "termine"), "end"),
        **dict.fromkeys(("mover", "mova", "andar", "ande", "usar"), "move"),
        **dict.fromkeys(("pegar", "pegue", "pego", "construir", "construa", "comprar", "compre"), "take"),
        **dict.fromkeys(("dados", "dado"), "dice"),
        **dict.fromkeys(("pontuar", "pontue", "pontuação", "pontuacao", "coroa"), "score"),
        **dict.fromkeys(("muro", "muros", "muralha", "muralhas"), "wall"),
        **dict.fromkeys(("casa", "casas"), "house"),
        **dict.fromkeys(("torre", "torres"), "tower"),
        **dict.fromkeys(("esquerda", "esquerdo"), "left"),
        **dict.fromkeys(("direita", "direito"), "right"),
        **dict.fromkeys(("buraco", "lacuna", "vão", "vao"), "hole"),
        **dict.fromkeys(("tirar", "tire", "roubar", "roube"), "from"),
        **dict.fromkeys(("devolver", "devolva", "remover", "remova", "descartar", "descarte", "perder"), "remove"),
        **dict.fromkeys(("cancelar", "cancele", "voltar", "volte", "desfazer"), "cancel"),
        **dict.fromkeys(("para", "até", "ate"), "to"),
        **dict.fromkeys(("na", "no", "nas", "nos", "à", "ao"), "at"),
        **dict.fromkeys(("o", "os", "as", "um", "uma"), "the"),
        **dict.fromkeys(("com", "e", "mais"), "with"),
        **dict.fromkeys(("então", "entao", "depois", "meu", "minha", "meus", "minhas", "seu", "sua", "seus", "suas",
                         "carta", "cartas", "oponente", "adversário", "adversario", "posição", "posicao", "castelo",
                         "colocar", "coloque", "ponha", "ponta", "extremidade", "de", "do", "da", "dos", "das",
                         "em", "espaço", "espaco", "espaços", "espacos", "próprio", "proprio"), ""),
        **dict.fromkeys(_COLOURS_PT, ""),
    },
}
_PHRASES = {lang: tuple((re.compile(pattern.casefold()), to) for pattern, to in table)
            for lang, table in PHRASES.items()}
_WORDS = {lang: {word.casefold(): to for word, to in table.items()} for lang, table in WORDS.items()}

def tokenize(text: str) -> list[str]:
    text = text.casefold()
    for pattern, replacement in _MULTIWORD:
        text = pattern.sub(replacement, text)
    language = current()
    for phrase, english in _PHRASES.get(language, ()):
        text = phrase.sub(english, text)
    for sep in ",;.!:":
        text = text.replace(sep, " ")
    words = _WORDS.get(language)
    if words is None:
        return text.split()
    return [english for word in text.split() if (english := words.get(word, word))]


def _number(tokens: list[str], i: int) -> tuple[int | None, int]:
    """A number at ``tokens[i]`` (skipping filler words); returns (value or None, next index)."""
    j = i
    while j < len(tokens) and tokens[j] in ("with", "at", "the", "a", "position", "card", "space", "spaces",
                                            "opponent's", "opponent", "opponents", "plus"):
        j += 1
    if j < len(tokens) and (m := NUMBER.match(tokens[j])):
        return int(m.group(1)), j + 1
    return None, i


class _Reader:
    """Reads one line, step by step, against a trial state (so each word is read in its context)."""

    def __init__(self, state: State, seat: int, text: str) -> None:
        self.state, self.seat, self.text = state, seat, text
        self.trial = state
        self.steps: list[tuple[str, ...]] = []
        self.tokens = tokenize(text)
        self.i = 0
        self.before_take: State | None = None  # the state before the last take (placement words)

    def read(self) -> Action:
        while self.i < len(self.tokens) and self.trial.winner is None:  # after a win the rest is moot
            token = self.tokens[self.i]
            if token in FILLER or self._end_of_phrase(token):
                self.i += 1
                continue
            step = self._next_step(token)
            if step is not None:
                self._add(step)
        if not self.steps:
            raise self._notation(_("`{text}` is not a move.", text=self.text))
        return Action(tuple(self.steps))

    def _notation(self, message: str) -> NotationError:
        """A reading error, with the legal moves at this point of the line as suggestions."""
        return NotationError(message, [" ".join(s) for s in R.legal_steps(self.trial, self.seat)])

    def _end_of_phrase(self, token: str) -> bool:
        """``end`` in "at the left end" names a place; after a bare ``left`` it ends the turn."""
        before = self.tokens[max(0, self.i - 2):self.i]
        return token == "end" and len(before) == 2 and before[1] in ("left", "right") and before[0] in ("the", "at")

    def _next_step(self, token: str) -> tuple[str, ...] | None:
        tokens, phase = self.tokens, self.trial.phase
        self.i += 1
        if token in ROLL_WORDS:
            count = None
            while self.i < len(tokens) and (tokens[self.i] in ROLL_FILLER or NUMBER.match(tokens[self.i])):
                if m := NUMBER.match(tokens[self.i]):
                    count = int(m.group(1))
                self.i += 1
            return ("roll", f"+{count}") if count else ("roll",)
        if token in END_WORDS:
            return ("end",)
        if NUMBER.match(token) and phase != MOVE and self.i < len(tokens) and tokens[self.i] in DICE_WORDS:
            while self.i < len(tokens) and tokens[self.i] in DICE_WORDS:  # "3 red dice"
                self.i += 1
            return ("dice",)
        number = NUMBER.match(token)
        if token in MOVE_WORDS or (number and phase == MOVE):
            value: int | None
            if number is None:
                value, self.i = _number(tokens, self.i)
            else:
                value = int(number.group(1))
            if value is None:
                raise self._notation(_("`{text}`: say which die moves the crown, e.g. `move 4`.", text=self.text))
            if self.i < len(tokens) and tokens[self.i] == "to":  # "move 4 to the yellow house"
                while self.i < len(tokens) and tokens[self.i] not in SPACE_WORDS:
                    self.i += 1
                self.i += 1
            return ("move", str(value))
        if token in TAKE_WORDS and phase == SOURCE:  # "take your opponent's card at 2"
            value, self.i = _number(tokens, self.i)
            if value is not None:
                return ("from", str(value))
        if token in TAKE_WORDS:
            return self._read_take()
        if token in PIECE_WORDS:
            self.i -= 1
            return self._read_take()
        if token in DICE_WORDS:
            while self.i < len(tokens) and tokens[self.i] in DICE_WORDS:
                self.i += 1
            return ("dice",)
        if token in SCORE_WORDS:
            return ("score",)
        if token in ("left", "right"):
            return ("remove", token) if phase == PENALTY else (token,)
        if token == "hole":
            value, self.i = _number(tokens, self.i)
            if value is None:
                raise self._notation(_("`{text}`: say which hole, e.g. `hole 3`.", text=self.text))
            return ("hole", str(value))
        if token in ("from", "steal"):
            value, self.i = _number(tokens, self.i)
            if value is None:
                raise self._notation(_("`{text}`: say which of your opponent's cards, e.g. `from 2`.", text=self.text))
            return ("from", str(value))
        if token in ("remove", "lose", "discard", "return", "give"):
            while self.i < len(tokens) and tokens[self.i] not in ("left", "right"):
                self.i += 1
            if self.i >= len(tokens):
                raise self._notation(_("`{text}`: say which end card to give back: `remove left` or "
                                       "`remove right`.", text=self.text))
            self.i += 1
            return ("remove", tokens[self.i - 1])
        if token in ("cancel", "back", "undo"):
            return ("cancel",)
        raise self._notation(_("`{text}`: `{word}` is not understood.", text=self.text, word=token))

    def _read_take(self) -> tuple[str, ...]:
        """``take house``, ``take`` (the space's card), ``take 3 red dice``, ``take the yellow wall``."""
        tokens = self.tokens
        kind: str | None = None
        while self.i < len(tokens):
            word = tokens[self.i]
            if word in DICE_WORDS or (NUMBER.match(word) and self.i + 1 < len(tokens)
                                      and tokens[self.i + 1] in DICE_WORDS):
                while self.i < len(tokens) and (tokens[self.i] in DICE_WORDS or NUMBER.match(tokens[self.i])):
                    self.i += 1
                return ("dice",)
            if word in PIECE_WORDS and kind is None:
                kind = PIECE_WORDS[word]
            elif word in D.COLOURS or word in ("a", "the", "an"):
                pass
            else:
                break
            self.i += 1
        here = R.SPACE_KIND.get(R.space_kind(self.trial))
        if kind is None or (kind == "tower" and here in (1, 3)):
            if here is None:
                raise IllegalAction(_("`{text}`: there is no card to take on the {space}.", text=self.text,
                                      space=W.space_name(self.trial.crown)))
            kind = D.KINDS[here]
        if kind == "tower":
            kind = D.LITTLE_TOWER
        return ("take", kind)

    def _add(self, step: tuple[str, ...]) -> None:
        trial, seat = self.trial, self.seat
        if self.steps and self.steps[-1][0] == "roll":
            raise IllegalAction(_("`{text}`: a roll must be the last thing on a line — you choose what follows "
                                  "after seeing the dice.", text=self.text))
        if step[0] in ("left", "right", "hole") and trial.phase != PLACE and self._placement_done(step):
            return  # the engine placed the card itself, where this word says
        if step[0] in ("left", "right", "hole") and trial.phase != PLACE and self.steps[-1:] and \
                self.steps[-1][0] == "take" and self.before_take is not None:
            kind = R.KIND_INDEX[self.steps[-1][1]]
            row = self.before_take.castles[seat][D.space_colour(trial.crown)]
            slot = R.step_slot(row, step)
            why = R.NO_SUCH_PLACE if slot is None else R.placement_problem(row, slot, D.VALUES[kind])
            raise IllegalAction(_("`{step}` is not allowed: {problem}; {card} fits in one place only and goes "
                                  "there.", step=" ".join(step), problem=_(why or R.NOT_WHERE_IT_FITS),
                                  card=W.kind_the(kind)))
        if step[0] in ("left", "right", "hole") and trial.phase == SPACE:
            take = [s for s in R.legal_steps(trial, seat) if s[0] == "take"]
            if take:  # "left" alone: take the space's card and put it there
                self._add(take[0])
                self._add(step)
                return
        check_step(R, trial, seat, step)
        if step[0] == "take":
            self.before_take = trial
        self.steps.append(step)
        if step[0] != "roll":  # never look past a roll: that would tell the dice
            self.trial = R.apply_steps(trial, seat, (step,))[0]

    def _placement_done(self, step: tuple[str, ...]) -> bool:
        """Was the last take placed automatically exactly where ``step`` says?"""
        before = self.before_take
        if before is None or not self.steps or self.steps[-1][0] != "take" or before.phase != SPACE:
            return False
        colour = D.space_colour(before.crown)
        row = before.castles[self.seat][colour]
        slot = R.step_slot(row, step)
        value = D.VALUES[R.KIND_INDEX[self.steps[-1][1]]]
        if slot is None or R.placement_problem(row, slot, value) is not None:
            return False
        if self.trial.phase == SOURCE:  # placed, but which copy is still to be chosen
            return self.trial.slot is not None and R.place(row, self.trial.slot, value) == R.place(row, slot, value)
        return self.trial.castles[self.seat][colour] == R.place(row, slot, value)


def parse_line(state: State, seat: int, text: str) -> Action:
    return _Reader(state, seat, text).read()
