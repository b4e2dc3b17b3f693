"""The app layer: a player's events in, the next view out. Python decides; the page only draws.

The page's bridge calls :meth:`App.handle` with one event (a dict) and gets back a
response dict: ``view`` (everything to draw: cards by stable id, selection, focus, hint,
message; written by :mod:`spider.view`), ``store`` (``localStorage`` writes, ``None``
deleting a key), ``hash`` (what the URL fragment should read), ``handled`` (whether the browser
should skip its own default for the key), ``work`` (jobs for the solver worker), ``idle`` (whether to
offer spare time) and ``download`` (a file to hand the player).
:func:`handle_json` is the same over JSON strings, the cheapest way across the Pyodide boundary.
"""

from __future__ import annotations

import itertools
import json
import math
import zlib
from collections.abc import Mapping
from datetime import date
from typing import Any

from . import jsontext, winnable
from .backup import (
    DEALT_PREFIX,
    KEY_PREFIX,
    PROVEN_PREFIX,
    SAVE_PREFIX,
    SETTINGS_KEY,
    STATS_PREFIX,
    TIME_PREFIX,
    backed_up,
    backup_text,
    describe,
    read_backup,
)
from .cards import group_label
from .errors import NotationError, SaveError
from .game import Game, Position, face_down, nearest_face_up
from .hints import Hint, HintSearch, nothing_to_suggest
from .jobs import Jobs
from .moves import DEAL, Move
from .saves import load_as
from .shuffle import LAST_SEED, is_seed, random_below
from .stats import IDLE_CAP_MS, Record, parse_day
from .variants import VARIANTS
from .verdicts import Verdicts
from .view import LETTER_KEYS, render
from .words import counted
from .worker import OUTDATED

BACKUP_PREFIX = f"{KEY_PREFIX}backup:"
"""Damaged data kept aside for the player to recover (not a backup file: see :mod:`spider.backup`)."""
VIEW_PREFIX = f"{KEY_PREFIX}view:"
SHARED_PREFIXES = (SAVE_PREFIX, STATS_PREFIX, TIME_PREFIX, SETTINGS_KEY)
"""What another tab may write that this one acts on: a game, its play time (which "Load the newer
game" takes with it), its statistics and the settings, which are the browser's (see on_external)."""
FIRST_VARIANT = "spider-1"
"""The game a first visit opens."""
FIRST_DEALS = 12
"""How many of its proven deals the build pre-renders for a first visit, one picked at random: a
newcomer, or a private window, does not always get the same deal, and always a winnable one."""
SAVED_PREFIXES = (SAVE_PREFIX, TIME_PREFIX, VIEW_PREFIX, PROVEN_PREFIX, DEALT_PREFIX, STATS_PREFIX, BACKUP_PREFIX)
"""What saving keeps in the browser, and switching it off deletes (the settings stay): damaged
copies kept aside too, copies of games and statistics the player asked to have deleted."""
STORAGE_WARNING = "Can't save in this browser (storage blocked or full). Play on; the game is lost when the page closes."
SETTING_NOT_KEPT = ("Can't save in this browser (storage blocked or full): your game is kept, but this change "
                    "lasts only until the page closes.")
GAME_PREFIXES = (SAVE_PREFIX, TIME_PREFIX, STATS_PREFIX)
"""The keys whose loss loses a game, its play time or its statistics."""
MOST_KEPT_MS = 1000 * 3600 * 1000
"""The longest play time taken from storage (1,000 hours): past it, the stored time is damaged."""
SEED_DIGITS = len(str(LAST_SEED))
"""The longest deal number taken from a link or typed in: every deal the engine and the command line
deal (0 to 2**64 - 1), far past the 12 digits of a new game's."""
STOPPED = "Stopped: play on from here."
"""What Stop or Esc says once "Show me" or its search is stopped."""
CHOOSE = "Choose which game to keep: the newer one from the other tab, or this one."
"""What any input but the choice gets while another tab's newer game waits (see :meth:`App.on_external`)."""
DOUBLE_PRESS_MS = 400
"""A pointer's second press this soon after the first, on the same card or on the stock, with no
move or other input between (none but the stock's deal), is the rest of a double-click or tap."""
TAP_SETTLE_MS = 500
"""With "one tap moves" on, a pointer's press this soon after a tap that moved cards, on the column
they left or the one they went to (the page names the card under the press, which may be one still
sliding there), is the rest of a double-click or tap (the first already moved them), not a second
move or a stray pick-up; a quick tap on another column is the player's next move."""
VERIFY_PER_SESSION = 20
VERIFY_BELOW = 100
"""Fresh seeds are proved in the background only while fewer proven deals than this are left to
deal: the shipped lists hold hundreds, and each check keeps a core busy for up to 20 s."""
IDLE_SLICE_MS = 1
"""The longest slice of spare time hints may take at once: a click waits at most this long."""
WAITING_SLICE_MS = 15
"""The same while the player waits for a hint they asked for."""
HINT_NOW_MS = 4
"""How long a Hint press may search before it answers "looking…" and goes on in spare time."""
SHOW_ME_S = 60
"""The solver's budget for "Show me": twice the 30 s it is measured by under CPython, since the
page's Python runs it 1.5-2.4 times slower. The player can stop it at any moment."""
SHOW_ME_STILL_MS = 250
"""The slowest pace of "Show me" for a player who asks for reduced motion: its moves land at once,
with nothing to watch between them."""
SHOW_ME_WATCH_MS = 40_000
"""About how long "Show me" takes to play a whole win: a long one (200 moves and more in four-suit
Spider) took 95 s at the slowest pace."""
TABLES = {"green": "Green", "blue": "Blue", "red": "Red", "charcoal": "Charcoal"}
"""The table colours a player may choose (the style sheet draws each), the first the default."""
SHOW_ME_PACE_MS = (150, 450)
"""The fastest and slowest pace of "Show me", in ms a move: the fastest still lets each move's
150 ms animation finish before the next."""


class Selection:
    """The group a player picked up: column and index of its bottom card."""

    __slots__ = ("col", "index")

    def __init__(self, col: int, index: int) -> None:
        self.col = col
        self.index = index


