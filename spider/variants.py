"""The Spider family as data: a deck, a layout and a handful of small rule functions."""

from __future__ import annotations

from collections.abc import Callable

from .cards import KING, Card
from .values import Frozen, init_fields

Link = Callable[[Card, Card], bool]


def same_suit_down(lower: Card, upper: Card) -> bool:
    """``upper`` lies on ``lower`` one rank down in the same suit (a Spider group or run link)."""
    return upper.rank == lower.rank - 1 and upper.suit == lower.suit


def any_suit_down(lower: Card, upper: Card) -> bool:
    """``upper`` lies on ``lower`` one rank down, whatever the suits."""
    return upper.rank == lower.rank - 1


def any_card(lower: Card, upper: Card) -> bool:
    """Scorpion: any face-up card moves with everything above it."""
    return True


def anything(card: Card) -> bool:
    """Spider: an empty column takes any card or group."""
    return True


def king_only(card: Card) -> bool:
    """Scorpion: only a King goes into an empty column."""
    return card.rank == KING


class Variant(Frozen):
    """One game of the family.

    ``group`` says which card may lie on which inside a group that moves as a unit,
    ``build`` which card a moved group's bottom card may land on, ``run`` which links make a
    King-to-Ace run that is removed, ``empty`` what an empty column accepts.
    """

    __slots__ = ("name", "title", "suit_sets", "layout", "face_down", "group", "build", "run", "empty",
                 "deal_needs_full_columns")
    name: str
    title: str
    suit_sets: tuple[str, ...]
    layout: tuple[int, ...]
    face_down: tuple[int, ...]
    group: Link
    build: Link
    run: Link
    empty: Callable[[Card], bool]
    deal_needs_full_columns: bool

    def __init__(self, name: str, title: str, suit_sets: tuple[str, ...], layout: tuple[int, ...],
                 face_down: tuple[int, ...], group: Link, build: Link, run: Link, empty: Callable[[Card], bool],
                 deal_needs_full_columns: bool = True) -> None:
        init_fields(self, name=name, title=title, suit_sets=suit_sets, layout=layout, face_down=face_down,
                    group=group, build=build, run=run, empty=empty, deal_needs_full_columns=deal_needs_full_columns)

    @property
    def columns(self) -> int:
        return len(self.layout)

    @property
    def card_count(self) -> int:
        return 13 * len(self.suit_sets)

    @property
    def suits(self) -> int:
        """How many different suits are in play (Spider's 1, 2 or 4)."""
        return len(set("".join(self.suit_sets)))

    @property
    def runs_to_win(self) -> int:
        return len(self.suit_sets)

    @property
    def stock_size(self) -> int:
        return self.card_count - sum(self.layout)

    @property
    def deals(self) -> int:
        """How many stock deals a fresh game has."""
        return self.deals_of(self.stock_size)

    def deals_of(self, stock: int) -> int:
        """How many deals a stock of ``stock`` cards makes: a row each, the last maybe short."""
        return -(-stock // self.columns)

    def __repr__(self) -> str:
        return f"spider.VARIANTS[{self.name!r}]"


def _spider(name: str, title: str, suits: str, group: Link = same_suit_down, run: Link = same_suit_down) -> Variant:
    sets = tuple(suits[i * len(suits) // 8] for i in range(8))
    return Variant(name, title, sets, (6,) * 4 + (5,) * 6, (5,) * 4 + (4,) * 6, group, any_suit_down, run, anything)


_ONE_DECK = ("s", "h", "d", "c")

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _spider("spider-1", "Spider · 1 suit", "s"),
        _spider("spider-2", "Spider · 2 suits", "sh"),
        _spider("spider-4", "Spider · 4 suits", "shdc"),
        _spider("spider-relaxed", "Spider Relaxed", "shdc", run=any_suit_down),
        _spider("spider-easy", "Spider Easy", "shdc", group=any_suit_down, run=any_suit_down),
        Variant("spiderette", "Spiderette", _ONE_DECK, tuple(range(1, 8)), tuple(range(7)),
                same_suit_down, any_suit_down, same_suit_down, anything),
        Variant("will-o-the-wisp", "Will o' the Wisp", _ONE_DECK, (3,) * 7, (2,) * 7,
                same_suit_down, any_suit_down, same_suit_down, anything),
        Variant("scorpion", "Scorpion", _ONE_DECK, (7,) * 7, (3,) * 4 + (0,) * 3,
                any_card, same_suit_down, same_suit_down, king_only, deal_needs_full_columns=False),
    )
}


def get_variant(name: str) -> Variant:
    """The variant called ``name``; ``KeyError`` with the list of names otherwise."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise KeyError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}") from None
