"""Every sentence about computer players: their names, their seats, hints and stand-ins."""

from __future__ import annotations

from collections.abc import Sequence

import ai
from bot.language import _
from bot.store import SeatRow
from bot.table.sentences import GameSentence
from engines.i18n import N_


def bot_name(number: int, level: str) -> str:
    # Not translated: the store keeps it as the computer's display name, read by everyone in every language.
    return f"Bot {number} ({level})"


def brief_name(name: str, level: str) -> str:
    """A seat's name once a line has said it: a computer player's without its level ("Bot 1"), a person's whole."""
    suffix = f" ({level})"
    return name.removesuffix(suffix) if level and name.endswith(suffix) and name != suffix else name


def brief_names(seats: Sequence[SeatRow]) -> tuple[str, ...]:
    """Each seat's :func:`brief_name`."""
    return tuple(brief_name(s.name, s.level) for s in seats)


def levels() -> str:
    return ", ".join(ai.LEVELS)


def bad_level(level: str) -> str:
    return _("{level!r} is not a computer level: choose {levels}.", level=level, levels=levels())


def too_many_bots(bots: int, most: int) -> str:
    if most > 0:
        return _("{bots} computer players do not fit: at most {most} here, since you take a seat too.", bots=bots,
                 most=most)
    return _("There is no seat left for a computer player.")


def bot_added(game_id: int, name: str) -> str:
    return _("{name} took a seat at game #{game}.", name=name, game=game_id)


def opened_with_bots(game_id: int, names: Sequence[str]) -> str:
    return _("Game #{game} is open, with {names} seated.", game=game_id, names=", ".join(names))


no_bot_to_act = GameSentence(N_("No computer player is to act in game #{game}."))
hints_off = GameSentence(N_("Hints are off at game #{game} (chosen when it was opened)."))
hint_busy = GameSentence(N_("Your hint for game #{game} is still being worked out; ask again in a moment."))


def hints_too_many(limit: int, seconds: int) -> str:
    return _("That makes {n} hints worked out for you within a minute, the most I do; ask again in {seconds} s.",
             n=limit, seconds=seconds)


def hints_line(on: bool) -> str:
    return _("Hints: on (`/hint` suggests a move).") if on else _("Hints: off.")


def hint(game_id: int, options: Sequence[tuple[str, float]], level: str, iterations: int, samples: int) -> str:
    """The suggestion first, then the runners-up, each with its estimated chance of winning."""
    if iterations == 0:
        return _("Game #{game}: only one move is possible — **{move}**.", game=game_id, move=options[0][0])
    best, *others = options
    lines = [_("💡 Game #{game}: I would play **{move}** (about {chance} to win).", game=game_id, move=best[0],
               chance=_percent(best[1]))]
    if others:
        considered = "; ".join(f"{label} ({_percent(chance)})" for label, chance in others)
        lines.append(_("Also considered: {moves}.", moves=considered))
    lines.append(_("({level} level: {iterations} simulated continuations over {samples} guesses at what you cannot "
                   "see; the chances are estimates.)", level=level, iterations=iterations, samples=samples))
    return "\n".join(lines)


def _percent(chance: float) -> str:
    return _("{percent} %", percent=round(chance * 100))


def stood_in(name: str, labels: Sequence[str]) -> str:
    return _("({name} was away: a computer player ({level}) played {moves} for them.)", name=name, level=ai.DEFAULT,
             moves=", ".join(labels) or _("nothing"))


def results_against_bots(title: str, played_count: int, won: int) -> str:
    return _("{title} against computer players: {played} played, {won} won", title=title, played=played_count,
             won=won)
