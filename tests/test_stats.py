"""Each variant's statistics: what counts as a game, a win and a streak, and damaged records."""

from __future__ import annotations

import json
from datetime import date
from urllib.parse import quote

import pytest
from conftest import saving_off
from hypothesis import given
from hypothesis import strategies as st

from spider import SaveError
from spider.app import App
from spider.stats import Record, parse_day

from positions import NEAR_WIN, one_move_from_winning, winning_line

KEY = "spider:stats:spider-1"


def started(storage: dict[str, str] | None = None, hash_: str = "") -> App:
    app = App()
    app.handle({"type": "start", "storage": storage or {}, "hash": hash_, "seed": 5, "now": 0})
    return app


def near_win(storage: dict[str, str] | None = None) -> App:
    """An app whose saved spider-1 game is one move from winning."""
    return started({"spider:save:spider-1": one_move_from_winning().to_json(), **(storage or {})})


def finish(app: App, now: int = 65_000) -> dict:
    """Play the winning move as a player does: pick up its cards, then pick where they go."""
    move = winning_line()[-1]
    if move.is_deal:
        return app.handle({"type": "action", "name": "deal", "now": now})
    app.handle({"type": "pick", "col": move.src, "index": len(app.game.columns[move.src]) - move.count, "now": now})
    return app.handle({"type": "pick", "col": move.dst, "now": now})


def give_up(app: App, action: str = "new") -> dict:
    """New game or Replay over an unfinished game, confirmed in the dialog that asks first."""
    assert app.handle({"type": "action", "name": action})["view"]["dialog"] == "give-up"
    return app.handle({"type": "action", "name": "give-up"})


def stored(app: App) -> Record:
    return Record.from_json(app.storage[KEY])


def rows(view: dict) -> dict[str, str]:
    return dict(view["record"]["rows"])


# --- the record ---------------------------------------------------------------------------------


def test_wins_and_losses_make_the_streak_and_the_bests():
    record = Record().win(score=700, moves=150, seconds=400).next_game().win(score=650, moves=120, seconds=500)
    assert (record.played, record.won, record.streak, record.best_streak) == (2, 2, 2, 2)
    assert (record.best_score, record.fewest_moves, record.fastest_s) == (700, 120, 400)
    record = record.next_game().loss().next_game().win(score=900, moves=200, seconds=3_725)
    assert (record.played, record.won, record.streak, record.best_streak, record.best_score) == (4, 3, 1, 2, 900)
    assert dict(record.rows()) == {"Played": "4", "Won": "3 (75 %)", "Lost": "1", "Winning streak": "1 (best 2)",
                                   "Best score": "900", "Fastest win": "6:40", "Fewest moves": "120"}
    assert record.summary() == "Won 3 of 4 (75 %) · winning streak 1"
    assert dict(Record(played=1, won=1, streak=1, best_streak=1, best_score=1, fastest_s=3_725,
                       fewest_moves=1).rows())["Fastest win"] == "1:02:05"


def test_no_games_yet_shows_no_rate_and_no_bests():
    assert Record().rows() == [("Played", "0"), ("Won", "0"), ("Lost", "0"), ("Winning streak", "0 (best 0)")]
    lost_only = Record().loss().next_game().loss()
    assert dict(lost_only.rows()) == {"Played": "2", "Won": "0 (0 %)", "Lost": "2", "Winning streak": "0 (best 0)"}, \
        "no best score or fastest win before a win"


def test_the_win_rate_is_rounded_to_the_nearest_percent():
    record = Record().win(score=600, moves=100, seconds=60).next_game().win(score=600, moves=100, seconds=60)
    record = record.next_game().loss()
    assert dict(record.rows())["Won"] == "2 (67 %)" and record.summary().startswith("Won 2 of 3 (67 %)")


OUTCOMES = st.lists(st.tuples(st.booleans(), st.integers(-300, 1_300), st.integers(1, 2_000), st.integers(0, 10**6)))


@given(OUTCOMES)
def test_any_run_of_games_adds_up_and_round_trips(outcomes):
    record = Record()
    for won, score, moves, seconds in outcomes:
        record = (record.win(score, moves, seconds) if won else record.loss()).next_game()
    wins = [o for o in outcomes if o[0]]
    assert record.played == len(outcomes) and record.won == len(wins)
    trailing = len(outcomes) - max((i + 1 for i, o in enumerate(outcomes) if not o[0]), default=0)
    assert record.streak == trailing <= record.best_streak
    if wins:
        assert record.best_score == max(o[1] for o in wins) and record.fewest_moves == min(o[2] for o in wins)
    assert Record.from_json(record.to_json()) == record


