"""An in-repo fake Discord API (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

Usage (the ``fake_discord`` fixture in ``tests/e2e/conftest.py`` starts one and checks it at teardown)::

    ann = fake_discord.add_member("Ann")                 # users, channels, permissions: sync set-up
    async with fake_discord.running(client):             # real login: READY, GUILD_CREATE, ready event
        await tree.sync()                                # stored; slash() uses the synced ids and options
        resp = await fake_discord.slash(ann, fake_discord.channel, "burgenland new", players=3)
        msg = await resp.reply(timeout=5)                # FakeMessage: content, embeds, components, attachments
        click = await fake_discord.click(ann, msg, "table:join")
        assert (await click.callback()).type == 7
        await fake_discord.idle()                        # the bot has finished; now assert on the record
        assert fake_discord.messages(fake_discord.channel)[-1].mentions(ann)

Modules: ``models`` (dataclasses tests read), ``world`` (state and Discord JSON), ``interactions``
(INTERACTION_CREATE payloads and the ``FakeInteraction`` handle), ``rest`` (routes), ``gateway`` (websocket),
``server`` (``FakeDiscord``: lifecycle and the test API).
"""

from .interactions import Callback, FakeInteraction, InteractionEvent
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeUser, RestCall, UploadedFile
from .server import FakeDiscord

__all__ = [
    "Callback", "FakeAttachment", "FakeChannel", "FakeDiscord", "FakeGuild", "FakeInteraction", "FakeMessage",
    "FakeUser", "InteractionEvent", "RestCall", "UploadedFile",
]
