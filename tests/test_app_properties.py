"""Random players against the app layer: whatever a page sends, in any order, the app answers
with a true, JSON-ready view, keeps every card, leaks no hidden one, saves what it shows (or,
when another tab saved later, offers that game), and a reload resumes exactly the saved game."""

from __future__ import annotations

import json
from functools import cache
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider import VARIANTS, Game
from spider.app import SAVE_PREFIX, STATS_PREFIX, App
from spider.stats import Record
from spider.view import SUIT_COLOURS

from positions import NEAR_WIN, POSITION

EXAMPLES = 60
EVENTS = 60

COLUMN = st.integers(-1, 10)
INDEX = st.one_of(st.none(), st.integers(-1, 25), st.just("2"))
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "u", "U", "h", "d", "n", "z", "y",
        "x", "Tab")
ACTIONS = ("undo", "redo", "hint", "deal", "new", "replay", "saving", "copied", "dismiss", "open-link", "keep-game",
           "show-me", "stop", "winnable", "peek", "load-newer", "keep-mine", "give-up", "stats", "four-colour",
           "reset-stats", "reset-stats-confirmed", "no-such-action")
FRAGMENTS = ("", "#spider-2/5", "#spider-4", "#spider-1/x", "#nowhere/3", "#pos=not%20a%20position",
             "#pos=" + quote(POSITION), "#pos=" + quote(NEAR_WIN), "#scorpion/12")

PLAY = st.fixed_dictionaries({"type": st.just("play"), "n": st.integers(0, 200),
                              "how": st.sampled_from(("click", "drag", "keys", "double", "hint"))})
"""A legal move, made as a player would: clicks, a drag, the keyboard, a double-click, or the
move the Hint button shows, clicked."""
EVENT = st.one_of(
    PLAY, PLAY, PLAY, PLAY, PLAY, PLAY,  # six times as likely as any other event, so that games get played
    st.fixed_dictionaries({"type": st.just("pick"), "col": COLUMN, "index": INDEX}),
    st.fixed_dictionaries({"type": st.just("drop"), "col": st.one_of(st.none(), COLUMN)}),
    st.fixed_dictionaries({"type": st.just("pick"), "col": COLUMN, "index": INDEX, "pointer": st.booleans(),
                           "at": st.sampled_from((0, 100, 1_000, float("nan")))}),  # a quick second press: a double
    st.fixed_dictionaries({"type": st.just("key"), "key": st.sampled_from(KEYS), "ctrl": st.booleans(),
                           "shift": st.booleans(), "alt": st.booleans(), "board": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("action"), "name": st.sampled_from(ACTIONS), "on": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("action"), "name": st.just("variant"),
                           "variant": st.sampled_from((*VARIANTS, "spider-9"))}),
    st.fixed_dictionaries({"type": st.just("idle"), "budget_ms": st.sampled_from((None, 0, 1, 15, 10_000))}),
    st.fixed_dictionaries({"type": st.just("tick")}),
    st.fixed_dictionaries({"type": st.just("worked"), "answer": st.sampled_from(("solved", "unwinnable", "unknown",
                                                                                  "garbage", "error"))}),
    st.fixed_dictionaries({"type": st.just("hash"), "hash": st.sampled_from(FRAGMENTS)}),
    st.fixed_dictionaries({"type": st.just("storage-error"), "keys": st.lists(st.sampled_from(
        ("spider:view:spider-1", "spider:save:spider-1", 7)), max_size=3)}),  # a backup not kept: test_app
    st.fixed_dictionaries({"type": st.just("worker-error"), "error": st.sampled_from(("", "out of memory"))}),
    st.fixed_dictionaries({"type": st.just("external"), "moves": st.integers(0, 3)}),
    st.fixed_dictionaries({"type": st.just("no-such-event")}),
)


PLAYER_INPUT = ("play", "pick", "drop", "key", "action", "hash")


@cache
def cards_in(variant: str) -> int:
    game = Game(variant, 1)
    return sum(map(len, game.columns)) + len(game.stock)


def solution_for(game: Game) -> list[str]:
    """What the worker might send for "Show me": a few moves from the position asked about."""
    probe = game.copy()
    moves = []
    for _ in range(3):
        legal = probe.legal_moves()
        if not legal:
            break
        probe.play(legal[0])
        moves.append(str(legal[0]))
    return moves


