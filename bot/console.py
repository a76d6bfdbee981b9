"""A local console: play a game in the terminal through the same table service the bot uses.

Hotseat: one person at the keyboard plays every seat; the prompt names the seat to act ("Seat 2
(Bo)").  Players are named with ``--names`` (default Ann, Bo, Cy, Dee).  ``board`` and ``hand`` print
the views as readable text (:mod:`bot.view_text`) and, with a renderer, write the images into a folder per
game (``--images``, default ``images/`` beside the database), replacing the last ones.  Commands read in the
game's language and in English, near misses forgiven (:mod:`bot.console_words`); a legal move always wins
over a command word.  When stdin is not a terminal, commands are read one per line (and echoed), so a game
can be scripted::

    printf 'moves\\ntake\\nboard\\nquit\\n' | python -m bot console burgenland --players 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import secrets
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import engines
from bot import console_words
from bot.autoplay import AutoPlay
from bot.config import Config, SettingError, read_env_file
from bot.language import _
from bot.outbox import Deliverer
from bot.rendering import Renderer, draw, installed_renderer
from bot.store import Status, StoreUnavailable, open_store
from bot.table import Snapshot, TableError, TableService
from bot.table.announce import private_part
from bot.table.results import ChannelEdit, ChannelPost, PostRole, PrivateMessage, Problem, Reply, User, is_person
from bot.table.tables import EngineLookup
from bot.text import escape_name
from bot.view_text import Translate, as_is, format_view
from engines.i18n import LANGUAGES, NAMES, current, supported, use

CONSOLE_GUILD = 0
PLAYERS = ("Ann", "Bo", "Cy", "Dee")


def seat_name(seat: int, name: str) -> str:
    """'Seat 2 (Bo)': how the console names a player (seats are what `2: take` and `hand 2` use)."""
    return _("Seat {seat} ({name})", seat=seat + 1, name=name)


def console_users(players: int, names: Sequence[str] = ()) -> list[User]:
    """Stand-ins for the players; small ids never clash with Discord's 17+ digit snowflakes."""
    chosen = [n.strip() for n in names if n.strip()] or list(PLAYERS)
    return [User(i + 1, escape_name(chosen[i] if i < len(chosen) else _("Player {number}", number=i + 1)))
            for i in range(players)]


