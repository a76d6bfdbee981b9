"""Layout helpers: rectangles that split into rows, columns and insets.

Images are laid out top-down by cutting boxes, so sizes live in one place and a
long name or a fourth player shrinks its own box instead of overlapping the next.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) as ImageDraw wants it."""
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def columns(self, n: int, gap: float = 0) -> list[Box]:
        """``n`` equal columns separated by ``gap``."""
        w = (self.w - gap * (n - 1)) / n
        return [Box(self.x + i * (w + gap), self.y, w, self.h) for i in range(n)]

    def rows(self, n: int, gap: float = 0) -> list[Box]:
        """``n`` equal rows separated by ``gap``."""
        h = (self.h - gap * (n - 1)) / n
        return [Box(self.x, self.y + i * (h + gap), self.w, h) for i in range(n)]

    def take_top(self, h: float, gap: float = 0) -> tuple[Box, Box]:
        """(a strip of height ``h`` at the top, the rest below it after ``gap``)."""
        return Box(self.x, self.y, self.w, h), Box(self.x, self.y + h + gap, self.w, self.h - h - gap)

def centered(center: tuple[float, float], w: float, h: float) -> Box:
    """A ``w``×``h`` box centred on ``center``."""
    return Box(center[0] - w / 2, center[1] - h / 2, w, h)


def flow(box: Box, item_w: float, item_h: float, gap: float, count: int) -> list[tuple[float, float]]:
    """Top-left corners of ``count`` items laid left to right, wrapping inside ``box``."""
    per_row = max(1, int((box.w + gap) // (item_w + gap)))
    return [
        (box.x + (i % per_row) * (item_w + gap), box.y + (i // per_row) * (item_h + gap))
        for i in range(count)
    ]
