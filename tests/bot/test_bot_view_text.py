"""A view as text a person reads (the console's `board` and `hand`): labelled, without noise, seats from 1."""

from __future__ import annotations

from bot.view_text import format_view


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

