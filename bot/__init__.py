"""The bot: the table service (Discord-free), its durable store, a local console, and (later) the
Discord adapter.

Modules:
  ``config``        settings from the environment (``DATABASE_PATH`` ...)
  ``store``         the storage interface and its row types; ``sqlite_store`` implements it
  ``service``       ``TableService``: lobbies, moves, undo, resign, history ... -> ``Reply`` objects
  ``messages``      the plain reply objects (channel post, private message, problems)
  ``text``          seat tokens -> names, result lines
  ``cache``         the LRU that bounds in-memory game states
  ``rendering``     the renderer protocol and the installed ``render`` package's functions
  ``console``       ``python -m bot console``: hotseat play in a terminal
  ``discord_adapter`` (not yet written) discord.py commands, buttons and DMs over the service
"""
