"""``python -m bot.ratings rebuild``: every rating recomputed from the stored results (:mod:`.rebuild`)."""

from bot.ratings.rebuild import main

main()
