"""Every sentence the table service says, in one place (the catalogue a translation will start from).

Functions take plain values (names, numbers, titles) and return English text.  Names are display
names as the players chose them; seat tokens from engines are filled in before they get here.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Pace, Policy, Status
from bot.text import join_names

# ---------------------------------------------------------------------- refusals

STALE = "That board has moved on since you saw it; nothing was changed. Have a look and try again."
STALE_MENU = "That board has moved on since you saw it; nothing was changed."
BOARD_MOVED = "That board has moved on; these are the choices now."
NOTHING_TO_UNDO = "There is nothing to undo yet."
CANNOT_UNDO_BARRIER = ("That move cannot be taken back: something was drawn or revealed, or the turn passed on, "
                       "after it.")
SAY_WHICH_GAME = "Say which game you mean."
NO_GAME_HERE = "There is no game in this channel. Open one with `new`."
VOTE_SUBJECT = ("You are the player the vote is about; just make your move (that ends the vote), or hand your "
                "seat on with `/replace`.")
VOTE_HOW = "Vote `end` or `replace` (with a member)."
VOTE_WHOM = "Say whom to give the seat to."
NOT_ON_VACATION = "You are not on vacation."


def internal_error(reference: str) -> str:
    return (f"Something went wrong on our side (it has been logged as {reference}); nothing was changed. "
            "Check the game's status before trying again.")


def no_such_engine(name: str, available: Sequence[str]) -> str:
    return f"There is no game called {name!r} here; available: {', '.join(available)}."


def no_game(game_id: int, here: bool = True) -> str:
    return f"There is no game #{game_id} in this channel." if here else f"There is no game #{game_id}."


def none_running(label: str) -> str:
    return f"No game is running in this channel; the last one, {label}. Open a new one with `new`."


def seat_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def wrong_seat_count(title: str, players: str, count: int) -> str:
    return f"{title} is for {players} players, not {count}."


def bad_options(title: str, why: object) -> str:
    return f"Those options do not work for {title}: {why}"


def not_one_of(what: str, value: str, choices: Sequence[str]) -> str:
    return f"{what} {value!r} is not one of: {', '.join(choices)}."


def channel_busy(label: str, *, with_advice: bool = True) -> str:
    text = f"This channel already has a game: {label}."
    return text + (" Finish or abandon it first, or start the new one in a thread." if with_advice else "")


def too_many_lobbies(limit: int) -> str:
    return (f"You already have {limit} open tables on this server; start or cancel one of them before opening "
            "another (`/games` lists them).")


def channel_full_of_lobbies(limit: int) -> str:
    return (f"This channel already has {limit} tables waiting for players; join one of them (`/games` lists "
            "them), or wait until some start.")


def already_seated(game_id: int) -> str:
    return f"You are already seated at game #{game_id}."


def table_full(game_id: int, limit: int) -> str:
    return f"Game #{game_id} is full ({limit} players)."


def not_seated_here(game_id: int) -> str:
    return f"You are not seated at game #{game_id}."


def creator_cannot_leave() -> str:
    return "You opened this table, so you cannot leave it; cancel it instead."


def needs_players(title: str, players: str, seated: int) -> str:
    return f"{title} needs {players} players; {seated} seated."


def owner_only(game_id: int, verb: str) -> str:
    return f"Only the player who opened game #{game_id} or a server manager can {verb} it."


def already_started(game_id: int) -> str:
    return f"Game #{game_id} has already started."


def not_started(game_id: int) -> str:
    return f"Game #{game_id} has not started yet."


def already_ended(game_id: int) -> str:
    return f"Game #{game_id} has already ended."


def broken(game_id: int, note: str) -> str:
    return f"Game #{game_id} cannot continue: {note}."


def is_over(game_id: int, status: Status) -> str:
    return f"Game #{game_id} is over ({status.value})."


def not_playing(game_id: int) -> str:
    return f"You are not playing in game #{game_id}."


def not_your_turn(waiting: str) -> str:
    return f"It is not your turn; waiting for {waiting}."


def moved_since(name: str) -> str:
    return f"{name} has moved since; only the player who made the last move can take it back."


def no_replay(title: str, version: int, stored: int, why: str) -> str:
    return (f"its moves no longer replay under {title} rules version {version} (stored under version {stored}): "
            f"{why.rstrip('.')}")


def board_lost(game_id: int, note: str) -> str:
    return f"The board of game #{game_id} cannot be shown: {note}."


def marked_broken(game_id: int, note: str) -> str:
    return (f"Game #{game_id} cannot continue: {note}. It is now marked broken for the bot's operators; this "
            "channel is free for a new game.")


def deadline_gone(game_id: int) -> str:
    return f"The deadline in game #{game_id} no longer applies."


def no_vote(game_id: int) -> str:
    return f"There is no vote open in game #{game_id}."


def plays_already(name: str, game_id: int) -> str:
    return f"{name} already plays in game #{game_id}; choose someone who is not at the table."


def no_page(game_id: int, pages: int, page: int) -> str:
    return f"The log of game #{game_id} has {pages} page(s); there is no page {page}."


def not_over_yet(game_id: int) -> str:
    return f"Game #{game_id} is not over yet."


def rematch_players_only(game_id: int) -> str:
    return f"Only the players of game #{game_id} can ask for a rematch."


def vacation_range(cap: int, days: int) -> str:
    return f"A vacation is 1 to {cap} days (0 ends the current one), not {days}."


def vacation_left(left: int, cap: int) -> str:
    return f"You have {left} vacation day(s) left in these 365 days ({cap} a year); ask for at most that."


def no_player_boards(title: str) -> str:
    return f"{title} has no separate player boards: `/board` shows everything."


def not_a_player(name: str, game_id: int) -> str:
    return f"{name} is not playing in game #{game_id}."


# ---------------------------------------------------------------------- the lobby


def timing(pace: Pace, policy: Policy) -> str:
    """'daily pace, 24 h per turn; when time runs out the game pauses'."""
    if pace is Pace.NONE:
        return "no time limit"
    return f"{pace.label}; {policy.label}"


def lobby(title: str, game_id: int, wanted: str, timing_text: str, names: Sequence[str],
          starts_when_full: bool) -> str:
    seated = ", ".join(names) or "nobody yet"
    return (f"**{title}** — game #{game_id}, a table for {wanted} players.\n"
            + (f"Time: {timing_text}.\n" if timing_text else "")
            + f"Seated ({len(names)}): {seated}\n"
            "Press **Join** to take a seat. The host presses **Start** when everyone is in"
            + (" (it starts by itself when full)." if starts_when_full else "."))


def lobby_closed(title: str, game_id: int, status: Status, names: Sequence[str], timing_text: str) -> str:
    state = {Status.RUNNING: "has started", Status.CANCELLED: "was cancelled"}.get(status, "is over")
    return (f"**{title}** — game #{game_id} {state}. Players: {', '.join(names) or 'nobody'}."
            + (f"\nTime: {timing_text}." if timing_text else ""))


def opened(game_id: int) -> str:
    return f"You opened game #{game_id}."


def joined(game_id: int) -> str:
    return f"You joined game #{game_id}."


def left(game_id: int) -> str:
    return f"You left game #{game_id}."


def cancelled(game_id: int) -> str:
    return f"Game #{game_id} is cancelled."


def started(game_id: int) -> str:
    return f"Game #{game_id} started."


def begins(game_id: int, title: str, names: Sequence[str]) -> str:
    seating = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(names))
    return f"Game #{game_id} of {title} begins! Seats: {seating}."


def your_seat(seat: int, game_id: int) -> str:
    return f"You are seat {seat + 1} in game #{game_id}."


def rematch_opened(new_id: int, old_id: int) -> str:
    return f"You opened game #{new_id}, a rematch of game #{old_id}."


def rematch_call(name: str, new_id: int, title: str, players: int, timing_text: str, others: Sequence[str]) -> str:
    return (f"Rematch! {name} opened game #{new_id} ({title}, {players} players, same options; {timing_text})."
            + (f" {join_names(others)}: press **Join** to play again." if others else ""))


# ---------------------------------------------------------------------- play


def played(label: str) -> str:
    return f"Played: {label}"


def your_turn(game_id: int) -> str:
    return f"your turn in game #{game_id}."


SINCE_YOUR_LAST_TURN = "Since your last turn:"
THIS_TURN = "This turn so far:"
#: A turn's message lists at most this many earlier moves ("… and N more").
BULLETS = 12


def bullets(lines: Sequence[str]) -> list[str]:
    """'• line' each; a long list keeps its last lines (the ones a player has not seen)."""
    shown = [f"• {line}" for line in lines[-BULLETS:]]
    hidden = len(lines) - len(shown)
    return [f"• … and {hidden} earlier move{'s' if hidden != 1 else ''} (`/log`)", *shown] if hidden else shown


def scores(unit: str, pairs: Sequence[tuple[str, int]]) -> str:
    return f"Scores ({unit}): " + " · ".join(f"{name} {score}" for name, score in pairs)


def to_act(move: int, waiting: str) -> str:
    return f"Move {move}: {waiting} to act."


def game_over(lines: Sequence[str]) -> str:
    return "Game over!\n" + "\n".join(lines)


def game_status(game_id: int, status: Status) -> str:
    return f"Game #{game_id} is {status.value}."


def view_changed(game_id: int) -> str:
    return f"Your view of game #{game_id} changed."


def took_back(name: str, what: str) -> str:
    return f"{name} took back a move ({what})."


TAKEN_BACK = "Your move was taken back."
RESIGNED = "You resigned."


def resigned(name: str, game_id: int) -> str:
    return f"{name} resigned game #{game_id}. Final standing:"


def abandoned(game_id: int) -> str:
    return f"Game #{game_id} is abandoned."


def abandoned_post(name: str, game_id: int) -> str:
    return f"{name} abandoned game #{game_id}; it ends without a result."


def your_move(game_id: int) -> str:
    return f"Your move in game #{game_id} — choose, or type `/move`."


# ---------------------------------------------------------------------- looking


def label(game_id: int, title: str, status: Status) -> str:
    state = {Status.LOBBY: "waiting for players"}.get(status, status.value)
    return f"game #{game_id} ({title}, {state})"


def moves_played(count: int) -> str:
    return f", {count} moves played"


def seated_list(names: Sequence[str]) -> str:
    return f"Seated ({len(names)}): {join_names(names)}"


def hand_caption(game_id: int, seat: int) -> str:
    return f"Your view of game #{game_id} (seat {seat + 1})."


def player_board(name: str, text: str) -> str:
    return f"{name}'s board — {text}"


def no_notation(title: str) -> str:
    return f"Type a move as {title} writes it; `moves` lists the legal ones."


def no_rules(title: str) -> str:
    return f"No rules summary for {title} yet."


def log_header(game_id: int, page: int, pages: int) -> str:
    return f"Game #{game_id} — the moves, page {page}/{pages} (one line per turn)"


def log_turn(number: int, name: str, said: str) -> str:
    return f"{number}. {name}: {said}"


def export_line(number: int, name: str, label: str, said: str) -> str:
    return f"{number}. {name} — {label}" + (f": {said}" if said else "")


NO_MOVES_YET = "No moves yet."


def moved(name: str) -> str:
    return f"{name} moved."


def players_line(names: Sequence[str]) -> str:
    return "Players: " + join_names(names)


NO_GAMES_HERE = "No games on this server yet."
NOTHING_WAITING = "No game is waiting for you."


def waiting_games(labels: Sequence[str]) -> str:
    return "Waiting for you:\n" + "\n".join(labels)


def no_results(name: str) -> str:
    return f"{name} has no finished games on this server yet."


def results_head(name: str) -> str:
    return f"{name} on this server (finished games):"


def results_line(title: str, played_count: int, won: int) -> str:
    return f"{title}: {played_count} played, {won} won"


def results_total(played_count: int, won: int) -> str:
    return f"All games: {played_count} played, {won} won"


# ---------------------------------------------------------------------- delivery


DMS_CLOSED = ("I can't send you direct messages, so I won't DM your hand. Press **My hand** under the board "
              "(or use `/hand`) to see it privately.")


def game_prefix(game_id: int, text: str) -> str:
    """A DM names its game once."""
    return text if f"game #{game_id}" in text else f"Game #{game_id}: {text}"
