"""Durable storage: the rows the table service reads and writes, the ``Store`` protocol, and its
implementations: SQLite (:mod:`bot.store.sqlite`) and PostgreSQL (:mod:`bot.store.postgres`), chosen by
the settings in :func:`bot.store.opening.open_store`."""

from bot.store.opening import make_store, open_store, redact_url
from bot.store.protocol import AnnounceNew, Store
from bot.store.rows import (
    ACTIVE,
    DAY,
    HOUR,
    TAIL,
    ActionRow,
    ChannelBusy,
    Delivery,
    EngineStats,
    GameParts,
    GameRow,
    LogStats,
    NewGame,
    NewMove,
    OutboxRow,
    Outgoing,
    Pace,
    Policy,
    ProcessRow,
    SchemaTooNew,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    StoreError,
    StoreUnavailable,
    Timer,
    UserGame,
    Vacation,
    Vote,
    Waiting,
)

__all__ = [
    "ACTIVE", "DAY", "HOUR", "TAIL", "ActionRow", "AnnounceNew", "ChannelBusy", "Delivery", "EngineStats", "GameParts",
    "GameRow", "LogStats", "NewGame", "NewMove", "OutboxRow", "Outgoing", "Pace", "Policy", "ProcessRow",
    "SchemaTooNew", "SeatRow", "StaleVersion", "StateRow", "Status", "Store", "StoreError", "StoreUnavailable",
    "Timer", "UserGame", "Vacation", "Vote", "Waiting", "make_store", "open_store", "redact_url",
]
