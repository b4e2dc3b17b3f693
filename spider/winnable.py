"""Seeds the solver has proven winnable, shipped per variant for "Winnable deals only" and for
today's deal."""

from __future__ import annotations

import zlib
from datetime import date
from functools import cache
from importlib import resources
from math import gcd


@cache
def winnable_seeds(variant_name: str) -> tuple[int, ...]:
    """The proven seeds of a variant, from ``spider/data/winnable-NAME.txt`` (empty if none)."""
    try:
        text = resources.files("spider").joinpath("data", f"winnable-{variant_name}.txt").read_text("utf-8")
    except FileNotFoundError:
        return ()
    return tuple(int(line) for line in text.split())


def daily_seed(variant_name: str, day: date) -> int:
    """The deal of ``day``: the same for every player that day, and one the solver proved winnable.

    Only the shipped seeds are drawn from (not those a player's browser proved), so that everyone
    gets the same deal. Days step through them by a stride coprime to their number, so that each
    comes once before any comes again, and neighbouring days are far apart in the list."""
    seeds = winnable_seeds(variant_name) or tuple(range(1, 10_001))
    count = len(seeds)
    stride = next(s for s in range(round(count * 0.618) or 1, 2 * count + 2) if gcd(s, count) == 1)
    return seeds[(day.toordinal() * stride + zlib.crc32(variant_name.encode())) % count]
