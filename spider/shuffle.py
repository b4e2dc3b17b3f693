"""Seeded shuffling that gives the same deal on every Python (CPython, Pyodide), now and later.

``random.Random`` is not promised to stay stable across versions, so deals use their own
small generator (SplitMix64) and a Fisher–Yates shuffle.
"""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
LAST_SEED = _MASK
"""The last deal number: the generator takes 64 bits (see :func:`is_seed`)."""
MAX_SEED = 10**12 - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64: tiny, fast and well distributed."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in ``range(n)`` (rejection sampling)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: list[T], seed: int) -> list[T]:
    """A copy of ``items`` in the order seed ``seed`` gives."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def random_below(n: int) -> int:
    """A uniformly random integer in ``range(n)`` from the OS's entropy.

    Not ``secrets``: importing it (with ``hmac`` and ``ipaddress``) costs the page ~50 ms of boot."""
    bits = n.bit_length()
    while True:
        x = int.from_bytes(os.urandom((bits + 7) // 8), "big") >> (-bits % 8)
        if x < n:
            return x


def is_seed(value: object) -> bool:
    """A deal number: a whole number from 0 to 2**64 - 1, each a deal of its own (the generator
    takes 64 bits, so 2**64 + 1 would deal as 1); ``True`` is an int to Python, not to a player."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MASK


def new_seed() -> int:
    """A fresh random seed short enough for a player to type and share."""
    return random_below(MAX_SEED) + 1
