"""JSON read from storage or from a file the player picked, refused past a depth no format of ours
comes near.

Python's decoder goes one level deeper on the stack per bracket: in CPython a deep enough text is a
``RecursionError``, and in the page a hundred thousand ``[`` overflow the WebAssembly stack, a fatal
error no ``except`` catches, so one damaged key would stop the game at every start.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MOST_DEPTH = 16
"""Brackets open at once in any text of ours (a backup holds saves as strings: two)."""
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
"""A string, or what is left of one cut off: a match that cannot fail keeps the scan linear (one
that could, tried again from each quote of a cut-off save, took seconds)."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def loads(text: str) -> Any:
    """:func:`json.loads` of a ``str``; a text nested deeper than :data:`MOST_DEPTH` is a
    ``ValueError`` too."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0) > MOST_DEPTH:
        raise ValueError(f"JSON nested more than {MOST_DEPTH} deep")
    return json.loads(text)
