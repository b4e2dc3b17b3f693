"""The position notation: exact text, round trips, and errors that name the line."""

from __future__ import annotations

import pytest

from spider import VARIANTS, Game, Move, NotationError

from engine_helpers import position
from positions import NEAR_WIN

GOOD = position("spider-2", ["4h 9s Th Ks Qh | 7s", "| Kh Qh Jh", ""], spare=0, moves=3, done="s")


def test_the_issue_example_shape():
    g = Game.from_text(GOOD)
    lines = g.to_text().splitlines()
    assert lines[0] == "spider-2 moves=3 done=s"
    assert lines[1] == "stock:"
    assert lines[2].endswith("4h 9s Th Ks Qh | 7s")
    assert lines[3:5] == ["2: | Kh Qh Jh", "3:"]
    assert len(lines) == 12
    assert (g.moves, g.completed, g.score) == (3, ("s",), 500 - 3 + 100)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_deals_round_trip(name):
    g = Game(name, seed=11)
    text = g.to_text()
    again = Game.from_text(text)
    assert again.to_text() == text
    assert again.position == g.position
    assert again.variant is g.variant


def test_a_won_position_round_trips():
    g = Game.from_text(NEAR_WIN)
    g.play(Move(1, 0))  # the eighth run
    again = Game.from_text(g.to_text())
    assert g.is_won and again.is_won and again.to_text() == g.to_text()
    assert not Game.from_text(NEAR_WIN).is_won, "seven runs of eight is no win"


def test_a_header_without_a_move_count_is_a_game_not_yet_begun():
    assert Game.from_text(GOOD.replace("moves=3 ", "", 1)).moves == 0


def test_whitespace_around_lines_is_forgiven():
    text = "\n\n" + "\n".join("  " + line + "  " for line in GOOD.splitlines()) + "\n\n"
    assert Game.from_text(text).to_text() == GOOD


def test_copies_are_numbered_in_reading_order():
    g = Game.from_text(GOOD)
    keys = [c.key for col in g.columns for c in col] + [c.key for c in g.stock]
    assert len(set(keys)) == len(keys)


def _replace_line(text: str, number: int, line: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


BAD = [
    ("", "line 1", "empty"),
    ("spider-9 moves=0 done=-\n", "line 1", "unknown variant 'spider-9'"),
    (_replace_line(GOOD, 1, "spider-2 moves=x done=s"), "line 1", "not a whole number"),
    (_replace_line(GOOD, 1, "spider-2 moves=² done=s"), "line 1", "not a whole number"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 done=x"), "line 1", "done=x must list suits from 'shdc'"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 done=s colour=red"), "line 1", "unexpected 'colour=red'"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 moves=4"), "line 1", "unexpected"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 done=sssssssss"), "line 1", "only 8 runs"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 done=d"), "line 1", "done=d lists more runs of a suit than the deck has"),
    (_replace_line(GOOD, 2, "stack: 9h"), "line 2", "stock:"),
    (_replace_line(GOOD, 2, "stock: 9x"), "line 2", "'9x' is not a card"),
    (_replace_line(GOOD, 4, "2: | Kh Qh Jz"), "line 4", "'Jz' is not a card"),
    (_replace_line(GOOD, 4, "2: Kh Qh Jh"), "line 4", "'|'"),
    (_replace_line(GOOD, 4, "2: | Kh | Qh Jh"), "line 4", "'|'"),
    (_replace_line(GOOD, 4, "2: Kh Qh Jh |"), "line 4", "face-up card on top"),
    (_replace_line(GOOD, 4, "7: | Kh Qh Jh"), "line 4", "expected column '2:'"),
    (_replace_line(GOOD, 4, "2 | Kh Qh Jh"), "line 4", "expected column '2:'"),
    (GOOD.replace("\n3:\n", "\n3\n"), "line 5", "expected column '3:'"),
    (_replace_line(GOOD, 4, "2: | Kh Qh"), "line 12", "with 1 run done has 91 cards in play, this text has 90"),
    (_replace_line(GOOD, 4, "2: | Kh Qh Jh Jh"), "line 12", "this text has 92"),
    (_replace_line(GOOD, 4, "2: | Kh Qh Jd"), "line 12", "too many of Jd"),
    (GOOD.replace("\n3:\n", "\n"), "line 11", "10 columns, this text has 9"),
    (GOOD + "11:\n", "line 13", "10 columns, this text has 11"),
    (_replace_line(GOOD, 1, "spider-2 moves=3 done=-"), "line 12", "104 cards in play, this text has 91"),
    (_replace_line(GOOD, 12, "10: |"), "line 12", "an empty column is written with nothing after its number"),
    (GOOD.replace("\n5:", "\n\n5:"), "line 7", "a blank line; an empty column is written as its number"),
    ("\n \n" + _replace_line(GOOD, 4, "2: | Kh Qh Jz"), "line 6", "'Jz' is not a card"),  # as an editor numbers it
    ("\r\r" + _replace_line(GOOD, 4, "2: | Kh Qh Jz").replace("\n", "\r"), "line 6", "'Jz' is not a card"),
]


