"""Burgen Land in Brazilian Portuguese and German: typed moves, labels, texts, help and plurals.

English keys stay what the log stores; what a player reads and types follows the current language
(``engines.i18n.speaking``), and English always reads as well.
"""

from __future__ import annotations

import re

import pytest

import engines
from engines.burgen_land import rules as R
from engines.burgen_land import words as W
from engines.burgen_land.notation import tokenize
from engines.burgen_land.state import SOURCE, SPACE, State
from engines.core import Action, IllegalAction
from engines.i18n import speaking
from tests.engines.burgen_land_helpers import at_little_tower, position, rolled, space
from tests.engines.labels import labels_read_back, seeded_positions

E = engines.get("burgen-land")
LANGUAGES = ("pt_BR", "de")


def parse(state: State, text: str, language: str, seat: int = 0) -> str:
    with speaking(language):
        return E.parse_action(state, seat, text).key


def penalty() -> State:
    state = position({"blue": (1, 3, 1, 5, 1)}, crown=space("blue", "great-tower"), colour="blue", rolls=1)
    return R.resolve_roll(state, 0, (1,))[0]


def supply_exhausted() -> State:
    state = position({"yellow": (1, 3, 1)}, {"yellow": (1, 3, 1, 1, 3, 1)}, crown=space("yellow", "wall-crown"))
    return R.resolve_roll(state, 0, (2,))[0]


# --- Typed lines in each language ------------------------------------------------------------------

POSITIONS = {"roll": lambda: position(held=(2, 0)), "move": lambda: rolled(3, 5, 1), "space": at_little_tower,
             "penalty": penalty, "exhausted": supply_exhausted}

TYPED = [
    # (position, Portuguese, German, the English key)
    ("roll", "rolar", "würfeln", "roll"),
    ("roll", "rolar +2", "würfeln +2", "roll +2"),
    ("roll", "rolar com 2 dados vermelhos", "würfle mit 2 roten Würfeln", "roll +2"),
    ("roll", "Role meu dado e 1 vermelho", "Würfle mit meinem Würfel und 1 roten", "roll +1"),
    ("move", "mover 5", "ziehe 5", "move 5"),
    ("move", "mova 5 para o muro amarelo", "zieh 5 auf die gelbe Mauer", "move 5"),
    ("move", "mover 5, pegar muro, fim", "ziehe 5, nimm Mauer, Ende", "move 5 take wall end"),
    ("move", "mover 5 dados encerrar o turno", "ziehe 5 rote würfel beende den Zug", "move 5 dice end"),
    ("space", "pegar torre pequena direita fim", "nimm kleiner Turm rechts Ende", "take little-tower right end"),
    ("space", "torre pequena na ponta esquerda", "kleinen Turm ans linke Ende", "take little-tower left"),
    ("space", "pegar 2 dados vermelhos", "nimm 2 rote Würfel", "dice"),
    ("space", "dados, depois fim", "rote Würfel, dann fertig", "dice end"),
    ("space", "pegar", "nimm", "take little-tower"),
    ("exhausted", "pegar casa esquerda tirar 5 fim", "nimm Haus links von 5 Ende", "take house left from 5 end"),
    ("penalty", "devolver esquerda", "abgeben links", "remove left"),
    ("penalty", "esquerda", "links", "remove left"),
    ("penalty", "devolva a carta da ponta esquerda", "gib die linke Endkarte ab", "remove left"),
]


@pytest.mark.parametrize(("where", "portuguese", "german", "key"), TYPED)
def test_typed_lines_read_in_each_language(where: str, portuguese: str, german: str, key: str) -> None:
    state = POSITIONS[where]()
    assert parse(state, portuguese, "pt_BR") == key
    assert parse(state, german, "de") == key


