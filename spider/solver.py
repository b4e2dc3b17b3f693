"""The full-information solver: it sees the hidden cards, finds a win or proves there is none.

``solve(game, budget_s)`` answers ``"solved"`` with moves that win when played with
``game.play()``, ``"unwinnable"`` when every reachable position was searched without a win,
or ``"unknown"`` when the time or memory budget ran out first. It never touches the caller's
game: it copies the position into a compact :class:`~spider.search_state.Table` state.

Three searches share the budget:

1. Whole-game greedy best-first on :class:`~spider.evaluation.Judge` values (charging
   ``STOCK_WEIGHT`` per card dealt, so the tableau is worked before the stock) with lazily
   generated children (a heap entry is one int packing priority, parent and move, so the
   frontier stays small) and a transposition table on canonical keys (once the stock is
   empty, columns without face-down cards are interchangeable, so their order is forgotten).
   A fast pass skips moves strong players never need (breaking a same-suit sequence to put
   its top on an off-suit card, shuffling a sequence onto its twin, choosing among several
   empty columns); if it runs dry, an exhaustive pass with only sound pruning follows, whose
   empty frontier proves the position lost. These get ``PROBE_SHARE`` of the budget: quick
   wins and small endgames end here.
2. A beam search over stages (the tableau between two deals, see :class:`_Staged`), round
   after round until a win or the end of the budget: two plain rounds, then up to
   ``NOISY_ROUNDS`` that add a little random noise to each move's value (seeded, so answers
   repeat) and slowly widen, since many differently ordered small searches win more often
   than a few wide ones. Which positions to deal from is judged by a short search past the
   deal (:data:`LOOKAHEAD`), not by their looks. It never claims a loss.
3. If the staged search stops early (its rounds ran out, or a round searched all its stages
   to the end and found no pre-deal pattern an earlier round had not tried, so that new
   orders find nothing new), the exhaustive whole-game pass again, with all the time and
   positions left. If that pass neither wins nor proves a loss (a full-size deal is far too
   big to search to the end: it fills its positions or drops part of its frontier), the staged
   search goes on where it stopped, ever wider, for the rest of the budget, even after a round
   that found nothing new, since wider rounds still can (spider-4 seed 658 stopped so after
   23-52 s at every budget tried, 45 to 900 s; going on, it was won in 65 s): an answer of
   ``"unknown"`` means the budget was spent.

The fast pass and the staged search also take run moves (:class:`_Runs`): a sequence of
several same-suit groups carried through empty columns as one step, spelled out into legal
moves only in the answer. The exhaustive pass keeps to single moves, which suffice to prove a loss.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import random
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from .evaluation import Judge
from .game import Game
from .moves import Move
from .search_state import DEAL_STEP, KING, Columns, State, Step, Table, descending, to_move

MAX_NODES = 450_000
"""Positions one pass may store (~450 MB under CPython, measured: 300 MB at 300,000); past that
it answers ``unknown``."""
MAX_FRONTIER = 1_500_000
"""Heap entries kept; past that the worst half is dropped and the pass can no longer prove a loss."""
BREAK_COST = 45
"""What the solver charges for a card not on its same-suit parent (see :class:`Judge`): more
than a face-down card is worth, so its searches do not dig by burying cards under the wrong
ones (four suits, seeds 1-100 at 30 s: 95-96 won at 45, 88 at 10; on the 12 seeds lost at 10,
30 won 10 and 70 won 9, against 11 at 45)."""
FEW_SUITS_BREAK_COST = 10
"""The whole-game passes' break cost with fewer than four suits: they win such deals at once by
digging (two suits, seeds 1-20: 29 s in all, against 49 s at 45, where most waited for the
staged search); with four it lost seeds (94 of 100, against 95-96)."""
STOCK_WEIGHT = 30
"""What the whole-game passes charge per card dealt, so that they look at the tableau first."""
PROBE_SHARE = 0.05
"""Share of the budget the whole-game passes get before the staged search takes over: they win
the easy deals in a second or two, and the hard four-suit deals need every second of the staged
search (four suits, seeds 1-100 at 30 s, the same search otherwise: 98 won, 96 at 15 %)."""
PROBE_NODES = 300_000
"""Positions the whole-game passes may store: enough to exhaust small endgames."""
WIDTHS = ((500, 3), (1_500, 4))
"""The staged search's first rounds: positions searched per stage and pre-deal positions tried."""
NOISY_ROUNDS = 40
"""How many noisy rounds the staged search runs before the exhaustive pass gets the time left
(small games get there and are searched to the end); more rounds follow, to the deadline, if that
pass neither wins nor proves a loss."""
NOISE = (15, 30)
"""Noisy rounds take turns adding a random amount below these to each move's gain, so that
each explores in another order (more noise than this lost more seeds than it won)."""
LOOKAHEAD = 2
"""The staged beam ranks this many times its width of pre-deal positions by a short search after
each one's deal before keeping its width of them (four suits, seeds 1-200 at 30 s: 193 won, 190
ranking by the positions' own values; seeds 119 and 160 were won for the first time)."""
LOOKAHEAD_NODES = 400
"""Positions each of those short searches may store (on the 15 hardest seeds 400 won 14, 1,000
won 11, and 150 at three times the width 11)."""
KNOWN = 100_000
"""Positions whose tried steps and gains the staged search keeps (about 800 bytes each): its
rounds and look-aheads expand the same positions again and again (spider-4 seed 93: 45 % of
900,000 expansions repeat one; 35 % are found among the last 100,000)."""
_T = TypeVar("_T")
_Entry = tuple[int, list[Step], State]
"""A pre-deal candidate in the staged beam: its value, the steps to it with the deal, the board after."""
_VALUE_SHIFT = 32
_TIE = (1 << _VALUE_SHIFT) - 1
_OFFSET = 1 << 30
_CODE_BITS = 17
_NODE_BITS = 32
_ENTRY_SHIFT = _CODE_BITS + _NODE_BITS
"""A frontier entry is one int, ``priority | parent node | move code`` from high bits to low: a
heap of ints orders as the tuples did and takes ~100 bytes less each."""
_CODE_MASK = (1 << _CODE_BITS) - 1
_NODE_MASK = (1 << _NODE_BITS) - 1
_RunShape = tuple[int, int, list[int], list[int | None]]
"""What run moves need of a column (see :meth:`_Runs._run_shape`)."""
_Shape = tuple[int, bool, int, int, int, bool, _RunShape | None]
"""What the move list needs of a column (see :meth:`_Runs._shape`)."""


