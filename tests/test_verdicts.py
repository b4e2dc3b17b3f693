"""What the solver proved, kept: lost positions and the latest win, per variant and position."""

from __future__ import annotations

from spider import Game
from spider.verdicts import Verdicts


def moved_on(game: Game, steps: int) -> Game:
    """``game`` after ``steps`` tableau moves (the first legal one each time)."""
    game = game.copy()
    for _ in range(steps):
        game.play(next(move for move in game.legal_moves() if not move.is_deal))
    return game


def test_a_position_lost_stays_lost_however_far_play_goes_on_from_it():
    verdicts = Verdicts()
    lost = Game("spider-4", 3)
    verdicts.lost_at(lost)
    one, two, three = (moved_on(lost, n) for n in (1, 2, 3))
    assert verdicts.verdict(one) == "unwinnable"
    assert verdicts.verdict(two) == "unwinnable", "kept as lost one move on, so the next is found lost in turn"
    assert verdicts.verdict(three) == "unwinnable"


def test_a_verdict_belongs_to_its_variant_though_the_cards_are_the_same():
    verdicts = Verdicts()
    four_suits, easy = Game("spider-4", 3), Game("spider-easy", 3)
    assert four_suits.key() == easy.key(), "the same deal number lays out the same cards"
    verdicts.lost_at(four_suits)
    assert verdicts.verdict(four_suits) == "unwinnable" and verdicts.verdict(easy) is None
    verdicts.won_from(easy, [])  # a line that does not win is not kept
    assert verdicts.win(easy) is None
