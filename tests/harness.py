"""The shared engine test harness: seeded random playouts checking the protocol's invariants.

Every engine's tests call :func:`play` (or :func:`play_many`).  After every step:

- ``load(dump(s)) == s`` through real JSON text;
- ``apply`` leaves its input untouched and gives the same result as ``apply_trusted``;
- the chosen action survives ``parse_action(action_key(a))`` and
  ``parse_action(format_action(a))``; keys and labels are unique and at most 100 chars — labels in
  each language in turn (``engines.i18n.LANGUAGES``), read back in that language, where the English
  label reads too;
- someone has a legal action unless the game is over (and then there is an outcome);
- a seat that is not to act has no legal actions and ``apply`` refuses it;
- event texts for every viewer (in each language in turn) are strings without the RNG in them;
- ``move_count`` equals the log length and the undo barrier never moves back;
- ``turn_number`` starts at 1 and goes up by one for each event of kind "turn" (a new player's turn),
  never otherwise, and the public view shows it;
- an engine-specific ``invariant(state)`` (conservation of components).

Every ``deep_every``-th step, and on the last, more expensive checks: every
legal action's key and label round-trip; ``default_action`` is legal and, repeated, hands
the turn over; every view is JSON-safe and free of the
RNG; ``view(determinize(s, seat), seat) == view(s, seat)`` for every seat.
At the end the state equals a replay of the log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines import rng
from engines.core import Action, Engine, EngineError
from engines.i18n import ENGLISH, LANGUAGES, speaking

Invariant = Callable[[Any], None]
Policy = Callable[[Engine, Any, int, tuple[Action, ...], int], tuple[int, Action]]


def uniform(engine: Engine, state: Any, seat: int, legal: tuple[Action, ...], r: int) -> tuple[int, Action]:
    """Pick any legal action with equal chance."""
    r, i = rng.randbelow(r, len(legal))
    return r, legal[i]


def by_key(weigh: Callable[[str], int]) -> Policy:
    """A random policy that picks each legal action with a chance proportional to ``weigh(key)``."""

    def pick(engine: Engine, state: Any, seat: int, legal: tuple[Action, ...], r: int) -> tuple[int, Action]:
        cumulative = []
        total = 0
        for action in legal:
            total += weigh(engine.action_key(action))
            cumulative.append(total)
        r, x = rng.randbelow(r, total)
        return r, legal[next(i for i, c in enumerate(cumulative) if c > x)]

    return pick


def by_verb(weights: dict[str, int]) -> Policy:
    """Favour some actions by their key's first word (default weight 1).

    Uniform play wanders (it cancels half-made moves as often as it finishes them);
    weighted play reaches the end of a game in far fewer steps while still trying
    every kind of action now and then.
    """
    return by_key(lambda key: weights.get(key.split(" ", 1)[0], 1))


@dataclass
class Playout:
    seats: int
    seed: int
    state: Any
    log: list[tuple[int, str]] = field(default_factory=list)
    steps: int = 0
    finished: bool = False


def _secret(engine: Engine, state: Any) -> str:
    """The RNG value as it would appear in text (it must appear nowhere a player can read)."""
    return str(engine.dump(state)["rng"])


def _check_views(engine: Engine, state: Any, seats: int) -> None:
    secret = _secret(engine, state)
    for viewer in [None, *range(seats)]:
        text = json.dumps(engine.view(state, viewer), allow_nan=False)
        assert secret not in text, f"view for {viewer} shows the RNG"


def _check_determinize(engine: Engine, state: Any, seats: int, seed: int) -> None:
    for seat in range(seats):
        other = engine.determinize(state, seat, seed)
        assert engine.view(other, seat) == engine.view(state, seat), (
            f"determinize changed what seat {seat} can see: the view shows hidden information")
        # Canonical: ``other`` looks the same to the seat, so determinizing it must give the same sample
        # (the computer players' choices may depend on what the seat sees only).
        again = json.dumps(engine.dump(engine.determinize(other, seat, seed + 1)), sort_keys=True)
        assert again == json.dumps(engine.dump(engine.determinize(state, seat, seed + 1)), sort_keys=True), (
            f"determinize is not canonical for seat {seat}: the hidden order of the state shows through")


def _check_notation(engine: Engine, state: Any, seat: int, actions: Sequence[Action],
                    language: str = ENGLISH) -> None:
    """Keys and labels (in ``language``) unique, short, and read back by ``parse_action`` in that language;
    in another language the English label of a move reads as well."""
    keys = [engine.action_key(a) for a in actions]
    assert len(set(keys)) == len(keys), f"duplicate keys: {keys}"
    with speaking(language):
        labels = [engine.format_action(state, seat, a) for a in actions]
        assert len(set(labels)) == len(labels), f"duplicate labels ({language}): {labels}"
        for action, key, label in zip(actions, keys, labels, strict=True):
            assert len(key) <= 100 and len(label) <= 100, (key, label)
            assert engine.parse_action(state, seat, key) == action, f"key {key!r} does not parse back"
            assert engine.parse_action(state, seat, label) == action, \
                f"{language} label {label!r} does not parse back"
            assert engine.parse_action(state, seat, key.upper()) == action, "keys are case-insensitive"
    if language != ENGLISH and actions:
        with speaking(ENGLISH):
            english = engine.format_action(state, seat, actions[-1])
        with speaking(language):
            assert engine.parse_action(state, seat, english) == actions[-1], \
                f"the English label {english!r} does not read in {language}"


def _check_outsiders(engine: Engine, state: Any, seats: int, acting: tuple[int, ...], action: Action) -> None:
    for seat in range(seats):
        if seat not in acting:
            assert engine.legal_actions(state, seat) == (), f"seat {seat} has actions out of turn"
            with pytest.raises(EngineError):
                engine.apply(state, seat, action)


def _check_default_hands_over(engine: Engine, state: Any, limit: int = 200) -> None:
    """An away player's default moves are legal and soon pass the turn on (or end the game)."""
    start = engine.to_act(state)
    trial = state
    for _ in range(limit):
        acting = engine.to_act(trial)
        if acting != start or not acting:
            return
        trial, _ = engine.apply(trial, acting[0], engine.default_action(trial, acting[0]))
    raise AssertionError(f"{limit} default actions in a row did not hand the turn over")


