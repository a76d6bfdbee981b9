"""Burgenland in Brazilian Portuguese and German: typed moves, labels, events, help and images' words."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import engines
from engines.burgenland import data as D
from engines.core import LABEL_FITS, Action, Event, IllegalAction, NotationError
from engines.i18n import speaking
from tests.engines.burgenland_helpers import cards, give, position
from tests.engines.labels import labels_read_back, seeded_positions

E = engines.get("burgenland")
MARKERS = ("red", "green", "yellow", "white", "purple", "orange", "light-blue", "dark-blue")
LANGS = ("pt_BR", "de")


def base(hand: list[int], jokers: int = 0, **player: object):
    return give(position(2, markers=MARKERS), 0, hand=hand, jokers=jokers, **player)


#: (position, English line, its Portuguese and German forms): each reads as the English does.
LINES = [
    ("build wall 1N pay red red green joker",
     "construir muro 1N pagar vermelho vermelho verde coringa",
     "baue Mauer 1N zahle rot rot grün Joker"),
    ("build wall 1 north", "construir muro no castelo 1 norte", "baue eine Mauer in Burg 1 Nord"),
    ("build wall 1W", "construir muro 1o", "baue Mauer 1W"),
    ("build wall 1E", "construir muro 1l", "baue Mauer 1o"),
    ("take", "comprar 2 cartas", "nimm 2 Karten"),
    ("build tower large pay 6 purple", "construir torre castelo grande pagar 6 roxo",
     "baue Turm große Burg zahle 6 lila"),
    ("build wall 1N pay red red red green", "construir muro 1N pagar 3 vermelho e verde",
     "baue Mauer 1N zahle 3x rot und grün"),
    ("jokers 1 pay R3 R3", "coringas 1 pagar R3 e R3", "joker 1 zahle R3 und R3"),
    ("swap red purple", "trocar vermelho roxo", "tausche rot lila"),
    ("draw5", "comprar 5", "ziehe 5"),
]


def _rich():
    hand = cards("red", 1, 2, 3, 3) + cards("green", 2) + cards("purple", 1, 1, 1, 1, 2, 2)
    return base(hand, jokers=1, exchange_tiles=1, bonus_tiles=(D.DRAW_FIVE,))


@pytest.mark.parametrize("lang", LANGS)
def test_typed_lines_in_each_language_read_as_the_english(lang: str) -> None:
    state = _rich()
    for english, pt, de in LINES:
        with speaking("en"):
            expected = E.parse_action(state, 0, english)
        local = pt if lang == "pt_BR" else de
        with speaking(lang):
            assert E.parse_action(state, 0, english) == expected  # English always reads
            if local is not None:
                assert E.parse_action(state, 0, local) == expected, (lang, local)


@pytest.mark.parametrize("lang", LANGS)
def test_local_words_do_not_read_in_english(lang: str) -> None:
    """The words are the language's: in English "baue Mauer 1N" is no move (so the test above needs them)."""
    line = "construir muro 1N" if lang == "pt_BR" else "baue Mauer 1N"
    with pytest.raises(NotationError):
        E.parse_action(_rich(), 0, line)


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_in_help_and_rules_reads_in_its_language(lang: str) -> None:
    """The backticked moves of the help in pt_BR/de are typed in that language and read (or are refused as
    illegal here, never as unreadable)."""
    state = _rich()
    with speaking(lang):
        texts = E.notation_help + E.rules_summary
        assert "build wall" not in texts
        from engines.burgenland.notation import vocabulary
        mods = vocabulary(lang).words.mods  # tiles named alone ("`ignorar` and `pagar10`"), typed in a build
        examples = {m for m in re.findall(r"`([^`]+)`", texts)
                    if not re.fullmatch(r"[A-Z]\d|[a-z]+ k|X", m) and m.casefold() not in mods}
        assert len(examples) > 12
        for example in examples:
            try:
                E.parse_action(state, 0, example)
            except NotationError as err:
                pytest.fail(f"{lang} example {example!r} does not read: {err}")
            except IllegalAction:
                pass