class App:
    """One player's session: the current game, the settings and the transient UI state."""

    def __init__(self) -> None:
        self.storage: dict[str, str] = {}
        self.saving = True
        self.game = Game(FIRST_VARIANT, 1)
        self.record = Record()
        self.elapsed_ms = 0
        self.last_event_ms: float | None = None
        self.store: dict[str, str | None] = {}
        self.download: dict[str, str] | None = None  # a file for the page to hand the player
        self.jobs = Jobs()
        self.winnable_only: set[str] = set()
        self.peek = False
        self.four_colour = False
        self.animations = True  # cards fly, runs go home, Kings hop: off, every move lands at once
        self.letter_keys = True  # U, H, D, N and ? as shortcuts: a player may switch them off (speech input)
        self.tap_moves = False  # a click or tap sends a card to its best place, as some Spider games do
        self.table = next(iter(TABLES))
        self.verdicts = Verdicts()
        self.verify_budget = VERIFY_PER_SESSION
        self.hidden = False  # the page is out of view: no seed checks are started
        self.dealt_at: tuple[float, Game | None, int] = (-DOUBLE_PRESS_MS, None, -1)  # when the stock last dealt
        self.reduced_motion = False  # the player's system asks for reduced motion (the page says so)
        # A pointer's last press on a card that moved nothing: when, in which game, after how many
        # moves, on which card (col, index); and when a tap last moved cards, with one tap moves on,
        # and the columns they left and went to.
        self.pressed: tuple[float, Game, int, int, int] | None = None
        # A pointer pressed on the card already picked up (col, index), and whether the press is the
        # rest of a double-click: a drag moves the cards; a release where it was pressed (a ``tap``)
        # sends them to their best place if it is, as the browser's own dblclick comes on the second
        # release, else puts them down, as a second click always did.
        self.lifted: tuple[int, int, bool] | None = None
        self.tap_moved_at: tuple[float, Game | None, tuple[int, ...]] = (-TAP_SETTLE_MS, None, ())
        self.stopping = False  # the event being handled stops "Show me", if the game handles it
        self.paused: list[Move] | None = None  # the rest of the win "Show me" was playing when the event came
        self.today: date | None = None  # the player's date, which only the page knows: sent with each event
        self._identified: tuple[Game, str] | None = None
        self.said = 0  # messages said so far, so that one said again in the same words is announced again
        self.held: set[str] = set()  # keys never written this visit: a damaged save there could not be kept aside
        self.aside: dict[str, str] = {}  # each backup key written this visit: the key whose damaged text it keeps
        self.storage_warned = False  # said that a game or record could not be kept, since the last one was
        self.unconfirmed = False  # the last response wrote a game or record: no storage error since says it was kept
        self._reset_ui()

    def _reset_ui(self) -> None:
        self._clear_marks()
        self.focus: tuple[int, int] | None = None
        self.message = ""
        self.tone = "info"
        self.dialog: str | None = None
        self.autoplay: list[Move] | None = None
        self.by_key = True  # "Show me" was asked by a key: say how a key stops it (a pointer has the buttons at hand)
        self.pace_ms = SHOW_ME_PACE_MS[1]
        self.badge: str | None = None
        self.linked: tuple[Game, str] | None = None
        self.giving_up: str | None = None  # "new", "replay" or "deal", waiting for the player to confirm
        self.chosen_deal: int | None = None  # the deal number "deal" would open
        self.deal_error = ""  # what was wrong with the deal number typed
        self.restoring: dict[str, str] | None = None  # a backup's entries, waiting for the player to confirm

    # --- the one entry point ---------------------------------------------------------------
    def handle(self, event: dict[str, Any]) -> dict[str, Any]:
        """Apply one event and return ``{"view", "store", "hash", "handled", "work", "idle", "download"}``.

        ``idle`` asks the page for spare time (an ``idle`` event) while hints are being worked
        out in the background. An ``idle`` event changes nothing visible, so its ``view`` is
        None, unless it finished a hint the player asked for; so is a ``tap`` that changed nothing.
        """
        self.store = {}
        self.jobs.outbox = []
        self.download = None
        self.today = parse_day(event.get("today"))
        kind = event.get("type")
        handled = True
        if self.unconfirmed and kind != "storage-error":  # the page reports a failed write at once
            self.storage_warned = self.unconfirmed = False
        if kind == "idle":
            if not self.on_idle(event):
                return self._unchanged()
        else:
            self._tick(event.get("now"))
            player = kind not in ("tick", "worked", "worker-error", "external", "storage-error", "hide", "show",
                                  "updated", "motion")
            paused, said = self.autoplay, self.said
            self.paused = paused if player else None
            self.stopping = player and (paused is not None or self.jobs.pending("solve"))
            if player:
                self.autoplay = None
            if player and kind not in ("pick", "tap"):
                self.pressed = None  # input between two presses: no double-click
                self.lifted = None
            handler = getattr(self, f"on_{str(kind).replace('-', '_')}", None)
            if player and self.dialog == "conflict" and not _answers_conflict(event):
                self._say(CHOOSE, "warn")  # a move, a switch or a link here would write over the other tab's game
                handled = False
            elif handler is None:
                self._say(f"Unknown event {kind!r}", "error")
            else:
                handled = handler(event) is not False
            if player:
                self._take_over(event, handled, paused)
                if self.stopping and self.said == said and self.autoplay is None and not self.jobs.pending("solve"):
                    self._say(STOPPED)  # an input with nothing to say (a dialog opened) left "Found a win…"
            if kind == "tap" and not handled and self.said == said and not self.store and not self.jobs.outbox:
                return self._unchanged()  # most releases of a click: the press did all there was to do
        view = self.view()
        if SETTINGS_KEY in self.store:  # after the games: the page stops at the first write that fails
            self.store[SETTINGS_KEY] = self.store.pop(SETTINGS_KEY)
        if self.saving and SAVE_PREFIX + self.game.variant.name in self.store:  # a held save has no view of another game
            self._write(VIEW_PREFIX + self.game.variant.name, json.dumps(view))
        if any(value is not None and key.startswith(GAME_PREFIXES) for key, value in self.store.items()):
            self.unconfirmed = True
        return {"view": view, "store": self.store, "hash": self.link(), "handled": handled, "work": self.jobs.outbox,
                "idle": self._idle_wanted(), "download": self.download}

    def _unchanged(self) -> dict[str, Any]:
        """The response to an event that changed nothing the page shows: no view to draw."""
        return {"view": None, "store": {}, "hash": self.link(), "handled": True, "work": [], "idle": self._idle_wanted(),
                "download": None}

    def _tick(self, now: Any) -> None:
        """Count the time since the last event as play, while the clock runs. A game opened by this
        event (a reload, a switch, a link to a position) runs from it, as the page's clock does."""
        if not _finite(now):
            return
        if self.last_event_ms is not None and self.clock_running() and not self.hidden:
            self.elapsed_ms += int(min(max(now - self.last_event_ms, 0), IDLE_CAP_MS))
        self.last_event_ms = now

    def clock_running(self) -> bool:
        """Play time runs from the deal's first move to its win: looking at a fresh deal is free."""
        return self.game.moves > 0 and not self.game.is_won

    # --- start, storage and links ---------------------------------------------------------
    def on_start(self, event: dict[str, Any]) -> None:
        """Boot: read what the page found in storage, then open the link or the last game."""
        self.reduced_motion = event.get("reduced_motion") is True
        stored = event.get("storage")
        self.storage = {k: v for k, v in stored.items() if isinstance(v, str)} if isinstance(stored, dict) else {}
        first_visit = not self.storage
        self.saving = self._stored_saving()
        variant = self._read_settings()
        seed = event.get("seed") if first_visit else None  # the pre-rendered deal the page painted
        name, _, seed_text = _fragment(event).partition("/")
        if name in VARIANTS:
            variant = name
            seed = _seed(seed_text)
        self._open_variant(variant, fresh_seed=seed)
        if event.get("hash"):
            self.on_hash(event)
        named = seed_text or name.startswith("pos=")  # a link to a deal or a position, not a variant alone
        if first_visit and self.tone == "info" and not named:  # a deal number means nothing to a newcomer yet
            self._say(f"Welcome to {self.game.variant.title}! Rules: ⋯ menu › How to play. Good luck!")
        elif first_visit and self.tone == "info":
            self._say(f"Welcome! {self.message} Rules: ⋯ menu › How to play.")
        elif not self.message:
            self._say_taken_up()

    def _say_taken_up(self) -> None:
        """A saved game taken up again: say which, as a new one is said."""
        deal = f", deal {self.game.seed}" if self.game.seed is not None else ""
        winner = "Show me" if self.shown_win else "you"
        self._say(f"{self.game.variant.title}{deal}: " + (
            f"{winner} won this one. New game deals another." if self.game.is_won
            else "your game goes on where you left it."))

    def on_hash(self, event: dict[str, Any]) -> None:
        """The URL fragment changed: ``#spider-4/99``, ``#spider-2`` or ``#pos=<notation>``."""
        fragment = _fragment(event)
        if not fragment or fragment == self.link().lstrip("#"):
            return
        if fragment.startswith("pos="):
            try:
                game = Game.from_text(fragment[4:])
            except NotationError as e:
                self._say(f"That link holds no valid position ({e}); your game is unchanged.", "error")
                return
            self._switch_variant(game.variant.name)
            self._offer(game, "Opened the position from the link.")
            return
        name, _, seed_text = fragment.partition("/")
        seed = _seed(seed_text)
        if name not in VARIANTS or (seed_text and seed is None):
            larger = name in VARIANTS and seed_text.isascii() and seed_text.isdigit()
            why = f": deal numbers go up to {LAST_SEED}" if larger else ""
            self._say(f"That link ({fragment[:40]}) names no deal{why}; your game is unchanged.", "error")
            return
        if name == self.game.variant.name and seed is None:
            return  # the variant on the table: nothing to open, nor to say
        self._switch_variant(name)
        if seed is not None and self.game.seed != seed:
            self._offer(Game(name, seed), f"Opened deal {seed} from the link.")

    def _offer(self, game: Game, message: str) -> None:
        """Open a linked game, but ask first when it would replace a game in progress."""
        current = self.game
        if current.moves and not current.is_won and current.to_text() != game.to_text():
            self.linked = (game, message)
            self.dialog = "link"
            self._say(f"The link opens another {game.variant.title} game; yours is in progress.", "warn")
            return
        self._begin(game, message)

    def _read_settings(self) -> str:
        """Take the stored settings (saving aside, which only the player switches); the variant
        they were last on."""
        settings = self._settings()
        winnable = settings.get("winnable")
        self.winnable_only = {v for v in winnable if _named(v, VARIANTS)} if isinstance(winnable, list) else set()
        self.peek = settings.get("peek") is True
        self.four_colour = settings.get("four_colour") is True
        self.animations = settings.get("animations") is not False
        self.letter_keys = settings.get("letter_keys") is not False
        self.tap_moves = settings.get("tap_moves") is True
        table = settings.get("table")
        self.table = table if _named(table, TABLES) else next(iter(TABLES))
        variant = settings.get("variant")
        return variant if _named(variant, VARIANTS) else FIRST_VARIANT

    def _adopt_settings(self) -> None:
        """Take up the settings another tab wrote, so that this tab's next save does not put back
        the ones it had (each move writes them, with the variant last played). Saving switched off
        there deleted what was stored: this tab stops writing too."""
        peek, winnable, saving = self.peek, set(self.winnable_only), self.saving
        self._read_settings()
        self.saving = self._stored_saving()
        if self.peek != peek:
            self.badge = None
            self._request_badge()
        for name in winnable - self.winnable_only:
            self._cancel("verify", variant=name)
        self._verify_more()
        if self.saving != saving:
            self._say("Saving was switched " + ("on in another tab: this game is kept in this browser from its next move."
                                                 if self.saving else
                                                 "off in another tab: nothing more is kept in this browser."), "warn")

    def _stored_saving(self) -> bool:
        """Whether the stored settings say to save in this browser (yes, unless switched off)."""
        return self._settings().get("saving", True) is not False

    def _settings(self) -> dict[str, Any]:
        try:
            data = jsontext.loads(self.storage.get(SETTINGS_KEY, "{}"))
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def _write(self, key: str, value: str | None) -> None:
        if key not in self.held:
            self.store[key] = value
        if value is None:
            self.storage.pop(key, None)
        else:
            self.storage[key] = value

    def _save(self) -> None:
        """Keep the current game, in the browser while saving is on (:meth:`handle` then adds the
        view it draws, for an instant next start), else for this visit: a variant switched away
        from and back to goes on where it was."""
        self._remember(SAVE_PREFIX + self.game.variant.name, self.game.to_json())
        self._keep_time()
        self._write_settings()

    def _keep_time(self) -> None:
        self._remember(TIME_PREFIX + self.game.variant.name, str(self.elapsed_ms))

    def _write_settings(self) -> None:
        settings = {"saving": self.saving, "variant": self.game.variant.name,
                    "winnable": sorted(self.winnable_only), "peek": self.peek,
                    "four_colour": self.four_colour, "animations": self.animations, "letter_keys": self.letter_keys,
                    "tap_moves": self.tap_moves,
                    "table": self.table}
        self._write(SETTINGS_KEY, json.dumps(settings))

    def _switch_variant(self, name: str) -> None:
        """Keep the game on screen, with the time played up to now (not only up to its last move),
        and open ``name``'s. Not part of :meth:`_open_variant`: at start there is no game to keep."""
        self._save()
        self._open_variant(name)
        if not self.message:
            self._say_taken_up()

    def _open_variant(self, name: str, fresh_seed: Any = None) -> None:
        """Switch to ``name``'s own saved game, or deal a new one; a bad save is kept aside."""
        self._reset_ui()
        damaged = self._open_record(name)
        seed = fresh_seed if is_seed(fresh_seed) else None
        saved = self.storage.get(SAVE_PREFIX + name)
        if saved is not None:
            try:
                self.game = load_as(saved, name)
                kept = _int(self.storage.get(TIME_PREFIX + name))
                self.elapsed_ms = kept if 0 <= kept <= MOST_KEPT_MS else 0  # a damaged time starts again
                self._save()
                self._request_badge()  # the badge, if it is on, checks the game taken up again
            except SaveError as e:
                self._set_aside(name, SAVE_PREFIX + name)
                game, _, _ = self._deal(name, seed)
                self._begin(game, f"Couldn't load your saved game: {e}. It is kept aside; a new game has started.",
                            "error")
        else:
            self._begin(*self._deal(name, seed))
        if damaged:
            self._say_damaged(damaged)

    def _set_aside(self, name: str, key: str) -> None:
        """Move what ``key`` holds to the next free backup key, for the player to recover."""
        backup = next(k for n in itertools.count(1) if (k := _backup_key(name, n)) not in self.storage)
        self._write(backup, self.storage[key])
        self._write(key, None)
        self.aside[backup] = key

    def _open_record(self, name: str) -> str | None:
        """Read ``name``'s statistics; a damaged record is set aside and what was wrong returned."""
        self.record = Record()
        text = self.storage.get(STATS_PREFIX + name)
        if text is None:
            return None
        try:
            self.record = Record.from_json(text)
        except SaveError as e:
            self._set_aside(f"stats:{name}", STATS_PREFIX + name)
            return str(e)
        return None

    def _say_damaged(self, error: str) -> None:
        """Report a damaged record of statistics, after whatever else went wrong."""
        said = f"{self.message} " if self.tone == "error" else ""
        self._say(f"{said}Couldn't read your {self.game.variant.title} statistics: {error}. They are kept aside; "
                  "new statistics start now.", "error")

    def _keep_record(self, record: Record) -> None:
        """The current variant's statistics changed: remember them, in the browser while saving is on."""
        if record == self.record:
            return
        self.record = record
        self._remember(STATS_PREFIX + self.game.variant.name, record.to_json())

    @property
    def shown_win(self) -> bool:
        """Whether "Show me" found this game's win: winning it is not the player's."""
        return self.record.shown

    def counts(self, game: Game) -> bool:
        """Whether finishing ``game`` now goes into the statistics: a seeded deal (not a position
        from a link), not counted already."""
        return game.seed is not None and not self.record.counted

    def _begin(self, game: Game, message: str = "", tone: str = "info", day: str | None = None) -> None:
        """Put ``game`` on the table (the deal of ``day``, if it is one), counting the game it
        replaces as given up."""
        old, self.game = self.game, game
        record = self.record
        if old.variant.name == game.variant.name and old.moves and not old.is_won and self.counts(old):
            record = record.loss()  # given up for this one
        self._keep_record(record.next_game(day))
        self.elapsed_ms = 0
        self._reset_ui()
        self._say(message or f"{game.variant.title}, deal {game.seed}. Good luck!", tone)
        self._say_if_dead_end()
        self._save()
        self._request_badge()

    def on_hide(self, event: dict[str, Any]) -> None:
        """The page was hidden (another tab, another app, closed): keep the time played up to now,
        which would otherwise be lost with the page, and count none of the time it stays hidden.
        Only the time is written: the game was saved at its last move, and while another tab's
        newer game waits for the player's choice, nothing of this one may go over it."""
        if self.dialog != "conflict" and self.clock_running():
            self._keep_time()
        self.last_event_ms = None
        self.hidden = True

    def on_motion(self, event: dict[str, Any]) -> None:
        """The player's system setting for reduced motion changed (``reduce``)."""
        self.reduced_motion = event.get("reduce") is True

    def still(self) -> bool:
        """Whether moves land at once: the player turned animations off, here or for their system."""
        return self.reduced_motion or not self.animations

    def move_pace_ms(self) -> int:
        """How long "Show me" waits between its moves."""
        return min(self.pace_ms, SHOW_ME_STILL_MS) if self.still() else self.pace_ms

    def on_show(self, event: dict[str, Any]) -> None:
        """The page is in view again: the clock runs from now (:meth:`handle` noted the time), and
        seed checks put off while it was hidden go on."""
        self.hidden = False
        self._verify_more()

    def on_updated(self, event: dict[str, Any]) -> None:
        """A new version of the game was deployed and is ready offline; this page still runs the old."""
        self._say(f"A new version of Spider is ready: {self._reload_words()}")

    def _say_outdated(self) -> None:
        """The worker is a new build's, which took over after this page loaded: no solver here."""
        self._say(f"A new version of Spider is ready, and its solver cannot help this page: {self._reload_words()}",
                  "warn")

    def _reload_words(self) -> str:
        return ("reload the page to use it; your game is kept." if self.saving
                else "it starts the next time the page opens (saving is off, so a reload would lose this game).")

    def on_external(self, event: dict[str, Any]) -> None:
        """Another tab wrote a save: the later write won; offer to load it over this one. Its
        statistics are the newer ones too, and this tab goes on from them, and from its settings."""
        key, value = event.get("key"), event.get("value")
        if not isinstance(key, str) or not key.startswith(SHARED_PREFIXES):
            return
        if isinstance(value, str):
            self.storage[key] = value
        else:
            self.storage.pop(key, None)
        if key == SETTINGS_KEY and isinstance(value, str):
            self._adopt_settings()
        if key == STATS_PREFIX + self.game.variant.name and (damaged := self._open_record(self.game.variant.name)):
            self._say_damaged(damaged)
        if key == SAVE_PREFIX + self.game.variant.name and isinstance(value, str) and value != self.game.to_json():
            self.dialog = "conflict"
            self._stop_show_me()  # it would save over the other tab's game before the player chose
            self._say("This game was changed in another tab.", "warn")

    # --- the solver worker: winnable deals, "Show me", the peeking badge --------------------
    def _cancel(self, kind: str, **match: Any) -> int:
        """Stop wanting the jobs of ``kind`` that match; one the worker is running is stopped too,
        unless it is a badge check: those take seconds, and come with every move, while a new
        worker takes its boot."""
        return self.jobs.cancel(kind, stop=kind != "peek", **match)

    def _take_over(self, event: dict[str, Any], handled: bool, paused: list[Move] | None) -> None:
        """Input from the player stops "Show me", whether it is playing (stopped before the
        input is handled, so the input acts on a still board) or still looking. Pressing "Show
        me" again keeps looking rather than starting over, and a key the game leaves alone (Tab,
        Shift) stops nothing."""
        if event.get("type") == "key" and not handled:
            self.autoplay = paused
        elif not (event.get("type") == "action" and event.get("name") == "show-me"):
            self._stop_show_me()

    def _stop_show_me(self) -> None:
        """End "Show me": stop playing, and stop the search for it if one is under way."""
        self.autoplay = None
        self._cancel("solve")

    def on_worked(self, event: dict[str, Any]) -> None:
        job = self.jobs.answered(_int(event.get("id"), -1))
        result = event.get("result")
        if job is not None and isinstance(result, dict):
            self._answered(job, result)

    def on_worker_error(self, event: dict[str, Any]) -> None:
        """The worker itself failed (it could not load, or crashed): no job it had will answer."""
        for job in self.jobs.lost():
            self._answered(job, {"status": "error", "error": str(event.get("error") or "the solver stopped")})

    def _answered(self, job: dict[str, Any], result: dict[str, Any]) -> None:
        status = result.get("status")
        if job["kind"] == "verify":
            self._verified(job, status)
        elif job.get("text") != self.game.to_text():
            return  # the position moved on while the worker thought: a stale answer
        elif job["kind"] == "peek":
            self.badge = status if status in ("solved", "unwinnable", "unknown", "error") else None
            self._learn(status, result.get("moves"))
            if result.get("error") == OUTDATED:
                self._say_outdated()
        elif job["kind"] == "solve":
            self._solved(status, result.get("moves"), result.get("error"))

    def _learn(self, status: Any, moves: Any) -> list[Move] | None:
        """Keep what the worker proved about the current position; the winning moves, if any."""
        if status == "unwinnable":
            self.verdicts.lost_at(self.game)
        if status != "solved" or not isinstance(moves, list):
            return None
        try:
            line = [Move.from_text(m) for m in moves]
        except (TypeError, ValueError):
            return None
        self.verdicts.won_from(self.game, line)
        return line

    def _solved(self, status: Any, moves: Any, error: Any = None) -> None:
        if status == "error" and error == OUTDATED:
            self._say_outdated()
            return
        if status == "error":
            detail = str(error).removeprefix("Uncaught ")
            detail = detail if len(detail) <= 40 else detail[:39] + "…"
            self._say(f"The solver can't run in this browser ({detail}). Play on.", "warn")  # two lines on a phone
            return
        self._conclude(status, self._learn(status, moves))

    def _conclude(self, status: Any, line: list[Move] | None) -> None:
        """Tell the player what "Show me" found, and play the win if there is one."""
        self.autoplay = line or None
        if self.autoplay:
            count = len(self.autoplay)
            fastest, slowest = SHOW_ME_PACE_MS
            self.pace_ms = max(fastest, min(slowest, SHOW_ME_WATCH_MS // count))
            forfeit = self.counts(self.game)
            self._keep_record((self.record.loss() if forfeit else self.record).win_shown())
            self._say(f"Found a win in {counted(count, 'move')}"
                      f"{' (not counted as yours)' if forfeit else ''}.{' Esc stops it.' if self.by_key else ''}",
                      "hint")
        elif status == "unwinnable":
            self._say(f"There is no way to win from here: this position is lost. {self._way_out()}", "warn")
        else:
            self._say("No win found in the time allowed: this position may or may not be winnable.", "warn")

    def on_tick(self, event: dict[str, Any]) -> None:
        """One step of "Show me"; none while the page is hidden, for the player to watch it all (the
        view asks no tick then, and :meth:`on_show`'s asks again)."""
        if not self.autoplay:
            self.autoplay = None
            return
        if self.hidden:
            return
        move = self.autoplay.pop(0)
        said = self.message, self.tone
        if not self._play(move):
            self.autoplay = None
            return
        if self.autoplay:  # one word for the whole win, not one a move: a screen reader could not keep up
            self.message, self.tone = said
        else:
            self.autoplay = None

    def _finish(self) -> None:
        """Finish: play the rest of the win "Show me" is playing at once, for a player who has
        seen enough of it (a long win takes some 40 s to watch). One save and one word for it all."""
        if not self.paused:
            return  # pressed as the show ended: nothing is left to play
        *line, last = self.paused
        for move in line:
            if self.game.why_illegal(move) is not None:
                last = move  # played by _play, which says why it fails
                break
            self.game.play(move)
        if not self._play(last):
            self._save()

    def _show_me(self) -> None:
        if self.game.is_won:
            self._say("This game is already won.")
            return
        line = self.verdicts.win(self.game)
        if line or self.verdicts.verdict(self.game) == "unwinnable":  # proven by the badge or an earlier "Show me"
            self._cancel("solve")
            self._conclude("solved" if line else "unwinnable", line)
            return
        text = self.game.to_text()
        if not self.jobs.pending("solve", text=text):
            self._cancel("solve")
            waiting = self._cancel("verify")  # a background seed check waits until after the search
            self.verify_budget += waiting
            self.jobs.ask("solve", save=self.game.to_json(), text=text, budget=SHOW_ME_S)
            if waiting:
                self._verify_more()
        self._say("Looking for a way to win from here…")

    def _proven(self, name: str) -> list[int]:
        """Seeds proven winnable: the list shipped in the wheel plus those the worker proved here."""
        return sorted(set(winnable.winnable_seeds(name)) | set(self._seeds(PROVEN_PREFIX + name)))

    def _undealt(self, name: str) -> int:
        """How many proven deals are left to deal in this round."""
        return len(set(self._proven(name)) - set(self._seeds(DEALT_PREFIX + name)))

    def _seeds(self, key: str) -> list[int]:
        """The seeds kept under ``key``; none if what is there is not a list of seeds."""
        try:
            seeds = jsontext.loads(self.storage.get(key, "[]"))
        except ValueError:
            return []
        return [s for s in seeds if is_seed(s)] if isinstance(seeds, list) else []

    def _keep_seeds(self, key: str, seeds: set[int]) -> None:
        self._remember(key, json.dumps(sorted(seeds)))

    def _forget(self, key: str) -> None:
        """Drop what ``key`` keeps: for this visit, and in the browser while saving is on."""
        if self.saving:
            self._write(key, None)
        else:
            self.storage.pop(key, None)

    def _remember(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``: for this visit, and in the browser while saving is on."""
        if self.saving:
            self._write(key, text)
        else:
            self.storage[key] = text

    def _deal(self, name: str, seed: int | None = None) -> tuple[Game, str, str]:
        """A fresh game of ``name`` with what to say about it: deal ``seed`` if one is asked
        for, else, when the player wants only winnable deals, a proven one not dealt to them
        before (drawn at random, a repeat would be likely within a few dozen games)."""
        if seed is not None or name not in self.winnable_only:
            return Game(name, seed), "", "info"
        current = self.game.seed if self.game.variant.name == name else None
        proven = [s for s in self._proven(name) if s != current]
        if not proven:
            return Game(name), "No proven-winnable deal is known yet; this one is not checked.", "warn"
        dealt = set(self._seeds(DEALT_PREFIX + name))
        pool = [s for s in proven if s not in dealt]
        again = ""
        if not pool:  # a new round
            pool, dealt, again = proven, set(), " Every proven deal has been dealt once, so they come round again."
        seed = pool[random_below(len(pool))]
        self._keep_seeds(DEALT_PREFIX + name, dealt | {seed})
        return Game(name, seed), f"{VARIANTS[name].title}, deal {seed}: proven winnable.{again} Good luck!", "info"

    def _new_game(self) -> None:
        self._begin(*self._deal(self.game.variant.name))
        self._verify_more()

    def _verify_more(self) -> None:
        """Keep the worker proving fresh seeds in the background while "winnable only" is on, the
        proven deals not yet dealt run short, and the page is in view (a hidden one spares the battery)."""
        name = self.game.variant.name
        if (name in self.winnable_only and not self.hidden and not self.jobs.pending("verify")
                and self.verify_budget > 0 and self._undealt(name) < VERIFY_BELOW):
            self.verify_budget -= 1
            self.jobs.ask("verify", variant=name, seed=Game.new_seed(), budget=20)

    def _verified(self, job: dict[str, Any], status: Any) -> None:
        name = job["variant"]
        if status == "error":  # the worker cannot solve here: stop asking it
            self.verify_budget = 0
            return
        if status == "solved":
            self._keep_seeds(PROVEN_PREFIX + name, set(self._seeds(PROVEN_PREFIX + name)) | {job["seed"]})
        self._verify_more()

    def _press_stock(self, event: dict[str, Any]) -> None:
        """Deal, unless this is the rest of a double-click or double-tap on the stock that just dealt
        (a press by the pointer within :data:`DOUBLE_PRESS_MS`, with no move between)."""
        now, before = _pressed_at(event), self.game.moves
        timed = now is not None
        at, game, after = self.dealt_at
        if timed and 0 <= now - at < DOUBLE_PRESS_MS and game is self.game and before == after:
            return
        self._play(DEAL)
        if timed and self.game.moves != before:
            self.dealt_at = (now, self.game, self.game.moves)

    def _set_winnable_only(self, on: bool) -> None:
        name = self.game.variant.name
        if on:
            self.winnable_only.add(name)
            self._say(f"New {self.game.variant.title} games will deal only deals the solver proved winnable.")
            self._verify_more()
        else:
            self.winnable_only.discard(name)
            self._cancel("verify", variant=name)
            self._say(f"New {self.game.variant.title} games deal any shuffle.")
        self._write_settings()

    def _set_peek(self, on: bool) -> None:
        self.peek = on
        self.badge = None
        self._say("The badge peeks at hidden cards to say whether this game can still be won." if on
                  else "The winnable badge is off.")
        self._write_settings()
        self._request_badge()

    def _request_badge(self) -> None:
        self._cancel("peek")
        if self.autoplay:  # "Show me" is playing a win the solver found: no need to ask again
            self.badge = "solved"
        elif self.peek and not self.game.is_won:
            self.badge = self._known()
            if self.badge is None:
                self.jobs.ask("peek", save=self.game.to_json(), text=self.game.to_text(), budget=5)

    def _known(self) -> str | None:
        """What is proven about the position in play: by the worker, or for a proven deal's
        first position by the list of proven seeds (a check of a few seconds may not settle it)."""
        known = self.verdicts.verdict(self.game)
        game = self.game
        name, seed = game.variant.name, game.seed
        if known is None and seed is not None and not game.can_undo() and seed in self._proven(name):
            return "solved" if game.key() == Game(name, seed).key() else None
        return known

    def on_storage_error(self, event: dict[str, Any]) -> None:
        """The page could not write ``keys`` (storage blocked or full), which stopped at the first.
        A damaged save not kept aside stays as it was, and is held: nothing this visit writes
        over it. A stored view not written, after its game's save was, would paint an older game
        first: it goes. A game or record not kept is worth a warning, added to what the move said, and
        only once until a write of one succeeds again; a setting not kept, after the game was, says so."""
        keeps, self.unconfirmed = self.unconfirmed, False  # these are the writes the last response asked for
        keys = event.get("keys")
        unwritten = [key for key in keys if isinstance(key, str)] if isinstance(keys, list) else []
        damaged = [self.aside[key] for key in unwritten if key in self.aside]
        if damaged:
            self.held.update(damaged)
            for key in damaged:  # the view stored of the game before it: not painted before another
                if key.startswith(SAVE_PREFIX):
                    self._write(VIEW_PREFIX + key.removeprefix(SAVE_PREFIX), None)
            what = " and ".join(dict.fromkeys("save" if key.startswith(SAVE_PREFIX) else "statistics"
                                              for key in damaged))
            left = "it is left as it was" if what == "save" else "they are left as they were"
            lost = "this game is" if "save" in what else "this visit's statistics are"
            self._say(f"There is no room in this browser to keep the damaged {what} aside, so {left}, and {lost} "
                      "not saved. Play on; clear some space, then reload, to save again.", "error")
            return
        for key in unwritten:  # a view of a game whose save was written would paint an older game first
            if key.startswith(VIEW_PREFIX) and SAVE_PREFIX + key.removeprefix(VIEW_PREFIX) not in unwritten:
                self._write(key, None)
        lost = any(key.startswith(GAME_PREFIXES) for key in unwritten)
        if keeps and not lost:
            self.storage_warned = False  # the game or record this response wrote was kept
        if not lost:  # a setting not kept says so; a view or a proven seed (proved again) says nothing
            if SETTINGS_KEY in unwritten and not self.storage_warned:
                self._say(SETTING_NOT_KEPT, "warn")
            return
        if not self.storage_warned:
            self.storage_warned = True
            base = self.message.removesuffix(STORAGE_WARNING).rstrip()
            self._say(f"{base} {STORAGE_WARNING}".lstrip(), "warn")

    # --- controls -------------------------------------------------------------------------
    def on_action(self, event: dict[str, Any]) -> None:
        name = event.get("name")
        asked = {"give-up": self.giving_up, "stop-saving": self.dialog == "stop-saving", "play-deal": self.dialog == "deal",
                 "open-link": self.linked, "import-confirmed": self.restoring is not None,
                 "reset-stats-confirmed": self.dialog == "reset-stats", "load-newer": self.dialog == "conflict",
                 "keep-mine": self.dialog == "conflict"}
        if name in asked and not asked[name]:
            return  # the answer to a dialog already answered or closed: a second press, or a late one
        if name == "undo":
            self._undo()
        elif name == "redo":
            self._redo()
        elif name == "hint":
            self._hint()
        elif name == "deal":
            self._press_stock(event)
        elif name in ("new", "replay"):
            self._ask_first(name)
        elif name == "give-up":
            self._start_over(self.giving_up)
        elif name == "variant":
            variant = event.get("variant")
            if not _named(variant, VARIANTS):
                self._say(f"There is no variant called {variant!r}.", "error")
                return
            self._switch_variant(str(variant))
        elif name == "saving":
            if event.get("on") or not self.saving:
                self._set_saving(bool(event.get("on")))
            else:  # it deletes every variant's games and statistics: one slip of a finger would
                self.dialog = "stop-saving"
        elif name == "stop-saving":
            self.dialog = None
            self._set_saving(False)
        elif name == "copied":
            ok = event.get("ok")
            self._say("Link to this deal copied." if ok else "Could not copy; the link is in the address bar.")
        elif name == "dismiss":
            self._close_dialog()
        elif name == "choose-deal":
            self.dialog = "deal"
            self.deal_error = ""
        elif name == "play-deal":
            self._play_deal(event.get("seed"))
        elif name == "daily":
            self._daily()
        elif name == "open-link":
            self._begin(*self.linked)
        elif name == "keep-game":
            self._close_dialog()
            self._say("Kept your game; the link was not opened.")
        elif name == "show-me":
            self.by_key = event.get("pointer") is not True
            self._show_me()
        elif name == "stats":
            self.dialog = "stats"
        elif name == "rules":
            self._show_rules()
        elif name == "reset-stats":
            self.dialog = "reset-stats"
        elif name == "reset-stats-confirmed":
            self._keep_record(Record(counted=self.record.counted, playing_day=self.record.playing_day))
            self.dialog = None
            self._say(f"Your {self.game.variant.title} statistics were reset.")
        elif name == "stop":
            self._say(STOPPED)
        elif name == "finish":
            self._finish()
        elif name == "winnable":
            self._set_winnable_only(bool(event.get("on")))
        elif name == "peek":
            self._set_peek(bool(event.get("on")))
        elif name == "letter-keys":
            self.letter_keys = bool(event.get("on"))
            self._say(f"Letter keys on: {LETTER_KEYS}."
                      if self.letter_keys else "Letter keys off: the buttons, arrows, Enter, Esc, Ctrl+Z and Ctrl+Y still work.")
            self._save()  # with the view it draws, so that the next start's tooltips name only keys that work
        elif name == "tap-moves":
            self.tap_moves = bool(event.get("on"))
            self._say("One click or tap sends a card to its best place; drag it to choose another." if self.tap_moves
                      else "A click or tap picks a card up; a double-click or double-tap sends it to its best place.")
            self._save()  # with the view it draws, so that the next start's menu shows it before Python is up
        elif name == "animations":
            self.animations = bool(event.get("on"))
            self._say("Animations on." if self.animations else "Animations off: cards move at once.")
            self._save()  # with the view it draws, so that the next start draws moves as this asks
        elif name == "four-colour":
            self.four_colour = bool(event.get("on"))
            self._say("Four-colour suits: ♣ green, ♦ blue." if self.four_colour else "Two-colour suits.")
            self._save()  # with the view it draws, so that the next start paints these colours at once
        elif name == "table":
            table = event.get("value")
            if not _named(table, TABLES):
                self._say(f"There is no table colour called {table!r}.", "error")
                return
            self.table = str(table)
            self._say(f"{TABLES[self.table]} table.")
            self._save()  # with the view it draws, so that the next start paints this table at once
        elif name == "export":
            self._save()  # the time played up to now, too
            file = f"spider-backup-{self.today}.json" if self.today else "spider-backup.json"
            self.download = {"name": file, "text": backup_text(self.storage)}
            shown = file.replace("-", "\u2011")  # non-breaking: a narrow phone broke the name at "2026-12-"
            self._say(f"Backup saved as {shown}: load it here or in another browser from the ⋯ menu.")
        elif name == "import":
            self._offer_backup(event.get("text"))
        elif name == "import-confirmed":
            self._restore(self.restoring)
        elif name == "load-newer":
            self._open_variant(self.game.variant.name)
            self._say("Loaded the game from the other tab.")
        elif name == "keep-mine":
            self.dialog = None
            self._save()
            self._say("Kept this tab's game; the other tab will see it next.")
        else:
            self._say(f"Unknown action {name!r}", "error")

    def _show_rules(self) -> None:
        self.dialog = "rules"

    def _close_dialog(self) -> None:
        """Close whatever dialog is open, forgetting what it asked about (Reset statistics? goes back
        to the statistics it was asked from); but not the choice between this tab's game and
        another tab's newer one, which only a choice ends: closed, the next move here would write
        over the other game unasked."""
        if self.dialog == "conflict":
            self._say(CHOOSE, "warn")
            return
        if self.dialog == "reset-stats":  # asked from the statistics: back to them, as Keep them does
            self.dialog = "stats"
            return
        self.dialog = None
        self.linked = None
        self.giving_up = None
        self.chosen_deal = None
        self.restoring = None

    def _offer_backup(self, text: Any) -> None:
        """A backup file the player picked: checked whole, then loaded once they confirm."""
        try:
            keys = read_backup(text if isinstance(text, str) else "")
        except SaveError as e:
            self._say(f"Couldn't load that file: {e}. Nothing was changed.", "error")
            return
        self.restoring = keys
        self.dialog = "import"

    def _restore(self, keys: dict[str, str]) -> None:
        """Replace what is kept here with a backup's entries (this browser's saving choice stays),
        and go on from the game the backup was on. A damaged save held in place is replaced too:
        the player chose to replace all."""
        self.held.clear()
        for key in [k for k in self.storage if backed_up(k) or k.startswith(VIEW_PREFIX)]:
            self._forget(key)
        for key, text in keys.items():
            if key != SETTINGS_KEY:
                self._remember(key, text)
        self.storage[SETTINGS_KEY] = keys.get(SETTINGS_KEY, "{}")
        self._open_variant(self._read_settings())
        self._say(f"Loaded the backup: {describe(keys)}.")

    def _play_deal(self, typed: Any) -> None:
        """The deal number typed in the "Play a deal by number" dialog: a number opens that deal
        of this variant (asking first if a game is in progress); anything else is said in the
        dialog, which stays open to be corrected."""
        text = typed.strip() if isinstance(typed, str) else ""
        seed = _seed(text)
        if not text:
            self.deal_error = "Type a deal number, such as 123."
        elif seed is None and text.isascii() and text.isdigit():
            self.deal_error = f"Deal numbers go up to {LAST_SEED}; this one is larger."
        elif seed is None:
            shown = text if len(text) <= 20 else text[:19] + "…"
            self.deal_error = f"“{shown}” is not a deal number: type a whole number, such as 123."
        if seed is None:
            return
        self.dialog = None
        self.chosen_deal = seed
        self._ask_first("deal")

    def _daily(self) -> None:
        """Today's deal: the same deal for every player today, proven winnable. Asks first, as
        any deal does, while another game is unfinished; the day's own deal in play goes on."""
        if self.today is None:
            self._say("Can't tell today's date in this browser, so there is no deal of the day.", "error")
            return
        seed = winnable.daily_seed(self.game.variant.name, self.today)
        if self.record.playing_day == self.today.isoformat() and self.game.seed == seed and not self.game.is_won:
            self._say(f"This is today's deal: {self.game.variant.title} deal {seed}.")
            return
        self._ask_first("daily")

    def _ask_first(self, action: str) -> None:
        """New game, Replay and a deal by number end the game on the table: while it is unfinished,
        ask first (an N pressed by mistake would lose it, and a deal given up counts as lost)."""
        if self.game.moves and not self.game.is_won:
            self.giving_up = action
            self.dialog = "give-up"
            return
        self._start_over(action)

    def _start_over(self, action: str) -> None:
        if action == "new":
            self._new_game()
        elif action == "replay":
            self._replay()
        elif action == "daily" and self.today is not None:
            self._open_daily(self.today)
        elif self.chosen_deal is not None:
            self._open_deal(self.chosen_deal)

    def _open_daily(self, day: date) -> None:
        """Deal ``day``'s deal, marked as the day's in the record so that its win counts the day."""
        name = self.game.variant.name
        seed = winnable.daily_seed(name, day)
        proven = ", proven winnable" if seed in winnable.winnable_seeds(name) else ""
        again = (" You have won it already today: a win now counts as a game, not as another day."
                 if self.record.last_day == day.isoformat() else "")
        self._begin(Game(name, seed), f"Today's deal ({day.day} {day:%B}): {VARIANTS[name].title} deal {seed}"
                                      f"{proven}.{again} Good luck!", day=day.isoformat())

    def _open_deal(self, seed: int) -> None:
        """Open deal ``seed`` of this variant, as asked even with "Winnable deals only" on, which
        then says whether it is among the proven ones."""
        name = self.game.variant.name
        proven = ""
        if name in self.winnable_only:
            proven = ": proven winnable" if seed in self._proven(name) else " (not proven winnable)"
        self._begin(Game(name, seed), f"{VARIANTS[name].title}, deal {seed}{proven}. Good luck!")

    def _replay(self) -> None:
        game = Game.from_position(self.game.variant, self.game.start)
        game.seed = self.game.seed
        self._begin(game, "Replaying the same deal from the start.", day=self.record.playing_day)

    def _set_saving(self, on: bool) -> None:
        self.saving = on
        if on:
            self._say("Saving is on: each variant's game and statistics are kept in this browser.")
            for key, text in list(self.storage.items()):
                if key.startswith(SAVED_PREFIXES):  # all this visit kept, every variant's
                    self._write(key, text)
            self._save()
            return
        self.held.clear()  # a damaged save held from being written over: the player asks it deleted too
        for key in list(self.storage):
            if key.startswith(SAVED_PREFIXES):
                self._write(key, None)
        self._remember(STATS_PREFIX + self.game.variant.name, self.record.to_json())  # for this visit, as the game is
        self._save()
        self._say("Saving is off: stored games and statistics were deleted and nothing more will be written.")

    def _undo(self) -> None:
        if not self.game.can_undo():
            self._say("Nothing to undo.", "error")
            return
        move = self.game.undo()
        self._after_change(f"Undid {_move_words(move, self.game, undone=True)}.")

    def _redo(self) -> None:
        if not self.game.can_redo():
            self._say("Nothing to redo.", "error")
            return
        before = self.game.position
        cards = _move_words(self.game.future[0], self.game)
        self.game.redo()
        self._after_change(f"Redid {cards}.{_what_it_did(before, self.game)}")

    def _clear_marks(self) -> None:
        """Drop the selection, the hint and any marked column: the board changed or the player said so."""
        self.selection: Selection | None = None
        self.hint_list: list[Hint] | None = None
        self.hint_index = -1
        self.hint_search: HintSearch | None = None
        self.hint_wanted = False
        self.marked: list[int] = []

    def _after_change(self, message: str) -> None:
        self._clear_marks()
        runs = len(self.game.completed)
        self._say(message)
        if self.dialog == "won" and not self.game.is_won:
            self.dialog = None  # the win undone (the page may not have shown its dialog yet)
        if self.game.is_won:
            self.dialog = "won"
            if self.counts(self.game):
                self._keep_record(self.record.win(self.game.score, self.game.moves, self.elapsed_ms // 1000).won_day())
            winner = ("Show me won" if self.shown_win else
                      "You won today's deal" if self.record.playing_day else "You won")
            self._say(f"{winner}! {runs} runs, score {self.game.score} in {counted(self.game.moves, 'move')}.", "win")
        self._say_if_dead_end()
        self._save()
        self._request_badge()

    def _say_if_dead_end(self) -> None:
        """No card can move and nothing is left to deal: say so at once, rather than leave the
        player to search for a move (or press Hint) to find out."""
        if not self.game.is_won and not self.game.legal_moves():
            self._say(f"{self.message} No moves left. {self._way_out()}", "warn")

    def _play(self, move: Move) -> bool:
        """Play ``move``; on refusal say why (and mark the empty column a deal needs)."""
        reason = self.game.why_illegal(move)
        if reason is not None:
            self.selection = None
            self.marked = [i for i, col in enumerate(self.game.columns) if not col] if move.is_deal and self.game.stock else []
            self._say(("Can't deal: " if move.is_deal else "Can't move there: ") + reason + ".", "error")
            return False
        before = self.game.position
        cards = self.game.columns[move.src][-move.count:] if not move.is_deal else ()
        self.game.play(move)
        if move.is_deal:  # the new top cards, left to right: what a player who cannot see the board needs
            message = f"Dealt {' '.join(card.label for card in before.stock[:len(before.stock) - len(self.game.stock)])}."
        else:
            message = f"Moved {group_label(cards)} to column {move.dst + 1}."
        message += _what_it_did(before, self.game)
        if not move.is_deal:
            self.focus = (move.dst, len(self.game.columns[move.dst]) - 1)
        elif self.focus:  # a deal keeps the column in focus, on its new top card
            self.focus = (self.focus[0], len(self.game.columns[self.focus[0]]) - 1)
        self._after_change(message)
        return True

    # --- hints ----------------------------------------------------------------------------
    def _hint(self) -> None:
        """Show the next hint; if the search needs more than a moment, say so and finish it in
        the page's spare time (:meth:`on_idle` shows it), so the page never freezes."""
        self.selection = None
        if self.game.is_won:
            self._say("This game is already won: start a new game, or replay this deal.")
            return
        if self.hint_list is None:
            ranked = self._work_on_hints(HINT_NOW_MS / 1000)
            self.hint_wanted = ranked is None
            if ranked is None:
                self._say("Looking for the best move…", "busy")
                return
            self.hint_list = [h for h in ranked if h.useful and not h.repeat]  # a deal is always one
            self.hint_index = -1
        if not self.hint_list:
            self.hint_index = -1
            self._say(f"{_capital(nothing_to_suggest(self.game))}. {self._way_out()}", "warn")
            return
        self.hint_index = (self.hint_index + 1) % len(self.hint_list)
        hint = self.hint_list[self.hint_index]
        more = f" (hint {self.hint_index + 1} of {len(self.hint_list)})" if len(self.hint_list) > 1 else ""
        move = hint.move
        what, reason = "", hint.reason  # the move in words, not only highlighted: unless the reason already says it
        if not move.is_deal and not hint.names_move:
            what = f"{group_label(self.game.columns[move.src][-move.count:])} to column {move.dst + 1}: "
        elif not move.is_deal and self.game.columns[move.dst]:  # "moves 5♦ onto 6♣": which 6♣, by ear or with two decks?
            onto = f" onto {self.game.columns[move.dst][-1].label}"
            reason = reason.replace(onto, f"{onto} in column {move.dst + 1}", 1)
        self._say(f"Hint: {what}{reason if what else _capital(reason)}{more}.", "hint")

    def _way_out(self) -> str:
        """What a stuck player can do: undo only if there is something to undo (not in a
        position opened from a link)."""
        return "Undo, or start a new game." if self.game.can_undo() else "Start a new game, or replay this one."

    def _work_on_hints(self, seconds: float) -> list[Hint] | None:
        """Work on this position's hints for about ``seconds``; the ranked list once ready."""
        if self.hint_search is None:
            self.hint_search = HintSearch(self.game)
        return self.hint_search.result if self.hint_search.advance(seconds) else None

    def _idle_wanted(self) -> bool:
        """Spare time would go to hints: they are not ready and the game is being played (a hint
        asked for comes even with a dialog open)."""
        searched = self.hint_search is not None and self.hint_search.done
        if searched or self.game.is_won or self.autoplay is not None:
            return False
        return self.hint_wanted or not self.dialog

    def on_idle(self, event: dict[str, Any]) -> bool:
        """Spare time in the page (``budget_ms``, capped): the Hint button then answers at once.

        True when this slice finished a hint the player is waiting for, which is now shown."""
        if not self._idle_wanted():
            return False
        cap = WAITING_SLICE_MS if self.hint_wanted else IDLE_SLICE_MS
        ranked = self._work_on_hints(min(max(_int(event.get("budget_ms"), 4), 1), cap) / 1000)
        if ranked is None or not self.hint_wanted:
            return False
        self._hint()
        return True

    # --- pointer --------------------------------------------------------------------------
    def on_pick(self, event: dict[str, Any]) -> None:
        """A click/tap or pointer-down on a card (``index``) or on a column's empty area. A pointer's
        (``pointer``, at ``now``) may be the rest of a double-click or tap (:data:`DOUBLE_PRESS_MS`,
        :data:`TAP_SETTLE_MS`): decided here, as the stock's is, not by the page."""
        col = _int(event.get("col"), -1)
        if not 0 <= col < len(self.game.columns):
            return
        index = event.get("index")
        now = _pressed_at(event)
        timed = now is not None
        pressed, self.pressed, self.lifted = self.pressed, None, None
        moved_at, game, moved = self.tap_moved_at
        if timed and self.tap_moves and game is self.game and col in moved and 0 <= now - moved_at < TAP_SETTLE_MS:
            return
        if timed and not self.tap_moves and isinstance(index, int) and pressed is not None:
            at, game, moves, was_col, was_index = pressed
            if 0 <= now - at < DOUBLE_PRESS_MS and game is self.game and (moves, was_col, was_index) == (game.moves, col, index):
                if self._held(col, index):
                    self.lifted = (col, index, True)  # a quick press and drag drags, not the double-click's move
                else:
                    self._double(col, index)
                return
        before = self.game.moves
        if timed and self._held(col, index):
            self.lifted = (col, index, False)  # put down on release, unless the press becomes a drag
        else:
            self._pick(col, index)
        if timed and isinstance(index, int) and self.game.moves == before:  # a press that moved cards starts none
            self.pressed = (now, self.game, before, col, index)

    def _held(self, col: int, index: Any) -> bool:
        """Whether the card at (``col``, ``index``) is the one picked up, the group's lowest."""
        sel = self.selection
        return sel is not None and (sel.col, sel.index) == (col, index)

    def _pick(self, col: int, index: Any) -> None:
        """With cards picked up, a press on another column drops them there; where they cannot go,
        a card there that can be picked up is, with the reason the others could not go (the press
        was for it: in the other games a player knows, it picks it up, and with "one tap moves"
        on, a card left picked up with nowhere to go made every other tap a refused drop)."""
        cards = self.game.columns[col]
        sel = self.selection
        if sel is not None and col != sel.col:
            move = self.selection_move(col)
            why = self.game.why_illegal(move)
            pickable = isinstance(index, int) and 0 <= index < len(cards) and cards[index].face_up
            if why is None or not pickable or self.game.why_unmovable(col, len(cards) - index) is not None:
                self._play(move)
                return
            self.focus = (col, index)
            self._select(col, index)
            self._say(f"{_capital(why)}. Picked up {group_label(cards[index:])} instead.", "warn")
            return
        if sel is not None and (index == sel.index or not isinstance(index, int)):
            self.selection = None
            self._say("")
            return
        if not isinstance(index, int) or not 0 <= index < len(cards):
            if not cards:
                self._say(f"Column {col + 1} is empty: pick up a group first, then choose this column.")
            return
        self.focus = (col, index)
        self._select(col, index)

    def _select(self, col: int, index: int) -> bool:
        cards = self.game.columns[col]
        card = cards[index]
        if not card.face_up:
            self._say("That card is face down: uncover it by moving the cards above it.", "error")
            return False
        reason = self.game.why_unmovable(col, len(cards) - index)
        if reason is not None:
            self.selection = None
            self._say(f"Can't pick up {card.label}: {reason}.", "error")
            return False
        self.selection = Selection(col, index)
        self.hint_list = None
        self.marked = []
        self._say(f"Picked up {group_label(cards[index:])}. Choose a column.")
        return True

    def selection_move(self, dst: int) -> Move:
        """The move of the picked-up group onto column ``dst``."""
        sel = self.selection
        assert sel is not None
        return Move(sel.col, dst, self._picked_count())

    def _picked_count(self) -> int:
        """How many cards are picked up: the selected card and those on it."""
        sel = self.selection
        assert sel is not None
        return len(self.game.columns[sel.col]) - sel.index

    def _move_selection(self, dst: int) -> bool:
        return self._play(self.selection_move(dst))

    def _fitting_part(self, dst: int) -> Move | None:
        """A dragged group let go on a card it cannot go on: the part of its sequence that can
        (at most one can: it starts one rank below that card), a card more or fewer than was
        picked up, since a covered card's strip is small to hit and a drag's aim is plain. None
        unless the picked cards are one sequence (a Scorpion group need not be)."""
        sel = self.selection
        assert sel is not None
        cards = self.game.columns[sel.col]
        if not self.game.columns[dst]:
            return None  # an empty column takes what was picked up
        first, lowest, link = len(cards) - 1, len(cards) - self.game.movable(sel.col), self.game.variant.build
        while first > lowest and link(cards[first - 1], cards[first]):
            first -= 1
        if first > sel.index:
            return None
        fits = (Move(sel.col, dst, n) for n in range(1, len(cards) - first + 1))
        return next((m for m in fits if self.game.is_legal(m)), None)

    def on_drop(self, event: dict[str, Any]) -> None:
        """A dragged group was released over column ``col`` (or nowhere: ``col`` null)."""
        col = event.get("col")
        if self.selection is None:
            return
        if not isinstance(col, int) or not 0 <= col < len(self.game.columns) or col == self.selection.col:
            self.selection = None
            self._say("")
            return
        move = self.selection_move(col)
        self._play(move if self.game.is_legal(move) else (self._fitting_part(col) or move))

    def on_tap(self, event: dict[str, Any]) -> bool:
        """A click or tap let go where it was pressed. On the group picked up before the press, it
        puts the group down, or, ending a double-click, sends it to its best place; on the group its
        press picked up, with "one tap moves" on, the group goes to its best place (if it has none,
        it stays picked up for the player to choose a column). False if it changed nothing: most
        releases, which then cost no drawing."""
        sel, lifted, self.lifted = self.selection, self.lifted, None
        if sel is None or not self._held(event.get("col"), event.get("index")):
            return False
        if lifted is not None and lifted[:2] == (sel.col, sel.index):
            if lifted[2]:
                self._double(sel.col, sel.index)
            else:
                self.selection = None
                self._say("")
            return True
        src, dst = sel.col, best_destination(self.game, sel.col, self._picked_count()) if self.tap_moves else None
        if dst is None:
            return False
        if self._move_selection(dst) and (now := _pressed_at(event)) is not None:
            self.tap_moved_at = (now, self.game, (src, dst))
        return True

    def _double(self, col: int, index: int) -> None:
        """Double-click/tap: move the group to its best legal destination (with "one tap moves"
        on there is none: the first tap moved it, and the second press is ignored)."""
        if not 0 <= index < len(self.game.columns[col]):
            return
        self.selection = None
        if not self._select(col, index):
            return
        count = len(self.game.columns[col]) - index
        dst = best_destination(self.game, col, count)
        if dst is None:
            self.selection = None
            what = self.game.columns[col][index].label
            if any(self.game.is_legal(Move(col, d, count)) for d in range(len(self.game.columns)) if d != col):
                # only from a column to an empty one: legal, but a double-click will not make a move that gains nothing
                self._say(f"{what} could only go to an empty column, which gains nothing: drag it there to move it anyway.",
                          "error")
            else:
                self._say(f"{what} has nowhere to go.", "error")
            return
        self._play(Move(col, dst, count))

    # --- keyboard -------------------------------------------------------------------------
    def on_key(self, event: dict[str, Any]) -> bool:
        """Keys from the board or anywhere on the page; returns False for keys left to the browser."""
        key = str(event.get("key", ""))
        ctrl, shift = bool(event.get("ctrl")), bool(event.get("shift"))
        focus = event.get("focus")
        col = focus.get("col") if isinstance(focus, dict) else None
        if isinstance(col, int) and not isinstance(col, bool) and 0 <= col < len(self.game.columns):
            index = focus.get("index")
            self.focus = (col, index if isinstance(index, int) else -1)
        lower = key.lower()
        if self.dialog not in (None, "won") and key != "Escape":  # what a dialog asks is answered first
            return False  # (another tab's game above all, which a move or an undo here would write over)
        if ctrl:
            if lower == "z" and not shift:
                self._undo()
            elif lower == "y" or (lower == "z" and shift):
                self._redo()
            else:
                return False
            return True
        if event.get("alt"):
            return False
        shortcuts = {"u": self._redo if shift else self._undo, "h": self._hint, "d": lambda: self._play(DEAL),
                     "n": lambda: self._ask_first("new"), "?": self._show_rules}
        if lower in shortcuts and self.letter_keys:
            shortcuts[lower]()
            return True
        if key == "Escape" and self.dialog == "conflict":
            self._close_dialog()  # which only says to choose: no selection or hint is cleared behind it
            return True
        if key == "Escape":
            cleared = (STOPPED if self.stopping else "Selection cleared." if self.selection is not None
                       else "Hint cleared." if self.hint_index >= 0 else None)
            self._close_dialog()
            self._clear_marks()
            if cleared:  # otherwise (say, closing the menu) the message stands
                self._say(cleared)
            return True
        if not event.get("board"):
            return False
        if key in ("ArrowLeft", "ArrowRight"):
            self._focus_column(-1 if key == "ArrowLeft" else 1)
        elif key in ("ArrowUp", "ArrowDown"):
            self._focus_card(-1 if key == "ArrowUp" else 1)
        elif key in ("Enter", " ", "Spacebar"):
            self._activate()
        else:
            return False
        return True

    def _focus_column(self, step: int) -> None:
        n = len(self.game.columns)
        col = self.focus[0] if self.focus else 0
        col = (col + step) % n
        self.focus = (col, len(self.game.columns[col]) - 1)

    def _focus_card(self, step: int) -> None:
        if self.focus is None:
            self._focus_column(0)
            return
        col, index = self.focus
        cards = self.game.columns[col]
        if cards:
            self.focus = (col, nearest_face_up(cards, index + step))

    def _activate(self) -> None:
        if self.focus is None:
            self._focus_column(0)
            return
        col, index = self.focus
        cards = self.game.columns[col]
        if self.selection is not None and col != self.selection.col:
            if not self._move_selection(col):
                self.focus = (col, len(cards) - 1)
            return
        if self.selection is not None and index == self.selection.index:
            self.selection = None
            self._say("Put the cards back.")
            return
        if 0 <= index < len(cards):
            self._select(col, index)
        else:
            self._say(f"Column {col + 1} is empty.")

    # --- the view -------------------------------------------------------------------------
    def _say(self, message: str, tone: str = "info") -> None:
        self.message = message
        self.tone = tone
        self.said += 1

    def link(self) -> str:
        game = self.game
        if game.seed is None:
            return f"#{game.variant.name}"
        return f"#{game.variant.name}/{game.seed}"

    def game_id(self) -> str:
        """Which deal is on the table, for the page (a new one arrives with the deal animation).
        Worked out once per game: it reads the whole deal (~5 ms in Pyodide on a first visit)."""
        game = self.game
        if self._identified is None or self._identified[0] is not game:
            self._identified = (game, f"{game.variant.name}/{game.seed}/{zlib.crc32(repr(game.start).encode()):08x}")
        return self._identified[1]

    def view(self) -> dict[str, Any]:
        """Everything the page draws (see :mod:`spider.view`)."""
        return render(self)


def best_destination(game: Game, src: int, count: int) -> int | None:
    """Where a double-click sends a group: in suit first, then any build, then an empty column."""
    base = game.columns[src][-count]
    best, best_rank = None, 99
    for dst, cards in enumerate(game.columns):
        if dst == src or not game.is_legal(Move(src, dst, count)):
            continue
        if not cards:
            rank = 3 if count < len(game.columns[src]) else 9
        elif cards[-1].suit == base.suit:
            rank = 0
        else:
            rank = 1
        if rank < best_rank:
            best, best_rank = dst, rank
    return best if best_rank < 9 else None


def _what_it_did(before: Position, game: Game) -> str:
    """What a move or deal did besides moving cards, for the player to hear as well as see: a run
    completed, a card turned up."""
    made = len(game.completed) - len(before.completed)  # a deal can complete two at once
    words = " Run complete!" if made == 1 else f" {made} runs complete!" if made else ""
    turned = []
    for was, cards in zip(before.columns, game.columns, strict=True):
        down = face_down(cards)
        if cards and down < face_down(was):
            turned.append(cards[down])
    if turned:
        words += f" Turned up {', '.join(card.label for card in turned)}."
    return words


def _move_words(move: Move, game: Game, undone: bool = False) -> str:
    """``move`` as redo says it, or undo (``undone``: where the cards are back), from ``game``
    before it is played (its cards in their column)."""
    if move.is_deal:
        return "the deal"
    cards = group_label(game.columns[move.src][-move.count:])
    if undone:  # "from column 5 to column 7" read as the way the cards had just gone
        return f"{cards} to column {move.dst + 1}: back in column {move.src + 1}"
    return f"{cards} from column {move.src + 1} to column {move.dst + 1}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _finite(value: Any) -> bool:
    """A number from an event that arithmetic can use (JSON also reads NaN and Infinity)."""
    return isinstance(value, (int, float)) and math.isfinite(value)


def _backup_key(name: str, n: int) -> str:
    return f"{BACKUP_PREFIX}{name}" + (f":{n}" if n > 1 else "")


def _fragment(event: dict[str, Any]) -> str:
    """The URL fragment of an event, without ``#`` and percent-decoded."""
    text = str(event.get("hash", "")).lstrip("#")
    if "%" not in text:
        return text
    from urllib.parse import unquote  # only links need it; the import costs the page's boot ~0.1 s

    return unquote(text)


def _seed(text: str) -> int | None:
    """A seed typed in a link or the deal-number dialog: plain ASCII digits, at most
    :data:`SEED_DIGITS` of them (no number is read from more), naming a deal."""
    if not (text.isascii() and text.isdigit() and len(text.lstrip("0")) <= SEED_DIGITS):  # 0042 is deal 42
        return None
    seed = int(text)
    return seed if is_seed(seed) else None


def _answers_conflict(event: dict[str, Any]) -> bool:
    """Input taken while another tab's newer game waits for the player's choice: its two buttons,
    what changes nothing (a hint, the answer of a link copied before), and keys, which
    :meth:`App.on_key` leaves to the dialog. A backup file picked before is dropped."""
    return event.get("type") == "key" or (event.get("type") == "action" and event.get("name") in (
        "load-newer", "keep-mine", "dismiss", "hint", "copied"))


def _named(value: Any, names: Mapping[str, Any]) -> bool:
    """Whether stored ``value`` is one of ``names``: any JSON may be stored, and a list or an
    object is not even hashable."""
    return isinstance(value, str) and value in names


def _pressed_at(event: dict[str, Any]) -> float | None:
    """When a pointer's press was made, by the page's clock (``at``, or ``now`` without it), for
    telling a double-click from two presses; None for a key's. ``at`` is stamped at the press: a
    press made before Python was up is sent later, with the others made meanwhile."""
    at = event.get("at", event.get("now"))
    return at if event.get("pointer") is True and _finite(at) else None


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        return default


_APP: App | None = None


def handle_json(event: str) -> str:
    """The bridge's single call: a JSON event in, a JSON response out."""
    global _APP
    if _APP is None:
        _APP = App()
    return json.dumps(_APP.handle(json.loads(event)), ensure_ascii=False)


def page_info() -> dict[str, Any]:
    """What the page needs before Python is up, written into the build: the views of the deals a
    first visit may open (one painted at once), the variant they are of, the longest play time to
    believe, and the storage keys the early paint reads, so that the page never spells out a key or
    a limit of its own."""
    seeds = winnable.winnable_seeds(FIRST_VARIANT)[:FIRST_DEALS]
    return {"firstViews": [first_view(seed) for seed in seeds], "firstVariant": FIRST_VARIANT,
            "mostKeptMs": MOST_KEPT_MS, "outdated": OUTDATED,
            "keys": {"prefix": KEY_PREFIX, "settings": SETTINGS_KEY, "view": VIEW_PREFIX, "save": SAVE_PREFIX,
                     "time": TIME_PREFIX, "shared": SHARED_PREFIXES}}


def first_view(seed: int) -> dict[str, Any]:
    """The view a first visit's start draws of a fresh deal of :data:`FIRST_VARIANT`, pre-rendered at
    build time so that it paints at once, welcome and all. Its ``said`` is 0, none yet: the message
    is not news while the early paint shows it, and is read out once Python's own view of it comes."""
    return App().handle({"type": "start", "storage": {}, "hash": "", "seed": seed})["view"] | {"said": 0}
