"""What the lobby says: a table's timing, its lobby post, and the replies to opening, joining, leaving,
cancelling, starting and rematches (the sentences of :mod:`bot.table.lobby` and the lobby's posts)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _
from bot.store import Pace, Policy, Status
from bot.table.sentences import GameSentence
from bot.table.wording_time import pace_label, policy_label
from bot.text import join_names
from engines.i18n import N_


def timing(pace: Pace, policy: Policy) -> str:
    """'daily pace, 24 h per turn; when time runs out the game pauses'."""
    if pace is Pace.NONE:
        return _("no time limit")
    return f"{pace_label(pace)}; {policy_label(policy)}"


def timing_line(pace: Pace, policy: Policy) -> str:
    """:func:`timing` as a sentence of its own: 'Daily pace, 24 h per turn; when time runs out …'."""
    text = timing(pace, policy)
    return text[:1].upper() + text[1:] + "."


def lobby(title: str, game_id: int, wanted: str, timing_text: str, names: Sequence[str],
          starts_when_full: bool) -> str:
    lines = [_("**{title}** — game #{game}, a table for {wanted} players.", title=title, game=game_id, wanted=wanted)]
    if timing_text:
        lines.append(_("Time: {timing}.", timing=timing_text))
    lines.append(_("Seated ({count}): {names}", count=len(names), names=", ".join(names) or _("nobody yet")))
    lines.append(_("Press **Join** to take a seat. The host presses **Start** when everyone is in (it starts by "
                   "itself when full).") if starts_when_full else
                 _("Press **Join** to take a seat. The host presses **Start** when everyone is in."))
    return "\n".join(lines)


def lobby_closed(title: str, game_id: int, status: Status, names: Sequence[str], timing_text: str) -> str:
    players = ", ".join(names) or _("nobody")
    if status is Status.RUNNING:
        text = _("**{title}** — game #{game} has started. Players: {players}.", title=title, game=game_id,
                 players=players)
    elif status is Status.CANCELLED:
        text = _("**{title}** — game #{game} was cancelled. Players: {players}.", title=title, game=game_id,
                 players=players)
    else:
        text = _("**{title}** — game #{game} is over. Players: {players}.", title=title, game=game_id,
                 players=players)
    return text + ("\n" + _("Time: {timing}.", timing=timing_text) if timing_text else "")


opened = GameSentence(N_("You opened game #{game}."))
joined = GameSentence(N_("You joined game #{game}."))
left = GameSentence(N_("You left game #{game}."))
cancelled = GameSentence(N_("Game #{game} is cancelled."))
started = GameSentence(N_("Game #{game} started."))


def begins(game_id: int, title: str, names: Sequence[str]) -> str:
    seating = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(names))
    return _("Game #{game} of {title} begins! Seats: {seats}.", game=game_id, title=title, seats=seating)


def your_seat(seat: int, game_id: int) -> str:
    return _("You are seat {seat} in game #{game}.", seat=seat + 1, game=game_id)


def rematch_opened(new_id: int, old_id: int) -> str:
    return _("You opened game #{new}, a rematch of game #{old}.", new=new_id, old=old_id)


def rematch_call(name: str, new_id: int, title: str, players: int, timing_text: str, others: Sequence[str]) -> str:
    text = _("Rematch! {name} opened game #{game} ({title}, {players} players, same options; {timing}).", name=name,
             game=new_id, title=title, players=players, timing=timing_text)
    if others:
        text += " " + _("{names}: press **Join** to play again.", names=join_names(others))
    return text