def test_labels_events_and_messages_come_out_in_the_language() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    build = Action.of("build", "wall", "1N")
    after, _ = E.apply(state, 0, build)
    paid, events = E.apply(after, 0, E.parse_action(after, 0, "pay"))
    built = next(e for e in events if e.kind == "build")
    expected = {
        "en": ("Build a wall in castle 1, north site", "{seat:0} builds a wall in castle 1, north site, paying "
               "red 1, red 1, red 1, red 1.", "Burgenland"),
        "pt_BR": ("Construir um muro no castelo 1, espaço norte", "{seat:0} constrói um muro no castelo 1, espaço "
                  "norte, pagando vermelho 1, vermelho 1, vermelho 1, vermelho 1.", "Burgenland"),
        "de": ("Baue eine Mauer in Burg 1, Bauplatz Nord", "{seat:0} baut eine Mauer in Burg 1, Bauplatz Nord und "
               "zahlt rot 1, rot 1, rot 1, rot 1.", "Burgenland"),
    }
    for lang, (label, event, title) in expected.items():
        with speaking(lang):
            assert E.format_action(state, 0, build) == label
            assert E.describe(built, None) == event
            assert E.local_title == title
    with speaking("de"):
        assert E.notation_help.startswith("Züge: `nimm`") and "**Dein Zug:**" in E.rules_summary
        with pytest.raises(IllegalAction, match="Burg 1 hat schon einen Turm"):
            E.parse_action(_tower(state), 0, "baue Turm 1W")
    with speaking("pt_BR"):
        assert E.notation_help.startswith("Jogadas: `comprar`") and "**Seu turno:**" in E.rules_summary
        with pytest.raises(IllegalAction, match="você já fez sua ação principal"):
            E.parse_action(replace(paid, turn=0, main_done=True), 0, "construir muro 2N")
        assert E.outcome(replace(paid, winner=0)).detail.startswith("{seat:0} construiu tudo primeiro")


def _tower(state):
    from tests.engines.burgenland_helpers import set_site
    return set_site(state, 1, "N", D.TOWER)


def test_an_illegal_move_says_why_in_german_with_german_moves() -> None:
    state = base(cards("red", 1, 1, 1, 1))
    with speaking("de"):
        with pytest.raises(IllegalAction) as info:
            E.parse_action(state, 0, "ende")
        assert "mach erst deine Hauptaktion" in str(info.value) and "`nimm`" in str(info.value)
        with pytest.raises(NotationError) as unread:
            E.parse_action(state, 0, "baue Schloss 1N")
        assert "`schloss`" in str(unread.value) and "verstehe ich nicht" in str(unread.value)


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "{seat:0} takes 1 joker (1 wall in castle 3).", "{seat:0} takes 2 jokers (2 walls in castle 3)."),
    ("pt_BR", "{seat:0} pega 1 coringa (1 muro no castelo 3).", "{seat:0} pega 2 coringas (2 muros no castelo 3)."),
    ("de", "{seat:0} nimmt 1 Joker (1 Mauer in Burg 3).", "{seat:0} nimmt 2 Joker (2 Mauern in Burg 3)."),
])
def test_plurals_follow_each_language(lang: str, one: str, two: str) -> None:
    with speaking(lang):
        for n, text in ((1, one), (2, two)):
            reason = f"{n} wall{'s' if n > 1 else ''} in castle 3"
            assert E.describe(Event("joker", 0, {"count": n, "reason": reason}), None) == text
        exchange = [E.format_action(base([]), 0, Action.of("jokers", str(k))) for k in (1, 2)]
        taken = [E.describe(Event("take", 0, {"cards": ["R1"] * n}), 1) for n in (1, 2)]
    if lang == "pt_BR":
        assert exchange == ["Trocar cartas no valor de 6 por 1 coringa", "Trocar cartas no valor de 12 por 2 coringas"]
    if lang == "de":
        assert taken == ["{seat:0} nimmt 1 Karte.", "{seat:0} nimmt 2 Karten."]


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_reads_back_and_differs_over_seeded_positions(lang: str) -> None:
    """parse(format(a)) == a for every legal action, labels unique and short, over random positions."""
    seen = 0
    for seats, seed in ((2, 3), (3, 4), (4, 5)):
        for step, (state, seat) in enumerate(seeded_positions(E, seats, seed, 160)):
            if step % 4 == 0:
                legal, labels, english = labels_read_back(E, state, seat, lang)
                assert all(a != b for a, b in zip(labels, english, strict=True)), labels  # in the language
                seen += len(legal)
    assert seen > 300


@pytest.mark.parametrize("language", ("en", *LANGS))
def test_a_long_payment_is_labelled_to_fit_a_button(language: str) -> None:
    """A tower in the large castle paid with eight colours: "Pagar azul-claro 3, vermelho 3, …" ran to 90
    characters, and a button shows 80 (Discord cuts the rest).  Past that the label names the cards as the
    images print them (R3 L3 …); every label still reads back as its move."""
    state = base([colour * D.CARDS_PER_COLOUR + 8 for colour in range(len(D.COLOURS))])  # a 3 of every colour
    state, _ = E.apply(state, 0, E.parse_action(state, 0, "build tower large"))
    with speaking(language):
        labels = {action: E.format_action(state, 0, action) for action in E.legal_actions(state, 0)}
        assert any(len(action.steps[0]) == 9 for action in labels)  # the whole payment, suggested in one step
        for action, label in labels.items():
            assert len(label) <= LABEL_FITS and E.parse_action(state, 0, label) == action, label
