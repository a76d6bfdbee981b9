"""Every sentence about computer players: their names, their seats, hints and stand-ins."""

from __future__ import annotations

from collections.abc import Sequence

import ai


def bot_name(number: int, level: str) -> str:
    return f"Bot {number} ({level})"


def levels() -> str:
    return ", ".join(ai.LEVELS)


def bad_level(level: str) -> str:
    return f"{level!r} is not a computer level: choose {levels()}."


def too_many_bots(bots: int, most: int) -> str:
    return (f"{bots} computer players do not fit: at most {most} here, since you take a seat too."
            if most > 0 else "There is no seat left for a computer player.")


def bot_added(game_id: int, name: str) -> str:
    return f"{name} took a seat at game #{game_id}."


def opened_with_bots(game_id: int, names: Sequence[str]) -> str:
    return f"Game #{game_id} is open, with {', '.join(names)} seated."


def no_bot_to_act(game_id: int) -> str:
    return f"No computer player is to act in game #{game_id}."


def hints_off(game_id: int) -> str:
    return f"Hints are off at game #{game_id} (chosen when it was opened)."


def hints_line(on: bool) -> str:
    return "Hints: on (`/hint` suggests a move)." if on else "Hints: off."


def hint(game_id: int, options: Sequence[tuple[str, float]], level: str, iterations: int, samples: int) -> str:
    """The suggestion first, then the runners-up, each with its estimated chance of winning."""
    if iterations == 0:
        return f"Game #{game_id}: only one move is possible — **{options[0][0]}**."
    best, *others = options
    lines = [f"💡 Game #{game_id}: I would play **{best[0]}** (about {_percent(best[1])} to win)."]
    if others:
        lines.append("Also considered: " + "; ".join(f"{label} ({_percent(chance)})" for label, chance in others) + ".")
    lines.append(f"({level} level: {iterations} simulated continuations over {samples} guesses at what you "
                 "cannot see; the chances are estimates.)")
    return "\n".join(lines)


def _percent(chance: float) -> str:
    return f"{round(chance * 100)} %"


def stood_in(name: str, labels: Sequence[str]) -> str:
    return f"({name} was away: a computer player ({ai.DEFAULT}) played {', '.join(labels) or 'nothing'} for them.)"


def results_against_bots(title: str, played_count: int, won: int) -> str:
    return f"{title} against computer players: {played_count} played, {won} won"
