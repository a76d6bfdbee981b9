"""``/leaderboard`` and ``/profile``: a server's ratings as an image with its text beside it, for the caller alone
unless they ask for ``public``.  The pictures are drawn off the event loop, like every other (``bot.rendering``)."""

# No ``from __future__ import annotations``: discord.py reads the parameters' annotations when the command is made.
import discord
from discord import app_commands

from bot.discord.base import answer, client_of, person, png
from bot.rendering import draw
from bot.table.results import Reply
from engines import registry

#: Game names offered as the caller types (the registry's, by title).
SUGGESTIONS = 25


async def _send(interaction: discord.Interaction, reply: Reply, name: str, public: bool) -> None:
    """The reply's text with its picture, drawn in the drawing pool; a refusal privately, whatever was asked."""
    picture, renderer = reply.picture, client_of(interaction).renderer
    if not reply.ok or picture is None or renderer is None:
        await answer(interaction, reply.text, ephemeral=not (public and reply.ok))
        return
    await interaction.response.defer(ephemeral=not public, thinking=True)
    image = await draw(renderer, picture)
    await answer(interaction, reply.text, file=png(image, name, picture.alt), ephemeral=not public)


@app_commands.command(name="leaderboard", description="This server's best players of a game, and your place")
@app_commands.describe(game="Which game (default: the one you play most here)",
                       public="Post it for everyone (default: only you see it)")
async def leaderboard(interaction: discord.Interaction, game: str | None = None, public: bool = False) -> None:
    reply = await client_of(interaction).service.leaderboard(interaction.guild_id, person(interaction.user), game)
    await _send(interaction, reply, f"leaderboard-{reply.engine or 'game'}.png", public)


@leaderboard.autocomplete("game")
async def game_suggestions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().casefold()
    return [app_commands.Choice(name=g.title, value=g.command) for g in registry.all_games()
            if typed in g.title.casefold() or typed in g.command][:SUGGESTIONS]


@app_commands.command(name="profile", description="A member's ratings on this server, with a chart")
@app_commands.describe(member="Whose ratings (default: yours)",
                       public="Post it for everyone (default: only you see it)")
async def profile(interaction: discord.Interaction, member: discord.User | None = None, public: bool = False) -> None:
    reply = await client_of(interaction).service.profile(interaction.guild_id, person(member or interaction.user))
    await _send(interaction, reply, "profile.png", public)