class Printer:
    """The console's transport for announcements: posts and private messages are printed (private ones
    marked: this is hotseat), images written to files.  The lobby message (Join buttons and all) and
    its edits are Discord's business: not shown."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.messages = 0

    async def post(self, post: ChannelPost, nonce: str) -> int | None:
        self.messages += 1
        if post.role != PostRole.LOBBY:
            pinged = [self.console.names.get(u) or _("user {id}", id=u) for u in post.mentions]
            self.console.say(f"@{', @'.join(pinged)}: {post.text}" if pinged else post.text)
        return self.messages

    async def dm(self, message: PrivateMessage, nonce: str) -> int | None:
        name = self.console.names.get(message.user_id) or _("user {id}", id=message.user_id)
        self.console.say("  " + _("[private to {name}]", name=name) + " " + message.text.replace("\n", "\n  "))
        return None

    async def edit(self, edit: ChannelEdit, channel_id: int, message_id: int) -> None:
        if edit.role != PostRole.LOBBY:  # a turn's message grows: say what is new
            self.console.say(edit.news or edit.text)


class Console:
    def __init__(self, service: TableService, engine: str, channel: int, out: TextIO,
                 image_dir: Path | None = None) -> None:
        self.service = service
        self.engine = engine
        self.channel = channel
        self.out = out
        self.image_dir = image_dir or Path("images")
        self.names: dict[int, str] = {}  # user id -> "Seat 2 (Bo)", for labelling private messages
        # Announcements are printed, not drawn: images are written only when asked for (board, hand).
        self.deliverer = Deliverer(service.store, Printer(self), None, owner=f"{socket.gethostname()}:console")
        # Computer players move as soon as it is their turn; the prompt waits for them, and says who thinks.
        self.autoplay = AutoPlay(service, self.show, self.show_thinking)

    def say(self, text: str) -> None:
        if text:
            print(text, file=self.out, flush=True)

    async def snapshot(self) -> Snapshot:
        snap = await self.service.snapshot(self.channel)
        self.names = {user: seat_name(seat, name) for seat, (user, name) in enumerate(zip(snap.user_ids, snap.names,
                                                                                        strict=True))}
        return snap

    async def prompt(self) -> str:
        snap = await self.snapshot()
        seats = ", ".join(seat_name(s, snap.names[s]) for s in snap.to_act)
        return _("[{engine} #{game} turn {turn}] {seats} > ", engine=self.engine, game=snap.game.id,
                 turn=snap.turn_number or 1, seats=seats)

    async def user(self, seat: int | None = None) -> User:
        """The stand-in for ``seat`` (default: the first seat to act)."""
        snap = await self.snapshot()
        if seat is None:
            seat = snap.to_act[0] if snap.to_act else 0
        if not 0 <= seat < len(snap.names):
            raise TableError(Problem.BAD_REQUEST, _("There is no seat {seat}; seats are 1 to {count}.", seat=seat + 1,
                                                    count=len(snap.names)))
        return User(snap.user_ids[seat], snap.names[seat])

    async def show(self, reply: Reply) -> None:
        """Print a reply: the answer (when nothing else says it), then deliver what it announced."""
        if not reply.ok or not reply.outbox:
            self.say(reply.text)
        await self.deliverer.deliver(reply.outbox)
        self.autoplay.after(reply)

    async def show_thinking(self, game_id: int) -> None:
        """A computer player is about to think (a hard one takes seconds a step): say so, as the bot's thread shows
        it typing."""
        snap = await self.snapshot()
        for seat in snap.to_act:
            if not is_person(snap.user_ids[seat]):
                self.say(_("{name} is thinking…", name=snap.names[seat]))

    async def show_board(self, reply: Reply) -> None:
        """A board to look at (not an announcement): its text, its view as text, its image."""
        if not reply.ok or reply.post is None:
            self.say(reply.text)
            return
        self.say(reply.post.text)
        if reply.post.view is not None:
            self.say(format_view(reply.post.view, seat_keys=self.view_seats(), translate=self.view_words()))
        if reply.post.picture is not None and self.service.renderer is not None:
            picture = reply.post.picture
            self.save_image(await draw(self.service.renderer, picture), reply.game_id, "board", _("Board image"))
            # The phone-first close-up a turn's post shows first (same view): a look at it from the console.
            close_up = dataclasses.replace(picture, close_up=picture.close_up or picture.alt).compact()
            self.save_image(await draw(self.service.renderer, close_up), reply.game_id, "close-up",
                            _("Close-up image"))

    def view_seats(self) -> tuple[str, ...]:
        """The fields of this game's views that hold seats, beyond the common ones (the game declares them)."""
        try:
            return engines.registry.find(self.engine).view_seats
        except KeyError:  # a game outside the registry (a test's)
            return ()

    def view_words(self) -> Translate:
        """The words of this game's views in the game's language (the game declares them); else the view's own."""
        try:
            return engines.registry.find(self.engine).view_words or as_is
        except KeyError:  # a game outside the registry (a test's)
            return as_is

    def save_image(self, image: bytes | None, game_id: int | None, what: str, caption: str) -> None:
        """Write an image into the game's folder (``what``.png, replacing the last one), and say where."""
        if image is None:
            return
        folder = self.image_dir / f"game-{game_id}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{what}.png"
        path.write_bytes(image)
        self.say(f"{caption}: {path}")

    async def command(self, line: str) -> bool:
        """Run one command, or play one move; False when the console should stop."""
        text = line.strip()
        word, _space, rest = text.partition(" ")
        if not word:
            return True
        try:
            command, typo = console_words.words().get(word.casefold()), None
            if command is None:
                typo = console_words.near_miss(word)
            if (command or typo) and await self.is_move(text):  # a command word never hides a move
                command = typo = None
            if typo in console_words.ASKED:  # a near miss of a command that changes something: only suggested
                self.say(_("`{text}` is not a move. Did you mean `{command}`?", text=word,
                           command=console_words.local(typo)))
                return True
            command = command or typo
            if command == "quit":
                return False
            handler = self.handlers().get(command) if command else None
            await (handler(rest.strip()) if handler is not None else self.play(text))
        except TableError as err:
            self.say(err.text)
        return (await self.snapshot()).game.status is Status.RUNNING

    async def is_move(self, text: str) -> bool:
        """Whether ``text`` is a legal move of the seat to act now (nothing is played)."""
        snap = await self.snapshot()
        return bool(snap.to_act) and await self.service.reads_as_move(self.channel, await self.user(), text)

    def handlers(self) -> dict[str, Callable[[str], Awaitable[None]]]:
        return {"moves": self.moves, "undo": self.undo, "board": self.board, "hand": self.hand,
                "log": self.log, "status": self.status, "help": self.help, "rules": self.rules}

    async def play(self, text: str) -> None:
        seat = None
        head, sep, tail = text.partition(":")
        if sep and head.strip().isdigit():
            seat, text = int(head) - 1, tail.strip()
        await self.show(await self.service.act(self.channel, await self.user(seat), text))

    async def moves(self, arg: str) -> None:
        await self.show(await self.service.moves(self.channel, await self.user()))

    async def undo(self, arg: str) -> None:
        snap = await self.snapshot()
        if snap.last_mover is None:
            self.say(_("There is nothing to undo yet."))
            return
        mover = snap.user_ids.index(snap.last_mover)
        await self.show(await self.service.undo(self.channel, User(snap.last_mover, snap.names[mover])))

    async def board(self, arg: str) -> None:
        await self.show_board(await self.service.board(self.channel))

    async def hand(self, arg: str) -> None:
        seat = int(arg) - 1 if arg.isdigit() else None
        reply = await self.service.hand(self.channel, await self.user(seat))
        self.say(reply.text)
        board = await self.service.board(self.channel)
        public = board.post.view if board.post and board.post.view else {}
        for message in reply.private:
            if message.view is not None:  # only what the seat sees beyond the board (its number is said above)
                own = {k: v for k, v in private_part(message.view, public).items() if k != "seat"}
                self.say(format_view(own, seat_keys=self.view_seats(), translate=self.view_words()) if own else
                         _("Nothing else: everything this seat sees is on the board (`{board}`).",
                           board=console_words.local("board")))
            if message.picture is not None and self.service.renderer is not None:
                seat = (message.picture.seat or 0) + 1
                self.save_image(await draw(self.service.renderer, message.picture), reply.game_id, f"hand-seat{seat}",
                                _("Image of seat {seat}'s hand", seat=seat))

    async def log(self, arg: str) -> None:
        if console_words.is_all(arg):
            await self.show(await self.service.export_history(self.channel, await self.user()))
        else:
            await self.show(await self.service.history(self.channel, page=int(arg) if arg.isdigit() else None))

    async def status(self, arg: str) -> None:
        await self.show(await self.service.status(self.channel))

    async def help(self, arg: str) -> None:
        self.say(console_words.help_text())
        await self.show(await self.service.help(self.engine))

    async def rules(self, arg: str) -> None:
        await self.show(await self.service.rules(self.engine))

    async def run(self, stdin: TextIO) -> None:
        interactive = stdin.isatty()
        await self.autoplay.resume()
        while True:
            await self.autoplay.idle()
            if (await self.snapshot()).game.status is not Status.RUNNING:
                break
            prompt = await self.prompt()
            if interactive:
                try:
                    line = await asyncio.to_thread(input, prompt)
                except EOFError:
                    break
            else:
                line = await asyncio.to_thread(stdin.readline)
                if not line:
                    break
                self.say(prompt + line.rstrip("\n"))  # echo: a scripted game reads like a session
            if not await self.command(line):
                break
        await self.autoplay.close()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot console",
                                     description="Play a game in the terminal (hotseat), stored like a bot game.")
    games = "; ".join(" or ".join(g.names) for g in engines.registry.all_games())
    parser.add_argument("engine", nargs="?", help=f"the game: {games or 'none installed'}")
    parser.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    parser.add_argument("--seed", type=int, help="the game's seed, to replay a deal (default: random)")
    parser.add_argument("--db", type=Path, help="a SQLite database file (default: $DATABASE_URL if set, else "
                                                "$DATABASE_PATH or ./data/bot.sqlite3)")
    parser.add_argument("--resume", type=int, metavar="GAME_ID", help="continue a stored game")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an engine option (VALUE read as JSON when it parses), may repeat")
    parser.add_argument("--bots", type=int, default=0, metavar="N",
                        help="computer players among the seats (you play the others)")
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"],
                        help="how well the computer players play (default: normal)")
    parser.add_argument("--rated", action="store_true",
                        help="rate the game (off by default: hotseat play says little of who plays better, and "
                             "every console player shares one pool)")
    parser.add_argument("--names", default="", metavar="A,B,…",
                        help="the players' names, comma-separated (default: Ann, Bo, Cy, Dee)")
    parser.add_argument("--lang", choices=list(LANGUAGES),
                        help="the language the game is played in: messages, moves typed, commands and images "
                             "(default: en; a resumed game keeps its own)")
    parser.add_argument("--images", type=Path, metavar="DIR",
                        help="where `board` and `hand` write images, a folder per game (default: images/ beside "
                             "the database)")
    args = parser.parse_args(argv)
    if args.engine is None and args.resume is None:
        parser.error("name a game to play, or --resume GAME_ID")
    return args


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(_("--option needs KEY=VALUE, not {pair!r}", pair=pair))
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


