"""The message catalogs: extract what the code marks for translation, keep the ``.po`` files in step,
compile them to ``.mo``, and check them (with Babel; the bot itself reads ``.mo`` files with gettext).

    python -m bot.catalogs update     # after changing texts: new messages enter every .po, untranslated
    python -m bot.catalogs compile    # after translating: write the .mo files the bot reads
    python -m bot.catalogs check      # what CI runs: every catalog complete, consistent and compiled

One catalog (domain) per package — see :mod:`engines.i18n`.  A translator edits one ``.po`` file
(``msgstr``); the plural forms and their rule come with the language.  A text that Discord limits (a button's
label, a command's name or description …) is marked by its context (``msgctxt "button"``): the check holds it,
in English and in every translation, to Discord's limit (:data:`bot.language.LIMITS`), which the translator does
not see where the text is shown — Discord cuts a long label, or refuses the commands.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from bot.language import LIMITS
from engines.i18n import ENGLISH, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
#: Languages with a catalog (English is the source).
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != ENGLISH)
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2), "locale_str": None}
#: Modules no player reads (operators' tools) stay in English.
UNTRANSLATED = {"bot/migrate.py", "bot/catalogs.py", "render/gallery.py"}
GAMES = ("burgenland", "burgen_land", "castles_of_burgundy", "buerger_baumeister")


@dataclass(frozen=True)
class Domain:
    """A catalog: its name, the source files it covers, and where its ``.po``/``.mo`` files live."""

    name: str
    sources: tuple[str, ...]    # globs under the project root
    directory: str

    def files(self) -> list[Path]:
        found = {p for pattern in self.sources for p in ROOT.glob(pattern)}
        return sorted(p for p in found if p.relative_to(ROOT).as_posix() not in UNTRANSLATED)

    def po(self, language: str) -> Path:
        return ROOT / self.directory / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")


DOMAINS: tuple[Domain, ...] = (
    Domain("common", ("engines/*.py", "render/*.py"), "engines/locale"),
    *(Domain(game, (f"engines/{game}/*.py", f"render/{game}/*.py"), f"engines/{game}/locale") for game in GAMES),
    Domain("bot", ("bot/*.py", "bot/*/*.py"), "bot/locale"),
)


class ExtractionProblem(Exception):
    """A marked text the catalog cannot hold (an f-string, a non-literal)."""


def extract(domain: Domain) -> Catalog:
    """The domain's messages as the code has them now (the template)."""
    template = Catalog(domain=domain.name, project="boardgame-bot", fuzzy=False)
    problems: list[str] = []
    for path in domain.files():
        relative = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            if not message or (isinstance(message, tuple) and not all(message)):
                problems.append(f"{relative}:{lineno}: a translated text must be a literal string")
                continue
            template.add(message, locations=[(relative, lineno)], auto_comments=comments, context=context)
    if problems:
        raise ExtractionProblem("\n".join(problems))
    if domain.name == "bot":  # the slash commands' names, descriptions and choices, as Discord is told them
        from bot.discord.commands import all_commands
        from bot.discord.translator import command_texts
        for text, context in command_texts(all_commands()):
            template.add(text, locations=[("bot/discord/commands.py", 0)], context=context)
    return template


#: Plural rules as gettext has long had them (CLDR gives Portuguese a third form for millions: "1 milhão de
#: cartas", which no count in these games reaches).
PLURALS = {"pt_BR": (2, "(n > 1)"), "de": (2, "(n != 1)")}


def _read(path: Path, language: str, domain: str) -> Catalog:
    catalog = _read_or_new(path, language, domain)
    catalog._num_plurals, catalog._plural_expr = PLURALS[language]  # type: ignore[assignment]
    return catalog


def _read_or_new(path: Path, language: str, domain: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=language, domain=domain, project="boardgame-bot", version="1",
                       copyright_holder="the boardgame-bot authors", msgid_bugs_address="", fuzzy=False,
                       header_comment=f"# {domain}: the {language} catalog (python -m bot.catalogs).\n#")
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=domain)


def _po_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True,
             include_previous=False, include_lineno=False)
    return buf.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def update(domains: Iterable[Domain] = DOMAINS) -> list[Path]:
    """Bring every ``.po`` in step with the code: new messages enter untranslated, gone ones leave."""
    written = []
    for domain in domains:
        template = extract(domain)
        for language in TRANSLATED:
            path = domain.po(language)
            catalog = _read(path, language, domain.name)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_po_bytes(catalog))
            written.append(path)
    return written


def compile_all(domains: Iterable[Domain] = DOMAINS) -> list[Path]:
    """Write each ``.mo`` from its ``.po``."""
    written = []
    for domain in domains:
        for language in TRANSLATED:
            catalog = _read(domain.po(language), language, domain.name)
            domain.mo(language).write_bytes(_mo_bytes(catalog))
            written.append(domain.mo(language))
    return written


