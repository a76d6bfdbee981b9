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
from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.burgenland import data as D
from engines.burgenland import payment as P
from engines.burgenland import rules as R
from engines.burgenland.state import State
from engines.burgenland.words import card_label, colour_name, where_label
from engines.core import LABEL_FITS, Action, AmbiguousAction, IllegalAction, NotationError
from engines.i18n import COMMON, ENGLISH, N_, current, game_catalog
from engines.steps import SEALED, check_step, sealed

T = game_catalog("burgenland")
_, ngettext = T.gettext, T.ngettext

HELP = N_(
    "Moves: `take` (2 cards) · `build wall 3W` then pay, or in one line "
    "`build wall 3W pay red red green joker` · `build tower 5N pay R1 R2 G1 J Y3` (tower: 4 cards, then the "
    "architect) · `build well` · `build house large pay 5 purple` · tiles: `build house 2E ignore`, "
    "`build wall 4W pay10`, `build wall 6X` (extra site) · free: `jokers 1 pay R3 R3`, `swap M1 M5`, "
    "`draw5` · `end` ends your turn · `cancel` drops a half-made move. "
    "Cards: colour letter + value (R1, L2 = light blue 2, B3 = dark blue 3, J = joker)."
)

RULES = N_("""\
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
O orange, W white; J joker.""")


# --- The words players type, per language ------------------------------------------------------
# Keys (what the log stores) are English and never change; these tables only say which typed words
# mean them.  English always reads; the current language's words are added to it (casefolded: ß is ss).


@dataclass(frozen=True)
class Words:
    """The typed vocabulary of one language (or of English plus one language, merged)."""

    verbs: Mapping[str, str] = field(default_factory=dict)          # word -> verb of a key
    pieces: Mapping[str, str] = field(default_factory=dict)         # word -> piece
    sites: Mapping[str, str] = field(default_factory=dict)          # word after a castle -> N/W/E/X
    site_letters: Mapping[str, str] = field(default_factory=dict)   # letter glued to a castle: 3W -> W
    large: frozenset[str] = frozenset()                             # the large castle
    mods: Mapping[str, str] = field(default_factory=dict)           # bonus tiles a build spends
    colours: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # word -> colour indexes
    jokers: frozenset[str] = frozenset()                            # a joker card
    suggest: frozenset[str] = frozenset()                           # "pay suggested"
    cards: frozenset[str] = frozenset()                             # "take 2 cards"
    fillers: frozenset[str] = frozenset()                           # skipped in a build
    pay_fillers: frozenset[str] = frozenset()                       # skipped in a payment
    multiword: tuple[tuple[str, str], ...] = ()                     # phrase (regex) -> one word

    def merged(self, other: Words) -> Words:
        return Words(
            {**self.verbs, **other.verbs}, {**self.pieces, **other.pieces}, {**self.sites, **other.sites},
            {**self.site_letters, **other.site_letters}, self.large | other.large, {**self.mods, **other.mods},
            {**self.colours, **other.colours}, self.jokers | other.jokers, self.suggest | other.suggest,
            self.cards | other.cards, self.fillers | other.fillers, self.pay_fillers | other.pay_fillers,
            self.multiword + other.multiword)


def _colour_words(names: Mapping[str, int]) -> dict[str, tuple[int, ...]]:
    return {name: (i,) for name, i in names.items()}


