"""Choosing the store from the settings: PostgreSQL when ``DATABASE_URL`` is set, else the SQLite file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlsplit, urlunsplit

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


#: Query parameters that carry a password (libpq's and asyncpg's names).
SECRET_PARAMETERS = frozenset({"password", "sslpassword"})


def redact_url(url: str) -> str:
    """``url`` with every password in it — the user's (``user:pw@``) and a ``?password=`` parameter —
    replaced by ``***``, fit to print; a URL too broken to parse (an unclosed ``[``) is masked the same way
    by its text rather than raising."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return _masked(url)
    netloc = parts.netloc
    if password is not None:
        netloc = f"{parts.username or ''}:***@{netloc.rsplit('@', 1)[1]}"
    query = "&".join(_redacted_parameter(pair) for pair in parts.query.split("&")) if parts.query else ""
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def url_secrets(url: str) -> list[str]:
    """The passwords ``url`` holds (as written and decoded), for hiding them in texts that quote it."""
    found = re.findall(r"://[^/@:]*:([^@/]*)@", url)
    found += [value for key, value in re.findall(r"(?i)[?&]([a-z_]+)=([^&#]*)", url)
              if key.lower() in SECRET_PARAMETERS]
    return [secret for value in found if value for secret in {value, unquote(value)}]


def _redacted_parameter(pair: str) -> str:
    key, sep, value = pair.partition("=")
    return f"{key}=***" if sep and key.lower() in SECRET_PARAMETERS and value else pair


def _masked(text: str) -> str:
    for secret in sorted(url_secrets(text), key=len, reverse=True):
        text = text.replace(secret, "***")
    return text