@pytest.mark.parametrize("change, words", [
    ({"format": "spider-save"}, "not Spider statistics"),
    ({"version": 2}, "unknown format version 2"),
    ({"played": -1}, "played is impossible: -1"),
    ({"won": "3"}, "won is impossible: '3'"),
    ({"counted": 1}, "counted is impossible: 1"),
    ({"shown": "yes"}, "shown is impossible: 'yes'"),
    ({"won": 9}, "do not add up"),
    ({"streak": 2}, "do not add up"),
    ({"played": 2, "streak": 2, "best_streak": 2}, "do not add up"),  # a streak of two from one win
    ({"played": 2, "won": 2, "streak": 2}, "do not add up"),  # a streak past its best
    ({"best_score": None}, "best game does not match"),
])
def test_a_damaged_record_is_refused_with_what_is_wrong(change, words):
    good = json.loads(Record().win(500, 100, 60).to_json())
    with pytest.raises(SaveError, match=words):
        Record.from_json(json.dumps({**good, **change}))
    with pytest.raises(SaveError, match="not valid JSON"):
        Record.from_json("{not json")


def test_a_record_with_no_win_has_no_best_game():
    empty = json.loads(Record().to_json())
    with pytest.raises(SaveError, match="best game does not match"):
        Record.from_json(json.dumps({**empty, "best_score": 5, "fastest_s": 10, "fewest_moves": 90}))


def test_a_day_is_read_only_as_written_yyyy_mm_dd():
    """Python reads other ISO forms too, which would then not compare as days in a streak."""
    assert parse_day("2026-12-07") == date(2026, 12, 7)
    assert [parse_day(text) for text in ("20261207", "2026-W49-1", "2026-12-7", 20261207, None)] == [None] * 5


# --- in the app ---------------------------------------------------------------------------------


def test_a_win_counts_once_with_its_score_moves_and_time():
    app = near_win()
    assert app.handle({"type": "tick", "now": 5_000})["view"]["clock"]["ms"] == 5_000, "a game taken up runs on"
    view = finish(app, now=20_000)["view"]
    assert view["won"] and rows(view)["Won"] == "1 (100 %)" and rows(view)["Winning streak"] == "1 (best 1)"
    assert rows(view)["Fewest moves"] == str(app.game.moves) and rows(view)["Best score"] == str(app.game.score)
    assert rows(view)["Fastest win"] == "0:20", "from its loading to the win"
    assert view["record"]["summary"] == "Won 1 of 1 (100 %) · winning streak 1"
    assert stored(app).won == 1
    app.handle({"type": "action", "name": "undo"})
    view = app.handle({"type": "action", "name": "redo"})["view"]
    assert view["won"] and rows(view)["Played"] == "1", "a win undone and played again counts once"
    app.handle({"type": "action", "name": "undo"})
    view = give_up(app)["view"]
    assert rows(view)["Played"] == "1" and rows(view)["Lost"] == "0", "nor does giving up a game already won"
    reloaded = started(dict(app.storage))
    assert reloaded.record == stored(app) and not reloaded.record.counted


def test_giving_up_a_started_game_counts_a_loss_and_ends_the_streak():
    app = near_win()
    finish(app)
    app.handle({"type": "action", "name": "new"})
    view = app.handle({"type": "action", "name": "new"})["view"]
    assert rows(view)["Played"] == "1", "a deal not yet played is no game"
    app.handle({"type": "action", "name": "deal"})
    view = give_up(app, "replay")["view"]
    assert (rows(view)["Played"], rows(view)["Lost"], rows(view)["Winning streak"]) == ("2", "1", "0 (best 1)")
    app.handle({"type": "action", "name": "deal"})
    view = app.handle({"type": "hash", "hash": "#spider-1/99"})["view"]
    assert view["dialog"] == "link" and rows(view)["Played"] == "2", "nothing counts until the player chooses"
    view = app.handle({"type": "action", "name": "open-link"})["view"]
    assert rows(view)["Played"] == "3" and stored(app).played == 3


def test_positions_from_links_and_other_variants_never_count():
    app = started(hash_="#pos=" + quote(NEAR_WIN))
    app.handle({"type": "pick", "col": 1, "index": 0})
    view = app.handle({"type": "pick", "col": 0})["view"]
    assert view["won"] and rows(view)["Played"] == "0", "a position from a link is not a deal"
    assert view["record"]["summary"] == "A position from a link: it does not count in the statistics."
    app = near_win()
    app.handle({"type": "action", "name": "deal"})
    view = app.handle({"type": "action", "name": "variant", "variant": "spider-2"})["view"]
    assert rows(view)["Played"] == "0" and view["record"]["title"] == "Spider · 2 suits"
    view = app.handle({"type": "action", "name": "variant", "variant": "spider-1"})["view"]
    assert rows(view)["Played"] == "0" and view["moves"] == app.game.moves > 0, "spider-1's game waits, not lost"