async def open_game(service: TableService, args: argparse.Namespace, out: TextIO,
                    engines_lookup: EngineLookup = engines.get) -> tuple[str, int] | None:
    """The (engine, channel) to play: a resumed game, or a new one with every seat filled."""
    if args.resume is not None:
        try:
            snap = await service.snapshot(None, game_id=args.resume)
        except TableError as err:
            print(err.text, file=out)
            return None
        try:
            named = engines_lookup(args.engine).name if args.engine else snap.game.engine
        except KeyError as err:
            print(err.args[0], file=out)
            return None
        if named != snap.game.engine:
            print(_("Game #{game} is {engine}, not {wanted}.", game=args.resume, engine=snap.game.engine,
                    wanted=args.engine), file=out)
            return None
        language = use(snap.game.settings.get("language"))  # the game's: its posts and moves are in it
        if args.lang is not None and supported(args.lang) != language:
            print(_("Game #{game} is played in {language}.", game=args.resume, language=NAMES[language]), file=out)
        return snap.game.engine, snap.game.channel_id
    channel = -1 - secrets.randbits(48)  # negative: never a Discord channel id
    try:
        options = parse_options(args.option)
    except ValueError as err:
        print(err, file=out)
        return None
    bots = max(0, args.bots)
    users = console_users(max(1, (args.players or 2) - bots), args.names.split(","))
    reply = await service.create(args.engine, CONSOLE_GUILD, channel, users[0], seats=len(users) + bots,
                                 options=options, seed=args.seed, bots=bots, level=args.level, language=args.lang,
                                 rated=args.rated)
    if not reply.ok:
        print(reply.text, file=out)
        return None
    print(reply.text, file=out)
    for user in users[1:]:
        joined = await service.join(channel, user)
        if not joined.ok:
            print(joined.text, file=out)
            return None
    return engines_lookup(args.engine).name, channel


