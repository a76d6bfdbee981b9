"""Every sentence the table service says, in one place (the catalogue a translation starts from).

Functions take plain values (names, numbers, titles) and return text in the current language
(:func:`engines.i18n.speaking`); English is the source.  Names are display names as the players chose
them; seat tokens from engines are filled in before they get here.  The constants (``STALE`` …) are
looked up when read (``wording.STALE``), so they too come in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _, command_name, lazy_constants, ngettext, pgettext
from bot.store import Status
from bot.table.sentences import GameSentence
from bot.text import join_names
from engines.i18n import N_

# The constants, in English; ``wording.NAME`` reads one in the current language (see ``__getattr__``).
_CONSTANTS: dict[str, str] = {
    # ------------------------------------------------------------------ refusals
    "STALE": N_("That board has moved on since you saw it; nothing was changed. Have a look and try again."),
    "STALE_MENU": N_("That board has moved on since you saw it; nothing was changed."),
    "BOARD_MOVED": N_("That board has moved on; these are the choices now."),
    "NOTHING_TO_UNDO": N_("There is nothing to undo yet."),
    "CANNOT_UNDO_BARRIER": N_("That move cannot be taken back: something was drawn or revealed, or the turn passed "
                              "on, after it."),
    "SAY_WHICH_GAME": N_("Say which game you mean."),
    "VOTE_SUBJECT": N_("You are the player the vote is about; just make your move (that ends the vote), or hand "
                       "your seat on with `/replace`."),
    "VOTE_HOW": N_("Vote to end the game or to hand the seat to another member: with the buttons under the board, "
                   "or with `/replace`."),
    "VOTE_WHOM": N_("Say whom to give the seat to."),
    "NOT_ON_VACATION": N_("You are not on vacation."),
    # ------------------------------------------------------------------ play
    "SINCE_YOUR_LAST_TURN": N_("Since your last turn:"),
    "THIS_TURN": N_("This turn so far:"),
    "TAKEN_BACK": N_("Your move was taken back."),
    "RESIGNED": N_("You resigned."),
    # ------------------------------------------------------------------ looking
    "NO_MOVES_YET": N_("No moves yet."),
    "NO_GAMES_HERE": N_("No games on this server yet."),
    "NOTHING_WAITING": N_("No game is waiting for you."),
    # ------------------------------------------------------------------ delivery
    "DMS_CLOSED": N_("I can't send you direct messages, so I won't DM your hand. Press **My hand** under the "
                     "board (or use `/hand`) to see it privately."),
}


#: ``wording.STALE`` and the like, in the current language (read when used, not at import).
__getattr__ = lazy_constants(_CONSTANTS, __name__)


# ---------------------------------------------------------------------- the store's words


def status_word(status: Status) -> str:
    """A game's status as players read it ("running", "finished" …); the store keeps the English value."""
    return {Status.LOBBY: pgettext("game status", "lobby"),
            Status.RUNNING: pgettext("game status", "running"),
            Status.FINISHED: pgettext("game status", "finished"),
            Status.ABANDONED: pgettext("game status", "abandoned"),
            Status.CANCELLED: pgettext("game status", "cancelled"),
            Status.BROKEN: pgettext("game status", "broken")}[status]


# ---------------------------------------------------------------------- refusals


def internal_error(reference: str) -> str:
    return _("Something went wrong on our side (it has been logged as {reference}); nothing was changed. "
             "Check the game's status before trying again.", reference=reference)


def no_such_engine(name: str, available: Sequence[str]) -> str:
    return _("There is no game called {name!r} here; available: {available}.", name=name,
             available=", ".join(available))


def no_game(game_id: int, here: bool = True) -> str:
    if here:
        return _("There is no game #{game} in this channel.", game=game_id)
    return _("There is no game #{game}.", game=game_id)


def no_game_here() -> str:
    # The subcommand by the name the reader's Discord app shows: what they are to type.
    return _("There is no game in this channel. Open one with `/<game> {new}`.", new=command_name("new"))


def none_running(label: str) -> str:
    return _("No game is running in this channel; the last one, {label}. Open a new one with `/<game> {new}`.",
             label=label, new=command_name("new"))


def seat_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def wrong_seat_count(title: str, players: str, count: int) -> str:
    return _("{title} is for {players} players, not {count}.", title=title, players=players, count=count)


def bad_options(title: str, why: object) -> str:
    return _("Those options do not work for {title}: {why}", title=title, why=why)


def not_one_of(what: str, value: str, choices: Sequence[str]) -> str:
    """``what`` names the option ("Pace", "Deadline"); the value and the choices are typed as they are."""
    listed = ", ".join(choices)
    if what == "Pace":
        return _("Pace {value!r} is not one of: {choices}.", value=value, choices=listed)
    if what == "Deadline":
        return _("Deadline {value!r} is not one of: {choices}.", value=value, choices=listed)
    return _("{what} {value!r} is not one of: {choices}.", what=what, value=value, choices=listed)


def channel_busy(label: str, *, with_advice: bool = True) -> str:
    if with_advice:
        return _("This channel already has a game: {label}. Finish or abandon it first, or start the new one in a "
                 "thread.", label=label)
    return _("This channel already has a game: {label}.", label=label)


