"""The outbox: what a change announces is stored with it and delivered exactly once, in order, with retries."""

from __future__ import annotations

import threading

from bot.outbox import MAX_ATTEMPTS, Deliverer, DmsClosed, TryLater, Undeliverable
from bot.rendering import Picture
from bot.store import Delivery, Store
from bot.table import TableService
from bot.table.results import (
    Buttons,
    ChannelEdit,
    ChannelPost,
    Controls,
    PrivateMessage,
    Reply,
    from_outgoing,
    to_outgoing,
)
from tests.bot.helpers import (
    ANN,
    BO,
    CHANNEL,
    CY,
    GUILD,
    FakeClock,
    RecordingRenderer,
    RecordingTransport,
    ok,
    play,
    player_to_act,
    started,
)
from tests.bot.tinygame import lookup
from tests.conftest import StoreFactory
from tests.sql import rows


async def play_card(service: TableService) -> Reply:
    """The player to act plays a card (Sprint: it draws a replacement, so their hand changes)."""
    actor = await player_to_act(service)
    card = next(c.key for c in ok(await service.moves(CHANNEL, actor)).choices if c.key.startswith("play"))
    return ok(await service.act(CHANNEL, actor, card))


def delivering(store: Store, clock: FakeClock | None = None) -> tuple[TableService, RecordingTransport, Deliverer]:
    """A table service over ``store`` and a deliverer sending to a recording transport; with ``clock``, retries
    fall due by it, and the store (which decides which retries are due) stamps by the same clock."""
    transport = RecordingTransport()
    if clock is None:
        return TableService(store, engines_lookup=lookup), transport, Deliverer(store, transport)
    store.clock = clock
    return TableService(store, engines_lookup=lookup), transport, Deliverer(store, transport, clock=clock)


async def states(store: Store) -> list[tuple[str, str]]:
    return [(kind, state) for kind, state in await rows(store, "SELECT kind, state FROM outbox ORDER BY id")]


async def test_a_move_and_its_announcements_land_in_one_transaction(service: TableService) -> None:
    await started(service)
    reply = ok(await play(service, "end"))  # hands the turn over: a post that pings, and the mover's new hand
    assert reply.post is not None and reply.post.key and reply.post.mentions
    assert [a.key for a in reply.outbox] == [reply.post.key, *(m.key for m in reply.private)]
    found = await rows(service.store, "SELECT key, kind, state, picture IS NOT NULL FROM outbox WHERE game_id = 1 "
                                      "ORDER BY id")
    stored = {key: (kind, state, drawn) for key, kind, state, drawn in found}
    assert stored[reply.post.key] == ("post", "pending", 1)
    assert all(stored[m.key] == ("dm", "pending", 1) for m in reply.private)


async def test_a_step_inside_a_decision_announces_nothing(service: TableService) -> None:
    await started(service)
    before = len(await states(service.store))
    reply = ok(await play(service, "step"))
    assert reply.outbox == () or reply.post is not None  # Sprint's step is a whole move: it is announced
    after = len(await states(service.store))
    assert after - before == len(reply.outbox)


async def test_delivered_items_are_marked_sent_and_drawn_off_the_event_loop(store: Store) -> None:
    renderer, transport = RecordingRenderer(), RecordingTransport()
    service = TableService(store, engines_lookup=lookup, renderer=renderer)
    deliverer = Deliverer(store, transport, renderer)
    await started(service)
    await deliverer.drain()  # the lobby post, its edit, the start post and two hands
    reply = ok(await play(service, "end"))
    await deliverer.deliver(reply.outbox)
    post = transport.posts()[-1]
    assert post.key == reply.post.key and post.image == b"board:False"  # type: ignore[union-attr]
    assert all(m.image == b"hand:True" for m in transport.sent if isinstance(m, PrivateMessage))
    assert threading.get_ident() not in renderer.threads
    assert all(state == "sent" for _, state in await states(store))
    assert await rows(store, "SELECT COUNT(*) FROM outbox WHERE picture IS NOT NULL") == [(0,)]
    assert await rows(store, "SELECT COUNT(*) FROM outbox WHERE message_id IS NULL AND kind != 'edit'") == [(0,)]
    assert await deliverer.drain() == 0  # nothing twice


