"""Ratings: each member's (and each computer level's) skill per game per server, from finished games.

:mod:`.model` — the rating itself (openskill's Plackett–Luce model), who a game rates and the number shown;
:mod:`.rebuild` — every rating recomputed from the stored results (``python -m bot.ratings rebuild``).
"""
