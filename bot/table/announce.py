"""What a change says: the channel post with the board, whom it pings, and the private messages.

Pure functions of tables (before and after a change); the verbs hand their results to
:meth:`bot.table.tables.Tables.commit_moves` or a store write, which puts them in the outbox.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.rendering import Picture, PictureKind, game_record
from bot.store import SeatRow, Status
from bot.table import history, wording, wording_alt, wording_bots, wording_lobby, wording_rating, wording_replay
from bot.table.results import Buttons, ChannelEdit, ChannelPost, Controls, PostRole, PrivateMessage, people
from bot.table.table import Table, title_of, told
from bot.text import fill_seats, join_names, plain_name, result_lines
from engines import registry
from engines.core import AnyEngine, Event
from engines.i18n import COMMON, speaking


def private_part(seat_view: Mapping[str, Any], public_view: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat's view shows beyond the public one (its hand, its secrets)."""
    missing = object()
    return {k: v for k, v in seat_view.items() if public_view.get(k, missing) != v}


def board(engine: AnyEngine, table: Table, *, marked: bool = False) -> Picture:
    """The board; ``marked`` (a turn's post): what was placed since its player last acted is marked on it, and it
    comes with its compact close-up (``Picture.compact``), shown first."""
    alt = described(engine, table, wording_alt.board(title_of(engine), table.game.id))
    return Picture(engine.name, PictureKind.BOARD, table.view(engine, None), _drawn(table), alt=alt,
                   since=table.since if marked else None, close_up=wording_alt.close_up(alt) if marked else "")


def hand(engine: AnyEngine, table: Table, seat: int) -> Picture:
    head = wording_alt.hand(title_of(engine), table.game.id, plain_name(table.seats[seat].name))
    return Picture(engine.name, PictureKind.HAND, table.view(engine, seat), _drawn(table), seat,
                   alt=described(engine, table, head, seat))


#: Moves an image's description names (the latest).
ALT_MOVES = 4


def described(engine: AnyEngine, table: Table, head: str, seat: int | None = None) -> str:
    """An image's alt text: what it is (``head``), whose turn it is or how the game ended, the scores, the
    last moves, and for a seat that acts now its choices — what a sighted player reads off it first."""
    over, *standing = turn_line(engine, table).split("\n")  # "Game over!" and the ranking, or whose turn
    parts = [head, " ".join([over, "; ".join(standing)])]
    running = table.game.result is None and table.state is not None
    if running:
        parts.append(scores_line(engine, table))
    if seat is not None and table.state is not None:
        parts.append(engine.holdings(table.state, seat))  # a secret hand is read out to its player only
    recent = _told(table, table.tail[-ALT_MOVES:])
    if recent:
        parts.append(wording_alt.last_moves(recent))
    if running and seat is not None and seat in engine.to_act(table.state):
        legal = table.legal_actions(engine, seat)
        # Only the choices the text names are worded (a move's hot path; the rest are counted).
        labels = [fill_seats(engine.format_action(table.state, seat, a), table.names)
                  for a in legal[:wording_alt.CHOICES]]
        parts.append(wording_alt.choices(labels, len(legal)))
    # One sentence a part (a scores line has no full stop of its own); the ranking's column spaces go.
    sentences = [part if part.rstrip()[-1:] in ".!?:" else part.rstrip() + "." for part in parts if part.strip()]
    return re.sub(r"\s+", " ", plain_name(" ".join(sentences))).strip()


#: Marks a computer player's name in images (a gear: the font has it, and it reads at phone size).
BOT_MARK = "⚙ "


def _drawn(table: Table) -> tuple[str, ...]:
    return drawn_names(table.seats)


def drawn_names(seats: Sequence[SeatRow]) -> tuple[str, ...]:
    """Names as typed: an image draws text literally (the stored names are escaped for messages);
    computer players' names carry a mark."""
    return tuple(BOT_MARK * s.is_bot + plain_name(s.name) for s in seats)


def buttons(engine: AnyEngine, table: Table, vote_on: str = "") -> Buttons:
    """Under a game's post: Play/My hand (and All boards) while it runs, My hand/Rematch once it is over."""
    status = table.game.status
    if status is Status.RUNNING and table.state is not None:
        return Buttons(Controls.TURN, engine.move_count(table.state), vote_on=vote_on, boards=has_boards(engine))
    if status in (Status.FINISHED, Status.ABANDONED):
        return Buttons(Controls.OVER, rematch=True)
    return Buttons(Controls.OVER)


