"""Backup files: what goes in, what a damaged one is refused for, and loading one in another browser."""

from __future__ import annotations

import json

import pytest
from conftest import saving_off

from spider import Game, SaveError
from spider.app import App
from spider.backup import backup_text, describe, read_backup
from spider.stats import Record


def started(storage: dict[str, str] | None = None, hash_: str = "#spider-2/7") -> tuple[App, dict]:
    app = App()
    return app, app.handle({"type": "start", "storage": storage or {}, "hash": hash_, "seed": 5, "now": 0})


def played_browser() -> tuple[App, dict[str, str]]:
    """A browser with a spider-1 game given up, a spider-2 game in progress and a blue table."""
    app, _ = started(hash_="#spider-1/3")
    app.handle({"type": "action", "name": "deal"})
    app.handle({"type": "action", "name": "new"})
    app.handle({"type": "action", "name": "give-up"})
    app.handle({"type": "action", "name": "table", "value": "blue"})
    app.handle({"type": "action", "name": "variant", "variant": "spider-2"})
    app.handle({"type": "action", "name": "deal", "now": 1_000})
    return app, dict(app.storage)


def test_a_backup_holds_each_variants_entries_and_the_settings_not_views_or_damaged_data():
    stored = {"spider:save:spider-2": Game("spider-2", 7).to_json(), "spider:time:spider-2": "4000",
              "spider:stats:spider-2": Record(played=3, won=0).to_json(), "spider:settings": "{}",
              "spider:proven:spider-4": "[1, 2]", "spider:dealt:spider-4": "[2]",
              "spider:view:spider-2": "{}", "spider:backup:spider-2:1": "junk", "other": "x"}
    keys = read_backup(backup_text(stored))
    assert keys == {k: v for k, v in stored.items() if k not in ("spider:view:spider-2", "spider:backup:spider-2:1",
                                                                 "other")}


def damaged(**changes: object) -> str:
    data = {"format": "spider-backup", "version": 1, "keys": {"spider:save:spider-2": Game("spider-2", 7).to_json()}}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "says"), [
    ("hello", "it is not a Spider backup (not JSON)"),
    (json.dumps({"format": "other"}), "it is not a Spider backup"),
    (damaged(version=9), "unknown format version 9"),
    (damaged(keys=[1]), "its entries are not readable"),
    (damaged(keys={"spider:time:spider-2": 5}), "its entries are not readable"),
    (damaged(keys={"spider:settings": "{"}), "its entry spider:settings is damaged"),
    (damaged(keys={"spider:save:spider-9": "{}"}), "an entry this game does not keep (spider:save:spider-9)"),
    (damaged(keys={"spider:save:spider-4": Game("spider-2", 7).to_json()}),
     "its entry spider:save:spider-4 is damaged: it is a game of Spider · 2 suits, not Spider · 4 suits"),
    (damaged(keys={"spider:save:spider-2": "{"}), "its entry spider:save:spider-2 is damaged"),
    (damaged(keys={"spider:time:spider-2": "-5"}), "the time played is not a whole number"),
    (damaged(keys={"spider:stats:spider-2": Record(played=1).to_json().replace('"won":0', '"won":2')}),
     "its entry spider:stats:spider-2 is damaged: the statistics do not add up"),
    (damaged(keys={"spider:proven:spider-2": "[1, -2]"}), "it is not a list of deal numbers"),
    (damaged(keys={"spider:dealt:spider-2": "[true]"}), "it is not a list of deal numbers"),
    (damaged(keys={"spider:time:spider-2": "²"}), "the time played is not a whole number"),
    (damaged(keys={"spider:settings": "[]"}), "they are not a set of settings"),
    (" " * 10_000_001, "far too big"),
])
def test_a_damaged_backup_is_refused_saying_what_is_wrong(text, says):
    with pytest.raises(SaveError) as info:
        read_backup(text)
    assert says in str(info.value)


