"""Simulated interactions: INTERACTION_CREATE payloads and the handle tests await the bot's answers on."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import FakeAttachment, FakeChannel, FakeMessage, FakeUser, RestCall, UploadedFile
from .world import ATTACHMENT_SIZE_LIMIT, World, shown_as

if TYPE_CHECKING:
    from .server import FakeDiscord

# Interaction types and callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    1, 4, 5, 6, 7, 8, 9)
# Which callbacks Discord accepts for which interaction type.
ALLOWED_CALLBACKS = {
    PING: {PONG},
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)


@dataclass(eq=False)
class Callback:
    """The bot's initial response (POST /interactions/{id}/{token}/callback)."""

    type: int
    data: dict[str, Any]
    files: list[UploadedFile]
    # The message it created (4, 5) or updated (6, 7); None for autocomplete and modals.
    message: FakeMessage | None

    @property
    def ephemeral(self) -> bool:
        if self.message is not None:
            return self.message.ephemeral
        return bool(int(self.data.get("flags") or 0) & 64)

    @property
    def content(self) -> str:
        return self.message.content if self.message else (self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else list(self.data.get("components") or [])

    @property
    def attachments(self) -> list[FakeAttachment]:
        return self.message.attachments if self.message else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])

    def __repr__(self) -> str:
        return f"<Callback type={self.type} ephemeral={self.ephemeral} message={self.message!r}>"


@dataclass(eq=False)
class InteractionEvent:
    """Something the bot did with an interaction's token: callback, followup, edit or delete."""

    kind: str
    message: FakeMessage | None
    call: RestCall


