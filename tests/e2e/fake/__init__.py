"""An in-repo fake Discord API (REST + gateway) for end-to-end tests of the real discord.py client."""

from .interactions import Callback, Interaction
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeUser, RestCall, UploadedFile
from .server import FakeDiscord

__all__ = [
    "Callback", "FakeAttachment", "FakeChannel", "FakeDiscord", "FakeGuild", "FakeMessage", "FakeUser",
    "Interaction", "RestCall", "UploadedFile",
]
