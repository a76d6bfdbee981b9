"""Every sentence about time and absence: deadlines, pauses, votes, vacations, seats changing hands, reminders.

The rest of what the table says is in :mod:`bot.table.wording`; like there, texts come in the current
language and the constants are looked up when read.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.language import _, lazy_constants, ngettext, pgettext
from bot.store import HOUR, Pace, Policy
from bot.table.sentences import GameSentence
from engines.i18n import N_

_CONSTANTS: dict[str, str] = {
    "VOTE_ENDED_GAME": N_("Your vote ended the game."),
    "REMINDERS_ON": N_("Reminders are on: when a game waits for you, I mention you in its channel and DM you one "
                       "digest of your waiting games."),
    "REMINDERS_OFF": N_("Reminders are off: I will not remind you of waiting games. Deadlines still apply; "
                        "`/remind on` turns reminders back on."),
    "WELCOME_BACK": N_("Welcome back: your clocks run again."),
}


#: ``wording_time.WELCOME_BACK`` and the like, in the current language (read when used, not at import).
__getattr__ = lazy_constants(_CONSTANTS, __name__)


# ---------------------------------------------------------------------- the store's words


def pace_word(pace: Pace) -> str:
    """The pace as players read it ("relaxed" …); commands keep the English value."""
    return {Pace.RELAXED: pgettext("pace", "relaxed"),
            Pace.DAILY: pgettext("pace", "daily"),
            Pace.BRISK: pgettext("pace", "brisk"),
            Pace.NONE: pgettext("pace", "none")}[pace]


def pace_label(pace: Pace) -> str:
    """'daily pace, 24 h per turn' or 'no time limit' (in the current language)."""
    seconds = pace.seconds
    if seconds is None:
        return _("no time limit")
    hours = f"{seconds / HOUR:g}"
    return _("{pace} pace, {hours} h per turn", pace=pace_word(pace), hours=hours)


def policy_label(policy: Policy) -> str:
    """What happens when time runs out (in the current language)."""
    return {Policy.SKIP: _("when time runs out the bot plays a safe move"),
            Policy.PAUSE: _("when time runs out the game pauses"),
            Policy.VOTE: _("when time runs out the others vote to replace the player or end the game"),
            Policy.BOT: _("when time runs out a computer player plays the turn")}[policy]


# ---------------------------------------------------------------------- deadlines and votes


def away_played(name: str, labels: Sequence[str]) -> str:
    return _("({name} was away: the bot played {moves}.)", name=name, moves=", ".join(labels) or _("nothing"))


def limit(pace_span: str, pace: Pace) -> str:
    return _("{span} per turn, {pace} pace", span=pace_span, pace=pace_word(pace))


def paused(game_id: int, away: str, limit_text: str) -> str:
    return _("⏸ Game #{game} is paused: {away}'s time ran out ({limit}). It goes on as soon as {away} moves; {away} "
             "can also hand the seat to another member with `/replace`.", game=game_id, away=away, limit=limit_text)


paused_short = GameSentence(N_("Game #{game} paused."))


def vote_opened(game_id: int, away: str, voters: str, limit_text: str, need: int, others: int) -> str:
    return ngettext("🗳 {away}'s time ran out in game #{game} ({limit}). {voters}: vote below to replace {away} with "
                    "another member of this server, or to end the game ({away} would rank last). {need} of {others} "
                    "votes decides; if {away} moves first, the vote is off.",
                    "🗳 {away}'s time ran out in game #{game} ({limit}). {voters}: vote below to replace {away} with "
                    "another member of this server, or to end the game ({away} would rank last). {need} of {others} "
                    "votes decide; if {away} moves first, the vote is off.",
                    # The verb agrees with {need}: "1 of 2 votes decides", "2 of 3 votes decide" (never 0).
                    max(need, 1), need=need, game=game_id, away=away, voters=voters, limit=limit_text, others=others)


vote_opened_short = GameSentence(N_("Game #{game}: vote opened."))


def vote_who(away: str, game_id: int) -> str:
    return _("Who should take {away}'s seat in game #{game}? Pick a member of this server.", away=away, game=game_id)


def vote_cast(name: str, what: str, game_id: int, count: int, need: int) -> str:
    """``what``: :func:`vote_end_what` or :func:`vote_seat_what`."""
    return _("🗳 {name} votes to {what} in game #{game} ({count} of {need} needed).", name=name, what=what,
             game=game_id, count=count, need=need)


def vote_counts(what: str, count: int, need: int) -> str:
    return _("Your vote counts: {what} ({count} of {need}).", what=what, count=count, need=need)


def vote_end_what() -> str:
    # TRANSLATORS: what a vote is for; it fills {what} in "… votes to {what} in game #…" and "Your vote counts: {what}".
    return _("end the game")


def vote_seat_what(away: str, name: str) -> str:
    # TRANSLATORS: what a vote is for; it fills {what} in "… votes to {what} in game #…" and "Your vote counts: {what}".
    return _("give {away}'s seat to {name}", away=away, name=name)


def ended_by_vote(game_id: int, name: str) -> str:
    return _("By vote, game #{game} ends: {name}'s time ran out and they rank last. Final standing:", game=game_id,
             name=name)


def voted_in(newcomer: str, seat: int, game_id: int, away: str) -> str:
    return _("By vote, {newcomer} takes over seat {seat} of game #{game} from {away}.", newcomer=newcomer,
             seat=seat + 1, game=game_id, away=away)


def handed_over(name: str, seat: int, game_id: int, newcomer: str) -> str:
    return _("{name} handed seat {seat} of game #{game} to {newcomer}.", name=name, seat=seat + 1, game=game_id,
             newcomer=newcomer)


def new_seat_dm(seat: int, game_id: int, title: str, old: str) -> str:
    return _("You now play seat {seat} in game #{game} ({title}), taking over from {old}. This is your hand; the game "
             "is in its channel.", seat=seat + 1, game=game_id, title=title, old=old)


def seat_now(seat: int, game_id: int, name: str) -> str:
    return _("Seat {seat} of game #{game} now belongs to {name}.", seat=seat + 1, game=game_id, name=name)


# ---------------------------------------------------------------------- vacations and reminders


def back_from_vacation(name: str, game_id: int) -> str:
    return _("{name} is back from vacation; their clock in game #{game} runs again.", name=name, game=game_id)


def on_vacation_post(name: str, until: str, days: int, game_id: int) -> str:
    return ngettext("🏖 {name} is on vacation until {until} ({n} day): their clock in game #{game} is stopped until "
                    "then.",
                    "🏖 {name} is on vacation until {until} ({n} days): their clock in game #{game} is stopped until "
                    "then.", days, name=name, until=until, game=game_id)


def on_vacation_reply(until: str, games: int, days_left: int) -> str:
    # Two counts in one sentence: each gets its own plural (the days left, then the games).
    left = ngettext("{n} vacation day left this year.", "{n} vacation days left this year.", days_left)
    if not games:
        return _("You are on vacation until {until}; your clock is stopped. {left} `/vacation 0` ends it early.",
                 until=until, left=left)
    return ngettext("You are on vacation until {until}; your clock is stopped in {n} game. {left} `/vacation 0` ends "
                    "it early.",
                    "You are on vacation until {until}; your clock is stopped in {n} games. {left} `/vacation 0` "
                    "ends it early.", games, until=until, left=left)


def clock_paused(names: str) -> str:
    return _("Paused: {names}'s time ran out; it goes on when {names} moves.", names=names)


def clock_vote(names: str) -> str:
    return _("{names}'s time ran out; the other players are voting to replace {names} or end the game.", names=names)


def clock_vacation(names: str, until: str) -> str:
    return _("{names}'s clock is stopped: on vacation until {until}.", names=names, until=until)


def clock_waiting(names: str, waited: str) -> str:
    return _("Waiting for {names} for {waited}.", names=names, waited=waited)


def clock_deadline(names: str, until: str, left: str) -> str:
    return _("{names} to move by {until} ({left} left).", names=names, until=until, left=left)


def consequence(policy: Policy) -> str:
    return {Policy.SKIP: _("Then the bot plays a safe move for you."),
            Policy.PAUSE: _("Then the game pauses until you move."),
            Policy.VOTE: _("Then the others may vote to replace you or end the game."),
            Policy.BOT: _("Then a computer player plays your turn for you.")}[policy]


def reminder(game_id: int, title: str, names: str, left: str) -> str:
    return _("⏰ Reminder: game #{game} ({title}) is waiting for {names} — {left}\nAway for a while? "
             "`/vacation <days>` stops your clock. No reminders wanted? `/remind off`.", game=game_id, title=title,
             names=names, left=left)


def time_left(left: str, until: str, pace_label: str, then: str) -> str:
    return _("{left} left (until {until}; {pace}). {then}", left=left, until=until, pace=pace_label, then=then)


def time_left_short(left: str, until: str) -> str:
    """A digest line's time: '11 h left (until Tue 4 Jun 14:00 UTC)'."""
    return _("{left} left (until {until})", left=left, until=until)


def waiting_for(waited: str) -> str:
    return _("waiting for {waited}.", waited=waited)


def waiting_for_short(waited: str) -> str:
    """A digest line's time without a limit: 'waiting for 3 days'."""
    return _("waiting for {waited}", waited=waited)


def digest(game_ids: Sequence[int], lines: Sequence[str]) -> str:
    head = (_("Your move is waiting in game #{game}:", game=game_ids[0]) if len(game_ids) == 1
            else ngettext("Your move is waiting in {n} game:", "Your move is waiting in {n} games:", len(game_ids)))
    return "\n".join([head, *lines, _("(`/remind off` stops these reminders; `/mygames` lists your games.)")])


def digest_line(game_id: int, title: str, left: str) -> str:
    return _("• game #{game} ({title}): {left}", game=game_id, title=title, left=left)
