"""End-to-end tests: the real discord.py client against an in-repo fake Discord API (see ``fake/``)."""
