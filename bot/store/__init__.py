"""Durable storage: the rows the table service reads and writes (:mod:`bot.store.rows`), the ``Store``
(:mod:`bot.store.protocol`) and its backends: SQLite (:mod:`bot.store.sqlite`) and PostgreSQL
(:mod:`bot.store.postgres`), chosen by the settings in :func:`bot.store.opening.open_store`."""

from bot.store import rows
from bot.store.opening import make_store, open_store, redact_url
from bot.store.protocol import Store
from bot.store.rows import *  # noqa: F403  (its __all__: the rows, their enums and the store's errors)

__all__ = ["Store", "make_store", "open_store", "redact_url"]
__all__ += rows.__all__