async def main(argv: list[str], *, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
               engines_lookup: EngineLookup = engines.get, renderer: Renderer | None = None,
               config: Config | None = None) -> int:
    args = parse_args(argv)
    use(args.lang)  # the console player reads everything in the game's language (a resumed game's: open_game)
    try:
        config = config or Config.from_env(read_env_file())
    except SettingError as err:
        print(err, file=stdout)
        return 2
    if args.players is None and args.engine and args.resume is None:
        with contextlib.suppress(KeyError):  # an unknown game: the service names the available ones
            game = engines_lookup(args.engine)
            args.players = min(game.max_seats, max(game.min_seats, args.bots + 1))
    try:
        store = await open_store(config, args.db)
    except StoreUnavailable as err:
        print(err, file=stdout)
        return 2
    try:
        service = TableService(store, engines_lookup=engines_lookup, renderer=renderer,
                               cache_size=config.state_cache_size)
        opened = await open_game(service, args, stdout, engines_lookup)
        if opened is None:
            return 2
        engine, channel = opened
        db = Path(args.db or config.database_path)
        console = Console(service, engine, channel, stdout, args.images or db.parent / "images")
        snap = await console.snapshot()
        await console.deliverer.drain()  # the opening posts and anything an earlier session left unsent
        if snap.game.status is Status.RUNNING:
            await console.run(stdin)
            snap = await console.snapshot()
        if snap.game.status is Status.RUNNING:
            where = "" if config.database_url and args.db is None else f" --db {db}"
            command = f"python -m bot console --resume {snap.game.id}{where} --lang {current()}"
            console.say(_("Game #{game} is saved. Resume it with: {command}", game=snap.game.id, command=command))
        else:  # over (perhaps long ago): the result and the moves
            await console.show(await service.status(channel))
            await console.show(await service.history(channel, per_page=10_000))
        return 0
    finally:
        await store.close()


def run(argv: list[str]) -> int:
    return asyncio.run(main(argv, renderer=installed_renderer()))
