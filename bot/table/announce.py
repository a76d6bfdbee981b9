"""What a change says: the channel post with the board, whom it pings, and the private messages.

Pure functions of tables (before and after a change); the verbs hand their results to
:meth:`bot.table.tables.Tables.commit_moves` or a store write, which puts them in the outbox.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.rendering import Picture
from bot.store import Status
from bot.table import wording
from bot.table.results import Buttons, ChannelPost, Controls, LobbyEdit, PrivateMessage
from bot.table.tables import Table
from bot.text import fill_seats, join_names, plain_name, result_lines
from engines.core import Engine, Event


def private_part(seat_view: Mapping[str, Any], public_view: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat's view shows beyond the public one (its hand, its secrets)."""
    missing = object()
    return {k: v for k, v in seat_view.items() if public_view.get(k, missing) != v}


def board(engine: Engine, table: Table) -> Picture:
    return Picture(engine.name, "board", table.view(engine, None), _drawn(table))


def hand(engine: Engine, table: Table, seat: int) -> Picture:
    return Picture(engine.name, "hand", table.view(engine, seat), _drawn(table), seat)


def _drawn(table: Table) -> tuple[str, ...]:
    """Names as typed: an image draws text literally (the stored names are escaped for messages)."""
    return tuple(plain_name(n) for n in table.names)


def buttons(engine: Engine, table: Table, vote_on: str = "") -> Buttons:
    """Under a game's post: Play/My hand while it runs, My hand/Rematch once it is over."""
    status = table.game.status
    if status is Status.RUNNING and table.state is not None:
        return Buttons(Controls.TURN, engine.move_count(table.state), vote_on=vote_on)
    if status in (Status.FINISHED, Status.ABANDONED):
        return Buttons(Controls.OVER, rematch=True)
    return Buttons(Controls.OVER)


def post(engine: Engine, table: Table, text: str, mentions: Sequence[int] = (), *, picture: bool = True,
         vote_on: str = "") -> ChannelPost:
    """A post in the game's channel, with the board (when the game has one) and its buttons."""
    drawn = board(engine, table) if picture and table.state is not None else None
    return ChannelPost(text, tuple(mentions), drawn, buttons=buttons(engine, table, vote_on),
                       game_id=table.game.id, channel_id=table.game.channel_id)


def turn_line(engine: Engine, table: Table) -> str:
    if table.game.result is not None:
        return wording.game_over(result_lines(table.game.result, table.names))
    if table.game.status is not Status.RUNNING:
        return wording.game_status(table.game.id, table.game.status)
    waiting = join_names([table.names[s] for s in engine.to_act(table.state)])
    return wording.to_act(engine.move_count(table.state) + 1, waiting)


def move_messages(engine: Engine, before: Table, after: Table, actor: int, events: Sequence[Event],
                  lead: Sequence[str] = ()) -> tuple[ChannelPost, tuple[PrivateMessage, ...]]:
    """The channel post (``lead`` lines, public event texts, who is next; pinging whoever must act
    other than ``actor``) and a private message for every seat that learned something or whose own
    view changed."""
    names = after.names
    public_texts = [engine.describe(e, None) for e in events]
    lines = [*lead, *(fill_seats(t, names) for t in public_texts if t), turn_line(engine, after)]
    mentions = [after.user_of(s) for s in engine.to_act(after.state) if s != actor]
    public_after, public_before = after.view(engine, None), before.view(engine, None)
    private = []
    for seat in range(len(after.seats)):
        own = [fill_seats(t, names) for e, pub in zip(events, public_texts, strict=True)
               if (t := engine.describe(e, seat)) and t != pub]
        changed = (private_part(after.view(engine, seat), public_after)
                   != private_part(before.view(engine, seat), public_before))
        if own or changed:
            text = "\n".join(own) or wording.view_changed(after.game.id)
            private.append(PrivateMessage(after.user_of(seat), text, hand(engine, after, seat), game_id=after.game.id,
                                          channel_id=after.game.channel_id))
    return post(engine, after, "\n".join(lines), mentions), tuple(private)


def start_messages(engine: Engine, table: Table) -> tuple[ChannelPost, tuple[PrivateMessage, ...]]:
    """The start post (seating, who acts first; pinging everyone) and each player's hand."""
    text = wording.begins(table.game.id, engine.title, table.names) + "\n" + turn_line(engine, table)
    hands = tuple(PrivateMessage(s.user_id, wording.your_seat(i, table.game.id), hand(engine, table, i),
                                 game_id=table.game.id, channel_id=table.game.channel_id)
                  for i, s in enumerate(table.seats))
    return post(engine, table, text, [s.user_id for s in table.seats]), hands


def final_post(engine: Engine, table: Table, head: str, result: dict[str, Any], *, picture: bool = True
               ) -> ChannelPost:
    """A game ended by a player or a vote: the standing, pinging everyone."""
    return post(engine, table, "\n".join([head, *result_lines(result, table.names)]),
                [s.user_id for s in table.seats], picture=picture)


def lobby_text(engine: Engine, table: Table, timing_text: str) -> str:
    game = table.game
    if game.status is Status.LOBBY:
        wanted = str(game.seat_count) if game.seat_count else wording.seat_range(engine.min_seats, engine.max_seats)
        return wording.lobby(engine.title, game.id, wanted, timing_text, table.names, bool(game.seat_count))
    return wording.lobby_closed(engine.title, game.id, game.status, table.names, timing_text)


def lobby_post(engine: Engine, table: Table, timing_text: str, lead: str = "", mentions: Sequence[int] = ()
               ) -> ChannelPost:
    """The lobby message, with Join/Leave/Start/Cancel: later changes edit it."""
    text = (lead + "\n\n" if lead else "") + lobby_text(engine, table, timing_text)
    return ChannelPost(text, tuple(mentions), buttons=Buttons(Controls.LOBBY), game_id=table.game.id,
                       channel_id=table.game.channel_id, role="lobby")


def lobby_edit(engine: Engine, table: Table, timing_text: str) -> LobbyEdit:
    """The lobby message's new words: who is seated, or that the game started or ended."""
    controls = Controls.LOBBY if table.game.status is Status.LOBBY else Controls.NONE
    return LobbyEdit(table.game.id, table.game.channel_id, lobby_text(engine, table, timing_text), Buttons(controls))
