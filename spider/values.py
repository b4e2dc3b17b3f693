"""The base of the engine's small immutable values (cards, moves, variants, hints).

Not ``@dataclass``: a dataclass writes its methods out as source and compiles them when its
module is imported, and in the page's Python (Pyodide, WebAssembly) that took 8-30 ms a class,
55-70 ms of the ~100 ms the game took to import on a first visit (measured). Each value class
lists its fields in ``__slots__``, in the order ``__init__`` takes them, and sets them there with
:func:`init_fields`; equality and hashing compare them all, or what the class's ``_key`` names.
"""

from __future__ import annotations

from typing import Any


class Frozen:
    """Immutable once built; equal (to values of the same class only) and hashed by ``_key()``."""

    __slots__ = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def _key(self) -> tuple[Any, ...]:
        """What equality and hashing compare: every field, unless a class says otherwise."""
        return self._fields()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{self.__class__.__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self.__class__.__name__} is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        """Copies and pickles are rebuilt through ``__init__`` (``__slots__`` lists its arguments)."""
        return self.__class__, self._fields()


def init_fields(value: Frozen, **fields: object) -> None:
    """Set ``value``'s fields, once, from its ``__init__``."""
    for name, field in fields.items():
        object.__setattr__(value, name, field)