def too_many_lobbies(limit: int) -> str:
    # The English says "tables" for any limit; a translation may have a form for one.
    return ngettext("You already have {n} open table on this server; start or cancel it before opening another "
                    "(`/games` lists it).",
                    "You already have {n} open tables on this server; start or cancel one of them before opening "
                    "another (`/games` lists them).", limit)


def channel_full_of_lobbies(limit: int) -> str:
    return ngettext("This channel already has {n} table waiting for players; join it (`/games` lists it), or "
                    "wait until it starts.",
                    "This channel already has {n} tables waiting for players; join one of them (`/games` lists "
                    "them), or wait until some start.", limit)


already_seated = GameSentence(N_("You are already seated at game #{game}."))


def table_full(game_id: int, limit: int) -> str:
    return ngettext("Game #{game} is full ({n} player).", "Game #{game} is full ({n} players).", limit, game=game_id)


not_seated_here = GameSentence(N_("You are not seated at game #{game}."))


def creator_cannot_leave() -> str:
    return _("You opened this table, so you cannot leave it; cancel it instead.")


def needs_players(title: str, players: str, seated: int) -> str:
    return _("{title} needs {players} players; {seated} seated.", title=title, players=players, seated=seated)


def owner_only(game_id: int, verb: str) -> str:
    """``verb``: what the service was asked ("start", "cancel", "abandon", "add a computer player to")."""
    if verb == "start":
        return _("Only the player who opened game #{game} or a server manager can start it.", game=game_id)
    if verb == "cancel":
        return _("Only the player who opened game #{game} or a server manager can cancel it.", game=game_id)
    if verb == "abandon":
        return _("Only the player who opened game #{game} or a server manager can abandon it.", game=game_id)
    if verb == "add a computer player to":
        return _("Only the player who opened game #{game} or a server manager can add a computer player to it.",
                 game=game_id)
    return _("Only the player who opened game #{game} or a server manager can {verb} it.", game=game_id, verb=verb)


already_started = GameSentence(N_("Game #{game} has already started."))
not_started = GameSentence(N_("Game #{game} has not started yet."))
already_ended = GameSentence(N_("Game #{game} has already ended."))


def broken(game_id: int, note: str) -> str:
    return _("Game #{game} cannot continue: {note}.", game=game_id, note=note)


def is_over(game_id: int, status: Status) -> str:
    return _("Game #{game} is over ({status}).", game=game_id, status=status_word(status))


not_playing = GameSentence(N_("You are not playing in game #{game}."))


def not_your_turn(waiting: str) -> str:
    return _("It is not your turn; waiting for {waiting}.", waiting=waiting)


def moved_since(name: str) -> str:
    return _("{name} has moved since; only the player who made the last move can take it back.", name=name)


def no_replay(title: str, version: int, stored: int, why: str) -> str:
    return _("its moves no longer replay under {title} rules version {version} (stored under version {stored}): "
             "{why}", title=title, version=version, stored=stored, why=why.rstrip("."))


def board_lost(game_id: int, note: str) -> str:
    return _("The board of game #{game} cannot be shown: {note}.", game=game_id, note=note)


def marked_broken(game_id: int, note: str) -> str:
    return _("Game #{game} cannot continue: {note}. It is now marked broken for the bot's operators; this channel "
             "is free for a new game.", game=game_id, note=note)


deadline_gone = GameSentence(N_("The deadline in game #{game} no longer applies."))
no_vote = GameSentence(N_("There is no vote open in game #{game}."))


def plays_already(name: str, game_id: int) -> str:
    return _("{name} already plays in game #{game}; choose someone who is not at the table.", name=name, game=game_id)


def no_page(game_id: int, pages: int, page: int) -> str:
    return ngettext("The log of game #{game} has {n} page; there is no page {page}.",
                    "The log of game #{game} has {n} pages; there is no page {page}.", pages, game=game_id,
                    page=page)


not_over_yet = GameSentence(N_("Game #{game} is not over yet."))
rematch_players_only = GameSentence(N_("Only the players of game #{game} can ask for a rematch."))


def vacation_range(cap: int, days: int) -> str:
    return _("A vacation is 1 to {cap} days (0 ends the current one), not {days}.", cap=cap, days=days)


def vacation_left(left: int, cap: int) -> str:
    return ngettext("You have {n} vacation day left in these 365 days ({cap} a year); ask for at most that.",
                    "You have {n} vacation days left in these 365 days ({cap} a year); ask for at most that.",
                    left, cap=cap)


def no_player_boards(title: str) -> str:
    return _("{title} has no separate player boards: `/board` shows everything.", title=title)


def not_a_player(name: str, game_id: int) -> str:
    return _("{name} is not playing in game #{game}.", name=name, game=game_id)


# ---------------------------------------------------------------------- play


def played(label: str) -> str:
    return _("Played: {move}", move=label)


your_turn = GameSentence(N_("your turn in game #{game}."))


#: A turn's message lists at most this many earlier moves ("… and N more").
BULLETS = 12


