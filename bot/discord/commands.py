"""The slash commands: one ``app_commands.Group`` per game (from the registry) and the shared in-game ones.

Each command is one call to the table service (plus drawing, where it shows an image); refusals are
answered privately and change nothing.  The commands reach the bot through ``interaction.client``.
"""

# No ``from __future__ import annotations`` here: discord.py reads the command parameters'
# annotations at definition time, and ``new``'s player range depends on the game.
import inspect
import io
import logging
import re
from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.base import CONTENT_MAX, answer, client_of, deliver, person, shorten
from bot.discord.components import AbandonButton, ResignButton, after_move
from bot.discord.rating_commands import leaderboard, profile
from bot.discord.replay import show_replay
from bot.discord.review import show_review
from bot.discord.send import send_board, send_hand
from bot.discord.views import confirm_view
from bot.language import _, pgettext
from bot.table import VACATION_CAP_DAYS, TableError, TableService
from bot.table.languages import AUTOMATIC
from bot.table.table import title_of
from bot.table.wording_replay import only_in_a_server
from bot.table.wording_review import only_in_a_server as only_in_a_server_review
from engines import registry
from engines.core import AnyEngine, normalize
from engines.i18n import LANGUAGES, N_, NAMES, speaking
from engines.registry import GameInfo

log = logging.getLogger(__name__)

#: ``typing.Literal`` as a value, to make a ``Literal`` of choices known only at run time.
_LITERAL: Any = Literal

#: The /help text ({games}: the games' commands); translated where it is shown.
HELP = N_("""**Board games in this server** — each game lives in its own thread.
`/<game> new` opens a table (games: {games}); friends press **Join**, then **Start**. No one free?
`new bots:1` (or the lobby's **Add computer player**) seats a computer player; `/hint` suggests your move.
On your turn press **Play my turn** under the board (or type `/move`, which suggests legal moves).
`/hand` shows your hand privately · `/board` the current board · `/log` the moves so far
`/replay` steps through a game turn by turn, its board and moves, for you alone (finished, or so far)
`/review` posts the computer's review of a finished game in its thread: each player's costliest decisions
`/undo` takes back your last move (until cards are drawn or the turn passes) · `/resign`
`/abandon` ends a game without a result (its creator or a server manager)
`/games` lists this server's games · `/mygames` the games waiting for you · `/<game> rules` explains a game.
Tables choose a `pace` (time per turn) and what happens at the `deadline` when they open. I remind you before
your time runs out (`/remind off` stops that) · `/vacation <days>` stops your clock · `/replace` hands your
seat to someone else · `/stats` shows games played and won · **Rematch** under a final board plays again.
`/leaderboard` ranks this server's players of a game by rating · `/profile` shows a player's ratings and results.""")


# ---------------------------------------------------------------------- one group per game


def game_group(info: GameInfo) -> app_commands.Group:
    """``/<command> new`` and ``/<command> rules`` for one game, with its player range and options."""

    class GameCommands(app_commands.Group):
        async def _new(self, interaction: discord.Interaction, /, players: int | None = None, thread: bool = True,
                       pace: str = "relaxed", deadline: str = "skip", bots: int = 0, level: str = "normal",
                       hints: str = "on", language: str | None = None, rated: str = "on",
                       **options: str | None) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            # The thread's language: asked for, else the server's.
            table_language = language or str(interaction.guild_locale or "en")
            with speaking(table_language):  # the thread's title is the table's
                target = await table_channel(interaction, getattr(info.engine, "local_title", info.title), thread)
            client = client_of(interaction)
            chosen = {name: value for name, value in options.items() if value is not None}
            reply = await client.service.create(info.name, interaction.guild_id or 0, target.id,
                                                person(interaction.user), seats=players, pace=pace,
                                                deadline=deadline, options={**info.default_options(), **chosen},
                                                origin_id=interaction.channel_id, bots=bots or 0, level=level,
                                                hints=hints != "off", language=table_language,
                                                rated=rated != "off")
            if not reply.ok:
                await answer(interaction, reply.text)
                return
            await client.publish(reply)
            elsewhere = target.id != interaction.channel_id
            if reply.to_act:  # computer players filled the table: it has started
                text = (_("Game #{game} has started in {channel}.", game=reply.game_id, channel=target.mention)
                        if elsewhere else _("Game #{game} has started.", game=reply.game_id))
            else:
                text = (_("You opened game #{game} in {channel}. Friends press **Join** there.", game=reply.game_id,
                          channel=target.mention) if elsewhere
                        else _("You opened game #{game}. Friends press **Join** there.", game=reply.game_id))
            await answer(interaction, text)

        # The parameters as discord.py should see them: the player range and each option's choices are
        # the game's own.  discord.py reads them from the signature when the command is made, so it is
        # set first; the options arrive in ``**options``.
        _new.__signature__ = _new_signature(info)  # type: ignore[attr-defined]  # typeshed: no __signature__
        languages = app_commands.choices(language=[app_commands.Choice(name=NAMES[lang], value=lang)
                                                   for lang in LANGUAGES])
        new = app_commands.command(name="new", description=shorten(f"Open a table for {info.title}", 100))(
            languages(app_commands.describe(
                players=f"How many players ({_seat_choice(info)}); the game starts when that many have joined. "
                        "Leave empty to start by hand.",
                thread="Open the game in its own thread (default: yes, when I may)",
                pace="Time per turn: relaxed 72 h (default), daily 24 h, brisk 4 h, or none",
                deadline="When time runs out: skip (safe move; default), pause, vote (replace or end), or bot "
                         "(computer plays)",
                bots="Computer players to seat now (more with the lobby's Add computer player button)",
                level="How well computer players play: easy, normal (default) or hard",
                hints="on (default): /hint suggests a move; off for competitive tables",
                language="The language of the game's thread and images (default: the server's)",
                rated="on (default): the game changes its players' ratings; off for a friendly game",
                **{o.name: shorten(o.description, 100) for o in info.options})(_new)))

        @app_commands.command(name="rules", description=shorten(f"The rules of {info.title} in short, with the "
                                                                "move notation", 100))
        async def rules(self, interaction: discord.Interaction) -> None:
            await answer(interaction, (await client_of(interaction).service.rules(info.name)).text)

    return GameCommands(name=info.command, description=shorten(info.summary, 100))


