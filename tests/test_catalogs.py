"""The message catalogs: complete, consistent with the code, plural rules right, compiled."""

from __future__ import annotations

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
