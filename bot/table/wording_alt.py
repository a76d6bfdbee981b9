"""The words of alt text: what each image the bot sends shows, for a player who reads with a screen reader.

Each description begins with what the image is (the game, its number, whose view), then says what a
sighted player reads off it first: whose turn it is, the scores, the last moves; a hand adds the
choices its player has now.  Written in the language of the message the image goes with.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _

#: Choices named in a hand's description (the rest are counted).
CHOICES = 12


def board(title: str, game_id: int) -> str:
    return _("{title}, game #{game}: the board.", title=title, game=game_id)


def close_up(board_alt: str) -> str:
    """The alt text of a turn post's compact picture: the board's own, said to be its close-up."""
    return _("Close-up of what matters now (the whole board is the next picture). {board}", board=board_alt)


def hand(title: str, game_id: int, name: str) -> str:
    return _("{title}, game #{game}: what only {name} sees — their hand and their own pieces.", title=title,
             game=game_id, name=name)


def player(title: str, game_id: int, name: str) -> str:
    return _("{title}, game #{game}: {name}'s own board.", title=title, game=game_id, name=name)


def everyone(title: str, game_id: int) -> str:
    return _("{title}, game #{game}: every player's own board.", title=title, game=game_id)


def standings(title: str, game_id: int) -> str:
    return _("{title}, game #{game}: the final standing, and a chart of the scores over the game.", title=title,
             game=game_id)


def last_moves(moves: Sequence[str]) -> str:
    return _("Last moves: {moves}", moves=" ".join(moves))  # each move's text is whole sentences


def choices(labels: Sequence[str], total: int) -> str:
    """'Your choices: a; b; c; and 5 more.' — ``labels`` the first of ``total`` choices."""
    named = "; ".join(labels[:CHOICES])
    more = total - len(labels[:CHOICES])
    if more <= 0:
        return _("Your choices: {choices}.", choices=named)
    # "and 1 more", "and 5 more": no word follows the number, so no plural forms
    return _("Your choices: {choices}; and {n} more.", choices=named, n=more)
