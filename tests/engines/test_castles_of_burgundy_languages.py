"""The Castles of Burgundy in Brazilian Portuguese and German: typed moves in the reader's words (English
always reads too), labels, events, help, rules and refusals in the reader's language, plurals, and every
label of seeded positions read back in each language."""

from __future__ import annotations

import random

import pytest

import engines
from engines.castles_of_burgundy.state import Decision
from engines.core import Action, Event, IllegalAction, NotationError
from engines.i18n import speaking
from tests.engines.castles_of_burgundy_helpers import depot_goods, position, set_goods, setp, stock, store, with_pending
from tests.engines.labels import labels_read_back

E = engines.get("castles-of-burgundy")
LANGUAGES = ("pt_BR", "de")


def _start():  # type: ignore[no-untyped-def]
    """Seat 0 to act with dice 2 and 5, a bank and a ship in storage, goods 3 stored, a ship on depot 2."""
    state = position(2, dice=(2, 5))
    state = stock(state, 2, "ship", "church")
    state = store(state, 0, "bank", "ship")
    state = set_goods(state, 0, g5=2)
    return setp(state, 0, workers=2, silver=3)


TYPED = {
    # English key: (Portuguese, German)
    "die 2 take": ("dado 2 pegar", "würfel 2 nimm"),
    "die 5 workers": ("dado 5 trabalhadores", "Würfel 5 Arbeiter"),
    "die 5 sell 5": ("dado 5 vender 5", "würfel 5 verkaufe 5"),
    "die 2 place ship": ("dado 2 colocar navio", "würfel 2 lege schiff"),
    "buy": ("comprar", "kaufe"),
}


@pytest.mark.parametrize("key", sorted(TYPED))
def test_typed_moves_in_each_language_read_as_the_english(key: str) -> None:
    state = _start()
    wanted = E.parse_action(state, 0, key)
    for language, typed in zip(LANGUAGES, TYPED[key], strict=True):
        with speaking(language):
            assert E.parse_action(state, 0, typed) == wanted, (language, typed)
            assert E.parse_action(state, 0, key) == wanted, (language, "English still reads")


def test_a_whole_line_reads_in_each_language() -> None:
    state = _start()
    english = E.parse_action(state, 0, "die 2 take ship 2")
    assert english.steps == (("die", "2", "take"), ("ship", "2"))
    for language, typed in (("pt_BR", "dado 2 pegar navio do depósito 2"),
                            ("de", "Würfel 2 nimm das Schiff aus Depot 2"), ("de", "wurfel 2 nimm schiff 2")):
        with speaking(language):
            assert E.parse_action(state, 0, typed) == english, (language, typed)
    placed = with_pending(state, Decision("space", "die", die=5, tile=state.players[0].storage[0]))
    legal = {a.key for a in E.legal_actions(placed, 0)}
    space = next(k for k in legal if k.startswith("on "))
    number = space.split()[1]
    for language, typed in (("pt_BR", f"em {number}"), ("de", f"auf Feld {number}")):
        with speaking(language):
            assert E.parse_action(placed, 0, typed).key == space


def test_a_german_article_die_is_not_the_die() -> None:
    state = _start()
    with speaking("de"):
        assert E.parse_action(state, 0, "würfel 2 nimm die Kirche 2").steps == (("die", "2", "take"), ("church", "2"))
        assert E.parse_action(state, 0, "die 2 take church 2").steps == (("die", "2", "take"), ("church", "2"))


def test_labels_events_help_and_rules_are_in_the_language() -> None:
    state = _start()
    action = E.parse_action(state, 0, "die 5 workers")
    with speaking("en"):
        english = E.format_action(state, 0, action)
    assert english == "Use the 5 to take 2 workers"
    labels = {}
    for language in LANGUAGES:
        with speaking(language):
            labels[language] = E.format_action(state, 0, action)
            assert E.notation_help != E.help_source
            assert E.rules_summary != E.rules_source
    assert labels == {"pt_BR": "Usar o 5 para pegar 2 trabalhadores", "de": "Mit der 5: 2 Arbeiter nehmen"}
    _, events = E.apply(state, 0, E.parse_action(state, 0, "die 2 take ship 2"))
    take = next(e for e in events if e.kind == "take")
    with speaking("de"):
        assert E.describe(take, None) == "{seat:0} nimmt aus Depot 2: Schiff."
        assert "`würfel 5 lege bank auf 24`" in E.notation_help
        assert E.local_title == "Die Burgen von Burgund"
    with speaking("pt_BR"):
        assert E.describe(take, None) == "{seat:0} pega do depósito 2: navio."
        assert "`dado 5 colocar banco em 24`" in E.notation_help
        assert E.local_title == "The Castles of Burgundy"
    with speaking("de"):
        standing = E.standing(state)
        assert standing.detail.startswith("SP; bei Gleichstand")


