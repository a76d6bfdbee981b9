"""The computer's review of a finished game, as worker processes compute it (pure: no store, no Discord).

The log is replayed and each player's **decisions** listed: every action taken where the seat had more than one
legal choice (:func:`decisions`).  Each is then **weighed** (:func:`weigh`) by the normal level's analysis
(``ai.analyse`` at ``ai.DEFAULT``), which looks only at what that seat could see then: it replaces the position by
``engine.determinize`` samples of the seat's view before anything else, so the review knows no more than the player
did.  The move played is always among the choices weighed (``also``: beside the game's candidates, even where its
policy never considers it), so every decision listed is weighed.  A decision's **drop** is how far the estimated
chance of winning of the move played falls short of the best choice's; the three largest per player are the
review's findings, and the average drop over every decision weighed is the player's one-line summary.

The work is bounded and counted: each analysis spends the normal level's budget (iterations or positions, never
time), and at most :data:`DECISIONS_PER_SEAT` decisions of each player are weighed — spread evenly over the game
when there are more — so a long game's review costs about as much as a short one's.  The texts of both moves are
written in every language at once, so one review, kept once, serves every reader.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ai
import engines
from engines.core import AnyEngine
from engines.i18n import LANGUAGES, speaking

#: The decisions of one player weighed at most (evenly spread over the game when there are more).
DECISIONS_PER_SEAT = 24
#: The findings told per player.
FINDINGS = 3
#: A drop smaller than this (a chance, 0–1) is the analysis's noise, not a mistake worth telling.
NOTABLE = 0.02


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice a player made, as the review weighs it."""

    seat: int
    turn: int           # the turn it was made in (``engine.turn_number``), as players read it
    number: int         # the moves made before it (``engine.move_count``): seeds its analysis
    state: str          # the position (the engine's dump); the analysis reads only the seat's view of it
    played: str         # the action taken (its key)


@dataclass(frozen=True, slots=True)
class Weighed:
    """A decision weighed: the chances of winning of the move played and of the analysis's best choice."""

    seat: int
    turn: int
    played_chance: float
    best_chance: float
    played: tuple[tuple[str, str], ...]   # the move played, (language, text) in every language
    best: tuple[tuple[str, str], ...]     # the best choice, the same way
    iterations: int                       # what the analysis counted

    @property
    def drop(self) -> float:
        return max(0.0, self.best_chance - self.played_chance)


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One player's review: their decisions with a choice, how many were weighed, the average drop and the
    largest drops (at most :data:`FINDINGS`, largest first)."""

    seat: int
    decisions: int
    weighed: int
    mean_drop: float
    worst: tuple[Weighed, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review, per seat, with the analysis's total count."""

    seats: tuple[SeatReview, ...]
    iterations: int

    def to_json(self) -> str:
        return json.dumps({"iterations": self.iterations, "seats": [
            {"seat": s.seat, "decisions": s.decisions, "weighed": s.weighed, "mean_drop": s.mean_drop,
             "worst": [_weighed_json(w) for w in s.worst]} for s in self.seats]}, ensure_ascii=False)

    @classmethod
    def from_json(cls, body: str) -> Review:
        data = json.loads(body)
        seats = tuple(SeatReview(int(s["seat"]), int(s["decisions"]), int(s["weighed"]), float(s["mean_drop"]),
                                 tuple(_weighed_of(w) for w in s["worst"])) for s in data["seats"])
        return cls(seats, int(data["iterations"]))


def _weighed_json(w: Weighed) -> dict[str, Any]:
    return {"seat": w.seat, "turn": w.turn, "played_chance": w.played_chance, "best_chance": w.best_chance,
            "played": dict(w.played), "best": dict(w.best), "iterations": w.iterations}


def _weighed_of(data: Mapping[str, Any]) -> Weighed:
    return Weighed(int(data["seat"]), int(data["turn"]), float(data["played_chance"]), float(data["best_chance"]),
                   tuple(data["played"].items()), tuple(data["best"].items()), int(data["iterations"]))


