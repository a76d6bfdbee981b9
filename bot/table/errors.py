"""Refusals: a request that cannot be done becomes a reply with a reason, never a traceback."""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Concatenate, ParamSpec, TypeVar

from bot.store import StaleVersion
from bot.table import wording
from bot.table.results import Problem, Reply

log = logging.getLogger(__name__)

P = ParamSpec("P")
S = TypeVar("S")


class TableError(Exception):
    """A refused request: ``problem`` says why for programs, the message says it for people."""

    def __init__(self, problem: Problem, text: str, game_id: int | None = None) -> None:
        super().__init__(text)
        self.problem = problem
        self.text = text
        self.game_id = game_id


def replies(method: Callable[Concatenate[S, P], Awaitable[Reply]]) -> Callable[Concatenate[S, P], Awaitable[Reply]]:
    """Turn refusals and our own failures into replies: a player never sees a traceback.  An
    unexpected failure is logged with a short reference the player can quote to the bot's admin."""

    @functools.wraps(method)
    async def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> Reply:
        try:
            return await method(self, *args, **kwargs)
        except TableError as err:
            return Reply(err.text, problem=err.problem, game_id=err.game_id)
        except StaleVersion:
            return Reply(wording.STALE, problem=Problem.STALE)
        except Exception:
            reference = secrets.token_hex(4)
            log.exception("%s failed (reference %s) for %r %r", method.__name__, reference, args, kwargs)
            return Reply(wording.internal_error(reference), problem=Problem.INTERNAL)

    return wrapper
