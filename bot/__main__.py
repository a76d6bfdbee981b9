"""``python -m bot``: the entry point for the local console and (later) the Discord bot."""

from __future__ import annotations

import sys

USAGE = """usage: python -m bot COMMAND [...]

commands:
  console GAME [--players N] [--seed N] [--db PATH] [--resume GAME_ID]
          play a game in the terminal (hotseat); `python -m bot console --help` for more
  run     run the Discord bot
"""


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "console":
        from bot.console import run

        return run(rest)
    if command == "run":
        # The adapter (bot/discord_adapter.py) is a separate piece of work; say so plainly.
        print("The Discord adapter is not built yet: `python -m bot run` has nothing to run. "
              "Try the games locally with `python -m bot console GAME`.", file=sys.stderr)
        return 1
    print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
