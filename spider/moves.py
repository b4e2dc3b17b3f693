"""Moves as small immutable values with a text form players type: ``3 7``, ``3 7 2``, ``d``."""

from __future__ import annotations

from .values import Frozen, init_fields


class Move(Frozen):
    """Move the top ``count`` cards of column ``src`` onto column ``dst`` (0-based indexes).

    The stock deal is the one special value :data:`DEAL`.
    """

    __slots__ = ("src", "dst", "count")
    src: int
    dst: int
    count: int

    def __init__(self, src: int, dst: int, count: int = 1) -> None:
        init_fields(self, src=src, dst=dst, count=count)

    @property
    def is_deal(self) -> bool:
        """Only :data:`DEAL` itself: ``Move(-1, 3, 1)`` is a bad move, not a deal."""
        return self.src == -1 and self.dst == -1 and self.count == 0

    def __str__(self) -> str:
        if self.is_deal:
            return "d"
        tail = f" {self.count}" if self.count != 1 else ""
        return f"{self.src + 1} {self.dst + 1}{tail}"

    def __repr__(self) -> str:
        return "spider.DEAL" if self.is_deal else f"Move({self.src}, {self.dst}, {self.count})"

    def __reduce__(self) -> str | tuple[type[Move], tuple[int, int, int]]:
        """Pickled by value, but :data:`DEAL` by name, so it stays the one deal (the CLI's worker
        processes send moves back)."""
        return "DEAL" if self.is_deal else (Move, (self.src, self.dst, self.count))

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Parse ``"3 7"`` (1-based columns), ``"3 7 2"`` (two cards) or ``"d"`` (deal)."""
        parts = text.split()
        if parts == ["d"]:
            return DEAL
        if len(parts) in (2, 3) and all(p.isascii() and p.isdigit() for p in parts):
            src, dst, *count = (int(p) for p in parts)
            if src >= 1 and dst >= 1 and (not count or count[0] >= 1):
                return cls(src - 1, dst - 1, count[0] if count else 1)
            if count == [0]:
                raise ValueError(f"{text!r} is not a move: it moves no card, and a move takes at least one")
        raise ValueError(f"{text!r} is not a move: type 'FROM TO' or 'FROM TO COUNT' (columns from 1), or 'd' to deal")


DEAL = Move(-1, -1, 0)
