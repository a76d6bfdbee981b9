"""Buttons and selects: one ``DynamicItem`` class per kind, each with a typed custom-id template.

A component's custom id names what it does, the game it belongs to and, where it matters, the move
number the player saw (``bg:do:12:34:5`` = play choice 5 of game 12 at move 34).  They are
``DynamicItem``s (as in discord.py's ``dynamic_counter`` example): a click on a message sent before a
restart still works, because the id is all the bot needs.  Each class parses its own id (bounded
integers only) and handles its own click with one call to the table service.

The bot is reached through ``interaction.client`` as a :class:`bot.discord.base.TableClient`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.discord.base import answer, client_of, clip, deliver, is_manager, person, shorten
from bot.discord.items import GAME, MOVE, OPTION_MAX, PLACEHOLDER_MAX, GameButton, Match, guarded
from bot.discord.menus import as_buttons, menu
from bot.discord.replay import ReplayButton
from bot.discord.send import send_board, send_hand
from bot.language import _, pgettext
from bot.table import wording
from bot.table.results import Choice, Problem, Reply

if TYPE_CHECKING:
    from bot.table import TableService

# ---------------------------------------------------------------------- one click, one call


class OneCall:
    """A component whose click is one call to the table service (:meth:`call`, which each class writes), then
    :meth:`tell` (by default :func:`~bot.discord.base.deliver`: publish what an accepted call announced, answer
    the clicker).  The callback — defer, call, tell — is written once, here."""

    #: Whether the click is answered privately (deferred as "thinking…"); a click whose answer is a change to
    #: the message itself (the lobby's, through the outbox) is deferred silently and answers only a refusal.
    private: ClassVar[bool] = True

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        raise NotImplementedError

    async def tell(self, interaction: discord.Interaction, reply: Reply) -> None:
        await deliver(interaction, reply, quiet=not self.private)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=self.private, thinking=self.private)
        await self.tell(interaction, await self.call(client_of(interaction).service, interaction))


class CallButton(OneCall, GameButton, template=r"bg:(?!)"):
    """A button of ours whose click is one service call."""


# ---------------------------------------------------------------------- the lobby


class JoinButton(CallButton, template=rf"bg:join:{GAME}"):
    kind, private = "join", False

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.join(interaction.channel_id, person(interaction.user), game_id=self.game)


class LeaveButton(CallButton, template=rf"bg:leave:{GAME}"):
    kind, private = "leave", False

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.leave(interaction.channel_id, person(interaction.user), game_id=self.game)


class StartButton(CallButton, template=rf"bg:start:{GAME}"):
    kind, private = "start", False

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.start(interaction.channel_id, person(interaction.user),
                                   is_manager=is_manager(interaction), game_id=self.game)


class CancelButton(CallButton, template=rf"bg:cancel:{GAME}"):
    kind, private = "cancel", False

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.cancel(interaction.channel_id, person(interaction.user),
                                    is_manager=is_manager(interaction), game_id=self.game)


class AddBotButton(CallButton, template=rf"bg:bot:{GAME}"):
    """A computer player takes a seat (the host's button; at the level chosen when the table opened)."""

    kind, private = "bot", False

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.add_bot(interaction.channel_id, person(interaction.user),
                                     is_manager=is_manager(interaction), game_id=self.game)


# ---------------------------------------------------------------------- under a board


class PlayButton(CallButton, template=rf"bg:play:{GAME}(?::{MOVE})?"):
    """Opens the player's current choices, privately.  Opening changes nothing, so an older board's
    button still opens today's choices (with a note)."""

    kind = "play"

    def __init__(self, game: int, move: int | None = None, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        self.move = move
        super().__init__(game, label or pgettext("button", "Play my turn"), style, *(() if move is None else (move,)))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> PlayButton:
        return cls(int(match["game"]), int(match["move"]) if match["move"] else None)

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.moves(interaction.channel_id, person(interaction.user), game_id=self.game)

    async def tell(self, interaction: discord.Interaction, reply: Reply) -> None:
        note = wording.BOARD_MOVED if self.move is not None and reply.move_number != self.move else ""
        await show_choices(interaction, reply, note)


class HandButton(CallButton, template=rf"bg:hand:{GAME}"):
    kind = "hand"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.hand(interaction.channel_id, person(interaction.user), game_id=self.game)

    async def tell(self, interaction: discord.Interaction, reply: Reply) -> None:
        await send_hand(interaction, reply)


class BoardsButton(CallButton, template=rf"bg:boards:{GAME}"):
    """Every player's own board at once (games with player boards), privately."""

    kind = "boards"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.board(interaction.channel_id, game_id=self.game, everyone=True)

    async def tell(self, interaction: discord.Interaction, reply: Reply) -> None:
        await send_board(interaction, reply)


class RematchButton(CallButton, template=rf"bg:rematch:{GAME}"):
    kind = "rematch"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.rematch(interaction.channel_id, person(interaction.user), game_id=self.game)


class ResignButton(CallButton, template=rf"bg:resign:{GAME}"):
    """The second step of /resign."""

    kind = "resign"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.resign(interaction.channel_id, person(interaction.user), game_id=self.game)


class AbandonButton(CallButton, template=rf"bg:abandon:{GAME}"):
    """The second step of /abandon."""

    kind = "abandon"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.abandon(interaction.channel_id, person(interaction.user), game_id=self.game,
                                     is_manager=is_manager(interaction))


class VoteEndButton(CallButton, template=rf"bg:voteend:{GAME}"):
    kind = "voteend"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.vote(interaction.channel_id, person(interaction.user), "end", game_id=self.game)


class VoteReplaceButton(CallButton, template=rf"bg:votesub:{GAME}"):
    kind = "votesub"

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        return await service.vote_open(interaction.channel_id, person(interaction.user), game_id=self.game)

    async def tell(self, interaction: discord.Interaction, reply: Reply) -> None:
        await answer(interaction, reply.text, view=member_view(self.game) if reply.ok else None)


class MemberSelect(OneCall, discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=rf"bg:who:{GAME}"):
    """A pick of a server member (who should take an absent player's seat)."""

    def __init__(self, game: int) -> None:
        self.game = game
        placeholder = pgettext("menu placeholder", "Who should take the seat?")
        super().__init__(discord.ui.UserSelect(custom_id=f"bg:who:{game}", placeholder=placeholder,
                                               min_values=1, max_values=1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> MemberSelect:
        return cls(int(match["game"]))

    async def call(self, service: TableService, interaction: discord.Interaction) -> Reply:
        members = list(self.item.values)
        if not members:  # Discord sends at least one (min_values): a made-up click changes nothing
            return Reply(wording.STALE_MENU, problem=Problem.BAD_REQUEST)
        if members[0].bot:
            return Reply(_("A bot cannot take a seat; pick a person."), problem=Problem.BAD_REQUEST)
        return await service.vote(interaction.channel_id, person(interaction.user), "replace", person(members[0]),
                                  game_id=self.game)


# ---------------------------------------------------------------------- a player's menu


class ChoiceButton(GameButton, template=rf"bg:do:{GAME}:{MOVE}:(?P<index>\d{{1,4}})"):
    """Plays the ``index``-th legal move as offered at ``move``; the service refuses it if stale."""

    kind = "do"

    def __init__(self, game: int, move: int, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.move, self.index = move, index
        super().__init__(game, label, style, move, index)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> ChoiceButton:
        return cls(int(match["game"]), int(match["move"]), int(match["index"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await play_choice(interaction, self.game, self.move, self.index)


class BackButton(GameButton, template=rf"bg:back:{GAME}:{MOVE}"):
    kind = "back"

    def __init__(self, game: int, move: int) -> None:
        self.move = move
        super().__init__(game, pgettext("button", "◀ back"), discord.ButtonStyle.secondary, move)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> BackButton:
        return cls(int(match["game"]), int(match["move"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await menu_at(interaction, self.game, self.move)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"bg:pick:{GAME}:{MOVE}"):
    """A select of moves (or groups of moves, or pages); a value says which:
    ``a<index>`` a move, ``g<prefix>`` a group, ``p<page>|<prefix>`` a page."""

    def __init__(self, game: int, move: int, options: Sequence[discord.SelectOption] = (),
                 placeholder: str | None = None) -> None:
        self.game, self.move = game, move
        # (Rebuilt from a click's id, it has no options of its own: only its values are read.)
        placeholder = placeholder or pgettext("menu placeholder", "Choose your move")
        super().__init__(discord.ui.Select(custom_id=f"bg:pick:{game}:{move}",
                                           placeholder=shorten(placeholder, PLACEHOLDER_MAX), options=list(options),
                                           min_values=1, max_values=1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["move"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        value = self.item.values[0] if self.item.values else ""
        kind, rest = value[:1], value[1:]
        if kind == "a" and rest.isdecimal() and len(rest) <= 4:
            await play_choice(interaction, self.game, self.move, int(rest))
        elif kind == "g":
            await menu_at(interaction, self.game, self.move, prefix=rest)
        elif kind == "p":
            page, _bar, prefix = rest.partition("|")
            await menu_at(interaction, self.game, self.move, prefix=prefix,
                          page=int(page) if page.isdecimal() and len(page) <= 4 else 0)
        else:
            await answer(interaction, wording.STALE_MENU)


def choices_view(game: int, move: int, choices: Sequence[Choice], prefix: str = "", page: int = 0
                 ) -> discord.ui.View | None:
    """Buttons for a few choices, else a select (grouped, paged); values say what to do.  None when
    nothing is under ``prefix`` (a menu is never sent empty)."""
    entries, pages = menu(choices, prefix, page)
    if not entries:
        return None
    view = discord.ui.View(timeout=None)
    if as_buttons(entries, prefix, pages):
        for entry in entries:
            assert entry.index is not None
            key = choices[entry.index].key
            style = (discord.ButtonStyle.danger if key == "cancel"
                     else discord.ButtonStyle.primary if len(entries) == 1 else discord.ButtonStyle.secondary)
            view.add_item(ChoiceButton(game, move, entry.index, entry.label, style))
        return view
    options = [discord.SelectOption(label=shorten(e.label, OPTION_MAX),
                                    value=f"a{e.index}" if e.index is not None else f"g{e.prefix}"[:OPTION_MAX])
               for e in entries]
    if pages > 1:
        if page > 0:
            options.insert(0, discord.SelectOption(label=pgettext("menu option", "◀ previous choices"),
                                                   value=f"p{page - 1}|{prefix}"[:100]))
        if page < pages - 1:
            options.append(discord.SelectOption(label=pgettext("menu option", "more choices ▶"),
                                                value=f"p{page + 1}|{prefix}"[:100]))
    placeholder = pgettext("menu placeholder", "Choose: {prefix} …", prefix=prefix) if prefix else None
    view.add_item(ChoiceSelect(game, move, options, placeholder))
    if prefix:
        view.add_item(BackButton(game, move))
    return view


def member_view(game: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MemberSelect(game))
    return view


# ---------------------------------------------------------------------- what the handlers share


async def show_choices(interaction: discord.Interaction, reply: Reply, note: str = "", *, prefix: str = "",
                       page: int = 0, edit: bool = False) -> None:
    """The player's choices from a reply (ephemerally, or in place of the menu they clicked)."""
    head = note + "\n" if note else ""
    view = None
    if not reply.ok or reply.move_number is None or reply.game_id is None or not reply.choices:
        text = head + reply.text
    else:
        view = choices_view(reply.game_id, reply.move_number, reply.choices, prefix, page)
        text = head + (wording.your_move(reply.game_id) if view is not None else wording.STALE_MENU)
    if edit:
        await interaction.edit_original_response(content=clip(text), view=view)
    else:
        await answer(interaction, text, view=view)


async def menu_at(interaction: discord.Interaction, game: int, move: int, prefix: str = "", page: int = 0) -> None:
    """Another group or page of the same menu: refused if the board has moved on."""
    reply = await client_of(interaction).service.moves(interaction.channel_id, person(interaction.user), game_id=game)
    if reply.ok and reply.move_number != move:
        await answer(interaction, wording.STALE_MENU)
        return
    await show_choices(interaction, reply, prefix=prefix, page=page, edit=reply.ok)


async def play_choice(interaction: discord.Interaction, game: int, move: int, index: int) -> None:
    """One press, one service call: the choice at that move is played, announced, and the menu moves on."""
    reply = await client_of(interaction).service.act(interaction.channel_id, person(interaction.user),
                                                     move_number=move, game_id=game, choice=index)
    await after_move(interaction, reply, edit=True)


async def after_move(interaction: discord.Interaction, reply: Reply, *, edit: bool) -> None:
    """Tell the mover, publish the move, and offer the next step if it is still theirs."""
    if not reply.ok:
        await answer(interaction, reply.text)
        return
    await client_of(interaction).publish(reply)
    if reply.choices:
        await show_choices(interaction, reply, note=reply.text, edit=edit)
    elif edit:
        await interaction.edit_original_response(content=clip(reply.text), view=None)
    else:
        await answer(interaction, reply.text)


#: The kinds of component the bot handles (a click on any of them, however old, finds its class).
KNOWN: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton, LeaveButton, StartButton, CancelButton, AddBotButton, PlayButton, HandButton, BoardsButton,
    RematchButton, ResignButton, AbandonButton, VoteEndButton, VoteReplaceButton, MemberSelect, ChoiceButton,
    BackButton, ChoiceSelect, ReplayButton,
)
# discord.py calls every dynamic item whose template matches, so the catch-all must not match the others.
_OTHERS = "|".join(re.sub(r"\(\?P<\w+>", "(?:", k.__discord_ui_compiled_template__.pattern) for k in KNOWN)


class UnknownComponent(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"(?!(?:{_OTHERS})\Z)bg:.*"):
    """Any other id of ours: from an older version of the bot, or made up (a negative or oversized number,
    an unknown verb).  It changes nothing and says so, as for a button whose board has moved on."""

    def __init__(self, custom_id: str = "bg:?") -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> UnknownComponent:
        return cls(match.string)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, wording.STALE)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (*KNOWN, UnknownComponent)
