"""The local console: a scripted hotseat game through the real service and store."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import engines
from bot import catalogs, console_words
from bot.config import Config
from bot.console import CONSOLE_GUILD, main
from bot.language import command_name
from bot.rendering import Renderer
from bot.store.sqlite import SqliteStore
from bot.table.tables import EngineLookup
from engines.i18n import LANGUAGES, speaking
from tests.bot.tinygame import lookup
from tests.sql import rows

ROOT = Path(__file__).resolve().parents[2]


async def console(script: str, *args: str, db: Path, renderer: Renderer | None = None,
                  engines_lookup: EngineLookup = lookup) -> tuple[int, str]:
    out = io.StringIO()
    code = await main([*args, "--db", str(db)], stdin=io.StringIO(script), stdout=out, engines_lookup=engines_lookup,
                      renderer=renderer, config=Config())
    return code, out.getvalue()


async def real(script: str, *args: str, db: Path) -> tuple[int, str]:
    """A console over the real games."""
    return await console(script, *args, db=db, engines_lookup=engines.get)


def answers(out: str, command: str) -> str:
    """What the console printed after the prompt line that ends in ``command``, up to the next prompt."""
    return out.split(f"> {command}\n", 1)[1].split("\n[", 1)[0]


async def test_a_scripted_game_plays_undoes_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    code, out = await console("moves\nstep\nstep\nundo\nlog\nend\nhand\nstatus\nquit\n",
                              "sprint", "--players", "3", "--seed", "11", db=db)
    assert code == 0
    assert "`end` — End turn" in out                        # moves
    assert "took back a move" in out                        # undo
    assert "1. Cy: Cy steps to 1." in out                   # log: a line per turn
    shown = out.split("> hand")[1].split("> status")[0].split("\n[sprint")[0]
    assert re.search(r"hand: \d, \d", shown) and "positions" not in shown  # readable, no JSON; only the hand
    assert "Sprint, running), turn 2" in out                # step, step (undone), end: the second turn
    assert "Resume it with: python -m bot console --resume 1" in out
    code, out = await console("status\nquit\n", "--resume", "1", db=db)
    assert code == 0 and "running), turn 2" in out and "[sprint #1 turn 2]" in out


async def test_the_prompt_names_the_seat_to_act_and_errors_are_sentences(tmp_path: Path) -> None:
    code, out = await console("fly\n9: end\nend\nstatus\n", "sprint", "--players", "2", "--seed", "3",
                              db=tmp_path / "c.sqlite3")
    assert code == 0
    prompts = [line.split(">")[0] for line in out.splitlines() if line.startswith("[sprint #1")]
    assert prompts[0].endswith("] Seat 1 (Ann) ") and prompts[-1].endswith("] Seat 2 (Bo) ")
    assert "`fly` is not a Sprint move" in out and "There is no seat 9; seats are 1 to 2." in out


async def test_a_game_runs_to_its_end(tmp_path: Path) -> None:
    script = "step\nstep\nend\n" * 10
    code, out = await console(script, "sprint", "--players", "2", "--option", "target=3",
                              db=tmp_path / "c.sqlite3")
    assert code == 0 and "Game over!" in out and "1st  " in out
    assert "Resume it with" not in out


async def test_a_console_game_is_rated_only_when_asked(tmp_path: Path) -> None:
    """Hotseat play on one keyboard: not rated unless ``--rated`` (then in the console's own pool, server 0)."""
    script = "step\nstep\nend\n" * 10
    for db, flags in ((tmp_path / "plain.sqlite3", ()), (tmp_path / "rated.sqlite3", ("--rated",))):
        code, out = await console(script, "sprint", "--players", "2", "--option", "target=3", *flags, db=db)
        assert code == 0 and "Game over!" in out
        store = SqliteStore(db)
        await store.open()
        try:
            board = await store.leaderboard(CONSOLE_GUILD, "sprint", 10)
            taken = await rows(store, "SELECT game_id, n FROM rated_games")
        finally:
            await store.close()
        if flags:
            assert sorted(r.name for r in board) == ["Ann", "Bo"] and taken == [(1, 1)] and "Ratings: " in out
        else:
            assert board == [] and taken == [(1, None)] and "was not rated" in out and "Ratings: " not in out


async def test_board_writes_the_image_when_a_renderer_is_installed(tmp_path: Path) -> None:
    class Painter:
        def render_board(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes:
            return b"\x89PNG board"

        def render_hand(self, engine: str, view: dict[str, Any], names: Sequence[str]) -> bytes:
            return b"\x89PNG hand"

    script = "board\nstep\nboard\nhand\nquit\n"
    code, out = await console(script, "sprint", db=tmp_path / "c.sqlite3", renderer=Painter())
    assert code == 0 and "positions: 0, 0" in out and ("positions: 1, 0" in out or "positions: 0, 1" in out)
    paths = {Path(line.split(": ", 1)[1]) for line in out.splitlines() if line.endswith(".png")}
    # Only `board` and `hand` write images, into the game's folder beside the database, the last replacing the first.
    assert paths == {tmp_path / "images" / "game-1" / "board.png", tmp_path / "images" / "game-1" / "hand-seat1.png"}
    assert (tmp_path / "images" / "game-1" / "board.png").read_bytes() == b"\x89PNG board"
    assert len(list((tmp_path / "images").rglob("*.png"))) == 2


async def test_unknown_games_and_missing_games_are_explained(tmp_path: Path) -> None:
    code, out = await console("", "chess", db=tmp_path / "c.sqlite3")
    assert code == 2 and "There is no game called 'chess'" in out
    code, out = await console("", "--resume", "42", db=tmp_path / "c.sqlite3")
    assert code == 2 and "There is no game #42" in out


def run_bot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_python_m_bot_without_a_token_exits_2_with_one_clear_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    for args in ((), ("run",)):
        result = subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, capture_output=True, text=True,
                                timeout=60, env={**env, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and "DISCORD_TOKEN" in result.stderr
        assert "Traceback" not in result.stderr


def test_the_console_plays_burgenland_from_a_script(tmp_path: Path) -> None:
    db = tmp_path / "b.sqlite3"
    result = run_bot("console", "burgenland", "--players", "3", "--seed", "5", "--db", str(db),
                     stdin="moves\ntake\nhand\nlog\nundo\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Game #1 of Burgenland begins!" in result.stdout and "Traceback" not in result.stdout
    assert "1. " in result.stdout.split("> log")[1]
    resumed = run_bot("console", "--resume", "1", "--db", str(db), stdin="status\nquit\n")
    assert resumed.returncode == 0 and "running), turn 1" in resumed.stdout  # a card taken: still the first turn


def test_the_console_knows_games_by_their_discord_names(tmp_path: Path) -> None:
    db = tmp_path / "n.sqlite3"
    for name, title in (("burgundy", "The Castles of Burgundy"), ("buerger", "Bürger, Baumeister & Co.")):
        result = run_bot("console", name, "--players", "2", "--seed", "3", "--db", str(db), stdin="status\nquit\n")
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"of {title}" in result.stdout and "Traceback" not in result.stdout
    resumed = run_bot("console", "burgundy", "--resume", "1", "--db", str(db), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stdout


async def test_names_and_a_finished_game_resumed_shows_its_result_and_moves(tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    script = "step\nstep\nend\n" * 10
    code, out = await console(script, "sprint", "--players", "2", "--option", "target=3", "--names", "Zoë,Ünal",
                              db=db)
    assert code == 0 and "Game over!" in out and "Seat 1 (" in out and "Zoë" in out and "Ünal" in out
    code, out = await console("", "--resume", "1", db=db)
    assert code == 0 and "finished" in out and "1st  " in out and "— 3 points" in out  # the result, labelled
    assert "the moves, page 1/1" in out and "1. " in out and "moved." not in out  # and the log
    assert "in this channel" not in out


async def test_you_play_against_computers(tmp_path: Path) -> None:
    """``--bots 2``: the prompt only ever names you; the computers' moves are printed as they come."""
    script = "".join("roll\n" for _ in range(3)) + "status\nquit\n"
    out = io.StringIO()
    code = await main(["burgen-land", "--bots", "1", "--level", "easy", "--names", "Ann", "--seed", "5",
                       "--db", str(tmp_path / "c.sqlite3")], stdin=io.StringIO(script), stdout=out, config=Config())
    text = out.getvalue()
    assert code == 0
    assert "Game #1 is open, with Bot 1 (easy) seated." in text
    prompts = [line.split(">")[0] for line in text.splitlines() if line.startswith("[burgen-land #1")]
    assert prompts and all(p.endswith("] Seat 1 (Ann) ") or p.endswith("] Seat 2 (Ann) ") for p in prompts)
    assert "Bot 1 (easy) rolls" in text  # the computer played its turns between the prompts
    # Before each of its turns the console says it thinks (a hard one takes seconds), as the thread shows it typing.
    assert "Bot 1 (easy) is thinking…" in text
    assert text.index("Bot 1 (easy) is thinking…") < text.index("Bot 1 (easy) rolls")


async def test_board_also_writes_the_phone_close_up(tmp_path: Path) -> None:
    """What a turn's post shows first on a phone, from the console too: `board` writes close-up.png beside
    board.png (the real renderer, a real game)."""
    from bot.rendering import installed_renderer

    out = io.StringIO()
    code = await main(["burgenland", "--players", "2", "--db", str(tmp_path / "c.sqlite3")],
                      stdin=io.StringIO("board\nquit\n"), stdout=out, engines_lookup=engines.get,
                      renderer=installed_renderer(), config=Config())
    folder = tmp_path / "images" / "game-1"
    assert code == 0 and "Close-up image:" in out.getvalue()
    assert (folder / "close-up.png").read_bytes().startswith(b"\x89PNG")
    assert (folder / "close-up.png").read_bytes() != (folder / "board.png").read_bytes()


# ---------------------------------------------------------------------- words (#27)


async def test_hilfe_and_ajuda_answer_as_help_and_english_always_reads(tmp_path: Path) -> None:
    code, out = await console("hilfe\nregeln\nhelp\nquit\n", "sprint", "--lang", "de", db=tmp_path / "de.sqlite3")
    assert code == 0 and "kein Zug" not in out and "no Sprint move" not in out
    assert "Regel" in answers(out, "regeln")  # (Sprint has no rules summary: it says so)
    assert answers(out, "hilfe").startswith("Befehle der Konsole:") and "\n  züge " in answers(out, "hilfe")
    assert answers(out, "help").startswith("Befehle der Konsole:")  # English always reads
    code, out = await console("ajuda\njogadas\nverlassen\nsair\nstatus\n", "sprint", "--lang", "pt_BR",
                              db=tmp_path / "pt.sqlite3")
    assert code == 0 and answers(out, "ajuda").startswith("Comandos do console:")
    assert "`end`" in answers(out, "jogadas")  # the legal moves
    assert "> sair" in out and "> status" not in out  # `sair` leaves; German `verlassen` does not, in Portuguese
    assert "Resume it with" not in out and "Para retomar:" in out


def test_a_command_discord_has_too_is_one_word_in_the_catalog() -> None:
    """`hilfe`, `spielplan`, `verlauf` …: the console's word is the Discord command's name, one catalog entry (not a
    "console command" copy that could drift from it); German `undo` keeps a word of its own (`zurücknehmen`)."""
    for language in LANGUAGES:
        with speaking(language):
            assert all(console_words.local(c) == command_name(c) for c in console_words.DISCORD)
    with speaking("de"):
        assert console_words.local("help") == "hilfe" and console_words.local("undo") == "zurücknehmen"
    with next(d for d in catalogs.DOMAINS if d.name == "bot").po("de").open("rb") as f:
        doubled = [m.id for m in read_po(f) if m.context == "console command" and m.id in console_words.DISCORD]
    assert doubled == []


async def test_typos_of_commands_are_answered_as_commands_not_as_moves(tmp_path: Path) -> None:
    code, out = await console("baord\nmvoes\nstauts\nqiut\nstatus\nquit\n", "sprint", db=tmp_path / "c.sqlite3")
    assert code == 0 and "not a Sprint move" not in out
    assert answers(out, "baord").startswith("game #1 (Sprint, running)") and "positions: 0, 0" in out
    assert "`end` — End turn" in answers(out, "mvoes")
    assert "← to act" in answers(out, "stauts")
    # A near miss of a command that ends the session or changes the game is only suggested.
    assert answers(out, "qiut") == "`qiut` is not a move. Did you mean `quit`?" and "> status" in out


async def test_a_command_word_never_hides_a_legal_move(tmp_path: Path) -> None:
    """Burgen Land reads `undo` (and `desfazer` in Portuguese) as stepping back from placing a card: while that
    is a legal move, the word plays it; when it is not, the word is the console's undo."""
    script = "roll\nroll\ntake little-tower\n{undo}\nmoves\n{undo}\nquit\n"
    for language, undo in (("en", "undo"), ("pt_BR", "desfazer")):
        code, out = await real(script.format(undo=undo), "burgen-land", "--seed", "3", "--lang", language,
                               db=tmp_path / f"{language}.sqlite3")
        assert code == 0, out
        first, second = out.split(f"> {undo}\n")[1:3]
        assert "`take little-tower`" in answers(out, "moves")   # the first `undo` cancelled the placing
        assert "Ann" in second.splitlines()[0] and "Ann" not in first.splitlines()[0]  # the second took a move back
    # German's word for the console's undo is not a move word of any game (`zurück` cancels in several).
    code, out = await real("roll\nroll\ntake little-tower\nzurücknehmen\nquit\n", "burgen-land", "--seed", "3",
                           "--lang", "de", db=tmp_path / "de.sqlite3")
    assert "Ann hat einen Zug zurückgenommen" in answers(out, "zurücknehmen")


async def test_board_and_hand_are_readable_text_with_seats_from_1(tmp_path: Path) -> None:
    """The views as a person reads them: no "id …; token none" records, no empty fields, seats counted from 1."""
    code, out = await real("board\nhand\nquit\n", "buerger", "--players", "2", "--seed", "3",
                           db=tmp_path / "b.sqlite3")
    assert code == 0
    board, hand = answers(out, "board"), answers(out, "hand")
    assert "  to act: 1" in board.splitlines() and "  first player: 1" in board.splitlines()
    assert "- seat 1; score 0" in board and "- seat 2; score 0" in board and "seat 0" not in board
    assert "- red-S: colour red; size S" in board  # a district led by its name
    for noise in ("id ", "token none", "none;", "crane none", "letter", "last turn", "winners", "over: no"):
        assert noise not in board, noise
    assert "  game:" not in board  # the heading names the game
    assert hand.startswith("Your view of game #1 (seat 1).") and "seat:" not in hand
    assert re.search(r"- [RYGBP][HVP]\d: colour \w+; type \w+; value \d", hand)
    code, out = await real("hand 2\nquit\n", "castles", "--players", "2", "--seed", "3", db=tmp_path / "c.sqlite3")
    assert "Your view of game #1 (seat 2)." in out and "placeable:" in out


#: Words of the views' own (English) that a German or Portuguese `board` or `hand` must not show: field names and
#: values that are words (none of them written alike in German or Portuguese).
ENGLISH_VIEW_WORDS = ("players", "to act", "turn number", "players info", "storage", "silver", "workers", "depots",
                      "estate", "dice", "placeable", "decision", "levels", "building", "knowledge",
                      "castle", "mine", "ship", "black", "bank", "church", "warehouse", "large", "small", "action",
                      "take", "districts", "colour", "size", "spaces", "bonus", "token", "type", "value", "project",
                      "offer", "price", "mayor", "hand", "options", "district", "points", "red", "yellow", "green",
                      "blue", "purple", "house", "villa", "park", "coin", "plain", "crown", "supply", "wall",
                      "little-tower", "great-tower", "phase", "roll", "choices", "castles")


def english_words(text: str) -> list[str]:
    return [word for word in ENGLISH_VIEW_WORDS if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


async def test_board_and_hand_read_in_the_games_language(tmp_path: Path) -> None:
    """A German or Portuguese game's `board` and `hand` name the views' fields and words in its language (#27): The
    Castles of Burgundy in the original edition's words (Lager, Silberlinge, Bergwerk), the tiles as a player of that
    language types them (`2 Schweine`, `Wissen 22`); English stays as the views have it."""
    script = "die 1 take\nhand\nbank 1\nboard\nquit\n"
    outs = {}
    for language in ("en", "de", "pt_BR"):
        code, out = await real(script, "castles", "--players", "2", "--seed", "3", "--lang", language,
                               db=tmp_path / f"c-{language}.sqlite3")
        assert code == 0, out
        outs[language] = answers(out, "hand") + answers(out, "board")
    english, german, portuguese = outs["en"], outs["de"], outs["pt_BR"]
    for line in ("    levels: action, take", "    2: k22, castle", "    3: boarding, pig2", "        storage: bank"):
        assert line in english.splitlines(), line
    assert "silver 1; workers 1; vp 0" in english and "    black: church, cityhall, cow4, k25" in english
    for line in ("  Entscheidung:", "    offene Entscheidungen: Aktion, nehmen", "    2: Wissen 22, Burg",
                 "    3: Pension, 2 Schweine", "        Lager: Bank", "    5: Bergwerk, Wissen",
                 "    schwarz: Kirche, Rathaus, 4 Kühe, Wissen 25"):
        assert line in german.splitlines(), line
    assert "Silberlinge 1; Arbeiter 1; SP 0" in german and "  Spielerzahl: 2" in german
    for line in ("  decisão:", "    decisões abertas: ação, pegar", "    2: conhecimento 22, castelo",
                 "    3: pensão, 2 porcos", "        reserva: banco", "    5: mina, conhecimento"):
        assert line in portuguese.splitlines(), line
    assert "pratas 1; trabalhadores 1; PV 0" in portuguese
    assert english_words(german) == [] and english_words(portuguese) == []


async def test_buerger_and_burgen_land_boards_read_in_the_games_language(tmp_path: Path) -> None:
    """Districts as their language types them (`rot-M`, `vermelho-M`), colours, kinds and fields in its words; a
    move's key stays the key a player types (`roll`), codes stay codes (`RH2`)."""
    _code, de = await real("board\nhand\nquit\n", "buerger", "--players", "2", "--seed", "3", "--lang", "de",
                           db=tmp_path / "b-de.sqlite3")
    board, hand = answers(de, "board"), answers(de, "hand")
    assert "    - rot-S: Farbe rot; Größe S" in board.splitlines()
    assert "Plättchen (RH2: Farbe rot, Art Haus, Wert 2)" in board
    assert "  Auslage:" in board and "  Startspieler: 1" in board and "Bonus Münze" in board
    assert "Möglichkeiten: (Viertel gelb-L, Bonus +2, Punkte 6)" in hand and "  Handbonus: Punkte 5, Farbe gelb" in hand
    assert english_words(board + hand) == []
    _code, pt = await real("board\nhand\nquit\n", "buerger", "--players", "2", "--seed", "3", "--lang", "pt_BR",
                           db=tmp_path / "b-pt.sqlite3")
    board, hand = answers(pt, "board"), answers(pt, "hand")
    assert "    - vermelho-S: cor vermelho; tamanho S" in board.splitlines() and "tipo mansão" in board
    assert "opções: (bairro amarelo-L, bônus +2, pontos 6)" in hand
    assert english_words(board + hand) == []
    for language, crown, choice in (("de", "    Name: Roter großer Turm", "    - roll: Würfle mit deinem Würfel"),
                                    ("pt_BR", "    nome: torre grande vermelha", "    - roll: Rolar seu dado")):
        _code, out = await real("board\nquit\n", "burgen-land", "--seed", "3", "--lang", language,
                                db=tmp_path / f"l-{language}.sqlite3")
        board = answers(out, "board")
        assert crown in board.splitlines() and choice in board.splitlines()
        assert english_words(board.replace(choice, "")) == []


async def test_taking_back_a_move_that_said_nothing_reads_naturally(tmp_path: Path) -> None:
    """A half-made turn's step is announced to nobody: taking it back says so plainly, not "took back a move (a
    move)", in every language (#27)."""
    for language, said in (("en", "Ann took back a move.\n"), ("de", "Ann hat einen Zug zurückgenommen.\n"),
                           ("pt_BR", "Ann desfez uma jogada.\n")):
        code, out = await real("place YH2\nundo\nquit\n", "buerger", "--players", "2", "--seed", "3",
                               "--lang", language, db=tmp_path / f"u-{language}.sqlite3")
        assert code == 0 and answers(out, "undo").startswith(said), out
        assert "(a move)" not in out and "(einen Zug)" not in out and "(uma jogada)" not in out


async def test_a_resumed_game_keeps_its_language_and_says_how_to_resume_it(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite3"
    code, out = await console("quit\n", "sprint", "--lang", "de", db=db)
    assert f"python -m bot console --resume 1 --db {db} --lang de" in out
    code, out = await console("status\nmoves\nhilfe\nquit\n", "--resume", "1", db=db)
    assert code == 0 and re.search(r"\[sprint #1 Zug 1\] Platz 1 \(\w+\) > status", out)  # German, no --lang
    assert answers(out, "hilfe").startswith("Befehle der Konsole:")
    assert f"--resume 1 --db {db} --lang de" in out
    code, out = await console("quit\n", "--resume", "1", "--lang", "pt_BR", db=db)
    assert "Partie #1 wird auf Deutsch gespielt." in out and "Weiter geht es mit" in out


async def test_no_refusal_mixes_two_languages(tmp_path: Path) -> None:
    _code, out = await real("blah\nquit\n", "burgen-land", "--seed", "3", "--lang", "de", db=tmp_path / "d.sqlite3")
    refusal = answers(out, "blah")
    assert "(`hilfe` zeigt, wie man Züge schreibt.)" in refusal and "`help`" not in refusal
    _code, out = await real("blah\nquit\n", "burgenland", "--seed", "3", "--lang", "pt_BR", db=tmp_path / "p.sqlite3")
    assert "(`ajuda` mostra como escrever jogadas.)" in answers(out, "blah")
