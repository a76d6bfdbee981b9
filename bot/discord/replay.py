"""``/replay``: a game stepped through turn by turn in a private reply, with ⏮ ◀ ▶ ⏭ under its board.

The buttons are dynamic items carrying the game and the turn they lead to (``bg:replay:12:7:n`` = game 12, turn 7,
the "next" button), so they work after a restart and keep showing the game they were made for after a rematch
opened another in the thread.  Anyone may press them (the reply is theirs alone, and shows only what the whole
table saw); a number out of range is brought within the game, another server's game is refused.  Each board (and,
in games with player boards, the own board of whoever played the turn) is drawn once per turn, language and names
(:class:`bot.rendering.DrawnCache`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.base import answer, client_of, clip, png
from bot.discord.items import GAME, GameButton, Match, guarded
from bot.rendering import Picture
from bot.table.replays import moves_to
from bot.table.results import Reply
from bot.table.wording_replay import turn_label

TURN = r"(?P<turn>\d{1,9})"
#: Each button's mark in its custom id (ids are unique within a message) and its label.
BUTTONS = (("f", "first", "⏮"), ("p", "previous", "◀"), ("n", "next", "▶"), ("l", "last", "⏭"))


class ReplayButton(GameButton, template=rf"bg:replay:{GAME}:{TURN}:(?P<mark>[fpnlh])"):
    """Shows turn ``turn`` of the game's replay in place of the reply it is under (``mark``: which button; "h" is
    the label of the turn shown, which goes nowhere)."""

    kind = "replay"

    def __init__(self, game: int, turn: int, mark: str, label: str = "…", disabled: bool = False) -> None:
        self.turn, self.mark = turn, mark
        super().__init__(game, label, discord.ButtonStyle.secondary, turn, mark)
        self.item.disabled = disabled

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> ReplayButton:
        return cls(int(match["game"]), int(match["turn"]), match["mark"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the reply it is under changes
        await show_replay(interaction, self.game, self.turn, edit=True)


def replay_view(game: int, turn: int, count: int) -> discord.ui.View:
    """⏮ ◀ "Turn 3 of 40" ▶ ⏭: the buttons that lead nowhere new (at an end), and the label, disabled."""
    view = discord.ui.View(timeout=None)
    goes = moves_to(turn, count)
    items = [ReplayButton(game, goes[name], mark, label, disabled=goes[name] == turn) for mark, name, label in BUTTONS]
    items.insert(2, ReplayButton(game, turn, "h", turn_label(turn, count), disabled=True))
    for item in items:
        view.add_item(item)
    return view


async def show_replay(interaction: discord.Interaction, game: int | None, turn: int | None, *, edit: bool) -> None:
    """A turn of the replay (``game``: else the channel's; ``turn``: else the first) as a private reply, or in place
    of the one whose button was pressed; a refusal is answered privately and changes nothing."""
    client = client_of(interaction)
    reply: Reply = await client.service.replay(interaction.channel_id, game_id=game, turn=turn,
                                               guild_id=interaction.guild_id)
    if not reply.ok or reply.post is None or reply.game_id is None or reply.replay is None:
        await answer(interaction, reply.text)
        return
    shown, count = reply.replay.turn, reply.replay.turns
    # The board, and in games with player boards the own board of whoever played the turn.
    pictures = [(reply.post.picture, f"game-{reply.game_id}-turn-{shown}.png"),
                (reply.replay.player, f"game-{reply.game_id}-turn-{shown}-player.png")]
    files = []
    for picture, name in pictures:
        if isinstance(picture, Picture) and client.renderer is not None:
            key = ("replay", picture.kind, reply.game_id, shown, picture.language, picture.names)
            file = png(await client.drawn.draw(client.renderer, key, picture), name, picture.alt)
            if file is not None:
                files.append(file)
    view = replay_view(reply.game_id, shown, count)
    if edit:
        await interaction.edit_original_response(content=clip(reply.text), attachments=files, view=view)
    else:
        await answer(interaction, reply.text, view=view, files=files)
