"""``python -m bot``: the Discord bot (``run``, the default) and the local console."""

from __future__ import annotations

import sys

USAGE = """usage: python -m bot COMMAND [...]

commands:
  console GAME [--players N] [--seed N] [--db PATH] [--resume GAME_ID]
          play a game in the terminal (hotseat); `python -m bot console --help` for more
  migrate --to postgresql://USER:PASSWORD@HOST/DB [--from PATH] [--force]
          copy the SQLite file (default DATABASE_PATH) into a PostgreSQL database and check every game;
          `python -m bot migrate --help` for more
  run     run the Discord bot (the default): settings from the environment and .env
"""


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    command, rest = (argv[0], argv[1:]) if argv else ("run", [])
    if command == "console":
        from bot.console import run

        return run(rest)
    if command == "migrate":
        from bot.migrate import main as migrate

        return migrate(rest)
    if command == "run":
        from bot.run import main as run_bot

        return run_bot(rest)
    print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