def has_boards(engine: AnyEngine) -> bool:
    """Whether the game has player boards of its own (each can be drawn, or all at once)."""
    try:
        return registry.find(engine.name).player_boards
    except KeyError:  # a game outside the registry (tests)
        return False


def _registered(engine: AnyEngine) -> bool:
    """Whether the game is one of the registry's (each has images); a game outside it (tests) has none to animate."""
    try:
        registry.find(engine.name)
    except KeyError:
        return False
    return True


def post(engine: AnyEngine, table: Table, text: str, mentions: Sequence[int] = (), *, picture: bool = True,
         vote_on: str = "", role: str = "", since: int | None = None) -> ChannelPost:
    """A post in the game's channel, with the board (when the game has one) and its buttons."""
    drawn = board(engine, table, marked=role == PostRole.TURN) if picture and table.state is not None else None
    return ChannelPost(text, people(mentions), drawn, buttons=buttons(engine, table, vote_on),
                       game_id=table.game.id, channel_id=table.game.channel_id, role=role, since=since,
                       seat=marked_seat(engine, table))


def marked_seat(engine: AnyEngine, table: Table) -> int | None:
    """The seat whose colour marks the game's post: the first to act while it runs, the winner once it is over
    (the lowest seat among those ranked first), else none."""
    result = table.game.result
    if result is not None:
        ranks = result.get("ranks") or []
        return min(range(len(ranks)), key=lambda s: (ranks[s], s)) if ranks else None
    if table.game.status is Status.RUNNING and table.state is not None:
        return next(iter(engine.to_act(table.state)), None)
    return None


def turn_line(engine: AnyEngine, table: Table) -> str:
    if table.game.result is not None:
        return wording.game_over(result_lines(table.game.result, table.names, score_unit(engine)))
    if table.game.status is not Status.RUNNING:
        return wording.game_status(table.game.id, table.game.status)
    waiting = join_names([table.names[s] for s in engine.to_act(table.state)])
    return wording.to_act(engine.turn_number(table.state), waiting)


def scores_line(engine: AnyEngine, table: Table) -> str:
    """'Scores (VP): Ann 12 · Bo 9' — the engine's standing, labelled."""
    scores = engine.standing(table.state).scores
    return wording.scores(score_unit(engine), list(zip(table.names, scores, strict=True)))


def score_unit(engine: AnyEngine) -> str:
    """What the game's scores count, in the current language (the game's catalog, else the shared one)."""
    try:
        unit = registry.find(engine.name).score_unit
    except KeyError:  # a game outside the registry (tests)
        unit = "points"
    catalog = getattr(engine, "catalog", COMMON)
    said = catalog.gettext(unit)
    return COMMON.gettext(unit) if said == unit else said


def _told(table: Table, entries: Sequence[tuple[int, int, str]], *, turns: bool = False) -> list[str]:
    """The public texts of some actions, names filled in: a line per action — with ``turns``, per player's turn
    (their actions in a row, told together) —, and each round or phase marker on a line of its own (the table's
    news is nobody's move).  A line names a seat in full once, then briefly (:func:`bot.text.fill_seats`).
    Steps that said nothing are left out."""
    lines: list[tuple[int | None, list[str]]] = []   # (whose line: an action, a seat, or None for a marker; texts)
    for index, (_seq, seat, public) in enumerate(entries):
        for text in public.splitlines():
            if not text.strip():
                continue
            owner = None if history.is_marker(text) else seat if turns else index
            if owner is not None and lines and lines[-1][0] == owner:
                lines[-1][1].append(text)
            else:
                lines.append((owner, [text]))
    return [fill_seats(" ".join(texts), table.names, table.briefs) for _owner, texts in lines]


def since_last_turn(engine: AnyEngine, table: Table, seats: set[int], upto: int) -> list[str]:
    """What was done after the latest action of any of ``seats``, up to action ``upto``: one short line per player's
    turn (a player's moves in a row, told together), so a post reads a line per other player.  A round or phase
    that began ends a turn: a player who ends one round and opens the next played two turns (as ``/log`` counts)."""
    turns: list[list[tuple[int, int, str]]] = []
    ended = True
    for entry in table.since_entries(seats, upto):
        if turns and not ended and turns[-1][-1][1] == entry[1]:
            turns[-1].append(entry)
        else:
            turns.append([entry])
        ended = any(history.is_marker(line) for line in entry[2].splitlines())
    return [line for turn in turns for line in _turn_told(engine, table, turn)]


