"""What every component of ours shares: the custom-id pieces, the button shape, and the guard that
turns an unexpected error into an apology with a reference instead of "This interaction failed"."""

from __future__ import annotations

import contextlib
import functools
import logging
import re
import secrets
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

from bot.discord.base import answer, listen, shorten
from bot.language import BUTTON, LIMITS, MENU_OPTION, MENU_PLACEHOLDER
from bot.table import wording

log = logging.getLogger(__name__)

LABEL_MAX = LIMITS[BUTTON]          # button labels
OPTION_MAX = LIMITS[MENU_OPTION]    # select option labels and values
PLACEHOLDER_MAX = LIMITS[MENU_PLACEHOLDER]
GAME = r"(?P<game>\d{1,18})"
MOVE = r"(?P<move>\d{1,9})"

Match = re.Match[str]
S = TypeVar("S")


def guarded(callback: Callable[[S, discord.Interaction], Coroutine[Any, Any, None]]
            ) -> Callable[[S, discord.Interaction], Coroutine[Any, Any, None]]:
    """A click never ends in "This interaction failed": an unexpected error is logged with the game and a
    short reference, and the player gets an apology quoting it."""

    @functools.wraps(callback)
    async def run(self: S, interaction: discord.Interaction) -> None:
        try:
            await listen(interaction)
            await callback(self, interaction)
        except Exception:
            reference = secrets.token_hex(4)
            item = getattr(self, "item", None)
            log.exception("component %s of game %s failed (reference %s)", getattr(item, "custom_id", "?"),
                          getattr(self, "game", None), reference)
            with contextlib.suppress(discord.HTTPException):
                await answer(interaction, wording.internal_error(reference))

    return run


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bg:(?!)"):
    """The shape of every button of ours: its kind and its game, the start of its custom id (``bg:<kind>:<game>``;
    subclasses give the template that matches it)."""

    kind = ""

    def __init__(self, game: int, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 *parts: object) -> None:
        self.game = game
        custom_id = ":".join(["bg", self.kind, str(game), *(str(p) for p in parts)])
        super().__init__(discord.ui.Button(label=shorten(label, LABEL_MAX), style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Match) -> GameButton:
        return cls(int(match["game"]))
