"""Spider Solitaire: the whole Spider family as a small, pure-Python rules engine.

>>> import spider
>>> g = spider.Game("spider-1", seed=7)
>>> len(g.columns), len(g.stock), g.score
(10, 50, 500)
"""

from importlib import import_module
from typing import Any

from .cards import Card
from .errors import IllegalMove, NotationError, SaveError
from .game import Game, Position
from .hints import Hint, hints
from .moves import DEAL, Move
from .variants import VARIANTS, Variant, get_variant

_LAZY = {"SolveResult": "solver", "solve": "solver"}


def __getattr__(name: str) -> Any:
    """The solver loads on first use: the page's main engine never needs it (its worker does)."""
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'spider' has no attribute {name!r}")

__all__ = [
    "DEAL",
    "VARIANTS",
    "Card",
    "Game",
    "Hint",
    "IllegalMove",
    "Move",
    "NotationError",
    "Position",
    "SaveError",
    "SolveResult",
    "Variant",
    "get_variant",
    "hints",
    "solve",
]
__version__ = "0.1.0"