class Page:
    """What the bridge does: forwards events, applies storage writes, answers the worker's jobs."""

    def __init__(self) -> None:
        self.storage: dict[str, str] = {}
        self.jobs: list[dict] = []
        self.now = 0
        self.app = App()
        self.foreign: str | None = None
        """The save key that holds another tab's later write, not yet overwritten by this tab."""

    def send(self, event: dict) -> dict:
        if event["type"] == "play":
            return self.play(event["n"], event["how"])
        if event["type"] == "external":
            event = self.other_tab(event["moves"])
        self.now += 700
        if event["type"] == "worked":
            event = self.answer(event["answer"])
        elif event["type"] == "worker-error":  # the bridge drops the failed worker and its queue
            self.jobs = []
        response = self.app.handle({**event, "now": self.now})
        json.dumps(response)  # crosses the Pyodide boundary as JSON
        for key, value in response["store"].items():
            if value is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = value
        if self.foreign in response["store"]:
            self.foreign = None
        for job in response["work"]:  # as the worker does: a cancel drops jobs still queued
            if job["kind"] == "cancel":
                self.jobs = [j for j in self.jobs if j["id"] not in job["ids"]]
            else:
                self.jobs.append(job)
        return response

    def play(self, n: int, how: str) -> dict:
        """The events a player makes to play the ``n``-th legal move (a deal is the stock's button)."""
        if how == "hint":
            return self.play_hint()
        game = self.app.game
        legal = game.legal_moves()
        if not legal:
            return self.send({"type": "action", "name": "deal"})
        move = legal[n % len(legal)]
        if move.is_deal:
            return self.send({"type": "action", "name": "deal"})
        index = len(game.columns[move.src]) - move.count
        top = len(game.columns[move.dst]) - 1
        if how == "double":
            self.send({"type": "pick", "col": move.src, "index": index, "pointer": True, "at": 0})
            return self.send({"type": "pick", "col": move.src, "index": index, "pointer": True, "at": 100})
        if how == "keys":
            self.send({"type": "key", "key": "Enter", "board": True, "focus": {"col": move.src, "index": index}})
            return self.send({"type": "key", "key": "Enter", "board": True, "focus": {"col": move.dst, "index": top}})
        self.send({"type": "pick", "col": move.src, "index": index})
        if how == "drag":
            return self.send({"type": "drop", "col": move.dst})
        return self.send({"type": "pick", "col": move.dst, "index": top if top >= 0 else None})

    def play_hint(self) -> dict:
        """Press Hint, give the page's spare time until it shows, and click what it marks."""
        response = self.send({"type": "action", "name": "hint"})
        view = response["view"]
        while view["tone"] == "busy":
            assert response["idle"], "a hint is on its way, but the app asks for no time to work it out"
            response = self.send({"type": "idle", "budget_ms": 15})
            view = response["view"] or view
        if view["stock"]["hint"]:
            return self.send({"type": "action", "name": "deal"})
        marked = [(c, i) for c, column in enumerate(view["columns"]) for i, card in enumerate(column["cards"])
                  if card["hint"]]
        targets = [c for c, column in enumerate(view["columns"]) if column["hint"]]
        if not marked or not targets:
            return response
        self.send({"type": "pick", "col": marked[0][0], "index": marked[0][1]})
        return self.send({"type": "pick", "col": targets[0], "index": None})

    def other_tab(self, moves: int) -> dict:
        """Another tab, on the same game, plays ``moves`` moves on and saves: the page hears of it
        (only while saving is on: the setting is the browser's, so that tab does not save either)."""
        if not self.app.saving:
            return {"type": "tick"}
        other = self.app.game.copy()
        for _ in range(moves):
            if other.legal_moves():
                other.play(other.legal_moves()[0])
        key = SAVE_PREFIX + other.variant.name
        self.storage[key] = other.to_json()
        if self.storage[key] != self.app.game.to_json():
            self.foreign = key
        elif self.foreign == key:
            self.foreign = None
        return {"type": "external", "key": key, "value": self.storage[key]}

    def answer(self, status: str) -> dict:
        if not self.jobs:
            return {"type": "worked", "id": 999, "result": {"status": status}}
        job = self.jobs.pop(0)
        result: dict = {"status": status}
        if job["kind"] == "solve" and status == "solved":
            result["moves"] = solution_for(Game.from_json(job["save"]))
        elif status == "garbage":
            result = {"moves": 3}
        return {"type": "worked", "id": job["id"], "result": result}


