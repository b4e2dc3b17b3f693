"""Every rule of the issue and the seeds, each from a position written in the notation."""

from __future__ import annotations

import pytest

from spider import DEAL, VARIANTS, Game, IllegalMove, Move
from spider.rules import how_to_play

from engine_helpers import column_text, game, position

RUN_S = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"  # twelve spades: an Ace completes the run


def refused(g: Game, move: Move, *words: str) -> str:
    """Assert ``move`` is refused with a message naming ``words``, and that nothing changed."""
    before = g.to_text(), g.history, g.future
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert (g.to_text(), g.history, g.future) == before
    assert g.why_illegal(move) is not None and move not in g.legal_moves()
    return message


def played(g: Game, move: Move) -> Game:
    assert move in g.legal_moves() and g.why_illegal(move) is None
    g.play(move)
    return g


# --- groups -----------------------------------------------------------------------------------
def test_same_suit_group_moves_onto_any_suit_one_rank_up():
    g = game("spider-4", ["| 9h 8h 7h", "| Tc"], spare=1)
    assert g.movable(0) == 3
    played(g, Move(0, 1, 3))
    assert column_text(g, 1).endswith("| Tc 9h 8h 7h")
    assert g.columns[0] == ()


def test_mixed_suit_group_is_refused_naming_the_suits():
    g = game("spider-4", ["| 9s 8h 7h", "| Tc"], spare=1)
    assert g.movable(0) == 2
    message = refused(g, Move(0, 1, 3), "9♠", "8♥", "not the same suit")
    assert message.startswith("Can't move 3 cards from column 1 to column 2")


def test_why_a_group_cannot_be_picked_up_whatever_the_destination():
    g = game("spider-4", ["2s | 9s 8h 7h", "| Tc", ""], spare=1)
    assert g.why_unmovable(0, 2) is None
    assert "not the same suit" in g.why_unmovable(0, 3)
    assert g.why_unmovable(0, 4) == "column 1 has only 3 face-up cards"
    assert g.why_unmovable(2, 1) == "column 3 is empty"


def test_gap_in_rank_is_refused_naming_the_cards():
    g = game("spider-4", ["| 9h 7h", "| Tc"], spare=1)
    assert g.movable(0) == 1
    refused(g, Move(0, 1, 2), "7♥ does not follow 9♥")


def test_a_shorter_group_at_the_bottom_may_split_off():
    g = game("spider-4", ["| 9h 8h 7h", "| 9c"], spare=1)
    played(g, Move(0, 1, 2))
    assert column_text(g, 0) == "| 9h"
    assert column_text(g, 1).endswith("| 9c 8h 7h")


def test_a_card_lands_only_one_rank_up():
    g = game("spider-4", ["| 8h", "| Tc", "| 9d"], spare=1)
    refused(g, Move(0, 1), "8♥ can't go on 10♣", "needs a 9")
    played(g, Move(0, 2))
    g = game("spider-4", ["| 7h", "| Qc"], spare=1)
    refused(g, Move(0, 1), "7♥ can't go on Q♣", "it needs an 8")


def test_only_face_up_cards_move():
    g = game("spider-1", ["9s 8s | 7s", "| Ts"], spare=1)
    refused(g, Move(0, 1, 2), "only 1 face-up card")


def test_empty_column_takes_any_card_or_group():
    for count in (1, 2, 3):
        g = game("spider-4", ["| 9h 8h 7h", "", "| Kd"], spare=2)
        played(g, Move(0, 1, count))
        assert len(g.columns[1]) == count
    g = game("spider-4", ["| Kh Qh", ""], spare=0)
    played(g, Move(0, 1, 2))


def test_a_king_goes_only_into_an_empty_column():
    g = game("spider-4", ["| Kh", "| Ac"], spare=1)
    refused(g, Move(0, 1), "a King can only go into an empty column")


def test_a_whole_column_into_an_empty_one_is_legal_though_pointless():
    g = game("spider-1", ["| 5s", ""], spare=0)
    assert Move(0, 1) in g.legal_moves()


def test_moving_within_a_column_and_bad_indexes_are_refused():
    g = game("spider-1", ["| 5s", "| 6s"], spare=1)
    refused(g, Move(0, 0), "another column")
    refused(g, Move(0, 10), "only 10 columns")
    refused(g, Move(-1, 3, 1), "only 10 columns")
    refused(g, Move(0, 1, 0), "at least one card")
    g = game("spider-1", ["", "| 6s"], spare=1)
    refused(g, Move(0, 1), "column 1 is empty")


