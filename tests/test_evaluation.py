"""The Judge's shortcuts agree with valuing the whole position: searches trust them for every move."""

from __future__ import annotations

import random

import pytest

import spider
from spider.cards import Card
from spider.evaluation import Judge
from spider.search_state import DEAL_STEP, ONE, Table, encode


def _judges(table: Table) -> list[Judge]:
    """The solver's yardstick (breaks cost) and one like the hints' (spare empty columns count
    for nothing, nor does a column's last face-down card)."""
    return [Judge(table, break_cost=45), Judge(table, empty=10, most_empty=2, last_down=0)]


@pytest.mark.parametrize(("name", "seed"), [("spider-4", 1), ("spider-2", 2), ("spider-1", 3), ("spider-easy", 4),
                                            ("spiderette", 5), ("scorpion", 6), ("will-o-the-wisp", 7)])
def test_gains_are_the_change_in_value_along_random_games(name: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    steps = []
    for _ in range(400):
        if not steps:  # a fresh deal whenever a game is stuck
            table, state = Table.from_game(spider.Game(name, rng.randrange(1000)), see_hidden=True)
            judges = _judges(table)
        steps = table.steps(state)
        for judge in judges:
            before = judge.value(state)
            for step in steps:
                after = table.apply(state, step)
                if step == DEAL_STEP:
                    assert judge.deal_gain(state) == judge.value(after) - before, (state, step)
                else:
                    assert judge.gain(state, step) == judge.value(after) - before, (state, step)
                checked += 1
        if steps:
            moves = [step for step in steps if step != DEAL_STEP]
            state = table.apply(state, rng.choice(moves) if moves and rng.random() < 0.9 else rng.choice(steps))
    assert checked > 2000


@pytest.mark.parametrize("runs", [True, False])
def test_a_deal_is_valued_exactly(runs: bool) -> None:
    """Completing runs (valued by the full position) or, without, filling empty columns and
    lengthening a King's sequence (valued column by column)."""
    variant = spider.VARIANTS["spider-4"]
    spades = [encode(Card(rank, "s")) for rank in range(13, 0, -1)]
    hearts = [encode(Card(rank, "h")) for rank in range(13, 0, -1)]
    aces = (spades[-1], hearts[-1]) if runs else (spades[3], hearts[5])
    stock = aces + (hearts[4], hearts[4], hearts[2]) + (hearts[4],) * 5
    table = Table(variant, ((),) * 10, stock)
    columns = (bytes(spades[:-1]), bytes(hearts[:-1]), b"", b"", bytes(hearts[:2])) + (ONE[hearts[6]],) * 5
    state = (columns, (0,) * 10, len(stock), 0)
    after = table.apply(state, DEAL_STEP)
    assert after[3] == (2 if runs else 0)
    for judge in _judges(table):
        assert judge.deal_gain(state) == judge.value(after) - judge.value(state)


@pytest.mark.parametrize("suited", [True, False])
def test_a_move_onto_a_long_sequence_is_valued_exactly(suited: bool) -> None:
    """An Ace onto K..2 of its suit completes a run (valued by the full position); with one card
    of another suit in the sequence it completes nothing (valued from the two columns)."""
    variant = spider.VARIANTS["spider-4"]
    spades = [encode(Card(rank, "s")) for rank in range(13, 0, -1)]
    sequence = spades[:-1] if suited else spades[:5] + [encode(Card(8, "h"))] + spades[6:-1]
    table = Table(variant, ((encode(Card(5, "d")),),) + ((),) * 9, ())
    columns = (ONE[spades[-1]], bytes(sequence)) + (ONE[encode(Card(9, "c"))],) * 8
    state = (columns, (1,) + (0,) * 9, 0, 0)
    after = table.apply(state, (0, 1, 1))
    assert after[3] == (1 if suited else 0)
    for judge in _judges(table):
        assert judge.gain(state, (0, 1, 1)) == judge.value(after) - judge.value(state)
