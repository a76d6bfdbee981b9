"""Every sentence of a game's review (``/review``): its heading, each player's summary and findings, its progress
line and its refusals."""

from __future__ import annotations

from bot.language import _, ngettext, pgettext
from bot.table.sentences import GameSentence
from engines.i18n import N_


def percent(chance: float) -> str:
    """A chance of winning as players read it: '41 %'."""
    return _("{percent} %", percent=round(chance * 100))


def decimal(value: float) -> str:
    """A number with one decimal, with the reader's decimal mark ('3.1', '3,1')."""
    return format(value, ".1f").replace(".", pgettext("decimal mark", "."))


def heading(label: str) -> str:
    """'**Review of game #12 (Burgenland, finished)**', and how to read it."""
    return _("**The computer's review of {label}** — for each player, the decisions where their estimated chance "
             "of winning dropped most, and what the computer would have played instead.", label=label)


def summary(name: str, mean_drop: float, weighed: int, decisions: int) -> str:
    """A player's one line: their accuracy as the average drop of their chance of winning per decision weighed."""
    points = _("{points} points", points=decimal(mean_drop * 100))
    if weighed < decisions:
        return _("**{name}** — accuracy: {points} lost per decision on average ({weighed} of {decisions} decisions "
                 "weighed).", name=name, points=points, weighed=weighed, decisions=decisions)
    return ngettext("**{name}** — accuracy: {points} lost per decision on average ({count} decision weighed).",
                    "**{name}** — accuracy: {points} lost per decision on average ({count} decisions weighed).",
                    weighed, name=name, points=points, count=weighed)


def finding(turn: int, played: str, played_chance: float, best: str, best_chance: float) -> str:
    """'Turn 14: you played *Take workers* (41 %); *Place the ship on the blue region* gave 58 %.' (the moves in
    the game's own words, as its buttons say them)."""
    return _("Turn {turn}: you played *{played}* ({chance}); *{best}* gave {best_chance}.", turn=turn,
             played=played, chance=percent(played_chance), best=best, best_chance=percent(best_chance))


def nothing_to_tell() -> str:
    return _("No decision cost a notable chance of winning.")


def no_decisions() -> str:
    return _("No decision with a choice to weigh.")


def progress(game_id: int, done: int, total: int) -> str:
    """The review's progress line, edited as it goes."""
    return _("🔎 Reviewing game #{game}: {done} of {total} decisions weighed…", game=game_id, done=done, total=total)


def posted(game_id: int) -> str:
    """The answer to whoever asked: the review is in the game's thread."""
    return _("The review of game #{game} is posted in its thread.", game=game_id)


def under_way(game_id: int) -> str:
    """A second request while the review is being computed: it shares the one under way."""
    return _("Game #{game} is being reviewed already: the review will be posted in its thread.", game=game_id)


def still_running(game_id: int) -> str:
    return _("Game #{game} is still being played: it can be reviewed once it has ended (a review would tell what "
             "the players cannot see yet).", game=game_id)


not_started = GameSentence(N_("Game #{game} has not started yet: there is nothing to review."))
never_started = GameSentence(N_("Game #{game} never started: there is nothing to review."))


def cannot_review(game_id: int, note: str) -> str:
    return _("Game #{game} cannot be reviewed: {note}.", game=game_id, note=note or "?")


def only_in_a_server() -> str:
    return _("Use `/review` in the server where the game was played.")
