"""Seeds the solver has proven winnable, shipped per variant for "Winnable deals only"."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def winnable_seeds(variant_name: str) -> tuple[int, ...]:
    """The proven seeds of a variant, from ``spider/data/winnable-NAME.txt`` (empty if none)."""
    try:
        text = resources.files("spider").joinpath("data", f"winnable-{variant_name}.txt").read_text("utf-8")
    except FileNotFoundError:
        return ()
    return tuple(int(line) for line in text.split())
