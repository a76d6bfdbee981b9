"""What the end-to-end tests do alike: the real bot logged in to the fake Discord, a table opened and filled
through its lobby, whose turn it is, and a game a person plays out against the computer."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.discord import GameBot
from bot.rendering import installed_renderer
from bot.store import Status, Store
from bot.table import TableService
from bot.table.results import User
from bot.thinking import Thinker
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeMessage, FakeUser


def drawing_service(store: Store, thinker: Thinker | None = None) -> TableService:
    """The table service as the bot runs it: drawing its images (and computer players thinking in ``thinker``)."""
    return TableService(store, renderer=installed_renderer(), thinker=thinker)


@asynccontextmanager
async def bot_running(fake: FakeDiscord, service: TableService, **options: Any) -> AsyncIterator[GameBot]:
    """The bot over ``service`` (``options`` as :class:`GameBot` takes them) logged in to ``fake``, its start
    (command sync, delivery of what was pending) done."""
    bot = GameBot(service, **options)
    async with fake.running(bot):
        await fake.idle()
        yield bot


async def open_table(fake: FakeDiscord, users: Sequence[FakeUser], command: str = "burgenland new",
                     **options: Any) -> tuple[FakeChannel, FakeMessage]:
    """``users[0]`` opens a table (``players``: one seat each, unless ``options`` say otherwise; the answer is
    checked in English) and the others join it with the lobby's button; returns the game's thread and its lobby
    message."""
    options.setdefault("players", len(users))
    opened = await (await fake.slash(users[0], fake.channel, command, **options)).original()
    assert opened.ephemeral and "You opened game #" in opened.readable, opened.readable
    await fake.idle()
    thread = fake.threads(fake.channel)[-1]
    lobby = fake.messages(thread)[0]
    for user in users[1:]:
        await (await fake.click(user, lobby, label="Join")).callback()
        await fake.idle()
    return thread, lobby


async def to_act(bot: GameBot, thread: FakeChannel, users: Sequence[FakeUser]) -> FakeUser:
    """The one of ``users`` whose turn it is."""
    snap = await bot.service.snapshot(thread.id)
    return next(u for u in users if u.id == snap.user_ids[snap.to_act[0]])


async def play_against_computer(fake: FakeDiscord, bot: GameBot, thread: FakeChannel, person: FakeUser,
                                moves: int = 400) -> list[FakeMessage]:
    """``person`` plays the first move offered to them with ``/move`` until the game ends, the computer's turns
    following by themselves (each time it is ``person``'s turn again, or the computer failed to play), the end
    post out; returns the answers to ``person``'s moves."""
    answers: list[FakeMessage] = []
    for _ in range(moves):
        await bot.autoplay.idle()
        await fake.idle()
        snap = await bot.service.snapshot(thread.id)
        if snap.game.status is not Status.RUNNING:
            await bot.deliverer.settled()  # the end post, sent in the background once its animation is drawn
            await fake.idle()
            return answers
        assert snap.user_ids[snap.to_act[0]] == person.id, "the computer did not play its turn"
        choices = (await bot.service.moves(thread.id, User(person.id, person.name))).choices
        answers.append(await (await fake.slash(person, thread, "move", text=choices[0].key)).original())
    raise AssertionError(f"the game did not end within {moves} moves of {person.name}'s")
