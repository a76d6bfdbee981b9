"""Buttons and selects: custom ids that survive restarts, and menus of legal moves that fit Discord.

Every component's custom id names what it does and the game it belongs to, plus the move number
the player saw where that matters (``bg:do:12:34:5`` = play choice 5 of game 12 at move 34).
They are ``DynamicItem``s, so a click on a message sent before a restart still works: the id is
all the bot needs.  The handlers live in :mod:`bot.discord_adapter`; this module only builds and
parses components and lays out choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.messages import Choice

if TYPE_CHECKING:
    from bot.discord_adapter import GameBot

PREFIX = "bg"
MAX_OPTIONS = 25  # Discord's limit for a select
MAX_BUTTONS = 10  # beyond this a select reads better on a phone
LABEL_MAX = 80  # button labels
OPTION_MAX = 100  # select option labels and values


def custom_id(verb: str, game: int, *parts: object) -> str:
    return ":".join([PREFIX, verb, str(game), *(str(p) for p in parts)])


@dataclass(frozen=True, slots=True)
class Click:
    """A parsed component id."""

    verb: str
    game: int
    move: int | None
    arg: str


def parse_id(text: str) -> Click | None:
    parts = text.split(":", 4)
    if len(parts) < 3 or parts[0] != PREFIX or not parts[2].isdigit():
        return None
    move = int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else None
    return Click(parts[1], int(parts[2]), move, parts[4] if len(parts) > 4 else "")


def _bot(interaction: discord.Interaction) -> GameBot:
    return interaction.client  # type: ignore[return-value]


# The two templates must differ: discord.py keys dynamic items by their pattern.
BUTTON_TEMPLATE = r"bg:(?!pick:|who:)[a-z]+:\d+(:.*)?"
SELECT_TEMPLATE = r"bg:pick:\d+(:.*)?"
MEMBER_TEMPLATE = r"bg:who:\d+(:.*)?"


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """Any of our buttons; the adapter dispatches on the verb in its id."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> GameButton:
        return cls(item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        click = parse_id(self.item.custom_id or "")
        if click is not None:
            await _bot(interaction).on_click(interaction, click, ())


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """Any of our selects; the chosen values go to the adapter."""

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> GameSelect:
        return cls(item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        click = parse_id(self.item.custom_id or "")
        if click is not None:
            await _bot(interaction).on_click(interaction, click, tuple(self.item.values))


class MemberSelect(discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=MEMBER_TEMPLATE):
    """A pick of a server member (who should take an absent player's seat)."""

    def __init__(self, item: discord.ui.UserSelect[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> MemberSelect:
        return cls(item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        click = parse_id(self.item.custom_id or "")
        if click is not None:
            await _bot(interaction).on_member_pick(interaction, click, list(self.item.values))


def button(label: str, cid: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None) -> GameButton:
    return GameButton(discord.ui.Button(label=shorten(label, LABEL_MAX), custom_id=cid, style=style, row=row))


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- Views for the public messages ------------------------------------------------------------


def lobby_view(game: int, started: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if not started:
        view.add_item(button("Join", custom_id("join", game), discord.ButtonStyle.success))
        view.add_item(button("Leave", custom_id("leave", game)))
        view.add_item(button("Start", custom_id("start", game), discord.ButtonStyle.primary))
        view.add_item(button("Cancel table", custom_id("cancel", game), discord.ButtonStyle.danger))
    return view


def turn_view(game: int, move: int | None, finished: bool = False, *, rematch: bool = False,
              vote_on: str = "") -> discord.ui.View:
    """Under every board post: the player to act opens their choices; anyone seated sees their hand.
    A final post offers a rematch; a post that opens a vote on ``vote_on``'s seat has the vote buttons."""
    view = discord.ui.View(timeout=None)
    if not finished and move is not None:
        view.add_item(button("Play my turn", custom_id("play", game, move), discord.ButtonStyle.primary))
    view.add_item(button("My hand", custom_id("hand", game)))
    if rematch:
        view.add_item(button("Rematch", custom_id("rematch", game), discord.ButtonStyle.success))
    if vote_on:
        view.add_item(button(f"Vote: replace {vote_on}", custom_id("votesub", game), discord.ButtonStyle.primary))
        view.add_item(button("Vote: end the game", custom_id("voteend", game), discord.ButtonStyle.danger))
    return view


def member_view(game: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    select = discord.ui.UserSelect(custom_id=custom_id("who", game), placeholder="Who should take the seat?",
                                   min_values=1, max_values=1)
    view.add_item(MemberSelect(select))
    return view


def confirm_view(verb: str, game: int, label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(button(label, custom_id(verb, game), discord.ButtonStyle.danger))
    return view


# --- Menus of legal moves ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a menu: a move (``index`` into the legal list) or a group of moves (``prefix``)."""

    label: str
    index: int | None = None
    prefix: str = ""
    count: int = 0


def menu(choices: Sequence[Choice], prefix: str = "", page: int = 0) -> tuple[list[Entry], int]:
    """The entries under ``prefix`` (words of the keys), grouped or paged to fit one select.

    Moves whose keys share their first words are folded into a group while the list is too long
    (``build …`` → ``build wall …``); a list that still does not fit is paged.  Returns the entries
    of ``page`` and the number of pages."""
    depth = len(prefix.split())
    items = [(i, c) for i, c in enumerate(choices) if _words(c.key)[:depth] == prefix.split()]
    entries = [Entry(c.label, index=i) for i, c in items]
    if len(entries) > MAX_OPTIONS:
        groups: dict[str, list[tuple[int, Choice]]] = {}
        for i, c in items:
            groups.setdefault(" ".join(_words(c.key)[: depth + 1]), []).append((i, c))
        if 1 < len(groups) < len(entries):
            entries = [Entry(members[0][1].label, index=members[0][0]) if len(members) == 1
                       else Entry(f"{key} … ({len(members)} choices)", prefix=key, count=len(members))
                       for key, members in groups.items()]
    per_page = MAX_OPTIONS - 2  # room for "previous" and "more"
    if len(entries) <= MAX_OPTIONS:
        return entries, 1
    pages = -(-len(entries) // per_page)
    page = max(0, min(page, pages - 1))
    return entries[page * per_page: (page + 1) * per_page], pages


def _words(key: str) -> list[str]:
    return key.split()


def choices_view(game: int, move: int, choices: Sequence[Choice], prefix: str = "", page: int = 0
                 ) -> discord.ui.View:
    """Buttons for a few choices, else a select (grouped, paged); values say what to do."""
    view = discord.ui.View(timeout=None)
    entries, pages = menu(choices, prefix, page)
    if not prefix and pages == 1 and len(entries) <= MAX_BUTTONS and all(e.index is not None for e in entries):
        for entry in entries:
            key = choices[entry.index].key  # type: ignore[index]
            style = (discord.ButtonStyle.danger if key == "cancel"
                     else discord.ButtonStyle.primary if len(entries) == 1 else discord.ButtonStyle.secondary)
            view.add_item(button(entry.label, custom_id("do", game, move, entry.index), style))
        return view
    options = [discord.SelectOption(label=shorten(e.label, OPTION_MAX),
                                    value=f"a{e.index}" if e.index is not None else f"g{e.prefix}"[:OPTION_MAX])
               for e in entries]
    if pages > 1:
        if page > 0:
            options.insert(0, discord.SelectOption(label="◀ previous choices", value=f"p{page - 1}|{prefix}"[:100]))
        if page < pages - 1:
            options.append(discord.SelectOption(label="more choices ▶", value=f"p{page + 1}|{prefix}"[:100]))
    placeholder = f"Choose: {prefix} …" if prefix else "Choose your move"
    select = discord.ui.Select(custom_id=custom_id("pick", game, move), placeholder=shorten(placeholder, 150),
                               options=options, min_values=1, max_values=1)
    view.add_item(GameSelect(select))
    if prefix:
        view.add_item(button("◀ back", custom_id("back", game, move)))
    return view
