"""Bot processes of their own (:mod:`tests.e2e.bot_process`) for the tests: start one, wait until it is
ready, for it to die or to exit, stop it."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from tests.e2e.fake import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m tests.e2e.bot_process`` on ``database`` (a SQLite file or a PostgreSQL URL), armed to die at
    ``kill``; ``env`` adds settings (``SHARD_COUNT``, ``SHARD_IDS``, ``BOT_MARK`` …); ``main``: the bot's own
    entry point instead (``python -m bot``, its settings all from ``env``)."""

    def __init__(self, fake: FakeDiscord, database: Path | str, kill: tuple[str, int] | None = None, *,
                 env: dict[str, str] | None = None, main: bool = False) -> None:
        if main:
            args = [sys.executable, "-m", "tests.e2e.bot_process", "--main", fake.base_url, fake.gateway_url]
        else:
            args = [sys.executable, "-m", "tests.e2e.bot_process", fake.base_url, fake.gateway_url, fake.token,
                    str(database), *([kill[0], str(kill[1])] if kill is not None else [])]
        settings = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DATABASE_", "BOT_MARK"))}
        # A session of its own: killing it kills its worker processes too (the bot's drawing and thinking pools),
        # which would otherwise live on, holding its output open.
        self.process = subprocess.Popen(args, cwd=ROOT, env={**settings, "PYTHONPATH": str(ROOT), **(env or {})},
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        start_new_session=True)
        self.guard = threading.Timer(120, self._kill_all)  # a hung bot fails the test instead of hanging it
        self.guard.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    async def ready(self, fake: FakeDiscord) -> None:
        """Until it printed READY (``tests.e2e.bot_process`` does once it is connected and caught up)."""
        assert self.process.stdout is not None
        line = await fake.wait_in_thread(self.process.stdout.readline, timeout=60)
        assert line.strip() == "READY", self.failure()

    async def connected(self, fake: FakeDiscord, shard: list[int]) -> None:
        """Until the gateway has a connection of ``shard`` ([id, count]) — the bot's own entry point prints nothing."""
        def up() -> bool:
            assert self.process.poll() is None, self.failure()
            return any(s.shard == shard for s in fake.gateway.live)
        await fake.wait_until(up, 60, f"shard {shard} to connect")

    async def died(self, fake: FakeDiscord) -> None:
        code = await fake.wait_in_thread(self.process.wait, timeout=60)
        self.guard.cancel()
        assert code == -signal.SIGKILL, self.failure()

    async def exited(self, fake: FakeDiscord, timeout: float = 60) -> tuple[int, str]:
        """Its exit code and what it wrote on stderr, once it has exited by itself."""
        try:
            _, err = await fake.wait_in_thread(self.process.communicate, timeout=timeout)
        except TimeoutError:
            self._kill_all()  # (which also ends the thread still waiting on it)
            raise AssertionError(f"the bot process was still running after {timeout} s") from None
        finally:
            self.guard.cancel()
        return self.process.returncode, err

    async def stop(self, fake: FakeDiscord) -> None:
        """SIGTERM, as ``docker stop`` sends: it must exit cleanly."""
        self.process.terminate()
        code, err = await self.exited(fake, timeout=30)
        assert code == 0, f"the bot process did not stop cleanly ({code}):\n{err[-3000:]}"

    def kill(self) -> None:
        self._kill_all()
        self.process.wait()
        self.guard.cancel()

    def _kill_all(self) -> None:
        """SIGKILL the process and every process it started."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def failure(self) -> str:
        self._kill_all()
        _, err = self.process.communicate(timeout=10)
        return f"the bot process failed:\n{err[-3000:]}"
