"""Sprint: a tiny race game used to test the table service without a real engine.

Each seat has a pawn on a track and a hidden hand of cards drawn from a shuffled
deck.  On your turn you may ``step`` (move 1, at most twice, undoable), then
either ``play N`` (move N, draw a replacement card: a random draw, so it fixes
the past) or ``end`` (hand the turn on: a seat change, so it fixes the past too).
The first pawn at ``target`` wins.  It exercises everything the service relies
on: hidden information, a random draw, undo barriers and multi-action turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines import rng
from engines.core import Action, BaseEngine, Event, NotationError, Outcome, ranks_from_scores

HAND_SIZE = 2
MAX_STEPS = 2
DECK = tuple(range(1, 6)) * 4  # cards 1..5, four of each


@dataclass(frozen=True, slots=True)
class Sprint:
    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    rng: int
    turn: int
    steps: int  # steps taken by the acting seat this turn
    moves: int
    barrier: int
    target: int
    turns: int = 1  # the turn in progress: one more each time the turn passes


class SprintEngine(BaseEngine):
    name = "sprint"
    title = "Sprint"
    min_seats = 2
    max_seats = 4
    rules_version = 1
    notation_help = "Moves: `step`, `play N` (a card in your hand), `end`."

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> Sprint:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Sprint needs 2-4 seats, not {seats}")
        target = int((options or {}).get("target", 15))
        if target < 1:
            raise ValueError("target must be at least 1")
        state, deck = rng.shuffle(rng.seed_state(seed), DECK)
        hands = tuple(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(seats))
        return Sprint(positions=(0,) * seats, hands=hands, deck=deck[seats * HAND_SIZE:], rng=state,
                      turn=0, steps=0, moves=0, barrier=0, target=target)

    def over(self, s: Sprint) -> bool:
        return max(s.positions) >= s.target

    def to_act(self, state: Sprint) -> tuple[int, ...]:
        return () if self.over(state) else (state.turn,)

    def legal_actions(self, state: Sprint, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act(state):
            return ()
        out = [Action.of("step")] if state.steps < MAX_STEPS else []
        out += [Action.of("play", str(card)) for card in sorted(set(state.hands[seat]))]
        out.append(Action.of("end"))
        return tuple(out)

    def check(self, state: Sprint, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(state, seat) else "that is not one of your moves now"

    def parse_text(self, state: Sprint, seat: int, text: str, legal: tuple[Action, ...]) -> Action:
        raise NotationError(f"`{text}` is not a Sprint move. {self.notation_help}", [a.key for a in legal])

    def apply_trusted(self, state: Sprint, seat: int, action: Action) -> tuple[Sprint, tuple[Event, ...]]:
        word = action.steps[0][0]
        moves = state.moves + 1
        if word == "step":
            return self._advance(state, seat, 1, steps=state.steps + 1, moves=moves), (
                Event("step", seat, {"to": state.positions[seat] + 1}),)
        if word == "play":
            return self._play(state, seat, int(action.steps[0][1]), moves)
        nxt = (seat + 1) % len(state.positions)
        ended = replace(state, turn=nxt, steps=0, moves=moves, barrier=moves, turns=state.turns + 1)
        return ended, (Event("end", seat, {"next": nxt}),)

    def _advance(self, s: Sprint, seat: int, by: int, **changes: Any) -> Sprint:
        positions = tuple(p + by if i == seat else p for i, p in enumerate(s.positions))
        return replace(s, positions=positions, **changes)

    def _play(self, s: Sprint, seat: int, card: int, moves: int) -> tuple[Sprint, tuple[Event, ...]]:
        hand = list(s.hands[seat])
        hand.remove(card)
        r, deck = s.rng, s.deck
        if not deck:  # reshuffle a fresh deck: the draw stays random
            r, deck = rng.shuffle(r, DECK)
        r, index = rng.randbelow(r, len(deck))
        drawn = deck[index]
        deck = deck[:index] + deck[index + 1:]
        hands = tuple(tuple([*hand, drawn]) if i == seat else h for i, h in enumerate(s.hands))
        nxt = (seat + 1) % len(s.positions)
        state = self._advance(s, seat, card, hands=hands, deck=deck, rng=r, turn=nxt, steps=0,
                              moves=moves, barrier=moves)
        events = (Event("play", seat, {"card": card, "to": state.positions[seat]}),
                  Event("draw", seat, {"card": drawn}))
        if self.over(state):
            events += (Event("win", seat, {}),)
        else:
            state = replace(state, turns=state.turns + 1)
        return state, events

    def describe(self, event: Event, viewer: int | None) -> str:
        who = f"{{seat:{event.seat}}}"
        if event.kind == "step":
            return f"{who} steps to {event.data['to']}."
        if event.kind == "play":
            return f"{who} plays a {event.data['card']} and reaches {event.data['to']}."
        if event.kind == "draw":
            return f"You draw a {event.data['card']}." if viewer == event.seat else f"{who} draws a card."
        if event.kind == "win":
            return f"{who} crosses the line!"
        return f"{who} ends the turn; {{seat:{event.data['next']}}} is next."

    def view(self, state: Sprint, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"positions": list(state.positions), "turn": state.turn,
                               "target": state.target, "deck": len(state.deck),
                               "hand_sizes": [len(h) for h in state.hands]}
        if seat is not None:
            out["hand"] = list(state.hands[seat])
        return out

    def outcome(self, state: Sprint) -> Outcome | None:
        return self.standing(state) if self.over(state) else None

    def standing(self, state: Sprint) -> Outcome:
        return Outcome(scores=state.positions, ranks=ranks_from_scores(state.positions))

    def format_action(self, state: Sprint, seat: int, action: Action) -> str:
        return {"step": "Step 1", "end": "End turn"}.get(action.key, f"Play card {action.key[5:]}")

    def dump(self, state: Sprint) -> dict[str, Any]:
        return {"positions": list(state.positions), "hands": [list(h) for h in state.hands],
                "deck": list(state.deck), "rng": state.rng, "turn": state.turn, "steps": state.steps,
                "moves": state.moves, "barrier": state.barrier, "target": state.target, "turns": state.turns}

    def load(self, data: Mapping[str, Any]) -> Sprint:
        return Sprint(positions=tuple(data["positions"]), hands=tuple(tuple(h) for h in data["hands"]),
                      deck=tuple(data["deck"]), rng=data["rng"], turn=data["turn"], steps=data["steps"],
                      moves=data["moves"], barrier=data["barrier"], target=data["target"], turns=data["turns"])

    def determinize(self, state: Sprint, seat: int, seed: int) -> Sprint:
        return state

    def default_action(self, state: Sprint, seat: int) -> Action:
        return Action.of("end")

    def undo_barrier(self, state: Sprint) -> int:
        return state.barrier

    def move_count(self, state: Sprint) -> int:
        return state.moves

    def turn_number(self, state: Sprint) -> int:
        return state.turns


class StricterSprint(SprintEngine):
    """A 'rules change': stepping is gone, so any stored log containing `step` no longer replays."""

    rules_version = 2

    def legal_actions(self, state: Sprint, seat: int) -> tuple[Action, ...]:
        return tuple(a for a in super().legal_actions(state, seat) if a.key != "step")


class CosmeticSprint(SprintEngine):
    """A rules-version bump that changes nothing: stored games must keep running."""

    rules_version = 2


ENGINE = SprintEngine()
ENGINES: dict[str, SprintEngine] = {"sprint": ENGINE}


def lookup(name: str) -> SprintEngine:
    """An engine lookup for the service: Sprint only, like ``engines.get`` for one name."""
    if name not in ENGINES:
        raise KeyError(f"no engine {name!r}; available: sprint")
    return ENGINES[name]