@dataclass(frozen=True)
class SolveResult:
    """``status`` is ``"solved"``, ``"unwinnable"`` or ``"unknown"``; ``moves`` wins when solved."""

    status: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def solve(game: Game, budget_s: float = 30.0, max_nodes: int = MAX_NODES) -> SolveResult:
    """Search for a win from ``game``'s position within ``budget_s`` seconds."""
    with _no_cycle_collection():
        return _solve(game, budget_s, max_nodes)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector: the searches build millions of tuples and no
    reference cycles, and the collector kept walking all of them (spider-4 seeds 71 and 93: 1.0-1.2 s
    of every 300,000 staged positions, about an eighth of the time). Reference counting still frees
    everything; the collector's previous state comes back afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _solve(game: Game, budget_s: float, max_nodes: int) -> SolveResult:
    start = time.perf_counter()
    deadline = start + budget_s
    table, root = Table.from_game(game, see_hidden=True)
    if table.won(root):
        return SolveResult("solved", [], 0, 0.0)
    nodes = 0
    runs = _Runs(table)
    # 1. Whole-game best-first, briefly: quick wins, and small positions searched to the end.
    probe_end = min(deadline, start + PROBE_SHARE * budget_s)
    for fast in (True, False):
        search = _Search(table, root, fast, probe_end, min(max_nodes, PROBE_NODES))
        path = search.run()
        nodes += search.stored
        if path is not None:
            return SolveResult("solved", runs.moves(root, path), nodes, time.perf_counter() - start)
        if not search.exhausted:
            break
        if not fast and not search.trimmed:
            return SolveResult("unwinnable", [], nodes, time.perf_counter() - start)
    # 2. Stage by stage between deals, ever wider, until the budget runs out.
    staged = _Staged(table, deadline, max_nodes)
    path = staged.run(root, len(WIDTHS) + NOISY_ROUNDS, until_saturated=True)
    if path is None and time.perf_counter() < deadline:
        # 3. Small games (Scorpion's stages are soon exhausted) leave time: search all of it, soundly.
        staged.forget()  # its memo (~80 MB): this pass may fill memory on its own
        search = _Search(table, root, False, deadline, max_nodes)
        path = search.run()
        nodes += search.stored
        if path is None and search.exhausted and not search.trimmed:
            return SolveResult("unwinnable", [], nodes + staged.nodes, time.perf_counter() - start)
        del search
        if path is None:
            path = staged.run(root)  # too big to search to the end: more rounds, to the deadline
    nodes += staged.nodes
    if path is not None:
        return SolveResult("solved", runs.moves(root, path), nodes, time.perf_counter() - start)
    return SolveResult("unknown", [], nodes, time.perf_counter() - start)


