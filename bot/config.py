"""Configuration from the environment: one place, read once at start."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.store import HOUR
from bot.table.limits import Limits

DEFAULT_DATABASE_PATH = "./data/bot.sqlite3"


@dataclass(frozen=True, slots=True)
class Config:
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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        env = os.environ if env is None else env
        return cls(
            database_path=Path(env.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            database_synchronous=(env.get("DATABASE_SYNCHRONOUS") or "NORMAL").upper(),
            database_sync_interval=float(env.get("DATABASE_SYNC_INTERVAL") or 1.0),
            state_cache_size=int(env.get("STATE_CACHE_SIZE") or 512),
            discord_token=(env.get("DISCORD_TOKEN") or "").strip(),
            dev_guild_id=int(env["DEV_GUILD_ID"]) if (env.get("DEV_GUILD_ID") or "").strip() else None,
            log_level=(env.get("LOG_LEVEL") or "INFO").upper(),
            max_open_tables_per_member=int(env.get("MAX_OPEN_TABLES_PER_MEMBER") or 3),
            max_open_tables_per_channel=int(env.get("MAX_OPEN_TABLES_PER_CHANNEL") or 10),
            vacation_notice_hours=float(env.get("VACATION_NOTICE_HOURS") or 24.0),
        )

    @property
    def limits(self) -> Limits:
        return Limits(self.max_open_tables_per_member, self.max_open_tables_per_channel,
                      self.vacation_notice_hours * HOUR)


def read_env_file(path: str | Path = ".env", env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment with ``KEY=VALUE`` lines of ``path`` added (the real environment wins).

    Blank lines and ``#`` comments are skipped; values may be quoted."""
    merged = dict(os.environ if env is None else env)
    file = Path(path)
    if not file.is_file():
        return merged
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip().removeprefix("export ").strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        merged.setdefault(key, value)
    return merged