async def test_a_failing_renderer_costs_the_image_not_the_message(store: Store) -> None:
    transport = RecordingTransport()
    service = TableService(store, engines_lookup=lookup, renderer=RecordingRenderer(fail=True))
    await started(service)
    deliverer = Deliverer(store, transport, service.renderer)
    await deliverer.drain()  # the table's opening (a game's announcements go out in order)
    reply = ok(await play(service, "end"))
    await deliverer.deliver(reply.outbox)
    assert transport.posts()[-1].key == reply.post.key and transport.posts()[-1].image is None  # type: ignore


async def test_what_a_crash_left_undelivered_goes_out_once_after_a_restart(new_store: StoreFactory) -> None:
    store = new_store()
    await store.open()
    service = TableService(store, engines_lookup=lookup)
    await started(service)
    moved = ok(await play(service, "end"))
    await store.close()  # "crash": nothing was delivered

    store = new_store()
    await store.open()
    try:
        transport = RecordingTransport()
        deliverer = Deliverer(store, transport)
        delivered = await deliverer.drain()
        # The lobby post, its edit (the game started), the start post, 2 hands, then the move's post.
        kinds = [type(m).__name__ for m in transport.sent]
        assert kinds == ["ChannelPost", "ChannelEdit", "ChannelPost", "PrivateMessage", "PrivateMessage",
                         *(type(m).__name__ for m in moved.outbox)]
        assert [m.key for m in transport.sent][-len(moved.outbox):] == [m.key for m in moved.outbox]
        assert delivered == len(transport.sent)
        assert transport.posts()[-1].text == moved.post.text and transport.posts()[-1].mentions  # type: ignore
        assert transport.edits[0][2] == 1001  # the lobby message's id, as the transport gave it
        sent = len(transport.sent)
        assert await deliverer.drain() == 0 and len(transport.sent) == sent
    finally:
        await store.close()


async def test_a_transient_failure_keeps_the_games_order_and_others_go_on(store: Store) -> None:
    clock = FakeClock()
    service, transport, deliverer = delivering(store, clock)
    await started(service, channel=CHANNEL)
    await started(service, channel=CHANNEL + 1)
    await deliverer.drain()
    first = ok(await play(service, "end", CHANNEL))
    second = ok(await play(service, "end", CHANNEL))
    other = ok(await play(service, "end", CHANNEL + 1))
    assert first.post is not None and second.post is not None and other.post is not None
    transport.fail[first.post.key] = TryLater("Discord answered 503")
    await deliverer.deliver(first.outbox)
    await deliverer.deliver(second.outbox)   # waits behind the failed post of its game
    await deliverer.deliver(other.outbox)    # another game: not held up
    assert [p.key for p in transport.posts()][-1:] == [other.post.key]
    assert first.post.key not in {p.key for p in transport.posts()}
    assert await deliverer.drain() == 0      # the retry is not due yet
    clock.now += 10
    await deliverer.drain()
    keys = [m.key for m in transport.sent]
    assert keys.index(first.post.key) < keys.index(second.post.key)  # in order after the retry
    assert len(keys) == len(set(keys))


async def test_a_permanent_failure_is_dropped_and_the_rest_is_delivered(store: Store) -> None:
    service, transport, deliverer = delivering(store)
    await started(service)
    await deliverer.drain()
    reply = await play_card(service)
    assert reply.post is not None and reply.private
    transport.fail[reply.post.key] = Undeliverable("404 Unknown Channel")
    await deliverer.deliver(reply.outbox)
    assert reply.post.key not in {p.key for p in transport.posts()}
    assert [m.key for m in transport.sent][-len(reply.private):] == [m.key for m in reply.private]
    assert ("post", Delivery.FAILED.value) in await states(store)
    assert await deliverer.drain() == 0