def play(engine: Engine, seats: int, seed: int, *, invariant: Invariant | None = None,
         policy: Policy = uniform, max_steps: int = 20_000, deep_every: int = 10,
         options: dict[str, Any] | None = None) -> Playout:
    """Play one seeded random game to its end, checking every invariant on the way."""
    state = engine.new_game(seats, seed, options)
    run = Playout(seats, seed, state)
    r = rng.seed_state(seed ^ 0x5EED)
    before = json.dumps(engine.dump(state))
    assert engine.load(json.loads(before)) == state, "load(dump(s)) != s"
    assert engine.turn_number(state) == 1, "a game starts at turn 1"
    while run.steps < max_steps:
        acting = engine.to_act(state)
        if not acting:
            break
        deep = run.steps % deep_every == 0
        r, pick = rng.randbelow(r, len(acting))
        seat = acting[pick]
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action (step {run.steps})"
        if deep:  # each deep step checks labels in another language
            _check_notation(engine, state, seat, legal, LANGUAGES[run.steps // deep_every % len(LANGUAGES)])
            _check_views(engine, state, seats)
            _check_determinize(engine, state, seats, seed + run.steps)
        r, action = policy(engine, state, seat, legal, r)
        key = engine.action_key(action)
        assert engine.parse_action(state, seat, key) == action
        assert engine.parse_action(state, seat, engine.format_action(state, seat, action)) == action
        if deep:
            _check_outsiders(engine, state, seats, acting, action)
            _check_default_hands_over(engine, state)
        new, events = engine.apply(state, seat, action)
        assert json.dumps(engine.dump(state)) == before, "apply mutated its input"
        assert (new, events) == engine.apply_trusted(state, seat, action), "apply != apply_trusted"
        before = json.dumps(engine.dump(new))
        assert engine.load(json.loads(before)) == new, "load(dump(s)) != s"
        secret = str(json.loads(before)["rng"])
        with speaking(LANGUAGES[run.steps % len(LANGUAGES)]):  # each step's events in another language
            for event in events:
                for viewer in [None, *range(seats)]:
                    text = engine.describe(event, viewer)
                    assert isinstance(text, str) and text, f"no text for {event}"
                    assert secret not in text, f"event text shows the RNG: {text!r}"
        barrier = engine.undo_barrier(state)
        turns = sum(1 for event in events if event.kind == "turn")
        assert engine.turn_number(new) == engine.turn_number(state) + turns, (
            "turn_number must count the turns begun: one more for each 'turn' event")
        if deep:
            assert engine.view(new, None)["turn_number"] == engine.turn_number(new), "the view shows the turn"
        state = new
        run.log.append((seat, key))
        run.steps += 1
        assert engine.move_count(state) == run.steps, "move_count must equal the log length"
        assert barrier <= engine.undo_barrier(state) <= run.steps, "the undo barrier only moves forward"
        if invariant is not None:
            invariant(state)
    run.state = state
    run.finished = not engine.to_act(state)
    assert run.finished, f"game {seats}p seed {seed} did not end in {max_steps} steps"
    assert engine.outcome(state) is not None, "the game is over but has no outcome"
    _check_views(engine, state, seats)
    assert engine.replay(seats, seed, options, run.log) == state, "replaying the log gives another state"
    return run


def play_many(engine: Engine, games: int, seat_counts: Sequence[int], first_seed: int = 0,
              **kwargs: Any) -> list[Playout]:
    return [play(engine, seat_counts[i % len(seat_counts)], first_seed + i, **kwargs) for i in range(games)]


def finished_games(engine: Engine, games: int, seat_counts: Sequence[int], first_seed: int, **kwargs: Any
                   ) -> list[tuple[Playout, Any]]:
    """``play_many`` with every game played to its end: each run with its outcome, where someone is first."""
    runs = play_many(engine, games, seat_counts, first_seed, **kwargs)
    assert all(run.finished for run in runs)
    outcomes = [engine.outcome(run.state) for run in runs]
    assert all(o is not None and min(o.ranks) == 1 for o in outcomes)
    return list(zip(runs, outcomes, strict=True))


def chunk_of_games(engine: Engine, chunk: int, games: int, first_seed: int, seat_counts: Sequence[int] = (2, 3, 4),
                   **kwargs: Any) -> list[tuple[Playout, Any]]:
    """Chunk ``chunk`` of a long run of games split so the test workers share it: ``finished_games`` with
    ``games`` games from the seed ``first_seed + chunk * games`` on, each state deeply checked every 25 steps."""
    return finished_games(engine, games, seat_counts, first_seed + chunk * games, deep_every=25, **kwargs)
