"""Acting, ending, and the messages a move produces."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.store import Status, Store
from bot.store.sqlite import SqliteStore
from bot.table import TableService, resign_ranks
from bot.table.results import ChannelEdit, ChannelPost, Problem
from bot.text import fill_seats
from engines.core import Outcome
from tests.bot.helpers import ANN, BO, CHANNEL, CY, GUILD, ok, play, player_to_act, started
from tests.bot.tinygame import ENGINE


async def test_a_move_is_stored_and_announced(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service)
    actor = await player_to_act(service)
    reply = ok(await service.act(CHANNEL, actor, "STEP"))  # notation is case-insensitive
    assert reply.text == "Played: Step 1" and reply.move_number == 1
    # The same player goes on: the turn's message is edited (an edit pings nobody), and says the move.
    assert isinstance(reply.post, ChannelEdit) and reply.post.role == "turn"
    assert f"• {actor.name} steps to 1." in reply.post.text and "Scores (points):" in reply.post.text
    assert [a.action_key for a in await store.live_actions(game_id)] == ["step"]
    ended = ok(await service.act(CHANNEL, actor, "end"))
    other = await player_to_act(service)
    # The turn passes on: a new post pings the next player and tells them what happened since their turn.
    assert other != actor and isinstance(ended.post, ChannelPost) and ended.post.role == "turn"
    assert ended.post.mentions == (other.id,) and f"{other.name} to act" in ended.post.text
    assert "Since your last turn:" in ended.post.text and f"• {actor.name} steps to 1." in ended.post.text


async def test_the_start_post_pings_everyone_and_says_who_acts(service: TableService) -> None:
    """Everyone is pinged when a game begins, so the post names who acts instead of a "your turn"
    that every one of them would read as theirs."""
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=2, seed=7, options={"target": 15}))
    joined = ok(await service.join(CHANNEL, BO))
    (start,) = [p for p in joined.posts if isinstance(p, ChannelPost) and p.role == "turn"]
    actor = await player_to_act(service)
    assert set(start.mentions) == {ANN.id, BO.id}
    assert "begins!" in start.text and f"{actor.name} to act" in start.text
    assert "your turn" not in start.text


async def test_only_the_seated_player_to_act_may_move(service: TableService) -> None:
    await started(service, players=2)
    actor = await player_to_act(service)
    waiting = BO if actor == ANN else ANN
    stranger = await service.act(CHANNEL, CY, "step")
    assert stranger.problem is Problem.NOT_SEATED and "not playing" in stranger.text
    early = await service.act(CHANNEL, waiting, "step")
    assert early.problem is Problem.NOT_YOUR_TURN and f"waiting for {actor.name}" in early.text
    assert (await service.snapshot(CHANNEL)).move_number == 0


async def test_a_bad_move_gets_the_engines_message_and_changes_nothing(service: TableService) -> None:
    await started(service)
    reply = await play(service, "fly away")
    assert reply.problem is Problem.ILLEGAL
    assert "`fly away` is not a Sprint move" in reply.text and "Did you mean `" in reply.text
    assert "Traceback" not in reply.text
    assert (await service.snapshot(CHANNEL)).move_number == 0


async def test_an_unknown_channel_is_told_so(service: TableService) -> None:
    reply = await service.act(999, ANN, "step")
    assert reply.problem is Problem.NO_GAME and "no game in this channel" in reply.text


async def test_a_move_in_a_lobby_is_refused(service: TableService) -> None:
    ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3))
    reply = await service.act(CHANNEL, ANN, "step")
    assert reply.problem is Problem.WRONG_PHASE and "not started" in reply.text


async def test_a_button_from_an_older_board_is_stale(service: TableService) -> None:
    await started(service)
    actor = await player_to_act(service)
    ok(await service.act(CHANNEL, actor, "step", move_number=0))
    stale = await service.act(CHANNEL, actor, "step", move_number=0)
    assert stale.problem is Problem.STALE and "moved on" in stale.text
    ok(await service.act(CHANNEL, actor, "step", move_number=1))


async def test_a_game_plays_to_the_end_and_then_refuses_moves(service: TableService) -> None:
    game_id = await started(service, target=4)
    last = None
    for _ in range(40):  # everyone steps twice then ends: someone reaches 4 on their second turn
        snap = await service.snapshot(CHANNEL)
        if snap.game.status is not Status.RUNNING:
            break
        last = await play(service, "step" if snap.move_number is not None and snap.move_number % 3 < 2
                          else "end")
        ok(last)
    assert last is not None and last.post is not None and "Game over!" in last.post.text
    # The final post tells the winning turn (its steps up to the line), not only the standing.
    assert "steps to 4." in last.post.text.split("Game over!")[0]
    snap = await service.snapshot(CHANNEL, game_id=game_id)
    assert snap.game.status is Status.FINISHED and snap.game.result is not None
    assert snap.to_act == () and snap.game.to_act == ()
    after = await service.act(CHANNEL, ANN, "step")
    assert after.problem is Problem.NO_GAME and "finished" in after.text
    by_id = await service.act(CHANNEL, ANN, "step", game_id=game_id)
    assert by_id.problem is Problem.WRONG_PHASE and "is over" in by_id.text


async def test_private_news_goes_only_to_its_player(service: TableService, store: SqliteStore) -> None:
    game_id = await started(service, players=3)
    actor = await player_to_act(service)
    snap = await service.snapshot(CHANNEL)
    seat = snap.to_act[0]
    state = ENGINE.load(json.loads((await store.read_state(game_id)).state_json))  # type: ignore[union-attr]
    card = state.hands[seat][0]
    reply = ok(await service.act(CHANNEL, actor, f"play {card}"))
    assert reply.post is not None and f"{actor.name} draws a card." in reply.post.text
    assert [m.user_id for m in reply.private] == [actor.id]
    drawn = reply.private[0]
    assert drawn.text.startswith("You draw a ") and drawn.view is not None
    after = ENGINE.load(json.loads((await store.read_state(game_id)).state_json))  # type: ignore[union-attr]
    assert drawn.view["hand"] == list(after.hands[seat])
    # No hand, deck order or seed appears in anything public.
    assert "hand" not in (reply.post.view or {})
    public = reply.post.text + json.dumps(reply.post.view)
    assert str(snap.game.seed) not in public and str(after.rng) not in public


async def test_seat_tokens_become_display_names() -> None:
    names = ["Ann", "Bo"]
    assert fill_seats("{seat:1} pays {seat0}; {seat:5} waits", names) == "Bo pays Ann; seat 6 waits"
    assert fill_seats("no tokens {here}", names) == "no tokens {here}"


async def test_resigning_ranks_the_player_last_and_the_rest_by_standing(service: TableService) -> None:
    assert resign_ranks(Outcome(scores=(5, 9, 9, 1), ranks=(3, 1, 1, 4)), resigned=1) == [2, 4, 1, 3]
    assert resign_ranks(Outcome(scores=(5, 9), ranks=(2, 1)), resigned=1) == [1, 2]
    await started(service, players=3)
    leader = await player_to_act(service)
    ok(await service.act(CHANNEL, leader, "step"))  # the leader is ahead, then resigns
    reply = ok(await service.resign(CHANNEL, leader))
    snap = await service.snapshot(CHANNEL, game_id=reply.game_id)
    result = snap.game.result
    assert snap.game.status is Status.FINISHED and result is not None
    leader_seat = snap.user_ids.index(leader.id)
    assert result["ranks"][leader_seat] == 3 and sorted(result["ranks"]) == [1, 1, 3]
    assert reply.post is not None and f"{leader.name} resigned" in reply.post.text


async def test_only_the_creator_or_a_manager_may_abandon(service: TableService) -> None:
    await started(service, players=2)
    refused = await service.abandon(CHANNEL, BO)
    assert refused.problem is Problem.FORBIDDEN and "or a server manager" in refused.text
    ok(await service.abandon(CHANNEL, CY, is_manager=True))
    snap = await service.snapshot(CHANNEL)
    assert snap.game.status is Status.ABANDONED and snap.game.result is None
    again = await service.abandon(CHANNEL, ANN)
    assert again.problem is Problem.NO_GAME and "(Sprint, abandoned)" in again.text


async def test_status_board_hand_and_moves(service: TableService) -> None:
    await started(service, players=2)
    actor = await player_to_act(service)
    status = ok(await service.status(CHANNEL))
    assert "Sprint, running), turn 1" in status.text
    assert f"{actor.name}  ← to act" in status.text
    board = ok(await service.board(CHANNEL))
    assert board.post is not None and board.post.view is not None and "hand" not in board.post.view
    hand = ok(await service.hand(CHANNEL, actor))
    assert [m.user_id for m in hand.private] == [actor.id] and "hand" in (hand.private[0].view or {})
    moves = ok(await service.moves(CHANNEL, actor))
    assert moves.choices[0].key == "step" and "`end` — End turn" in moves.text
    assert (await service.hand(CHANNEL, CY)).problem is Problem.NOT_SEATED


async def test_the_status_of_a_finished_game_says_what_its_scores_count(store: Store) -> None:
    # Burgenland counts pieces built and The Castles of Burgundy VP: the status of an ended game said "points".
    service = TableService(store)
    for channel, game, unit in ((CHANNEL, "burgenland", "pieces built"), (CHANNEL + 1, "castles-of-burgundy", "VP")):
        ok(await service.create(game, GUILD, channel, ANN, seats=2, seed=3))
        ok(await service.join(channel, BO))
        ok(await service.resign(channel, BO))
        status = ok(await service.status(channel))
        assert "finished" in status.text and f"1st  Ann — 0 {unit}" in status.text, status.text
        assert "points" not in status.text


async def test_history_pages_and_export(service: TableService) -> None:
    game_id = await started(service, players=2, target=200)
    for _ in range(25):
        ok(await play(service, "end"))
    last = ok(await service.history(CHANNEL, per_page=10))
    assert "page 3/3" in last.text and last.text.count("\n") == 5
    first = ok(await service.history(CHANNEL, page=1, per_page=10))
    assert first.text.splitlines()[1].startswith("1. ") and "ends the turn" in first.text
    assert "{seat" not in first.text  # tokens became names
    missing = await service.history(CHANNEL, page=4, per_page=10)
    assert missing.problem is Problem.BAD_REQUEST and "3 pages" in missing.text
    export = ok(await service.export_history(None, game_id=game_id))
    assert export.text.count("ends the turn") == 25 and "Players: " in export.text


async def test_list_and_my_games(service: TableService) -> None:
    first = await started(service, channel=1)
    second = await started(service, channel=2, seed=99)
    listed = ok(await service.list_games(GUILD))
    assert {g.id for g in listed.games} == {first, second}
    waiting: dict[int, set[int]] = {}
    for channel in (1, 2):
        actor = await player_to_act(service, channel)
        waiting.setdefault(actor.id, set()).add((await service.snapshot(channel)).game.id)
    for user_id, games in waiting.items():
        mine = ok(await service.my_games(user_id))
        assert {g.id for g in mine.games} == games
    idle = [u for u in (ANN, BO) if u.id not in waiting]
    for user in idle:
        assert (await service.my_games(user.id)).text == "No game is waiting for you."
    assert (await service.list_games(GUILD + 1)).text == "No games on this server yet."


async def test_different_games_move_concurrently(service: TableService) -> None:
    for channel in range(1, 6):
        await started(service, channel=channel, seed=channel)
    actors = [await player_to_act(service, channel) for channel in range(1, 6)]
    replies = await asyncio.gather(*(service.act(c, a, "step") for c, a in zip(range(1, 6), actors, strict=True)))
    assert all(r.ok for r in replies)
    assert [(await service.snapshot(c)).move_number for c in range(1, 6)] == [1] * 5


async def test_an_engine_crash_is_a_polite_message(service: TableService, monkeypatch: Any) -> None:
    await started(service)

    def broken(*args: object) -> None:
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(ENGINE, "apply", broken)
    reply = await play(service, "step")
    assert reply.problem is Problem.INTERNAL and "ZeroDivision" not in reply.text
    monkeypatch.undo()
    assert (await service.snapshot(CHANNEL)).move_number == 0
    ok(await play(service, "step"))



async def test_help_and_rules_come_from_the_engine(service: TableService) -> None:
    help_reply = ok(await service.help("sprint"))
    assert help_reply.text == ENGINE.notation_help
    rules = ok(await service.rules("sprint"))
    assert rules.text == "No rules summary for Sprint yet."  # Sprint has none; Burgenland has one
    assert (await service.help("go")).problem is Problem.BAD_REQUEST
