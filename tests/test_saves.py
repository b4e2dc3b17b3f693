"""Saves: versioned JSON that reloads exactly, and refuses any corruption with SaveError."""

from __future__ import annotations

import json
import random

import pytest

from spider import DEAL, Game, Move, SaveError

from engine_helpers import position, random_step


def played_game(name: str = "spider-2", seed: int = 8, steps: int = 60) -> Game:
    g = Game(name, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        random_step(g, rng)
    g.play(g.legal_moves()[0])
    g.undo()
    g.undo()
    return g


def same(a: Game, b: Game) -> None:
    assert a.to_text() == b.to_text()
    assert (a.history, a.future, a.seed, a.moves, a.start) == (b.history, b.future, b.seed, b.moves, b.start)


def test_a_save_reloads_with_its_history():
    g = played_game()
    data = json.loads(g.to_json())
    assert data["format"] == "spider-save" and data["version"] == 1
    assert (data["variant"], data["seed"]) == ("spider-2", 8)
    assert len(data["future"]) == 2
    again = Game.from_json(g.to_json())
    same(again, g)
    again.redo()
    g.redo()
    same(again, g)
    while again.can_undo():
        again.undo()
    assert again.position == Game("spider-2", 8).position


def test_a_game_from_text_saves_and_reloads():
    g = Game.from_text(position("spider-1", ["| 5s", "| 6s"], spare=1, moves=7))
    g.play(Move(0, 1))
    again = Game.from_json(g.to_json())
    same(again, g)
    assert again.seed is None


def tampered(change) -> str:
    data = json.loads(played_game().to_json())
    change(data)
    return json.dumps(data)


def _set(key, value):
    def change(data):
        data[key] = value
    return change


def _edit_position(data):
    data["position"] = data["position"].replace("moves=", "moves=1", 1)


def _swap_position_cards(data):
    lines = data["position"].splitlines()
    lines[2], lines[3] = lines[3].replace("2:", "1:", 1), lines[2].replace("1:", "2:", 1)
    data["position"] = "\n".join(lines) + "\n"


def _illegal_history(data):
    data["history"].insert(0, "1 1")


def _wrong_history(data):
    data["history"] = data["history"][:-1]
    data["future"] = []


BAD_SAVES = {
    "not JSON": ("{", "not valid JSON"),
    "deep JSON": ("[" * 100_000, "not valid JSON"),
    "a list": ("[]", "not a Spider save"),
    "other format": (tampered(_set("format", "chess")), "not a Spider save"),
    "no version": (tampered(_set("version", None)), "no format version"),
    "newer version": (tampered(_set("version", 2)), "newer version"),
    "version zero": (tampered(_set("version", 0)), "unknown save format version"),
    "unknown variant": (tampered(_set("variant", "spider-9")), "unknown variant"),
    "unhashable variant": (tampered(_set("variant", ["spider-2"])), "unknown variant"),
    "wrong seed start": (tampered(_set("seed", 9)), "not deal 9 of spider-2"),
    "negative seed": (tampered(_set("seed", -1)), "not a deal number"),
    "text seed": (tampered(_set("seed", "8")), "not a deal number"),
    "no start": (tampered(_set("start", None)), "no start position"),
    "history not a list": (tampered(_set("history", "1 2")), "history is not a list"),
    "history of numbers": (tampered(_set("history", [1])), "history is not a list of moves"),
    "bad move text": (tampered(_set("future", ["1 x"])), "future holds a bad move"),
    "illegal history": (tampered(_illegal_history), "does not replay"),
    "edited history": (tampered(_wrong_history), "does not match its history"),
    "edited position": (tampered(_edit_position), "does not match its history"),
    "swapped columns": (tampered(_swap_position_cards), "does not match its history"),
    "impossible moves counter": (tampered(_set("moves", 3)), "move counter 3 is impossible"),
    "moves not a number": (tampered(_set("moves", "70")), "move counter '70' is not a whole number"),
    "moves a float": (tampered(_set("moves", 70.0)), "move counter 70.0 is not a whole number"),
    "version a float": (tampered(_set("version", 1.0)), "format version 1.0 is not a whole number"),
    "version true": (tampered(_set("version", True)), "format version True is not a whole number"),
    "moves true": (tampered(_set("moves", True)), "move counter True is not a whole number"),
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_corrupt_or_tampered_saves_are_refused(name):
    text, reason = BAD_SAVES[name]
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    assert reason in str(info.value)


def test_the_move_counter_must_pay_for_each_undone_move_and_its_undo():
    g = played_game()  # two moves undone: each cost a move and then an undo
    data = json.loads(g.to_json())
    least = len(data["history"]) + 2 * len(data["future"])
    assert data["future"] and data["moves"] >= least
    for moves, loads in ((least - 1, False), (least, True)):
        data["position"] = data["position"].replace(f"moves={data['moves']} ", f"moves={moves} ", 1)
        data["moves"] = moves
        if loads:
            assert Game.from_json(json.dumps(data)).moves == least
        else:
            with pytest.raises(SaveError, match=f"move counter {moves} is impossible"):
                Game.from_json(json.dumps(data))


def test_a_seedless_save_with_a_damaged_start_is_refused():
    g = Game.from_text(position("spider-1", ["| 5s", "| 6s"], spare=1))
    data = json.loads(g.to_json())
    data["start"] = data["start"].replace("5s", "5x")
    with pytest.raises(SaveError, match="start position is damaged"):
        Game.from_json(json.dumps(data))
    data = json.loads(g.to_json())
    data["variant"] = "spider-2"
    with pytest.raises(SaveError, match="start position is spider-1, not spider-2"):
        Game.from_json(json.dumps(data))


def test_a_larger_moves_counter_is_kept():
    g = Game("spider-4", 3)
    g.play(DEAL)
    data = json.loads(g.to_json())
    data["moves"] = 5
    data["position"] = data["position"].replace("moves=1", "moves=5")
    assert Game.from_json(json.dumps(data)).score == 495


# --- from a mutation audit of the engine: what no test pinned ---------------------------------
@pytest.mark.parametrize("start", [5, ["spider-1"], {"a": 1}])
@pytest.mark.parametrize("seeded", [False, True])
def test_a_save_whose_start_is_not_text_is_refused_as_having_no_start(start, seeded):
    """A start that is not text is refused as missing, not handed to the parser (which would crash on it)."""
    g = Game("spider-1", 3) if seeded else Game.from_text(position("spider-1", ["| 5s", "| 6s"], spare=1))
    data = json.loads(g.to_json())
    data["start"] = start
    with pytest.raises(SaveError, match="the save has no start position"):
        Game.from_json(json.dumps(data))
