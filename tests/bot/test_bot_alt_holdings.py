"""A hand's alt text reads out what only its player holds: a screen reader's user learns their cards (Burgenland)
or tokens (Bürger, Baumeister & Co.) as a sighted player sees them on the hand image — and nobody else's
description says it (the board's is public; another seat's hand is theirs).

Real parts only: the engines and the table service on a real store.
"""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.table import TableService, announce
from engines.i18n import speaking
from tests.bot.helpers import CHANNEL
from tests.bot.test_bot_turns import Game


@pytest.mark.parametrize(("game", "language", "says"), [("burgenland", "en", "Your cards: "),
                                                        ("burgenland", "pt_BR", "Suas cartas: "),
                                                        ("buerger-baumeister", "en", "Your hand: "),
                                                        ("buerger-baumeister", "de", "Deine Hand: ")])
async def test_a_hands_description_reads_out_what_its_player_holds(store: Store, game: str, language: str,
                                                                    says: str) -> None:
    table = await Game.start(TableService(store), game, 2, language=language)
    while table.engine.turn_number(table.state) < 4:
        await table.step()
    service = table.service
    loaded = await service.tables.load((await service.snapshot(CHANNEL)).game.id)
    with speaking(language):
        held = [table.engine.holdings(table.state, seat) for seat in (0, 1)]
        hands = [announce.hand(table.engine, loaded, seat).alt for seat in (0, 1)]
        board = announce.board(table.engine, loaded).alt
    for seat in (0, 1):
        assert held[seat].startswith(says) and held[seat] in hands[seat]
        assert held[1 - seat] not in hands[seat] or held[0] == held[1]
    assert says not in board


def test_a_game_without_secrets_holds_nothing_to_read_out() -> None:
    import engines

    for name in ("burgen-land", "castles-of-burgundy"):
        engine = engines.get(name)
        assert engine.holdings(engine.new_game(2, 1), 0) == ""
