"""SplitMix64: the one pseudo-random generator every engine uses.

The generator's whole state is a single 64-bit integer stored inside the game
state, and every function here is pure: it takes that integer and returns the
advanced integer with the result.  We do not use :mod:`random` because its
algorithms may change between Python versions, and a stored game must replay
identically forever.

Reference: Steele, Lea & Flood, "Fast splittable pseudorandom number
generators" (OOPSLA 2014); constants as in Vigna's public-domain splitmix64.c.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (mixed so that seeds 0, 1, 2 diverge)."""
    _, value = next64(seed & MASK64)
    return value


def next64(state: int) -> tuple[int, int]:
    """Advance the state; return ``(new_state, uniform 64-bit value)``."""
    state = (state + _GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, got {n}")
    # Largest multiple of n that fits in 64 bits: values at or above it are redrawn.
    limit = ((1 << 64) // n) * n
    while True:
        state, value = next64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """Fisher–Yates shuffle; returns the new state and a shuffled tuple."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)


def sample(state: int, items: Sequence[T], k: int) -> tuple[int, tuple[T, ...]]:
    """``k`` distinct items chosen uniformly, in draw order."""
    state, shuffled = shuffle(state, items)
    return state, shuffled[:k]
