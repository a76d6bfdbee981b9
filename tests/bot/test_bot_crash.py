"""No acknowledged move is lost: a bot process is killed with SIGKILL while moves stream in."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.bot.tinygame import ENGINE, lookup

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 6


def run_and_kill(db_path: Path, seed: int, after: int) -> list[tuple[int, str]]:
    """Start a worker, SIGKILL it as soon as it has acknowledged ``after`` moves (it keeps playing while
    the signal travels, so the kill lands mid-stream); return every ACK it printed."""
    worker = subprocess.Popen([sys.executable, "-m", "tests.bot.crash_worker", str(db_path), str(seed)],
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    guard = threading.Timer(60, worker.kill)  # a hung worker fails the test instead of hanging it
    guard.start()
    try:
        assert worker.stdout is not None
        ready = worker.stdout.readline()
        assert ready.strip() == "READY", worker.stderr.read() if worker.stderr else ready
        seen: list[str] = []
        while sum(line.startswith("ACK ") for line in seen) < after:
            line = worker.stdout.readline()
            if not line:
                break
            seen.append(line)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        # Read the rest through the same buffered reader: communicate() would read the pipe directly and
        # lose the lines readline() had already buffered (ACKs that were printed, then seemingly missing).
        out = worker.stdout.read()
        err = worker.stderr.read() if worker.stderr else ""
    finally:
        guard.cancel()
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    assert worker.returncode == -signal.SIGKILL, err
    acks = []
    for line in ("".join(seen) + out).splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[0] == "ACK":  # a line cut short by the kill was never an ACK
            acks.append((int(parts[1]), parts[2]))
    return acks


def stored_log(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT action_key FROM actions WHERE undone = 0 ORDER BY seq").fetchall()
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return [key for (key,) in rows]


def test_every_acknowledged_move_survives_sigkill(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.sqlite3"
    chooser = random.Random(20240601)
    log: list[str] = []
    total_acks = 0
    for round_number in range(ROUNDS):
        wanted = chooser.randint(3, 40)
        acks = run_and_kill(db_path, seed=round_number, after=wanted)
        assert len(acks) >= wanted, "the worker should have streamed moves before the kill"
        total_acks += len(acks)
        for number, key in acks:  # acknowledged moves continue the stored log, in order
            assert number == len(log) + 1
            log.append(key)
        durable = stored_log(db_path)
        assert durable[:len(log)] == log, f"round {round_number}: an acknowledged move is missing"
        # At most the one move in flight at the kill may have committed without its ACK.
        assert len(durable) <= len(log) + 1
        log = durable
    assert total_acks > ROUNDS * 3

    with sqlite3.connect(db_path) as db:
        seed, options = db.execute("SELECT seed, options FROM games").fetchone()
        seats = [s for (s,) in db.execute("SELECT seat FROM actions WHERE undone = 0 ORDER BY seq")]
        (cached,) = db.execute("SELECT state_json FROM state").fetchone()
    replayed = ENGINE.replay(2, seed, json.loads(options), list(zip(seats, log, strict=True)))
    assert ENGINE.load(json.loads(cached)) == replayed


async def test_the_service_resumes_the_killed_game(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.sqlite3"
    acks = run_and_kill(db_path, seed=1, after=20)
    store = SqliteStore(db_path)
    await store.open()
    try:
        snap = await TableService(store, engines_lookup=lookup).snapshot(1)
        assert snap.move_number is not None and snap.move_number >= len(acks)
    finally:
        await store.close()
