"""A variant's record of finished games: what a player looks back on, kept beside their save.

A game counts once it is finished: won by the player, or given up (replaced by a new game, a
replay or a link after the first move, or handed to "Show me"). A game still in progress does
not count yet, so the win rate never dips while a game is being played. ``counted`` marks the
game in play as already counted, so undoing a win and playing it again never counts twice;
``shown`` marks it as one whose win "Show me" found, so a win of it is not the player's, even after
a reload.

Today's deal (the same for every player each day) counts as any game does, and its win also
counts the day: days won, and days won in a row. ``playing_day`` marks the game in play as the
deal of that day.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from datetime import date, timedelta
from typing import Any

from . import jsontext
from .errors import SaveError

FORMAT = "spider-stats"
VERSION = 1
DAY_FIELDS = ("last_day", "playing_day")
ONE_DAY = timedelta(days=1)
IDLE_CAP_MS = 30_000
"""The most a pause between two events adds to the play time: a player who walks away mid-game
is not timed while away (the page's clock counts the same way)."""


@dataclass(frozen=True)
class Record:
    """One variant's statistics; ``streak`` is the wins in a row up to the last finished game,
    ``day_streak`` the days in a row whose deal was won, up to ``last_day`` (ISO dates)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fastest_s: int | None = None
    fewest_moves: int | None = None
    counted: bool = False
    days_won: int = 0
    day_streak: int = 0
    best_day_streak: int = 0
    last_day: str | None = None
    playing_day: str | None = None
    shown: bool = False

    def win(self, score: int, moves: int, seconds: int) -> Record:
        """The record after the game in play is won with ``score`` in ``moves`` and ``seconds``."""
        streak = self.streak + 1
        return replace(self, played=self.played + 1, won=self.won + 1, streak=streak,
                       best_streak=max(self.best_streak, streak), best_score=_best(max, self.best_score, score),
                       fastest_s=_best(min, self.fastest_s, seconds), fewest_moves=_best(min, self.fewest_moves, moves),
                       counted=True)

    def loss(self) -> Record:
        """The record after the game in play is given up: played, not won, and the streak ends."""
        return replace(self, played=self.played + 1, streak=0, counted=True)

    def won_day(self) -> Record:
        """The record after the game in play, the deal of ``playing_day``, is won: that day is won
        (once, however often its deal is won again)."""
        day = self.playing_day
        if day is None or day == self.last_day:
            return self
        after_last = self.last_day is not None and date.fromisoformat(day) - date.fromisoformat(self.last_day) == ONE_DAY
        streak = self.day_streak + 1 if after_last else 1
        return replace(self, days_won=self.days_won + 1, day_streak=streak,
                       best_day_streak=max(self.best_day_streak, streak), last_day=day)

    def next_game(self, day: str | None = None) -> Record:
        """The record as a new game starts (the deal of ``day``, if it is one): nothing of it is
        counted or shown yet."""
        return replace(self, counted=False, playing_day=day, shown=False)

    def win_shown(self) -> Record:
        """The record after "Show me" found a win of the game in play: its win, played or not, is
        not the player's."""
        return replace(self, shown=True)

    def rows(self, today: date | None = None) -> list[tuple[str, str]]:
        """What the statistics dialog lists, label and value, in a player's words. The days in a
        row are those up to ``today`` or yesterday: a day missed since has ended them."""
        rate = f" ({self._percent()} %)" if self.played else ""
        rows = [("Played", str(self.played)), ("Won", f"{self.won}{rate}"), ("Lost", str(self.played - self.won)),
                ("Winning streak", f"{self.streak} (best {self.best_streak})")]
        if self.won:
            rows += [("Best score", str(self.best_score)), ("Fastest win", clock_text(self.fastest_s or 0)),
                     ("Fewest moves", str(self.fewest_moves))]
        if self.days_won:
            recent = today is not None and self.last_day in (today.isoformat(), (today - ONE_DAY).isoformat())
            streak = self.day_streak if recent else 0
            rows.append(("Today's deals won", f"{self.days_won} · {streak} in a row (best {self.best_day_streak})"))
        return rows

    def summary(self) -> str:
        """One line for the win dialog."""
        return f"Won {self.won} of {self.played} ({self._percent()} %) · winning streak {self.streak}"

    def _percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, **asdict(self)}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a stored record; :class:`SaveError` says what is wrong with a damaged one."""
        try:
            data = jsontext.loads(text)
        except (TypeError, ValueError):
            raise SaveError("the statistics are not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("these are not Spider statistics")
        version = data.get("version")
        if version != VERSION:
            raise SaveError(f"the statistics have an unknown format version {version!r}")
        values = {}
        for field in fields(cls):
            value = data.get(field.name, field.default)
            whole = isinstance(value, int) and not isinstance(value, bool)
            if field.name in ("counted", "shown"):
                ok = isinstance(value, bool)
            elif field.name == "best_score":  # a long game's score can fall below zero
                ok = value is None or whole
            elif field.name in DAY_FIELDS:
                ok = value is None or parse_day(value) is not None
            else:
                ok = (value is None and field.default is None) or (whole and value >= 0)
            if not ok:
                raise SaveError(f"the statistics' {field.name.replace('_', ' ')} is impossible: {value!r}")
            values[field.name] = value
        record = cls(**values)
        if not record.won <= record.played or not record.streak <= min(record.best_streak, record.won):
            raise SaveError("the statistics do not add up: more wins or a longer streak than games")
        if (record.won > 0) != (None not in (record.best_score, record.fastest_s, record.fewest_moves)):
            raise SaveError("the statistics' best game does not match their wins")
        if (not record.day_streak <= record.best_day_streak <= record.days_won <= record.won
                or (record.days_won > 0) != (record.last_day is not None)):
            raise SaveError("the statistics' days won do not add up")
        return record


def parse_day(value: Any) -> date | None:
    """A day written YYYY-MM-DD (as records keep it and the page sends it); None for anything else."""
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return day if day is not None and day.isoformat() == value else None


def _best(pick: Any, old: int | None, new: int) -> int:
    return new if old is None else pick(old, new)


def clock_text(seconds: int) -> str:
    """Play time as a player reads it: 5:07, or 1:02:03 past an hour (the page's clock too)."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