def test_a_backup_loads_in_another_browser_after_asking_and_play_goes_on_there():
    app, _ = played_browser()
    response = app.handle({"type": "action", "name": "export", "now": 3_000, "today": "2026-12-07"})
    download = response["download"]
    assert download["name"] == "spider-backup-2026-12-07.json" and response["view"]["tone"] == "info"
    assert "spider‑backup‑2026‑12‑07.json" in response["view"]["status"], "the name kept whole on a line"
    for today in (None, "../../etc", "2026-12-7"):
        odd = app.handle({"type": "action", "name": "export", "today": today})["download"]
        assert odd["name"] == "spider-backup.json" and odd["text"] == download["text"], today
    assert app.handle({"type": "tick"})["download"] is None, "a file only when asked for"
    other, response = started(hash_="#scorpion/1")  # another browser, its own game on
    own = other.game.to_text()
    view = other.handle({"type": "action", "name": "import", "text": download["text"]})["view"]
    assert view["dialog"] == "import" and other.game.to_text() == own, "asked first"
    assert view["import_text"] == ("The file holds 2 saved games and the statistics of 1 variant. They replace "
                                   "this browser's games, statistics and settings.")
    response = other.handle({"type": "action", "name": "import-confirmed"})
    view = response["view"]
    assert view["dialog"] is None and other.game.to_json() == app.game.to_json() and other.elapsed_ms == 2_000
    assert view["settings"]["table"] == "blue" and view["status"].startswith("Loaded the backup: 2 saved games")
    assert response["store"]["spider:save:scorpion"] is None, "what was here is replaced"
    assert response["store"]["spider:save:spider-1"] == app.storage["spider:save:spider-1"]
    assert "spider:view:spider-2" in response["store"], "the next start paints the loaded game at once"
    other.handle({"type": "action", "name": "variant", "variant": "spider-1"})
    assert (other.record.played, other.game.to_json()) == (1, app.storage["spider:save:spider-1"])
    damaged, _ = started({"spider:save:spider-2": "{not json"}, hash_="#spider-2")  # held: no room for its copy
    damaged.handle({"type": "storage-error", "keys": ["spider:backup:spider-2", "spider:save:spider-2"]})
    damaged.handle({"type": "action", "name": "import", "text": download["text"]})
    response = damaged.handle({"type": "action", "name": "import-confirmed"})
    assert response["store"]["spider:save:spider-2"] == app.storage["spider:save:spider-2"], \
        "the backup's game replaces a damaged save held in place, as the player chose"


def test_a_refused_or_declined_backup_changes_nothing():
    app, stored = played_browser()
    before = app.game.to_text()
    response = app.handle({"type": "action", "name": "import", "text": "not a backup"})
    assert response["view"]["status"] == ("Couldn't load that file: it is not a Spider backup (not JSON). "
                                          "Nothing was changed.") and response["view"]["tone"] == "error"
    assert response["store"] == {} and app.game.to_text() == before
    text = backup_text(stored)
    app.handle({"type": "action", "name": "import", "text": text})
    response = app.handle({"type": "action", "name": "dismiss"})
    assert response["view"]["dialog"] is None and response["store"] == {} and app.restoring is None
    assert app.handle({"type": "action", "name": "import-confirmed"})["store"] == {}, "nothing left to confirm"
    view = app.handle({"type": "action", "name": "import", "text": backup_text({})})["view"]
    assert view["import_text"].startswith("The file holds no saved game and no statistics.")


def test_with_saving_off_a_backup_loads_for_the_visit_and_writes_nothing():
    app, stored = played_browser()
    other, _ = started()
    saving_off(other)
    other.handle({"type": "action", "name": "import", "text": backup_text(stored)})
    response = other.handle({"type": "action", "name": "import-confirmed"})
    assert not any(key.startswith(("spider:save:", "spider:stats:")) for key in response["store"])
    assert other.game.to_json() == app.game.to_json() and not response["view"]["settings"]["saving"]


def test_what_a_backup_holds_is_counted_as_a_player_counts():
    assert describe({}) == "no saved game and no statistics"
    assert describe({"spider:save:spider-1": "", "spider:stats:spider-1": ""}) == (
        "1 saved game and the statistics of 1 variant")
    assert describe({"spider:save:spider-1": "", "spider:save:spider-2": "", "spider:stats:spider-1": "",
                     "spider:stats:spider-4": "", "spider:settings": ""}) == (
        "2 saved games and the statistics of 2 variants")