async def test_giving_up_after_many_attempts(store: Store) -> None:
    clock = FakeClock()
    service, transport, deliverer = delivering(store, clock)
    await started(service)
    transport.fail_all = TryLater("Discord answered 502")
    for _ in range(MAX_ATTEMPTS - 1):
        await deliverer.drain()
        clock.now += 3600
    assert {state for _, state in await states(store)} == {Delivery.PENDING.value}
    await deliverer.drain()  # the oldest item's last attempt: given up; the game's next one is tried
    assert [state for _, state in await states(store)][:1] == [Delivery.FAILED.value]
    assert transport.sent == []


async def test_closed_dms_tell_the_channel_once_per_game(store: Store) -> None:
    service, transport, deliverer = delivering(store)
    await started(service)
    await deliverer.drain()
    for _ in range(4):  # playing a card draws one: the player's hand changes, a DM tells them
        reply = await play_card(service)
        for message in reply.private:
            if message.user_id == ANN.id:
                transport.fail[message.key] = DmsClosed("50007")
        await deliverer.deliver(reply.outbox)
    notices = [p for p in transport.posts() if "can't send you direct messages" in p.text]
    assert len(notices) == 1 and notices[0].mentions == (ANN.id,) and notices[0].channel_id == CHANNEL


async def test_the_lobby_message_is_edited_as_players_join_and_the_game_starts(store: Store) -> None:
    service, transport, deliverer = delivering(store)
    created = ok(await service.create("sprint", GUILD, CHANNEL, ANN, seats=3, pace="daily"))
    await deliverer.deliver(created.outbox)
    (lobby,) = transport.posts()
    assert lobby.buttons.controls is Controls.LOBBY and "Seated (1): Ann" in lobby.text
    assert "daily pace" in lobby.text
    await deliverer.deliver(ok(await service.join(CHANNEL, BO)).outbox)
    await deliverer.deliver(ok(await service.join(CHANNEL, CY)).outbox)
    edits = [m for m in transport.sent if isinstance(m, ChannelEdit)]
    assert "Seated (2): Ann, Bo" in edits[0].text and edits[0].buttons.controls is Controls.LOBBY
    assert "has started" in edits[1].text and edits[1].buttons.controls is Controls.NONE
    assert {message_id for _, _, message_id in transport.edits} == {1001}
    start = transport.posts()[-1]
    assert "begins" in start.text and set(start.mentions) == {ANN.id, BO.id, CY.id}
    assert {m.user_id for m in transport.sent if isinstance(m, PrivateMessage)} == {ANN.id, BO.id, CY.id}


async def test_a_vacation_notice_goes_to_every_game_of_the_player(timed: TableService) -> None:
    transport = RecordingTransport()
    deliverer = Deliverer(timed.store, transport)
    await started(timed, channel=CHANNEL)
    await started(timed, channel=CHANNEL + 1)
    await deliverer.drain()
    reply = ok(await timed.vacation(ANN, 2))
    await deliverer.deliver(reply.outbox)
    notices = [p for p in transport.posts() if "on vacation" in p.text]
    assert sorted(p.channel_id for p in notices) == [CHANNEL, CHANNEL + 1]  # type: ignore[type-var]
    assert all(isinstance(p, ChannelPost) and p.mentions == () for p in notices)


def test_every_announcement_reads_back_from_the_store_as_it_was_written() -> None:
    board = Picture("sprint", "board", {"positions": [1, 2]}, ("Ann", "Bo"))
    items = [
        ChannelPost("a post", (1, 2), board, buttons=Buttons(Controls.TURN, 7, vote_on="Bo"), game_id=3,
                    channel_id=4, role="turn", since=12, key="k1", seat=1),
        ChannelPost("a lobby", buttons=Buttons(Controls.LOBBY), game_id=3, channel_id=4, role="lobby", key="k2"),
        PrivateMessage(5, "a hand", Picture("sprint", "hand", {"hand": [1]}, ("Ann", "Bo"), 1), game_id=3,
                       channel_id=4, key="k3"),
        ChannelEdit(3, 4, "an edit", Buttons(Controls.OVER, rematch=True), role="turn", picture=board,
                    mentions=(2,), news="what is new", key="k4", seat=0),
        ChannelEdit(3, 4, "a lobby edit", key="k5"),
    ]
    for item in items:
        assert from_outgoing(to_outgoing(item)) == item
