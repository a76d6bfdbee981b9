"""A sentence whose one field is a game's number ("Game #{game} has not started yet."): most of the table's
short replies.  Each is one line of its wording module — ``not_started = GameSentence(N_("…"))`` — and is
called as a function, ``wording.not_started(12)``, which says it in the current language."""

from __future__ import annotations

from dataclasses import dataclass

from bot.language import _


@dataclass(frozen=True, slots=True)
class GameSentence:
    #: The English text, marked with ``N_`` where it is made (the catalog extracts it from there).
    msgid: str

    def __call__(self, game_id: int) -> str:
        return _(self.msgid, game=game_id)
