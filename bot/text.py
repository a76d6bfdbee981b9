"""Turning engine text and game records into words for people."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from bot.language import _, pgettext

# Engines write seats as neutral tokens: ``{seat:2}`` (Burgenland) or ``{seat2}``; both 0-based.
_SEAT_TOKEN = re.compile(r"\{seat:?(\d+)\}")

#: Markdown in a Discord message (anywhere, or at the start of a line): shown as typed after a backslash.
_MARKDOWN = re.compile(r"([\\*_~`|\[\]])|^([>#-])")
_ESCAPED = re.compile(r"\\([\\*_~`|\[\]])|^\\([>#-])")
#: A zero-width space after "@" and "<": ``@everyone`` and ``<@123>`` are then plain text that pings nobody.
_ZWSP = "\u200b"


def escape_name(name: str) -> str:
    """A name someone chose, made safe to put into a message: its markdown is shown as typed and its
    mentions ping nobody.  Names are stored this way; :func:`plain_name` gives back what was typed."""
    escaped = _MARKDOWN.sub(lambda m: "\\" + (m.group(1) or m.group(2)), name)
    return escaped.replace("@", "@" + _ZWSP).replace("<", "<" + _ZWSP)


def plain_name(name: str) -> str:
    """The name as it was typed (for images, which draw text literally)."""
    return _ESCAPED.sub(lambda m: m.group(1) or m.group(2), name.replace(_ZWSP, ""))


def fill_seats(text: str, names: Sequence[str], brief: Sequence[str] | None = None,
               named: Iterable[int] = ()) -> str:
    """Replace every seat token with that seat's display name (``seat N`` if the seat is unknown).

    ``brief``: a shorter name per seat, for every mention after a seat's first in ``text`` — a computer player's
    level is said once a line, not at each of its moves ("Bot 1 (normal) takes … Bot 1 buys …"); ``named``:
    seats the line has named before ``text`` (a log line's head), which get their brief name at once."""
    said = set(named)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return _("seat {seat}", seat=seat + 1)
        if brief is not None and seat in said:
            return brief[seat]
        said.add(seat)
        return names[seat]

    return _SEAT_TOKEN.sub(name, text)


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the end of a list of names: "Ann, Bo and Cy" ({names} is "Ann, Bo").
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def plural(count: int, noun: str) -> str:
    """'1 day', '3 days' — English only: a translated text uses ``ngettext`` with the whole sentence."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th' (a rank; each language writes its own: '1.', '1º')."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        return pgettext("ordinal", "{n}st", n=n)
    if suffix == "nd":
        return pgettext("ordinal", "{n}nd", n=n)
    if suffix == "rd":
        return pgettext("ordinal", "{n}rd", n=n)
    return pgettext("ordinal", "{n}th", n=n)


def result_lines(result: dict[str, Any], names: Sequence[str], unit: str | None = None) -> list[str]:
    """The final ranking, best first, each score labelled: ``1st  Ann — 34 VP`` (``unit``: "points")."""
    if unit is None:
        unit = _("points")
    ranks, scores = result["ranks"], result["scores"]
    order = sorted(range(len(ranks)), key=lambda seat: (ranks[seat], seat))
    lines = [f"{ordinal(ranks[s])}  {names[s]} — {scores[s]} {unit}" for s in order]
    if result.get("detail"):  # how the engine ranked, ties included
        lines.append(_("Ranking and tie-break: {detail}", detail=fill_seats(str(result["detail"]), names)))
    return lines
