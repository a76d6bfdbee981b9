"""The Discord adapter: slash commands, buttons and selects in, table-service replies out.

Thin on purpose: every decision about games is the table service's.  This module turns
interactions into service calls and replies into Discord messages:

- a reply's ``post`` goes to the game's channel (thread) with the board image, a mention of
  whoever must act, and the **Play my turn** / **My hand** buttons;
- its ``private`` messages go by DM (image + text); when a user's DMs are closed the channel is
  told once and the hand is served ephemerally instead;
- its ``text`` answers the person who asked, ephemerally; refusals are ephemeral and change nothing.

Choices (which may reveal a hand: "pay R1") are only ever shown ephemerally to the player to act.
Every interaction is answered within Discord's 3 seconds: we defer first, then the service
works (it draws images in worker threads), then we follow up.
"""

# No ``from __future__ import annotations`` here: discord.py reads the command parameters'
# annotations at definition time, and ``new``'s player range depends on the engine.
import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord
from discord import app_commands

import engines
from bot.discord_ui import (
    Click,
    GameButton,
    GameSelect,
    MemberSelect,
    choices_view,
    confirm_view,
    lobby_view,
    member_view,
    shorten,
    turn_view,
)
from bot.messages import ChannelPost, PrivateMessage, Problem, Reply, User
from bot.scheduler import TICK_SECONDS, Scheduler
from bot.service import VACATION_CAP_DAYS, Notice, TableError, TableService
from bot.store import Status
from engines.core import normalize

log = logging.getLogger(__name__)

CONTENT_MAX = 2000
DMS_CLOSED = 50007
HELP = """**Board games in this server** — each game lives in its own thread.
`/<game> new` opens a table (games: {games}); friends press **Join**, then **Start**.
On your turn press **Play my turn** under the board (or type `/move`, which suggests legal moves).
`/hand` shows your hand privately · `/board` the current board · `/log` the moves so far
`/undo` takes back your last move (until cards are drawn or the turn passes) · `/resign`
`/abandon` ends a game without a result (its creator or a server manager)
`/games` lists this server's games · `/mygames` the games waiting for you · `/<game> rules` explains a game.
Tables choose a `pace` (time per turn) and what happens at the `deadline` when they open. I remind you before
your time runs out (`/remind off` stops that) · `/vacation <days>` stops your clock · `/replace` hands your
seat to someone else · `/stats` shows games played and won · **Rematch** under a final board plays again."""


def person(user: discord.abc.User) -> User:
    return User(user.id, user.display_name)


def png(data: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(data), filename=name) if data else None


def clip(text: str) -> str:
    return shorten(text, CONTENT_MAX) if text else "\u200b"


