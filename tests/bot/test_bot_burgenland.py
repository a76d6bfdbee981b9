"""The service with the real Burgenland engine: random play, undo, and the stored state."""

from __future__ import annotations

import json
import random

import engines
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from bot.table.results import Problem, User
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, ok

PLAYERS = {u.id: u for u in (ANN, BO, CY)}


async def test_random_burgenland_play_with_undo_stays_replayable(store: SqliteStore) -> None:
    engine = engines.get("burgenland")
    service = TableService(store)
    game_id = ok(await service.create("burgenland", GUILD, CHANNEL, ANN, seats=3, seed=2024)).game_id
    ok(await service.join(CHANNEL, BO))
    ok(await service.join(CHANNEL, CY))
    choose = random.Random(5)
    undone = posts = steps = 0
    for _ in range(80):
        snap = await service.snapshot(CHANNEL)
        if not snap.to_act:
            break
        user: User = PLAYERS[snap.user_ids[snap.to_act[0]]]
        if snap.last_mover == user.id and choose.random() < 0.3:
            reply = await service.undo(CHANNEL, user)
            assert reply.ok or reply.problem is Problem.CANNOT_UNDO, reply.text
            undone += reply.ok
            continue
        key = choose.choice(ok(await service.moves(CHANNEL, user)).choices).key
        reply = ok(await service.act(CHANNEL, user, key, move_number=snap.move_number))
        if reply.post is None:
            # A step inside a decision (e.g. choosing a card to pay): only the player hears back.
            assert reply.private == () and reply.text.startswith("Played: ")
            steps += 1
            continue
        posts += 1
        assert "{seat" not in reply.post.text
        # The public post never carries a hand; private messages go to seated players only.
        assert "hand" not in (reply.post.view or {})
        assert {m.user_id for m in reply.private} <= set(PLAYERS)
    assert undone > 0, "the random walk should have taken some moves back"
    assert posts > 0 and steps > 0, (posts, steps)

    game = await store.get_game(game_id)  # type: ignore[arg-type]
    row = await store.read_state(game_id)  # type: ignore[arg-type]
    assert game is not None and row is not None
    log = [(a.seat, a.action_key) for a in await store.live_actions(game.id)]
    replayed = engine.replay(3, game.seed, game.options, log)
    assert json.loads(row.state_json) == json.loads(json.dumps(engine.dump(replayed)))
    history = ok(await service.export_history(CHANNEL))
    assert history.text.count("\n") >= len(log)
