"""Since your last turn, in short: a turn's post tells each other player's turn in one line that reads on a phone
(at most ``SUMMARY_CHARS`` characters, its bullet included) and starts with that player's name — in every game and
language.  Before, a line joined its moves' full texts: a turn of The Castles of Burgundy (dice, tiles, spaces, a
purchase, the round's dice) ran to 500 characters.

Real parts only: whole seeded games of the four engines through the table service on a real store, played by the
golden playthroughs' policies; a table loaded afresh (a restart) tells the same lines, replaying the log.
"""

from __future__ import annotations

import pytest

import engines
from bot.store import Store
from bot.table import TableService, wording
from bot.table.results import ChannelEdit, ChannelPost, Reply
from engines.core import SUMMARY_CHARS
from engines.i18n import LANGUAGES, speaking
from tests.bot.helpers import ANN, BO, CHANNEL, CY, DEE, GUILD, USERS, ok
from tests.bot.test_bot_turns import Game, choose

NAMES = [user.name for user in (ANN, BO, CY, DEE)]
CASES = [(game, language) for game in engines.names() for language in LANGUAGES]


def since_lines(text: str, language: str) -> list[str]:
    """The bullet lines under a post's "Since your last turn:" (in ``language``)."""
    with speaking(language):
        head = wording.SINCE_YOUR_LAST_TURN
    lines = text.split("\n")
    if head not in lines:
        return []
    told = []
    for line in lines[lines.index(head) + 1:]:
        if not line.startswith("• "):
            break
        told.append(line)
    return told


@pytest.mark.parametrize(("game", "language"), CASES, ids=[f"{g}-{lang}" for g, lang in CASES])
async def test_each_other_players_turn_is_one_short_line(store: Store, game: str, language: str) -> None:
    seats = engines.get(game).max_seats
    table = await Game.start(TableService(store), game, seats, language=language)
    names = NAMES[:seats]
    told: set[str] = set()  # a turn's edits tell its lines again
    while table.engine.to_act(table.state):
        reply = await table.step()
        message = reply.post
        if isinstance(message, ChannelPost | ChannelEdit) and message.role == "turn":
            told.update(since_lines(message.text, language))
    problems = sorted((line for line in told if len(line) > SUMMARY_CHARS
                       or not any(line.startswith(f"• {name}: ") for name in names)), key=len)
    assert len(told) >= 20, f"{game}: only {len(told)} lines told"
    assert not problems, f"{game} {language}: {len(problems)} of {len(told)} lines:\n" + "\n".join(problems[-12:])


class Elsewhere(Game):
    """A game through the service in a channel of its own (two games side by side)."""

    channel = CHANNEL

    @classmethod
    async def opened(cls, service: TableService, game: str, seats: int, channel: int) -> Elsewhere:
        players = (ANN, BO, CY, DEE)[:seats]
        ok(await service.create(game, GUILD, channel, players[0], seats=seats, seed=5))
        for user in players[1:]:
            ok(await service.join(channel, user))
        snap = await service.snapshot(channel)
        engine = engines.get(game)
        opened = cls(service, engine, engine.new_game(seats, snap.game.seed, snap.game.options), snap.user_ids)
        opened.channel = channel
        return opened

    async def step(self) -> Reply:
        seat = self.engine.to_act(self.state)[0]
        self.r, action = choose(self.engine, self.state, seat, self.r)
        self.last = ok(await self.service.act(self.channel, USERS[self.users[seat]], self.engine.action_key(action)))
        self.state = self.engine.apply(self.state, seat, action)[0]
        return self.last


async def test_a_restarted_bot_tells_the_same_short_lines(store: Store) -> None:
    """A new service on the same store (a restart) has no events in memory: it replays the log for them, and the
    next turn's post tells the turns since as a service that saw them all does (the same game beside it)."""
    service = TableService(store)
    kept = await Elsewhere.opened(service, "castles-of-burgundy", 3, CHANNEL)
    restarted = await Elsewhere.opened(service, "castles-of-burgundy", 3, CHANNEL + 1)
    while kept.engine.turn_number(kept.state) < 6:
        await kept.step()
        await restarted.step()
    restarted.service = TableService(store)
    start = kept.engine.turn_number(kept.state)
    while kept.engine.turn_number(kept.state) == start:
        told, again = await kept.step(), await restarted.step()
    assert isinstance(told.post, ChannelPost) and isinstance(again.post, ChannelPost)
    lines = since_lines(told.post.text, "en")
    assert len(lines) == 2 and all(line.split(" ")[1].rstrip(":") in NAMES for line in lines), lines
    assert since_lines(again.post.text, "en") == lines
