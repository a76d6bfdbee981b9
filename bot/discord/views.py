"""The bot's channel posts as Discord shows them: the buttons under a post, from the table service's
:class:`~bot.table.results.Buttons`, and the Components V2 layout of a game's post (:func:`post_layout`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.base import ALT_MAX, shorten
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
from bot.language import pgettext
from bot.table.results import Buttons, Controls
from engines.i18n import speaking

#: Discord's limit on the text of a Components V2 message (over all its text displays).
LAYOUT_TEXT_MAX = 4000
#: Buttons in one action row.
ROW_MAX = 5


def post_view(game: int | None, buttons: Buttons) -> discord.ui.View | None:
    """The components under a plain post (None: none)."""
    items = post_items(game, buttons)
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def post_layout(game: int | None, text: str, buttons: Buttons, *, image: str | None = None, alt: str = "",
                accent: int | None = None, media: Sequence[tuple[str, str]] = (),
                apart: Sequence[tuple[str, str]] = ()) -> discord.ui.LayoutView:
    """A game's post as one Components V2 container: its colour bar (``accent``: the colour of the seat to
    act), the text (with its pings), the picture (``image``: the name of the file sent with it, described
    by ``alt``) — or the pictures ``media`` ((file name, alt text) each, in order: a turn post's compact close-up,
    then its whole board), one gallery that Discord shows side by side, a tap opening either full size —, then the
    pictures ``apart`` each in a gallery of its own, full width (the end post's animation: a phone reads it without
    a tap), then the buttons in action rows inside the container, so the post reads as one card."""
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=accent)
    container.add_item(discord.ui.TextDisplay(shorten(text, LAYOUT_TEXT_MAX) if text else "\u200b"))
    shown = [*media] if media else [(image, alt)] if image is not None else []
    for gallery in [shown, *([picture] for picture in apart)]:
        if gallery:
            container.add_item(discord.ui.MediaGallery(*(
                discord.MediaGalleryItem(f"attachment://{name}", description=shorten(words, ALT_MAX) if words else None)
                for name, words in gallery)))
    items = post_items(game, buttons)
    for start in range(0, len(items), ROW_MAX):
        container.add_item(discord.ui.ActionRow(*items[start:start + ROW_MAX]))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(container)
    return layout


def post_items(game: int | None, buttons: Buttons) -> list[discord.ui.Item[Any]]:
    """The buttons under a game's post, in order (none: empty).  In a lobby: Join, Leave, Start, Add
    computer player, Cancel; while a game runs: Play my turn and My hand (and the vote, when one is open);
    once it is over: My hand and Rematch."""
    if game is None or buttons.controls is Controls.NONE:
        return []
    with speaking(buttons.language):  # labelled in the language of the message they are under
        return _post_items(game, buttons)


def _post_items(game: int, buttons: Buttons) -> list[discord.ui.Item[Any]]:
    if buttons.controls is Controls.LOBBY:
        return [JoinButton(game, pgettext("button", "Join"), discord.ButtonStyle.success),
                LeaveButton(game, pgettext("button", "Leave")),
                StartButton(game, pgettext("button", "Start"), discord.ButtonStyle.primary),
                AddBotButton(game, pgettext("button", "Add computer player")),
                CancelButton(game, pgettext("button", "Cancel table"), discord.ButtonStyle.danger)]
    items: list[discord.ui.Item[Any]] = []
    if buttons.controls is Controls.TURN:
        items.append(PlayButton(game, buttons.move))
    items.append(HandButton(game, pgettext("button", "My hand")))
    if buttons.boards:
        items.append(BoardsButton(game, pgettext("button", "All boards")))
    if buttons.rematch:
        items.append(RematchButton(game, pgettext("button", "Rematch"), discord.ButtonStyle.success))
    if buttons.vote_on:
        items.append(VoteReplaceButton(game, pgettext("button", "Vote: replace {name}", name=buttons.vote_on),
                                       discord.ButtonStyle.primary))
        items.append(VoteEndButton(game, pgettext("button", "Vote: end the game"), discord.ButtonStyle.danger))
    return items


def confirm_view(button: type[ResignButton | AbandonButton], game: int, label: str) -> discord.ui.View:
    """The one button that confirms /resign or /abandon."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(game, label, discord.ButtonStyle.danger))
    return view
