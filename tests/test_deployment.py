"""The deployment files, which this machine cannot build (no Docker engine): checked by reading them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

from tests.pg import MISSING, Unavailable, without_server

ROOT = Path(__file__).resolve().parents[1]


def test_the_image_copies_every_package_the_project_installs() -> None:
    """A package left out of the Dockerfile installs nothing and fails at start (it happened with ai/)."""
    include = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {pattern.rstrip("*") for pattern in include}
    copied = set(re.findall(r"^COPY (\w+) \./\1$", (ROOT / "Dockerfile").read_text(), re.M))
    assert packages <= copied, f"the Dockerfile does not copy {sorted(packages - copied)}"


def test_the_scale_profile_runs_two_shards_on_postgresql() -> None:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    assert "profiles" not in services["bot"]  # `docker compose up -d` still starts the single bot
    shards = [services[f"bot-shard-{i}"] for i in range(2)]
    for i, shard in enumerate(shards):
        env = shard["environment"]
        assert shard["profiles"] == ["scale"] and env["DATABASE_URL"].startswith("postgresql://")
        assert env["SHARD_COUNT"] == "2" and env["SHARD_IDS"] == str(i)
    assert services["postgres"]["profiles"] == ["scale"]


def test_ci_fails_where_postgresql_cannot_start() -> None:
    """A CI machine without PostgreSQL must not pass with the PostgreSQL tests skipped unseen: under ``CI``
    (which ``.ci/run`` sets) the missing server fails them; on a developer's machine it skips them."""
    why = Unavailable(MISSING)
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        without_server(why, {"CI": "true"})
    for env in ({}, {"CI": "false"}, {"CI": "0"}, {"CI": ""}):
        with pytest.raises(pytest.skip.Exception, match="PostgreSQL is not installed"):
            without_server(why, env)
    assert re.search(r'^export CI="\$\{CI:-true\}"$', (ROOT / ".ci" / "run").read_text(), re.M)