ENGLISH_WORDS = Words(
    verbs={
        # Not "a" and "b" for the rulebook's actions A and B: "a" is an article and B a colour.
        "take": "take", "draw": "take", "build": "build",
        "pay": "pay", "cancel": "cancel", "back": "cancel",
        "jokers": "jokers", "joker": "jokers", "exchange": "jokers",
        "swap": "swap", "draw5": "draw5", "end": "end", "done": "end", "pass": "end",
    },
    pieces={
        "wall": D.WALL, "walls": D.WALL, "tower": D.TOWER, "towers": D.TOWER,
        "house": D.HOUSE, "houses": D.HOUSE, "well": D.WELL, "wells": D.WELL,
    },
    sites={"n": "N", "north": "N", "w": "W", "west": "W", "e": "E", "east": "E", "x": "X", "extra": "X"},
    site_letters={"n": "N", "w": "W", "e": "E", "x": "X"},
    large=frozenset({"large", "big", "great", "large-castle"}),
    mods={"ignore": D.IGNORE, "ignore-restrictions": D.IGNORE, "pay10": D.PAY_TEN, "pay-10": D.PAY_TEN},
    colours={
        **_colour_words({name: i for i, name in enumerate(D.COLOURS)}),
        **_colour_words({letter.casefold(): i for i, letter in enumerate(D.COLOUR_LETTERS)}),
        "lightblue": (3,), "darkblue": (4,), "blue": (3, 4), "violet": (5,),
    },
    jokers=frozenset({"j", "joker", "jokers"}),
    suggest=frozenset({"suggested", "auto", "cheapest", "best"}),
    cards=frozenset({"cards"}),
    fillers=frozenset({"in", "at", "castle", "on", "site", "a", "the", "with"}),
    multiword=(
        (r"\blight blue\b", "light-blue"), (r"\bdark blue\b", "dark-blue"),
        (r"\bpay 10\b", "pay10"), (r"\bdraw 5\b", "draw5"),
        (r"\blarge castle\b", "large"), (r"\bdraw-5\b", "draw5"),
    ),
)

