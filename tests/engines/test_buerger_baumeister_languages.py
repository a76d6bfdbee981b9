"""Bürger, Baumeister & Co. in Brazilian Portuguese and German: typed moves in the reader's language, labels,
event texts, help, rules and errors in it, and English still read everywhere."""

from __future__ import annotations

import re

import pytest

import engines
from engines.buerger_baumeister import notation as N
from engines.core import Action, Event, IllegalAction
from engines.i18n import speaking
from tests.engines.buerger_baumeister_helpers import give, position
from tests.engines.labels import labels_read_back, seeded_positions

E = engines.get("buerger-baumeister")
WHOLE_TURN = "place RH2 red-M coin project buy 3"


def base(*hand: str, **player: object):
    return give(position(3), 0, *hand, **player)


def key(state, text: str, language: str) -> str:
    with speaking(language):
        return E.parse_action(state, 0, text).key


@pytest.mark.parametrize(("language", "text"), [
    ("pt_BR", "colocar RH2 vermelho-M moeda projeto comprar 3"),
    ("pt_BR", "Coloque a casa vermelha 2 no vermelho médio, espaço de moeda, grande projeto, compre casa verde"),
    ("pt_BR", "RH2 vermelho M moeda sim pegar 3"),
    ("de", "lege RH2 rot-M Münze Projekt kaufe 3"),
    ("de", "Lege das rote Haus 2 ins rote mittlere Viertel auf ein Münzfeld, Großprojekt, kaufe grünes Haus"),
    ("de", "baue RH2 rot M Münzfeld ja nimm 3"),
])
def test_a_whole_turn_typed_in_the_language(language: str, text: str) -> None:
    assert key(base("RH2", "GV2", "BP3", coins=3), text, language) == WHOLE_TURN


@pytest.mark.parametrize(("language", "text"), [
    ("pt_BR", "RH2 M +2 comprar grátis"), ("pt_BR", "colocar RH2 vermelho-M +2 sem projeto comprar de graça"),
    ("de", "RH2 M +2 kaufe gratis"), ("de", "lege RH2 rot-M +2-Feld kein Großprojekt kaufe beim Bürgermeister"),
])
def test_declining_the_project_and_the_free_space(language: str, text: str) -> None:
    assert key(base("RH2", "GV2", "BP3", coins=1), text, language) == "place RH2 red-M +2 no-project buy 1"


@pytest.mark.parametrize("language", ["pt_BR", "de"])
@pytest.mark.parametrize("text", [WHOLE_TURN, "place red house 2 in red medium on coin, large project, buy green house",
                                  "RH2 M coin project buy 3"])
def test_english_still_reads(language: str, text: str) -> None:
    assert key(base("RH2", "GV2", "BP3", coins=3), text, language) == WHOLE_TURN


def test_cancel_in_each_language() -> None:
    state = E.apply(base("RH2", "GV2", "BP3"), 0, Action.of("place", "RH2"))[0]
    assert key(state, "cancelar", "pt_BR") == key(state, "abbrechen", "de") == key(state, "cancel", "de") == "cancel"


def test_portuguese_no_is_in_the_not_a_refusal() -> None:
    """"no" is Portuguese for "in the": it must not decline the project there."""
    state = base("RH2", "GV2", "BP3", coins=3)
    assert key(state, "colocar RH2 no vermelho-M moeda no projeto comprar 3", "pt_BR") == WHOLE_TURN


def test_labels_in_the_language() -> None:
    state = base("RH2", "GV2", "PP3", coins=2)
    place = Action.of("place", "PP3")
    labels = {}
    for language in ("en", "pt_BR", "de"):
        with speaking(language):
            labels[language] = E.format_action(state, 0, place)
    assert labels == {"en": "Place purple park 3", "pt_BR": "Colocar parque roxo 3", "de": "Lege lila Park 3"}
    with speaking("de"):
        assert E.format_action(state, 0, Action.of("place", "RH2")) == "Lege rotes Haus 2"
    placed = E.apply(state, 0, Action.of("place", "RH2"))[0]
    where = Action.of("red-M", "coin")
    with speaking("pt_BR"):
        assert E.format_action(placed, 0, where) == "vermelho-M, espaço de moeda: 2 pontos, +1 moeda"
    with speaking("de"):
        assert E.format_action(placed, 0, where) == "rot-M Münzfeld: 2 Punkte, +1 Münze"
        assert E.parse_action(placed, 0, "rot-M Münzfeld: 2 Punkte, +1 Münze") == where
    chosen = E.apply(placed, 0, where)[0]
    with speaking("pt_BR"):
        assert E.format_action(chosen, 0, Action.of("no-project")) == "Sem grande projeto"
        assert E.format_action(chosen, 0, Action.of("project")).startswith("Grande projeto em vermelho-M (1 moeda")
    with speaking("de"):
        assert E.format_action(chosen, 0, Action.of("project")) == \
            "Großprojekt in rot-M (1 Münze, ein Kran): ×2 = +2 Punkte"


