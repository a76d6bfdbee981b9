"""Delivering the outbox: draw each announcement's pictures (a turn post's board and its compact close-up, an end
post's end screen and animation), send it through a transport, mark it sent.

Announcements are committed with the change that caused them (:mod:`bot.store.protocol`); this
module gets them out exactly once:

- right after a call, :meth:`Deliverer.deliver` sends that call's announcements (drawing their
  pictures in worker threads, all at once) and marks each sent with the message id it got;
- :meth:`Deliverer.drain` sends whatever is still pending — at start-up (a crash between a commit
  and its post), after a failed attempt, and what another process let go — in order within each game;
- each message carries its outbox key as Discord's nonce, so a retry after a crash that fell between
  Discord accepting a message and us marking it sent is refused by Discord instead of posted twice;
- several bot processes may share one database: each *claims* what it sends, under a name of its own and
  a whole game at a time (:meth:`bot.store.protocol.Store.claim_announcements`), so no two send the same
  announcement and a game's go out in order.  Claims follow the process's health: a claim lasts ``LEASE``
  seconds and only :meth:`Deliverer.heartbeat` (every ``BEAT`` seconds in the bot) extends it, while the
  process can reach Discord (``able``); a process that cannot claims nothing and lets go of what it held,
  and a dead one's claims run out.  Every process looks for what became free every ``BEAT`` seconds, so a
  game is never stranded for much longer than a lease.

A transient failure (a 5xx, the network) leaves the item pending, retried later with backoff; until then
nobody holds it, and the process that failed it lets any other live process try it first (``GRACE``), so
a process cut off from Discord cannot keep it; the game's later items wait behind it (order is kept) while
other games carry on.  A permanent one (the channel is gone, no access) is logged and the item dropped.
A DM to a user who does not accept DMs is dropped and, the first time in a game, the game's channel is
told, in the game's language (that notice is queued in the same transaction).

Discord-free: the Discord adapter supplies a :class:`Transport`; the console supplies one that prints.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import secrets
import socket
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Protocol

from bot.cache import LRU
from bot.rendering import Renderer, draw
from bot.store import Delivery, Store
from bot.table import wording
from bot.table.results import (
    Announcement,
    ChannelEdit,
    ChannelPost,
    PostRole,
    PrivateMessage,
    from_outgoing,
    keyed,
    to_outgoing,
)
from engines.i18n import ENGLISH, speaking

log = logging.getLogger(__name__)

#: Seconds before the first retry of a transiently failed item; doubled each time, at most ``MAX_DELAY``.
RETRY_DELAY = 5.0
MAX_DELAY = 600.0
#: Attempts before an item is given up (a day and more of retries with the delays above).
MAX_ATTEMPTS = 150
#: Rows read per drain.
BATCH = 200
#: Seconds a claim lasts unless the heartbeat renews it: what a dead or cut-off process held is free this long
#: after its last beat.
LEASE = 15.0
#: Seconds between two heartbeats, and between two looks at the outbox for what became free (another
#: process's claims that ran out or were let go, a retry that became due).
BEAT = LEASE / 3
#: Seconds past a retry's due time before the process that failed it may try it again while another process
#: lives: the other gets the first go (it may be able to send where this one is not).
GRACE = 2 * LEASE


def slow(item: Announcement) -> bool:
    """Whether the item's pictures take seconds to draw — a game's end post with its animation, or an older bot's
    separate post of it (``PostRole.HISTORY``): :meth:`Deliverer.deliver` sends it — and what follows it in its game —
    in the background, so whoever made the move is answered at once."""
    return isinstance(item, ChannelPost) and (item.animation is not None or item.role == PostRole.HISTORY)


class TryLater(Exception):
    """The transport could not deliver now (a server error, the network): try again later."""


class Undeliverable(Exception):
    """The transport can never deliver this (the channel is gone, no permission, a refused payload)."""


class DmsClosed(Exception):
    """The user does not accept direct messages from the bot."""


class Transport(Protocol):
    async def post(self, post: ChannelPost, nonce: str) -> int | None:
        """Send a channel post; its message id (None if the transport has none)."""
        ...

    async def dm(self, message: PrivateMessage, nonce: str) -> int | None:
        ...

    async def edit(self, edit: ChannelEdit, channel_id: int, message_id: int) -> None:
        ...


class Deliverer:
    def __init__(self, store: Store, transport: Transport, renderer: Renderer | None = None, *,
                 clock: Callable[[], float] = time.time, retry_delay: float = RETRY_DELAY,
                 owner: str | None = None, able: Callable[[], bool] = lambda: True) -> None:
        self.store = store
        self.retry_delay = retry_delay
        self.transport = transport
        self.renderer = renderer
        self.clock = clock
        self.delivered = 0                 # items sent (for tests and monitoring)
        #: This deliverer's name on its claims: its process's (the bot's, :class:`bot.presence.Presence`), or one
        #: of its own — each start a new claimant.
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        #: Whether the transport can deliver now (the bot: connected to Discord); while not, nothing is claimed.
        self.able = able
        self._sending: set[str] = set()   # keys in the transport's hands this moment
        # Bumped whenever this process lets its claims go: what it claimed before is no longer its to send.
        self._generation = 0
        self._sent: LRU[str, bool] = LRU(50_000)   # keys this process has settled, whatever the store says yet
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._waiting: dict[int, float] = {}        # game -> when its oldest pending item may be tried again
        # (game, role) -> (channel, message) of the latest message of that role this process has said:
        # an edit finds its message without reading the store.
        self._said: LRU[tuple[int, str], tuple[int, int]] = LRU(10_000)
        self._wake = asyncio.Event()
        #: What :meth:`deliver` sends in the background (a game's items from its first slow picture on).
        self._background: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ entry points

    async def deliver(self, items: Sequence[Announcement]) -> None:
        """Send these just-committed announcements now (in order per game; pictures drawn first)."""
        items = [a for a in items if a.key]
        if not items or not self.able():
            return  # (not able: they stay pending, for this process once it can send, or another)
        generation = self._generation
        claimed = await self.store.claim_keys(self.owner, [a.key for a in items], LEASE)
        mine = [a for a in items if a.key in claimed]
        if len(mine) < len(items):
            self.wake()  # some wait behind an older item of their game, or another process has them
        drawing = self._drawing(mine)
        try:
            for game_id, group in _by_game(mine):
                if game_id is not None and game_id in self._waiting:
                    self.wake()  # an older item of this game waits for a retry: the drain keeps the order
                    continue
                cut = next((i for i, a in enumerate(group) if slow(a)), len(group))
                now, later = group[:cut], group[cut:]
                async with self._lock(game_id):
                    sent = await self._send_all(now, drawing, generation)
                if later and sent:  # the caller's answer never waits for a slow picture: sent in the background
                    mine_later = {a.key: drawing.pop(a.key) for a in later}
                    task = asyncio.get_running_loop().create_task(
                        self._send_later(game_id, later, mine_later, generation))
                    self._background.add(task)
                    task.add_done_callback(self._background.discard)
        finally:
            _stop(drawing)

    async def settled(self) -> None:
        """Wait for what :meth:`deliver` left to send in the background (tests, shutdown)."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    async def _send_all(self, items: Sequence[Announcement], drawing: dict[str, asyncio.Future[Announcement]],
                        generation: int) -> bool:
        """Send ``items`` of one game in order, each once drawn; False (and the drain woken) at the first that fails."""
        for item in items:
            if not await self._send(await drawing[item.key], generation):
                self.wake()
                return False
        return True

    async def _send_later(self, game_id: int | None, items: Sequence[Announcement],
                          drawing: dict[str, asyncio.Future[Announcement]], generation: int) -> None:
        try:
            async with self._lock(game_id):
                await self._send_all(items, drawing, generation)
        except Exception:
            log.exception("sending game %s's later announcements failed; the drain tries again", game_id)
            self.wake()
        finally:
            _stop(drawing)

    async def drain(self) -> int:
        """Send what is pending in the store and this process may send now (due, not held by another; a
        game's items in order).  Returns the count sent."""
        if not self.able():
            return 0
        generation = self._generation
        rows = await self.store.claim_announcements(self.owner, BATCH, LEASE, GRACE)
        self._forget_due()
        before = self.delivered
        games: dict[int | None, list[Announcement]] = {}
        for row in rows:
            games.setdefault(row.item.game_id, []).append(from_outgoing(row.item))
        for game_id, group in games.items():
            drawing = self._drawing(group)
            try:
                async with self._lock(game_id):
                    for item in group:
                        if not await self._send(await drawing[item.key], generation):
                            break
            finally:
                _stop(drawing)
        return self.delivered - before

    async def heartbeat(self) -> bool:
        """This process is alive: its presence's beat is now, and while it can send (``able``) its claims last
        another ``LEASE``; while it cannot, it lets them go — but for what it is sending this moment — and
        sends nothing it had claimed before.  Whether its presence was still recorded."""
        holding = self.able()
        if not holding:
            self._generation += 1
        present = await self.store.heartbeat(self.owner, LEASE, holding, set(self._sending))
        if not holding:
            self._generation += 1  # also what a drain may have claimed while the claims were being let go
        return present

    async def run(self, interval: float = BEAT) -> None:
        """Drain now, then whenever woken (a failed send, a blocked game), when a retry of this process's is
        due, or every ``interval`` seconds (what another process let go or left behind)."""
        while True:
            try:
                await self.drain()
            except Exception:
                log.exception("delivering the outbox failed; trying again in %s s", interval)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self._next_wait(interval))

    def wake(self) -> None:
        self._wake.set()

    def _forget_due(self) -> None:
        """A game whose retry is due is no longer waiting here: the claim just made took it, or another
        process holds it, or it is not this process's turn yet (``GRACE``) — the next looks will tell."""
        now = self.clock()
        for game_id, at in list(self._waiting.items()):
            if at <= now:
                del self._waiting[game_id]

    def _next_wait(self, interval: float) -> float:
        if not self._waiting:
            return interval
        return max(0.05, min(interval, min(self._waiting.values()) - self.clock()))

    # ------------------------------------------------------------------ one item

    async def _send(self, item: Announcement, generation: int) -> bool:
        """Deliver one item claimed in ``generation`` and record the outcome; False when the game's later
        items must wait (a failure, or the claim was let go since)."""
        if item.key in self._sent:
            return True
        if generation != self._generation:
            return False
        self._sending.add(item.key)
        try:
            message_id = await self._transmit(item)
        except TryLater as err:
            return await self._later(item, str(err))
        except DmsClosed:
            await self._dms_closed(item)
            return True
        except Undeliverable as err:
            log.warning("announcement %s of game %s cannot be delivered: %s", item.key, item.game_id, err)
            await self.store.mark_undelivered(item.key, Delivery.FAILED, str(err)[:300])
            self._sent.put(item.key, True)
            return True
        finally:
            self._sending.discard(item.key)
        await self.store.mark_sent(item.key, message_id)
        self._sent.put(item.key, True)
        if message_id is not None and item.game_id is not None and not isinstance(item, PrivateMessage) and item.role:
            self._said.put((item.game_id, item.role), (item.channel_id or 0, message_id))
        self.delivered += 1
        return True

    async def _transmit(self, item: Announcement) -> int | None:
        if isinstance(item, ChannelPost):
            return await self.transport.post(item, item.key)
        if isinstance(item, PrivateMessage):
            return await self.transport.dm(item, item.key)
        return await self._edit(item)

    async def _edit(self, edit: ChannelEdit) -> int | None:
        """Change the game's latest message of the edit's role; the id of the message that now says it.

        A turn's message that is gone (deleted, or never delivered) is said anew as a post; a lobby
        message that is gone stays gone (nobody can join from it)."""
        where = self._said.get((edit.game_id, edit.role)) or await self.store.message_of(edit.game_id, edit.role)
        if where is not None:
            try:
                await self.transport.edit(edit, *where)
                return where[1]
            except Undeliverable:
                if edit.role == PostRole.LOBBY:
                    raise
        elif edit.role == PostRole.LOBBY:
            raise Undeliverable(f"game {edit.game_id} has no lobby message")
        anew = ChannelPost(edit.text, edit.mentions, edit.picture, edit.image, edit.buttons, game_id=edit.game_id,
                           channel_id=edit.channel_id, role=edit.role, key=edit.key, seat=edit.seat,
                           close_up=edit.close_up)
        return await self.transport.post(anew, edit.key)

    async def _later(self, item: Announcement, why: str) -> bool:
        attempts, at = await self.store.retry_later(item.key, self.owner, self.clock(), self.retry_delay, MAX_DELAY,
                                                    why[:300])
        if attempts >= MAX_ATTEMPTS:
            log.error("announcement %s of game %s given up after %s attempts: %s", item.key, item.game_id,
                      attempts, why)
            await self.store.mark_undelivered(item.key, Delivery.FAILED, why[:300])
            self._sent.put(item.key, True)
            return True
        log.info("announcement %s of game %s: %s; retrying in %.0f s", item.key, item.game_id, why,
                 at - self.clock())
        if item.game_id is not None:
            self._waiting[item.game_id] = at
        return False

    async def _dms_closed(self, item: Announcement) -> None:
        assert isinstance(item, PrivateMessage)
        notice = None
        if item.channel_id is not None:
            with speaking(await self._table_language(item.game_id)):  # a post in the game's thread
                notice = keyed(ChannelPost(wording.DMS_CLOSED, (item.user_id,), game_id=item.game_id,
                                           channel_id=item.channel_id))
        self._sent.put(item.key, True)
        told = await self.store.mark_dms_closed(item.key, to_outgoing(notice) if notice else None)
        # The notice goes out now, ahead of the game's other announcements (it is about none of them).
        generation = self._generation
        if told and notice and notice.key in await self.store.claim_keys(self.owner, [notice.key], LEASE,
                                                                          in_order=False):
            await self._send(notice, generation)

    async def _table_language(self, game_id: int | None) -> str:
        """The language of the game's channel posts (English when the game is unknown)."""
        game = await self.store.get_game(game_id) if game_id is not None else None
        return str(game.settings.get("language") or ENGLISH) if game is not None else ENGLISH

    # ------------------------------------------------------------------ pictures

    def _drawing(self, items: Sequence[Announcement]) -> dict[str, asyncio.Future[Announcement]]:
        """Each item (by key) with its picture drawn, all started at once off the event loop and each awaited in its
        turn: an item goes out as soon as it and those before it are ready, never waiting for a slower picture
        after it (a game's end post, drawing its animation).  A failed drawing costs the image, not the message."""
        return {item.key: asyncio.ensure_future(self._drawn(item)) for item in items}

    async def _drawn(self, item: Announcement) -> Announcement:
        renderer = self.renderer
        if renderer is None or item.picture is None or item.image is not None:
            return item
        if isinstance(item, ChannelPost) and item.animation is not None:  # a game's end post: its animation too
            image, animated = await asyncio.gather(draw(renderer, item.picture), draw(renderer, item.animation))
            return dataclasses.replace(item, image=image, animated=animated)
        if item.picture.close_up and not isinstance(item, PrivateMessage):  # a turn's post: its close-up too
            image, close_up = await asyncio.gather(draw(renderer, item.picture), draw(renderer, item.picture.compact()))
            return dataclasses.replace(item, image=image, close_up=close_up)
        return dataclasses.replace(item, image=await draw(renderer, item.picture))

    def _lock(self, game_id: int | None) -> asyncio.Lock:
        key = game_id if game_id is not None else -1
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock


def _stop(drawing: dict[str, asyncio.Future[Announcement]]) -> None:
    """Drawings of items not sent this time (a failure, a claim let go) are not waited for: the next attempt draws
    them again."""
    for future in drawing.values():
        future.cancel()


def _by_game(items: Sequence[Announcement]) -> list[tuple[int | None, list[Announcement]]]:
    groups: dict[int | None, list[Announcement]] = {}
    for item in items:
        groups.setdefault(item.game_id, []).append(item)
    return list(groups.items())
