"""``/review``: the computer's review of a game that has ended, posted in its thread.

Never before the end: a running game is refused, since a review weighs each decision and would tell what the players
cannot see yet.  The review itself is :mod:`bot.table.reviewing`'s, computed where computer players think (worker
processes in the bot, a thread elsewhere: :class:`bot.thinking.Runner`), behind their moves and hints
(``REVIEW`` priority), one decision at a time per worker, so the caller's progress line can tell how far it is.

Computed once: the review is kept in the store (a second request, even after a restart, is one read), and a request
while the same game's review is under way shares that computation (nothing is computed twice at once): in this
process it awaits the same task; across processes the store's claim says who computes it (renewed every
:data:`BEAT` seconds while it works, :data:`LEASE` long), and another process asking waits for the review to be
written (looking every :data:`POLL` seconds) — or takes the claim over once it ran out (its process died).  It is
worded when it is asked for, in the table's language (the posts) and the reader's (the answer), from the moves'
texts the workers wrote in every language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Sequence

from bot.store import GameRow, Status
from bot.table import wording, wording_review
from bot.table.bots import thinking_seed
from bot.table.errors import TableError, replies
from bot.table.results import Problem, Reply, ReviewPosts
from bot.table.reviewing import (
    DECISIONS_PER_SEAT,
    Decision,
    Review,
    SeatReview,
    Weighed,
    decisions,
    summarise,
    text_in,
    weigh,
)
from bot.table.table import title_of
from bot.table.tables import Tables
from bot.table.wording_bots import brief_names
from bot.text import fill_seats
from bot.thinking import REVIEW, Runner
from engines.i18n import ENGLISH, current, speaking

log = logging.getLogger(__name__)

#: Told how far a review is: the game's channel, and its progress line (in the table's language).
Progress = Callable[[int, str], Awaitable[None]]
#: Discord's limit on a message's text: the review's posts are cut between players to stay under it.
POST_MAX = 2000
#: How long a claim on a review under way holds without its heartbeat, and how often the heartbeat renews it: a
#: claim outlives a busy worker's slowest decision, and a dead process's claim is taken over within a minute.
LEASE, BEAT = 60.0, 15.0
#: How often a request waiting for another process's review looks for it (and for its claim running out).
POLL = 1.0


class Reviews:
    """``review``: a finished game's review, computed once and kept."""

    def __init__(self, tables: Tables, runner: Runner) -> None:
        self.tables = tables
        self.store = tables.store
        self.runner = runner
        self._under_way: dict[int, asyncio.Task[tuple[Review, bool]]] = {}
        #: Who this process is in the store's claims on reviews under way.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease, self.beat, self.poll = LEASE, BEAT, POLL
        #: The decisions of each player weighed at most: the review's budget.
        self.per_seat = DECISIONS_PER_SEAT
        #: Reviews computed, and decisions weighed (tests: a review asked again is not computed again).
        self.computed = 0
        self.weighed = 0

    @replies
    async def review(self, channel_id: int | None, *, game_id: int | None = None, guild_id: int | None = None,
                     progress: Progress | None = None) -> Reply:
        """The review of ``game_id`` (else the channel's latest game), once it has ended: the posts for its thread
        (``review.posts``, in the table's language) and the answer for the caller.  ``progress`` is told the
        progress line as the computation goes, if this request starts it; a request that joins one under way (here
        or in another process) gets ``review.joined`` (its poster posts nothing: the first request does)."""
        row = await self._game(channel_id, game_id, guild_id)
        kept = await self.store.get_review(row.id)
        joined = False
        if kept is not None:
            review = Review.from_json(kept)
        else:
            task = self._under_way.get(row.id)
            joined = task is not None
            if task is None:
                task = asyncio.get_running_loop().create_task(self._settle(row, progress))
                self._under_way[row.id] = task
                task.add_done_callback(lambda _done: self._under_way.pop(row.id, None))
            review, computed_here = await asyncio.shield(task)
            joined = joined or not computed_here
        seats = await self.store.seats(row.id)
        names, briefs = [s.name for s in seats], brief_names(seats)
        with speaking(str(row.settings.get("language") or ENGLISH)):
            posts = review_posts(self.tables.label(row), review, names, briefs)
        text = wording_review.under_way(row.id) if joined else wording_review.posted(row.id)
        return Reply(text, game_id=row.id, engine=row.engine, channel_id=row.channel_id,
                     review=ReviewPosts(tuple(posts), joined, review))

    async def _game(self, channel_id: int | None, game_id: int | None, guild_id: int | None) -> GameRow:
        """The game asked for, if it has ended and may be reviewed from there."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or (guild_id is not None and row.guild_id != guild_id):
                # Another server's game reads as no game at all.
                raise TableError(Problem.NO_GAME, wording.no_game(game_id, here=False))
        else:
            row = await self.tables.find(channel_id, None, active_only=False)
        refusals: dict[Status, Callable[[int], str]] = {
            Status.RUNNING: wording_review.still_running, Status.LOBBY: wording_review.not_started,
            Status.CANCELLED: wording_review.never_started}
        if row.status in refusals:
            raise TableError(Problem.WRONG_PHASE, refusals[row.status](row.id), row.id)
        if row.status is Status.BROKEN:
            raise TableError(Problem.BROKEN, wording_review.cannot_review(row.id, row.note), row.id)
        return row

    async def _settle(self, row: GameRow, progress: Progress | None) -> tuple[Review, bool]:
        """The review, and whether this process computed it: under the store's claim, or written by the process
        that holds the claim while this one waited."""
        while True:
            if await self.store.claim_review(row.id, self.owner, self.lease):
                return await self._claimed(row, progress), True
            kept = await self.store.get_review(row.id)
            if kept is not None:
                return Review.from_json(kept), False
            await asyncio.sleep(self.poll)

    async def _claimed(self, row: GameRow, progress: Progress | None) -> Review:
        """Compute the review under this process's claim, renewed as it goes; a failure lets the claim go (the
        next request tries again at once instead of waiting for it to run out)."""
        heartbeat = asyncio.get_running_loop().create_task(self._renew(row.id))
        try:
            return await self._compute(row, progress)
        except BaseException:
            with contextlib.suppress(Exception):
                await self.store.release_review(row.id, self.owner)
            raise
        finally:
            heartbeat.cancel()

    async def _renew(self, game_id: int) -> None:
        while True:
            await asyncio.sleep(self.beat)
            try:
                await self.store.renew_review(game_id, self.owner, self.lease)
            except Exception:  # the next beat tries again; a review written twice keeps the first
                log.warning("a review's claim could not be renewed", exc_info=True)

    async def _compute(self, row: GameRow, progress: Progress | None) -> Review:
        """List the decisions, weigh each in the workers (telling ``progress`` as they come back), keep the
        review."""
        engine = self.tables.engine(row.engine)
        seats = len(await self.store.seats(row.id))
        log_ = [(a.seat, a.action_key) for a in await self.store.live_actions(row.id)]
        try:
            listed, counts = await self.runner.run(decisions, engine.name, seats, row.seed, row.options, log_,
                                                   self.per_seat, priority=REVIEW)
        except Exception as err:  # a log that no longer replays under these rules
            note = wording.no_replay(title_of(engine), engine.rules_version, row.rules_version, str(err))
            raise TableError(Problem.BROKEN, wording_review.cannot_review(row.id, note), row.id) from err
        done = 0
        language = str(row.settings.get("language") or ENGLISH)

        async def tell() -> None:
            if progress is not None:
                with speaking(language):
                    line = wording_review.progress(row.id, done, len(listed))
                await _tell(progress, row.channel_id, line)

        await tell()

        async def weighed(decision: Decision) -> Weighed | None:
            nonlocal done
            found = await self.runner.run(weigh, engine.name, decision, thinking_seed(row.seed, decision.number),
                                          priority=REVIEW)
            done += 1
            self.weighed += 1
            await tell()
            return found

        review = summarise(seats, counts, await asyncio.gather(*(weighed(d) for d in listed)))
        await self.store.put_review(row.id, review.to_json())
        self.computed += 1
        return review


async def _tell(progress: Progress, channel_id: int, line: str) -> None:
    """Tell the progress; a progress line that cannot be edited never stops the review."""
    try:
        await progress(channel_id, line)
    except Exception:
        log.warning("a review's progress could not be told", exc_info=True)


def review_posts(label: str, review: Review, names: Sequence[str], briefs: Sequence[str]) -> list[str]:
    """The review's posts in the current language: its heading, then a block per player (their summary line, then
    their findings), as few posts as fit in Discord's limit."""
    blocks = [wording_review.heading(label), *(_seat_block(s, names, briefs) for s in review.seats)]
    posts: list[str] = []
    for block in blocks:
        if posts and len(posts[-1]) + 2 + len(block) <= POST_MAX:
            posts[-1] += "\n\n" + block
        else:
            posts.append(block[:POST_MAX])
    return posts


def _seat_block(seat: SeatReview, names: Sequence[str], briefs: Sequence[str]) -> str:
    name = names[seat.seat] if seat.seat < len(names) else f"#{seat.seat + 1}"
    if not seat.weighed:
        return "\n".join([f"**{name}**", wording_review.no_decisions()])
    lines = [wording_review.summary(name, seat.mean_drop, seat.weighed, seat.decisions)]
    for w in seat.worst:
        language = current()
        played = fill_seats(text_in(w.played, language), names, briefs)
        best = fill_seats(text_in(w.best, language), names, briefs)
        lines.append("- " + wording_review.finding(w.turn, played, w.played_chance, best, w.best_chance))
    if not seat.worst:
        lines.append(wording_review.nothing_to_tell())
    return "\n".join(lines)
