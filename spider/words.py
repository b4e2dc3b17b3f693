"""How the game's messages count things: one place for the plural, which every module's words use."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one: "1 move", "2 moves"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