def test_a_win_show_me_plays_counts_as_lost():
    app = near_win()
    response = app.handle({"type": "action", "name": "show-me"})
    job = response["work"][-1]
    view = app.handle({"type": "worked", "id": job["id"],
                       "result": {"status": "solved", "moves": [str(winning_line()[-1])]}})["view"]
    assert "(not counted as yours)" in view["status"] and rows(view)["Lost"] == "1"
    view = app.handle({"type": "tick", "now": 1_000})["view"]
    assert view["won"] and rows(view)["Played"] == "1" and rows(view)["Won"] == "0 (0 %)"
    assert view["won_title"] == "Show me won it" and view["status"].startswith("Show me won! 8 runs")
    again = App()
    response = again.handle({"type": "start", "storage": dict(app.storage), "hash": "", "now": 0})
    assert again.shown_win and response["view"]["status"].endswith(": Show me won this one. New game deals another."), \
        "reloaded, the win is still Show me's (it said 'you won this one')"
    again.handle({"type": "action", "name": "variant", "variant": "spider-2"})
    later = again.handle({"type": "action", "name": "variant", "variant": "spider-1"})["view"]
    assert later["status"].endswith(": Show me won this one. New game deals another."), "and after a switch"
    later = again.handle({"type": "action", "name": "new"})["view"]
    assert not again.shown_win and not later["record"]["summary"].startswith("A game won by"), "a new game is the player's"
    assert view["record"]["summary"] == "A game won by Show\u00a0me counts as lost.\nWon 0 of 1 (0 %) · winning streak 0"
    app.handle({"type": "action", "name": "undo"})
    view = app.handle({"type": "action", "name": "redo"})["view"]
    assert view["won_title"] == "Show me won it", "a win replayed after watching Show me's is still not the player's"
    view = finish(near_win())["view"]
    assert view["won_title"] == "You won!" and view["record"]["summary"].startswith("Won 1 of 1")


def test_a_damaged_record_is_kept_aside_and_reported_and_the_game_kept():
    app = near_win({KEY: "{not json"})
    view = app.view()
    assert app.storage["spider:backup:stats:spider-1"] == "{not json" and KEY not in app.storage
    assert view["tone"] == "error" and view["status"] == ("Couldn't read your Spider · 1 suit statistics: the "
                                                          "statistics are not valid JSON. They are kept aside; new "
                                                          "statistics start now.")
    assert app.game.to_text() == one_move_from_winning().to_text()
    assert finish(app)["store"][KEY] and stored(app).won == 1


def test_both_damaged_reports_both():
    app = started({"spider:save:spider-1": "{not json", KEY: "[]"})
    assert app.message.startswith("Couldn't load your saved game") and "statistics: these are not" in app.message


def test_reset_asks_first_and_keeps_the_game_in_play_counted():
    app = near_win()
    finish(app)
    assert app.handle({"type": "action", "name": "stats"})["view"]["dialog"] == "stats"
    view = app.handle({"type": "action", "name": "reset-stats"})["view"]
    assert view["dialog"] == "reset-stats" and rows(view)["Played"] == "1"
    view = app.handle({"type": "action", "name": "stats"})["view"]
    assert view["dialog"] == "stats" and rows(view)["Played"] == "1", "Keep them goes back, changing nothing"
    app.handle({"type": "action", "name": "reset-stats"})
    assert app.handle({"type": "key", "key": "Escape"})["view"]["dialog"] == "stats", "and so do Esc and Back"
    assert app.handle({"type": "action", "name": "dismiss"})["view"]["dialog"] is None
    app.handle({"type": "action", "name": "reset-stats"})
    view = app.handle({"type": "action", "name": "reset-stats-confirmed"})["view"]
    assert view["dialog"] is None and rows(view)["Played"] == "0" and stored(app) == Record(counted=True)
    app.handle({"type": "action", "name": "undo"})
    view = app.handle({"type": "action", "name": "redo"})["view"]
    assert rows(view)["Played"] == "0", "the game already counted does not count again"


def test_saving_off_deletes_the_statistics_and_on_writes_them_again():
    app = near_win()
    finish(app)
    response = saving_off(app)
    assert response["store"][KEY] is None and "statistics were deleted" in response["view"]["status"]
    view = app.handle({"type": "action", "name": "variant", "variant": "spider-1"})["view"]
    assert rows(view)["Played"] == "1", "kept for this visit, as the game on the table is"
    app.handle({"type": "action", "name": "new"})
    app.handle({"type": "action", "name": "deal"})
    response = give_up(app)
    assert KEY not in response["store"] and rows(response["view"])["Played"] == "2"
    response = app.handle({"type": "action", "name": "saving", "on": True})
    assert Record.from_json(response["store"][KEY]).played == 2


def test_another_tabs_record_is_the_newer_one_and_play_goes_on_from_it():
    app = near_win()
    other = Record(played=5, won=2, streak=1, best_streak=2, best_score=900, fastest_s=300, fewest_moves=120)
    view = app.handle({"type": "external", "key": KEY, "value": other.to_json()})["view"]
    assert rows(view)["Played"] == "5" and view["dialog"] is None
    assert rows(finish(app)["view"])["Winning streak"] == "2 (best 2)"
    spider2 = Record(played=1).to_json()
    view = app.handle({"type": "external", "key": "spider:stats:spider-2", "value": spider2})["view"]
    assert rows(view)["Played"] == "6" and app.storage["spider:stats:spider-2"] == spider2
    view = app.handle({"type": "external", "key": KEY, "value": "{not json"})["view"]
    assert view["tone"] == "error" and "statistics: the statistics are not valid JSON" in view["status"]
    assert app.storage["spider:backup:stats:spider-1"] == "{not json" and rows(view)["Played"] == "0"