def _seat_choice(info: GameInfo) -> str:
    """The player counts a game allows, for ``players``' description: "2–4", or "only 2" (not "2–2")."""
    if info.min_seats == info.max_seats:
        return f"only {info.min_seats}"
    return f"{info.min_seats}–{info.max_seats}"


def _new_signature(info: GameInfo) -> inspect.Signature:
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [
        inspect.Parameter("self", keyword),
        inspect.Parameter("interaction", keyword, annotation=discord.Interaction),
        inspect.Parameter("players", keyword, default=None,
                          annotation=app_commands.Range[int, info.min_seats, info.max_seats] | None),
        inspect.Parameter("thread", keyword, default=True, annotation=bool),
        inspect.Parameter("pace", keyword, default="relaxed",
                          annotation=Literal["relaxed", "daily", "brisk", "none"]),
        inspect.Parameter("deadline", keyword, default="skip", annotation=Literal["skip", "pause", "vote", "bot"]),
        inspect.Parameter("bots", keyword, default=0, annotation=app_commands.Range[int, 0, info.max_seats - 1]),
        inspect.Parameter("level", keyword, default="normal", annotation=Literal["easy", "normal", "hard"]),
        inspect.Parameter("hints", keyword, default="on", annotation=Literal["on", "off"]),
        inspect.Parameter("language", keyword, default=None, annotation=str | None),
        inspect.Parameter("rated", keyword, default="on", annotation=Literal["on", "off"]),
    ]
    for option in info.options:
        choices = _LITERAL[option.choices]  # the game's choices: a Literal made at run time
        params.append(inspect.Parameter(option.name, keyword, default=None, annotation=choices | None))
    return inspect.Signature(params)


#: Characters that change the direction or the joining of the text around them (bidirectional embeddings,
#: overrides and isolates, marks, zero-width joiners): in a thread's title a right-to-left name would
#: reverse the game's name beside it.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]")


def thread_safe(name: str) -> str:
    """A display name for a thread's title: without mention or markdown syntax (titles show it raw), nor
    the invisible characters that would turn the title around."""
    return " ".join(re.sub(r"[<>@*_~`|#\\]", " ", _INVISIBLE.sub("", name)).split()) or _("a player")


async def table_channel(interaction: discord.Interaction, title: str, thread: bool) -> Any:
    """A new public thread for the game when asked and allowed; otherwise the channel itself."""
    channel = interaction.channel
    if thread and isinstance(channel, discord.TextChannel):
        perms = interaction.app_permissions
        if perms.create_public_threads and perms.send_messages_in_threads:
            name = shorten(f"{title} — {thread_safe(interaction.user.display_name)}", 100)
            try:
                return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                   auto_archive_duration=10080)
            except discord.HTTPException as err:
                log.info("could not open a thread in %s: %s", channel.id, err)
    return channel


# ---------------------------------------------------------------------- in a game's channel


