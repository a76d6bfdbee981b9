"""What changed since your last turn, on the picture: a turn's post (and its edits within the turn) carries,
beside the board, the public view from right after the pinged player last acted, so the renderer marks what
the others placed since (``render.draw_board(..., since=...)``).  It is made from the stored log at the
hand-over, so a restarted bot makes it too.

Real parts only: the engines, the table service on a real store (SQLite and PostgreSQL).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import engines
from bot.rendering import Picture
from bot.store import Store
from bot.table import TableService
from bot.table.results import ChannelEdit, ChannelPost
from engines.core import Event
from tests.bot.helpers import CHANNEL, USERS, ok
from tests.bot.test_bot_turns import Game, choose
from tests.render import helpers as H


class Watched(Game):
    """A game through the service that also keeps, per seat, the public view right after its last action."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.after_own: dict[int, Any] = {}
        self.seed, self.options = 0, None

    async def step(self) -> Any:
        seat = self.engine.to_act(self.state)[0]
        reply = await super().step()
        self.after_own[seat] = self.engine.view(self.state, None)
        return reply

    def expected(self) -> Any:
        """The view the turn's post marks from: after the acting seat's last action (the start, if none)."""
        seat = self.engine.to_act(self.state)[0]
        start = self.engine.view(self.engine.new_game(len(self.users), self.seed, self.options), None)
        return self.after_own.get(seat, start)


async def _watched(service: TableService, game: str, seats: int) -> Watched:
    started = await Game.start(service, game, seats)
    snap = await service.snapshot(CHANNEL)
    watched = Watched(service, started.engine, started.state, started.users)
    watched.seed, watched.options = snap.game.seed, snap.game.options
    return watched


@pytest.mark.parametrize(("game", "seats"), [(name, 3 if engines.get(name).max_seats > 2 else 2)
                                             for name in engines.names()])
async def test_a_turns_post_marks_from_the_pinged_players_last_action(store: Store, game: str, seats: int) -> None:
    table = await _watched(TableService(store), game, seats)
    posts = edits = 0
    marked_from: Any = None
    while table.engine.turn_number(table.state) < 8:
        reply = await table.step()
        message = reply.post
        if not isinstance(message, ChannelPost | ChannelEdit) or message.role != "turn":
            continue
        if isinstance(message, ChannelEdit) and not posts:
            continue  # the first turn's, under the start post: nothing was placed before it to mark
        assert isinstance(message.picture, Picture) and message.picture.kind == "board"
        if isinstance(message, ChannelPost):
            marked_from = table.expected()  # an edit within the turn marks from the same view as its post
        assert message.picture.since == marked_from, f"{game}: turn {table.engine.turn_number(table.state)}"
        assert Picture.from_json(message.picture.to_json()).since == message.picture.since  # the outbox keeps it
        posts += isinstance(message, ChannelPost)
        edits += isinstance(message, ChannelEdit)
    assert posts >= 5
    # A game whose turns are several steps edits its post within the turn: the edits mark the same.
    assert edits or game in ("buerger-baumeister",), f"{game}: no edit within a turn was looked at"


async def test_a_restarted_bot_marks_from_the_log(store: Store) -> None:
    """A new service on the same store (a restart) knows nothing of the last hand-over, and still marks the next
    turn's post from the right view: it replays the stored log."""
    table = await _watched(TableService(store), "burgenland", 3)
    while table.engine.turn_number(table.state) < 4:
        await table.step()
    table.service = TableService(store)
    start = table.engine.turn_number(table.state)
    while table.engine.turn_number(table.state) == start:
        reply = await table.step()
    message = reply.post
    assert isinstance(message, ChannelPost) and message.role == "turn" and message.picture is not None
    assert message.picture.since == table.expected()


def test_other_pictures_carry_no_since() -> None:
    """Only a turn's post marks changes: a picture made without one serialises without the key."""
    picture = Picture("burgenland", "board", {"a": 1}, ("Ann",))
    assert "since" not in picture.to_json() and Picture.from_json(picture.to_json()).since is None


async def test_the_post_tells_one_line_per_other_players_turn(store: Store) -> None:
    """The Castles of Burgundy at three: a turn is several moves (dice, tiles, a purchase), and the post that
    pings a player tells the two turns since theirs in two lines, each the other player's (before, a line per
    move: up to six lines)."""
    table = await _watched(TableService(store), "castles-of-burgundy", 3)
    checked = 0
    while table.engine.turn_number(table.state) < 12:
        reply = await table.step()
        message = reply.post
        if not isinstance(message, ChannelPost) or message.role != "turn" or table.engine.turn_number(table.state) < 5:
            continue
        lines = message.text.split("\n")
        start = lines.index("Since your last turn:") + 1
        told = [line for line in lines[start:] if line.startswith("• ")]
        told = told[:next((i for i, line in enumerate(lines[start:]) if not line.startswith("• ")), len(told))]
        acting = lines[-1].split(": ", 1)[1].split(" ", 1)[0]  # "Turn 6: Ann to act."
        others = {"Ann", "Bo", "Cy"} - {acting}  # in turn order, which ships change
        # A player who ends one round and opens the next (ships change the turn order) played two turns: two lines.
        tellers = [line.split(" ", 2)[1].rstrip(":") for line in told]  # "• Bo: church → space 12, +4 VP"
        assert set(tellers) == others and 2 <= len(tellers) <= 3, message.text
        assert all(a != b for a, b in itertools.pairwise(tellers)) or len(tellers) == 3, message.text
        checked += 1
    assert checked >= 4


