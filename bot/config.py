"""Configuration from the environment (and ``.env``, read with python-dotenv): one place, read once at start.

A setting that cannot be read raises :class:`SettingError`, whose message names the setting, what it
was and what it should be — ``python -m bot`` prints it as one line and exits with code 2.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.store import HOUR, redact_url
from bot.table.limits import Limits

DEFAULT_DATABASE_PATH = "./data/bot.sqlite3"
SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
T = TypeVar("T")
N = TypeVar("N", int, float)


class SettingError(ValueError):
    """A setting in the environment or ``.env`` has a value the bot cannot use."""


@dataclass(frozen=True, slots=True)
class Config:
    #: A PostgreSQL database (``postgresql://user:password@host:port/dbname``) to store games in instead
    #: of the SQLite file; "" (unset) for SQLite.  Several bot processes may share one.
    database_url: str = ""
    #: The SQLite file; its directory is created when the store opens.
    database_path: Path = Path(DEFAULT_DATABASE_PATH)
    #: SQLite's ``synchronous`` in WAL mode.  NORMAL: a bot crash loses nothing; the WAL is fsynced
    #: every ``database_sync_interval`` seconds, so a power loss may cost the moves of about that
    #: long (never a half-move or a corrupt file).  FULL fsyncs every commit: a power loss costs no
    #: acknowledged move, at one fsync per move.
    database_synchronous: str = "NORMAL"
    database_sync_interval: float = 1.0
    #: Game states kept in memory (LRU); the rest are read from the store's state cache on demand.
    state_cache_size: int = 512
    #: The bot's token from Discord's developer portal (Bot → Reset Token).
    discord_token: str = ""
    #: Sync slash commands to this one server at start (instant); otherwise globally (up to an hour).
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: Open tables one member may have in a server, and a channel (with its threads) may hold.
    max_open_tables_per_member: int = 3
    max_open_tables_per_channel: int = 10
    #: A player's vacation is announced in each of their games at most once in this many hours.
    vacation_notice_hours: float = 24.0
    #: Worker processes the computer players think in (None: the cores less one, at least one).
    ai_workers: int | None = None
    #: Worker processes the board images are drawn in (None: one per core).
    render_workers: int | None = None
    #: Gateway shards in all (None: as Discord recommends) and those this process runs (None: all).
    shard_count: int | None = None
    shard_ids: list[int] | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        env = os.environ if env is None else env

        def get(name: str, read: Callable[[str], T], default: T, expected: str) -> T:
            raw = (env.get(name) or "").strip()
            if not raw:
                return default
            try:
                return read(raw)
            except (ValueError, TypeError):
                raise SettingError(f"{name}={raw!r} is not {expected}.") from None

        return cls(
            database_url=_database_url((env.get("DATABASE_URL") or "").strip()),
            database_path=Path(env.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            database_synchronous=get("DATABASE_SYNCHRONOUS", _one_of(SYNCHRONOUS), "NORMAL",
                                     "one of " + ", ".join(SYNCHRONOUS)),
            database_sync_interval=get("DATABASE_SYNC_INTERVAL", _at_least(float, 0), 1.0,
                                       "a number of seconds (0 or more)"),
            state_cache_size=get("STATE_CACHE_SIZE", _at_least(int, 1), 512, "a whole number of at least 1"),
            discord_token=(env.get("DISCORD_TOKEN") or "").strip(),
            dev_guild_id=get("DEV_GUILD_ID", _snowflake, None, "a server id (the digits Discord shows with "
                                                                "Developer Mode: right-click the server → Copy ID)"),
            log_level=get("LOG_LEVEL", _one_of(LOG_LEVELS), "INFO", "one of " + ", ".join(LOG_LEVELS)),
            max_open_tables_per_member=get("MAX_OPEN_TABLES_PER_MEMBER", _at_least(int, 1), 3,
                                           "a whole number of at least 1"),
            max_open_tables_per_channel=get("MAX_OPEN_TABLES_PER_CHANNEL", _at_least(int, 1), 10,
                                            "a whole number of at least 1"),
            vacation_notice_hours=get("VACATION_NOTICE_HOURS", _at_least(float, 0), 24.0,
                                      "a number of hours (0 or more)"),
            ai_workers=get("AI_WORKERS", _at_least(int, 1), None, "a whole number of at least 1"),
            render_workers=get("RENDER_WORKERS", _at_least(int, 1), None, "a whole number of at least 1"),
            **_shards(get("SHARD_COUNT", _at_least(int, 1), None, "a whole number of at least 1"),
                      get("SHARD_IDS", _id_list, None, "shard numbers separated by commas, e.g. 0,1")),
        )

    @property
    def limits(self) -> Limits:
        return Limits(self.max_open_tables_per_member, self.max_open_tables_per_channel,
                      self.vacation_notice_hours * HOUR)


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def read(raw: str) -> str:
        if raw.upper() not in choices:
            raise ValueError(raw)
        return raw.upper()
    return read


def _at_least(kind: Callable[[str], N], low: float) -> Callable[[str], N]:
    def read(raw: str) -> N:
        value = kind(raw)
        if not value >= low:
            raise ValueError(raw)
        return value
    return read


def _id_list(raw: str) -> list[int]:
    ids = [int(part) for part in raw.replace(" ", "").split(",") if part]
    if not ids or any(i < 0 for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(raw)
    return ids


def _shards(count: int | None, ids: list[int] | None) -> dict[str, Any]:
    """SHARD_IDS needs SHARD_COUNT (which shards of how many), and each id must be below it."""
    if ids is not None and count is None:
        raise SettingError("SHARD_IDS needs SHARD_COUNT: set how many shards there are in all.")
    if ids is not None and count is not None and max(ids) >= count:
        raise SettingError(f"SHARD_IDS={','.join(map(str, ids))}: shard numbers go from 0 to {count - 1} "
                           f"with SHARD_COUNT={count}.")
    return {"shard_count": count, "shard_ids": ids}


def _database_url(raw: str) -> str:
    """A PostgreSQL URL, or "" for none; refused in a message that does not show its password."""
    if not raw:
        return ""
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
        if parts.scheme not in ("postgresql", "postgres") or " " in raw or not (
                parts.netloc or parts.query or parts.path.strip("/")):
            raise ValueError(raw)
    except ValueError:
        raise SettingError(f"DATABASE_URL={redact_url(raw)!r} is not a PostgreSQL URL: postgresql://user:password@"
                           "host:port/dbname (or unset it to store games in the SQLite file at DATABASE_PATH)."
                           ) from None
    return raw


def _snowflake(raw: str) -> int:
    if not raw.isdecimal() or not 0 < int(raw) < 2**63:
        raise ValueError(raw)
    return int(raw)


def read_env_file(path: str | Path = ".env", env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment with the settings of ``path`` added (the real environment wins)."""
    merged = {k: v for k, v in dotenv_values(path).items() if v is not None} if Path(path).is_file() else {}
    merged.update(os.environ if env is None else env)
    return merged
