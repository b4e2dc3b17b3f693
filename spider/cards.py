"""Cards: small immutable values, their text form and the decks the variants use."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .values import Frozen, init_fields

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
KING = 13
ACE = 1


class Card(Frozen):
    """One physical card.

    ``copy`` tells identical cards of a multi-deck game apart (the page keys its card
    elements by it); it takes no part in equality, so ``Card(13, "s") == Card(13, "s", copy=1)``.
    """

    __slots__ = ("rank", "suit", "face_up", "copy")
    rank: int
    suit: str
    face_up: bool
    copy: int

    def __init__(self, rank: int, suit: str, face_up: bool = True, copy: int = 0) -> None:
        init_fields(self, rank=rank, suit=suit, face_up=face_up, copy=copy)

    def _key(self) -> tuple[int, str, bool]:
        return self.rank, self.suit, self.face_up

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        state = "" if self.face_up else ", face_up=False"
        return f"Card.from_text({str(self)!r}{state})"

    @classmethod
    def from_text(cls, text: str, face_up: bool = True, copy: int = 0) -> Card:
        """Parse ``"Ks"``/``"Th"``; raises ``ValueError`` naming the bad text."""
        if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
            raise ValueError(f"{text!r} is not a card (rank A23456789TJQK then suit shdc, e.g. 'Ks')")
        return cls(RANKS.index(text[0]) + 1, text[1], face_up, copy)

    @property
    def label(self) -> str:
        """What a player reads: ``"10♥"``, ``"K♠"``."""
        return RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    @property
    def key(self) -> str:
        """A stable identity for this physical card within one game: ``"Ks1"``."""
        return f"{self}{self.copy}"

    def turned(self, face_up: bool) -> Card:
        """This card turned face up or down (cached: flips happen on every move)."""
        return _TURNED[(self.rank, self.suit, self.copy, face_up)]


class _Cards(dict[tuple[int, str, int, bool], Card]):
    """Every card made once, on first use: cards are immutable, so a game can share them (made
    up front, the 832 cards cost ≈ 20 ms of the page's start in Pyodide)."""

    def __missing__(self, key: tuple[int, str, int, bool]) -> Card:
        rank, suit, copy, face_up = key
        card = self[key] = Card(rank, suit, face_up, copy)
        return card


_TURNED = _Cards()


def group_label(cards: Sequence[Card]) -> str:
    """A group a player moves, named from its bottom card: ``"9♠"``, a sequence ``"9♠–7♦"``, or
    where any card may lie on any (Scorpion) ``"4♣ and the 3 cards on it"``, not a false range."""
    first, rest = cards[0].label, len(cards) - 1
    if all(upper.rank == lower.rank - 1 for lower, upper in pairwise(cards)):
        return f"{first}–{cards[-1].label}" if rest else first
    return f"{first} and the {rest} cards on it" if rest > 1 else f"{first} and the card on it"


def make_deck(suit_sets: tuple[str, ...]) -> list[Card]:
    """One face-down card of each rank for every 13-card set named by its suit, copies numbered."""
    seen: dict[str, int] = {}
    deck = []
    for suit in suit_sets:
        copy = seen.get(suit, 0)
        seen[suit] = copy + 1
        deck.extend(_TURNED[(rank, suit, copy, False)] for rank in range(1, 14))
    return deck