def _turn_told(engine: AnyEngine, table: Table, turn: Sequence[tuple[int, int, str]]) -> list[str]:
    """One player's turn in one line: the engine's summary of its events ("Ann: church → space 12, +4 VP"; the
    round or phase that began is nobody's doing, and the board shows it), or, where its events are not known (a log
    that would not replay), its moves' logged texts, the round or phase on a line of its own."""
    if any(seq not in table.events for seq, _seat, _text in turn):
        return _told(table, turn, turns=True)
    events = [e for seq, _seat, _text in turn for e in table.events[seq] if e.kind not in history.MARKERS]
    said = engine.summary(turn[0][1], events)
    return [fill_seats(said, table.names, table.briefs).replace("\n", " ")] if said else []


def turn_text(engine: AnyEngine, table: Table, lead: Sequence[str] = (), *, hail: bool = True) -> str:
    """The message of the turn in progress, phone first: who is to act, what happened since their last
    turn, what this turn has done so far, the scores, and the move to come.  ``hail``: the post pings
    only who acts, so it says "your turn" (the start post pings everyone and does not)."""
    acting = set(engine.to_act(table.state))
    hail = hail and any(not table.seats[s].is_bot for s in acting)  # a computer is not hailed
    parts = [*lead, wording.your_turn(table.game.id)] if hail else [*lead]
    since = since_last_turn(engine, table, acting, table.turn_from)
    if since:
        parts += [wording.SINCE_YOUR_LAST_TURN, *wording.bullets(since)]
    now = _told(table, [e for e in table.tail if e[0] > table.turn_from])
    if now:
        parts += [wording.THIS_TURN, *wording.bullets(now)]
    return "\n".join([*parts, scores_line(engine, table), turn_line(engine, table)])


def final_text(engine: AnyEngine, table: Table, lead: Sequence[str] = ()) -> str:
    """The last post: the last moves, and the final standing with labelled scores (said once)."""
    last = _told(table, [e for e in table.tail if e[0] > table.turn_from])
    parts = [*lead, *wording.bullets(last)] if last else [*lead]
    return "\n".join([*parts, turn_line(engine, table), *rating_lines(table)])


def rating_lines(table: Table) -> list[str]:
    """The end screen's ratings: each rated player's new rating and its change (a ``rated:off`` table says so)."""
    if table.game.settings.get("rated", True) is False:
        return [wording_rating.unrated_line()]
    return wording_rating.end_lines(table.rating, table.names)


def move_messages(engine: AnyEngine, before: Table, after: Table, actor: int, events: Sequence[Event],
                  lead: Sequence[str] = ()) -> tuple[ChannelPost | ChannelEdit, tuple[PrivateMessage, ...]]:
    """What a completed move says in the channel — one message per turn: a new post, pinging whoever
    must act now, when the turn passes on (or the game ends); otherwise the turn's message is edited —
    and a private message for every seat that learned something or whose own view changed."""
    names = after.names
    events = [e for e in events if told(e)]
    public_texts = [engine.describe(e, None) for e in events]
    to_act = engine.to_act(after.state)
    message: ChannelPost | ChannelEdit
    if after.game.status is not Status.RUNNING or after.game.result is not None:
        message = post(engine, after, final_text(engine, after, lead), [s.user_id for s in after.seats],
                       role=PostRole.FINAL, picture=not after.history)
        if after.history:  # the end screen: places, scores, the breakdown and the scores over the game
            alt = described(engine, after, wording_alt.standings(title_of(engine), after.game.id))
            message = replace(message, picture=Picture(engine.name, PictureKind.STANDINGS, after.view(engine, None),
                                                       _drawn(after), history=after.history, alt=alt),
                              animation=animation(engine, after))
    elif to_act != engine.to_act(before.state):
        message = post(engine, after, turn_text(engine, after, lead), [after.user_of(s) for s in to_act if s != actor],
                       role=PostRole.TURN, since=after.turn_from)
    else:
        news = [*lead, *(fill_seats(t, names) for t in public_texts if t), turn_line(engine, after)]
        message = turn_edit(engine, after, lead, "\n".join(news))
    public_after, public_before = after.view(engine, None), before.view(engine, None)
    private = []
    for seat in range(len(after.seats)):
        if after.seats[seat].is_bot:
            continue  # a computer player reads nothing
        reader = after.reader_language(after.user_of(seat))
        with speaking(reader):  # a DM is in its reader's language
            # What only this seat learns: its texts that differ from the public ones (compared in one language).
            public = public_texts if reader == after.language else [engine.describe(e, None) for e in events]
            own = [fill_seats(t, names) for e, pub in zip(events, public, strict=True)
                   if (t := engine.describe(e, seat)) and t != pub]
            changed = (private_part(after.view(engine, seat), public_after)
                       != private_part(before.view(engine, seat), public_before))
            if own or changed:
                text = "\n".join(own) or wording.view_changed(after.game.id)
                private.append(PrivateMessage(after.user_of(seat), text, hand(engine, after, seat),
                                              game_id=after.game.id, channel_id=after.game.channel_id))
    return message, tuple(private)


