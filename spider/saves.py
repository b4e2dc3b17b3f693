"""Saved games: versioned JSON holding the start, the history and the position it must reach.

Loading replays the whole history through the rules and compares the result with the saved
position, so a corrupt or edited save is refused with :class:`SaveError`, never half-loaded.
"""

from __future__ import annotations

import json
from typing import Any

from . import jsontext
from .errors import IllegalMove, NotationError, SaveError
from .game import Game
from .moves import Move
from .notation import parse_position, position_text
from .shuffle import is_seed
from .variants import VARIANTS

FORMAT = "spider-save"
VERSION = 1


def dump(game: Game) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "variant": game.variant.name,
            "seed": game.seed,
            "start": position_text(game.variant, game.start, 0),
            "history": [str(m) for m in game.history],
            "future": [str(m) for m in game.future],
            "moves": game.moves,
            "position": game.to_text(),
        },
        separators=(",", ":"),
    )


def load_as(text: str, name: str) -> Game:
    """:func:`load`, for the save kept under variant ``name``'s key: another variant's is refused
    (written by hand, or by a build that mixed keys up)."""
    game = load(text)
    if game.variant.name != name:
        raise SaveError(f"it is a game of {game.variant.title}, not {VARIANTS[name].title}")
    return game


def load(text: str) -> Game:
    try:
        data = jsontext.loads(text)
    except (TypeError, ValueError):  # the decoder's own words mean nothing to a player
        raise SaveError("the save is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Spider save")
    version = data.get("version")
    if version is None:
        raise SaveError("the save has no format version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"the save's format version {version!r} is not a whole number")
    if version > VERSION:
        raise SaveError(f"the save is from a newer version of the game (format {version}; this one reads {VERSION})")
    if version < 1:
        raise SaveError(f"unknown save format version {version}")
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise SaveError(f"the save names an unknown variant {variant!r}")
    game = _start(data, variant)
    history = _moves(data, "history")
    future = _moves(data, "future")
    try:
        for move in history + future:
            game.play(move)
    except IllegalMove as e:
        raise SaveError(f"the save's history does not replay: {e}") from None
    for _ in future:
        game.undo()
    moves = data.get("moves")
    least = len(history) + 2 * len(future)
    if not isinstance(moves, int) or isinstance(moves, bool):
        raise SaveError(f"the save's move counter {moves!r} is not a whole number")
    if moves < least:
        raise SaveError(f"the save's move counter {moves!r} is impossible after its history (at least {least})")
    game.moves = moves
    if data.get("position") != game.to_text():
        raise SaveError("the save's position does not match its history: it was edited or damaged")
    return game


def _start(data: dict[str, Any], variant: str) -> Game:
    seed = data.get("seed")
    start = data.get("start")
    if not isinstance(start, str):
        raise SaveError("the save has no start position")
    if seed is not None:
        if not is_seed(seed):
            raise SaveError(f"the save's seed {seed!r} is not a deal number (a whole number from 0 to 2**64 - 1)")
        game = Game(variant, seed)
        if game.to_text() != start:
            raise SaveError(f"the save's start position is not deal {seed} of {variant}")
        return game
    try:
        parsed, position, _ = parse_position(start)
    except NotationError as e:
        raise SaveError(f"the save's start position is damaged: {e}") from None
    if parsed.name != variant:
        raise SaveError(f"the save's start position is {parsed.name}, not {variant}")
    return Game.from_position(parsed, position)


def _moves(data: dict[str, Any], field: str) -> list[Move]:
    items = data.get(field)
    if not isinstance(items, list) or not all(isinstance(m, str) for m in items):
        raise SaveError(f"the save's {field} is not a list of moves")
    try:
        return [Move.from_text(m) for m in items]
    except ValueError as e:
        raise SaveError(f"the save's {field} holds a bad move: {e}") from None