def test_the_examples_in_help_read_in_their_language() -> None:
    state = _start()
    for language, example, key in (("de", "würfel 5 verkaufe 5", "die 5 sell 5"),
                                   ("pt_BR", "dado 5 vender 5", "die 5 sell 5"),
                                   ("de", "kaufe", "buy"), ("pt_BR", "comprar", "buy")):
        with speaking(language):
            assert E.parse_action(state, 0, example).key == key


def test_a_refused_move_says_why_in_the_language() -> None:
    state = setp(_start(), 0, silver=0)
    with speaking("de"), pytest.raises(IllegalAction) as refused:
        E.apply(state, 0, Action.of("buy"))
    assert "ein Plättchen kostet 2 Silberlinge" in str(refused.value)
    with speaking("pt_BR"), pytest.raises(IllegalAction) as refused:
        E.apply(state, 0, Action.of("buy"))
    assert "comprar uma peça custa 2 pratas" in str(refused.value)
    with speaking("pt_BR"), pytest.raises(NotationError) as unread:
        E.parse_action(state, 0, "dado 5")
    assert "diga o que o 5 faz" in str(unread.value) and "`dado 5 pegar`" in str(unread.value)


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "{seat:0} sells 1 goods tile of type 2: 2 VP and 1 silverling.",
     "{seat:0} sells 1 goods tile of type 2: 2 VP and 2 silverlings."),
    ("pt_BR", "{seat:0} vende 1 mercadoria do tipo 2: 2 PV e 1 prata.",
     "{seat:0} vende 1 mercadoria do tipo 2: 2 PV e 2 pratas."),
    ("de", "{seat:0} verkauft 1 Warenplättchen der Sorte 2: 2 SP und 1 Silberling.",
     "{seat:0} verkauft 1 Warenplättchen der Sorte 2: 2 SP und 2 Silberlinge."),
])
def test_plurals_one_and_two(language: str, one: str, two: str) -> None:
    def sale(silver: int) -> Event:
        return Event("sell", 0, {"goods": 2, "count": 1, "silver": silver, "workers": 0, "points": 2, "reason": "die"})

    with speaking(language):
        assert E.describe(sale(1), None) == one
        assert E.describe(sale(2), None) == two
        mines = [E.describe(Event("income", 1, {"silver": n, "workers": 0, "mines": n}), None) for n in (1, 2)]
    assert mines[0] != mines[1]
    if language == "de":
        assert mines == ["Das Bergwerk von {seat:1} bringt 1 Silberling.",
                         "Die 2 Bergwerke von {seat:1} bringen 2 Silberlinge."]
    if language == "pt_BR":
        assert mines == ["A mina de {seat:1} rende 1 prata.", "As 2 minas de {seat:1} rendem 2 pratas."]


def _positions() -> list[tuple[object, int]]:
    """States along seeded random games (2-4 players, both estates), with the seat to act, and a few built
    ones: a ship's goods, a purchase, a full storage."""
    out: list[tuple[object, int]] = []
    for seats, seed, boards in ((2, 3, "standard"), (3, 4, "advanced"), (4, 5, "standard")):
        state = E.new_game(seats, seed, {"boards": boards, "goods": "choose"})
        r = random.Random(seed)
        for ply in range(400):
            actor = E.to_act(state)
            if not actor:
                break
            if ply % 23 == 0:
                out.append((state, actor[0]))
            state, _ = E.apply(state, actor[0], r.choice(E.legal_actions(state, actor[0])))
    built = depot_goods(with_pending(_start(), Decision("goods", "ship")), 3, 1, 1, 4)
    out.append((built, 0))
    out.append((with_pending(_start(), Decision("buy", "buy")), 0))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_reads_back_in_its_language(language: str) -> None:
    for state, seat in _positions():
        _legal, labels, english = labels_read_back(E, state, seat, language)
        assert all(a != b for a, b in zip(labels, english, strict=True) if not b.startswith(("die ", "Bank"))), \
            [(a, b) for a, b in zip(labels, english, strict=True) if a == b]


def test_a_refused_tile_and_its_space_are_named_in_the_language() -> None:
    """A tile not in storage, and the colour of space a stored tile needs, are named as the game names them in
    the reader's language, not as the typed token ("`mine`", "an empty cow3 space")."""
    state = setp(store(position(2, dice=(2, 5)), 0, "ship", "cow3"), 0, workers=0)

    def refusal(key: str) -> str:
        with pytest.raises(IllegalAction) as refused:
            E.apply(state, 0, Action.of(*key.split()))
        return str(refused.value)

    assert "you have no mine in storage" in refusal("die 2 place mine")
    assert "it needs an empty light green space touching" in refusal("die 5 place cow3")
    with speaking("de"):
        assert "Bergwerk liegt nicht in deinem Lager" in refusal("die 2 place mine")
        assert "ein leeres Feld der Farbe hellgrün neben" in refusal("die 5 place cow3")
    with speaking("pt_BR"):
        assert "você não tem mina na reserva" in refusal("die 2 place mine")
        assert "um espaço verde-claro vazio vizinho" in refusal("die 5 place cow3")