@app_commands.command(name="move", description="Play a move in this channel's game (suggestions as you type)")
@app_commands.describe(text="The move, e.g. `take` or `build wall 3W pay red red green joker`")
async def move(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    reply = await client_of(interaction).service.act(interaction.channel_id, person(interaction.user), text)
    await after_move(interaction, reply, edit=False)


@move.autocomplete("text")
async def move_suggestions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    reply = await client_of(interaction).service.moves(interaction.channel_id, person(interaction.user))
    if not reply.ok:
        return []
    wanted = normalize(current)
    matches = [c for c in reply.choices if wanted in c.label.casefold() or wanted in c.key.casefold()]
    return [app_commands.Choice(name=shorten(c.label, 100), value=c.key) for c in matches[:25]]


@app_commands.command(name="hand", description="See your hand in this channel's game (only you see it)")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await send_hand(interaction, await client_of(interaction).service.hand(interaction.channel_id,
                                                                           person(interaction.user)))


@app_commands.command(name="board", description="Show this channel's game board")
@app_commands.describe(public="Post it for everyone (default: only you see it)",
                       player="Show this player's own board instead (games with player boards, e.g. a Castles of "
                              "Burgundy estate)",
                       everyone="Show every player's own board at once (games with player boards)")
@app_commands.rename(everyone="all")
async def board(interaction: discord.Interaction, public: bool = False, player: discord.Member | None = None,
                everyone: bool = False) -> None:
    await interaction.response.defer(ephemeral=not public, thinking=True)
    shown = person(player) if player else None
    reply = await client_of(interaction).service.board(interaction.channel_id, player=shown, everyone=everyone)
    await send_board(interaction, reply, ephemeral=not public)


@app_commands.command(name="undo", description="Take back your last move, if nothing was revealed since")
async def undo(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await deliver(interaction, await _service(interaction).undo(interaction.channel_id,
                                                                     person(interaction.user)))


@app_commands.command(name="hint", description="The computer's suggestion for your move (only you see it)")
async def hint(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)  # thinking takes a second or two
    reply = await _service(interaction).hint(interaction.channel_id, person(interaction.user))
    await answer(interaction, reply.text)


@app_commands.command(name="log", description="The moves of this channel's game")
@app_commands.describe(page="Page number (1 = first moves; default: the latest)",
                       export="Attach the whole log as a text file")
async def log_(interaction: discord.Interaction, page: app_commands.Range[int, 1, 100_000] | None = None,
               export: bool = False) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = _service(interaction)
    if export:
        reply = await service.export_history(interaction.channel_id, person(interaction.user))
        if not reply.ok:
            await answer(interaction, reply.text)
            return
        file = discord.File(io.BytesIO(reply.text.encode()), filename=f"game-{reply.game_id}-log.txt")
        await answer(interaction, _("The log of game #{game}.", game=reply.game_id), file=file)
        return
    await answer(interaction, (await service.history(interaction.channel_id, page=page)).text)


@app_commands.command(name="replay", description="Step through a game turn by turn: its board and moves (only you see "
                                                   "it)")
@app_commands.describe(game="The game's number (default: this channel's game)",
                       turn="The turn to begin with (default: the first)")
async def replay(interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**53] | None = None,
                 turn: app_commands.Range[int, 1, 999_999_999] | None = None) -> None:
    if interaction.guild_id is None:
        await answer(interaction, only_in_a_server())
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await show_replay(interaction, game, turn, edit=False)


@app_commands.command(name="review", description="The computer's review of a game that has ended, posted in its "
                                                   "thread")
@app_commands.describe(game="The game's number (default: this channel's game)")
async def review(interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
    if interaction.guild_id is None:
        await answer(interaction, only_in_a_server_review())
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await show_review(interaction, game)


@app_commands.command(name="resign", description="Resign this channel's game (you rank last)")
async def resign(interaction: discord.Interaction) -> None:
    await _confirm(interaction, ResignButton, pgettext("button", "Resign"),
                   N_("Resign game #{game}? You will rank last."))


@app_commands.command(name="abandon", description="End this channel's game without a result (creator or manager)")
async def abandon(interaction: discord.Interaction) -> None:
    await _confirm(interaction, AbandonButton, pgettext("button", "Abandon the game"),
                   N_("Abandon game #{game}? It ends for everyone, without a result."))


async def _confirm(interaction: discord.Interaction, button: type[ResignButton | AbandonButton], label: str,
                   question: str) -> None:
    """Ask ``question`` (a message marked with ``N_``, with a ``{game}`` field) under a button ``label``."""
    try:
        snap = await _service(interaction).snapshot(interaction.channel_id)
    except TableError as err:
        await answer(interaction, err.text)
        return
    await answer(interaction, _(question, game=snap.game.id), view=confirm_view(button, snap.game.id, label))


@app_commands.command(name="replace", description="Hand your seat in this channel's game to another member")
@app_commands.describe(member="Who takes your seat (during a vote on an absent player: whom you vote for)")
async def replace(interaction: discord.Interaction, member: discord.Member) -> None:
    if member.bot:
        await answer(interaction, _("A bot cannot take a seat; pick a person."))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await deliver(interaction, await _service(interaction).replace(
        interaction.channel_id, person(interaction.user), person(member)))


# ---------------------------------------------------------------------- anywhere


@app_commands.command(name="games", description="The games on this server")
async def games(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        await answer(interaction, _("Use `/games` in a server; in DMs, `/mygames` lists your games."))
        return
    await answer(interaction, (await _service(interaction).list_games(interaction.guild_id)).text)


@app_commands.command(name="mygames", description="The games, on any server, waiting for your move")
async def mygames(interaction: discord.Interaction) -> None:
    await answer(interaction, (await _service(interaction).my_games(interaction.user.id)).text)


@app_commands.command(name="remind", description="Turn reminders of games waiting for your move on or off")
@app_commands.describe(setting="on: a mention and a DM digest before your time runs out; off: none")
async def remind(interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await answer(interaction, (await _service(interaction).set_reminders(person(interaction.user),
                                                                         setting == "on")).text)


@app_commands.command(name="vacation", description="Stop your clock in all your games for some days (0 ends it)")
@app_commands.describe(days=f"How many days (at most {VACATION_CAP_DAYS} a year); 0 ends your vacation")
async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 0, VACATION_CAP_DAYS]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await deliver(interaction, await _service(interaction).vacation(person(interaction.user), days))


@app_commands.command(name="language", description="The language I answer you in: private replies and DMs")
@app_commands.describe(language="Your language, or automatic: your Discord app's")
@app_commands.choices(language=[app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES] + [
    app_commands.Choice(name="Automatic", value=AUTOMATIC)])
async def language(interaction: discord.Interaction, language: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await answer(interaction, (await _service(interaction).set_language(person(interaction.user), language)).text)


@app_commands.command(name="stats", description="Games played and won on this server")
@app_commands.describe(user="Whose results (default: yours)")
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        await answer(interaction, _("Use `/stats` in a server: results are counted per server."))
        return
    await answer(interaction, (await _service(interaction).stats(interaction.guild_id,
                                                                 person(user or interaction.user))).text)


@app_commands.command(name="help", description="How to play board games with this bot")
async def help_(interaction: discord.Interaction) -> None:
    parts = [help_text()]
    service = _service(interaction)
    try:
        snap = await service.snapshot(interaction.channel_id)
        info = registry.find(snap.game.engine)
    except (TableError, KeyError):  # no game here, or one of a game this bot no longer offers: the help alone
        pass
    else:
        notation = how_to_write_moves(info.engine)
        head = _("**This channel's game (#{game}) — how to write moves:**", game=snap.game.id)
        parts.append(f"{head}\n{notation}")
    text = "\n\n".join(parts)
    if len(text) <= CONTENT_MAX:
        await answer(interaction, text)
        return
    for part in parts:  # too long for one message (a long notation, in a wordier language): one message each
        await answer(interaction, part)


def how_to_write_moves(engine: AnyEngine) -> str:
    """The game's notation guide; where a game has none, Discord's own words: the console's point to its `moves`
    command, which Discord does not have — here `/move` suggests the legal moves and **Play my turn** lists them."""
    return engine.notation_help or _("Type a move as {title} writes it: `/move` suggests the legal ones as you type, "
                                     "or press **Play my turn**.", title=title_of(engine))


def help_text() -> str:
    """The /help text in the current language."""
    return _(HELP, games=", ".join(f"`/{g.command}`" for g in registry.all_games()))


def _service(interaction: discord.Interaction) -> TableService:
    return client_of(interaction).service


#: The commands shared by every game, in the order /help lists them.
TABLE_COMMANDS: tuple[app_commands.Command[Any, Any, Any], ...] = (
    move, hand, board, undo, hint, log_, replay, review, resign, abandon, replace, games, mygames, remind, vacation,
    language, stats, leaderboard, profile, help_)


def all_commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """Every command: a group per game in the registry, then the shared ones."""
    return [*(game_group(info) for info in registry.all_games()), *TABLE_COMMANDS]


def add_commands(tree: app_commands.CommandTree[Any]) -> None:
    for command in all_commands():
        tree.add_command(command)
