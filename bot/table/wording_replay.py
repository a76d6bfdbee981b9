"""Every sentence of a replay (``/replay``): its heading, its label, its refusals and its image's alt text."""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _, ngettext, pgettext
from bot.table.sentences import GameSentence
from engines.i18n import N_


def heading(label: str, turn: int, count: int) -> str:
    """'**Replay of game #12 (Burgenland, finished) — after turn 3 of 40**' (``label``: the game's, ``wording.label``):
    the board shown is the one turn 3 left (its picture names the turn that comes next)."""
    return _("**Replay of {label} — after turn {turn} of {count}**", label=label, turn=turn, count=count)


def turn_label(turn: int, count: int) -> str:
    """The replay's label between its buttons: 'Turn 3 of 40'."""
    return pgettext("button", "Turn {turn} of {count}", turn=turn, count=count)


def nothing_said() -> str:
    """A turn whose moves said nothing in public (a choice inside a decision, then nothing more)."""
    return _("(nothing to tell of this turn)")


def still_running() -> str:
    return _("The game goes on: the turn in progress is not shown until it is over.")


not_on_this_server = GameSentence(N_("There is no game #{game} on this server."))


def only_in_a_server() -> str:
    return _("Use `/replay` in the server where the game is played.")


not_started = GameSentence(N_("Game #{game} has not started yet: there is nothing to replay."))
never_started = GameSentence(N_("Game #{game} never started: there is nothing to replay."))


def cannot_replay(game_id: int, note: str) -> str:
    return _("Game #{game} cannot be replayed: {note}.", game=game_id, note=note or "?")


no_turn_yet = GameSentence(N_("No turn of game #{game} is over yet: there is nothing to replay so far."))


def alt(title: str, game_id: int, turn: int, count: int) -> str:
    return _("{title}, game #{game}: the board after turn {turn} of {count}.", title=title, game=game_id, turn=turn,
             count=count)


def alt_player(title: str, game_id: int, name: str, turn: int) -> str:
    return _("{title}, game #{game}: {name}'s own board after their turn {turn}.", title=title, game=game_id,
             name=name, turn=turn)


def alt_moves(moves: Sequence[str]) -> str:
    return _("This turn: {moves}", moves=" ".join(moves))


def alt_history(title: str, game_id: int, turns: int) -> str:
    """The animation's alt text."""
    return ngettext("{title}, game #{game}: an animation of the board, from the start through its {count} turn, "
                    "what each turn changed marked at its corners.",
                    "{title}, game #{game}: an animation of the board, from the start through its {count} turns, "
                    "what each turn changed marked at its corners.", turns, title=title, game=game_id, count=turns)