async def test_the_tables_news_is_a_line_of_its_own(store: Store) -> None:
    """The Castles of Burgundy: a round or phase that begins is news of the table, not of the player whose move
    began it — a line of its own wherever a post tells moves in full ("This turn so far", a turn that goes on in
    the next round), each marker alone ("… from depot 3. — Phase B begins: … — — Phase B, round 1: … —" was one
    line).  (The turns since yours are told in short, by what each player did: the new round is the board's.)"""
    table = await _watched(TableService(store), "castles-of-burgundy", 3)
    markers = 0
    while table.engine.turn_number(table.state) < 14:
        message = (await table.step()).post
        if not isinstance(message, ChannelPost | ChannelEdit) or message.role != "turn":
            continue
        for line in message.text.split("\n"):
            said = line.removeprefix("• ")
            if "— Phase" in said:
                assert said.startswith("— Phase") and said.endswith(" —") and said.count("—") == 2, line
                markers += 1
    assert markers >= 1


@pytest.mark.parametrize("game", engines.names())
async def test_a_turns_post_carries_its_compact_close_up(store: Store, game: str) -> None:
    """A turn's post and its edits carry what to draw for the phone-first close-up (the same view, the same marks,
    its own alt text: the board's, said to be the close-up), kept through the outbox's JSON; the outbox draws both
    pictures, the close-up from ``render.draw_compact``.  Other pictures carry none."""
    import render
    from bot.outbox import Deliverer
    from bot.rendering import installed_renderer

    table = await _watched(TableService(store), game, 2)
    seen = 0
    while table.engine.turn_number(table.state) < 4:
        reply = await table.step()
        message = reply.post
        if not isinstance(message, ChannelPost | ChannelEdit) or message.role != "turn":
            continue
        picture = message.picture
        assert isinstance(picture, Picture) and picture.close_up.startswith("Close-up of what matters now")
        assert picture.alt in picture.close_up
        close_up = Picture.from_json(picture.to_json()).compact()  # what the outbox stores, then draws
        assert close_up.kind == "compact" and close_up.alt == picture.close_up and close_up.since == picture.since
        if not seen:
            deliverer = Deliverer(store, None, installed_renderer())  # type: ignore[arg-type]  # draws, sends nothing
            drawn = await deliverer._drawn(message)
            assert isinstance(drawn, ChannelPost | ChannelEdit) and drawn.image and drawn.close_up
            assert drawn.close_up == render.draw_compact(game, picture.view, picture.names, picture.since)
            assert drawn.image == render.draw_board(game, picture.view, picture.names, picture.since)
        seen += 1
        for private in reply.private:
            assert private.picture is None or not private.picture.close_up  # a hand: one picture
    assert seen
    assert "close_up" not in Picture("burgenland", "board", {"a": 1}, ("Ann",)).to_json()


class Placing(Watched):
    """A Castles of Burgundy game through the service that also keeps each step's events (to know, from the engine
    and not the picture, what each player placed on their estate and when)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.steps: list[tuple[int, tuple[Event, ...]]] = []

    async def step(self) -> Any:
        seat = self.engine.to_act(self.state)[0]
        self.r, action = choose(self.engine, self.state, seat, self.r)
        state, events = self.engine.apply(self.state, seat, action)
        self.last = ok(await self.service.act(CHANNEL, USERS[self.users[seat]], self.engine.action_key(action)))
        self.state = state
        self.after_own[seat] = self.engine.view(state, None)
        self.steps.append((seat, events))
        return self.last

    def since(self, seat: int) -> list[Event]:
        """The other seats' events after ``seat`` last acted."""
        last = max((i for i, (mover, _events) in enumerate(self.steps) if mover == seat), default=-1)
        return [e for _mover, events in self.steps[last + 1:] for e in events if e.seat not in (None, seat)]


@pytest.mark.parametrize("seats", [2, 3])
async def test_the_close_up_shows_the_tiles_the_others_placed_on_their_estates(
        store: Store, seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Castles of Burgundy's board shows the estate of the player to act only, so what the others placed on
    theirs was on no picture of the turn's post.  The close-up a turn's post shows first draws, in each other
    player's score row, the tiles they placed since the pinged player last acted — each with its space's number,
    as the estate numbers its spaces, in text a phone reads — and brackets them as the board marks changes."""
    import render
    import render.compact

    table = await _watched(TableService(store), "castles-of-burgundy", seats)
    playing = Placing(table.service, table.engine, table.state, table.users)
    playing.seed, playing.options = table.seed, table.options
    marks: list[Any] = []
    monkeypatch.setattr(render.compact, "since_mark", lambda *args, **kwargs: marks.append(args[1]))
    checked = 0
    while checked < 4 and playing.engine.turn_number(playing.state) < 40:
        reply = await playing.step()
        message = reply.post
        if not isinstance(message, ChannelPost) or message.role != "turn" or message.picture is None:
            continue
        since = playing.since(playing.engine.to_act(playing.state)[0])
        spaces = {e.data["space"] for e in since if e.kind in ("place", "start_castle")}
        if not spaces:
            continue
        picture = message.picture
        marks.clear()
        with H.drawn_text() as drawn:
            render.draw_compact(picture.engine, picture.view, picture.names, picture.since)
        numbers = {text for text, size in drawn if size >= 22}
        assert {str(space) for space in spaces} <= numbers, f"turn post after action {message.since}: {since}"
        # A bracket per player who placed, sold or took a bonus tile, and the key's.
        news = {e.seat for e in since if e.kind in ("place", "start_castle", "sell", "bonus")}
        assert len(marks) == len(news) + 1, (marks, since)
        checked += 1
    assert checked >= 2
