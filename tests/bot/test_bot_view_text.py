"""A view as text a person reads (the console's `board` and `hand`): labelled, without noise, seats from 1."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from babel.messages.pofile import read_po

import engines
from bot import catalogs
from bot.view_text import _named, format_view
from engines import rng
from engines.i18n import COMMON_VIEW_FIELDS, VIEW_FIELD, VIEW_VALUE
from engines.registry import GameInfo


def test_seats_are_counted_from_1_where_a_field_holds_one() -> None:
    view = {"to_act": 0, "winners": [0, 2], "first_player": 1, "scores": [0, 4], "mayor": 3,
            "players_info": [{"seat": 0, "score": 0}, {"seat": 1, "score": 4}],
            "track": [[1, 0], []], "turn": {"seat": 1, "rolls": 0}}
    lines = format_view(view, seat_keys=("track",)).splitlines()
    assert "  to act: 1" in lines and "  winners: 1, 3" in lines and "  first player: 2" in lines
    assert "  scores: 0, 4" in lines and "  mayor: 3" in lines  # counts and places stay as they are
    assert "    - seat 1; score 0" in lines and "    - seat 2; score 4" in lines
    assert "  track: 2, 1 | –" in lines  # a game's own seat fields too
    assert "  turn: seat 2, rolls 0" in lines  # a small part on one line


def test_records_say_what_is_there_and_are_led_by_their_name() -> None:
    view = {"districts": [{"id": "red-S", "colour": "red", "letter": "R", "size": "S", "crane": None,
                           "project": {"cost": 1, "owner": None}, "scored": False, "tiles": []}],
            "winner": None, "over": False, "choices": [{"key": "roll", "label": "Roll your die"}],
            "game": "tiny", "discarded": []}
    assert format_view(view) == ("  districts:\n"
                                 "    - red-S: colour red; size S; project (cost 1)\n"
                                 "  choices:\n"
                                 "    - roll: Roll your die\n"
                                 "  discarded: none")


def test_a_long_record_puts_each_compound_field_on_a_line_and_its_list_follows_suit() -> None:
    spaces = [{"bonus": "coin", "token": None}, {"bonus": "plain", "token": {"code": "RH2", "colour": "red",
                                                                             "value": 2}}] * 4
    view = {"districts": [{"id": "red-M", "size": "M", "spaces": spaces, "project": {"cost": 1, "bonus": "x2"}},
                          {"id": "red-S", "size": "S", "spaces": [], "project": {"cost": 1, "bonus": "+4"}}]}
    lines = format_view(view).splitlines()
    assert lines[1] == "    - red-M: size M"
    assert lines[2].startswith("        spaces: (bonus coin), (bonus plain, token (RH2: colour red, value 2)), ")
    assert lines[3] == "        project: cost 1, bonus x2"
    assert lines[4:] == ["    - red-S: size S", "        project: cost 1, bonus +4"]


def test_parts_keyed_by_data_read_with_colons() -> None:
    view = {"depots": {"1": ["bank", "ship"], "black": []},
            "castles": [{"number": 1, "sites": {"N": {"piece": "tower", "owner": None}, "W": None}}]}
    assert format_view(view).splitlines() == ["  depots:", "    1: bank, ship", "    black: none", "  castles:",
                                              "    - number 1; sites (N: piece tower)"]


# ---------------------------------------------------------------------- in the game's language (#27)


def test_a_translator_reads_the_names_and_the_words_but_not_a_moves_key_nor_numbers() -> None:
    words = {("view field", "supply"): "Vorrat", ("view field", "wall"): "Mauer", ("view value", "red"): "rot",
             ("view field", "choices"): "Auswahl", ("view value", "roll"): "Würfeln", ("view field", "turn"): "Zug",
             ("view field", "phase"): "Phase", ("view field", "colour"): "Farbe"}

    def translate(context: str, word: str) -> str:
        return words.get((context, word), word)

    view = {"supply": {"wall": 7}, "turn": {"phase": "roll", "colour": "red", "rolls": 2},
            "choices": [{"key": "roll", "label": "Würfle"}], "players_info": [{"seat": 0, "colour": "red"}]}
    assert format_view(view, translate=translate).splitlines() == [
        "  Vorrat: Mauer 7", "  Zug: Phase Würfeln, Farbe rot, rolls 2", "  Auswahl:", "    - roll: Würfle",
        "  players info:", "    - seat 1; Farbe rot"]
    assert format_view(view) == format_view(view, translate=lambda context, word: word)  # English: as it is


def _views(info: GameInfo, seats: int, seed: int) -> Iterator[Mapping[str, Any]]:
    """The views of a seeded random playout: the seat to act's at every step (its own parts and the public ones),
    the public view and every seat's at the start and at the end; each only if it shows something new (a field, or
    a text, not seen before)."""
    engine = info.engine
    state = engine.new_game(seats, seed)
    r, seen = rng.seed_state(seed), set[str]()
    while True:
        acting = engine.to_act(state)
        for seat in (None, *range(seats)) if not seen or not acting else acting[:1]:
            view = engine.view(state, seat)
            facts = set(_facts(view))
            if not facts <= seen:
                seen |= facts
                yield view
        if not acting:
            return
        legal = engine.legal_actions(state, acting[0])
        r, pick = rng.randbelow(r, len(legal))
        state, _events = engine.apply_trusted(state, acting[0], legal[pick])


def _facts(view: Any, path: str = "") -> Iterator[str]:
    """What a view shows: the path of each field that holds something, and each text."""
    if isinstance(view, Mapping):
        for key, value in view.items():
            yield from _facts(value, f"{path}.{key}")
    elif isinstance(view, list | tuple):
        for value in view:
            yield from _facts(value, f"{path}[]")
    elif view is not None and view is not False:
        yield path
        if isinstance(view, str):
            yield f"={view}"


def _under(view: Any, fields: frozenset[str], inside: bool = False) -> Iterator[str]:
    """The texts inside ``view`` under any of ``fields``."""
    if isinstance(view, Mapping):
        for key, value in view.items():
            yield from _under(value, fields, inside or key in fields)
    elif isinstance(view, list | tuple):
        for value in view:
            yield from _under(value, fields, inside)
    elif inside and isinstance(view, str):
        yield view


def _translated(domain: str, language: str) -> set[tuple[str | None, str]]:
    path = next(d for d in catalogs.DOMAINS if d.name == domain).po(language)
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    return {(m.context, str(m.id)) for m in catalog if m.id and m.string and not m.fuzzy}


WORDLIKE = re.compile(r"[^\W\d_]{2}")  # two letters in a row: a word, or a code that holds one (pig2, red-M)


@pytest.mark.parametrize("info", engines.registry.all_games(), ids=lambda info: info.name)
def test_every_word_a_view_shows_is_the_games_and_translated(info: GameInfo) -> None:
    """Whatever a game's views put in front of a reader (fields' names, values that are words) over seeded random
    playouts of every seat count is a word the game declares, translated in every language: a new field or value
    cannot reach the console untranslated.  Texts already in the reader's language, codes and a move's key are
    the game's declared exceptions (``ViewWords.texts``)."""
    words = info.view_words
    assert words is not None, f"{info.name} declares no view words (GameInfo.view_words)"
    asked: set[tuple[str, str]] = set()
    texts: set[str] = set()

    def record(context: str, word: str) -> str:
        asked.add((context, word))
        return word

    for seats in range(info.min_seats, info.max_seats + 1):
        for view in _views(info, seats, seed=seats * 7):
            format_view(view, seat_keys=info.view_seats, translate=record)
            texts.update(_under(view, words.texts))
    unknown = sorted(f"{context}: {word!r}" for context, word in asked
                     if (context == VIEW_FIELD and _named(word) and words.field(word) is None)
                     or (context == VIEW_VALUE and WORDLIKE.search(word) and word not in texts
                         and words.value(word) is None))
    assert unknown == [], f"{info.name}'s view shows words it does not declare: {unknown}"
    assert {word for context, word in asked if context == VIEW_FIELD} >= {"to_act", "turn_number"}  # it ran
    for language in catalogs.TRANSLATED:
        mine, common = _translated(info.package, language), _translated("common", language)
        missing = sorted({(VIEW_FIELD, w) for w in words.fields} - mine
                         | {(VIEW_VALUE, w) for w in words.values} - mine
                         | {(VIEW_FIELD, w) for w in COMMON_VIEW_FIELDS} - common)
        assert missing == [], f"{info.name}: view words without a {language} translation: {missing}"
