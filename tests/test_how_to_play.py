"""How to play: the rules a player reads, checked against the rules the engine plays."""

from __future__ import annotations

import pytest

from spider import DEAL, VARIANTS, Game, Move
from spider.rules import how_to_play

from engine_helpers import game

SCORING = ("Score: 500 to start, 1 less for each move, deal, undo or redo, 100 more for each finished run. "
           "Points: 1 for each card in a same-suit run down from a King, 13 for a finished run.")


def test_spider_two_suits_reads_as_players_know_it():
    assert how_to_play(VARIANTS["spider-2"]) == [
        ("Build eight runs from King down to Ace, each in one suit. A finished run leaves the table by itself; "
         "the game is won when all have."),
        "104 cards, spades and hearts only: four of each card. Aces are low.",
        ("Ten columns are dealt, 6 cards in each of the first four and 5 in each of the other six, only each top "
         "card face up."),
        ("A column's top card, or a group running down in one suit, moves onto a card one rank higher, of any suit. "
         "A face-down card turns up when it is uncovered."),
        "An empty column takes any card or group.",
        ("The other 50 cards are the stock: each deal puts a card face up on every column, five deals in all. "
         "A deal is allowed only while no column is empty."),
        SCORING,
    ]


def test_the_other_variants_say_where_they_differ():
    assert how_to_play(VARIANTS["spider-1"])[1] == "104 cards, spades only: eight of each card. Aces are low."
    easy = how_to_play(VARIANTS["spider-easy"])
    assert easy[0].startswith("Build eight runs from King down to Ace, in any suits.")
    assert easy[1] == "104 cards: two full decks. Aces are low."
    assert easy[3].startswith("A column's top card, or a group running down by rank in any suits, moves onto")
    assert how_to_play(VARIANTS["spider-relaxed"])[3] == how_to_play(VARIANTS["spider-4"])[3]
    assert how_to_play(VARIANTS["spider-relaxed"])[6].endswith(
        "Points: 1 for each card in a run of any suits down from a King, 13 for a finished run.")
    assert how_to_play(VARIANTS["spiderette"])[2] == (
        "Seven columns are dealt, 1 to 7 cards from left to right, only each top card face up.")
    assert how_to_play(VARIANTS["spiderette"])[5] == (
        "The other 24 cards are the stock: each deal puts a card face up on every column, four deals in all, the "
        "last only three cards, on the first three columns. A deal is allowed only while no column is empty.")
    assert how_to_play(VARIANTS["scorpion"])[1:6] == [
        "52 cards: one full deck. Aces are low.",
        ("Seven columns are dealt, 7 cards in each: in the first four the bottom 3 face down, in the other three "
         "every card face up."),
        ("Any face-up card moves, with all the cards on it, onto a card one rank higher, of the same suit. "
         "A face-down card turns up when it is uncovered."),
        "An empty column takes only a King, with the cards on it.",
        ("The other 3 cards are the stock: one deal puts them on the first three columns. The deal is allowed at any "
         "time, even with a column empty."),
    ]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_what_the_rules_say_is_what_the_engine_does(name):
    text = " ".join(how_to_play(VARIANTS[name]))
    g = Game(name, 1)
    assert f"The other {len(g.stock)} cards are the stock" in text
    sizes = []
    while g.stock:
        before = len(g.stock)
        g.play(DEAL)
        sizes.append(before - len(g.stock))
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    assert ("one deal puts them on" in text) if len(sizes) == 1 else (f"{words[len(sizes)]} deals in all" in text)
    if sizes[-1] < g.variant.columns:
        assert f"on the first {words[sizes[-1]]} columns" in text
    suits = sorted(set(g.variant.suit_sets))
    one, other = suits[0], suits[-1]
    empty = game(name, ["", f"| 5{one}", f"| 6{other}"], stock=f"K{one}", spare=1)
    assert empty.is_legal(Move(1, 0, 1)) == ("An empty column takes any card" in text)
    assert empty.is_legal(DEAL) == ("allowed at any time" in text)
    if one == other:
        return
    mixed = game(name, [f"| J{one}", f"| T{one} 9{other}", f"| T{other}"], spare=1)
    assert mixed.is_legal(Move(1, 0, 2)) == ("in any suits, moves" in text or "Any face-up card moves" in text)
    assert mixed.is_legal(Move(2, 0, 1)) == ("of any suit." in text), "a 10 onto the other suit's Jack"
    building = game(name, [f"| K{one} Q{other}", f"| T{one}"], spare=1)
    assert (building.points == 2) == ("in a run of any suits down from a King" in text), "what points count"
