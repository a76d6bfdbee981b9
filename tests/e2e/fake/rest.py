"""REST routes of the fake, registered under ``/api/v10``.

Handlers read the body the middleware parsed (``request[CALL_KEY]``), change the ``World`` and answer with
the JSON discord.py expects. Discord-style errors are raised as ``FormError`` and turned into
``{"message", "code"}`` bodies; anything else is a bug in the fake and is reported as a 400 (never a 5xx,
which discord.py would retry with multi-second sleeps) and recorded in ``fake.errors``.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .gateway import INTENT_DM_MESSAGES, INTENT_GUILD_MESSAGES, INTENT_GUILDS
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    Callback,
    FakeInteraction,
    InteractionEvent,
)
from .models import DM, GUILD_TEXT, PUBLIC_THREAD, THREAD_TYPES, FakeChannel, FakeMessage, RestCall, UploadedFile
from .world import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    SEND_IN_THREADS,
    SEND_MESSAGES,
    FormError,
    invalid_form,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

API_PREFIX = "/api/v10"
CALL_KEY = web.RequestKey("call", RestCall)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py's json_or_text compares the header verbatim (no charset).
    headers = {
        "Content-Type": "application/json",
        # Harmless rate-limit headers: a large, never-exhausted bucket.
        "X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49", "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Reset": f"{time.time() + 1:.3f}", "X-RateLimit-Bucket": "fake",
    }
    return web.Response(body=json.dumps(data).encode(), status=status, headers=headers)


def no_content() -> web.Response:
    return web.Response(status=204)


async def parse_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """JSON body, or a multipart body's payload_json plus its files[n] parts (bytes kept verbatim)."""
    files: list[UploadedFile] = []
    payload: Any = None
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = bytes(await part.read(decode=False))  # type: ignore[union-attr]
            name = part.name or ""  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data)
            else:
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(UploadedFile(field=name, filename=part.filename or "", content_type=content_type,
                                          data=data))
    elif request.can_read_body:
        raw = await request.read()
        if raw:
            payload = json.loads(raw)
    return payload, files


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world

    # ------------------------------------------------------------------------------------ plumbing
    def routes(self) -> list[tuple[str, str, Handler]]:
        # Literal segments (@me, @original) before the {param} routes they would otherwise match.
        return [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/applications/{application_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback),
            ("GET", "/webhooks/{application_id}/{token}/messages/@original", self.webhook_get),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/@original", self.webhook_edit),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/@original", self.webhook_delete),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_get),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_edit),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_delete),
            ("POST", "/webhooks/{application_id}/{token}", self.webhook_followup),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.send_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/typing", self.trigger_typing),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread_from_message),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/@me", self.leave_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]

    def install(self, app: web.Application) -> None:
        for method, path, handler in self.routes():
            app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.unknown_route)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.cdn)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        fake = self.fake
        if fake.is_cut(request, "rest"):
            return web.Response(status=503)  # never read: the connection is gone
        fake.inflight += 1
        fake.touch()
        resource = request.match_info.route.resource
        template = resource.canonical[len(API_PREFIX):] if resource is not None else request.path
        if handler == self.unknown_route:
            template = "<unknown>"
        params = {k: v for k, v in request.match_info.items() if k != "tail"}
        if any(k.endswith("_id") and not v.isdigit() for k, v in params.items()):
            # e.g. GET /channels/{id}/messages/pins matched {message_id}: a route the fake does not have.
            handler, template = self.unknown_route, "<unknown>"
        call = RestCall(method=request.method, route=template, path=request.path[len(API_PREFIX):],
                        params=params, query=dict(request.query), json=None, files=[], timestamp=time.time())
        try:
            call.json, call.files = await parse_body(request)
            request[CALL_KEY] = call
            self._check_auth(request, template)
            fault = fake.take_fault(request.method, template)
            response = fault.response() if fault is not None else await handler(request)
        except FormError as err:
            response = json_response(err.body(), err.status)
        except Exception as exc:  # a bug in the fake (or a payload it cannot handle): loud, but not a 5xx
            fake.errors.append(f"{request.method} {request.path}: {exc!r}")
            response = json_response({"message": f"fake discord error: {exc!r}", "code": 0}, 400)
        finally:
            fake.inflight -= 1
            fake.touch()
        if "X-RateLimit-Bucket" in response.headers:
            # One bucket per route, like Discord's hashes (discord.py keys its local limiters on them).
            response.headers["X-RateLimit-Bucket"] = hashlib.sha1(f"{call.method} {template}".encode()).hexdigest()[:16]
        call.status = response.status
        body = getattr(response, "body", None)
        if isinstance(body, bytes) and response.content_type == "application/json":
            call.response = json.loads(body)
        fake.calls.append(call)
        fake.notify()
        return response

    def _check_auth(self, request: web.Request, template: str) -> None:
        # Interaction callbacks and webhooks are authorised by their token, not the bot token.
        if template.startswith(("/webhooks/", "/interactions/", "/gateway")):
            return
        if request.headers.get("Authorization") != f"Bot {self.fake.token}":
            raise FormError(401, 0, "401: Unauthorized")

    @staticmethod
    def call(request: web.Request) -> RestCall:
        return request[CALL_KEY]

    def body(self, request: web.Request) -> dict[str, Any]:
        payload = self.call(request).json
        return payload if isinstance(payload, dict) else {}

    async def unknown_route(self, request: web.Request) -> web.Response:
        self.fake.unknown.append(self.call(request))
        return json_response({"message": f"fake discord: no route {request.method} {request.path}", "code": 0}, 404)

    async def cdn(self, request: web.Request) -> web.Response:
        message_attachments = (a for m in self.world.messages.values() for a in m.attachments)
        att_id = int(request.match_info["attachment_id"])
        for att in message_attachments:
            if att.id == att_id:
                return web.Response(body=att.data, headers={"Content-Type": att.content_type})
        return web.Response(status=404)

    # ------------------------------------------------------------------------------ users, app, gateway
    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.world.user_payload(self.world.bot))

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self.world.user_payload(self.world.user(request.match_info["user_id"])))

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        return json_response({
            "id": str(world.application_id), "name": world.bot.name, "icon": None, "description": "",
            "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
            "owner": world.user_payload(world.owner), "verify_key": "0" * 64, "team": None, "flags": 0,
            "bot": world.user_payload(world.bot), "interactions_endpoint_url": None, "tags": [],
            "redirect_uris": [], "rpc_origins": [], "approximate_guild_count": len(world.guilds),
            "integration_types_config": {"0": {}}, "install_params": None,
        })

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.fake.gateway_url, "shards": 1, "session_start_limit": limit})

    async def create_dm(self, request: web.Request) -> web.Response:
        recipient = self.body(request).get("recipient_id")
        if recipient is None or int(recipient) not in self.world.users:
            raise FormError(400, 50033, "Invalid Recipient(s)")
        channel = self.world.dm_channel(self.world.user(recipient))
        return json_response(self.world.channel_payload(channel))

    # ----------------------------------------------------------------------------------------- commands
    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["application_id"]) != self.world.application_id:
            raise FormError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is not None and int(guild_id) not in self.world.guilds:
            raise FormError(403, 50001, "Missing Access")
        return int(guild_id) if guild_id is not None else None

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response(self.world.sync_commands(scope, self.call(request).json or []))

    # ------------------------------------------------------------------------------------- interactions
    def _interaction_by_token(self, request: web.Request) -> FakeInteraction:
        if int(request.match_info["application_id"]) != self.world.application_id:
            raise FormError(404, 10015, "Unknown Webhook")
        interaction = self.fake.interactions_by_token.get(request.match_info["token"])
        if interaction is None:
            raise FormError(404, 10015, "Unknown Webhook")
        return interaction

    def _record(self, interaction: FakeInteraction, kind: str, message: FakeMessage | None, request: web.Request
                ) -> None:
        interaction.events.append(InteractionEvent(kind=kind, message=message, call=self.call(request)))

    def _metadata(self, interaction: FakeInteraction, **extra: Any) -> dict[str, Any]:
        data = interaction.payload.get("data", {})
        metadata = {"id": str(interaction.id), "type": interaction.type,
                    "user": self.world.user_payload(interaction.user),
                    "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
                    **extra}
        if interaction.type == APPLICATION_COMMAND:
            metadata["name"] = data.get("name", "")
        if interaction.message is not None:
            metadata["interacted_message_id"] = str(interaction.message.id)
        return metadata

    def _interaction_message(self, interaction: FakeInteraction, data: dict[str, Any], files: list[UploadedFile],
                             *, extra_flags: int = 0, **metadata: Any) -> FakeMessage:
        msg_type = 20 if interaction.type == APPLICATION_COMMAND else 0  # 20 = CHAT_INPUT_COMMAND reply
        msg = self.world.create_message(interaction.channel, data, files, interaction_id=interaction.id,
                                        extra_flags=extra_flags, type=msg_type)
        msg.interaction_metadata = self._metadata(interaction, **metadata)
        return msg

    async def interaction_callback(self, request: web.Request) -> web.Response:
        fake, call = self.fake, self.call(request)
        interaction = fake.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise FormError(404, 10062, "Unknown interaction")
        if interaction.response is not None:
            raise FormError(400, 40060, "Interaction has already been acknowledged.")
        if fake.interaction_deadline and time.monotonic() - interaction.created > fake.interaction_deadline:
            # Discord's 3 s window for the initial response: slow handlers must defer first.
            raise FormError(404, 10062, "Unknown interaction")
        body = call.json if isinstance(call.json, dict) else {}
        ctype, data = int(body.get("type", 0)), body.get("data") or {}
        if ctype not in ALLOWED_CALLBACKS.get(interaction.type, set()):
            raise invalid_form(f"type: callback type {ctype} is not valid for interaction type {interaction.type}")
        message = await self._apply_callback(interaction, ctype, data, call.files)
        interaction.response = Callback(type=ctype, data=data, files=call.files, message=message)
        self._record(interaction, "callback", message, request)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        return json_response(self._callback_body(interaction, ctype, message))

    async def _apply_callback(self, interaction: FakeInteraction, ctype: int, data: dict[str, Any],
                              files: list[UploadedFile]) -> FakeMessage | None:
        if ctype == CHANNEL_MESSAGE:
            msg = self._interaction_message(interaction, data, files)
            interaction.original_message = msg
            await self.fake.message_created(msg)
            return msg
        if ctype == DEFERRED_CHANNEL_MESSAGE:
            # The 'thinking…' placeholder: empty, LOADING (128), ephemeral when the defer asked for it.
            placeholder = {"content": "", "flags": int(data.get("flags") or 0), "components": []}
            msg = self.world.create_message(interaction.channel, {**placeholder, "embeds": []}, [],
                                            interaction_id=interaction.id, extra_flags=128,
                                            type=20 if interaction.type == APPLICATION_COMMAND else 0)
            msg.interaction_metadata = self._metadata(interaction)
            interaction.original_message = msg
            await self.fake.message_created(msg)
            return msg
        if ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if interaction.message is None:
                raise invalid_form(f"type: callback {ctype} needs a message (component or modal from one)")
            interaction.original_message = interaction.message
            if ctype == UPDATE_MESSAGE:
                self.world.edit_message(interaction.message, data, files)
                await self.fake.message_updated(interaction.message)
            return interaction.message
        if ctype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25 or any(not 1 <= len(str(c.get("name", ""))) <= 100 for c in choices):
                raise invalid_form("data.choices: at most 25 choices, names 1-100 characters")
        if ctype == MODAL and not (data.get("custom_id") and data.get("title") and data.get("components")):
            raise invalid_form("data: a modal needs custom_id, title and components")
        return None

    def _callback_body(self, interaction: FakeInteraction, ctype: int, message: FakeMessage | None) -> dict[str, Any]:
        """The interaction-callback-response object (``?with_response=1``) InteractionCallbackResponse parses."""
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type, "activity_instance_id": None,
                                "response_message_id": None, "response_message_loading": False,
                                "response_message_ephemeral": False}
        body: dict[str, Any] = {"interaction": info}
        if message is not None:
            info.update({"response_message_id": str(message.id), "response_message_loading": message.loading,
                         "response_message_ephemeral": message.ephemeral})
            body["resource"] = {"type": ctype, "message": self.world.message_payload(message)}
        else:
            body["resource"] = {"type": ctype}
        return body

    def _token_message(self, interaction: FakeInteraction, request: web.Request) -> FakeMessage:
        """@original or a followup id, as reachable with this interaction's token."""
        message_id = request.match_info.get("message_id")
        if message_id is None:
            msg = interaction.original_message
            if msg is None or msg.deleted:
                raise FormError(404, 10008, "Unknown Message")
            return msg
        msg = self.world.messages.get(int(message_id))
        reachable = msg is not None and (msg.interaction_id == interaction.id or msg is interaction.original_message)
        if msg is None or msg.deleted or not reachable:
            raise FormError(404, 10008, "Unknown Message")
        return msg

    async def webhook_get(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        return json_response(self.world.message_payload(self._token_message(interaction, request)))

    async def webhook_edit(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        msg = self._token_message(interaction, request)
        call = self.call(request)
        self.world.edit_message(msg, self.body(request), call.files)
        self._record(interaction, "edit", msg, request)
        await self.fake.message_updated(msg)
        return json_response(self.world.message_payload(msg))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        msg = self._token_message(interaction, request)
        msg.deleted = True
        self._record(interaction, "delete", msg, request)
        await self.fake.message_deleted(msg)
        return no_content()

    async def webhook_followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        call, data = self.call(request), self.body(request)
        if interaction.response is None:
            raise FormError(404, 10015, "Unknown Webhook")  # followups only after the initial response
        original = interaction.original_message
        if (interaction.response.type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading
                and not interaction.followup_messages):
            # Discord: the first followup after a type-5 defer edits the 'thinking…' message instead of posting
            # (and keeps the defer's ephemerality, whatever flags the followup asks for).
            msg = self.world.edit_message(original, {k: v for k, v in data.items() if k != "flags"}, call.files)
            await self.fake.message_updated(msg)
        else:
            original_id = str(original.id) if original else None
            msg = self._interaction_message(interaction, data, call.files, original_response_message_id=original_id)
            await self.fake.message_created(msg)
        interaction.followup_messages.append(msg)
        self._record(interaction, "followup", msg, request)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.world.message_payload(msg))
        return no_content()

    # ----------------------------------------------------------------------------------------- channels
    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.channel_payload(self.world.channel(request.match_info["channel_id"])))

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        limit = max(1, min(100, int(request.query.get("limit", 50))))
        before, after = request.query.get("before"), request.query.get("after")
        msgs = [m for m in self.fake.messages(channel)
                if (before is None or m.id < int(before)) and (after is None or m.id > int(after))]
        msgs = msgs[:limit] if after is not None else msgs[-limit:]
        return json_response([self.world.message_payload(m) for m in reversed(msgs)])  # newest first

    def _check_send(self, channel: FakeChannel, files: list[UploadedFile]) -> None:
        if channel.type == DM:
            recipient = self.world.users[channel.recipient_id or 0]
            if recipient.dms_closed:
                raise FormError(403, 50007, "Cannot send messages to this user")
            return
        self.world.require_bot_permission(channel, SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES)
        if files:
            self.world.require_bot_permission(channel, ATTACH_FILES)
        if channel.is_thread and channel.archived:
            if channel.locked:  # the bot may have Manage Threads, but a locked thread stays shut to plain sends
                raise FormError(400, 50083, "Thread is archived")
            channel.archived = False  # sending to an archived (unlocked) thread unarchives it, as on Discord

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        call = self.call(request)
        self._check_send(channel, call.files)
        data = dict(self.body(request))
        nonce = data.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise invalid_form("nonce: Must be 25 or fewer in length.")
        if nonce is not None and data.get("enforce_nonce"):
            # Discord: a second message with the same nonce from the same author (within minutes)
            # returns the first instead of creating another.
            earlier = self.world.nonces.get((channel.id, str(nonce)))
            if earlier is not None:
                return json_response(self.world.message_payload(self.world.messages[earlier]))
        data["flags"] = int(data.get("flags") or 0) & ~64  # only interaction responses can be ephemeral
        msg = self.world.create_message(channel, data, call.files)
        if nonce is not None and data.get("enforce_nonce"):
            self.world.nonces[(channel.id, str(nonce))] = msg.id
        await self.fake.message_created(msg)
        return json_response(self.world.message_payload(msg))

    async def trigger_typing(self, request: web.Request) -> web.Response:
        """"GameBot is typing…" in a channel: Discord shows it for about ten seconds, or until the bot posts there.
        It takes the right to send there."""
        channel = self.world.channel(request.match_info["channel_id"])
        if not channel.is_dm:
            self.world.require_bot_permission(channel, SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES)
        channel.typing_after.append(channel.last_message_id)
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        return json_response(self.world.message_payload(self.world.message(channel, request.match_info["message_id"])))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(channel, request.match_info["message_id"])
        if msg.author_id != self.world.bot.id:
            raise FormError(403, 50005, "Cannot edit a message authored by another user")
        self.world.edit_message(msg, self.body(request), self.call(request).files)
        await self.fake.message_updated(msg)
        return json_response(self.world.message_payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(channel, request.match_info["message_id"])
        msg.deleted = True
        await self.fake.message_deleted(msg)
        return no_content()

    # ------------------------------------------------------------------------------------------ threads
    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self.world.channel(request.match_info["channel_id"])
        data = self.body(request)
        thread_type = int(data.get("type") or 12)  # Discord's default without a message is a private thread
        if parent.type != GUILD_TEXT or thread_type not in THREAD_TYPES:
            raise FormError(400, 50024, "Cannot execute action on this channel type")
        self.world.require_bot_permission(
            parent, CREATE_PUBLIC_THREADS if thread_type == PUBLIC_THREAD else CREATE_PRIVATE_THREADS)
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("name: Must be between 1 and 100 in length.")
        thread = self.world.add_thread(parent, name, type=thread_type,
                                       auto_archive_duration=int(data.get("auto_archive_duration") or 1440))
        return await self._thread_created(thread)

    async def create_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(parent, request.match_info["message_id"])
        data = self.body(request)
        if parent.type != GUILD_TEXT:
            raise FormError(400, 50024, "Cannot execute action on this channel type")
        if msg.thread_id is not None:
            raise FormError(400, 160004, "A thread has already been created for this message")
        self.world.require_bot_permission(parent, CREATE_PUBLIC_THREADS)
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("name: Must be between 1 and 100 in length.")
        # A thread started from a message shares the message's id.
        thread = self.world.add_thread(parent, name, thread_id=msg.id,
                                       auto_archive_duration=int(data.get("auto_archive_duration") or 1440))
        msg.thread_id = thread.id
        msg.flags |= 32  # HAS_THREAD
        return await self._thread_created(thread)

    async def _thread_created(self, thread: FakeChannel) -> web.Response:
        self.fake.threads_created.append(thread)
        payload = self.world.channel_payload(thread)
        payload["member"] = self.world.thread_member_payload(thread, self.world.bot.id)
        await self.fake.gateway.dispatch("THREAD_CREATE", {**payload, "newly_created": True}, intent=INTENT_GUILDS)
        return json_response(payload, 201)

    def _thread(self, request: web.Request) -> FakeChannel:
        thread = self.world.channel(request.match_info["channel_id"])
        if not thread.is_thread:
            raise FormError(400, 50024, "Cannot execute action on this channel type")
        return thread

    async def join_thread(self, request: web.Request) -> web.Response:
        self._thread(request).member_ids.add(self.world.bot.id)
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        self._thread(request).member_ids.discard(self.world.bot.id)
        return no_content()

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user_id = int(request.match_info["user_id"])
        guild = self.world.guilds[thread.guild_id or 0]
        if user_id not in guild.member_ids:
            raise FormError(404, 10007, "Unknown Member")
        thread.member_ids.add(user_id)
        return no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        self._thread(request).member_ids.discard(int(request.match_info["user_id"]))
        return no_content()

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Rename a channel; archive, lock or unarchive a thread (what a game bot does when a game ends)."""
        channel = self.world.channel(request.match_info["channel_id"])
        data = self.body(request)
        if channel.is_dm:
            raise FormError(400, 50024, "Cannot execute action on this channel type")
        if "name" in data:
            if not 1 <= len(str(data["name"] or "")) <= 100:
                raise invalid_form("name: Must be between 1 and 100 in length.")
            channel.name = str(data["name"])
        if "topic" in data and not channel.is_thread:
            channel.topic = data["topic"]
        if channel.is_thread:
            if "archived" in data:
                channel.archived = bool(data["archived"])
                channel.archived_at = time.time()
            if "locked" in data:
                channel.locked = bool(data["locked"])
            if data.get("auto_archive_duration"):
                channel.auto_archive_duration = int(data["auto_archive_duration"])
        payload = self.world.channel_payload(channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.fake.gateway.dispatch(event, payload, intent=INTENT_GUILDS)
        return json_response(payload)

    # ------------------------------------------------------------------------------------------- guilds
    def _guild(self, request: web.Request) -> Any:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise FormError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        return json_response(self.world.guild_payload(self._guild(request)))

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([self.world.channel_payload(self.world.channels[c]) for c in guild.channel_ids])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        user_id = int(request.match_info["user_id"])
        if user_id not in guild.member_ids:
            raise FormError(404, 10007, "Unknown Member")
        return json_response(self.world.member_payload(guild, user_id))


# Which intent a message event for a channel needs.
def message_intent(channel: FakeChannel) -> int:
    return INTENT_DM_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES

