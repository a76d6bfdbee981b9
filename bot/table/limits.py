"""Limits that keep one member from flooding a server (each a setting: see ``.env.example``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store import DAY


@dataclass(frozen=True, slots=True)
class Limits:
    #: Open lobbies (tables waiting for players) one member may have in one server.
    lobbies_per_member: int = 3
    #: Open lobbies in one channel and its threads.
    lobbies_per_channel: int = 10
    #: A player's vacation is announced in a game at most once in this many seconds, however often
    #: it is started and ended.
    vacation_notice_every: float = DAY
