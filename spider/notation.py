"""The position notation: the canonical text of a position, for tests, saves, sharing and bugs.

::

    spider-2 moves=3 done=s
    stock: 9h 3s Qs ...
    1: 4h 9s Th Ks Qh | 7s
    2: | Kh Qh Jh
    3:

Face-down cards, ``|``, face-up cards, each bottom to top. Syntax errors and impossible
positions are both :class:`NotationError`, naming the line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .cards import RANKS, SUITS, Card
from .errors import NotationError
from .game import Position, ends_in_run
from .variants import VARIANTS, Variant, any_card, same_suit_down
from .words import counted


def position_text(variant: Variant, position: Position, moves: int) -> str:
    done = "".join(position.completed) or "-"
    lines = [f"{variant.name} moves={moves} done={done}", " ".join(["stock:", *map(str, position.stock)])]
    lines += [column_line(number, col) for number, col in enumerate(position.columns, 1)]
    return "\n".join(lines) + "\n"


def column_line(number: int, column: Sequence[Card], hidden: str | None = None) -> str:
    """Column ``number``'s line: ``3: 4s 9h | Ks Qs``, each face-down card written as ``hidden``
    where that is given (the command line's table shows the player's view in the same layout)."""
    if not column:
        return f"{number}:"
    down = [hidden or str(c) for c in column if not c.face_up]
    up = [str(c) for c in column if c.face_up]
    return " ".join([f"{number}:", *down, "|", *up])


def parse_position(text: str) -> tuple[Variant, Position, int]:
    """Read position text; raise :class:`NotationError` naming the line and the reason, counted
    from the text's first line even when blank lines come before the position."""
    blank = len((text[:len(text) - len(text.lstrip())] + ".").splitlines()) - 1  # line breaks, as splitlines counts them
    try:
        return _parse(text)
    except NotationError as e:
        if not blank:
            raise
        raise NotationError(re.sub(r"^line (\d+)", lambda m: f"line {int(m[1]) + blank}", str(e))) from None


def _parse(text: str) -> tuple[Variant, Position, int]:
    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines or not lines[0]:
        raise NotationError("line 1: empty position text")
    variant, moves, done = _parse_header(lines[0])
    if len(lines) < 2 or not lines[1].startswith("stock:"):
        raise NotationError("line 2: expected 'stock:' followed by the stock cards")
    seen: Counter[str] = Counter()
    stock = tuple(_card(word, 2, False, seen) for word in lines[1][len("stock:"):].split())
    column_lines = lines[2:]
    if "" in column_lines:
        number = column_lines.index("") + 3
        raise NotationError(f"line {number}: a blank line; an empty column is written as its number, as '3:'")
    if len(column_lines) != variant.columns:
        raise NotationError(
            f"line {len(lines)}: {variant.name} has {variant.columns} columns, this text has {len(column_lines)}"
        )
    columns = []
    for i, line in enumerate(column_lines):
        number = i + 3
        label, _, rest = line.partition(":")
        if label.strip() != str(i + 1) or not _:
            raise NotationError(f"line {number}: expected column '{i + 1}:'")
        columns.append(_parse_column(rest.split(), number, seen))
    position = Position(tuple(columns), stock, done)
    _check_cards(variant, position, len(lines))
    _check_play(variant, position)
    return variant, position, moves


def _parse_header(line: str) -> tuple[Variant, int, tuple[str, ...]]:
    words = line.split()
    if not words or words[0] not in VARIANTS:
        name = words[0] if words else ""
        raise NotationError(f"line 1: unknown variant {name!r}; known: {', '.join(VARIANTS)}")
    variant = VARIANTS[words[0]]
    fields = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or key not in ("moves", "done") or key in fields:
            raise NotationError(f"line 1: unexpected {word!r}; expected 'moves=N done=SUITS'")
        fields[key] = value
    moves_text = fields.get("moves", "0")
    if not (moves_text.isascii() and moves_text.isdigit()):
        raise NotationError(f"line 1: moves={moves_text} is not a whole number")
    done_text = fields.get("done", "-")
    done = () if done_text == "-" else tuple(done_text)
    if any(s not in SUITS for s in done):
        raise NotationError(f"line 1: done={done_text} must list suits from 'shdc', or '-' when no run is done")
    if len(done) > variant.runs_to_win:
        raise NotationError(f"line 1: {variant.name} has only {variant.runs_to_win} runs to complete")
    return variant, int(moves_text), done


def _card(word: str, line: int, face_up: bool, seen: Counter[str]) -> Card:
    try:
        card = Card.from_text(word, face_up)
    except ValueError as e:
        raise NotationError(f"line {line}: {e}") from None
    copy = seen[word]
    seen[word] += 1
    return card if copy == 0 else Card(card.rank, card.suit, face_up, copy)


def _parse_column(words: list[str], line: int, seen: Counter[str]) -> tuple[Card, ...]:
    if not words:
        return ()
    if words.count("|") != 1:
        raise NotationError(f"line {line}: a column needs one '|' between face-down and face-up cards")
    bar = words.index("|")
    if words == ["|"]:
        raise NotationError(f"line {line}: an empty column is written with nothing after its number")
    if bar == len(words) - 1:
        raise NotationError(f"line {line}: face-down cards need a face-up card on top of them")
    return tuple(_card(w, line, i > bar, seen) for i, w in enumerate(words) if i != bar)


def _check_cards(variant: Variant, position: Position, last_line: int) -> None:
    """The cards must be exactly the variant's deck less the completed runs."""
    deck: Counter[str] = Counter()
    for suit in variant.suit_sets:
        for rank in RANKS:
            deck[rank + suit] += 1
    present = Counter(str(c) for col in position.columns for c in col)
    present.update(str(c) for c in position.stock)
    removed = 13 * len(position.completed)
    expected = variant.card_count - removed
    total = sum(present.values())
    if total != expected:
        raise NotationError(
            f"line {last_line}: {variant.name} with {counted(len(position.completed), 'run')} done has "
            f"{expected} cards in play, this text has {total}"
        )
    done = "".join(position.completed)
    for suit in position.completed:  # a run's King is of the suit named; in one suit, the whole run
        for rank in RANKS if variant.run is same_suit_down else "K":
            deck[rank + suit] -= 1
    if any(v < 0 for v in deck.values()):
        raise NotationError(f"line 1: done={done} lists more runs of a suit than the deck has")
    extra = sorted((present - deck).elements())
    if extra:
        raise NotationError(f"line {last_line}: too many of {', '.join(dict.fromkeys(extra))} for {variant.name}")
    each = len(variant.suit_sets) - len(position.completed)
    for rank in RANKS:  # a run of mixed suits still takes one card of each rank
        if (n := sum(present[rank + suit] for suit in SUITS)) != each:
            raise NotationError(f"line 1: done={done} leaves {each} cards of each rank in play, but this text has "
                                f"{n} of rank {rank}")


def _check_play(variant: Variant, position: Position) -> None:
    """No finished run on top of a column: play never leaves one, as it leaves the table as soon
    as it is made. Nor under other cards, but in Scorpion: elsewhere groups are sequences, and no
    card goes on an Ace."""
    for i, cards in enumerate(position.columns):
        if ends_in_run(cards, variant):
            raise NotationError(f"line {i + 3}: column {i + 1} ends in a finished run, which leaves the table "
                                "as soon as it is made")
        if variant.group is not any_card and any(ends_in_run(cards[:k], variant) for k in range(13, len(cards))):
            raise NotationError(f"line {i + 3}: column {i + 1} has cards on a finished run's Ace; in "
                                f"{variant.title} nothing goes on an Ace, so play never buries a run")
