"""Helpers shared by the engine tests: build positions in the notation, check invariants, play randomly."""

from __future__ import annotations

import random
from collections import Counter

import spider
from spider import Game, get_variant

RANKS = "A23456789TJQK"


def deck(variant: str) -> Counter[str]:
    """The variant's full deck as a multiset of card texts."""
    return Counter(rank + suit for suit in get_variant(variant).suit_sets for rank in RANKS)


def position(
    variant: str,
    columns: list[str],
    stock: str = "",
    done: str = "-",
    moves: int = 0,
    spare: int | None = None,
) -> str:
    """Position text for ``variant``.

    ``columns`` are written as in the notation (``"5h | Ks Qs"``, ``""`` for empty); missing
    columns are empty. ``stock`` names the cards dealt first. The cards the test does not name
    follow in the stock, or lie face-down at the bottom of column ``spare`` (0-based) when given.
    """
    v = get_variant(variant)
    columns = list(columns) + [""] * (v.columns - len(columns))
    named = Counter(w for text in columns + [stock] for w in text.split() if w != "|")
    rest = deck(variant)
    for suit in done.strip("-"):
        for rank in RANKS:
            rest[rank + suit] -= 1
    rest.subtract(named)
    assert all(n >= 0 for n in rest.values()), f"more cards named than {variant} has: {-rest}"
    leftovers = sorted(rest.elements())
    if spare is None:
        stock = " ".join([stock, *leftovers])
    else:
        down, bar, up = columns[spare].partition("|")
        assert bar and up.split(), "the spare column needs face-up cards to cover the spare ones"
        columns[spare] = " ".join([*leftovers, *down.split(), "|", *up.split()])
    lines = [f"{variant} moves={moves} done={done}", f"stock: {stock}".rstrip()]
    lines += [f"{i + 1}: {text}".rstrip() for i, text in enumerate(columns)]
    return "\n".join(lines) + "\n"


def game(variant: str, columns: list[str], **kwargs) -> Game:
    return Game.from_text(position(variant, columns, **kwargs))


def column_text(g: Game, col: int) -> str:
    """One column as notation, e.g. ``"5h | Ks Qs"`` (no line number)."""
    return g.to_text().splitlines()[2 + col].partition(":")[2].strip()


def cards_in_play(g: Game) -> Counter[str]:
    return Counter(str(c) for col in g.columns for c in col) + Counter(str(c) for c in g.stock)


def check_invariants(g: Game) -> None:
    """What must hold in every position of every game."""
    v = g.variant
    expected = deck(v.name)
    if v.run is spider.variants.same_suit_down:
        for suit in g.completed:
            for rank in RANKS:
                expected[rank + suit] -= 1
        assert cards_in_play(g) == +expected
    else:
        assert sum(cards_in_play(g).values()) == v.card_count - 13 * len(g.completed)
        assert not cards_in_play(g) - deck(v.name)
    for col in g.columns:
        ups = [c.face_up for c in col]
        assert ups == sorted(ups), f"face-down card above a face-up one: {col}"
        assert not col or col[-1].face_up, "a column's top card is face-down"
    assert not any(c.face_up for c in g.stock), "a stock card is face up"
    assert g.score == 500 - g.moves + 100 * len(g.completed)
    assert g.is_won == (len(g.completed) >= v.runs_to_win)


def random_step(g: Game, rng: random.Random) -> None:
    """One random action: mostly a legal move or deal, sometimes undo or redo."""
    roll = rng.random()
    if roll < 0.12 and g.can_undo():
        g.undo()
    elif roll < 0.18 and g.can_redo():
        g.redo()
    else:
        moves = g.legal_moves()
        if moves:
            g.play(rng.choice(moves))
        elif g.can_undo():
            g.undo()
