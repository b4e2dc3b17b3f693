"""Long random games in every variant, with undo and redo mixed in: what must hold at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider import DEAL, VARIANTS, Game, IllegalMove, Move

from engine_helpers import check_invariants, random_step

STEPS = 150
EXAMPLES = 12  # 8 variants x 12 games x 150 steps: about 14,000 random steps, ~40 s


def header_free(text: str) -> str:
    return text.split("\n", 1)[1]


def candidate_moves(g: Game, rng: random.Random, k: int) -> list[Move]:
    """Some moves, legal or not: any columns, counts up to one past the column's length."""
    n = len(g.columns)
    out = [DEAL]
    for _ in range(k):
        src, dst = rng.randrange(n), rng.randrange(n)
        out.append(Move(src, dst, rng.randint(1, len(g.columns[src]) + 1)))
    return out


def check_legality(g: Game, rng: random.Random) -> None:
    legal = g.legal_moves()
    assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
    assert all(g.why_illegal(m) is None for m in legal)
    assert legal.count(DEAL) == (g.why_illegal(DEAL) is None)
    assert all(c.face_up for m in legal if not m.is_deal for c in g.columns[m.src][-m.count:]), \
        "a legal move takes a face-down card"
    assert all(m.src != m.dst for m in legal if not m.is_deal), "a legal move onto its own column"
    linked = g._linked_moves() + ([DEAL] if DEAL in legal else [])
    assert legal == linked, "the fast Spider path disagrees with the general rules"
    legal_set = set(legal)
    before = g.to_text()
    for move in candidate_moves(g, rng, 12):
        if move in legal_set:
            continue
        with pytest.raises(IllegalMove):
            g.play(move)
        assert g.to_text() == before
    probe = g.copy()
    for move in rng.sample(legal, min(3, len(legal))):
        probe.play(move)  # accepted
        probe.undo()
    assert probe.position == g.position


def check_round_trips(g: Game) -> None:
    text = g.to_text()
    assert Game.from_text(text).to_text() == text
    again = Game.from_json(g.to_json())
    assert again.to_text() == text
    assert (again.history, again.future, again.seed) == (g.history, g.future, g.seed)


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**12), walk=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(name, seed, walk):
    g = Game(name, seed)
    start = g.position
    rng = random.Random(walk)
    for _ in range(STEPS):
        random_step(g, rng)
        check_invariants(g)
        check_legality(g, rng)
        check_round_trips(g)
    moves, undos = g.moves, len(g.history)
    while g.can_undo():
        g.undo()
    assert g.position == start
    assert header_free(g.to_text()) == header_free(Game(name, seed).to_text())
    assert g.moves == moves + undos


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**12), walk=st.integers(0, 2**32))
def test_greedy_long_games_conserve_cards(name, seed, walk):
    """Long games without checks at every step reach runs and empty columns more often."""
    g = Game(name, seed)
    rng = random.Random(walk)
    for _ in range(600):
        moves = g.legal_moves()
        if not moves:
            break
        useful = [m for m in moves if m is not DEAL and len(g.columns[m.dst]) > 0] or moves
        g.play(rng.choice(useful))
        if len(g.history) % 50 == 0:
            check_invariants(g)
    check_invariants(g)
    check_round_trips(g)