#: What each language adds to English.  Colour letters and the markers M1-M8 are the game's codes in every
#: language (the images print them); the images print a site with its name's initial in the reader's language
#: (``engines.burgenland.words.site_letter``), so each language reads those letters as well as N/W/E/X.
LANGUAGE_WORDS: dict[str, Words] = {
    "pt_BR": Words(
        verbs={
            "comprar": "take", "compre": "take", "compra": "take", "pegar": "take", "pegue": "take",
            "construir": "build", "construa": "build", "construo": "build",
            "pagar": "pay", "pague": "pay", "pago": "pay",
            "cancelar": "cancel", "cancela": "cancel", "cancele": "cancel", "voltar": "cancel",
            "coringas": "jokers", "coringa": "jokers",
            "trocar": "swap", "troca": "swap", "troque": "swap",
            "comprar5": "draw5",
            "fim": "end", "terminar": "end", "encerrar": "end", "passar": "end", "passo": "end", "pronto": "end",
        },
        pieces={
            "muro": D.WALL, "muros": D.WALL, "torre": D.TOWER, "torres": D.TOWER,
            "casa": D.HOUSE, "casas": D.HOUSE, "poço": D.WELL, "poços": D.WELL, "poco": D.WELL, "pocos": D.WELL,
        },
        sites={"norte": "N", "oeste": "W", "leste": "E", "extra": "X"},
        site_letters={"o": "W", "l": "E"},
        large=frozenset({"grande", "castelo-grande"}),
        mods={"ignorar": D.IGNORE, "ignore": D.IGNORE, "pagar10": D.PAY_TEN, "pagar-10": D.PAY_TEN},
        colours={
            "vermelho": (0,), "vermelha": (0,), "amarelo": (1,), "amarela": (1,), "verde": (2,),
            "azul-claro": (3,), "azulclaro": (3,), "azul-escuro": (4,), "azulescuro": (4,), "azul": (3, 4),
            "roxo": (5,), "roxa": (5,), "lilás": (5,), "lilas": (5,), "violeta": (5,),
            "laranja": (6,), "branco": (7,), "branca": (7,),
        },
        jokers=frozenset({"coringa", "coringas"}),
        suggest=frozenset({"sugerido", "sugestão", "sugestao", "barato"}),
        cards=frozenset({"cartas"}),
        fillers=frozenset({"no", "na", "em", "castelo", "espaço", "espaco", "um", "uma", "o", "a", "com", "de",
                           "do", "e"}),
        pay_fillers=frozenset({"e"}),
        multiword=(
            (r"\bazul claro\b", "azul-claro"), (r"\bazul escuro\b", "azul-escuro"),
            (r"\bpagar 10\b", "pagar10"), (r"\bcomprar 5\b", "comprar5"), (r"\bcompre 5\b", "comprar5"),
            (r"\bcastelo grande\b", "grande"),
        ),
    ),
    "de": Words(
        verbs={
            "nimm": "take", "nehmen": "take", "ziehe": "take", "zieh": "take", "ziehen": "take",
            "baue": "build", "bau": "build", "bauen": "build",
            "zahle": "pay", "zahl": "pay", "zahlen": "pay", "bezahle": "pay", "bezahlen": "pay",
            "abbrechen": "cancel", "abbruch": "cancel", "zurück": "cancel", "zurueck": "cancel",
            "tausche": "swap", "tausch": "swap", "tauschen": "swap",
            "ziehe5": "draw5", "zieh5": "draw5",
            "ende": "end", "beenden": "end", "beende": "end", "fertig": "end", "passe": "end", "passen": "end",
        },
        pieces={
            "mauer": D.WALL, "mauern": D.WALL, "turm": D.TOWER, "türme": D.TOWER, "tuerme": D.TOWER,
            "haus": D.HOUSE, "häuser": D.HOUSE, "haeuser": D.HOUSE, "brunnen": D.WELL,
        },
        sites={"nord": "N", "norden": "N", "west": "W", "westen": "W", "ost": "E", "osten": "E", "extra": "X"},
        site_letters={"o": "E"},
        large=frozenset({"gross", "grosse", "grossen", "grosser", "gross-burg"}),
        mods={"ignoriere": D.IGNORE, "ignorieren": D.IGNORE, "zahle10": D.PAY_TEN, "zahl10": D.PAY_TEN},
        colours={
            "rot": (0,), "gelb": (1,), "grün": (2,), "gruen": (2,), "hellblau": (3,), "dunkelblau": (4,),
            "blau": (3, 4), "lila": (5,), "violett": (5,), "orange": (6,), "weiss": (7,),
        },
        jokers=frozenset({"joker"}),
        suggest=frozenset({"vorschlag", "günstigste", "guenstigste", "billigste"}),
        cards=frozenset({"karten"}),
        fillers=frozenset({"in", "auf", "burg", "bauplatz", "ein", "eine", "einen", "der", "die", "das", "den",
                           "im", "mit", "und"}),
        pay_fillers=frozenset({"und"}),
        multiword=(
            (r"\bhell blau\b", "hellblau"), (r"\bdunkel blau\b", "dunkelblau"),
            (r"\bzahle 10\b", "zahle10"), (r"\bzahl 10\b", "zahle10"),
            (r"\bziehe 5\b", "ziehe5"), (r"\bzieh 5\b", "ziehe5"),
            (r"\bgrosse[nr]? burg\b", "gross"),
        ),
    ),
}


@dataclass(frozen=True)
class Vocabulary:
    """The words that read in one language (English and its own), ready for the reader."""

    words: Words
    patterns: tuple[tuple[re.Pattern[str], str], ...]
    castle_site: re.Pattern[str]


_VOCABULARIES: dict[str, Vocabulary] = {}


def vocabulary(language: str | None = None) -> Vocabulary:
    """The typed words of ``language`` (default: the current one), English included."""
    language = current() if language is None else language
    found = _VOCABULARIES.get(language)
    if found is None:
        extra = LANGUAGE_WORDS.get(language)
        words = ENGLISH_WORDS if extra is None or language == ENGLISH else ENGLISH_WORDS.merged(extra)
        letters = "".join(sorted(words.site_letters))
        found = _VOCABULARIES[language] = Vocabulary(
            words, tuple((re.compile(pattern), word) for pattern, word in words.multiword),
            re.compile(rf"(\d+)-?([{letters}]?)"))
    return found


_CARD = re.compile(r"^([^\W\d_](?:[^\W\d_]|-)*?)-?([123])?$")


# --- Labels ---------------------------------------------------------------------------------


