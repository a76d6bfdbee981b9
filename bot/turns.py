"""What a turn is, over a game's log (engines only, so the drawing workers use it too): where each turn ends
(:func:`turn_ends`: ``/replay``'s steps) and a game's board history (:func:`board_history`: the animation at its
end)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import AnyEngine


def turn_ends(turns: Sequence[int], now: int, over: bool) -> tuple[int, ...]:
    """Where each turn of a log ends: ``ends[n - 1]`` is how many of its actions had been applied once turn ``n`` was
    over.  ``turns``: the turn in progress before each action (``engine.turn_number``, rising); ``now``: the turn in
    progress after the last one; ``over``: whether the game is over — then its last turn that has a move is shown
    too, while a running game shows only the turns before ``now``.  A turn without an action of its own (an action
    that ended two) ends where the one before it did."""
    count = (turns[-1] if turns else 0) if over else now - 1
    ends: list[int] = []
    done = 0
    for number in range(1, count + 1):
        while done < len(turns) and turns[done] <= number:
            done += 1
        ends.append(done)
    return tuple(ends)


def board_history(engine: AnyEngine, seats: int, seed: int, options: Mapping[str, Any],
                  log: Sequence[tuple[int, str]], over: bool = True) -> list[Mapping[str, Any]]:
    """A game's board history, for an animation (``render.animation.draw_animation``): the public view at the start,
    then right after each turn (:func:`turn_ends`: the turns a replay shows)."""
    state = engine.new_game(seats, seed, options)
    states: list[Any] = [state]
    turns: list[int] = []
    for seat, key in log:
        turns.append(engine.turn_number(state))
        state, _ = engine.apply(state, seat, engine.parse_action(state, seat, key))
        states.append(state)
    return [engine.view(states[end], None) for end in (0, *turn_ends(turns, engine.turn_number(state), over))]


__all__ = ["board_history", "turn_ends"]
