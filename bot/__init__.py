"""The bot: the table service (Discord-free), its durable store and outbox, a local console, and the
Discord adapter.

Packages and modules (dependencies point down this list; no cycles):

  ``discord/``      the Discord adapter: client, slash commands, components (one DynamicItem per kind),
                    post views, menus, and the outbox's Discord transport
  ``console``       ``python -m bot console``: hotseat play in a terminal (its outbox transport prints);
                    ``console_words`` its commands in each language, ``view_text`` a view as readable text
  ``scheduler``     applies due deadlines and reminders through the service
  ``outbox``        delivers committed announcements once: draws, sends through a transport, marks sent
  ``table/``        ``TableService`` and its parts: tables (find, lock, load, commit), lobby, play,
                    absence, queries, announce, wording; ``results`` holds the plain reply objects
  ``timing``        pure time arithmetic: deadlines, vacations, reminder points
  ``rendering``     the renderer protocol, the installed ``render`` package, drawing off the event loop
  ``store/``        the ``Store`` protocol, its rows, and the SQLite implementation (schema, games, time,
                    outbox)
  ``text``, ``cache``, ``config``   seat tokens and names; the LRU of game states; settings
  ``run``, ``__main__``             ``python -m bot`` (the bot) and ``python -m bot console``
"""
