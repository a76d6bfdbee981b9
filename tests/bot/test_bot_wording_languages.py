"""The bot's own sentences in German and Brazilian Portuguese: translated, the names and numbers kept, the
plurals right; English unchanged; the constants read in the language of the moment."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from discord.app_commands import TranslationContextLocation as Where

from bot import text, timing
from bot.discord.translator import translated as translated_command
from bot.store import Pace, Policy, StaleVersion, Status
from bot.table import errors, wording, wording_bots, wording_lobby, wording_time
from bot.table.results import Problem, Reply
from engines.i18n import speaking

LANGUAGES = ("de", "pt_BR")
# 2024-06-14 09:05 UTC, a Friday
FRIDAY = 1718355900.0

#: A sample of each file's texts, each with the names and numbers it must keep in every language.
SAMPLES: list[tuple[str, Callable[[], str], tuple[str, ...]]] = [
    ("wording_lobby.joined", lambda: wording_lobby.joined(17), ("#17",)),
    ("wording.owner_only", lambda: wording.owner_only(4, "cancel"), ("#4",)),
    ("wording.not_one_of", lambda: wording.not_one_of("Pace", "slow", ["relaxed", "daily"]),
     ("'slow'", "relaxed, daily")),
    ("wording_lobby.lobby", lambda: wording_lobby.lobby("Burgenland", 3, "2–4", "", ["Ann", "Bo"], True),
     ("**Burgenland**", "#3", "2–4", "Ann, Bo", "**")),
    ("wording.label", lambda: wording.label(5, "Burgenland", Status.RUNNING), ("#5", "Burgenland")),
    ("wording_lobby.timing", lambda: wording_lobby.timing(Pace.DAILY, Policy.PAUSE), ("24",)),
    ("wording.scores", lambda: wording.scores("VP", [("Ann", 12), ("Bo", 9)]), ("VP", "Ann 12 · Bo 9")),
    ("wording_lobby.rematch_call", lambda: wording_lobby.rematch_call("Ann", 8, "Burgenland", 3, "x", ["Bo", "Cy"]),
     ("Ann", "#8", "Burgenland", "3", "Bo", "Cy", "**")),
    ("wording_time.paused", lambda: wording_time.paused(6, "Cy", "24 h"), ("⏸", "#6", "Cy", "`/replace`")),
    ("wording_time.reminder", lambda: wording_time.reminder(2, "Burgenland", "Ann", "x"),
     ("⏰", "#2", "Burgenland", "Ann", "`/vacation <days>`", "`/remind off`")),
    ("wording_time.vote_cast", lambda: wording_time.vote_cast("Bo", wording_time.vote_end_what(), 9, 1, 2),
     ("🗳", "Bo", "#9", "1", "2")),
    ("wording_time.consequence", lambda: wording_time.consequence(Policy.SKIP), ()),
    ("wording_bots.bad_level", lambda: wording_bots.bad_level("expert"), ("'expert'", "easy")),
    ("wording_bots.hint", lambda: wording_bots.hint(4, [("a1", 0.5), ("b2", 0.25)], "hard", 100, 8),
     ("💡", "#4", "**a1**", "50", "b2", "25", "100", "8")),
    ("wording_bots.hints_line", lambda: wording_bots.hints_line(False), ()),
    ("text.join_names", lambda: text.join_names(["Ann", "Bo", "Cy"]), ("Ann, Bo", "Cy")),
    ("text.fill_seats", lambda: text.fill_seats("{seat:4} builds", ["Ann"]), ("5",)),
    ("text.result_lines", lambda: "\n".join(text.result_lines({"ranks": [2, 1], "scores": [3, 7]}, ["Ann", "Bo"])),
     ("Ann", "Bo", "3", "7")),
    ("timing.when", lambda: timing.when(FRIDAY), ("14", "9:05", "UTC")),
    ("timing.span", lambda: timing.span(3 * 86400), ("3",)),
]
CONSTANTS = [(wording, "STALE"), (wording, "VOTE_HOW"), (wording, "DMS_CLOSED"), (wording, "SINCE_YOUR_LAST_TURN"),
             (wording_time, "REMINDERS_ON"), (wording_time, "WELCOME_BACK")]


def localised(part: str, language: str) -> str:
    """A kept part as the language's text has it: a slash command by the name the player's app shows."""
    if not part.startswith("`/"):
        return part
    command = part[2:].split()[0].rstrip("`")
    return "`/" + translated_command(command, Where.command_name, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "make", "kept"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_a_sentence_is_translated_and_keeps_its_names_and_numbers(
        language: str, name: str, make: Callable[[], str], kept: tuple[str, ...]) -> None:
    english = make()
    with speaking(language):
        translated = make()
    assert translated != english, name
    for part in kept:
        assert localised(part, language) in translated, (name, part, translated)
    assert translated.count("**") == english.count("**") and translated.count("`") == english.count("`")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hint_names_the_subcommand_as_the_readers_app_shows_it(language: str) -> None:
    """"Open one with `/<game> new`": a German reader types `neu`, a Brazilian `nova` — the name their Discord app
    shows; the English one is not offered to them."""
    new = translated_command("new", Where.command_name, language)
    assert new != "new"
    with speaking(language):
        for text in (wording.no_game_here(), wording.none_running("game #3")):
            assert f" {new}`" in text and " new`" not in text, text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("module", "name"), CONSTANTS)
def test_a_constant_is_read_in_the_language_of_the_moment(language: str, module: object, name: str) -> None:
    english = getattr(module, name)
    with speaking(language):
        assert getattr(module, name) != english
    assert getattr(module, name) == english


def test_constants_import_in_english_are_read_lazily_and_unknown_names_are_refused() -> None:
    from bot.table.wording import STALE
    assert STALE.startswith("That board has moved on since you saw it")
    with speaking("de"):
        assert wording.STALE.startswith("Die Partie ist inzwischen weitergegangen") and STALE != wording.STALE
    assert wording.BULLETS == 12
    with pytest.raises(AttributeError):
        _ = wording.NO_SUCH_TEXT
    with pytest.raises(AttributeError):
        _ = wording_time.NO_SUCH_TEXT


PLURALS = {
    "de": {"days": ("1 Tag", "2 Tage"), "moves": ("1 früherer Zug", "2 frühere Züge"),
           "pages": ("1 Seite;", "2 Seiten;"), "games": ("in 1 Partie.", "in 2 Partien.")},
    "pt_BR": {"days": ("1 dia", "2 dias"), "moves": ("1 jogada anterior", "2 jogadas anteriores"),
              "pages": ("1 página;", "2 páginas;"), "games": ("em 1 partida.", "em 2 partidas.")},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_plurals_for_one_and_two(language: str) -> None:
    with speaking(language):
        for n, index in ((1, 0), (2, 1)):
            want = PLURALS[language]
            assert want["days"][index] in wording_time.on_vacation_post("Ann", "x", n, 3)
            assert want["moves"][index] in wording.bullets([str(i) for i in range(wording.BULLETS + n)])[0]
            assert want["pages"][index] in wording.no_page(3, n, 9)
            assert want["games"][index] in wording_time.on_vacation_reply("x", n, 5)
        assert timing.span(3 * 86400) == ("3 Tage" if language == "de" else "3 dias")


def test_ordinals_and_dates_follow_the_language() -> None:
    assert [text.ordinal(n) for n in (1, 2, 3, 4, 11, 22)] == ["1st", "2nd", "3rd", "4th", "11th", "22nd"]
    assert timing.when(FRIDAY) == "Fri 14 Jun 9:05 UTC"
    with speaking("de"):
        assert [text.ordinal(n) for n in (1, 2, 3, 4)] == ["1.", "2.", "3.", "4."]
        assert timing.when(FRIDAY) == "Fr, 14. Jun 9:05 UTC"
    with speaking("pt_BR"):
        assert [text.ordinal(n) for n in (1, 2, 3, 4)] == ["1º", "2º", "3º", "4º"]
        assert timing.when(FRIDAY) == "sex, 14 de jun, 9:05 UTC"


def test_the_stores_words_are_read_but_typed_values_stay() -> None:
    with speaking("de"):
        assert wording.is_over(3, Status.ABANDONED) == "Partie #3 ist vorbei (abgebrochen)."
        assert "'relaxed'" in wording.not_one_of("Pace", "relaxed", [p.value for p in Pace])
        assert wording_time.pace_label(Pace.BRISK) == "Tempo zügig, 4 Std. pro Zug"
    with speaking("pt_BR"):
        assert wording.game_status(3, Status.RUNNING) == "A partida #3 está em andamento."
        assert wording_time.policy_label(Policy.BOT).startswith("quando o tempo acaba")


def test_english_is_as_it_was() -> None:
    assert (wording_lobby.timing(Pace.DAILY, Policy.PAUSE)
            == "daily pace, 24 h per turn; when time runs out the game pauses")
    assert wording_lobby.timing_line(Pace.NONE, Policy.SKIP) == "No time limit."
    assert wording_time.pace_label(Pace.RELAXED) == "relaxed pace, 72 h per turn"
    assert wording_time.policy_label(Policy.PAUSE) == "when time runs out the game pauses"
    assert wording.bullets([str(i) for i in range(wording.BULLETS + 1)])[0] == "• … and 1 earlier move (`/log`)"
    opened = wording_time.vote_opened(1, "A", "B", "x", 1, 2)
    assert opened.endswith("1 of 2 votes decides; if A moves first, the vote is off.")
    assert wording_time.on_vacation_reply("x", 1, 3) == (
        "You are on vacation until x; your clock is stopped in 1 game. 3 vacation days left this year. "
        "`/vacation 0` ends it early.")
    assert text.join_names(["Ann", "Bo"]) == "Ann and Bo" and text.fill_seats("{seat2}", []) == "seat 3"
    assert timing.when(1717491900) == "Tue 4 Jun 09:05 UTC" and timing.span(90) == "2 min"


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_refusal_reads_in_the_language_of_the_request(language: str) -> None:
    class Service:
        @errors.replies
        async def stale(self) -> Reply:
            raise StaleVersion()

        @errors.replies
        async def broken(self) -> Reply:
            raise RuntimeError("boom")

    with speaking(language):
        stale, failed = await Service().stale(), await Service().broken()
    assert stale.problem is Problem.STALE and stale.text != wording.STALE
    assert failed.problem is Problem.INTERNAL and not failed.text.startswith("Something went wrong")


def test_a_games_status_reads_as_a_sentence() -> None:
    """Each status in its own words, not the store's value put after "is" ("Game #3 is lobby.")."""
    said = {status: wording.game_status(3, status) for status in Status}
    assert said[Status.LOBBY] == "Game #3 is waiting for players."
    assert said[Status.RUNNING] == "Game #3 is running."
    assert len(set(said.values())) == len(said)
    with speaking("de"):
        assert wording.game_status(3, Status.LOBBY) == "Partie #3 wartet auf Spieler."
    with speaking("pt_BR"):
        assert wording.game_status(3, Status.LOBBY) == "A partida #3 está esperando jogadores."