BUILD_LABELS = {
    D.WALL: N_("Build a wall {where}"), D.TOWER: N_("Build a tower {where}"),
    D.HOUSE: N_("Build a house {where}"), D.WELL: N_("Build a well {where}"),
}
SIMPLE_LABELS = {"take": N_("Take 2 cards"), "cancel": N_("Cancel"), "end": N_("End turn"),
                 "draw5": N_("Play the draw-5 tile"), "swap": N_("Play an exchange tile (swap two markers)")}


def step_label(state: State, seat: int, step: tuple[str, ...]) -> str:
    verb = step[0]
    simple = SIMPLE_LABELS.get(verb)
    if simple is not None:
        return _(simple)
    if verb == "build":
        piece, where, mods = step[1], step[2], step[3:]
        text = _(BUILD_LABELS[piece], where=where_label(where))
        if D.IGNORE in mods:
            text = _("{label}, ignoring restrictions", label=text)
        if D.PAY_TEN in mods:
            text = _("{label}, paying 10 coins", label=text)
        return text
    if verb == "pay":
        cards = step[1:]
        long = _("Pay {cards}", cards=", ".join(card_label(t) for t in cards))
        # Too long for a button: the cards as the images print them (R3 L3 …), which read back the same.
        return long if len(long) <= LABEL_FITS else _("Pay {cards}", cards=" ".join(cards))
    if verb == "jokers":
        k = int(step[1])
        return ngettext("Exchange cards worth {coins} for {n} joker", "Exchange cards worth {coins} for {n} jokers",
                        k, coins=k * D.JOKER_EXCHANGE_COINS)
    if verb in R.MARKER_WORDS:
        colour = state.markers[R.MARKER_WORDS.index(verb)]
        return _("Marker {marker} ({colour})", marker=verb, colour=colour_name(colour))
    return " ".join(step)


# --- Reading typed lines ------------------------------------------------------------------------

_MARKER = re.compile(r"m[1-8]")


def tokenize(text: str, vocab: Vocabulary | None = None) -> list[str]:
    vocab = vocab or vocabulary()
    text = text.casefold().replace(",", " ").replace("+", " ")
    for pattern, replacement in vocab.patterns:
        text = pattern.sub(replacement, text)
    return text.split()


def split_steps(tokens: list[str], vocab: Vocabulary | None = None) -> list[list[str]]:
    """Cut the tokens where a verb or a marker starts a new step."""
    words = (vocab or vocabulary()).words
    out: list[list[str]] = []
    for i, token in enumerate(tokens):
        paying = bool(out) and words.verbs.get(out[-1][0]) == "pay"
        # While paying, "joker" is a card ("pay 2 jokers"); "jokers 1" (a count after it) is the exchange.
        as_card = paying and token in words.jokers and not (i + 1 < len(tokens) and tokens[i + 1].isdigit())
        starts = (token in words.verbs and not as_card) or (
            _MARKER.fullmatch(token) and not (out and words.verbs.get(out[-1][0]) == "swap"))
        if starts or not out:
            out.append([token])
        else:
            out[-1].append(token)
    return out


def _not_a_move(text: str) -> NotationError:
    return NotationError(_("`{text}` is not a move.", text=text))


def _sealed(text: str) -> IllegalAction:
    return IllegalAction(f"`{text}`: {COMMON.gettext(SEALED)}")


def parse_line(state: State, seat: int, text: str) -> Action:
    vocab = vocabulary()
    words = vocab.words
    tokens = tokenize(text, vocab)
    if tokens and tokens[0] in words.pieces:  # "wall 3W" means "build wall 3W"
        tokens.insert(0, "build")
    if tokens and tokens[0] not in words.verbs and not _MARKER.fullmatch(tokens[0]):
        raise _not_a_move(text)
    steps: list[tuple[str, ...]] = []
    trial = state
    for step_words in split_steps(tokens, vocab):
        if steps and sealed(trial):
            raise _sealed(text)
        for step in _read_step(trial, seat, step_words, words):
            if steps and sealed(trial):
                raise _sealed(text)
            check_step(R, trial, seat, step)
            steps.append(step)
            trial = R.apply_steps(trial, seat, (step,))[0]
    if not steps:
        raise _not_a_move(text)
    return Action(tuple(steps))