@pytest.mark.parametrize(("text", "line", "reason"), BAD)
def test_malformed_notation_names_the_line_and_reason(text, line, reason):
    with pytest.raises(NotationError) as info:
        Game.from_text(text)
    message = str(info.value)
    assert message.startswith(line) and reason in message, message


def test_wrong_variant_for_the_cards():
    text = Game("spider-4", seed=1).to_text().replace("spider-4", "spider-1", 1)
    with pytest.raises(NotationError, match="too many of"):
        Game.from_text(text)
    text = Game("spiderette", seed=1).to_text().replace("spiderette", "spider-4", 1)
    with pytest.raises(NotationError, match="line 9: spider-4 has 10 columns, this text has 7"):
        Game.from_text(text)


def test_relaxed_records_the_kings_suit_of_a_mixed_run():
    text = position("spider-relaxed", ["| 5s"], spare=0, done="h")
    # the relaxed deck less any 13 cards: here the hearts, though the run could have been mixed
    assert Game.from_text(text).completed == ("h",)


def test_a_mixed_run_done_still_took_one_card_of_each_rank_and_a_king_of_its_suit():
    """Only the number of cards was checked where runs may mix: a Relaxed position with two Aces
    and no two left over, or three runs led by the deck's two K♠, was taken for one play can reach."""
    good = position("spider-relaxed", ["| 5s"], spare=0, done="s")
    assert Game.from_text(good).completed == ("s",)
    with pytest.raises(NotationError, match="line 1: done=s leaves 7 cards of each rank in play, but this text "
                                            "has 8 of rank A"):
        Game.from_text(good.replace("2h", "As", 1))
    three = position("spider-relaxed", ["| 5s"], spare=0, done="shh").replace("done=shh", "done=sss")
    with pytest.raises(NotationError, match="line 1: done=sss lists more runs of a suit than the deck has"):
        Game.from_text(three)


@pytest.mark.parametrize("name", ["spider-4", "spider-easy", "spiderette"])
def test_a_run_with_cards_on_its_ace_is_no_position_play_makes(name):
    """Nothing goes on an Ace but in Scorpion, whose groups need not be sequences: accepted, such a
    run scored 100 when the card on it moved away."""
    with pytest.raises(NotationError, match="line 3: column 1 has cards on a finished run's Ace"):
        Game.from_text(position(name, [f"| {RUN} 5h"]))


def test_a_parsed_stock_is_face_down_like_a_dealt_one():
    g = Game("spider-1", seed=4)
    again = Game.from_text(g.to_text())
    assert not any(c.face_up for c in again.stock)
    assert again.position == g.position and again.key() == g.key()


RUN = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As"


@pytest.mark.parametrize(("name", "cards"), [
    ("spider-4", f"3c | {RUN}"),
    ("spider-4", f"| 4h {RUN}"),
    ("spider-relaxed", "| Ks Qh Js Th 9s 8h 7s 6h 5s 4h 3s 2h Ad"),
    ("scorpion", f"| {RUN}"),
])
def test_a_finished_run_on_top_of_a_column_is_no_position_play_leaves(name, cards):
    with pytest.raises(NotationError, match="line 3: column 1 ends in a finished run, which leaves the table"):
        Game.from_text(position(name, [cards]))


@pytest.mark.parametrize(("name", "cards"), [
    ("spider-4", f"{RUN} | 4h"),  # face down: nobody has seen it finished
    ("spider-4", "| Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah"),  # an Ace of another suit
    ("spider-4", "| Ks Qh Js Th 9s 8h 7s 6h 5s 4h 3s 2h As"),  # mixed suits leave only where runs may mix
    ("scorpion", f"| {RUN} 9h"),  # covered: Scorpion leaves it until the cards on it move away
])
def test_cards_that_are_not_a_finished_run_on_top_are_a_position(name, cards):
    assert Game.from_text(position(name, [cards])).columns[0][-1].face_up
