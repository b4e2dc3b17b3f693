"""Cards and moves: small immutable values with a text form."""

from __future__ import annotations

import copy
import pickle

import pytest

from spider import DEAL, VARIANTS, Card, Hint, Move
from spider.cards import group_label, make_deck


def test_card_text_round_trips_and_reads_well():
    for text in ("As", "Th", "Kd", "2c", "Qs"):
        assert str(Card.from_text(text)) == text
    card = Card.from_text("Th")
    assert (card.rank, card.suit, card.face_up) == (10, "h", True)
    assert card.label == "10♥" and Card.from_text("Ks").label == "K♠"


@pytest.mark.parametrize("text", ["", "K", "1s", "Kx", "ks", "Kss", "10h"])
def test_bad_card_text_is_refused(text):
    with pytest.raises(ValueError, match="is not a card"):
        Card.from_text(text)


def test_copies_are_equal_but_keyed_apart():
    a, b = Card(13, "s"), Card(13, "s", copy=1)
    assert a == b and hash(a) == hash(b) and a.key != b.key
    assert Card(13, "s", face_up=False) != a


@pytest.mark.parametrize("value", [Card(13, "s"), Move(0, 1, 2), DEAL, VARIANTS["spider-2"],
                                   Hint(Move(0, 1), "builds 9♥ on 10♥ in suit")])
def test_values_are_immutable_and_compare_only_with_their_own_kind(value):
    with pytest.raises(AttributeError, match="immutable"):
        value.__setattr__(value.__slots__[0], None)
    with pytest.raises(AttributeError, match="immutable"):
        delattr(value, value.__slots__[0])
    assert value == copy.copy(value) and {value: 1}[value] == 1
    assert all(getattr(copy.copy(value), name) == getattr(value, name) for name in value.__slots__)
    assert copy.copy(Card(13, "s", copy=3)).copy == 3
    assert value != tuple(getattr(value, name) for name in value.__slots__)
    assert Move(1, 2, 3) != Move(1, 2) and Hint(Move(0, 1), "x") != Hint(Move(0, 1), "x", useful=False)


def test_repr_pastes_back():
    for card in (Card.from_text("7d"), Card.from_text("7d", face_up=False)):
        assert eval(repr(card), {"Card": Card}) == card


def test_turned_is_the_same_card_the_other_way_up():
    card = Card(5, "h", False, copy=3)
    up = card.turned(True)
    assert up.face_up and (up.rank, up.suit, up.copy) == (5, "h", 3)
    assert up.turned(False) == card


def test_a_group_is_named_as_a_range_only_when_it_is_one():
    def named(text: str) -> str:
        return group_label([Card.from_text(t) for t in text.split()])

    assert named("9s") == "9♠"
    assert named("Ts 9h 8s") == "10♠–8♠", "a sequence, whatever its suits"
    assert named("4c Ks 7h As") == "4♣ and the 3 cards on it", "Scorpion: no false range such as 4♣–A♠"
    assert named("2s 2d") == "2♠ and the card on it"


def test_decks():
    deck = make_deck(("s", "s", "h"))
    assert len(deck) == 39 and not any(c.face_up for c in deck)
    assert len({c.key for c in deck}) == 39


def test_moves_have_a_text_form_players_type():
    assert str(Move(2, 6)) == "3 7" and str(Move(2, 6, 2)) == "3 7 2" and str(DEAL) == "d"
    for move in (Move(2, 6), Move(0, 9, 12), DEAL):
        assert Move.from_text(str(move)) == move
    assert repr(Move(0, 1, 2)) == "Move(0, 1, 2)" and repr(DEAL) == "spider.DEAL"
    assert Move(0, 1) == Move(0, 1, 1) and len({Move(0, 1), Move(0, 1, 1)}) == 1


def test_pickled_moves_come_back_equal_and_the_deal_as_itself():
    assert pickle.loads(pickle.dumps(Move(0, 9, 12))) == Move(0, 9, 12)
    assert pickle.loads(pickle.dumps([DEAL, Move(1, 2)]))[0] is DEAL and copy.deepcopy(DEAL) is DEAL


@pytest.mark.parametrize("text", ["", "3", "3 7 2 1", "0 1", "1 0", "1 2 0", "a b", "-1 2", "d 2", "² 1", "١ ٢"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(ValueError, match="is not a move"):
        Move.from_text(text)


def test_a_move_of_no_cards_says_so():
    with pytest.raises(ValueError, match="'1 2 0' is not a move: it moves no card, and a move takes at least one"):
        Move.from_text("1 2 0")


def test_only_deal_itself_is_a_deal():
    assert DEAL.is_deal
    assert not Move(-1, 3, 1).is_deal and not Move(0, 1).is_deal and not Move(-1, -1, 1).is_deal
