"""Starting the bot: what can go wrong ends in one clear line and an exit code of its own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import discord.http
import pytest

from bot.config import Config, SettingError, read_env_file
from bot.run import NETWORK, SETTING, TOKEN, main, serve
from tests.e2e.fake import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def config(tmp_path: Path, token: str) -> Config:
    return Config(database_path=tmp_path / "bot.sqlite3", discord_token=token, database_sync_interval=0)


async def test_a_bad_token_is_said_in_one_line_with_exit_code_3(fake_discord: FakeDiscord, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    code = await serve(config(tmp_path, "not-the-token"))
    err = capsys.readouterr().err.strip()
    assert code == TOKEN and err.count("\n") == 0 and "refused the token" in err
    fake_discord.unknown.clear()


async def test_no_network_is_said_in_one_line_with_exit_code_4(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as sock:  # a port nobody listens on: like Discord being unreachable
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    code = await serve(config(tmp_path, "any.token.here"))
    err = capsys.readouterr().err.strip()
    assert code == NETWORK and err.count("\n") == 0 and err.startswith("Cannot reach Discord")


@pytest.mark.parametrize(("name", "value", "says"), [
    ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID='abc' is not a server id"),
    ("DATABASE_SYNCHRONOUS", "SOMETIMES", "one of OFF, NORMAL, FULL, EXTRA"),
    ("STATE_CACHE_SIZE", "0", "at least 1"),
    ("MAX_OPEN_TABLES_PER_MEMBER", "many", "a whole number"),
])
def test_an_unreadable_setting_is_named_in_one_line_with_exit_code_2(name: str, value: str, says: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SettingError, match=name):
        Config.from_env({name: value})
    assert main([], env={"DISCORD_TOKEN": "x", name: value}) == SETTING
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and says in err


def test_settings_come_from_dotenv_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text('# a comment\nDISCORD_TOKEN="from-file"\nexport LOG_LEVEL=debug\nDEV_GUILD_ID=42\n',
                        encoding="utf-8")
    merged = read_env_file(env_file, {"DEV_GUILD_ID": "7"})
    config = Config.from_env(merged)
    assert (config.discord_token, config.log_level, config.dev_guild_id) == ("from-file", "DEBUG", 7)


def test_python_m_bot_with_a_bad_setting_prints_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == SETTING and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
