"""The end screen (``render.draw_standings``) and every player's area at once (``render.draw_all_players``).

Finished games come from seeded random playouts; the score history is what the bot computes,
``engine.standing(state).scores`` after every turn of a replay (a row per ``engine.turn_number``).
What an image says is read back from the text it draws.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engines
import render
from engines import registry
from render.gallery import finished_game, positions
from render.legend import display_name
from render.standings import ordinal
from tests.render import helpers as H


@pytest.fixture(scope="module", params=render.games())
def finished(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any], list[list[int]]]:
    game = request.param
    view, history = finished_game(game, registry.find(game).max_seats, seed=4)
    return game, view, history


def _texts(job: Any) -> list[str]:
    with H.drawn_text() as seen:
        job()
    return [text for text, _ in seen]


def test_the_end_screen_gives_places_scores_and_their_unit(finished: tuple[str, dict[str, Any], list[list[int]]]
                                                           ) -> None:
    game, view, history = finished
    names = H.names(view["players"])
    result = view["result"]
    png = render.draw_standings(game, view, names, history)
    assert render.draw_standings(game, copy.deepcopy(view), names, history) == png
    img = H.decode(png)
    assert img.width >= 1200 and img.height > img.width * 0.8
    texts = _texts(lambda: render.draw_standings(game, view, names, history))
    unit = render._images(game).standings.unit  # type: ignore[union-attr]
    for seat, (score, rank) in enumerate(zip(result["scores"], result["ranks"], strict=True)):
        tied = result["ranks"].count(rank) > 1
        assert ordinal(rank) + ("=" if tied else "") in texts
        assert str(score) in texts and display_name(names[seat]) in texts
    assert unit in texts
    winners = [s for s, r in enumerate(result["ranks"]) if r == 1]
    assert any(t.endswith(f"with {max(result['scores'])} {unit}") and display_name(names[winners[0]]) in t
               for t in texts)


def test_the_chart_is_drawn_from_the_history(finished: tuple[str, dict[str, Any], list[list[int]]]) -> None:
    game, view, history = finished
    names = H.names(view["players"])
    assert history[-1] == view["result"]["scores"]  # the replay's last standing is the result
    assert len(history) == view["turn_number"]  # a point per turn: the x axis counts turns, not steps
    texts = _texts(lambda: render.draw_standings(game, view, names, history))
    assert "turn" in texts and f"turn {view['turn_number']}" in " ".join(texts)  # the axis; the header's last turn
    for seat, last in enumerate(history[-1]):  # each line ends with the seat's badge and its last score
        assert texts.count(str(last)) >= 2, seat
    other = [[score * 2 for score in row] for row in history]
    a = H.decode(render.draw_standings(game, view, names, history))
    b = H.decode(render.draw_standings(game, view, names, other))
    assert a.size == b.size and a.tobytes() != b.tobytes()
    H.decode(render.draw_standings(game, view, names, []))  # no turns: no lines, still an image


def test_each_game_breaks_its_scores_down(finished: tuple[str, dict[str, Any], list[list[int]]]) -> None:
    game, view, history = finished
    names = H.names(view["players"])
    texts = _texts(lambda: render.draw_standings(game, view, names, history))
    if game == "castles-of-burgundy":
        for info, split in zip(view["players_info"], view["result"]["final"], strict=True):
            assert f"{info['vp']} VP" in texts  # every estate, with its VP
            assert str(split["during_play"]) in texts and f"+{split['silver']}" in texts
        assert {"in play", "goods", "silverlings", "workers", "knowledge", "total"} <= set(texts)
    elif game == "burgenland":
        for info in view["players_info"]:
            for n in info["pieces_left"].values():
                assert f"×{n}" in texts
        assert {"walls left", "towers left", "houses left", "wells left", "built"} <= set(texts)
    elif game == "burgen-land":
        assert any(t.startswith("The score track") for t in texts)
        for seat, score in enumerate(view["scores"]):
            assert f"{display_name(names[seat])}: {score}" in texts
    else:
        for final, info in zip(view["final"], view["players_info"], strict=True):
            assert f"+{final['points']}" in texts and f"= {final['total']}" in texts
            assert sum(final["districts"].values()) == info["score"]  # the split adds up to the points in play
            for points in final["districts"].values():
                assert str(points) in texts
        assert {"in play", "total", "large projects", "S", "M", "L"} <= set(texts)
        assert "Points per district (placements and large projects)" in texts


def test_the_end_screen_needs_a_finished_game() -> None:
    for game in render.games():
        engine = engines.get(game)
        view = engine.view(engine.new_game(engine.min_seats, 1), None)
        with pytest.raises(ValueError, match="finished"):
            render.draw_standings(game, view, H.names(engine.min_seats), [])


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_estate_at_once(players: int) -> None:
    game = "castles-of-burgundy"
    pos = positions(game, players, seed=6, phases=("mid",))[0]
    names = H.names(players)
    png = render.draw_all_players(game, pos.public, names)
    assert png == render.draw_all_players(game, pos.seats[0], names)  # any view: all of it is public
    img = H.decode(png)
    assert img.width == 1400
    texts = _texts(lambda: render.draw_all_players(game, pos.public, names))
    for info in pos.public["players_info"]:
        assert f"{info['vp']} VP" in texts and display_name(names[info["seat"]]) in texts
    from render.castles_of_burgundy.grid import cell_height, hex_radius

    cell_w = (1400 - 2 * 16 - 14) // 2
    assert hex_radius(cell_w - 24) >= 45  # hexes about 80 px wide: a fifth of a phone's width per estate
    assert img.height >= ((players + 1) // 2) * cell_height(cell_w)


def test_all_players_is_for_games_with_player_boards_only() -> None:
    for game in render.games():
        engine = engines.get(game)
        view = engine.view(engine.new_game(engine.min_seats, 1), None)
        if registry.find(game).player_boards:
            H.decode(render.draw_all_players(game, view, H.names(engine.min_seats)))
        else:
            with pytest.raises(KeyError, match="castles-of-burgundy"):
                render.draw_all_players(game, view, H.names(engine.min_seats))
