"""One turn number — a player's whole turn — wherever players read one: the engines count it
(``engine.turn_number``), and the board and hand images, the thread's posts, ``/log``, the status line
and the end chart all show that number, never a count of steps (``move_count``, the buttons' key).

Real parts only: the four engines, the table service on a real store, the renderers' own text.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest

import engines
import render
from bot.store import ActionRow, Store
from bot.table import TableService, history
from bot.table.results import ChannelEdit, ChannelPost, Reply
from bot.table.table import public_text
from engines import rng
from engines.core import Action, AnyEngine, Event
from engines.i18n import speaking
from tests.bot.helpers import ANN, BO, CHANNEL, CY, DEE, GUILD, USERS, ok
from tests.golden.record import POLICIES
from tests.render import helpers as H
from tests.sql import execute, literal, rows

#: Every game, and The Castles of Burgundy with the advanced estates (their start castles are turns too).
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    *((name, seats, {}) for name in engines.names() for seats in (2, engines.get(name).max_seats)),
    ("castles-of-burgundy", 3, {"boards": "advanced"}),
]


def choose(engine: AnyEngine, state: Any, seat: int, r: int) -> tuple[int, Action]:
    """The golden playthroughs' purposeful policy for the game: it reaches the end in a few hundred steps."""
    return POLICIES[engine.name]()(engine, state, seat, engine.legal_actions(state, seat), r)


def log_rows(engine: AnyEngine, steps: list[tuple[int, Action, tuple[Event, ...]]]) -> list[ActionRow]:
    """The log as the bot stores it: each action's public text, in the engine's words."""
    return [ActionRow(seq, seat, engine.action_key(action), public_text(engine, events), 0.0)
            for seq, (seat, action, events) in enumerate(steps, start=1)]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES,
                         ids=[f"{g}-{s}p{'-' + '-'.join(o.values()) if o else ''}" for g, s, o in GAMES])
def test_the_log_numbers_each_turn_as_the_engine_does(game: str, seats: int, options: dict[str, Any]) -> None:
    """A complete seeded game: every turn ``/log`` shows carries the engine's turn number at the start of the
    move that opened it, and the log has every turn, the last one the game's last."""
    engine = engines.get(game)
    state = engine.new_game(seats, 3, options)
    r = rng.seed_state(3)
    steps: list[tuple[int, Action, tuple[Event, ...]]] = []
    turn_at: list[int] = []  # the engine's turn number before each step
    while (acting := engine.to_act(state)) and len(steps) < 3000:
        r, action = choose(engine, state, acting[0], r)
        turn_at.append(engine.turn_number(state))
        state, events = engine.apply(state, acting[0], action)
        steps.append((acting[0], action, events))
    assert engine.outcome(state) is not None, "the game did not end"
    names = [f"P{seat + 1}" for seat in range(seats)]
    stored = log_rows(engine, steps)
    opened: dict[int, int] = {}  # a log turn's number -> the step that opened it
    seen = 0
    for i, row in enumerate(stored):
        if not row.public:
            continue
        turns = [e for e in history.entries(stored[:i + 1], names) if isinstance(e, history.Turn)]
        if len(turns) > seen:
            seen = len(turns)
            opened[turns[-1].number] = i
    for number, step in opened.items():
        assert number == turn_at[step], f"log turn {number} opens at step {step + 1}, the engine's turn {turn_at[step]}"
    assert sorted(opened) == list(range(1, engine.turn_number(state) + 1))


class Game:
    """A game through the table service, with the engine's own copy of its state beside it (to choose moves)."""

    def __init__(self, service: TableService, engine: AnyEngine, state: Any, users: tuple[int, ...]) -> None:
        self.service, self.engine, self.state, self.users = service, engine, state, users
        self.r = rng.seed_state(11)
        self.last: Reply | None = None

    @classmethod
    async def start(cls, service: TableService, game: str, seats: int = 2, *, seed: int = 5,
                    options: dict[str, Any] | None = None, language: str | None = None) -> Game:
        players = (ANN, BO, CY, DEE)[:seats]
        ok(await service.create(game, GUILD, CHANNEL, players[0], seats=seats, seed=seed, options=options,
                                language=language))
        for user in players[1:]:
            ok(await service.join(CHANNEL, user))
        snap = await service.snapshot(CHANNEL)
        engine = engines.get(game)
        return cls(service, engine, engine.new_game(seats, snap.game.seed, snap.game.options), snap.user_ids)

    async def step(self) -> Reply:
        seat = self.engine.to_act(self.state)[0]
        self.r, action = choose(self.engine, self.state, seat, self.r)
        user = USERS[self.users[seat]]
        self.last = ok(await self.service.act(CHANNEL, user, self.engine.action_key(action)))
        self.state = self.engine.apply(self.state, seat, action)[0]
        return self.last

    async def play_to_turn(self, turn: int) -> Reply:
        while self.engine.turn_number(self.state) < turn or self.last is None:
            await self.step()
        assert self.last is not None
        return self.last


def header_texts(game: str, post: ChannelPost | ChannelEdit) -> list[str]:
    """What the post's board image writes (its header among it), drawn by the real renderer."""
    assert post.picture is not None
    with speaking(post.picture.language), H.drawn_text() as seen:
        render.draw_board(game, post.picture.view, list(post.picture.names))
    return [text for text, _size in seen]


