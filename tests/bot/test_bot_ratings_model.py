"""The rating model (openskill's Plackett–Luce): updates for 2, 3 and 4 players with ties, computer levels, the
shown number, and who a replaced seat rates."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.ratings.model import BOT, PROVISIONAL_GAMES, Holder, Player, Seat, Skill, rate, seat_players, shown

ANN, BO, CY, DEE = Player(101), Player(102), Player(103), Player(104)


def _seats(*places: int, players: tuple[Player, ...] = (ANN, BO, CY, DEE)) -> list[Seat]:
    return [Seat(i, place, players[i]) for i, place in enumerate(places)]


def test_a_newcomer_shows_1200_and_is_provisional() -> None:
    fresh = Skill.new()
    assert (fresh.mu, round(fresh.sigma, 6)) == (25.0, round(25 / 3, 6))
    assert fresh.shown == 1200 and fresh.provisional
    assert not Skill(25, 2, games=PROVISIONAL_GAMES).provisional
    assert shown(25, 2) == 1200 + 20 * 19


def test_two_players_the_winner_gains_what_openskill_says() -> None:
    changes = rate(_seats(1, 2), {})
    by = {c.player: c for c in changes}
    model = PlackettLuce()
    [[win], [lose]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert (by[ANN].after.mu, by[ANN].after.sigma) == (win.mu, win.sigma)
    assert (by[BO].after.mu, by[BO].after.sigma) == (lose.mu, lose.sigma)
    assert by[ANN].after.mu > 25 > by[BO].after.mu
    assert by[ANN].delta > 0 and by[ANN].delta > by[BO].delta
    assert (by[ANN].after.games, by[ANN].after.wins, by[ANN].after.places) == (1, 1, 1)
    assert (by[BO].after.games, by[BO].after.wins, by[BO].after.places) == (1, 0, 2)


def test_a_tie_between_equals_changes_neither_skill() -> None:
    changes = rate(_seats(1, 1), {})
    assert {c.after.mu for c in changes} == {25.0}
    assert all(c.after.sigma < c.before.sigma for c in changes)  # a game played makes us surer all the same
    assert all(c.after.wins == 1 for c in changes)  # a shared first place is a win


def test_three_players_tied_first_share_the_gain() -> None:
    by = {c.player: c for c in rate(_seats(1, 1, 3), {})}
    assert by[ANN].after == by[BO].after
    assert by[ANN].after.mu > 25 > by[CY].after.mu


def test_four_players_in_order_of_place() -> None:
    by = {c.player: c for c in rate(_seats(2, 4, 1, 3), {})}
    order = sorted(by, key=lambda p: by[p].after.mu, reverse=True)
    assert order == [CY, ANN, DEE, BO]


def test_a_strong_players_win_is_worth_less_than_an_upset() -> None:
    strong = {ANN: Skill(35, 3, games=20)}
    expected = {c.player: c for c in rate(_seats(1, 2), strong)}
    upset = {c.player: c for c in rate(_seats(2, 1), strong)}
    assert 0 < expected[ANN].after.mu - 35 < 35 - upset[ANN].after.mu


def test_computer_levels_are_rated_per_level_once_a_game() -> None:
    hard, hard_again, easy = Player.of(-1, "hard"), Player.of(-2, "hard"), Player.of(-3, "easy")
    assert hard == Player(BOT, "hard") == hard_again and easy == Player(BOT, "easy")
    changes = rate(_seats(2, 1, 3, 4, players=(ANN, hard, hard_again, easy)), {})
    assert sorted((c.seat, c.player.level) for c in changes) == [(0, ""), (1, "hard"), (3, "easy")]


def test_a_seat_nobody_is_rated_for_still_counts_for_the_others() -> None:
    alone = {c.player: c for c in rate([Seat(0, 1, ANN), Seat(1, 2, None)], {})}
    assert list(alone) == [ANN] and alone[ANN].after.mu > 25


def test_a_replaced_player_is_rated_only_with_half_the_seats_turns() -> None:
    # Seat 1: Bo played turns 1-2 (actions 2-3 and 5), Dee the last three; seat 0 Ann throughout.
    actions = [(1, 0), (2, 1), (3, 1), (4, 0), (5, 1), (6, 0), (7, 1), (8, 0), (9, 1), (10, 0), (11, 1)]
    holders = [Holder(1, BO.user_id, until=6), Holder(0, ANN.user_id), Holder(1, DEE.user_id)]
    assert seat_players(2, ["", ""], holders, actions) == [ANN, DEE]  # Dee 3 of 5 turns, Bo 2
    earlier = [Holder(1, BO.user_id, until=8), Holder(0, ANN.user_id), Holder(1, DEE.user_id)]
    assert seat_players(2, ["", ""], earlier, actions) == [ANN, BO]  # Bo 3 of 5
    # Three holders of a seat, none with half its turns: nobody is rated for it.
    thirds = [Holder(1, BO.user_id, until=5), Holder(1, CY.user_id, until=9), Holder(0, ANN.user_id),
              Holder(1, DEE.user_id)]
    six = [*actions, (12, 0), (13, 1)]
    assert seat_players(2, ["", ""], thirds, six) == [ANN, None]
    # Exactly half each: the later holder (who finished the game).
    halves = [Holder(1, BO.user_id, until=6), Holder(0, ANN.user_id), Holder(1, DEE.user_id)]
    assert seat_players(2, ["", ""], halves, actions[:9]) == [ANN, DEE]
