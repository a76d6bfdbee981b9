"""``FakeDiscord``: the server, the switches that point discord.py at it, and the API tests use."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from .gateway import INTENT_GUILDS, INTENT_MEMBERS, Gateway, owns
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeInteraction,
    base_payload,
    command_data,
    component_data,
    modal_submit_data,
    new_token,
)
from .models import GUILD_TEXT, FakeChannel, FakeGuild, FakeMessage, FakeUser, RestCall
from .rest import API_PREFIX, RestApi, json_response, message_intent
from .world import ATTACHMENT_SIZE_LIMIT, World, permission_bits

# Names discord.py gives the tasks that run bot code: event handlers, app commands, view/modal callbacks.
_BOT_TASK_PREFIXES = ("discord.py: ", "CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
                      "discord-ui-modal-dispatch-")


def _discord_py_busy() -> bool:
    """True while discord.py is running a handler (the client shares the test's event loop)."""
    return any(t.get_name().startswith(_BOT_TASK_PREFIXES) and not t.done() for t in asyncio.all_tasks())


@dataclass
class Fault:
    """An injected failure: the next ``left`` calls of one route answer ``status``."""

    method: str
    route: str
    status: int
    code: int
    left: int
    retry_after: float
    hits: int = 0

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": f"injected {self.status}", "code": self.code}
        response = json_response(body, self.status)
        if self.status == 429:
            body.update(retry_after=self.retry_after, **{"global": False})
            response = json_response(body, self.status)
            # Discord's 429s come through its proxy (discord.py reads a 429 without "Via" as a Cloudflare ban).
            response.headers.update({"Retry-After": str(self.retry_after), "X-RateLimit-Scope": "user",
                                     "X-RateLimit-Remaining": "0", "Via": "1.1 google"})
        return response


class FakeDiscord:
    """An in-process Discord (REST + gateway) on 127.0.0.1 that the real discord.py client logs into.

    Set-up (sync, any time): ``add_member``, ``add_channel``, ``add_guild``, ``deny_bot``, ``close_dms``; a
    client cut off from Discord (async): ``cut_off``.
    Simulated users (async): ``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal``.
    Observation: ``calls``, ``messages(channel)``, ``dms(user)``, ``ephemerals()``, ``threads_created``,
    ``wait_for_message``, ``idle``; ``assert_clean`` fails on unknown routes or errors inside the fake.
    """

    token = "fake-bot-token.fake.fake"

    def __init__(self, *, interaction_deadline: float | None = 3.0) -> None:
        self.world = World()
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        # Seconds the bot has for its initial interaction response (Discord: 3); None disables the check.
        self.interaction_deadline = interaction_deadline
        self.calls: list[RestCall] = []
        self.unknown: list[RestCall] = []  # requests to routes the fake does not implement
        self.errors: list[str] = []  # exceptions inside the fake (would be bugs in the fake or odd payloads)
        self.threads_created: list[FakeChannel] = []
        self.faults: list[Fault] = []  # injected failures (``fail``), taken in order
        # Marks of the clients that cannot reach Discord's REST API, and its gateway (``cut_off``).
        self.cut: dict[str, set[str]] = {"rest": set(), "gateway": set()}
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.inflight = 0
        self.last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._background: set[asyncio.Task[Any]] = set()
        self._clients: dict[discord.Client, asyncio.Task[None]] = {}
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.port = 0
        # A default guild with one text channel, so simple tests need no set-up.
        self.guild = self.add_guild("Board Games")
        self.channel = self.add_channel("games")

    # -------------------------------------------------------------------------------------- lifecycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def bot(self) -> FakeUser:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    async def start(self) -> None:
        # Room for a message at Discord's attachment limit (the world refuses what is over it, as Discord does).
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=ATTACHMENT_SIZE_LIMIT + 1024 * 1024)
        self.rest.install(app)
        app.router.add_get("/gateway", self.gateway.handle)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))  # random free port, loopback only
        self.port = sock.getsockname()[1]
        await web.SockSite(runner, sock).start()
        self._runner = runner
        self.world.cdn_base = self.base_url
        self._patch()

    async def stop(self) -> None:
        # Clients first: with the server gone a running client would retry its connection forever.
        for client, task in list(self._clients.items()):
            await self.stop_client(client, task)
        self._unpatch()
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.gateway.close_all()
        if self._runner is not None:
            await asyncio.wait_for(self._runner.cleanup(), timeout=5)
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def _patch(self) -> None:
        # discord.py builds every REST URL (webhooks included) from Route.BASE and connects the gateway to
        # DiscordWebSocket.DEFAULT_GATEWAY (2.x no longer asks GET /gateway first); both are class attributes.
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def _unpatch(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @contextlib.asynccontextmanager
    async def running(self, client: discord.Client, *, timeout: float = 10.0) -> AsyncIterator[discord.Client]:
        """Log ``client`` in, wait until it is ready and sees every guild; close it on exit."""
        task = await self.start_client(client, timeout=timeout)
        try:
            yield client
        finally:
            await self.stop_client(client, task)

    async def start_client(self, client: discord.Client, *, timeout: float = 10.0) -> asyncio.Task[None]:
        # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE before 'ready'; the fake
        # sends them all at once, so a short wait is enough and keeps each test fast.
        client._connection.guild_ready_timeout = min(client._connection.guild_ready_timeout, 0.1)
        task = asyncio.create_task(client.start(self.token), name="fake-discord-client")
        self._clients[client] = task
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            failure = task.exception() if task.done() and not task.cancelled() else None
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.stop_client(client, task)
            if failure is not None:
                raise RuntimeError(f"the client failed to log in to the fake{self._diagnostics()}") from failure
            raise TimeoutError(f"the client was not ready after {timeout}s{self._diagnostics()}")

        shards = getattr(client, "shard_ids", None) or range(getattr(client, "shard_count", None) or 1)
        count = getattr(client, "shard_count", None) or 1

        def sees_all_guilds() -> bool:  # every guild of its shards
            return all((g := client.get_guild(gid)) is not None and not g.unavailable for gid in self.world.guilds
                       if any(owns([i, count], gid) for i in shards))
        await self.wait_until(sees_all_guilds, timeout, "the client to see every guild")
        return task

    async def stop_client(self, client: discord.Client, task: asyncio.Task[None]) -> None:
        self._clients.pop(client, None)
        await asyncio.wait_for(client.close(), timeout=10)
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=10)

    async def drop_connections(self, *, resumable: bool = True, timeout: float = 10.0) -> None:
        """Close every gateway connection like a Discord outage and wait until the bots are back.

        discord.py reconnects to ``resume_gateway_url`` and sends RESUME; with ``resumable=False`` the fake
        answers INVALID_SESSION, so the client identifies again (new READY and GUILD_CREATEs) -- after the
        5 s discord.py's ``Client.before_identify_hook`` sleeps before any re-IDENTIFY, unless overridden.
        """
        before = self.gateway.identifies
        expected = len(self.gateway.live)
        if not resumable:
            self.gateway.sessions.clear()
        await self.gateway.close_all(code=4000)

        def back() -> bool:
            return len(self.gateway.live) >= expected and (resumable or self.gateway.identifies >= before + expected)
        await self.wait_until(back, timeout, "the bot to reconnect")

    async def cut_off(self, mark: str, *, gateway: bool = True) -> None:
        """Cut the clients whose User-Agent carries ``mark`` off from Discord, as when their network fails (their
        database stays reachable): their gateway connections drop, and every connection or REST call they
        make from now on is dropped unanswered, until ``reconnect(mark)``.  With ``gateway=False`` only their
        REST calls fail; the gateway stays up.  Tests mark a bot process of its own (``tests.e2e.bot_process``)
        to tell it from the others."""
        self.cut["rest"].add(mark)
        if gateway:
            self.cut["gateway"].add(mark)
            await self.gateway.close_marked(mark)

    def reconnect(self, mark: str) -> None:
        for marks in self.cut.values():
            marks.discard(mark)

    def is_cut(self, request: web.BaseRequest, part: str) -> bool:
        """Whether ``request`` (to ``part``: "rest" or "gateway") comes from a client cut off from it; its
        connection is dropped if so."""
        agent = request.headers.get("User-Agent", "")
        if not any(mark in agent for mark in self.cut[part]):
            return False
        if request.transport is not None:
            request.transport.close()
        return True

    # ------------------------------------------------------------------------------------------ set-up
    def add_guild(self, name: str) -> FakeGuild:
        guild = self.world.add_guild(name)
        if self.gateway.live:  # a guild joined after login arrives as GUILD_CREATE
            self._spawn(self._dispatch_guild_create(guild))
        return guild

    async def _dispatch_guild_create(self, guild: FakeGuild) -> None:
        for session in self.gateway.live:
            payload = self.world.guild_payload(guild, members=bool(session.intents & INTENT_MEMBERS), full=True)
            await session.dispatch("GUILD_CREATE", payload)

    def add_member(self, name: str, *, guild: FakeGuild | None = None, user_id: int | None = None) -> FakeUser:
        """A new user who is a member of ``guild`` (default guild); ``user_id`` is chosen when omitted."""
        guild = guild or self.guild
        user = self.world.add_user(name, user_id=user_id)
        self.world.add_member(guild, user)
        if self.gateway.live:
            payload = {**self.world.member_payload(guild, user.id), "guild_id": str(guild.id)}
            self._spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", payload, intent=INTENT_MEMBERS))
        return user

    def add_user(self, name: str, *, user_id: int | None = None) -> FakeUser:
        """A user who shares no guild with the bot (can still be DMed by id, as on Discord)."""
        return self.world.add_user(name, user_id=user_id)

    def add_channel(self, name: str, *, guild: FakeGuild | None = None, topic: str | None = None) -> FakeChannel:
        """A text channel (type 0) in ``guild`` (default guild)."""
        channel = self.world.add_channel(guild or self.guild, name, type=GUILD_TEXT, topic=topic)
        if self.gateway.live:
            self._spawn(self.gateway.dispatch("CHANNEL_CREATE", self.world.channel_payload(channel),
                                              intent=INTENT_GUILDS))
        return channel

    def deny_bot(self, channel: FakeChannel, *permissions: str) -> None:
        """Take discord.py-named permissions from the bot in ``channel`` (and its threads).

        E.g. ``fake.deny_bot(chan, "create_public_threads", "send_messages_in_threads")`` for the
        no-thread fallback. The bot keeps everything else (it has all but Administrator by default).
        """
        channel.bot_deny |= permission_bits(*permissions)
        self._channel_changed(channel)

    def allow_bot(self, channel: FakeChannel, *permissions: str) -> None:
        channel.bot_deny &= ~permission_bits(*permissions)
        self._channel_changed(channel)

    def _channel_changed(self, channel: FakeChannel) -> None:
        if self.gateway.live:
            self._spawn(self.gateway.dispatch("CHANNEL_UPDATE", self.world.channel_payload(channel),
                                              intent=INTENT_GUILDS))

    def fail(self, method: str, route: str, status: int, *, code: int = 0, times: int = 1,
             retry_after: float = 0.05) -> Fault:
        """Make the next ``times`` calls of ``method`` ``route`` (a template such as
        ``/channels/{channel_id}/messages``) answer ``status`` instead (429 with ``retry_after``)."""
        fault = Fault(method.upper(), route, status, code, times, retry_after)
        self.faults.append(fault)
        return fault

    def take_fault(self, method: str, route: str) -> Fault | None:
        for fault in self.faults:
            if fault.left > 0 and fault.method == method and fault.route == route:
                fault.left -= 1
                fault.hits += 1
                return fault
        return None

    def close_dms(self, user: FakeUser, closed: bool = True) -> None:
        """Make sends to ``user``'s DM channel fail with 403 / code 50007, like a user with DMs off."""
        user.dms_closed = closed

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (for DM interactions, or to inspect it)."""
        return self.world.dm_channel(user)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        # Sync set-up methods still notify a connected client; tasks are tracked so idle()/stop() await them.
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _flush_background(self) -> None:
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    # -------------------------------------------------------------------------------- gateway events
    async def message_created(self, msg: FakeMessage) -> None:
        await self._message_event("MESSAGE_CREATE", msg)

    async def message_updated(self, msg: FakeMessage) -> None:
        await self._message_event("MESSAGE_UPDATE", msg)

    async def _message_event(self, event: str, msg: FakeMessage) -> None:
        """``event`` with the whole message to the gateway (an ephemeral message has none: Discord sends none)."""
        if not msg.ephemeral:
            channel = self.world.channels[msg.channel_id]
            await self.gateway.dispatch(event, self.world.message_payload(msg), intent=message_intent(channel))
        self.notify()

    async def message_deleted(self, msg: FakeMessage) -> None:
        if not msg.ephemeral:
            channel = self.world.channels[msg.channel_id]
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=message_intent(channel))
        self.notify()

    # --------------------------------------------------------------------------- simulated interactions
    async def _dispatch_interaction(self, itype: int, user: FakeUser, channel: FakeChannel,
                                    data: dict[str, Any], message: FakeMessage | None = None) -> FakeInteraction:
        await self._flush_background()  # e.g. CHANNEL_CREATE for a channel added just now goes out first
        interaction_id = self.world.snowflake()
        token = new_token(interaction_id)
        payload = base_payload(self.world, interaction_id, token, itype, user, channel, data)
        if message is not None:
            payload["message"] = self.world.message_payload(message)
        interaction = FakeInteraction(id=interaction_id, token=token, type=itype, user=user, channel=channel,
                                  payload=payload, fake=self, message=message)
        self.interactions[interaction_id] = interaction
        self.interactions_by_token[token] = interaction
        if not await self.gateway.dispatch("INTERACTION_CREATE", payload):
            raise RuntimeError("no bot is connected to the fake gateway (start it with fake.running(client))")
        self.touch()
        return interaction

    async def slash(self, user: FakeUser, channel: FakeChannel, command: str, /, **options: Any) -> FakeInteraction:
        """``user`` runs ``/command`` (``"group sub"`` for subcommands) in ``channel`` with ``options``; the command,
        its subcommand and options may be named as ``user``'s client shows them in their locale (``"mão"``).

        Option values: str/int/bool/float, a FakeUser (user options) or FakeChannel (channel options).
        The first three parameters are positional-only, so options may be called ``user`` or ``channel``.
        """
        data = command_data(self.world, channel, command, options, locale=user.locale)
        return await self._dispatch_interaction(APPLICATION_COMMAND, user, channel, data)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel, command: str, /, *, option: str,
                           text: str = "", timeout: float = 5.0, **options: Any) -> list[dict[str, Any]]:
        """``user`` types ``text`` into ``option`` of ``command``; returns the bot's choices ({name, value})."""
        data = command_data(self.world, channel, command, options, focused=option, focused_text=text,
                            locale=user.locale)
        interaction = await self._dispatch_interaction(AUTOCOMPLETE, user, channel, data)
        return await interaction.choices(timeout)

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str | None = None, /, *,
                    label: str | None = None) -> FakeInteraction:
        """``user`` presses the button ``custom_id`` (or the one labelled ``label``) on a bot message."""
        if (custom_id is None) == (label is None):
            raise TypeError("click() needs exactly one of custom_id or label")
        data = component_data(message, custom_id, label, None)
        return await self._component(user, message, data)

    async def select(self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str], /
                     ) -> FakeInteraction:
        """``user`` picks ``values`` in the string select ``custom_id`` on a bot message."""
        data = component_data(message, custom_id, None, values)
        return await self._component(user, message, data)

    async def _component(self, user: FakeUser, message: FakeMessage, data: dict[str, Any]) -> FakeInteraction:
        if message.deleted:
            raise AssertionError(f"{message} was deleted; nobody can click on it")
        channel = self.world.channels[message.channel_id]
        return await self._dispatch_interaction(MESSAGE_COMPONENT, user, channel, data, message)

    async def submit_modal(self, user: FakeUser, opened_by: FakeInteraction, timeout: float = 5.0,
                           **values: str) -> FakeInteraction:
        """``user`` fills in the modal the bot opened in answer to ``opened_by`` (text inputs by custom_id)."""
        modal = await opened_by.modal(timeout)
        data = modal_submit_data(modal, values)
        return await self._dispatch_interaction(MODAL_SUBMIT, user, opened_by.channel, data, opened_by.message)

    # -------------------------------------------------------------------------------------- observing
    def messages(self, channel: FakeChannel, *, ephemeral: bool = False, deleted: bool = False
                 ) -> list[FakeMessage]:
        """Messages in ``channel`` in creation order (current state; ``msg.history`` has earlier versions).

        Ephemeral replies are only visible to their user, so they are excluded unless ``ephemeral=True``.
        """
        return [m for m in self.world.messages.values() if m.channel_id == channel.id
                and (ephemeral or not m.ephemeral) and (deleted or not m.deleted)]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """Messages the bot sent to ``user`` by DM."""
        channel_id = self.world.dm_channel_by_user.get(user.id)
        return self.messages(self.world.channels[channel_id]) if channel_id else []

    def ephemerals(self, user: FakeUser | None = None) -> list[FakeMessage]:
        """Ephemeral messages (interaction replies only ``user`` could see), oldest first."""
        return [m for m in self.world.messages.values() if m.ephemeral and not m.deleted
                and (user is None or self.interactions[m.interaction_id or 0].user is user)]

    def threads(self, channel: FakeChannel | None = None) -> list[FakeChannel]:
        """Threads the bot created (under ``channel`` when given)."""
        return [t for t in self.threads_created if channel is None or t.parent_id == channel.id]

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """The synced command payloads (global, or ``guild``'s), as Discord stored them."""
        return list(self.world.commands.get(guild.id if guild else None, []))

    def calls_to(self, route: str, method: str | None = None) -> list[RestCall]:
        """Recorded calls whose route template is ``route`` (e.g. ``"/channels/{channel_id}/messages"``)."""
        return [c for c in self.calls if c.route == route and (method is None or c.method == method)]

    async def wait_for_message(self, channel: FakeChannel, predicate: Callable[[FakeMessage], bool] | None = None,
                               *, after: int = 0, timeout: float = 5.0) -> FakeMessage:
        """The first message in ``channel`` at index >= ``after`` (matching ``predicate``), waiting for it."""
        def found() -> FakeMessage | None:
            for msg in self.messages(channel)[after:]:
                if predicate is None or predicate(msg):
                    return msg
            return None
        return await self.wait_until(found, timeout, f"a message in {channel}")

    # ------------------------------------------------------------------------------------------ waiting
    def touch(self) -> None:
        self.last_activity = time.monotonic()

    def notify(self) -> None:
        self.touch()
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str = "a condition") -> Any:
        """Re-check ``predicate`` whenever the fake records something; TimeoutError with context if it never holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}{self._diagnostics()}")
            with contextlib.suppress(TimeoutError):
                # Also wake periodically: some conditions (client state) change without a REST call.
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))

    async def wait_in_thread(self, call: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Run a blocking ``call`` (e.g. reading another process's output) without stopping the fake."""
        return await asyncio.wait_for(asyncio.to_thread(call), timeout)

    async def idle(self, quiet: float = 0.05, timeout: float = 20.0, *, answered: bool = True) -> None:
        """Wait until the bot is idle, so assertions see everything it did.

        The timeout is generous because it is only a guard against a bot that never settles: a turn that
        settles in 0.1-0.3 s alone took over 5 s once in CI, with two test workers and the AI tests'
        process pools sharing two cores.

        Idle means: no REST call in flight, no discord.py handler task running (events, app commands,
        view/modal callbacks), the fake's own gateway events sent, (``answered``) every simulated interaction
        has had its initial response, and all of that for ``quiet`` seconds.
        """
        def settled() -> bool:
            pending = answered and any(not i.answered for i in self.interactions.values())
            if self.inflight or self._background or pending or _discord_py_busy():
                self.touch()  # the quiet period starts once all of that is over
                return False
            return time.monotonic() - self.last_activity >= quiet
        await self.wait_until(settled, timeout, "the bot to go idle")

    def _diagnostics(self) -> str:
        lines = [f"  {c.method} {c.path} -> {c.status}" for c in self.calls[-8:]]
        unanswered = [repr(i) for i in self.interactions.values() if not i.answered]
        text = "\nrecent REST calls:\n" + ("\n".join(lines) or "  (none)")
        if unanswered:
            text += f"\nunanswered interactions: {unanswered}"
        if self.errors or self.unknown:
            text += f"\nfake errors: {self.errors}\nunknown routes: {self.unknown}"
        return text

    def assert_clean(self) -> None:
        """Fail if the bot called routes the fake does not know, or the fake itself raised."""
        problems = [f"unknown route {c.method} {c.path}" for c in self.unknown] + self.errors
        assert not problems, "fake Discord saw unexpected calls:\n" + "\n".join(problems)
