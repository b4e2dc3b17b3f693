"""A backup file: a player's games, statistics and settings, carried to another browser or kept
safe from a cleared one. Written from what the page keeps; read back only whole and valid, so a
bad file changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable

from . import jsontext
from .errors import SaveError
from .saves import load_as
from .shuffle import is_seed
from .stats import Record
from .variants import VARIANTS
from .words import counted

FORMAT = "spider-backup"
VERSION = 1
MAX_CHARS = 10_000_000
"""Far more than every variant's game, statistics and seed lists take: a bigger file is not ours."""

KEY_PREFIX = "spider:"
"""Every key the game keeps in the browser starts so; the page reads those alone."""
SAVE_PREFIX = f"{KEY_PREFIX}save:"
TIME_PREFIX = f"{KEY_PREFIX}time:"
STATS_PREFIX = f"{KEY_PREFIX}stats:"
PROVEN_PREFIX = f"{KEY_PREFIX}proven:"  # seeds the page's solver proved winnable
DEALT_PREFIX = f"{KEY_PREFIX}dealt:"  # proven seeds already dealt in this round of "Winnable deals only"
SETTINGS_KEY = f"{KEY_PREFIX}settings"


def _game(variant: str, text: str) -> None:
    load_as(text, variant)


def _time(variant: str, text: str) -> None:
    if not (text.isascii() and text.isdigit()):
        raise SaveError("the time played is not a whole number of milliseconds")


def _record(variant: str, text: str) -> None:
    Record.from_json(text)


def _seeds(variant: str, text: str) -> None:
    try:
        seeds = jsontext.loads(text)
    except ValueError:
        seeds = None
    if not isinstance(seeds, list) or not all(is_seed(s) for s in seeds):
        raise SaveError("it is not a list of deal numbers")


def describe(keys: dict[str, str]) -> str:
    """What a backup holds, as a player counts it: "2 saved games and the statistics of 3 variants"."""
    games = sum(key.startswith(SAVE_PREFIX) for key in keys)
    records = sum(key.startswith(STATS_PREFIX) for key in keys)
    saved = "no saved game" if not games else counted(games, "saved game")
    stats = "no statistics" if not records else f"the statistics of {counted(records, 'variant')}"
    return f"{saved} and {stats}"


CHECKS: dict[str, Callable[[str, str], None]] = {
    SAVE_PREFIX: _game, TIME_PREFIX: _time, STATS_PREFIX: _record, PROVEN_PREFIX: _seeds, DEALT_PREFIX: _seeds,
}
"""What each variant's stored entry must be, by its key's prefix."""


def backed_up(key: str) -> bool:
    """Whether ``key`` goes into a backup: the settings and each variant's entries (not the views
    drawn from them, nor damaged data kept aside)."""
    prefix, _, variant = key.rpartition(":")
    return key == SETTINGS_KEY or (f"{prefix}:" in CHECKS and variant in VARIANTS)


def backup_text(stored: dict[str, str]) -> str:
    """The backup file of what ``stored`` keeps."""
    keys = {key: stored[key] for key in sorted(stored) if backed_up(key)}
    return json.dumps({"format": FORMAT, "version": VERSION, "keys": keys}, ensure_ascii=False, indent=1)


def read_backup(text: str) -> dict[str, str]:
    """The entries of a backup file, each checked; :class:`SaveError` says what is wrong."""
    if len(text) > MAX_CHARS:
        raise SaveError("it is far too big to be a Spider backup")
    try:
        data = jsontext.loads(text)
    except ValueError:
        raise SaveError("it is not a Spider backup (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("it is not a Spider backup")
    if data.get("version") != VERSION:
        raise SaveError(f"it has an unknown format version {data.get('version')!r}")
    keys = data.get("keys")
    if not isinstance(keys, dict) or not all(isinstance(v, str) for v in keys.values()):
        raise SaveError("its entries are not readable")
    for key, value in keys.items():
        if not backed_up(key):
            raise SaveError(f"it holds an entry this game does not keep ({str(key)[:40]})")
        try:
            if key == SETTINGS_KEY:
                if not isinstance(jsontext.loads(value), dict):
                    raise SaveError("they are not a set of settings")
            else:
                prefix, _, variant = key.rpartition(":")
                CHECKS[f"{prefix}:"](variant, value)
        except (SaveError, ValueError) as e:
            raise SaveError(f"its entry {key} is damaged: {e}") from None
    return keys
