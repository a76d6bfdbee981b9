"""The one registry of games: every game declares itself once, and every name it answers to works."""

from __future__ import annotations

import pytest

import engines
from engines import registry


def test_every_game_declares_itself_once_with_its_command_and_engine() -> None:
    games = registry.all_games()
    assert [g.name for g in games] == list(engines.names())
    assert {g.command for g in games} == {"burgenland", "burgen-land", "burgundy", "buerger"}
    for game in games:
        assert game.engine is engines.get(game.name)
        assert game.package and game.engine.__class__.__module__.startswith(f"engines.{game.package}")
        assert 1 < len(game.summary) <= 100  # a Discord description
        assert game.min_seats <= game.max_seats


@pytest.mark.parametrize(("name", "engine"), [
    ("burgundy", "castles-of-burgundy"), ("Castles-Of-Burgundy", "castles-of-burgundy"),
    ("buerger", "buerger-baumeister"), ("Bürger", "buerger-baumeister"), ("burgen-land", "burgen-land"),
    ("burgenland", "burgenland"),
])
def test_commands_aliases_and_engine_names_find_the_same_game(name: str, engine: str) -> None:
    assert registry.find(name).name == engine
    assert engines.get(name).name == engine


def test_an_unknown_name_lists_the_games() -> None:
    with pytest.raises(KeyError, match="burgundy"):
        registry.find("chess")


def test_options_are_declared_with_their_choices() -> None:
    boards, goods = registry.find("burgundy").options
    assert boards.choices == ("standard", "advanced") and boards.default == "standard"
    assert goods.choices == ("choose", "auto") and goods.default == "choose"
    engine = engines.get("burgundy")
    for option in (boards, goods):
        for choice in option.choices:  # every declared choice is one the engine accepts
            engine.new_game(2, 1, {option.name: choice})


def test_only_games_with_player_boards_say_so() -> None:
    assert [g.name for g in registry.all_games() if g.player_boards] == ["castles-of-burgundy"]