# --- dealing ----------------------------------------------------------------------------------
def test_deal_puts_one_face_up_card_on_each_column_left_to_right():
    g = Game("spider-2", seed=3)
    stock = g.stock
    played(g, DEAL)
    assert [col[-1] for col in g.columns] == [c.turned(True) for c in stock[:10]]
    assert all(c.face_up for c in stock[:10]) is False
    assert g.stock == stock[10:] and g.deals_left == 4 and g.moves == 1


@pytest.mark.parametrize("empty", [0, 1, 9])
def test_deal_refused_while_a_column_is_empty(empty):
    columns = ["| 5s"] + ["| 9s", "| 8s", "| 7s"] * 3
    columns[empty] = ""
    g = game("spider-1", columns, stock="Ks")
    refused(g, DEAL, "Can't deal", f"column {empty + 1} is empty")


def test_deal_refused_when_the_stock_is_empty():
    g = game("spider-1", ["| 5s"], spare=0)
    refused(g, DEAL, "the stock is empty")
    g = game("scorpion", ["| 5s"], spare=0)
    refused(g, DEAL, "the stock is empty")


def test_deal_completing_a_run_removes_it_and_flips_the_card_below():
    columns = ["5h | " + RUN_S, "| 9d", "| 9c", "| 8d", "| 8c", "| 7d", "| 7c", "| 6d", "| 6c", "| 5d"]
    g = game("spider-4", columns, stock="As 2d 3d 4d 5d 6d 7d 8d 9c Tc")
    played(g, DEAL)
    assert g.completed == ("s",)
    assert column_text(g, 0) == "| 5h"
    assert g.score == 500 - 1 + 100


# --- runs -------------------------------------------------------------------------------------
def test_a_completed_run_is_removed_then_the_card_below_turns_up():
    g = game("spider-1", ["3s | " + RUN_S, "| As"], spare=1)
    played(g, Move(1, 0))
    assert g.columns[0] == (g.columns[0][0],) and g.columns[0][0].face_up
    assert column_text(g, 0) == "| 3s"
    assert g.completed == ("s",)
    assert g.score == 500 - 1 + 100


def test_moving_the_last_face_up_card_turns_the_next_one_up():
    g = game("spider-4", ["4c 5h | 8s", "| 9d"], spare=1)
    played(g, Move(0, 1))
    assert column_text(g, 0) == "4c | 5h"
    g.undo()
    assert column_text(g, 0) == "4c 5h | 8s"


def test_a_mixed_suit_king_to_ace_stays_in_standard_spider_but_goes_in_relaxed():
    mixed = "Kh Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"
    for name, done in (("spider-4", ()), ("spider-relaxed", ("h",)), ("spider-easy", ("h",))):
        g = game(name, ["| " + mixed, "| Ad"], spare=1)
        g.play(Move(1, 0))
        assert g.completed == done, name
        assert len(g.columns[0]) == (13 if not done else 0)


