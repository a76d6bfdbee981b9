"""Choosing the store from the settings: PostgreSQL when ``DATABASE_URL`` is set, else the SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

from bot.store.protocol import Store
from bot.store.rows import StoreUnavailable


class Config(Protocol):
    """The settings a store is chosen by (:class:`bot.config.Config` has them; the store does not import
    the settings module, which imports the store)."""

    @property
    def database_url(self) -> str: ...
    @property
    def database_path(self) -> Path: ...
    @property
    def database_synchronous(self) -> str: ...
    @property
    def database_sync_interval(self) -> float: ...


def make_store(config: Config, sqlite_path: Path | None = None) -> Store:
    """The store the settings name (not yet open); ``sqlite_path`` forces SQLite at that file."""
    if config.database_url and sqlite_path is None:
        from bot.store.postgres import PostgresStore

        return PostgresStore(config.database_url)
    from bot.store.sqlite import SqliteStore

    return SqliteStore(sqlite_path or config.database_path, config.database_synchronous,
                       config.database_sync_interval)


async def open_store(config: Config, sqlite_path: Path | None = None) -> Store:
    """The store the settings name, open (migrated).  A PostgreSQL database that cannot be reached or
    refuses the login raises :class:`StoreUnavailable`, whose message is one line for the operator."""
    store = make_store(config, sqlite_path)
    if not config.database_url or sqlite_path is not None:
        await store.open()
        return store
    import asyncpg

    try:
        await store.open()
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        why = " ".join(str(err).split()) or type(err).__name__
        raise StoreUnavailable(f"Cannot open the PostgreSQL database at DATABASE_URL={redact_url(config.database_url)} "
                               f"({why[:200]}): check the URL, that the server runs and that the user may log in."
                               ) from None
    return store


def redact_url(url: str) -> str:
    """``url`` with its password (if any) replaced by ``***``, fit to print."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
