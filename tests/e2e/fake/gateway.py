"""The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, dispatches.

Frames are plain JSON text: discord.py only runs its zlib/zstd decompressor on binary frames, so the
``compress=`` query parameter it sends can be ignored.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

_log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 8, 9, 10, 11
INTENT_GUILDS, INTENT_MEMBERS, INTENT_GUILD_MESSAGES, INTENT_DM_MESSAGES = 1 << 0, 1 << 1, 1 << 9, 1 << 12
HEARTBEAT_INTERVAL_MS = 41250


def owns(shard: list[int] | None, guild_id: int | None) -> bool:
    """Whether a session identified with ``shard`` ([id, count], or None: unsharded) gets the guild's events."""
    if shard is None:
        return True
    shard_id, count = shard
    return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)


class GatewaySession:
    """One identified (or resumed) bot session; outlives its websocket so a RESUME can pick it up."""

    def __init__(self, intents: int, shard: list[int] | None) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.ws: web.WebSocketResponse | None = None
        self.missed: list[tuple[str, dict[str, Any]]] = []  # dispatches while disconnected, replayed on RESUME
        self.lock = asyncio.Lock()

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        # The lock keeps sequence numbers in send order when the test and a REST handler dispatch at once.
        async with self.lock:
            if not self.connected:
                self.missed.append((event, data))
                return
            self.seq += 1
            assert self.ws is not None
            await self.ws.send_str(json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data}))


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        self.agents: dict[web.WebSocketResponse, str] = {}  # each socket's client, by its User-Agent
        self.identifies = 0  # how many times a client logged in (tests of restarts read it)

    @property
    def live(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.connected]

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> int:
        """Send a dispatch to every live session subscribed to ``intent`` (0 = always) whose shard owns
        the event's guild (as Discord routes: shard ``(guild_id >> 22) % count``; DMs go to shard 0);
        returns how many."""
        guild = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        targets = [s for s in self.sessions.values() if s.connected and (not intent or s.intents & intent)
                   and owns(s.shard, int(guild) if guild is not None else None)]
        for session in targets:
            await session.dispatch(event, data)
        return len(targets)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.fake.is_cut(request, "gateway"):
            return web.Response(status=503)  # never read: the connection is gone
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.sockets.add(ws)
        self.agents[ws] = request.headers.get("User-Agent", "")
        session: GatewaySession | None = None
        try:
            await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                session = await self._on_message(ws, session, message.get("op"), message.get("d"))
        except Exception as exc:  # a gateway bug must show up in the test, not as a silent disconnect
            self.fake.errors.append(f"gateway: {exc!r}")
            _log.exception("fake gateway failed")
        finally:
            self.sockets.discard(ws)
            self.agents.pop(ws, None)
            if session is not None and session.ws is ws:
                session.ws = None
            self.fake.notify()
        return ws

    async def _on_message(self, ws: web.WebSocketResponse, session: GatewaySession | None, op: int, data: Any
                          ) -> GatewaySession | None:
        if op == HEARTBEAT:
            await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
        elif op == IDENTIFY:
            if data.get("token") != self.fake.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return session
            session = GatewaySession(int(data.get("intents") or 0), data.get("shard"))
            self.sessions[session.id] = session
            self.identifies += 1
            await self._ready(ws, session)
        elif op == RESUME:
            session = await self._resume(ws, data)
        elif op == REQUEST_MEMBERS and session is not None:
            await self._member_chunk(session, data)
        # PRESENCE_UPDATE (3), VOICE_STATE_UPDATE (4) and the rest are accepted and ignored.
        return session

    async def _ready(self, ws: web.WebSocketResponse, session: GatewaySession) -> None:
        fake, world = self.fake, self.fake.world
        ready: dict[str, Any] = {
            "v": 10, "user": world.user_payload(world.bot), "session_id": session.id, "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds if owns(session.shard, g)],
            "application": {"id": str(world.application_id), "flags": 0}, "private_channels": [],
            "relationships": [], "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
            "user_settings": {}, "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        async with session.lock:
            session.ws = ws
        await session.dispatch("READY", ready)
        with_members = bool(session.intents & INTENT_MEMBERS)
        for guild in world.guilds.values():
            if not owns(session.shard, guild.id):
                continue
            await session.dispatch("GUILD_CREATE", world.guild_payload(guild, members=with_members, full=True))
        fake.notify()

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.fake.token:
            # discord.py answers INVALID_SESSION(false) with a fresh IDENTIFY on a new connection.
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        async with session.lock:
            session.ws = ws
            missed, session.missed = session.missed, []
        for event, payload in missed:
            await session.dispatch(event, payload)
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        return session

    async def _member_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        world = self.fake.world
        guild = world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [world.member_payload(guild, uid) for uid in guild.member_ids if not wanted or uid in wanted]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1,
                 "not_found": [], "presences": []}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close_marked(self, mark: str) -> None:
        """Close the connections of the clients whose User-Agent carries ``mark`` (as an outage would)."""
        for ws, agent in list(self.agents.items()):
            if mark in agent:
                await ws.close(code=4000, message=b"fake discord: cut off")

    async def close_all(self, code: int = 1001) -> None:
        for ws in list(self.sockets):
            await ws.close(code=code, message=b"fake discord closed the connection")