def test_a_run_must_be_face_up_to_be_removed():
    g = game("spider-1", ["Ks | Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "| As"], spare=1)
    g.play(Move(1, 0))
    assert g.completed == ()


# --- scoring ----------------------------------------------------------------------------------
def test_score_counts_moves_deals_undos_redos_and_runs():
    g = game("spider-1", ["3s | " + RUN_S, "| 4s As", "| 9s", "| 7s 8s"] + ["| 8s"] * 6, stock="2s")
    assert g.score == 500
    g.play(Move(3, 2))  # a move: -1
    assert (g.moves, g.score) == (1, 499)
    g.undo()  # undo gives the cards back, not the point
    assert (g.moves, g.score) == (2, 498)
    g.redo()
    assert (g.moves, g.score) == (3, 497)
    g.play(Move(1, 0))  # completes a run: -1 + 100
    assert (g.moves, g.score) == (4, 596)
    g.play(DEAL)
    assert (g.moves, g.score) == (5, 595)
    g.undo()
    g.undo()  # the run goes back into the column, and its 100 with it
    assert g.completed == () and (g.moves, g.score) == (7, 493)
    assert g.score == 500 - g.moves + 100 * len(g.completed)


def test_the_score_may_go_below_zero():
    g = game("spider-1", ["| 5s", "| 9s"], spare=1, moves=600)
    assert g.score == -100


def test_points_count_same_suit_cards_down_from_a_king():
    g = game("spider-4", ["| Ks Qs Js", "| Kh Qd Jd", "| Qc Jc Tc", "2c | Kd Qd 5c"], spare=3)
    assert g.points == 3 + 1 + 0 + 2
    g = game("spider-4", ["Kh | Qh Jh"], spare=0)  # a face-down King starts nothing
    assert g.points == 0
    g = game("spider-4", ["| 9s"], spare=0, done="s")
    assert g.points == 13
    g = game("spider-4", ["| Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"], spare=0, done="hh")
    assert g.points == 12 + 26
    for variant, points in (("spider-relaxed", 3 + 3 + 0 + 2), ("spider-easy", 3 + 3 + 0 + 2),
                            ("spider-4", 3 + 1 + 0 + 2)):  # where mixed-suit runs are removed, they score
        assert game(variant, ["| Ks Qs Js", "| Kh Qs Jd", "| Qc Jc Tc", "2c | Kd Qd 5c"], spare=3).points == points


# --- Spider Easy --------------------------------------------------------------------------------
def test_easy_moves_mixed_suit_groups_and_the_others_do_not():
    columns = ["| 9s 8h 7d", "| Tc"]
    g = game("spider-easy", columns, spare=1)
    assert g.movable(0) == 3
    played(g, Move(0, 1, 3))
    for name in ("spider-4", "spider-relaxed"):
        g = game(name, columns, spare=1)
        refused(g, Move(0, 1, 3), "not the same suit")


# --- the game as a value ------------------------------------------------------------------------
def test_a_copy_is_the_same_game_and_independent():
    g = Game("spider-2", seed=5)
    g.play(g.legal_moves()[0])
    other = g.copy()
    assert (other.seed, other.to_text(), other.history, other.start) == (g.seed, g.to_text(), g.history, g.start)
    other.undo()
    assert g.moves == 1 and other.moves == 2 and g.to_text() != other.to_text()


def test_a_positions_key_tells_a_face_down_card_from_a_face_up_one():
    down = game("spider-1", ["5s | 4s", "| 6s"], spare=1)
    up = game("spider-1", ["| 5s 4s", "| 6s"], spare=1)
    assert down.key() != up.key(), "verdicts are kept by key: a turned card is another position"
    assert down.key() == game("spider-1", ["5s | 4s", "| 6s"], spare=1, moves=9).key(), "not the move counter"


# --- Spiderette and Will o' the Wisp ------------------------------------------------------------
def test_spiderette_deals_klondike_and_its_last_deal_is_three_cards():
    g = Game("spiderette", seed=5)
    assert [len(c) for c in g.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert [g.face_up_count(i) for i in range(7)] == [1] * 7
    assert (len(g.stock), g.deals_left) == (24, 4)
    for size in (17, 10, 3):
        g.play(DEAL)
        assert len(g.stock) == size
    before = [len(c) for c in g.columns]
    last = g.stock
    g.play(DEAL)
    assert g.stock == () and g.deals_left == 0
    assert [len(c) - n for c, n in zip(g.columns, before)] == [1, 1, 1, 0, 0, 0, 0]
    assert [g.columns[i][-1] for i in range(3)] == [c.turned(True) for c in last]
    refused(g, DEAL, "the stock is empty")


@pytest.mark.parametrize("name", ["spiderette", "will-o-the-wisp"])
def test_one_deck_games_deal_while_no_column_is_empty_only(name):
    g = game(name, ["| 5s", ""], stock="Ks Kh Kd Kc Qs Qh Qd", spare=0)
    refused(g, DEAL, "column 2 is empty")


@pytest.mark.parametrize("name", ["spiderette", "will-o-the-wisp"])
def test_one_deck_games_build_on_any_suit_but_move_and_complete_only_in_suit(name):
    g = game(name, ["| 9s 8h", "| Tc", "| 9c"], spare=1)
    assert g.movable(0) == 1
    refused(g, Move(0, 1, 2), "not the same suit")
    played(g, Move(0, 2, 1))  # 8♥ on 9♣: building is in any suit
    g = game(name, ["| 9s", "| Th"], spare=1)
    played(g, Move(0, 1))
    g = game(name, ["| Kh Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "| As"], spare=1)
    played(g, Move(1, 0))
    assert g.completed == () and len(g.columns[0]) == 13, "K♥ on Q♠–A♠ is no run"
    g = game(name, ["| 9s", "", "| Th"], spare=2)
    played(g, Move(0, 1))  # any card fills a space


def test_scorpion_completes_and_counts_runs_in_suit_only():
    g = game("scorpion", ["| Kh Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "| As"], spare=1)
    played(g, Move(1, 0))
    assert g.completed == () and len(g.columns[0]) == 13, "K♥ on Q♠–A♠ is no run"
    assert game("scorpion", ["| Kh Qs Js"], spare=0).points == 1, "Q♠ J♠ link; K♥ Q♠ does not"


def test_will_o_the_wisp_deals_sevens_then_three():
    g = Game("will-o-the-wisp", seed=5)
    assert [len(c) for c in g.columns] == [3] * 7
    assert [g.face_up_count(i) for i in range(7)] == [1] * 7
    assert (len(g.stock), g.deals_left) == (31, 5)
    for size in (24, 17, 10, 3, 0):
        g.play(DEAL)
        assert len(g.stock) == size
    assert [len(c) for c in g.columns] == [8, 8, 8, 7, 7, 7, 7]


# --- Scorpion -----------------------------------------------------------------------------------
def test_scorpion_moves_any_face_up_card_with_everything_above_it():
    g = game("scorpion", ["| 8h 2c Kd 5s", "| 9h", "| 3c"], spare=1)
    assert g.movable(0) == 4
    played(g, Move(0, 1, 4))
    assert column_text(g, 1).endswith("| 9h 8h 2c Kd 5s")
    g = game("scorpion", ["| 8h 2c Kd 5s", "| 9h", "| 3c"], spare=1)
    played(g, Move(0, 2, 3))


def test_scorpion_run_finished_under_other_cards_leaves_once_they_move_off_it():
    g = game("scorpion", ["| Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "| As 7h 3c", "| 8h"], spare=2)
    played(g, Move(1, 0, 3))  # A♠ with the cards on it onto 2♠: the run is whole, but covered
    assert g.completed == () and column_text(g, 0).endswith("2s As 7h 3c")
    played(g, Move(0, 2, 2))
    assert g.completed == ("s",) and g.columns[0] == ()
    assert "leaves the table by itself once no card lies on it" in " ".join(how_to_play(VARIANTS["scorpion"]))


def test_scorpion_builds_in_suit_only():
    g = game("scorpion", ["| 8h", "| 9s"], spare=1)
    refused(g, Move(0, 1), "8♥ can't go on 9♠", "needs the 9♥")


def test_scorpion_lets_only_a_king_into_an_empty_column():
    g = game("scorpion", ["| 8h 7c", "", "| Kd 4s", "| Qh"], spare=0)
    refused(g, Move(0, 1, 2), "only a King can go into an empty column")
    refused(g, Move(0, 1, 1), "only a King")
    refused(g, Move(3, 1, 1), "only a King")
    played(g, Move(2, 1, 2))


def test_will_o_the_wisp_lets_any_card_into_an_empty_column():
    g = game("will-o-the-wisp", ["| 5h", "", "| 9s"], spare=0)
    played(g, Move(0, 1))
    assert column_text(g, 1) == "| 5h"


def test_scorpion_moves_a_king_onto_a_card_never():
    g = game("scorpion", ["| Kd", "| Ad"], spare=1)
    refused(g, Move(0, 1), "a King can only go into an empty column")


def test_scorpion_deals_three_cards_onto_the_first_three_columns_even_with_empties():
    g = game("scorpion", ["| 8h", "", "| 9s"], stock="Ac 2c 3c", spare=0)
    played(g, DEAL)
    assert [str(col[-1]) for col in g.columns[:3]] == ["Ac", "2c", "3c"]
    assert g.columns[3:] == ((),) * 4 and g.stock == ()
    refused(g, DEAL, "the stock is empty")


def test_scorpion_layout():
    g = Game("scorpion", seed=9)
    assert [len(c) for c in g.columns] == [7] * 7
    assert [len(c) - g.face_up_count(i) for i, c in enumerate(g.columns)] == [3, 3, 3, 3, 0, 0, 0]
    assert len(g.stock) == 3


def test_scorpion_removes_a_same_suit_run_wherever_it_completes():
    g = game("scorpion", ["9c | " + RUN_S, "| Ah As"], spare=0)
    g.play(Move(1, 0))
    assert g.completed == ("s",) and column_text(g, 0).endswith("| 9c")


def test_scorpion_removes_two_runs_one_move_completes():
    g = game("scorpion", ["9c | " + RUN_S + " As Kh", "| Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h Ah"], spare=1)
    played(g, Move(1, 0, 12))  # hearts run complete on top, and under it the spades run it covered
    assert sorted(g.completed) == ["h", "s"] and column_text(g, 0) == "| 9c"


def test_scorpion_run_built_beneath_other_cards_leaves_when_they_move_off_it():
    g = game("scorpion", ["9c | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "| As 5h", "| 6h"], spare=2)
    played(g, Move(1, 0, 2))  # A♠ ends the run, but 5♥ lies on it: the run stays
    assert g.completed == () and column_text(g, 0).endswith("2s As 5h")
    played(g, Move(0, 2))
    assert g.completed == ("s",) and column_text(g, 0) == "| 9c"


# --- undo / redo --------------------------------------------------------------------------------
def test_undo_restores_face_down_cards_stock_and_runs_exactly():
    g = game("spider-1", ["3s | " + RUN_S, "| As"], spare=1)
    start = g.to_text()
    g.play(Move(1, 0))
    after = g.to_text()
    assert g.undo() == Move(1, 0)
    assert g.to_text().split("\n", 1)[1] == start.split("\n", 1)[1]
    assert g.redo() == Move(1, 0)
    assert g.to_text().split("\n", 1)[1] == after.split("\n", 1)[1]
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()


def test_a_new_move_clears_redo_and_undo_stops_at_the_deal():
    g = Game("spider-1", seed=2)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    g.play(DEAL)
    g.undo()
    assert g.future == (DEAL,)
    g.play(g.legal_moves()[0])
    assert g.future == () and not g.can_redo()


def test_a_position_text_has_no_seed_and_no_history():
    text = position("spider-1", ["| 5s", "| 6s"], spare=1, moves=4)
    g = Game.from_text(text)
    assert g.seed is None and g.history == () and g.moves == 4 and g.to_text() == text


# --- from a mutation audit of the engine: what no test pinned ---------------------------------
def test_the_card_needed_is_named_as_a_court_card_where_it_is_one():
    """The card a refused card needs is named as players name it: 10♥ needs a J, J a Q, Q a K."""
    g = game("spider-4", ["| Th", "| 5c", "| Jd", "| Qs"], spare=1)
    assert g.why_illegal(Move(0, 1)) == "10♥ can't go on 5♣: it needs a J"
    assert g.why_illegal(Move(2, 1)) == "J♦ can't go on 5♣: it needs a Q"
    assert g.why_illegal(Move(3, 1)) == "Q♠ can't go on 5♣: it needs a K"
    s = game("scorpion", ["| Th", "| 5c", "| Qd"], spare=1)
    assert s.why_illegal(Move(0, 1)) == "10♥ can't go on 5♣: it needs the J♥"
    assert s.why_illegal(Move(2, 1)) == "Q♦ can't go on 5♣: it needs the K♦"


def test_scorpion_lists_no_move_of_a_group_onto_its_own_column():
    """In "4♥ 7♣ 5♥" the group from 4♥ has its base one below the 5♥ on top of its own column: no move."""
    g = game("scorpion", ["| 4h 7c 5h", "| 9s"], spare=1)
    legal = g.legal_moves()
    assert Move(0, 0, 3) not in legal
    assert all(m.src != m.dst for m in legal if not m.is_deal)
    assert all(g.why_illegal(m) is None for m in legal)


def test_groups_stop_at_the_first_face_down_card_in_scorpion_and_easy():
    """Any card moves with the cards on it in Scorpion, and a rank sequence in Easy, but only face up."""
    s = game("scorpion", ["Kd 3c | 8h 2c", ""], spare=0)
    assert s.movable(0) == 2
    assert [m for m in s.legal_moves() if not m.is_deal and m.src == 0 and m.count > 2] == []
    e = game("spider-easy", ["9s | 8h 7d", "| Tc"], spare=1)
    assert e.movable(0) == 2
    assert Move(0, 1, 3) not in e.legal_moves()


def test_a_refused_deal_says_how_to_make_it_allowed():
    """A refused deal says what to do about it, not only which column is empty."""
    g = game("spider-1", ["| 5s", ""] + ["| 9s"] * 8, stock="Ks")
    assert g.why_illegal(DEAL) == "column 2 is empty: fill every column before dealing"


def test_a_mixed_suit_group_names_its_cards_bottom_first():
    """The pair is named as it lies, the lower card first."""
    g = game("spider-4", ["| 9s 8h 7h", "| Tc"], spare=1)
    assert g.why_unmovable(0, 3) == "9♠ and 8♥ are not the same suit, so they can't move together"
