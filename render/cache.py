"""A cache for static layers: the parts of an image that never change in a game.

The empty board (background, roads, castle frames, printed bonuses) costs far more
to draw than the pieces on it.  It is drawn once per process per key and then
copied; a key says everything the layer depends on, e.g.
``("burgenland", "board", 1400, "parchment")``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock

from PIL import Image


class LayerCache:
    """A small LRU of images; ``get`` always hands out a copy the caller may draw on."""

    def __init__(self, max_items: int = 32) -> None:
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._max = max_items
        self._lock = Lock()   # the bot may render from a thread pool
        self.builds = 0       # how many layers were drawn (not copied): for tests

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            layer = self._items.get(key)
            if layer is not None:
                self._items.move_to_end(key)
                return layer.copy()
        layer = build()
        with self._lock:
            self.builds += 1
            self._items[key] = layer
            self._items.move_to_end(key)
            while len(self._items) > self._max:
                self._items.popitem(last=False)
        return layer.copy()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: The process-wide cache every game uses.
LAYERS = LayerCache()