def _read_step(state: State, seat: int, typed: list[str], words: Words) -> list[tuple[str, ...]]:
    head, rest = typed[0], typed[1:]
    verb = words.verbs.get(head)
    if verb is None and _MARKER.fullmatch(head):
        return [(head.upper(),)] + ([] if not rest else _read_markers(state, rest, words))
    if verb is None:
        raise _not_a_move(" ".join(typed))
    if verb == "build":
        return [_read_build(state, seat, rest, words)]
    if verb == "pay":
        return [_read_pay(state, seat, rest, words)]
    if verb == "jokers":
        if rest and not re.fullmatch(r"[0-9]+", rest[0]):  # "exchange tile" is no joker exchange
            raise NotationError(_("`{text}`: say how many jokers, e.g. `jokers 1`.", text=" ".join(typed)))
        return [("jokers", str(int(rest[0]) if rest else 1))]
    if verb == "swap":
        return [("swap",), *_read_markers(state, rest, words)]
    if rest and not (verb == "take" and (rest == ["2"] or (len(rest) <= 2 and rest[-1] in words.cards
                                                          and rest[:-1] in ([], ["2"])))):
        raise NotationError(_("`{text}`: `{word}` takes nothing after it.", text=" ".join(typed), word=head))
    return [(verb,)]


def _read_markers(state: State, typed: list[str], words: Words) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for word in typed:
        if re.fullmatch(r"m?[1-8]", word):
            out.append((f"M{word[-1]}",))
        elif word in words.colours and len(words.colours[word]) == 1:
            out.append((f"M{state.markers.index(words.colours[word][0]) + 1}",))
        else:
            raise NotationError(_("`{word}` is not a marker: write M1 … M8 or a colour, e.g. `swap M1 M5`.",
                                  word=word))
    return out


def _read_build(state: State, seat: int, typed: list[str], words: Words) -> tuple[str, ...]:
    piece = None
    castle: str | None = None
    site: str | None = None
    mods: set[str] = set()
    castle_site = vocabulary().castle_site
    for word in typed:
        if word in words.pieces and piece is None:
            piece = words.pieces[word]
        elif word in words.large:
            castle, site = "large", ""
        elif word in words.mods:
            mods.add(words.mods[word])
        elif word in words.sites and castle is not None and site is None:
            site = words.sites[word]
        elif m := castle_site.fullmatch(word):
            castle, site = m.group(1), (words.site_letters[m.group(2)] if m.group(2) else None)
        elif word in words.fillers:
            continue
        else:
            raise NotationError(_("`{word}` in `{text}` is not understood.", word=word,
                                  text=" ".join(("build", *typed))))
    if piece is None:
        raise NotationError(_("Say which piece to build (wall, tower, house or well)."))
    ordered = tuple(m for m in (D.IGNORE, D.PAY_TEN) if m in mods)
    if castle == "large":
        return ("build", piece, D.LARGE, *ordered)
    if piece == D.WELL:
        here = castle or str(R.indicator(state) or "")
        if not here:
            raise IllegalAction(_("No more wells can be built."))
        return ("build", piece, f"{int(here)}{site or ''}", *ordered)
    if castle is None:
        raise NotationError(_(WHERE_EXAMPLES[piece]))
    if site is None:
        return _guess_site(state, seat, piece, castle, ordered)
    return ("build", piece, f"{int(castle)}{site}", *ordered)


#: Where a piece can go, with examples to type (wells need no place: the indicator shows it).
WHERE_EXAMPLES = {
    D.WALL: N_("Say where to build, e.g. `build wall 3W` or `build wall large`."),
    D.TOWER: N_("Say where to build, e.g. `build tower 3W` or `build tower large`."),
    D.HOUSE: N_("Say where to build, e.g. `build house 3W` or `build house large`."),
}
SEVERAL_SITES = {
    D.WALL: N_("Castle {castle} has several free sites for a wall; say which."),
    D.TOWER: N_("Castle {castle} has several free sites for a tower; say which."),
    D.HOUSE: N_("Castle {castle} has several free sites for a house; say which."),
}


