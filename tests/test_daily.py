"""Today's deal: the same proven deal for every player each day, and the days won in a row."""

from __future__ import annotations

import json
from datetime import date, timedelta
from itertools import pairwise

import pytest

import spider.winnable
from spider import VARIANTS, SaveError
from spider.app import App
from spider.stats import Record
from spider.winnable import daily_seed, winnable_seeds

from positions import winning_line

DAY = date(2026, 12, 7)
TODAY = DAY.isoformat()


def started(storage: dict[str, str] | None = None) -> App:
    app = App()
    app.handle({"type": "start", "storage": storage or {}, "hash": "", "seed": 5, "now": 0, "today": TODAY})
    return app


def act(app: App, name: str, today: str | None = TODAY) -> dict:
    return app.handle({"type": "action", "name": name, "today": today})["view"]


def play(app: App, move) -> dict:
    """Play ``move`` as a player does: the stock, or pick up its cards and then where they go."""
    if move.is_deal:
        return act(app, "deal")
    app.handle({"type": "pick", "col": move.src, "index": len(app.game.columns[move.src]) - move.count,
                "today": TODAY})
    return app.handle({"type": "pick", "col": move.dst, "today": TODAY})["view"]


def rows(view: dict) -> dict[str, str]:
    return dict(view["record"]["rows"])


@pytest.mark.parametrize("name", VARIANTS)
def test_each_day_has_a_proven_deal_and_each_comes_once_before_any_again(name):
    seeds = winnable_seeds(name)
    days = [daily_seed(name, DAY + timedelta(n)) for n in range(len(seeds))]
    assert sorted(days) == sorted(seeds), "every proven deal once in as many days"
    assert all(a != b for a, b in pairwise(days)) and days[1] not in (days[0] - 1, days[0] + 1)
    assert daily_seed(name, DAY) == days[0], "the same deal for everyone that day"


def test_a_variant_without_proven_seeds_still_has_a_deal_each_day(monkeypatch):
    """A list not shipped is an empty one; days then step through deals 1 to 10,000, each once,
    and a list of one proven deal gives it every day."""
    assert winnable_seeds("no-such-variant") == ()
    monkeypatch.setattr(spider.winnable, "winnable_seeds", lambda name: ())
    assert sorted(daily_seed("spider-1", DAY + timedelta(n)) for n in range(10_000)) == list(range(1, 10_001))
    monkeypatch.setattr(spider.winnable, "winnable_seeds", lambda name: (7,))
    assert {daily_seed("spider-1", DAY + timedelta(n)) for n in range(3)} == {7}


PINNED = [204, 806, 174, 3107]
"""The deals of 2026-12-07 as first shipped. A change to the draw or to the shipped lists of proven
seeds moves every day's deal, so players on two versions would meet different deals that day."""


def test_the_days_deals_stay_as_shipped():
    assert [daily_seed(name, date(2026, 12, 7)) for name in ("spider-1", "spider-2", "spider-4", "scorpion")] == PINNED


def test_todays_deal_opens_from_the_players_date_and_goes_on_when_asked_again():
    app = started()
    view = act(app, "daily", today=None)
    assert view["tone"] == "error" and "today's date" in view["status"] and app.game.seed == 5
    seed = daily_seed("spider-1", DAY)
    view = act(app, "daily")
    assert app.game.seed == seed and view["status"] == (f"Today's deal (7 December): Spider · 1 suit deal {seed}, "
                                                        "proven winnable. Good luck!")
    play(app, winning_line(seed)[0])
    view = act(app, "daily")
    assert view["dialog"] is None and app.game.moves == 1 and view["status"] == (
        f"This is today's deal: Spider · 1 suit deal {seed}.")
    view = act(app, "daily", today="2026-12-08")
    assert view["dialog"] == "give-up" and view["give_up"]["title"] == "Play today's deal?", "a new day, a new deal"
    view = act(app, "give-up", today="2026-12-08")
    assert app.game.seed == daily_seed("spider-1", DAY + timedelta(1)) and rows(view)["Lost"] == "1"


def test_winning_todays_deal_counts_the_day_once_and_survives_a_reload():
    app = started()
    seed = daily_seed("spider-1", DAY)
    act(app, "daily")
    for move in winning_line(seed):
        view = play(app, move)
    assert view["won"] and view["won_text"].startswith(f"Today's\u00a0deal\u00a0{seed}.\nScore\u00a0")
    assert view["status"].startswith("You won today's deal! 8 runs")
    assert rows(view)["Won"] == "1 (100 %)" and rows(view)["Today's deals won"] == "1 · 1 in a row (best 1)"
    reloaded = started(dict(app.storage))
    assert rows(reloaded.view())["Today's deals won"] == "1 · 1 in a row (best 1)"
    view = act(reloaded, "replay")
    assert reloaded.record.playing_day == TODAY and "Replaying" in view["status"], "a replay is still the day's deal"
    for move in winning_line(seed):
        view = play(reloaded, move)
    assert rows(view)["Won"] == "2 (100 %)" and rows(view)["Today's deals won"] == "1 · 1 in a row (best 1)"
    view = act(reloaded, "daily")
    assert "won it already today" in view["status"]
    view = act(reloaded, "new")
    assert reloaded.record.playing_day is None and not view["won_text"], "any other deal is not the day's"


def test_days_in_a_row_end_with_a_day_missed():
    def won(record: Record, day: date) -> Record:
        return record.next_game(day.isoformat()).win(600, 120, 300).won_day()

    record = won(won(Record(), DAY), DAY + timedelta(1))
    assert (record.days_won, record.day_streak, record.best_day_streak) == (2, 2, 2)
    record = record.next_game().win(600, 120, 300).won_day()
    assert record.days_won == 2 and record.won == 3, "a deal that is not the day's counts as a game only"
    record = won(record, DAY + timedelta(3))
    assert (record.days_won, record.day_streak, record.best_day_streak) == (3, 1, 2)
    assert dict(record.rows(DAY + timedelta(4)))["Today's deals won"] == "3 · 1 in a row (best 2)"
    assert dict(record.rows(DAY + timedelta(5)))["Today's deals won"] == "3 · 0 in a row (best 2)"
    assert "Today's deals won" not in dict(Record().win(600, 120, 300).rows(DAY))
    assert Record.from_json(record.to_json()) == record


@pytest.mark.parametrize("change, words", [
    ({"days_won": 5}, "days won do not add up"),
    ({"last_day": None}, "days won do not add up"),
    ({"day_streak": 2}, "days won do not add up"),
    ({"last_day": "2026-13-01"}, "last day is impossible"),
    ({"playing_day": 20261207}, "playing day is impossible"),
])
def test_a_damaged_day_count_is_refused(change, words):
    good = json.loads(Record().next_game(TODAY).win(500, 100, 60).won_day().to_json())
    with pytest.raises(SaveError, match=words):
        Record.from_json(json.dumps({**good, **change}))