@pytest.mark.parametrize("game", engines.names())
async def test_a_post_says_the_turn_its_board_shows(store: Store, game: str) -> None:
    """Mid-game the post's "Turn N: … to act." and its board's header "turn N" are the engine's turn number."""
    table = await Game.start(TableService(store), game)
    reply = await table.play_to_turn(6)
    number = table.engine.turn_number(table.state)
    assert (await table.service.snapshot(CHANNEL)).turn_number == number
    assert reply.move_number == table.engine.move_count(table.state) > number  # steps, not turns: the buttons' key
    post = reply.post
    assert post is not None and post.picture is not None
    assert f"Turn {number}: " in post.text and not re.search(r"Move \d+:", post.text)
    assert post.picture.view["turn_number"] == number
    assert any(text.endswith(f"turn {number}") for text in header_texts(game, post))


@pytest.mark.parametrize("game", engines.names())
async def test_a_post_is_marked_with_the_seat_to_act(store: Store, game: str) -> None:
    """The turn's post (new or edited) carries the seat to act: Discord shows it in that seat's colour."""
    table = await Game.start(TableService(store), game)
    for turn in (2, 3, 5):
        reply = await table.play_to_turn(turn)
        assert reply.post is not None and reply.post.seat == table.engine.to_act(table.state)[0]


@pytest.mark.parametrize(("language", "post_says", "image_says"), [("de", "Zug {n} – am Zug: ", "Zug {n}"),
                                                                    ("pt_BR", "Turno {n}: vez de ", "turno {n}")])
async def test_the_turn_reads_the_same_in_each_language(store: Store, language: str, post_says: str,
                                                        image_says: str) -> None:
    table = await Game.start(TableService(store), "buerger-baumeister", language=language)
    reply = await table.play_to_turn(4)
    number = table.engine.turn_number(table.state)
    assert reply.post is not None and post_says.format(n=number) in reply.post.text
    assert any(text.endswith(image_says.format(n=number)) for text in header_texts("buerger-baumeister", reply.post))


async def test_a_finished_game_tells_as_many_turns_as_its_log_and_its_chart(store: Store) -> None:
    """A complete game of Bürger, Baumeister & Co.: the status's "N turns played", the number of turns in
    ``/log`` (numbered 1 to N), the end chart's points and its header's turn are one number."""
    table = await Game.start(TableService(store), "buerger-baumeister", seats=3, seed=8)
    while table.engine.to_act(table.state):
        await table.step()
    turns = table.engine.turn_number(table.state)
    assert turns < table.engine.move_count(table.state)
    status = ok(await table.service.status(CHANNEL)).text
    assert f", {turns} turns played" in status
    log = ok(await table.service.history(CHANNEL, per_page=10_000)).text.splitlines()[1:]
    numbers = [int(line.split(".", 1)[0]) for line in log if not line.startswith("— ")]
    assert numbers == list(range(1, turns + 1))
    final = table.last.post if table.last is not None else None
    assert isinstance(final, ChannelPost) and final.role == "final" and final.picture is not None
    assert final.picture.kind == "standings" and len(final.picture.history) == turns  # a point per turn
    assert final.picture.history[-1] == tuple(table.engine.standing(table.state).scores)
    assert final.picture.view["turn_number"] == turns
    ranks = table.engine.standing(table.state).ranks
    assert final.seat == min(range(len(ranks)), key=lambda s: (ranks[s], s))  # the winner's colour marks it
    exported = ok(await table.service.export_history(CHANNEL)).text
    assert f"\n{turns}.1 " in exported and f"\n{turns + 1}.1 " not in exported  # every step, numbered by its turn
    assert "\n1.1 " in exported and "\n1.2 " in exported  # and its place in the turn


async def test_a_state_stored_before_turns_were_counted_is_replayed_not_taken_for_damage(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    """A state cache row an older bot wrote (no ``turn_number``; the game under the rules version before) is stale:
    a restarted bot replays the game at start, carries it on under the new version with the right turn
    number, and rewrites the row — nothing is reported damaged, no game is marked broken."""
    table = await Game.start(TableService(store), "burgenland", seats=3)
    await table.play_to_turn(5)
    number, moves = table.engine.turn_number(table.state), table.engine.move_count(table.state)
    game_id = table.last.game_id if table.last is not None else None
    assert game_id is not None
    [(state_json,)] = await rows(store, f"SELECT state_json FROM state WHERE game_id = {game_id}")
    old = json.loads(state_json)
    assert old.pop("turn_number") == number
    await execute(store, f"UPDATE state SET state_json = {literal(json.dumps(old))} WHERE game_id = {game_id}")
    await execute(store, f"UPDATE games SET rules_version = {table.engine.rules_version - 1} WHERE id = {game_id}")

    restarted = TableService(store)
    with caplog.at_level(logging.WARNING):
        assert await restarted.check_rules() == []
        snap = await restarted.snapshot(CHANNEL)
    assert not [r for r in caplog.records if "damaged" in r.getMessage() or "cannot be replayed" in r.getMessage()]
    assert snap.turn_number == number and snap.move_number == moves
    assert snap.game.rules_version == table.engine.rules_version
    [(state_json,)] = await rows(store, f"SELECT state_json FROM state WHERE game_id = {game_id}")
    assert json.loads(state_json)["turn_number"] == number
    reply = ok(await restarted.board(CHANNEL))
    assert reply.post is not None and f"Turn {number}: " in reply.post.text
    table.service = restarted
    await table.step()  # and it plays on