@pytest.mark.parametrize(("language", "one", "two"), [
    ("pt_BR", "1 ponto", "2 pontos"), ("de", "1 Punkt", "2 Punkte"),
])
def test_plurals(language: str, one: str, two: str) -> None:
    event = {"token": "RH2", "district": "red-S", "bonus": "plain", "coin": 0}
    with speaking(language):
        assert E.describe(Event("place", 0, {**event, "points": 1}), None).endswith(f": {one}.")
        assert E.describe(Event("place", 0, {**event, "points": 2}), None).endswith(f": {two}.")
        buy = {"token": "GH2", "space": 2, "mayor": False}
        cheap, dear = (E.describe(Event("buy", 0, {**buy, "price": n}), None) for n in (1, 2))
    coin = {"pt_BR": ("1 moeda.", "2 moedas."), "de": ("1 Münze.", "2 Münzen.")}[language]
    assert cheap.endswith(coin[0]) and dear.endswith(coin[1])


def test_event_texts_in_the_language() -> None:
    state = base("RH2", "GV2", "BP3", coins=2)
    events = E.apply(state, 0, E.parse_action(state, 0, WHOLE_TURN))[1]
    texts = {}
    for language in ("en", "pt_BR", "de"):
        with speaking(language):
            texts[language] = [E.describe(e, None) for e in events]
    assert texts["en"][0] == "{seat:0} places a red house 2 in red-M (coin space): 2 points and 1 coin."
    assert texts["pt_BR"][0] == ("{seat:0} coloca uma casa vermelha 2 em vermelho-M (espaço de moeda): "
                                 "2 pontos e 1 moeda.")
    assert texts["de"][0] == "{seat:0} legt ein rotes Haus 2 in rot-M (Münzfeld): 2 Punkte und 1 Münze."
    assert "guindaste" in texts["pt_BR"][1] and "Kran" in texts["de"][1]
    assert texts["de"][2] == "{seat:0} kauft das grüne Haus 2 von Feld 3 für 2 Münzen."
    for language in ("pt_BR", "de"):
        assert not set(texts[language]) & set(texts["en"][:-1])  # the last one is the shared "It is …'s turn."


@pytest.mark.parametrize(("language", "words"), [
    ("pt_BR", ["`colocar RH2`", "`comprar 3`", "`cancelar`", "Prefeito"]),
    ("de", ["`lege RH2`", "`kaufe 3`", "`abbrechen`", "Bürgermeister"]),
])
def test_help_and_rules_in_the_language(language: str, words: list[str]) -> None:
    with speaking(language):
        help_text, rules = E.notation_help, E.rules_summary
        assert E.local_title == "Bürger, Baumeister & Co."
    assert help_text != N.HELP and rules != N.RULES
    for word in words:
        assert word in help_text and word in rules
    # The one-line example of each text reads in its language.
    for text in (help_text, rules):
        example = re.findall(r"`([^`]*RH2 [^`]* 3)`", text)[0]
        assert key(base("RH2", "GV2", "BP3", coins=3), example, language) == WHOLE_TURN


@pytest.mark.parametrize(("language", "said"), [
    ("pt_BR", "não é permitido: você não tem parque amarelo 3 (sua mão: RH2, GV2, BP3)"),
    ("de", "ist nicht erlaubt: gelber Park 3 ist nicht auf deiner Hand (deine Hand: RH2, GV2, BP3)"),
])
def test_an_illegal_move_is_explained_in_the_language(language: str, said: str) -> None:
    with speaking(language), pytest.raises(IllegalAction) as info:
        E.apply(base("RH2", "GV2", "BP3"), 0, Action.of("place", "YP3"))
    assert said in str(info.value)


@pytest.mark.parametrize("language", ["pt_BR", "de"])
def test_typed_errors_in_the_language(language: str) -> None:
    with speaking(language), pytest.raises(IllegalAction) as info:
        E.parse_action(base("RH2", "GV2", "BP3"), 0, {"pt_BR": "colocar mansão 3", "de": "lege Villa 3"}[language])
    assert {"pt_BR": "você não tem peça como", "de": "Du hast kein Plättchen wie"}[language] in str(info.value)


@pytest.mark.parametrize("language", ["pt_BR", "de"])
@pytest.mark.parametrize("seed", [3, 4])
def test_seeded_labels_round_trip(language: str, seed: int) -> None:
    """Over a random game's positions, every legal action's label in the language reads back to it."""
    checked = 0
    for state, seat in seeded_positions(E, 2 + seed % 3, seed):
        if checked >= 400:
            break
        legal, labels, english = labels_read_back(E, state, seat, language)
        checked += len(legal)
        assert set(labels) != set(english) or all(label.startswith(("red", "blue")) for label in labels)