def fields(text: str) -> set[str]:
    """The ``{fields}`` a message fills in (``ValueError`` for braces ``str.format`` cannot read)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _message_problems(message: Message, where: str) -> Iterator[str]:
    label = f"{where}: {message.id!r}"
    ids = [str(i) for i in (message.id if isinstance(message.id, tuple | list) else (message.id,))]
    texts = [str(t or "") for t in (message.string if isinstance(message.string, tuple | list) else (message.string,))]
    if message.fuzzy:
        yield f"{label} is marked fuzzy (check the translation, then remove the mark)"
    if not all(texts):
        yield f"{label} is not translated"
        return
    try:
        wanted = set().union(*(fields(i) for i in ids))
        for text in texts:
            got = fields(text)
            # A singular form may leave the number out ("eine Karte"); no form may bring a field of its own.
            if got - wanted or (len(ids) == 1 and got != wanted):
                yield f"{label}: the fields {sorted(got)} differ from the English {sorted(wanted)}"
    except ValueError as e:
        yield f"{label}: braces that cannot be filled in ({e})"


def shown(text: str) -> str:
    """What a reader sees of ``text`` at the least: its fixed words, without the ``{fields}`` (what fills them
    varies; a text too long without them is too long with them)."""
    try:
        return "".join(literal for literal, _name, _spec, _conversion in string.Formatter().parse(text))
    except ValueError:  # braces that cannot be filled in: reported on their own
        return text


def limit_problems(message: Message, texts: Iterable[str], where: str, language: str) -> Iterator[str]:
    """Each of ``texts`` (``message`` in ``language``: its msgstr forms, or the English msgid) longer than what
    Discord allows the kind of text its context names."""
    kind = message.context or ""
    limit = LIMITS.get(kind)
    if limit is None:
        return
    english = message.id[0] if isinstance(message.id, tuple | list) else message.id
    for text in texts:
        length = len(shown(text))
        if length > limit:
            yield (f"{where}: {english!r} ({kind}) is {length} characters long in {language}, over Discord's limit "
                   f"of {limit}: {text!r}")


def source_problems(domain: Domain) -> list[str]:
    """What is wrong with the English texts themselves: a text longer than Discord allows its kind."""
    try:
        template = extract(domain)
    except ExtractionProblem as e:
        return [str(e)]
    found: list[str] = []
    for message in template:
        if message.id:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            found += limit_problems(message, (str(i) for i in ids), "the code", ENGLISH)
    return found


def problems(domain: Domain, language: str) -> list[str]:
    """Everything wrong with one catalog: out of step with the code, untranslated, fields that differ, a text
    longer than Discord allows it, a stale ``.mo``."""
    found: list[str] = []
    po = domain.po(language)
    if not po.exists():
        return [f"{po.relative_to(ROOT)} is missing (python -m bot.catalogs update)"]
    catalog = _read(po, language, domain.name)
    where = po.relative_to(ROOT).as_posix()
    try:
        template = extract(domain)
    except ExtractionProblem as e:
        return [str(e)]
    ours = {m.id if not m.context else (m.context, m.id) for m in catalog if m.id}
    code = {m.id if not m.context else (m.context, m.id) for m in template if m.id}
    found += [f"{where}: {key!r} is in the code but not in the catalog (python -m bot.catalogs update)"
              for key in sorted(code - ours, key=str)]
    found += [f"{where}: {key!r} is no longer in the code (python -m bot.catalogs update)"
              for key in sorted(ours - code, key=str)]
    for message in catalog:
        if message.id:
            found += _message_problems(message, where)
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            found += limit_problems(message, (str(f) for f in forms if f), where, language)
    mo = domain.mo(language)
    if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
        found.append(f"{mo.relative_to(ROOT).as_posix()} is not compiled from the .po (python -m bot.catalogs compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["update", "compile", "check"])
    parser.add_argument("--domain", action="append", help="only these catalogs (default: all)")
    args = parser.parse_args(argv)
    chosen = [d for d in DOMAINS if not args.domain or d.name in args.domain]
    if args.command == "update":
        for path in update(chosen):
            print(path.relative_to(ROOT))
        return 0
    if args.command == "compile":
        for path in compile_all(chosen):
            print(path.relative_to(ROOT))
        return 0
    wrong = [p for d in chosen for p in source_problems(d)]
    wrong += [p for d in chosen for lang in TRANSLATED for p in problems(d, lang)]
    for line in wrong:
        print(line, file=sys.stderr)
    counted = sum(len(extract(d)) for d in chosen)
    print(f"catalogs: {len(chosen)} domains × {len(TRANSLATED)} languages, {counted} messages, "
          f"{len(wrong)} problems")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