@pytest.mark.parametrize("language", LANGUAGES)
def test_english_still_reads_in_every_language(language: str) -> None:
    assert parse(position(held=(2, 0)), "roll with 2 red dice", language) == "roll +2"
    assert parse(rolled(3, 5, 1), "move 5, take wall, stop", language) == "move 5 take wall end"
    assert parse(at_little_tower(), "take little tower right end", language) == "take little-tower right end"
    take = Action.of("take", "little-tower")
    with speaking(language):
        shown = E.format_action(at_little_tower(), 0, take)
    # The English label reads while another language's label is shown, and so does that one.
    assert shown != "Take a red little tower"
    assert parse(at_little_tower(), "Take a red little tower", language) == "take little-tower"
    assert parse(at_little_tower(), shown, language) == "take little-tower"
    assert parse(penalty(), "give back the left end card", language) == "remove left"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_typed_form_of_every_step_reads_back(language: str) -> None:
    """What the texts show to type (``words.typed``) reads as that step, in every phase."""
    placed = E.apply(supply_exhausted(), 0, E.parse_action(supply_exhausted(), 0, "take house left"))[0]
    assert placed.phase == SOURCE
    for state in (position(held=(2, 0)), rolled(3, 5, 1), at_little_tower(), penalty(), supply_exhausted(),
                  placed, position(crown=space("blue", "house"), rolls=1, colour="blue")):
        for action in E.legal_actions(state, 0):
            with speaking(language):
                shown = W.typed(action.steps[0])
            assert shown != action.key, shown
            assert parse(state, shown, language) == action.key, (language, shown)


# --- What players read -------------------------------------------------------------------------------


def test_labels_come_out_in_the_language() -> None:
    state = at_little_tower()
    take = E.parse_action(state, 0, "take little-tower")
    with speaking("pt_BR"):
        assert E.format_action(state, 0, take) == "Pegar uma torre pequena vermelha"
    with speaking("de"):
        assert E.format_action(state, 0, take) == "Nimm einen roten kleinen Turm"
    move = E.parse_action(rolled(3, 5, 1), 0, "move 3")
    with speaking("de"):
        assert E.format_action(rolled(3, 5, 1), 0, move) == "Ziehe 3: auf „Gelbe Mauer“"
    with speaking("pt_BR"):
        assert E.format_action(rolled(3, 5, 1), 0, move) == "Mover 3: para o espaço muro amarelo"


@pytest.mark.parametrize(("language", "one", "two"), [
    ("pt_BR", "Rolar seu dado + 1 dado vermelho", "Rolar seu dado + 2 dados vermelhos"),
    ("de", "Würfle mit deinem Würfel + 1 rotem Würfel", "Würfle mit deinem Würfel + 2 roten Würfeln"),
])
def test_plurals_follow_the_language(language: str, one: str, two: str) -> None:
    state = position(held=(2, 0))
    with speaking(language):
        labels = [E.format_action(state, 0, a) for a in E.legal_actions(state, 0)]
    assert labels[1:] == [one, two]


def _texts(state: State, text: str, language: str) -> list[str]:
    _, events = E.apply(state, 0, E.parse_action(state, 0, text))
    with speaking(language):
        return [E.describe(e, None) for e in events]


def test_event_texts_come_out_in_the_language() -> None:
    state = at_little_tower()
    assert _texts(state, "take little-tower right", "de") == [
        "{seat:0} nimmt einen roten kleinen Turm und legt die Karte ans rechte Ende."]
    assert _texts(state, "take little-tower right", "pt_BR") == [
        "{seat:0} pega uma torre pequena vermelha e coloca a carta na ponta direita."]
    assert _texts(state, "dice", "de") == ["{seat:0} nimmt 2 rote Würfel."]
    assert _texts(state, "dice", "pt_BR") == ["{seat:0} pega 2 dados vermelhos."]
    moved = R.resolve_roll(position(crown=space("blue", "house"), held=(1, 0)), 0, (1, 1))[1]
    with speaking("de"):
        said = [E.describe(e, None) for e in moved]
    assert said[0] == "{seat:0} würfelt 1 und 1 (eigener Würfel zuerst, mit 1 rotem Würfel)."
    assert said[1].startswith("Die Krone zieht 1 Feld weiter auf „Blauer großer Turm“. Blau ist in diesem Zug")
    with speaking("pt_BR"):
        said = [E.describe(e, None) for e in moved]
    assert said[1].startswith("A coroa anda 1 espaço até o espaço torre grande azul. Azul é a cor de {seat:0}")


