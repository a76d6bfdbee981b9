"""Every sentence about time and absence: deadlines, pauses, votes, vacations, seats changing hands, reminders.

The rest of what the table says is in :mod:`bot.table.wording`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Pace, Policy
from bot.text import plural


def away_played(name: str, labels: Sequence[str]) -> str:
    return f"({name} was away: the bot played {', '.join(labels) or 'nothing'}.)"


def limit(pace_span: str, pace: Pace) -> str:
    return f"{pace_span} per turn, {pace.value} pace"


def paused(game_id: int, away: str, limit_text: str) -> str:
    return (f"⏸ Game #{game_id} is paused: {away}'s time ran out ({limit_text}). It goes on as soon as {away} moves; "
            f"{away} can also hand the seat to another member with `/replace`.")


def paused_short(game_id: int) -> str:
    return f"Game #{game_id} paused."


def vote_opened(game_id: int, away: str, voters: str, limit_text: str, need: int, others: int) -> str:
    return (f"🗳 {away}'s time ran out in game #{game_id} ({limit_text}). {voters}: vote below to replace {away} "
            f"with another member of this server, or to end the game ({away} would rank last). {need} of {others} "
            f"vote{'s' if need > 1 else ''} decide; if {away} moves first, the vote is off.")


def vote_opened_short(game_id: int) -> str:
    return f"Game #{game_id}: vote opened."


def vote_who(away: str, game_id: int) -> str:
    return f"Who should take {away}'s seat in game #{game_id}? Pick a member of this server."


def vote_cast(name: str, what: str, game_id: int, count: int, need: int) -> str:
    return f"🗳 {name} votes to {what} in game #{game_id} ({count} of {need} needed)."


def vote_counts(what: str, count: int, need: int) -> str:
    return f"Your vote counts: {what} ({count} of {need})."


def vote_end_what() -> str:
    return "end the game"


def vote_seat_what(away: str, name: str) -> str:
    return f"give {away}'s seat to {name}"


def ended_by_vote(game_id: int, name: str) -> str:
    return f"By vote, game #{game_id} ends: {name}'s time ran out and they rank last. Final standing:"


VOTE_ENDED_GAME = "Your vote ended the game."


def voted_in(newcomer: str, seat: int, game_id: int, away: str) -> str:
    return f"By vote, {newcomer} takes over seat {seat + 1} of game #{game_id} from {away}."


def handed_over(name: str, seat: int, game_id: int, newcomer: str) -> str:
    return f"{name} handed seat {seat + 1} of game #{game_id} to {newcomer}."


def new_seat_dm(seat: int, game_id: int, title: str, old: str) -> str:
    return (f"You now play seat {seat + 1} in game #{game_id} ({title}), taking over from {old}. This is your hand; "
            "the game is in its channel.")


def seat_now(seat: int, game_id: int, name: str) -> str:
    return f"Seat {seat + 1} of game #{game_id} now belongs to {name}."


REMINDERS_ON = ("Reminders are on: when a game waits for you, I mention you in its channel and DM you one digest "
                "of your waiting games.")
REMINDERS_OFF = ("Reminders are off: I will not remind you of waiting games. Deadlines still apply; `/remind on` "
                 "turns reminders back on.")
WELCOME_BACK = "Welcome back: your clocks run again."


def back_from_vacation(name: str, game_id: int) -> str:
    return f"{name} is back from vacation; their clock in game #{game_id} runs again."


def on_vacation_post(name: str, until: str, days: int, game_id: int) -> str:
    return (f"🏖 {name} is on vacation until {until} ({plural(days, 'day')}): their clock in game #{game_id} is "
            "stopped until then.")


def on_vacation_reply(until: str, games: int, days_left: int) -> str:
    where = f" in {plural(games, 'game')}" if games else ""
    return (f"You are on vacation until {until}; your clock is stopped{where}. {days_left} vacation day(s) left this "
            "year. `/vacation 0` ends it early.")


def clock_paused(names: str) -> str:
    return f"Paused: {names}'s time ran out; it goes on when {names} moves."


def clock_vote(names: str) -> str:
    return f"{names}'s time ran out; the other players are voting to replace {names} or end the game."


def clock_vacation(names: str, until: str) -> str:
    return f"{names}'s clock is stopped: on vacation until {until}."


def clock_waiting(names: str, waited: str) -> str:
    return f"Waiting for {names} for {waited}."


def clock_deadline(names: str, until: str, left: str) -> str:
    return f"{names} to move by {until} ({left} left)."


def consequence(policy: Policy) -> str:
    return {Policy.SKIP: "Then the bot plays a safe move for you.",
            Policy.PAUSE: "Then the game pauses until you move.",
            Policy.VOTE: "Then the others may vote to replace you or end the game."}[policy]


def reminder(game_id: int, title: str, names: str, left: str) -> str:
    return (f"⏰ Reminder: game #{game_id} ({title}) is waiting for {names} — {left}\nAway for a while? "
            "`/vacation <days>` stops your clock. No reminders wanted? `/remind off`.")


def time_left(left: str, until: str, pace_label: str, then: str) -> str:
    return f"{left} left (until {until}; {pace_label}). {then}"


def waiting_for(waited: str) -> str:
    return f"waiting for {waited}."


def digest(game_ids: Sequence[int], lines: Sequence[str]) -> str:
    head = (f"Your move is waiting in game #{game_ids[0]}:" if len(game_ids) == 1
            else f"Your move is waiting in {len(game_ids)} games:")
    return "\n".join([head, *lines, "(`/remind off` stops these reminders; `/mygames` lists your games.)"])


def digest_line(game_id: int, title: str, left: str) -> str:
    return f"• game #{game_id} ({title}): {left}"