def _guess_site(state: State, seat: int, piece: str, castle: str, mods: tuple[str, ...]) -> tuple[str, ...]:
    """``build wall 3``: the castle's one open square site, if only one fits."""
    options = [("build", piece, f"{int(castle)}{s}", *mods) for s in ("N", "W", "E")]
    fits = [o for o in options if R.step_problem(state, seat, o) is None]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        return _first_open(state, options)
    raise AmbiguousAction(_(SEVERAL_SITES[piece], castle=castle), [Action((o,)) for o in fits])


def _first_open(state: State, options: list[tuple[str, ...]]) -> tuple[str, ...]:
    """Report the most telling problem: an open site's if there is one."""
    for option in options:
        parsed = D.parse_where(option[2])
        if parsed and state.sites[parsed[0] - 1][D.SITE_INDEX[parsed[1]]] is None:
            return option
    return options[0]


def _read_pay(state: State, seat: int, typed: list[str], words: Words) -> tuple[str, ...]:
    if state.pending is None or state.pending.opening[0] == "swap":
        raise IllegalAction(_("`pay`: there is nothing to pay for right now."))
    typed = [word for word in typed if word not in words.pay_fillers]
    if not typed or typed[0] in words.suggest:
        suggestion = [s for s in R.pending_steps(state, seat) if s[0] == "pay" and len(s) > 2]
        single = [s for s in R.pending_steps(state, seat) if s[0] == "pay"]
        if suggestion or single:
            return (suggestion or single)[0]
        raise IllegalAction(_("You cannot complete this payment; `cancel` it."))
    tokens: list[str] = []
    trial = state
    count = 1
    for word in typed:
        if word.isdigit() or re.fullmatch(r"\d+x", word):
            count = int(word.rstrip("x"))
            continue
        for _n in range(count):
            if trial.pending is None:
                raise IllegalAction(_("`{text}` is more cards than the payment needs.",
                                      text=" ".join(("pay", *typed))))
            kind = _read_card(trial, seat, word, words)
            tokens.append(R.kind_token(kind))
            trial = R.pay_one(trial, seat, kind)[0]
        count = 1
    return ("pay", *tokens)


def _read_card(state: State, seat: int, word: str, words: Words) -> int:
    """One card word -> a kind that may be paid now (bare colours take the cheapest that fits)."""
    if word in words.jokers:
        kind = P.JOKER_KIND
        if kind not in R.payable_kinds(state, seat):
            raise IllegalAction(_("A joker cannot be paid now: {reason}.",
                                  reason=R.why_card_refused(state, seat, kind)))
        return kind
    m = _CARD.match(word)
    if not m or m.group(1) not in words.colours:
        raise NotationError(_("`{word}` is not a card: write a colour and value like `red1`, `R1`, `B3`, or `J`.",
                              word=word))
    colours, value = words.colours[m.group(1)], m.group(2)
    payable = R.payable_kinds(state, seat)
    kinds = [c * 3 + v - 1 for c in colours for v in ((int(value),) if value else (1, 2, 3))]
    fits = [k for k in kinds if k in payable]
    if not fits:
        return _refuse_card(state, seat, kinds, word)
    if len({k // 3 for k in fits}) > 1:
        raise AmbiguousAction(_("`{word}` could be light blue (L) or dark blue (B); say which.", word=word),
                              [Action((("pay", R.kind_token(k)),)) for k in fits])
    return fits[0]


def _refuse_card(state: State, seat: int, kinds: list[int], word: str) -> int:
    reasons = {R.why_card_refused(state, seat, k) for k in kinds}
    raise IllegalAction(_("`{word}` cannot be paid now: {reasons}.", word=word, reasons="; ".join(sorted(reasons))))