@pytest.mark.parametrize(("language", "words"), [("pt_BR", ("Jogadas:", "`rolar`", "Trilha")),
                                                 ("de", ("Züge:", "`würfeln`", "Laufbahn"))])
def test_help_rules_and_title_in_the_language(language: str, words: tuple[str, str, str]) -> None:
    with speaking(language):
        help_text, rules, title = E.notation_help, E.rules_summary, E.local_title
        assert help_text.startswith(words[0]) and words[1] in help_text and words[2] in rules
        assert title.startswith("Burgen Land (") and title != "Burgen Land (2-player dice duel)"
        # Every move the help and the rules show is typed in the language's words (or a number).
        grammar = {"roll", "move", "take", "dice", "score", "left", "right", "hole", "from", "remove", "end",
                   "cancel", "house", "wall", "little-tower", "great-tower"}
        for shown in re.findall(r"`([^`]+)`", help_text + rules):
            assert shown.split()[0] not in grammar, f"{shown!r} is the English word"
            for token in tokenize(shown):
                assert token in grammar or re.fullmatch(r"\+?\d+", token), (shown, token)


@pytest.mark.parametrize(("language", "said"), [
    ("pt_BR", "não é permitido: nenhum dado mostra 2 (rolados: 3, 5, 1)"),
    ("de", "ist nicht erlaubt: kein Würfel zeigt 2 (gewürfelt: 3, 5, 1)"),
])
def test_an_illegal_move_is_explained_in_the_language(language: str, said: str) -> None:
    with speaking(language), pytest.raises(IllegalAction) as refused:
        E.parse_action(rolled(3, 5, 1), 0, "move 2")
    assert said in refused.value.message
    # All four blue great towers in seat 0's castle: none is left to take, in words of the language.
    state = position({"blue": (1, 5, 1, 5, 1, 5, 1, 5, 1)}, crown=space("blue", "great-tower"), phase=SPACE)
    with speaking(language), pytest.raises(IllegalAction) as refused:
        E.apply(state, 0, Action.of("take", "great-tower"))
    assert {"pt_BR": "não sobrou nenhuma torre grande azul no suprimento nem no castelo azul do seu oponente",
            "de": "im Vorrat und in der blauen Burg deines Gegners ist kein blauer großer Turm mehr übrig"}[
        language] in refused.value.message


# --- Every label reads back, over seeded positions -----------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_labels_read_back_over_seeded_games(language: str) -> None:
    for seed in range(3):
        for state, seat in seeded_positions(E, 2, seed, 150):
            _legal, labels, english = labels_read_back(E, state, seat, language)
            assert all(label != word for label, word in zip(labels, english, strict=True)), labels


@pytest.mark.parametrize(("language", "word", "learnt"),
                         [("pt_BR", "cancelar", "voltar"), ("de", "abbrechen", "zurück")])
def test_cancel_is_typed_as_in_every_other_game(language: str, word: str, learnt: str) -> None:
    """One language, one word for cancel: Burgen Land's texts show the word every game's help names, and the word
    they showed before (which players may have learnt) still reads as cancel."""
    games = ("burgenland", "burgen-land", "castles-of-burgundy", "buerger-baumeister")
    with speaking(language):
        shown = W.typed(("cancel",))
        helps = {game: engines.get(game).notation_help for game in games}
    assert shown == word
    assert all(f"`{word}`" in text and f"`{learnt}`" not in text for text in helps.values()), helps
    placing = E.apply(at_little_tower(), 0, Action.of("take", "little-tower"))[0]
    assert parse(placing, word, language) == parse(placing, learnt, language) == "cancel"
