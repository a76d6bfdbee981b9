"""The message catalogs: complete, consistent with the code, plural rules right, compiled."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import catalogs
from engines.i18n import COMMON, ENGLISH, LANGUAGES, choose, speaking, supported

CATALOGS = [(d, lang) for d in catalogs.DOMAINS for lang in catalogs.TRANSLATED]


@pytest.mark.parametrize(("domain", "language"), CATALOGS, ids=[f"{d.name}-{lang}" for d, lang in CATALOGS])
def test_every_catalog_is_complete_consistent_and_compiled(domain: catalogs.Domain, language: str) -> None:
    """Every marked text of the code is in the catalog, translated (no English fallback, nothing fuzzy),
    with the same {fields}, and the .mo the bot reads is compiled from the .po."""
    assert catalogs.problems(domain, language) == []


def test_the_check_finds_what_is_wrong(tmp_path: pytest.TempPathFactory) -> None:
    """The checks can fail: a field renamed, an untranslated and a fuzzy message are each reported."""
    from babel.messages.catalog import Message
    bad = [Message("{n} card", "{n} Karte"), Message("Hello {who}", "Hallo {wer}"), Message("Play", ""),
           Message("Pass", "Passen", flags=["fuzzy"]), Message("{a}", "{a")]
    said = [p for m in bad for p in catalogs._message_problems(m, "x.po")]
    assert any("'Hello {who}'" in p and "fields" in p for p in said)
    assert any("'Play' is not translated" in p for p in said)
    assert any("'Pass' is marked fuzzy" in p for p in said)
    assert any("braces" in p for p in said)
    assert not any("'{n} card'" in p for p in said)


def test_plural_forms_follow_each_language() -> None:
    """The compiled catalogs carry each language's rule: Portuguese counts 0 as singular, German not."""
    portuguese, german = COMMON.translation("pt_BR"), COMMON.translation("de")
    assert [portuguese.plural(n) for n in (0, 1, 2, 1_000_000)] == [0, 0, 1, 1]  # type: ignore[attr-defined]
    assert [german.plural(n) for n in (0, 1, 2)] == [1, 0, 1]  # type: ignore[attr-defined]


def test_languages_come_from_discord_locales() -> None:
    assert supported("pt-BR") == "pt_BR" and supported("pt") == "pt_BR" and supported("de") == "de"
    assert supported("en-GB") == ENGLISH and supported("fr") is None and supported(None) is None
    assert choose(None, "fr", "de") == "de" and choose("fr") == ENGLISH
    assert set(LANGUAGES) == {ENGLISH, "pt_BR", "de"}


def test_a_message_reads_in_the_current_language_only_inside_the_block() -> None:
    turn = "It is {seat}'s turn."
    with speaking("de"):
        assert COMMON.gettext(turn, seat="Ann") == "Ann ist am Zug."
        with speaking("pt-BR"):
            assert COMMON.gettext(turn, seat="Ann") == "É a vez de Ann."
        assert COMMON.gettext(turn, seat="Ann") == "Ann ist am Zug."
    assert COMMON.gettext(turn, seat="Ann") == "It is Ann's turn."


def test_the_check_holds_every_language_to_discords_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """What a translator cannot see: Discord cuts a button's label at 80 characters and refuses a command whose
    name or description is too long.  A text longer than its kind allows (its context says which kind), in
    English or in any translation, fails the check, which names the message, the language and the limit; the
    {fields} are not counted (what fills them varies)."""
    from babel.messages.pofile import read_po, write_po
    source = tmp_path / "game" / "texts.py"
    source.parent.mkdir()
    source.write_text("\n".join(f"pgettext({context!r}, {text!r})" for context, text in (
        ("button", "Join"), ("button", "Vote: replace {name}"), ("menu option", "more choices"),
        ("menu option description", "Leave the table"), ("menu placeholder", "Choose your move"),
        ("command name", "new"), ("command description", "Open a table"), ("option description", "How many"),
        ("choice", "relaxed"), ("modal title", "Your move"), ("button", "Play " * 17)))  # 85 characters
        + "\n")
    domain = catalogs.Domain("game", ("game/*.py",), "game/locale")
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "DOMAINS", (domain,))
    catalogs.update([domain])
    long = {"de": {"Join": "B" * 81, "Vote: replace {name}": "{name} " + "C" * 80, "more choices": "D" * 101,
                   "Leave the table": "E" * 101, "Choose your move": "F" * 151, "new": "g" * 33,
                   "Open a table": "H" * 101, "How many": "I" * 101, "relaxed": "J" * 101, "Your move": "K" * 46},
            "pt_BR": {"Join": "Entrar " + "x" * 73, "Vote: replace {name}": "Votar: substituir {name}"}}
    for language in catalogs.TRANSLATED:
        path = domain.po(language)
        with path.open("rb") as f:
            catalog = read_po(f, locale=language)
        for message in catalog:
            if message.id:
                message.string = long.get(language, {}).get(str(message.id), f"{message.id}!")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_output=False)
    catalogs.compile_all([domain])

    assert catalogs.main(["check"]) == 1
    said = capsys.readouterr().err.splitlines()
    expected = [("Join", "button", 81, "de", 80), ("Vote: replace {name}", "button", 81, "de", 80),
                ("more choices", "menu option", 101, "de", 100),
                ("Leave the table", "menu option description", 101, "de", 100),
                ("Choose your move", "menu placeholder", 151, "de", 150), ("new", "command name", 33, "de", 32),
                ("Open a table", "command description", 101, "de", 100),
                ("How many", "option description", 101, "de", 100), ("relaxed", "choice", 101, "de", 100),
                ("Your move", "modal title", 46, "de", 45), ("Play " * 17, "button", 85, "en", 80),
                ("Play " * 17, "button", 86, "de", 80), ("Play " * 17, "button", 86, "pt_BR", 80)]
    for text, kind, length, language, limit in expected:
        wanted = f"{text!r} ({kind}) is {length} characters long in {language}, over Discord's limit of {limit}"
        assert any(wanted in line for line in said), (wanted, said)
    assert len(said) == len(expected), said  # "Entrar xxx…" is 80 characters: it fits


@pytest.mark.parametrize("domain", catalogs.DOMAINS, ids=[d.name for d in catalogs.DOMAINS])
def test_every_plural_has_a_singular_of_its_own(domain: catalogs.Domain) -> None:
    """An English plural entry (``ngettext(singular, plural, n)``) whose singular repeats the plural reads
    "1 workers" in English and hides from the translator which form is which: a text whose words do not change
    with the number needs no plural forms at all."""
    same = [message.id for message in catalogs.extract(domain)
            if isinstance(message.id, tuple | list) and message.id[0] == message.id[1]]
    assert same == []
