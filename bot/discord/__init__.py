"""The Discord adapter: discord.py commands, buttons and selects over the table service.

- :mod:`.client` — ``GameBot``: the command tree, the components, the outbox delivery and scheduler loops;
- :mod:`.commands` — the slash commands (a group per game from the registry, and the shared ones);
- :mod:`.components` — one ``DynamicItem`` per kind of button or select, each handling its own click;
- :mod:`.views` — the buttons under posts; :mod:`.menus` — fitting choices into buttons or a select;
- :mod:`.transport` — sending the outbox's announcements (nonces, mentions, errors);
- :mod:`.base` — what commands and components need from the client, and answering helpers.
"""

from bot.discord.client import GameBot

__all__ = ["GameBot"]
