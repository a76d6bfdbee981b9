"""The buttons under the bot's channel posts, from the table service's :class:`~bot.table.results.Buttons`."""

from __future__ import annotations

import discord

from bot.discord.components import (
    AbandonButton,
    AddBotButton,
    BoardsButton,
    CancelButton,
    HandButton,
    JoinButton,
    LeaveButton,
    PlayButton,
    RematchButton,
    ResignButton,
    StartButton,
    VoteEndButton,
    VoteReplaceButton,
)
from bot.language import _, pgettext
from bot.table.results import Buttons, Controls
from engines.i18n import speaking


def post_view(game: int | None, buttons: Buttons) -> discord.ui.View | None:
    """The components under a post (None: none).  In a lobby: Join, Leave, Start, Add computer player,
    Cancel; while a game
    runs: Play my turn and My hand (and the vote, when one is open); once it is over: My hand and Rematch."""
    if game is None or buttons.controls is Controls.NONE:
        return None
    with speaking(buttons.language):  # labelled in the language of the message they are under
        return _post_view(game, buttons)


def _post_view(game: int, buttons: Buttons) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if buttons.controls is Controls.LOBBY:
        view.add_item(JoinButton(game, pgettext("button", "Join"), discord.ButtonStyle.success))
        view.add_item(LeaveButton(game, pgettext("button", "Leave")))
        view.add_item(StartButton(game, pgettext("button", "Start"), discord.ButtonStyle.primary))
        view.add_item(AddBotButton(game, _("Add computer player")))
        view.add_item(CancelButton(game, _("Cancel table"), discord.ButtonStyle.danger))
        return view
    if buttons.controls is Controls.TURN:
        view.add_item(PlayButton(game, buttons.move))
    view.add_item(HandButton(game, _("My hand")))
    if buttons.boards:
        view.add_item(BoardsButton(game, _("All boards")))
    if buttons.rematch:
        view.add_item(RematchButton(game, pgettext("button", "Rematch"), discord.ButtonStyle.success))
    if buttons.vote_on:
        view.add_item(VoteReplaceButton(game, _("Vote: replace {name}", name=buttons.vote_on),
                                        discord.ButtonStyle.primary))
        view.add_item(VoteEndButton(game, _("Vote: end the game"), discord.ButtonStyle.danger))
    return view


def confirm_view(verb: str, game: int, label: str) -> discord.ui.View:
    """The one button that confirms /resign or /abandon."""
    view = discord.ui.View(timeout=None)
    button = ResignButton if verb == "resign" else AbandonButton
    view.add_item(button(game, label, discord.ButtonStyle.danger))
    return view
