"""How to play each variant, in a player's words, written from the variant's own data and rule
functions, so that the rules a player reads are the rules the engine plays."""

from __future__ import annotations

from itertools import groupby

from .variants import Variant, any_card, any_suit_down, anything, king_only, same_suit_down

SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SCORE = "Score: 500 to start, 1 less for each move, deal, undo or redo, 100 more for each finished run."
# The words for each rule function a variant is made of; a new one without words fails loudly.
RUN_WORDS = {same_suit_down: "each in one suit", any_suit_down: "in any suits"}
POINTS_WORDS = {same_suit_down: "a same-suit run", any_suit_down: "a run of any suits"}
GROUP_WORDS = {same_suit_down: "A column's top card, or a group running down in one suit, moves",
               any_suit_down: "A column's top card, or a group running down by rank in any suits, moves",
               any_card: "Any face-up card moves, with all the cards on it,"}
BUILD_WORDS = {same_suit_down: "of the same suit", any_suit_down: "of any suit"}
EMPTY_WORDS = {anything: "An empty column takes any card or group.",
               king_only: "An empty column takes only a King, with the cards on it."}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def how_to_play(variant: Variant) -> list[str]:
    """The rules of ``variant``, one short paragraph each: goal, cards, layout, moves, empty
    columns, stock, scoring."""
    moves = (f"{GROUP_WORDS[variant.group]} onto a card one rank higher, {BUILD_WORDS[variant.build]}. "
             "A face-down card turns up when it is uncovered.")
    points = f"Points: 1 for each card in {POINTS_WORDS[variant.run]} down from a King, 13 for a finished run."
    return [_goal(variant), _cards(variant), _layout(variant), moves, EMPTY_WORDS[variant.empty], _stock(variant),
            f"{SCORE} {points}"]


def _word(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)


def _goal(variant: Variant) -> str:
    covered = " once no card lies on it" if variant.group is any_card else ""  # only Scorpion's moves can bury one
    return (f"Build {_word(variant.runs_to_win)} runs from King down to Ace, {RUN_WORDS[variant.run]}. "
            f"A finished run leaves the table by itself{covered}; the game is won when all have.")


def _cards(variant: Variant) -> str:
    suits = sorted(set(variant.suit_sets), key="shdc".index)
    copies = len(variant.suit_sets) // len(suits)
    if len(suits) == 4:
        decks = len(variant.suit_sets) // 4
        return f"{variant.card_count} cards: {_word(decks)} full deck{'s' if decks > 1 else ''}. Aces are low."
    names = " and ".join(SUIT_NAMES[s] for s in suits)
    return f"{variant.card_count} cards, {names} only: {_word(copies)} of each card. Aces are low."


def _layout(variant: Variant) -> str:
    sizes = variant.layout
    groups = _groups(sizes)
    if list(sizes) == list(range(sizes[0], sizes[0] + len(sizes))):
        dealt = f"{sizes[0]} to {sizes[-1]} cards from left to right"
    elif len(groups) == 1:
        dealt = f"{sizes[0]} cards in each"
    else:
        dealt = " and ".join(f"{size}{' cards' if i == 0 else ''} in each of {which}"
                             for i, (size, which) in enumerate(groups))
    if all(size - down == 1 for size, down in zip(sizes, variant.face_down)):
        return f"{_word(variant.columns).capitalize()} columns are dealt, {dealt}, only each top card face up."
    faces = ", ".join(f"in {which} {f'the bottom {down} face down' if down else 'every card face up'}"
                      for down, which in _groups(variant.face_down))
    return f"{_word(variant.columns).capitalize()} columns are dealt, {dealt}: {faces}."


def _groups(values: tuple[int, ...]) -> list[tuple[int, str]]:
    """Each value shared by neighbouring columns, with which columns: "the first four", "the other six"."""
    groups = [(value, len(list(group))) for value, group in groupby(values)]
    return [(value, f"the {'first' if i == 0 else 'other' if i == len(groups) - 1 else 'next'} {_word(n)}")
            for i, (value, n) in enumerate(groups)]


def _stock(variant: Variant) -> str:
    n, columns = variant.stock_size, variant.columns
    deals = variant.deals
    last = n - (deals - 1) * columns
    if deals == 1 and last < columns:
        how = f"The other {n} cards are the stock: one deal puts them on the first {_word(last)} columns"
    else:
        how = (f"The other {n} cards are the stock: each deal puts a card face up on every column, "
               f"{_word(deals)} deals in all")
        if last < columns:
            how += f", the last only {_word(last)} cards, on the first {_word(last)} columns"
    when = ("A deal is allowed only while no column is empty." if variant.deal_needs_full_columns
            else "The deal is allowed at any time, even with a column empty.")
    return f"{how}. {when}"