def _key(state: State) -> object:
    """A transposition key: with the stock gone, columns with nothing face-down are interchangeable."""
    if state[2]:
        return state
    loose = []
    fixed = []
    for col, down in zip(state[0], state[1]):
        (fixed if down else loose).append(col)
    loose.sort()
    return state[1], tuple(loose), tuple(fixed)


def _lateral(below: int, base: int, dst_col: bytes) -> bool:
    """Moving ``base`` off ``below`` gains no link: it left its same-suit parent, or left an
    off-suit parent for another off-suit one or an empty column."""
    if below == base + 1:
        return True
    return (below & 15) == (base & 15) + 1 and (not dst_col or dst_col[-1] != base + 1)


def _frees(table: Table, rest: bytes, tops: set[int]) -> bool:
    """What a move leaves behind (``rest``) has a group whose same-suit parent tops a column:
    the move was a step towards that link, not a lateral shuffle."""
    if not rest:
        return True
    return rest[-table.movable(rest)] + 1 in tops


def _tried(table: Table, runs: _Runs, state: State) -> list[Step]:
    """The moves the fast pass and the stages take: legal moves and run moves, less those that
    change nothing (a whole column into an empty one) or only trade one link for another
    (see :func:`_lateral`)."""
    if runs.on:
        return runs.tried(state)
    columns, downs = state[0], state[1]
    tops = {c[-1] for c in columns if c}
    out = []
    for step in table.steps(state, every_empty=False, whole=True):
        src, dst, k = step
        if src >= 0 and _kept(table, columns[src], columns[dst], k, downs[src], tops):
            out.append(step)
    return out


def _kept(table: Table, col: bytes, dst_col: bytes, k: int, down: int, tops: set[int]) -> bool:
    """Moving the top ``k`` cards of ``col`` onto ``dst_col`` is worth trying (see :func:`_tried`)."""
    if k == len(col):
        return bool(dst_col or down)
    below, base = col[-k - 1], col[-k]
    if not _lateral(below, base, dst_col):
        return True
    return below != base + 1 and _frees(table, col[:-k], tops)