@dataclass(eq=False)
class FakeInteraction:
    """A simulated interaction; await its methods to get what the bot answered."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    fake: FakeDiscord
    message: FakeMessage | None = None  # the message a component lives on
    created: float = field(default_factory=time.monotonic)
    response: Callback | None = None
    original_message: FakeMessage | None = None
    followup_messages: list[FakeMessage] = field(default_factory=list)
    events: list[InteractionEvent] = field(default_factory=list)

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def messages(self) -> list[FakeMessage]:
        """Every message this interaction's token created or changed so far (callback, followups, edits)."""
        return list({id(e.message): e.message for e in self.events if e.message is not None}.values())

    async def callback(self, timeout: float = 5.0) -> Callback:
        """The initial response, once the bot has sent it."""
        await self.fake.wait_until(lambda: self.response is not None, timeout, f"a response to {self}")
        assert self.response is not None
        return self.response

    async def reply(self, timeout: float = 5.0) -> FakeMessage:
        """The message the initial response created or updated (types 4, 5, 6, 7).

        For a deferred response (5) that is the 'thinking…' message; use :meth:`original` to wait for its edit.
        """
        response = await self.callback(timeout)
        if response.message is None:
            raise AssertionError(f"the bot answered {self} with callback type {response.type}, not a message")
        return response.message

    async def original(self, timeout: float = 5.0) -> FakeMessage:
        """The original response message once it is no longer 'thinking…' (waits through a deferral)."""
        def ready() -> bool:
            msg = self.original_message
            return msg is not None and not msg.loading
        await self.fake.wait_until(ready, timeout, f"a non-loading original response to {self}")
        assert self.original_message is not None
        return self.original_message

    async def followups(self, n: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        """All followup messages (POST /webhooks/{app}/{token}), once there are at least ``n``.

        Note Discord's rule: the first followup after a deferred (type 5) response edits the 'thinking…'
        message instead of creating a new one, so that followup *is* the original message.
        """
        await self.fake.wait_until(lambda: len(self.followup_messages) >= n, timeout,
                                   f"{n} followup(s) to {self}")
        return list(self.followup_messages)

    async def edits(self, n: int = 1, timeout: float = 5.0) -> list[InteractionEvent]:
        """Edits made with this interaction's token (PATCH @original or a followup), once there are ``n``.

        Each event has the edited ``message`` (current state) and the ``call`` with the JSON the bot sent.
        """
        def found() -> list[InteractionEvent]:
            return [e for e in self.events if e.kind == "edit"]
        await self.fake.wait_until(lambda: len(found()) >= n, timeout, f"{n} edit(s) of {self}")
        return found()

    async def choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Autocomplete choices ({"name", "value"}) the bot answered with (callback type 8)."""
        response = await self.callback(timeout)
        if response.type != AUTOCOMPLETE_RESULT:
            raise AssertionError(f"expected an autocomplete result (8) to {self}, got type {response.type}")
        return response.choices

    async def modal(self, timeout: float = 5.0) -> dict[str, Any]:
        """The modal the bot opened (callback type 9): {"custom_id", "title", "components"}."""
        response = await self.callback(timeout)
        if response.type != MODAL:
            raise AssertionError(f"expected a modal (9) in response to {self}, got type {response.type}")
        return response.data

    def __repr__(self) -> str:
        what = self.payload.get("data", {}).get("name") or self.payload.get("data", {}).get("custom_id")
        return f"<FakeInteraction type={self.type} {what!r} by {self.user.name} id={self.id}>"


# ------------------------------------------------------------------------------------------- payloads
def new_token(interaction_id: int) -> str:
    return f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(24)}"


def base_payload(world: World, interaction_id: int, token: str, itype: int, user: FakeUser, channel: FakeChannel,
                 data: dict[str, Any] | None) -> dict[str, Any]:
    """The fields every INTERACTION_CREATE carries (guild or bot-DM context)."""
    guild = world.guild_of(channel)
    payload: dict[str, Any] = {
        "id": str(interaction_id), "application_id": str(world.application_id), "type": itype, "token": token,
        "version": 1, "locale": user.locale, "entitlements": [], "entitlement_sku_ids": [],
        "app_permissions": str(world.bot_permissions(channel)), "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel_id": str(channel.id),
    }
    if data is not None:
        payload["data"] = data
    channel_payload = world.channel_payload(channel)
    if guild is not None:
        if user.id not in guild.member_ids:
            raise ValueError(f"{user} is not a member of {guild}; use fake.add_member first")
        channel_payload["permissions"] = str(world.member_permissions(guild, user.id, channel))
        payload.update({
            "guild_id": str(guild.id), "guild_locale": guild.locale,
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "member": world.member_payload(guild, user.id, channel=channel),
            "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0,
        })
    else:
        channel_payload["permissions"] = str(world.bot_permissions(channel))
        # In the bot's DM the guild-install owner is reported as "0".
        payload.update({"user": world.user_payload(user), "authorizing_integration_owners": {"0": "0"},
                        "context": 1})
    payload["channel"] = channel_payload
    return payload


def _option_value(world: World, channel: FakeChannel, definition: dict[str, Any], value: Any,
                  resolved: dict[str, dict[str, Any]]) -> Any:
    """Convert a Python value to the wire value of an option, filling ``resolved`` for entity options."""
    otype, name = definition["type"], definition["name"]
    if otype == STRING:
        value = str(value)
    elif otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"option {name!r} is an integer option, got {value!r}")
    elif otype == BOOLEAN:
        value = bool(value)
    elif otype == NUMBER:
        value = float(value)
    elif otype in (USER, MENTIONABLE) and isinstance(value, FakeUser | int):
        user = value if isinstance(value, FakeUser) else world.user(value)
        resolved.setdefault("users", {})[str(user.id)] = world.user_payload(user)
        guild = world.guild_of(channel)
        if guild is not None and user.id in guild.member_ids:
            member = world.member_payload(guild, user.id, with_user=False, channel=channel)
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    elif otype == CHANNEL:
        target = value if isinstance(value, FakeChannel) else world.channel(value)
        entry = world.channel_payload(target)
        entry["permissions"] = str(world.bot_permissions(target))
        resolved.setdefault("channels", {})[str(target.id)] = entry
        return str(target.id)
    else:
        raise TypeError(f"option {name!r}: option type {otype} is not supported by the fake")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {name!r}: {value!r} is not one of its choices {[c['value'] for c in choices]}")
    return value


def command_data(world: World, channel: FakeChannel, path: str, options: dict[str, Any],
                 focused: str | None = None, focused_text: str = "", locale: str | None = None) -> dict[str, Any]:
    """``data`` of an application-command (or autocomplete) interaction for ``"group sub"``-style paths.

    Uses the synced command tree, so ids, option types and nesting are what Discord would send.  Commands,
    subcommands and options may be named as a client in ``locale`` shows them (``"burgenland neu"``, ``"mão"``);
    the data carries their names, as Discord's does.
    """
    names = path.split()
    command = world.find_command(channel.guild_id, names[0], locale)
    if command is None:
        known = sorted({c["name"] for cmds in world.commands.values() for c in cmds})
        raise LookupError(f"no synced command {names[0]!r} (synced: {known}); did the bot call tree.sync()?")
    definitions: list[dict[str, Any]] = command.get("options") or []
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    container = data
    for name in names[1:]:
        sub = next((o for o in definitions
                    if shown_as(o, name, locale) and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise LookupError(f"{path!r}: {name!r} is not a subcommand; has {[o['name'] for o in definitions]}")
        entry: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
        container.setdefault("options", []).append(entry)
        container, definitions = entry, sub.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
        raise LookupError(f"{path!r} is a group; name a subcommand: {[o['name'] for o in definitions]}")
    shown = {(o.get("name_localizations") or {}).get(locale or "", o["name"]): o["name"] for o in definitions}
    options = {shown.get(typed, typed): value for typed, value in options.items()}  # as the client sends them
    focused = shown.get(focused, focused) if focused else focused
    by_name = {o["name"]: o for o in definitions}
    unknown = set(options) - set(by_name) - ({focused} if focused else set())
    if unknown or (focused and focused not in by_name):
        raise LookupError(f"{path!r} has options {list(by_name)}; got {sorted(unknown | {focused} - {None})}")
    resolved: dict[str, dict[str, Any]] = {}
    wire: list[dict[str, Any]] = []
    for definition in definitions:  # Discord sends options in definition order
        name = definition["name"]
        if name == focused:
            wire.append({"name": name, "type": definition["type"], "value": focused_text, "focused": True})
        elif name in options:
            value = _option_value(world, channel, definition, options[name], resolved)
            wire.append({"name": name, "type": definition["type"], "value": value})
        elif definition.get("required") and focused is None:
            raise ValueError(f"{path!r}: required option {name!r} missing (Discord would not let the user send it)")
    container["options"] = wire
    if resolved and focused is None:  # Discord sends no resolved data with autocomplete
        data["resolved"] = resolved
    return data


def component_data(message: FakeMessage, custom_id: str | None, label: str | None,
                   values: list[str] | None) -> dict[str, Any]:
    """``data`` for a button click (values None) or a string-select choice on ``message``."""
    component = message.component(custom_id, label=label)
    ctype = component.get("type")
    if component.get("disabled"):
        raise AssertionError(f"component {component.get('custom_id')!r} is disabled; a user cannot use it")
    if values is None:
        if ctype != 2:
            raise AssertionError(f"component {component['custom_id']!r} is type {ctype}, not a button")
        return {"custom_id": component["custom_id"], "component_type": 2, "id": component.get("id", 0)}
    if ctype != 3:
        raise AssertionError(f"component {component['custom_id']!r} is type {ctype}, not a string select")
    offered = [o["value"] for o in component.get("options", [])]
    bad = [v for v in values if v not in offered]
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if bad or not low <= len(values) <= high:
        raise AssertionError(f"select {component['custom_id']!r} offers {offered} ({low}-{high} values); got {values}")
    return {"custom_id": component["custom_id"], "component_type": 3, "values": list(values),
            "id": component.get("id", 0)}


def modal_submit_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """``data`` of a modal submit: each text input of the bot's modal answered from ``values`` (by custom_id)."""
    def answer(component: dict[str, Any]) -> dict[str, Any]:
        custom_id = component.get("custom_id")
        entry: dict[str, Any] = {"type": component["type"], "id": component.get("id", 0)}
        if custom_id is not None:
            entry["custom_id"] = custom_id
            if component["type"] == 4:
                entry["value"] = values.get(custom_id, component.get("value") or "")
            else:
                entry["values"] = list(values.get(custom_id, []))
        return entry

    rows: list[dict[str, Any]] = []
    for top in modal.get("components", []):
        if top.get("type") == 1:
            rows.append({"type": 1, "id": top.get("id", 0), "components": [answer(c) for c in top["components"]]})
        elif top.get("type") == 18:  # Label wrapping one component
            rows.append({"type": 18, "id": top.get("id", 0), "component": answer(top["component"])})
    known = {c.get("custom_id") for top in modal.get("components", []) for c in
             (top.get("components") or [top.get("component") or {}])}
    unknown = set(values) - known
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}; it has {sorted(known)}")
    return {"custom_id": modal["custom_id"], "components": rows}

