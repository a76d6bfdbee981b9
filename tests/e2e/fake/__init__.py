"""An in-repo fake Discord API (REST + gateway) for end-to-end tests of the real discord.py client."""

from .interactions import Callback, FakeInteraction
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeUser, RestCall, UploadedFile
from .server import FakeDiscord

__all__ = [
    "Callback",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "RestCall",
    "UploadedFile",
]
