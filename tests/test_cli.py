"""The command line: show, play (driven through stdin) and bench."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from spider import DEAL, VARIANTS, Game, Move, hints
from spider import cli as cli_module
from spider.cli import main
from spider.solver import SolveResult

from positions import SHUFFLE_ONLY, STUCK


def test_show_prints_a_deal_that_parses_back(capsys):
    assert main(["show", "spider-4", "42"]) == 0
    out = capsys.readouterr().out
    assert Game.from_text(out).to_text() == out == Game("spider-4", 42).to_text()


def test_python_dash_m_spider_show():
    out = subprocess.run(
        [sys.executable, "-m", "spider", "show", "spider-4", "42"], capture_output=True, text=True, check=True
    ).stdout
    assert out == Game("spider-4", 42).to_text()


def test_a_reader_gone_is_no_error():
    """``python -m spider rules spider-4 | head -1``: the rest of the output goes nowhere, quietly
    (buffered, it was written at exit, past the command's own handling, and reported)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen([sys.executable, "-m", "spider", "rules", "spider-4"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    proc.wait()
    assert err == b"" and proc.returncode == 1


def test_rules_prints_how_to_play_the_variant(capsys):
    from spider.rules import how_to_play

    assert main(["rules", "scorpion"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Scorpion\n\nBuild four runs") and max(len(line) for line in out.splitlines()) <= 100
    assert " ".join(out.split()[1:]) == " ".join(" ".join(how_to_play(VARIANTS["scorpion"])).split())


def test_show_refuses_an_unknown_variant(capsys):
    with pytest.raises(SystemExit):
        main(["show", "spider-9", "1"])
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "says"), [
    (["solve", "spider-1", "--seeds", "1", "--budget", "-1"], "'-1' is not a number of seconds above 0"),
    (["winnable", "spider-1", "--seeds", "1", "--budget", "nan"], "'nan' is not a number of seconds above 0"),
    (["bot", "spider-1", "--seeds", "5-3"], "'5-3' names no seeds"),
    (["solve", "spider-1", "--seeds", "x"], "'x' is not a seed or a range like 1-200"),
    (["solve", "spider-1", "--seeds", "82,1-x"], "'1-x' is not a seed or a range like 1-200"),
    (["winnable", "spider-1", "--seeds", "3,9-7"], "'9-7' names no seeds"),
    (["bot", "spider-1", "--seeds", "5,1-5"], "'5,1-5' names a seed twice"),
    (["bot", "spider-1", "--jobs", "0"], "'0' is not a number of processes"),
    (["show", "spider-1", "-1"], "'-1' is not a deal number"),
    (["play", "spider-1", str(2**64 + 1)], "is not a deal number"),  # it would deal as 1
    (["solve", "spider-1", "--seeds", f"{2**64 - 1}-{2**64}"], "names no seeds"),
    (["solve", "spider-1", "--seeds", f"0-{2**64 - 1}"], "names more than 1,000,000 seeds"),  # not an overflow
    (["bench", "--games", "0"], "'0' is not a number of games"),
    (["bench", "--steps", "-3"], "'-3' is not a number of moves"),
])
def test_bad_arguments_are_refused_saying_why(capsys, args, says):
    with pytest.raises(SystemExit):
        main(args)
    assert says in capsys.readouterr().err


def play(monkeypatch, capsys, lines: list[str], variant: str = "spider-1", seed: str = "3") -> str:
    feed = iter(lines)

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", variant, seed]) == 0
    return capsys.readouterr().out


def test_play_moves_deals_undoes_and_quits(monkeypatch, capsys):
    g = Game("spider-1", 3)
    move = next(m for m in g.legal_moves() if m is not DEAL)
    out = play(monkeypatch, capsys, [str(move), "d", "u", "r", "u", "q"])
    g.play(move)
    g.play(DEAL)
    g.undo()
    g.redo()
    g.undo()
    assert out.startswith("Spider · 1 suit, deal 3.")
    frames = out.split("> ")
    assert len(frames) == 7  # the start and five actions, then q
    assert frames[-2].startswith(cli_module.table(g)) and f"score={g.score}" in frames[-2]


def test_play_shows_only_what_a_player_sees(monkeypatch, capsys):
    """Face-down cards are ## and the stock a count: the notation would name every hidden card."""
    out = play(monkeypatch, capsys, ["q"], seed="7")
    g = Game("spider-1", 7)
    board = out.split("\n", 1)[1].split("> ")[0]
    assert board.splitlines()[1] == "stock: 50 cards, 5 deals left"
    assert board.count("##") == sum(1 for col in g.columns for card in col if not card.face_up) == 44
    assert board.splitlines()[2] == f"1: ## ## ## ## ## | {g.columns[0][-1]}"
    lines = g.to_text().splitlines()
    stock, first = lines[1].split(), lines[2].split()
    stock[1], first[1] = first[1], stock[1]  # a stock card and a face-down one change places
    assert stock[1] != first[1]
    swapped = Game.from_text("\n".join([lines[0], " ".join(stock), " ".join(first), *lines[3:]]))
    assert cli_module.table(swapped) == cli_module.table(g)


def test_play_takes_commands_in_either_case(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["H", "Q"])
    assert "is not a move" not in out and out.count("> ") == 2


def test_play_shows_the_rules_on_a_question_mark(monkeypatch, capsys):
    from spider.rules import how_to_play

    out = play(monkeypatch, capsys, ["?", "q"])
    assert "? for the rules" in out.splitlines()[0]
    assert " ".join(how_to_play(VARIANTS["spider-1"])) in " ".join(out.split()), "every paragraph, wrapped"


def test_play_reports_bad_input_and_carries_on(monkeypatch, capsys):
    g = Game("spider-1", 3)
    bad = next(Move(s, d) for s in range(10) for d in range(10) if s != d and not g.is_legal(Move(s, d)))
    out = play(monkeypatch, capsys, ["1 2 3 4", str(bad), "u", "r"])
    assert "is not a move" in out
    assert f"Can't move the card from column {bad.src + 1} to column {bad.dst + 1}" in out
    assert "nothing to undo" in out and "nothing to redo" in out


def test_play_hints_name_moves_to_type_and_why(monkeypatch, capsys):
    g = Game("spider-1", 3)
    top = hints(g)[0]
    out = play(monkeypatch, capsys, ["h", str(top.move), "q"])
    assert f"  {top.move}: {top.reason}\n" in out
    g.play(top.move)
    assert out.split("> ")[-2].startswith(cli_module.table(g))  # typed as shown, the hint is played


def test_play_hints_never_say_no_moves_while_one_is_legal(monkeypatch, capsys):
    monkeypatch.setattr(cli_module, "Game", lambda variant, seed: Game.from_text(SHUFFLE_ONLY))
    assert "nothing useful is left" in play(monkeypatch, capsys, ["h"])
    monkeypatch.setattr(cli_module, "Game", lambda variant, seed: Game.from_text(STUCK))
    assert "no moves left" in play(monkeypatch, capsys, ["h"])


def test_play_ends_on_end_of_input(monkeypatch, capsys):
    assert "Type FROM TO" in play(monkeypatch, capsys, [])


def test_bench_reports_both_rates(capsys):
    assert main(["bench", "spider-1", "--games", "1", "--steps", "20"]) == 0
    out = capsys.readouterr().out
    assert "legal_moves" in out and "play+undo" in out and out.startswith("spider-1")
    assert main(["bench", "nope"]) == 2
    assert main(["bench", "spider-1", "nope", "--games", "1", "--steps", "20"]) == 2
    assert "legal_moves" not in capsys.readouterr().out, "refused before any work"


# --- from a mutation audit: behaviour no test pinned -------------------------------------------
def test_a_budget_of_zero_seconds_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["solve", "spider-1", "--seeds", "1", "--budget", "0"])
    assert exit_.value.code == 2 and "'0' is not a number of seconds above 0" in capsys.readouterr().err


def test_a_solved_answer_that_does_not_win_is_kept_out_of_the_winnable_list(tmp_path, monkeypatch, capsys):
    """The list ships in the wheel: a seed goes in only when its answer replays to a win."""
    monkeypatch.setattr(cli_module, "solve", lambda game, budget_s: SolveResult("solved", [], 1, 0.0))
    out = tmp_path / "winnable.txt"
    assert main(["winnable", "spider-1", "--seeds", "3", "--out", str(out)]) == 1
    assert out.read_text() == "" and "its answer does not replay to a win" in capsys.readouterr().err