def turn_edit(engine: AnyEngine, table: Table, lead: Sequence[str] = (), news: str = "") -> ChannelEdit:
    """The turn's message, told again as it stands now (its board too)."""
    return ChannelEdit(table.game.id, table.game.channel_id, turn_text(engine, table, lead), buttons(engine, table),
                       role=PostRole.TURN, picture=board(engine, table, marked=True),
                       mentions=people([table.user_of(s) for s in engine.to_act(table.state)]), news=news,
                       seat=marked_seat(engine, table))


def start_messages(engine: AnyEngine, table: Table) -> tuple[ChannelPost, tuple[PrivateMessage, ...]]:
    """The start post (seating; the first turn's message, pinging everyone) and each player's hand."""
    lead = [wording_lobby.begins(table.game.id, title_of(engine), table.names)]
    hands = tuple(your_hand(engine, table, i) for i, s in enumerate(table.seats) if not s.is_bot)
    return post(engine, table, turn_text(engine, table, lead, hail=False), [s.user_id for s in table.seats],
                role=PostRole.TURN, since=0), hands


def your_hand(engine: AnyEngine, table: Table, seat: int) -> PrivateMessage:
    """A player's seat and hand as the game starts, in their language."""
    with speaking(table.reader_language(table.user_of(seat))):
        return PrivateMessage(table.user_of(seat), wording_lobby.your_seat(seat, table.game.id),
                              hand(engine, table, seat), game_id=table.game.id, channel_id=table.game.channel_id)


def final_post(engine: AnyEngine, table: Table, head: str, result: dict[str, Any], *, picture: bool = True
               ) -> ChannelPost:
    """A game ended by a player or a vote: the standing, pinging everyone."""
    return post(engine, table, "\n".join([head, *result_lines(result, table.names, score_unit(engine)),
                                           *rating_lines(table)]),
                [s.user_id for s in table.seats], picture=picture, role=PostRole.FINAL)


def animation(engine: AnyEngine, table: Table) -> Picture | None:
    """At a game's end by its rules, the whole game as an animation, which the end post carries after its end screen
    (drawing it takes seconds: the outbox sends that post in the background); None at any other end, and for a game
    without images."""
    if not table.log or not table.history or not _registered(engine):
        return None
    game, turns = table.game, len(table.history)
    record = game_record(len(table.seats), game.seed, game.options, table.log)
    return Picture(engine.name, PictureKind.ANIMATION, record, _drawn(table),
                   alt=wording_replay.alt_history(title_of(engine), game.id, turns))


def lobby_text(engine: AnyEngine, table: Table, timing_text: str) -> str:
    game = table.game
    if game.status is Status.LOBBY:
        wanted = str(game.seat_count) if game.seat_count else wording.seat_range(engine.min_seats, engine.max_seats)
        text = wording_lobby.lobby(title_of(engine), game.id, wanted, timing_text, table.names, bool(game.seat_count))
        if "hints" in game.settings:  # tables opened before hints existed do not say
            text += "\n" + wording_bots.hints_line(bool(game.settings["hints"]))
        if game.settings.get("rated", True) is False:
            text += "\n" + wording_rating.unrated_lobby()
        elif len(table.seat_ratings) == len(table.seats):
            text += "\n" + wording_rating.seated_ratings(table.names, table.seat_ratings)
        return text
    return wording_lobby.lobby_closed(title_of(engine), game.id, game.status, table.names, timing_text)


def lobby_post(engine: AnyEngine, table: Table, timing_text: str, lead: str = "", mentions: Sequence[int] = ()
               ) -> ChannelPost:
    """The lobby message, with Join/Leave/Start/Cancel: later changes edit it."""
    text = (lead + "\n\n" if lead else "") + lobby_text(engine, table, timing_text)
    return ChannelPost(text, tuple(mentions), buttons=Buttons(Controls.LOBBY), game_id=table.game.id,
                       channel_id=table.game.channel_id, role=PostRole.LOBBY)


def lobby_edit(engine: AnyEngine, table: Table, timing_text: str) -> ChannelEdit:
    """The lobby message's new words: who is seated, or that the game started or ended."""
    controls = Controls.LOBBY if table.game.status is Status.LOBBY else Controls.NONE
    return ChannelEdit(table.game.id, table.game.channel_id, lobby_text(engine, table, timing_text), Buttons(controls))