class _Runs:
    """Run moves: a descending sequence of several same-suit groups carried as one step.

    Spider moves one same-suit group at a time, but with ``e`` empty columns a player can
    carry up to ``2 ** e`` groups that descend by rank, parking the upper ones and bringing
    them back. The search takes such a move as a single step ``(src, dst, k)`` with ``k``
    beyond the column's movable group, so it does not have to find its way through the
    parking moves (each of which fills an empty column and looks bad); :meth:`legal` turns
    it back into the moves the rules allow.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.on = table.group == "suit"
        self._shapes: dict[bytes, _Shape] = {}
        # what a column's top takes, by card code: the card one down, or its rank
        self._takes = [code - 1 if table.build_suit else (code & 15) - 1 for code in range(64)]

    def tried(self, state: State) -> list[Step]:
        """:func:`_tried` in one pass over the columns, for same-suit groups, which move only
        whole: it is the searches' hottest loop, and :meth:`Table.steps` plus filtering took
        half their time."""
        columns, downs = state[0], state[1]
        takes = self._takes
        need: dict[int, list[int]] = {}
        tops = set()
        empty = -1
        for dst, col in enumerate(columns):
            if col:
                top = col[-1]
                tops.add(top)
                wanted = takes[top]
                if wanted in need:
                    need[wanted].append(dst)
                else:
                    need[wanted] = [dst]
            elif empty < 0:
                empty = dst
        shapes = self._shapes
        into_empty = empty >= 0
        out = []
        carriers = []
        for src, col in enumerate(columns):
            if not col:
                continue
            shape = shapes.get(col)
            if shape is None:
                shape = shapes[col] = self._shape(col)
            m, lateral, wants, base, wanted, roomy, run = shape
            if run is not None and into_empty:
                carriers.append((src, col, run))
            # As _kept decides: a lateral move only if it frees a link, a whole column into an empty
            # one only off face-down cards.
            freeing = not lateral or wants in tops
            dsts = need.get(wanted)
            if dsts:
                for dst in dsts:
                    if dst != src and (freeing or columns[dst][-1] == base + 1):
                        out.append((src, dst, m))
            if into_empty and roomy and (downs[src] if m == len(col) else freeing):
                out.append((src, empty, m))
        if carriers:
            out += self._run_steps(columns, downs, carriers, tops)
        return out

    def _shape(self, col: bytes) -> _Shape:
        """What :meth:`tried` needs of a column: its movable group's size; whether the group lies
        on a card one rank up (moving it off is lateral); the card the rest's group needs; the
        group's base card, what that base needs on a column's top (the card one up, or its rank);
        whether it may go into an empty column; and what run moves need (:meth:`_run_shape`)."""
        table = self.table
        movable = table.movable
        m = movable(col)
        base = col[-m]
        wanted = base if table.build_suit else base & 15
        roomy = not table.king_only or base & 15 == KING
        run = self._run_shape(col)
        if m == len(col):
            return m, False, -1, base, wanted, roomy, run
        rest = col[:-m]
        return m, (col[-m - 1] & 15) == (col[-m] & 15) + 1, rest[-movable(rest)] + 1, base, wanted, roomy, run

    def steps(self, state: State) -> list[Step]:
        """Run moves onto a card one rank up, or whole sequences into an empty column."""
        columns = state[0]
        if not self.on or b"" not in columns:
            return []
        carriers = []
        for src, col in enumerate(columns):
            if col:
                shape = self._shapes.get(col)
                if shape is None:
                    shape = self._shapes[col] = self._shape(col)
                if shape[6] is not None:
                    carriers.append((src, col, shape[6]))
        return self._run_steps(columns, state[1], carriers, None)

    def _run_steps(
        self, columns: Columns, downs: tuple[int, ...], carriers: list[tuple[int, bytes, _RunShape]],
        tops: set[int] | None,
    ) -> list[Step]:
        """:meth:`steps` from the columns that can carry a run (``carriers``); given the column
        tops, only those :func:`_kept` keeps."""
        empties = [i for i, col in enumerate(columns) if not col]
        carried = 1 << len(empties)  # groups carried through the empty columns
        ranks = [(dst, col[-1] & 15) for dst, col in enumerate(columns) if col]
        out = []
        for src, col, shape in carriers:
            top, m, groups, wants = shape
            n = len(groups) - 1
            for dst, rank in ranks:
                k = rank - top
                if m < k <= n and groups[k] <= carried:
                    if tops is not None:
                        want = wants[k]
                        if want is None or not (want < 0 or want in tops or columns[dst][-1] == col[-k] + 1):
                            continue
                    out.append((src, dst, k))
            if (n < len(col) or downs[src]) and groups[n] <= carried >> 1:
                out.append((src, empties[0], n))  # never lateral: nothing rank-linked lies below
        return out

    def _run_shape(self, col: bytes) -> _RunShape | None:
        """What :meth:`steps` needs of a column whose top cards descend by rank beyond its movable
        group (else None): its top rank, the group's size, how many same-suit groups the top ``k``
        cards make for each ``k`` up to the descent's length, and what :func:`_kept` asks of a run
        move of ``k`` cards: None if it leaves a same-suit parent (never kept), -1 if it leaves no
        rank-linked card (always), else the card the rest's group needs on some column's top (if
        it is not there, the move is kept only onto the base's same-suit parent)."""
        n = descending(col, suited=False)
        movable = self.table.movable
        m = movable(col)
        if n <= m:
            return None
        groups = [0, 1]
        for k in range(2, n + 1):
            groups.append(groups[-1] + (col[-k] != col[1 - k] + 1))
        wants: list[int | None] = [None] * (n + 1)
        for k in range(m + 1, n + 1):
            if k == len(col):
                wants[k] = -1
            elif col[-k - 1] == col[-k] + 1:
                wants[k] = None
            elif k < n:
                rest = col[:-k]
                wants[k] = rest[-movable(rest)] + 1
            else:
                wants[k] = -1
        return col[-1] & 15, m, groups, wants

    def legal(self, state: State, step: Step) -> list[Step]:
        """``step`` as moves the rules allow (itself, unless it is a run move)."""
        src, dst, k = step
        if src < 0 or k <= self.table.movable(state[0][src]):
            return [step]
        col = state[0][src]
        sizes = []
        size = 1
        for i in range(len(col) - 1, len(col) - k, -1):
            if col[i - 1] == col[i] + 1:
                size += 1
            else:
                sizes.append(size)
                size = 1
        sizes.append(size)
        free = [i for i, c in enumerate(state[0]) if not c and i != dst]
        out: list[Step] = []
        _carry(sizes, src, dst, free, out)
        return out

    def moves(self, root: State, path: list[Step]) -> list[Move]:
        """The game's moves for a search path, run moves spelled out."""
        out = []
        state = root
        for step in path:
            out.extend(to_move(s) for s in self.legal(state, step))
            state = self.table.apply(state, step)
        return out


def _carry(sizes: list[int], src: int, dst: int, free: list[int], out: list[Step]) -> None:
    """Move groups (``sizes``, top first) from ``src`` to ``dst`` through the ``free`` empty columns."""
    n = len(sizes)
    if n == 1:
        out.append((src, dst, sizes[0]))
        return
    if n - 1 <= len(free):
        out.extend((src, free[i], sizes[i]) for i in range(n - 1))
        out.append((src, dst, sizes[-1]))
        out.extend((free[i], dst, sizes[i]) for i in reversed(range(n - 1)))
        return
    parked = min(n - 1, 1 << (len(free) - 1))
    _carry(sizes[:parked], src, free[0], free[1:], out)
    _carry(sizes[parked:], src, dst, free[1:], out)
    _carry(sizes[:parked], free[0], dst, free[1:], out)


def _encode(step: Step) -> int:
    return 0 if step[0] < 0 else 1 + step[0] + (step[1] << 5) + (step[2] << 10)


def _decode(code: int) -> Step:
    if not code:
        return DEAL_STEP
    code -= 1
    return code & 31, (code >> 5) & 31, code >> 10


class _Search:
    """One best-first pass; ``run()`` returns the winning steps or ``None``."""

    def __init__(self, table: Table, root: State, fast: bool, deadline: float, max_nodes: int) -> None:
        self.table = table
        self.judge = Judge(table, BREAK_COST if table.variant.suits >= 4 else FEW_SUITS_BREAK_COST)
        self.root = root
        self.fast = fast
        self.runs = _Runs(table)
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.states: list[State] = []
        self.parents = array("l")
        self.codes = array("l")
        self.heap: list[int] = []
        self.counter = 0
        self.exhausted = False
        self.trimmed = False

    @property
    def stored(self) -> int:
        return len(self.states)

    def run(self) -> list[Step] | None:
        table = self.table
        seen = {_key(self.root)}
        self._store(self.root, -1, 0)
        self._expand(0, self.root, self.judge.value(self.root))
        heap = self.heap
        pops = 0
        while heap:
            pops += 1
            if not pops & 255 and (time.perf_counter() > self.deadline or len(self.states) >= self.max_nodes):
                return None
            entry = heapq.heappop(heap)
            parent, code = (entry >> _CODE_BITS) & _NODE_MASK, entry & _CODE_MASK
            state = table.apply(self.states[parent], _decode(code))
            key = _key(state)
            if key in seen:
                continue
            seen.add(key)
            node = self._store(state, parent, code)
            if state[3] >= table.runs_to_win:
                return self._path(node)
            self._expand(node, state, _OFFSET - (entry >> (_ENTRY_SHIFT + _VALUE_SHIFT)))
        self.exhausted = True
        return None

    def _store(self, state: State, parent: int, code: int) -> int:
        self.states.append(state)
        self.parents.append(parent)
        self.codes.append(code)
        return len(self.states) - 1

    def _expand(self, node: int, state: State, value: int) -> None:
        table = self.table
        judge = self.judge
        columns, downs, stock_left = state[0], state[1], state[2]
        heap = self.heap
        if self.fast:
            steps = _tried(table, self.runs, state)
            if table.stock_known and table.can_deal(state):
                steps.append(DEAL_STEP)
        else:
            steps = table.steps(state, every_empty=bool(stock_left))
        for step in steps:
            src, dst, k = step
            if src < 0:
                after = table.apply(state, step)
                gain = judge.value(after) - value - STOCK_WEIGHT * (stock_left - after[2])
            else:
                if not stock_left and k == len(columns[src]) and not columns[dst] and not downs[src]:
                    continue  # a whole column into an empty one changes nothing that matters
                gain = judge.gain(state, step)
            self.counter += 1
            priority = ((_OFFSET - value - gain) << _VALUE_SHIFT) | (_TIE - self.counter)
            heapq.heappush(heap, (priority << _ENTRY_SHIFT) | (node << _CODE_BITS) | _encode(step))
        if len(heap) > MAX_FRONTIER:
            self.heap[:] = heapq.nsmallest(MAX_FRONTIER // 2, heap)
            self.trimmed = True

    def _path(self, node: int) -> list[Step]:
        path = []
        while self.parents[node] >= 0:
            path.append(_decode(self.codes[node]))
            node = self.parents[node]
        path.reverse()
        return path


def _rounds() -> Iterator[tuple[int, int, int]]:
    """The staged search's rounds, without end: :data:`WIDTHS` as they are, then ever wider
    shuffled ones.

    Many small rounds in different orders win more often than a few wide ones: where a
    stage's best-first search goes depends on ties and small differences in value.
    """
    for limit, width in WIDTHS:
        yield limit, width, 0
    for i in itertools.count():
        yield 500 + 100 * i, 3 + i // 6, NOISE[i % len(NOISE)]


def _spread(ranked: list[_T], width: int, plan: Callable[[_T], object]) -> list[_T]:
    """The ``width`` best of ``ranked`` (best first), taking one of each ``plan`` before any
    second: positions that turned up the same cards differ little, so a beam of them is
    narrower than it looks (seeds that won only late, or not at all, now win in a round or two)."""
    firsts: list[_T] = []
    rest: list[_T] = []
    plans = set()
    for entry in ranked:
        if len(firsts) >= width:
            break
        key = plan(entry)
        if key in plans:
            rest.append(entry)
        else:
            plans.add(key)
            firsts.append(entry)
    return (firsts + rest)[:width]


def _plan(entry: _Entry) -> tuple[int, ...]:
    """What :func:`_spread` keeps apart in the staged beam: the face-down counts after the deal."""
    return entry[2][1]


class _Timeout(Exception):
    pass


class _Known:
    """A bounded memo of positions' scored steps, in two generations: when the newer one holds
    half the size, it becomes the older and the oldest is forgotten; what is found in the older
    moves back to the newer, so positions in use stay. It is keyed by the position's hash, which
    the stage search has already computed, with the position kept beside its steps to check."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.new: dict[int, tuple[State, dict[Step, int]]] = {}
        self.old: dict[int, tuple[State, dict[Step, int]]] = {}

    def get(self, state: State, digest: int) -> dict[Step, int] | None:
        found = self.new.get(digest)
        if found is None:
            found = self.old.get(digest)
            if found is None:
                return None
            self.put(digest, found)
        return found[1] if found[0] == state else None

    def put(self, digest: int, entry: tuple[State, dict[Step, int]]) -> None:
        """Keep ``entry``, a position and its scored steps, under the position's hash."""
        if len(self.new) >= self.size // 2:
            self.old = self.new
            self.new = {}
        self.new[digest] = entry


class _Staged:
    """Stage-by-stage search: each stage is the tableau between two deals.

    A stage is searched best-first without dealing, up to ``limit`` positions. If it holds no
    win, its best positions to deal from (judged *after* the deal, whose cards the solver
    sees) go into a pool; the ``width`` best of the pool, one per set of face-down counts
    first (see :func:`_spread`), are the next stage's starts (a beam over stages), "best" as a
    short search from each after its deal finds (:meth:`_look_past_deals`). Pre-deal
    patterns an earlier round already started from come last (``tried``), so that each round
    tries new plans rather than new orders of the old ones. Rounds grow the limit and the
    width, so easy deals are won fast and hard ones get a wider look; after the first, each
    round also jitters move values with its own seeded noise, so its stages break ties and
    near-ties differently.
    """

    def __init__(self, table: Table, deadline: float, max_nodes: int) -> None:
        self.table = table
        self.judge = Judge(table, BREAK_COST)
        self.runs = _Runs(table)
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.noise = 0
        self.cut = False
        self.fresh = False
        self.rng = random.Random(0)
        self.rounds = enumerate(_rounds())
        self.nodes = 0
        self.limit = 0
        self.width = 0
        self.tried: set[tuple[int, tuple[int, ...]]] = set()
        self.best = 0  # the best value the last stage search reached
        self.known = _Known(KNOWN)

    def run(self, root: State, rounds: int | None = None, until_saturated: bool = False) -> list[Step] | None:
        """The winning steps, or None once ``rounds`` more rounds (by default, every round until
        the deadline) found none or the deadline passed. ``until_saturated``: also once a round
        searched every stage to the end and came upon no new plan, so that the sound whole-game
        pass, which may prove a loss, gets the time; after it, wider rounds still can find one."""
        for round_, (limit, width, noise) in itertools.islice(self.rounds, rounds):
            self.limit = min(limit, self.max_nodes // 2)
            self.width = width
            self.noise = noise
            self.rng.seed(round_)
            self.cut = False
            self.fresh = False
            try:
                path = self._beam(root)
            except _Timeout:
                return None
            if path is not None:
                return path
            if until_saturated and noise and not self.cut and not self.fresh:
                return None
        return None

    def forget(self) -> None:
        """Drop the memo of scored positions, for another search to have the memory; later
        rounds fill it again."""
        self.known = _Known(KNOWN)

    def _beam(self, root: State) -> list[Step] | None:
        """Stage by stage, keeping the ``width`` best positions after each deal."""
        table = self.table
        value = self.judge.value
        beam: list[tuple[list[Step], State]] = [([], root)]
        while beam:
            pool: list[_Entry] = []
            seen = set()
            for prefix, state in beam:
                limit = self.limit if state[2] else 4 * self.limit
                win, candidates = self._stage(state, limit)
                if win is not None:
                    return prefix + win
                for path, before in candidates:
                    after = table.apply(before, DEAL_STEP)
                    if after in seen:
                        continue
                    seen.add(after)
                    pool.append((value(after), prefix + path + [DEAL_STEP], after))
            win, pool = self._look_past_deals(_spread(self._ranked(pool), LOOKAHEAD * self.width, _plan))
            if win is not None:
                return win
            beam = [(path, after) for _, path, after in _spread(pool, self.width, _plan)]
            plans = {(after[2], after[1]) for _, after in beam}
            self.fresh = self.fresh or not plans <= self.tried
            self.tried |= plans
        return None

    def _look_past_deals(self, pool: list[_Entry]) -> tuple[list[Step] | None, list[_Entry]]:
        """A win, or ``pool`` ranked by how far a short stage search gets from each position
        after its deal rather than by the position's own value: a stage that turned up many cards
        can leave a board on which the dealt row jams everything, and its value cannot tell."""
        cut = self.cut  # whether these short searches were cut says nothing about the round
        looked = []
        for _, path, after in pool:
            win, _ = self._stage(after, LOOKAHEAD_NODES, deals=False)
            if win is not None:
                return path + win, []
            looked.append((self.best, path, after))
        self.cut = cut
        return None, self._ranked(looked)

    def _ranked(self, pool: list[_Entry]) -> list[_Entry]:
        """``pool`` best value first, pre-deal patterns an earlier round started from last."""
        tried = self.tried
        return sorted(pool, key=lambda entry: ((entry[2][2], entry[2][1]) in tried, -entry[0]))

    def _stage(
        self, root: State, limit: int, deals: bool = True
    ) -> tuple[list[Step] | None, list[tuple[list[Step], State]]]:
        """Best-first over the stage's tableau moves: a win, or (if ``deals``) the best positions
        to deal from; the look-ahead wants only how far the search got (``self.best``)."""
        table = self.table
        judge = self.judge
        deadline = self.deadline
        states = [root]
        parents = [-1]
        steps: list[Step] = [DEAL_STEP]
        values = [judge.value(root)]
        root_key = _key(root)
        seen = {hash(root_key): root_key}  # by hash, computed once per position for this and the memo
        clashes = set()  # positions whose hash an earlier, different one took
        heap: list[tuple[int, int, int, Step, int]] = []
        counter = 0
        runs = self.runs
        noise = self.noise
        bits = noise.bit_length()
        getrandbits = self.rng.getrandbits

        gains: list[dict[Step, int]] = []  # each expanded node's tried steps and their gains
        gain = judge.gain
        tried = runs.tried if runs.on else (lambda state: _tried(table, runs, state))
        known = self.known

        def score(state: State, digest: int, earlier: dict[Step, int], a: int, b: int) -> dict[Step, int]:
            """The tried steps and their gains; a step between columns the last move (``a`` to
            ``b``) left alone gains what it gained one move earlier, in ``earlier`` (gains took a
            fifth of the time), which is empty when an empty column came or went."""
            mine: dict[Step, int] = {}
            for step in tried(state):
                src, dst, _ = step
                g = None
                if src != a and src != b and dst != a and dst != b:
                    g = earlier.get(step)
                mine[step] = gain(state, step) if g is None else g
            known.put(digest, (state, mine))
            return mine

        def expand(node: int, digest: int) -> None:
            """Push every tried step, scored once per position for the whole staged search: its
            rounds and look-aheads search the same positions again and again.

            Most positions popped were ones already stored, reached in another order (spider-4
            seed 71: 233,000 pops for 100,000 positions), so two kinds of step are not pushed,
            since the parent pushed another way to the same position: a step that gains more
            than the last move, between two other columns, gaining as much as it did before the
            last move (the order that played it first was pushed, and popped sooner); and the
            group just moved, moved on to a third column (it could have gone straight there)."""
            nonlocal counter
            state = states[node]
            base = values[node]
            earlier: dict[Step, int] = {}
            a = b = again = moved = -1
            last = DEAL_STEP
            last_gain = 0
            if node:
                parent = parents[node]
                earlier = gains[parent]
                last = steps[node]
                a, b, moved = last
                last_gain = base - values[parent]
                if state[3] == states[parent][3]:
                    again = b
            mine = known.get(state, digest)
            if mine is None:
                same = not node or state[0].count(b"") == states[parent][0].count(b"")
                mine = score(state, digest, earlier if same else {}, a, b)
            gains.append(mine)
            for step, g in mine.items():
                src, dst, k = step
                if src == again:
                    if k == moved and (a, dst, k) in earlier:
                        continue
                elif (
                    src != a and src != b and dst != a and dst != b
                    and (g > last_gain or (g == last_gain and step > last))
                    and earlier.get(step) == g
                ):
                    continue
                counter += 1
                value = base + g
                jitter = 0
                if noise:  # rng.randrange(noise), the same draws without its argument checks
                    jitter = getrandbits(bits)
                    while jitter >= noise:
                        jitter = getrandbits(bits)
                heapq.heappush(heap, (-value - jitter, counter, node, step, value))

        expand(0, hash(root))
        pops = 0
        setdefault = seen.setdefault
        heappop = heapq.heappop
        apply = table.apply
        while heap and len(states) < limit:
            pops += 1
            if not pops & 255 and time.perf_counter() > deadline:
                raise _Timeout
            _, _, parent, step, value = heappop(heap)
            state = apply(states[parent], step)
            key = _key(state) if not state[2] else state
            digest = hash(key)
            first = setdefault(digest, key)
            if first is not key:
                if first == key or key in clashes:
                    continue
                clashes.add(key)
            states.append(state)
            parents.append(parent)
            steps.append(step)
            values.append(value)
            self.nodes += 1
            if state[3] >= table.runs_to_win:
                return self._path(len(states) - 1, parents, steps), []
            expand(len(states) - 1, digest if key is state else hash(state))
        if time.perf_counter() > deadline:
            raise _Timeout
        self.best = max(values)
        if len(states) >= limit:
            self.cut = True
        if not root[2] or not deals:
            return None, []
        ranked = []
        can_deal = table.can_deal
        for node, state in enumerate(states):
            if can_deal(state):
                ranked.append((values[node] + judge.deal_gain(state), values[node], node))
        ranked.sort(reverse=True)
        kinds: dict[tuple[int, int, tuple[int, ...]], int] = {}
        for after_value, before_value, node in ranked:
            kinds.setdefault((after_value, before_value, states[node][1]), node)
        best = _spread(list(kinds.values()), self.width, lambda node: states[node][1])
        picked = [(self._path(node, parents, steps), states[node]) for node in best]
        return None, picked

    @staticmethod
    def _path(node: int, parents: list[int], steps: list[Step]) -> list[Step]:
        path = []
        while parents[node] >= 0:
            path.append(steps[node])
            node = parents[node]
        path.reverse()
        return path