def bullets(lines: Sequence[str]) -> list[str]:
    """'• line' each; a long list keeps its last lines (the ones a player has not seen)."""
    shown = [f"• {line}" for line in lines[-BULLETS:]]
    hidden = len(lines) - len(shown)
    if not hidden:
        return shown
    return [ngettext("• … and {n} earlier move (`/log`)", "• … and {n} earlier moves (`/log`)", hidden), *shown]


def scores(unit: str, pairs: Sequence[tuple[str, int]]) -> str:
    return _("Scores ({unit}): {scores}", unit=unit, scores=" · ".join(f"{name} {score}" for name, score in pairs))


def to_act(turn: int, waiting: str) -> str:
    """'Turn 12: Ann to act.' — the turn is the engine's turn number (a player's whole turn), as the images show it."""
    return _("Turn {turn}: {waiting} to act.", turn=turn, waiting=waiting)


def game_over(lines: Sequence[str]) -> str:
    return _("Game over!") + "\n" + "\n".join(lines)


def game_status(game_id: int, status: Status) -> str:
    return {Status.LOBBY: _("Game #{game} is waiting for players.", game=game_id),
            Status.RUNNING: _("Game #{game} is running.", game=game_id),
            Status.FINISHED: _("Game #{game} is finished.", game=game_id),
            Status.ABANDONED: _("Game #{game} is abandoned.", game=game_id),
            Status.CANCELLED: _("Game #{game} is cancelled.", game=game_id),
            Status.BROKEN: _("Game #{game} is broken.", game=game_id)}[status]


view_changed = GameSentence(N_("Your view of game #{game} changed."))


def took_back(name: str, what: str) -> str:
    """'Ann took back a move (Ann steps to 2.).', or without the parenthesis when the move said nothing in public
    (not "took back a move (a move)")."""
    if not what:
        return _("{name} took back a move.", name=name)
    return _("{name} took back a move ({move}).", name=name, move=what)


def resigned(name: str, game_id: int) -> str:
    return _("{name} resigned game #{game}. Final standing:", name=name, game=game_id)


abandoned = GameSentence(N_("Game #{game} is abandoned."))


def abandoned_post(name: str, game_id: int) -> str:
    return _("{name} abandoned game #{game}; it ends without a result.", name=name, game=game_id)


your_move = GameSentence(N_("Your move in game #{game} — choose, or type `/move`."))


# ---------------------------------------------------------------------- looking


def label(game_id: int, title: str, status: Status) -> str:
    state = _("waiting for players") if status is Status.LOBBY else status_word(status)
    return _("game #{game} ({title}, {state})", game=game_id, title=title, state=state)


def turns_played(count: int) -> str:
    """', 37 turns played': the length of a game its rules ended (its last turn's number)."""
    return ngettext(", {n} turn played", ", {n} turns played", count)


def at_turn(turn: int) -> str:
    """', turn 12': where a game that its rules did not end stands (running, or ended by its players)."""
    return _(", turn {turn}", turn=turn)


def seated_list(names: Sequence[str]) -> str:
    return _("Seated ({count}): {names}", count=len(names), names=join_names(names))


def hand_caption(game_id: int, seat: int) -> str:
    return _("Your view of game #{game} (seat {seat}).", game=game_id, seat=seat + 1)


def player_board(name: str, text: str) -> str:
    return _("{name}'s board — {board}", name=name, board=text)


def no_notation(title: str) -> str:
    return _("Type a move as {title} writes it; `moves` lists the legal ones.", title=title)


def no_rules(title: str) -> str:
    return _("No rules summary for {title} yet.", title=title)


def log_header(game_id: int, page: int, pages: int) -> str:
    return _("Game #{game} — the moves, page {page}/{pages} (one line per turn)", game=game_id, page=page, pages=pages)


def log_turn(number: int, name: str, said: str) -> str:
    return f"{number}. {name}: {said}"


def export_line(turn: int, step: int, name: str, label: str, said: str) -> str:
    """'12.3 Ann — Build wall 3W: …': the third step of turn 12 (the turn as ``/log`` and the posts number it)."""
    return f"{turn}.{step} {name} — {label}" + (f": {said}" if said else "")


def players_line(names: Sequence[str]) -> str:
    return _("Players: {names}", names=join_names(names))


def waiting_games(labels: Sequence[str]) -> str:
    return _("Waiting for you:") + "\n" + "\n".join(labels)


def no_results(name: str) -> str:
    return _("{name} has no finished games on this server yet.", name=name)


def results_head(name: str) -> str:
    return _("{name} on this server (finished games):", name=name)


def results_line(title: str, played_count: int, won: int) -> str:
    return _("{title}: {played} played, {won} won", title=title, played=played_count, won=won)


def results_total(played_count: int, won: int) -> str:
    return _("All games: {played} played, {won} won", played=played_count, won=won)


# ---------------------------------------------------------------------- delivery


def game_prefix(game_id: int, text: str) -> str:
    """A DM names its game once (the text may name it in English or in the reader's language)."""
    if f"game #{game_id}" in text or _("game #{game}", game=game_id) in text:
        return text
    return _("Game #{game}: {text}", game=game_id, text=text)
