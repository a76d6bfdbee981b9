"""Import point for the fake Discord server (implemented in the ``fake`` package beside this module)."""

from tests.e2e.fake import (
    Callback,
    FakeAttachment,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    InteractionEvent,
    RestCall,
    UploadedFile,
)

__all__ = [
    "Callback", "FakeAttachment", "FakeChannel", "FakeDiscord", "FakeGuild", "FakeInteraction", "FakeMessage",
    "FakeUser", "InteractionEvent", "RestCall", "UploadedFile",
]
