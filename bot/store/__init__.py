"""Durable storage: the rows the table service reads and writes, the ``Store`` protocol, and its
SQLite implementation (:mod:`bot.store.sqlite`)."""

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
    SchemaTooNew,
    SeatRow,
    StaleVersion,
    StateRow,
    Status,
    StoreError,
    Timer,
    UserGame,
    Vacation,
    Vote,
    Waiting,
)

__all__ = [
    "ACTIVE", "DAY", "HOUR", "TAIL", "ActionRow", "AnnounceNew", "ChannelBusy", "Delivery", "EngineStats", "GameParts",
    "GameRow", "LogStats", "NewGame", "NewMove", "OutboxRow", "Outgoing", "Pace", "Policy", "SchemaTooNew",
    "SeatRow", "StaleVersion", "StateRow", "Status", "Store", "StoreError", "Timer", "UserGame", "Vacation", "Vote",
    "Waiting",
]
