"""A throwaway PostgreSQL server for the tests, started from the machine's PostgreSQL binaries.

``initdb`` into a temporary directory, ``pg_ctl start`` listening on a Unix socket in that directory
only (no TCP port, so test runs never collide), fsync off.  The binaries refuse to run as root: as root
they run as the ``postgres`` user (``runuser``), which owns the directory.  A migrated template database
is made once; each test gets ``CREATE DATABASE t_N TEMPLATE tmpl`` (a file copy: milliseconds).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Coroutine, Mapping
from pathlib import Path
from typing import Any, NoReturn

import asyncpg
import pytest

TEMPLATE = "tmpl"
MISSING = ("PostgreSQL is not installed (apt-get install postgresql): "
           "the PostgreSQL store tests were skipped")


class Unavailable(Exception):
    """No PostgreSQL server can be started here; the message says why (the tests skip with it, except in CI)."""


def in_ci(env: Mapping[str, str] | None = None) -> bool:
    """Whether the tests run in CI (``CI`` set to anything but empty, ``0``, ``false`` or ``no``, as CI
    services and ``.ci/run`` set it)."""
    value = (os.environ if env is None else env).get("CI", "").strip().lower()
    return value not in ("", "0", "false", "no")


def without_server(why: Unavailable, env: Mapping[str, str] | None = None) -> NoReturn:
    """Skip the PostgreSQL tests, saying why — but fail them in CI: a CI machine that cannot start PostgreSQL
    would otherwise pass with half the store tests unseen."""
    if in_ci(env):
        pytest.fail(f"{why} — and CI is set: the PostgreSQL tests must run here (install the postgresql "
                    "package, or unset CI to skip them on this machine)", pytrace=False)
    pytest.skip(str(why))


def find_bindir() -> Path | None:
    """The directory with ``initdb`` and ``pg_ctl``: on PATH, or the newest ``/usr/lib/postgresql/*/bin``."""
    on_path = shutil.which("initdb"), shutil.which("pg_ctl")
    if all(on_path):
        return Path(os.path.realpath(on_path[0] or "")).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [
        int(part) if part.isdigit() else 0 for part in Path(p).parent.name.split(".")])
    for candidate in reversed(candidates):
        if (Path(candidate) / "initdb").is_file() and (Path(candidate) / "pg_ctl").is_file():
            return Path(candidate)
    return None


def run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to the end on a loop of its own (in a thread: safe while another loop runs)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class PgServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="bot-tests-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root
        self._as_postgres: list[str] = []
        self._counter = itertools.count(1)
        self._strategy = ""
        self.started = False

    def _run(self, *args: str) -> None:
        command = [*self._as_postgres, str(self.bindir / args[0]), *args[1:]]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            if shutil.which("runuser") is None:
                raise Unavailable("the tests run as root and runuser is missing: cannot start PostgreSQL")
            try:
                shutil.chown(self.root, "postgres", "postgres")
            except (LookupError, OSError) as err:
                raise Unavailable(f"the tests run as root and there is no postgres user to run PostgreSQL as ({err})"
                                  ) from None
            self._as_postgres = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync",
                  "-E", "UTF8", "--locale=C")
        options = f"-c listen_addresses='' -k {self.socket_dir} -c fsync=off -c synchronous_commit=off " \
                  "-c full_page_writes=off -c max_connections=200"
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.root / "log"),
                  "-o", options)
        self.started = True
        run_async(self._make_template())

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    async def _admin(self) -> asyncpg.Connection:
        return await asyncpg.connect(self.url("postgres"))

    async def _make_template(self) -> None:
        from bot.store.postgres import PostgresStore

        conn = await self._admin()
        try:
            await conn.execute(f"CREATE DATABASE {TEMPLATE}")
            if int(await conn.fetchval("SHOW server_version_num")) >= 150000:
                self._strategy = " STRATEGY FILE_COPY"  # copies the files: faster than WAL_LOG for small ones
        finally:
            await conn.close()
        store = PostgresStore(self.url(TEMPLATE), min_size=1, max_size=1)
        await store.open()  # migrated once; every test's database is a copy
        await store.close()

    async def create_database(self, *, empty: bool = False) -> str:
        """A fresh, migrated database (``empty``: one with no tables, for what must migrate it itself); its URL."""
        name = f"t_{os.getpid()}_{next(self._counter)}"
        template = "" if empty else f" TEMPLATE {TEMPLATE}{self._strategy}"
        conn = await self._admin()
        try:
            await conn.execute(f"CREATE DATABASE {name}{template}")
        finally:
            await conn.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        name = url.split("@/", 1)[1].split("?", 1)[0]
        conn = await self._admin()
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await conn.close()


def start_server() -> PgServer:
    """A started server, or Unavailable (with why) when there are no binaries or no way to run them."""
    bindir = find_bindir()
    if bindir is None:
        raise Unavailable(MISSING)
    server = PgServer(bindir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    return server