def check_view(app: App, view: dict) -> None:
    """The view is the app's game: every card once, hidden ones blank, the counts it shows true."""
    game = app.game
    assert view["variant"] == game.variant.name
    ids = [card["id"] for column in view["columns"] for card in column["cards"]]
    assert len(ids) == len(set(ids)), "two cards share an id: keyed rendering would lose one"
    assert [run["card"][1] for run in view["completed"]] == list(game.completed)
    shown = len(ids) + view["stock"]["count"] + 13 * len(view["completed"])
    assert shown == cards_in(game.variant.name), "cards appeared or vanished"
    for column, cards in zip(view["columns"], game.columns):
        assert len(column["cards"]) == len(cards)
        for drawn, card in zip(column["cards"], cards):
            assert drawn["card"] == (str(card) if card.face_up else "")
            assert drawn["colour"] == (SUIT_COLOURS[app.four_colour][card.suit] if card.face_up else "")
            assert card.face_up or drawn["label"] == "face-down card"
    assert (view["moves"], view["won"], view["can_undo"]) == (game.moves, game.is_won, game.can_undo())
    assert view["status"] is not None and view["tone"] in ("info", "error", "warn", "hint", "win", "busy")
    assert (view["badge"] is not None) == app.peek
    assert not (view["badge"] and game.is_won) or view["badge"]["state"] == "won"
    if "no moves" in view["status"].lower():  # never while a move is legal, nor once the game is won
        assert not game.legal_moves() and not game.is_won


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), events=st.lists(EVENT, min_size=EVENTS // 2, max_size=EVENTS))
def test_any_events_keep_a_true_view_and_a_resumable_save(seed: int, events: list[dict]) -> None:
    page = Page()
    response = page.send({"type": "start", "storage": {}, "hash": "", "seed": seed})
    check_view(page.app, response["view"])
    asked_to_show = False  # whether the player's latest input was "Show me"
    for event in events:
        response = page.send(event)
        assert isinstance(response["handled"], bool) and response["hash"].startswith("#")
        if event["type"] == "worker-error":  # nothing is left waiting on a worker that failed
            assert not page.app.jobs and not response["view"]["thinking"]
        keys = event["type"] == "key" or event.get("how") == "keys"
        if event["type"] in PLAYER_INPUT and (not keys or response["handled"]):  # not Tab, say
            asked_to_show = event["type"] == "action" and event["name"] == "show-me"
        if response["view"] is not None:
            check_view(page.app, response["view"])
            if not asked_to_show:  # Stop, or any other input, ends "Show me" and the search for it
                assert not response["view"]["autoplay"] and not response["view"]["thinking"]
        for key, value in response["store"].items():
            if key.startswith(SAVE_PREFIX) and value is not None:
                Game.from_json(value)  # every save written loads
            if key.startswith(STATS_PREFIX) and value is not None:
                Record.from_json(value)  # and every record of statistics
        saved = page.storage.get(SAVE_PREFIX + page.app.game.variant.name)
        if page.foreign == SAVE_PREFIX + page.app.game.variant.name:  # it stands until this tab saves again
            assert event["type"] != "external" or page.app.dialog == "conflict", "the newer game was not offered"
        elif page.app.saving:
            assert saved == page.app.game.to_json(), "the save is not the game on the table"
    if not page.app.saving:
        assert not any(key.startswith(SAVE_PREFIX) for key in page.storage)
        return
    reloaded = Page()
    reloaded.app.handle({"type": "start", "storage": dict(page.storage), "hash": "", "seed": None, "now": 0})
    saved = page.storage[SAVE_PREFIX + page.app.game.variant.name]
    assert reloaded.app.game.to_json() == saved, "a reload did not resume the saved game"
    assert reloaded.app.record == page.app.record, "a reload did not resume the statistics"
    assert page.foreign == SAVE_PREFIX + page.app.game.variant.name or saved == page.app.game.to_json()