def decisions(engine_name: str, seats: int, seed: int, options: Mapping[str, Any], log: Sequence[tuple[int, str]],
              per_seat: int = DECISIONS_PER_SEAT) -> tuple[list[Decision], dict[int, int]]:
    """The decisions to weigh (at most ``per_seat`` of each seat, evenly spread, in the log's order) and how many
    decisions with a choice each seat made."""
    engine = engines.get(engine_name)
    state = engine.new_game(seats, seed, options)
    found: dict[int, list[Decision]] = {}
    for seat, key in log:
        if len(engine.legal_actions(state, seat)) > 1:
            found.setdefault(seat, []).append(Decision(seat, engine.turn_number(state), engine.move_count(state),
                                                       json.dumps(engine.dump(state)), key))
        state, _ = engine.apply(state, seat, engine.parse_action(state, seat, key))
    chosen = [d for seat_decisions in found.values() for d in spread(seat_decisions, per_seat)]
    return sorted(chosen, key=lambda d: d.number), {seat: len(ds) for seat, ds in found.items()}


def spread(items: Sequence[Decision], most: int) -> list[Decision]:
    """At most ``most`` of ``items``, evenly spaced from the first to the last (all of them when they fit)."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return list(items[:most])
    return [items[round(k * (len(items) - 1) / (most - 1))] for k in range(most)]


def weigh(engine_name: str, decision: Decision, seed: int) -> Weighed | None:
    """The decision weighed by the normal level's analysis (``seed``: its thinking seed), the move played always
    among the choices it weighs (beside the game's candidates: a move its policy never considers is weighed too);
    None only when the move played is not legal in the seat's view of the position (a log that does not fit it)."""
    engine = engines.get(engine_name)
    state = engine.load(json.loads(decision.state))
    analysis = ai.analyse(engine, state, decision.seat, level=ai.DEFAULT, seed=seed, also=(decision.played,))
    played = next((c for c in analysis.choices if engine.action_key(c.action) == decision.played), None)
    if played is None:
        return None
    # The analysis's own pick (a search ranks by visits: the surest estimate); the move played when the analysis saw
    # nothing else worth weighing (then nothing was lost).
    best = analysis.choices[0] if len(analysis.choices) > 1 else played
    return Weighed(decision.seat, decision.turn, played.win_chance, best.win_chance,
                   _texts(engine, state, decision.seat, played.action),
                   _texts(engine, state, decision.seat, best.action), analysis.iterations)


def _texts(engine: AnyEngine, state: Any, seat: int, action: Any) -> tuple[tuple[str, str], ...]:
    """The move in the game's own words, in every language."""
    texts = []
    for language in LANGUAGES:
        with speaking(language):
            texts.append((language, engine.format_action(state, seat, action)))
    return tuple(texts)


def summarise(seats: int, counts: Mapping[int, int], weighed: Sequence[Weighed | None]) -> Review:
    """Each seat's review from its weighed decisions: the average drop, and the largest notable drops."""
    per_seat: list[SeatReview] = []
    for seat in range(seats):
        mine = [w for w in weighed if w is not None and w.seat == seat]
        mean = sum(w.drop for w in mine) / len(mine) if mine else 0.0
        worst = sorted((w for w in mine if w.drop >= NOTABLE), key=lambda w: (-w.drop, w.turn))[:FINDINGS]
        per_seat.append(SeatReview(seat, counts.get(seat, 0), len(mine), mean,
                                   tuple(sorted(worst, key=lambda w: w.turn))))
    return Review(tuple(per_seat), sum(w.iterations for w in weighed if w is not None))


def text_in(texts: Sequence[tuple[str, str]], language: str) -> str:
    """A move's text in ``language`` (English, else the first, when it has none in it)."""
    found = dict(texts)
    return found.get(language) or found.get("en") or (texts[0][1] if texts else "?")
