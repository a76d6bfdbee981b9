"""Configuration from the environment: one place, read once at start."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        env = os.environ if env is None else env
        return cls(
            database_path=Path(env.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
            database_synchronous=(env.get("DATABASE_SYNCHRONOUS") or "NORMAL").upper(),
            database_sync_interval=float(env.get("DATABASE_SYNC_INTERVAL") or 1.0),
            state_cache_size=int(env.get("STATE_CACHE_SIZE") or 512),
        )
