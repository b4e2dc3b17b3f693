"""Golden deals: seed 1 of every variant is pinned, so a deal never silently changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider import VARIANTS, Game

GOLDEN = Path(__file__).with_name("golden") / "seed1.txt"
LAYOUTS = {  # column sizes, face-down counts, stock size: the table, written out again
    "spider-1": ([6] * 4 + [5] * 6, [5] * 4 + [4] * 6, 50),
    "spider-2": ([6] * 4 + [5] * 6, [5] * 4 + [4] * 6, 50),
    "spider-4": ([6] * 4 + [5] * 6, [5] * 4 + [4] * 6, 50),
    "spider-relaxed": ([6] * 4 + [5] * 6, [5] * 4 + [4] * 6, 50),
    "spider-easy": ([6] * 4 + [5] * 6, [5] * 4 + [4] * 6, 50),
    "spiderette": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], 24),
    "will-o-the-wisp": ([3] * 7, [2] * 7, 31),
    "scorpion": ([7] * 7, [3] * 4 + [0] * 3, 3),
}
SUITS = {"spider-1": "s", "spider-2": "hs", "spiderette": "cdhs", "will-o-the-wisp": "cdhs", "scorpion": "cdhs"}


def golden() -> dict[str, str]:
    texts = GOLDEN.read_text().split("\n\n")
    return {text.split()[0]: text.rstrip("\n") + "\n" for text in texts}


def test_every_variant_is_pinned():
    assert list(golden()) == list(VARIANTS) == list(LAYOUTS)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_seed_1_deals_the_pinned_position(name):
    assert Game(name, seed=1).to_text() == golden()[name]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_layout(name):
    sizes, down, stock = LAYOUTS[name]
    for seed in (1, 2, 987654321):
        g = Game(name, seed)
        assert [len(c) for c in g.columns] == sizes
        assert [len(c) - g.face_up_count(i) for i, c in enumerate(g.columns)] == down
        assert len(g.stock) == stock and not any(c.face_up for c in g.stock)
        assert (g.completed, g.moves, g.score, g.history) == ((), 0, 500, ())
        suits = "".join(sorted({c.suit for c in g.stock + sum(g.columns, ())}))
        assert suits == SUITS.get(name, "cdhs") and g.variant.suits == len(suits)
        assert len(g.stock + sum(g.columns, ())) == 13 * g.variant.runs_to_win
        assert g.variant.runs_to_win == (8 if len(sizes) == 10 else 4)


def test_same_seed_same_deal_and_seeds_are_plain_ints():
    assert Game("spider-4", 42).to_text() == Game("spider-4", 42).to_text()
    assert Game("spider-4", 42).to_text() != Game("spider-4", 43).to_text()
    first = Game("spider-4", 42).to_text().splitlines()
    assert first[2] == "1: Qd 6d 9s 5h Ad | Td"  # pinned here too: must not drift between Pythons
    g = Game("spider-2", seed=7)
    assert (g.variant.name, g.seed) == ("spider-2", 7)
    seed = Game.new_seed()
    assert type(seed) is int and seed >= 0 and Game("spider-1").seed >= 0
    assert type(Game("spider-1").seed) is int
    for bad in (-1, 1.5, "7", True, 2**64 + 1):  # 2**64 + 1 would deal as 1: the generator keeps 64 bits
        with pytest.raises(ValueError, match="whole number from 0 to 2"):
            Game("spider-1", seed=bad)
    assert Game("spider-1", 2**64 - 1).seed == 2**64 - 1


def test_unknown_variant_names_the_choices():
    with pytest.raises(KeyError, match="spider-1, spider-2"):
        Game("spider-3", 1)


def test_random_below_covers_its_range_and_nothing_else():
    from collections import Counter

    from spider.shuffle import MAX_SEED, random_below

    assert {random_below(1) for _ in range(20)} == {0}
    counts = Counter(random_below(5) for _ in range(2000))
    assert set(counts) == set(range(5)) and min(counts.values()) > 300  # ~400 each
    assert all(0 <= random_below(MAX_SEED) < MAX_SEED for _ in range(200))
    assert len({random_below(MAX_SEED) for _ in range(50)}) == 50