class GameBot(discord.Client):
    """The bot: one service, one command tree, and the delivery of replies."""

    def __init__(self, service: TableService, *, dev_guild_id: int | None = None,
                 scheduler_interval: float | None = TICK_SECONDS) -> None:
        # No privileged intents: everything arrives through interactions.
        super().__init__(intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=True, replied_user=False))
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        self.told_dms_closed: set[tuple[int, int]] = set()  # (game, user): the channel heard it once
        # Reminders and deadlines: the scheduler's tick every ``scheduler_interval`` seconds (None: never;
        # tests call ``tick_once``).  The timers themselves live in the database.
        self.scheduler = Scheduler(service)
        self.scheduler_interval = scheduler_interval
        self._ticker: asyncio.Task[None] | None = None
        add_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GameButton, GameSelect, MemberSelect)
        if self.scheduler_interval is not None:
            self._ticker = asyncio.create_task(self.run_scheduler(), name="game-scheduler")
        broken = await self.service.check_rules()
        for row in broken:
            log.warning("game %s no longer replays under the current rules and is marked broken", row.id)
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
            self._ticker = None
        await super().close()

    async def run_scheduler(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            await self.tick_once()
            await asyncio.sleep(self.scheduler_interval or TICK_SECONDS)

    async def tick_once(self) -> int:
        """Apply due deadlines and send due reminders; returns how many replies went out."""
        try:
            replies = await self.scheduler.tick()
        except Exception:
            log.exception("scheduler tick failed")
            return 0
        for reply in replies:
            try:
                await self.deliver(reply)
            except Exception:
                log.exception("delivering a scheduled message for game %s failed", reply.game_id)
        return len(replies)

    async def deliver(self, reply: Reply) -> None:
        """Publish a reply and, for a notice, the other games' posts it carries."""
        await self.publish(reply)
        if isinstance(reply, Notice):
            for more in reply.also:
                await self.publish(more)

    # ------------------------------------------------------------------ answering

    async def answer(self, interaction: discord.Interaction, text: str, *, view: discord.ui.View | None = None,
                     file: discord.File | None = None, ephemeral: bool = True) -> None:
        """Reply to whoever asked; works before or after a defer."""
        kwargs: dict[str, Any] = {"ephemeral": ephemeral}
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), **kwargs)
        else:
            await interaction.response.send_message(clip(text), **kwargs)

    async def refuse(self, interaction: discord.Interaction, reply: Reply) -> None:
        await self.answer(interaction, reply.text)

    async def on_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError
                               ) -> None:
        log.exception("command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await self.answer(interaction, "Something went wrong on our side (it has been logged); nothing "
                              "changed. Try again, or check `/board`.")

    # ------------------------------------------------------------------ delivering replies

    async def channel_of(self, game_id: int) -> discord.abc.Messageable | None:
        snap = await self.service.snapshot(None, game_id=game_id)
        channel_id = snap.game.channel_id
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s of game %s is gone", channel_id, game_id)
                return None
        return channel  # type: ignore[return-value]

    async def publish(self, reply: Reply) -> None:
        """Send a successful reply's channel post and private messages."""
        if reply.game_id is None:
            return
        channel = None
        if reply.post is not None:
            channel = await self.channel_of(reply.game_id)
            if channel is not None:
                await self.post(channel, reply.game_id, reply.post, reply.move_number,
                                vote_on=reply.vote if isinstance(reply, Notice) else "")
        for message in reply.private:
            await self.send_private(reply.game_id, message, channel)

    async def post(self, channel: discord.abc.Messageable, game_id: int, post: ChannelPost,
                   move_number: int | None, *, vote_on: str = "") -> discord.Message:
        mentions = " ".join(f"<@{uid}>" for uid in post.mentions)
        text = f"{mentions} {post.text}".strip()
        snap = await self.service.snapshot(None, game_id=game_id)
        finished = snap.game.status not in (Status.LOBBY, Status.RUNNING)
        if move_number is None and snap.game.status is Status.RUNNING:
            move_number = snap.move_number  # a reminder or notice: the player to act can play from it
        rematch = snap.game.status in (Status.FINISHED, Status.ABANDONED)
        kwargs: dict[str, Any] = {"view": turn_view(game_id, move_number, finished, rematch=rematch, vote_on=vote_on)}
        if post.image:
            kwargs["file"] = png(post.image, f"game-{game_id}-board.png")
        return await channel.send(clip(text), **kwargs)

    async def is_over(self, game_id: int) -> bool:
        snap = await self.service.snapshot(None, game_id=game_id)
        return snap.game.status not in (Status.LOBBY, Status.RUNNING)

    async def send_private(self, game_id: int, message: PrivateMessage,
                           channel: discord.abc.Messageable | None) -> None:
        """A DM with the hand; if DMs are closed, say so once in the game's channel."""
        if (game_id, message.user_id) in self.told_dms_closed:
            return
        try:
            user = self.get_user(message.user_id) or await self.fetch_user(message.user_id)
            file = png(message.image, f"game-{game_id}-hand.png")
            text = message.text if f"game #{game_id}" in message.text else f"Game #{game_id}: {message.text}"
            await user.send(clip(text), **({"file": file} if file else {}))
        except discord.Forbidden as err:
            if err.code != DMS_CLOSED:
                log.warning("cannot DM user %s: %s", message.user_id, err)
            self.told_dms_closed.add((game_id, message.user_id))
            channel = channel or await self.channel_of(game_id)
            if channel is not None:
                await channel.send(f"<@{message.user_id}>, I can't send you direct messages, so I won't DM your "
                                   "hand. Press **My hand** under the board (or use `/hand`) to see it privately.")
        except discord.HTTPException as err:
            log.warning("DM to user %s failed: %s", message.user_id, err)

    async def show_choices(self, interaction: discord.Interaction, game_id: int, note: str = "",
                           prefix: str = "", page: int = 0, edit: bool = False) -> None:
        """The player's current choices, ephemerally (or in place of the menu they clicked)."""
        user = person(interaction.user)
        reply = await self.service.moves(None, user, game_id=game_id)
        if not reply.ok or reply.move_number is None:
            text, view = (note + "\n" if note else "") + reply.text, None
        else:
            text = (note + "\n" if note else "") + f"Your move in game #{game_id} — choose, or type `/move`."
            view = choices_view(game_id, reply.move_number, reply.choices, prefix, page)
        if edit:
            await interaction.edit_original_response(content=clip(text), view=view)
        else:
            await self.answer(interaction, text, view=view)

    # ------------------------------------------------------------------ clicks

    async def on_click(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        handler = {
            "join": self.click_lobby, "leave": self.click_lobby, "start": self.click_lobby,
            "cancel": self.click_lobby, "play": self.click_play, "hand": self.click_hand,
            "do": self.click_do, "pick": self.click_pick, "back": self.click_back,
            "resign": self.click_end, "abandon": self.click_end,
            "rematch": self.click_rematch, "voteend": self.click_vote, "votesub": self.click_vote,
        }.get(click.verb)
        if handler is None:
            await self.answer(interaction, "That button belongs to an older version of the bot; use `/board`.")
            return
        try:
            await handler(interaction, click, values)
        except TableError as err:
            await self.answer(interaction, err.text)
        except Exception:
            log.exception("click %s failed", click)
            await self.answer(interaction, "Something went wrong on our side (it has been logged); nothing "
                              "changed.")

    async def click_lobby(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer()
        user = person(interaction.user)
        snap = await self.service.snapshot(None, game_id=click.game)
        if snap.game.status is not Status.LOBBY:
            await self.answer(interaction, f"Game #{click.game} is no longer waiting for players.")
            return
        manager = bool(interaction.permissions.manage_guild)
        call = {
            "join": lambda: self.service.join(snap.game.channel_id, user, game_id=click.game),
            "leave": lambda: self.service.leave(snap.game.channel_id, user),
            "start": lambda: self.service.start(snap.game.channel_id, user, is_manager=manager),
            "cancel": lambda: self.service.cancel(snap.game.channel_id, user, is_manager=manager),
        }[click.verb]
        reply = await call()
        if not reply.ok:
            await self.refuse(interaction, reply)
            return
        # The lobby message itself shows who is seated; the channel hears of the start.
        await interaction.edit_original_response(**await self.lobby_message(click.game))
        if reply.move_number is not None:
            await self.publish(reply)

    async def lobby_message(self, game_id: int) -> dict[str, Any]:
        snap = await self.service.snapshot(None, game_id=game_id)
        engine = engines.get(snap.game.engine)
        seated = ", ".join(snap.names) or "nobody yet"
        if snap.game.status is Status.LOBBY:
            wanted = snap.game.seat_count or f"{engine.min_seats}–{engine.max_seats}"
            timing = await self.service.timing(game_id)
            text = (f"**{engine.title}** — game #{game_id}, a table for {wanted} players.\n"
                    + (f"Time: {timing}.\n" if timing else "")
                    + f"Seated ({len(snap.names)}): {seated}\n"
                    "Press **Join** to take a seat. The host presses **Start** when everyone is in"
                    + (" (it starts by itself when full)." if snap.game.seat_count else "."))
            return {"content": text, "view": lobby_view(game_id)}
        state = {Status.RUNNING: "has started", Status.CANCELLED: "was cancelled"}.get(snap.game.status, "is over")
        timing = await self.service.timing(game_id)
        return {"content": f"**{engine.title}** — game #{game_id} {state}. Players: {seated}."
                           + (f"\nTime: {timing}." if timing else ""),
                "view": lobby_view(game_id, started=True)}

    async def click_play(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        snap = await self.service.snapshot(None, game_id=click.game)
        # Opening the menu changes nothing, so an older board's button may still open today's choices.
        note = "" if click.move == snap.move_number else "That board has moved on; these are the choices now."
        await self.show_choices(interaction, click.game, note)

    async def click_hand(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.service.hand(None, person(interaction.user), game_id=click.game)
        await self.send_hand(interaction, reply)

    async def send_hand(self, interaction: discord.Interaction, reply: Reply) -> None:
        if not reply.ok or not reply.private:
            await self.refuse(interaction, reply)
            return
        message = reply.private[0]
        await self.answer(interaction, message.text, file=png(message.image, f"game-{reply.game_id}-hand.png"))

    async def click_do(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer()
        if not click.arg.isdigit() or click.move is None:
            return
        await self.play_choice(interaction, click.game, click.move, int(click.arg))

    async def click_pick(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer()
        value = values[0] if values else ""
        if value.startswith("a") and value[1:].isdigit() and click.move is not None:
            await self.play_choice(interaction, click.game, click.move, int(value[1:]))
        elif value.startswith("g"):
            await self.menu_at(interaction, click, prefix=value[1:])
        elif value.startswith("p"):
            page, _, prefix = value[1:].partition("|")
            await self.menu_at(interaction, click, prefix=prefix, page=int(page) if page.isdigit() else 0)

    async def click_back(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer()
        await self.menu_at(interaction, click)

    async def menu_at(self, interaction: discord.Interaction, click: Click, prefix: str = "", page: int = 0) -> None:
        snap = await self.service.snapshot(None, game_id=click.game)
        if click.move != snap.move_number:
            await self.answer(interaction, "That board has moved on since you saw it; nothing was changed.")
            return
        await self.show_choices(interaction, click.game, prefix=prefix, page=page, edit=True)

    async def play_choice(self, interaction: discord.Interaction, game_id: int, move: int, index: int) -> None:
        """Play the ``index``-th legal move as offered at ``move``: the service refuses it if stale."""
        user = person(interaction.user)
        options = await self.service.moves(None, user, game_id=game_id)
        if not options.ok:
            await self.refuse(interaction, options)
            return
        if options.move_number != move or index >= len(options.choices):
            await self.answer(interaction, "That board has moved on since you saw it; nothing was changed.")
            return
        reply = await self.service.act(None, user, options.choices[index].key, move_number=move, game_id=game_id)
        await self.after_move(interaction, reply, edit=True)

    async def after_move(self, interaction: discord.Interaction, reply: Reply, *, edit: bool) -> None:
        """Tell the mover, publish the move, and offer the next step if it is still theirs."""
        if not reply.ok:
            await self.refuse(interaction, reply)
            return
        await self.publish(reply)
        assert reply.game_id is not None
        snap = await self.service.snapshot(None, game_id=reply.game_id)
        still_mine = any(snap.user_ids[s] == interaction.user.id for s in snap.to_act)
        if still_mine:
            await self.show_choices(interaction, reply.game_id, note=reply.text, edit=edit)
        elif edit:
            await interaction.edit_original_response(content=clip(reply.text), view=None)
        else:
            await self.answer(interaction, reply.text)

    async def click_end(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = person(interaction.user)
        if click.verb == "resign":
            reply = await self.service.resign(None, user, game_id=click.game)
        else:
            reply = await self.service.abandon(None, user, game_id=click.game,
                                               is_manager=bool(interaction.permissions.manage_guild))
        if not reply.ok:
            await self.refuse(interaction, reply)
            return
        await self.publish(reply)
        await self.answer(interaction, reply.text)


    async def click_rematch(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.service.rematch(click.game, person(interaction.user))
        if not reply.ok or reply.game_id is None or reply.post is None:
            await self.refuse(interaction, reply)
            return
        channel = await self.channel_of(reply.game_id)
        if channel is not None:
            lobby = await self.lobby_message(reply.game_id)
            mentions = " ".join(f"<@{uid}>" for uid in reply.post.mentions)
            lobby["content"] = clip(f"{mentions} {reply.post.text}\n\n{lobby['content']}")
            await channel.send(**lobby)
        await self.answer(interaction, reply.text)

    async def click_vote(self, interaction: discord.Interaction, click: Click, values: Sequence[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = person(interaction.user)
        if click.verb == "votesub":
            reply = await self.service.vote_open(click.game, user)
            if not reply.ok:
                await self.refuse(interaction, reply)
                return
            await self.answer(interaction, reply.text, view=member_view(click.game))
            return
        await self.voted(interaction, await self.service.vote(click.game, user, "end"))

    async def on_member_pick(self, interaction: discord.Interaction, click: Click, members: Sequence[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not members:
            return
        member = members[0]
        if getattr(member, "bot", False):
            await self.answer(interaction, "A bot cannot take a seat; pick a person.")
            return
        await self.voted(interaction, await self.service.vote(click.game, person(interaction.user), "replace",
                                                              person(member)))

    async def voted(self, interaction: discord.Interaction, reply: Reply) -> None:
        if not reply.ok:
            await self.refuse(interaction, reply)
            return
        await self.deliver(reply)
        await self.answer(interaction, reply.text)


# ---------------------------------------------------------------------- slash commands


def add_commands(bot: GameBot) -> None:
    tree = bot.tree
    for info in engines.registry.all_games():
        tree.add_command(game_group(bot, info))

    @tree.command(name="move", description="Play a move in this channel's game (suggestions as you type)")
    @app_commands.describe(text="The move, e.g. `take` or `build wall 3W pay red red green joker`")
    async def move(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot.service.act(interaction.channel_id, person(interaction.user), text)
        await bot.after_move(interaction, reply, edit=False)

    @move.autocomplete("text")
    async def move_suggestions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        reply = await bot.service.moves(interaction.channel_id, person(interaction.user))
        if not reply.ok:
            return []
        wanted = normalize(current)
        matches = [c for c in reply.choices if wanted in c.label.casefold() or wanted in c.key.casefold()]
        return [app_commands.Choice(name=shorten(c.label, 100), value=c.key) for c in matches[:25]]

    @tree.command(name="hand", description="See your hand in this channel's game (only you see it)")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.send_hand(interaction, await bot.service.hand(interaction.channel_id, person(interaction.user)))

    @tree.command(name="board", description="Show this channel's game board")
    @app_commands.describe(public="Post it for everyone (default: only you see it)",
                           player="Show this player's own board instead (games with player boards, "
                                  "e.g. an estate in The Castles of Burgundy)")
    async def board(interaction: discord.Interaction, public: bool = False,
                    player: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        reply = await bot.service.board(interaction.channel_id)
        if not reply.ok or reply.post is None:
            await bot.refuse(interaction, reply)
            return
        text, image = reply.post.text, reply.post.image
        if player is not None:
            shown = await player_board(bot, interaction.channel_id, reply, player)
            if isinstance(shown, str):
                await bot.answer(interaction, shown)
                return
            text, image = f"{player.display_name}'s board — " + text, shown
        await bot.answer(interaction, text, file=png(image, f"game-{reply.game_id}-board.png"), ephemeral=not public)

    @tree.command(name="undo", description="Take back your last move, if nothing was revealed since")
    async def undo(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot.service.undo(interaction.channel_id, person(interaction.user))
        if reply.ok:
            await bot.publish(reply)
        await bot.answer(interaction, reply.text)

    @tree.command(name="log", description="The moves of this channel's game")
    @app_commands.describe(page="Page number (1 = first moves; default: the latest)",
                           export="Attach the whole log as a text file")
    async def log_(interaction: discord.Interaction, page: int | None = None, export: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if export:
            reply = await bot.service.export_history(interaction.channel_id)
            if not reply.ok:
                await bot.refuse(interaction, reply)
                return
            file = discord.File(io.BytesIO(reply.text.encode()), filename=f"game-{reply.game_id}-log.txt")
            await bot.answer(interaction, f"The log of game #{reply.game_id}.", file=file)
            return
        await bot.answer(interaction, (await bot.service.history(interaction.channel_id, page=page)).text)

    @tree.command(name="resign", description="Resign this channel's game (you rank last)")
    async def resign(interaction: discord.Interaction) -> None:
        await confirm(bot, interaction, "resign", "Resign", "Resign game #{game}? You will rank last.")

    @tree.command(name="abandon", description="End this channel's game without a result (creator or manager)")
    async def abandon(interaction: discord.Interaction) -> None:
        await confirm(bot, interaction, "abandon", "Abandon the game",
                      "Abandon game #{game}? It ends for everyone, without a result.")

    @tree.command(name="games", description="The games on this server")
    async def games(interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await bot.answer(interaction, "Use `/games` in a server; in DMs, `/mygames` lists your games.")
            return
        await bot.answer(interaction, (await bot.service.list_games(interaction.guild_id)).text)

    @tree.command(name="mygames", description="The games, on any server, waiting for your move")
    async def mygames(interaction: discord.Interaction) -> None:
        await bot.answer(interaction, (await bot.service.my_games(interaction.user.id)).text)

    @tree.command(name="remind", description="Turn reminders of games waiting for your move on or off")
    @app_commands.describe(setting="on: a mention and a DM digest before your time runs out; off: none")
    async def remind(interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.answer(interaction, (await bot.service.set_reminders(person(interaction.user),
                                                                       setting == "on")).text)

    @tree.command(name="vacation", description="Stop your clock in all your games for some days (0 ends it)")
    @app_commands.describe(days=f"How many days (at most {VACATION_CAP_DAYS} a year); 0 ends your vacation")
    async def vacation(interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, VACATION_CAP_DAYS]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot.service.vacation(person(interaction.user), days)
        if reply.ok:
            await bot.deliver(reply)
        await bot.answer(interaction, reply.text)

    @tree.command(name="replace", description="Hand your seat in this channel's game to another member")
    @app_commands.describe(member="Who takes your seat (during a vote on an absent player: whom you vote for)")
    async def replace(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if member.bot:
            await bot.answer(interaction, "A bot cannot take a seat; pick a person.")
            return
        reply = await bot.service.replace(interaction.channel_id, person(interaction.user), person(member))
        if reply.ok:
            await bot.deliver(reply)
        await bot.answer(interaction, reply.text)

    @tree.command(name="stats", description="Games played and won on this server")
    @app_commands.describe(user="Whose results (default: yours)")
    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            await bot.answer(interaction, "Use `/stats` in a server: results are counted per server.")
            return
        who = person(user or interaction.user)
        await bot.answer(interaction, (await bot.service.stats(interaction.guild_id, who)).text)

    @tree.command(name="help", description="How to play board games with this bot")
    async def help_(interaction: discord.Interaction) -> None:
        names = ", ".join(f"`/{g.command}`" for g in engines.registry.all_games())
        text = HELP.format(games=names)
        try:
            snap = await bot.service.snapshot(interaction.channel_id)
            notation = (await bot.service.help(snap.game.engine)).text
            text += f"\n\n**This channel's game (#{snap.game.id}) — how to write moves:**\n{notation}"
        except TableError:
            pass
        await bot.answer(interaction, text)


async def player_board(bot: GameBot, channel_id: int | None, reply: Reply, player: discord.abc.User
                       ) -> bytes | str:
    """One player's own board from the public view (drawn in a worker thread), or why there is none."""
    snap = await bot.service.snapshot(channel_id)
    if player.id not in snap.user_ids:
        return f"{player.display_name} is not playing in game #{snap.game.id}."
    try:
        import render
    except ImportError:
        return "Images are not installed on this bot."
    assert reply.post is not None and reply.post.view is not None
    seat = snap.user_ids.index(player.id)
    try:
        return await asyncio.to_thread(render.draw_player, snap.game.engine, reply.post.view, list(snap.names), seat)
    except KeyError:
        return f"{engines.get(snap.game.engine).title} has no separate player boards: `/board` shows everything."


async def confirm(bot: GameBot, interaction: discord.Interaction, verb: str, label: str, question: str) -> None:
    try:
        snap = await bot.service.snapshot(interaction.channel_id)
    except TableError as err:
        await bot.answer(interaction, err.text)
        return
    await bot.answer(interaction, question.format(game=snap.game.id), view=confirm_view(verb, snap.game.id, label))


def game_group(bot: GameBot, info: engines.GameInfo) -> app_commands.Group:
    engine, engine_name = info.engine, info.name
    group = app_commands.Group(name=info.command, description=info.summary)

    @group.command(name="new", description=f"Open a table for {engine.title}")
    @app_commands.describe(players=f"How many players ({engine.min_seats}–{engine.max_seats}); the game starts "
                                   "when that many have joined. Leave empty to start by hand.",
                           thread="Open the game in its own thread (default: yes, when I may)",
                           pace="Time per turn: relaxed 72 h (default), daily 24 h, brisk 4 h, or none",
                           deadline="When time runs out: skip (the bot plays a safe move; default), pause, "
                                    "or vote (the others replace the player or end the game)")
    async def new(interaction: discord.Interaction,
                  players: app_commands.Range[int, engine.min_seats, engine.max_seats] | None = None,
                  thread: bool = True, pace: Literal["relaxed", "daily", "brisk", "none"] = "relaxed",
                  deadline: Literal["skip", "pause", "vote"] = "skip") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await table_channel(interaction, engine.title, thread)
        guild_id = interaction.guild_id or 0
        reply = await bot.service.create(engine_name, guild_id, target.id, person(interaction.user), seats=players,
                                         pace=pace, deadline=deadline)
        if not reply.ok or reply.game_id is None:
            await bot.refuse(interaction, reply)
            return
        await target.send(**await bot.lobby_message(reply.game_id))
        where = f" in {target.mention}" if target.id != interaction.channel_id else ""
        await bot.answer(interaction, f"You opened game #{reply.game_id}{where}. Friends press **Join** there.")

    @group.command(name="rules", description=f"The rules of {engine.title} in short, with the move notation")
    async def rules(interaction: discord.Interaction) -> None:
        await bot.answer(interaction, (await bot.service.rules(engine_name)).text)

    return group


async def table_channel(interaction: discord.Interaction, title: str, thread: bool) -> Any:
    """A new public thread for the game when asked and allowed; otherwise the channel itself."""
    channel = interaction.channel
    if thread and isinstance(channel, discord.TextChannel):
        perms = interaction.app_permissions
        if perms.create_public_threads and perms.send_messages_in_threads:
            name = shorten(f"{title} — {interaction.user.display_name}", 100)
            try:
                return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                   auto_archive_duration=10080)
            except discord.HTTPException as err:
                log.info("could not open a thread in %s: %s", channel.id, err)
    return channel


__all__ = ["GameBot", "Problem"]
