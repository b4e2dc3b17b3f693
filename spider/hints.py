"""Fair hints: every legal move ranked best first, with a reason, from the player's view only.

Hints see what the player sees — face-up cards and how many cards are face down or in the stock —
never which cards those are: the position is rebuilt with every hidden card masked
(:func:`player_view`), so no ranking can leak them. Each move is scored by the best line of tableau
moves it starts, up to the next deal, found by a best-first search bounded by a node count (so hints
are deterministic). Positions are valued by the shared Judge, except that: with two suits an empty
column counts for little once fewer than three deals are left, and an off-suit link for nothing;
past the second empty column, none counts, so lines spend them freely; with four suits, where runs
complete in suit, a face-up card off its same-suit parent costs, less once the stock is gone; and
with one suit a column's last face-down card is worth no more than the others. Each move costs a
line a point, three with two or four suits, so that there a direct move beats a long plan worth a
little more. A revealed card is unknown, so a line's work in that column ends there, worth what
revealing is worth; lines may pass through an empty column to untangle a mixed run. Moves that gain
nothing (a group shuffled between equal spots, a return to an earlier position or to the same piles
in other columns, a whole column moved into an empty one, and with two suits, while the stock lasts,
one that gains too little to play before the deal) are listed last, marked "no useful move", so the
list is never empty while a move is legal; DEAL comes between the two. No line passes through a
position the player was in, and a move that turns a card up or completes a run is useful even when a
recent position was worth more (:meth:`HintSearch._search`); in two- and four-suit Spider, once the
stock is gone, a run that can be completed comes first (:data:`RUN_FIRST`). When nothing else is
useful and the deal waits for an empty column to be filled, the moves that fill it come first, as
useful. Only the bot's diagnostic ``peek`` (:func:`play_blind`) lifts the mask, to measure what the
hidden cards are worth to the search.
:class:`HintSearch` runs the same search in slices, for a page that thinks while the player does.
"""

from __future__ import annotations

import gc
import heapq
import time
from collections.abc import Callable, Generator, Iterator
from typing import NamedTuple

from .evaluation import EMPTY, LAST_DOWN, RANK_LINK, RUN, Judge
from .game import Game
from .moves import DEAL, Move
from .search_state import KING, UNKNOWN, State, Step, Table, codes_label, label
from .values import Frozen, init_fields

STEP_COST = 1
STEP_COST_WORTH = {2: 3, 4: 3}
"""What each move of a line costs, by the number of suits in play, where not :data:`STEP_COST`:
between lines that gain about as much, the shorter comes first. With two and four suits a plan of
ten moves through a detour used to beat a direct move for a few points more. At 3 a move, spider-2
seeds 1-600 won 349 against 335 at 1 and spider-4 seeds 1-800 95 against 84 (seeds 1-200: 20 at 1,
26 at 2, 25 at 3, 24 at 4, 14 at 5; spider-2 113 at 4). With one suit it lost: seeds 1-500 won 456
at 3, 465 at 1 (seeds 1-200: 185 at 2, 188 at 1). Spiderette, Will o' the Wisp and Scorpion (four
suits, one deck; seeds 1-200) won 6, 30 and 12 at 3, against 9, 34 and 12."""
MAX_DEPTH = 12
NODES = 800
NODES_WORTH = {4: 1_600}
"""Positions a hint search looks at, by the number of suits in play, where not :data:`NODES`. With
four suits, since lines pay 3 a move (:data:`STEP_COST_WORTH`), twice the nodes won 115 of spider-4
seeds 1-800 against 95 (29, 24, 26 and 36 a quarter, against 25, 18, 23 and 29); at 1 a move they
had won 64 of 1-600 against 62. A four-suit hint takes about twice as long: median 42-45 ms against
21-25 ms in those runs. Spiderette, Will o' the Wisp and Scorpion (seeds 1-200) won 6, 33 and 12,
against 6, 30 and 12."""
FIRST_BONUS = 10_000
FREE_AT_ONCE = 4_000
"""Unexplored lines a search lets go of in one slice, when it is done."""
RECENT = 8
"""Positions back that set the bar a useful move must clear (see :meth:`HintSearch._search`)."""
RECALL = 500
"""Positions back that hints refuse to return to, at most (about 11 ms of undoing): a player who
always plays the top hint must never go round in circles, and a shuffle between empty columns
can take more than :data:`RECENT` moves to come back (spider-4 seed 2 went round every 14 moves)."""
SLICE = 8
"""Search nodes, or positions walked back (:func:`_past_states`), between looks at the clock in
:meth:`HintSearch.advance`."""
EMPTY_WORTH = {2: 10}
"""What an empty column is worth, by the number of suits in play, where not the Judge's, once fewer
than :data:`EARLY_DEALS` deals are left. With two suits a cheap empty column is spent freely to
reveal cards and untangle mixed runs: over 40 deals that won 19 games to 14. With four suits it did
not help (200 deals: 13 won, 16 at 25). Dearer did not help either: 50 won 1 of 40 four-suit deals,
4 at 25; two suits at 60 once the stock is out won 9 of 40, 19 at 10."""
EARLY_DEALS = 3
"""Deals left from which an empty column keeps the Judge's worth whatever :data:`EMPTY_WORTH` says.
Early on a column emptied is worth keeping for the deals to come: with two suits, seeds 1-800 won
485 of 800 against 467 at 10 throughout (119, 125, 117 and 124 a quarter, against 116, 119, 114
and 118); from four deals left, seeds 1-200 won 117."""
MOST_EMPTY = 2
"""Empty columns past this many are worth nothing, so that a line spends spare ones to dig: with
eight empty columns the bot used to stop, since each move into one cost as much as a reveal."""
RANK_LINK_WORTH = {2: 0}
"""What a card on an off-suit card one rank up is worth, by the number of suits in play, where not
the Judge's :data:`~spider.evaluation.RANK_LINK` (3). With two suits such a link only has to be
undone later, so lines make none for its own sake: seeds 1-400 won 228 at 0, 217 at 3 (both with
:data:`USEFUL_MARGIN`); at 6, seeds 1-100 won 45 against 53 at 3. With four suits 0 won 52 of seeds
1-600 against 47 (15 each of 401-600): too few to tell, and Spider Relaxed and Easy, whose runs or
groups mix suits, count as four suits too."""
USEFUL_MARGIN = {2: 4}
"""What a move's line must gain, by the number of suits in play, to count as useful while the stock
lasts; below it the deal comes first. With two suits a move that gains a few points and frees
nothing is not worth playing before the deal: seeds 1-400 won 217 at 4, 214 at 6, 213 at 2 and 204
at 0 (with off-suit links worth 3); with them worth nothing, seeds 1-200 won 111 at 4, 105 at 0 and
98 at 8. With one suit it changed nothing (188 of seeds 1-200 either way), with four it won 14 of
them against 18. Once the stock is gone every gain counts."""
BREAK_COST_WORTH = {4: 15}
"""What a line pays for each face-up card not on its same-suit parent, by the number of suits in
play, where not the Judge's 0, in variants whose runs complete in suit. With four suits such a card
must move again before its run can go, so a line that makes one (say, to turn a card up) is worth
less than one that merges a suit: seeds 1-600 won 62 at 15 (22, 15 and 25 a third), 55 at 10, 47 at
0; seeds 1-200 won 15 at 5, 10 at 20 and at 25 (a line then turns up too little; with lines paying
3 a move, 14 at 20 against 25). Spiderette, Will o' the Wisp and Scorpion (seeds 1-200) won 9, 36
and 12, against 12, 29 and 12 at 0."""
LATE_BREAK_COST_WORTH = {4: 8}
"""What :data:`BREAK_COST_WORTH` becomes once the stock is gone. With no deal left to bury it, a
card off its parent is easier to sort out, and an empty column kept is worth more than a tidy pile:
spider-4 seeds 1-1000 won 148 against 137 at 15 throughout (31, 27, 26, 37 and 27 a fifth, against
29, 24, 26, 36 and 22). Spiderette, Will o' the Wisp and Scorpion (seeds 1-200) won 7, 32 and 12,
against 6, 33 and 12. At 4, seeds 1-600 won 78 (34, 26 and 18), against 84 at 8; at 11, seeds
1-200 won 27."""
LAST_DOWN_WORTH = {1: 0}
"""What turning up a column's last face-down card is worth besides the card itself, by the number
of suits in play, where not the Judge's :data:`~spider.evaluation.LAST_DOWN` (10). With one suit
that bonus had a lone Jack take the only empty column to turn up a column's last card rather than
a King's run turning up another, and lost the game: seeds 1-200 won 189 at 0, 185 at 10. With two
suits 0 won 92, against 94."""
RUN_FIRST = ("spider-2", "spider-4")
"""The variants in which, once the stock is gone, a move that completes a run is the top hint. Lines
may not count a run the root could complete (see :class:`_Ranker`), but a detour's line can, when
the shuffle changes what completing it gains or which cards complete it: with two suits the top
hints then wandered through empty columns for 61-128 moves with a run one move from done. With two
suits seeds 1-200 won 120 with it (119 before), 116 with it throughout the game; with four 30 (31
before), 29 with it throughout. With one suit it lost seeds 59, 134 and 179 (188 without), whose
detours stay short. The other variants were not measured."""


class Hint(Frozen):
    """One suggestion: ``move`` (a :class:`Move` or :data:`DEAL`) and why, in a player's words.

    ``useful`` is False for moves listed only because they are legal: they gain nothing.
    ``repeat`` is True for a useful move that a hint ranked above already covers: the same cards
    onto the same card for the same reason, or a detour (a move that gains nothing itself) whose
    next move is that play or has that effect, or whose plan makes that play further on. A player
    cycling through hints skips it.
    """

    __slots__ = ("move", "reason", "useful", "repeat")
    move: Move
    reason: str
    useful: bool
    repeat: bool

    def __init__(self, move: Move, reason: str, useful: bool = True, repeat: bool = False) -> None:
        init_fields(self, move=move, reason=reason, useful=useful, repeat=repeat)

    @property
    def names_move(self) -> bool:
        """The reason says the move itself ("moves 9♠ to empty column 3, then …"), so a player
        told it needs no other words for which cards go where."""
        return self.reason.startswith("moves ")

    def __repr__(self) -> str:
        more = ", repeat=True" if self.repeat else ""
        return f"Hint({self.move!r}, {self.reason!r}, {self.useful!r}{more})"


def player_view(game: Game) -> tuple[Table, State]:
    """The position as the player sees it: face-down and stock cards all :data:`UNKNOWN`."""
    return Table.from_game(game, see_hidden=False)


def _seen(game: Game, peek: bool) -> tuple[Table, State]:
    """What the search sees: the player's view or, with ``peek`` (a diagnostic), every card."""
    return Table.from_game(game, see_hidden=True) if peek else player_view(game)


def hints(game: Game) -> list[Hint]:
    """Every legal move, best first, each with a short reason; empty only when nothing is legal."""
    return _hints(game, peek=False)


def nothing_to_suggest(game: Game) -> str:
    """What to tell a player when no hint helps: never "no moves" while a move is legal."""
    if game.legal_moves():
        return "nothing useful is left: the legal moves only shuffle cards"
    return "no moves left"


def _hints(game: Game, peek: bool) -> list[Hint]:
    search = HintSearch(game, peek)
    search.advance(float("inf"))
    return search.result


class HintSearch:
    """:func:`hints` in resumable slices, so a page with one thread can think between moves.

    The page calls :meth:`advance` with a few milliseconds whenever it is idle, so by the time
    the player asks, the answer is ready. The search is bounded by node counts, never by the
    clock, so however the work is sliced the result is the one :func:`hints` gives. The
    position is copied out at once: the caller's game may change afterwards.
    """

    def __init__(self, game: Game, peek: bool = False) -> None:
        """``peek`` is a diagnostic, never fair play: the search sees the hidden cards, so its lines
        go on past each reveal (see :func:`play_blind`)."""
        table, root = _seen(game, peek)
        self._result: list[Hint] | None = None
        self._work = self._search(table, root, game.legal_moves(), _past_states(game.copy(), peek))

    @property
    def done(self) -> bool:
        """The result is ready."""
        return self._result is not None

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds`` (at least one small slice); True once the result is ready."""
        if not self.done:
            deadline = time.perf_counter() + seconds
            collecting = gc.isenabled()
            gc.disable()  # the search makes no reference cycles; a full collection mid-slice took up to 14 ms
            try:
                for _ in self._work:
                    if time.perf_counter() >= deadline:
                        return False
            finally:
                if collecting:
                    gc.enable()
        return True

    @property
    def result(self) -> list[Hint]:
        """The ranked hints; only once :meth:`advance` has returned True."""
        if not self.done:
            raise RuntimeError("the hint search has not finished: call advance() until it returns True")
        return self._result

    def _search(
        self, table: Table, root: State, legal: list[Move], walk: Generator[None, None, list[State]]
    ) -> Iterator[None]:
        """The whole search, pausing every few nodes; sets ``_result`` at the end.

        ``walk`` finds ``past``, the player's views from this one back (:func:`_past_states`). A
        move is useful when the best line it starts leads above every one of the last
        :data:`RECENT` positions since the last deal (by :data:`USEFUL_MARGIN` while the stock
        lasts), so a detour that only climbs back to where the player already was is not offered
        as progress, or when it turns a card up or completes a run (with a line's score above that
        margin), which no climb back can do; a move back to any of ``past`` is never useful, nor
        is a line through one.
        """
        past = yield from walk
        ranker = _Ranker(table, root)
        recent = past[:RECENT + 1]
        recent_keys = {_same_play(state, table.ncols) for state in recent}
        earlier_keys = {_same_play(state, table.ncols) for state in past[RECENT + 1:]}
        floor = USEFUL_MARGIN.get(table.variant.suits, 0) if root[2] else 0
        bar = max(ranker.value(state) for state in recent if state[2] == root[2]) - ranker.value(root) + floor
        useful: list[tuple[bool, int, int, int, Step, str, Step | None]] = []
        idle: list[tuple[int, int, Hint]] = []
        fills: list[tuple[int, int, Step]] = []  # moves that gain nothing but fill the column a deal waits for
        first_empty = next((i for i, col in enumerate(root[0]) if not col), None)
        blocked_deal = bool(root[2]) and table.deal_needs_full and first_empty is not None
        steps = [(move.src, move.dst, move.count) for move in legal if not move.is_deal]
        gains = ranker.root_gains
        candidates = []
        for order, step in enumerate(steps):
            move = Move(*step)
            src, dst, count = step
            gain = gains[step]
            if count == len(root[0][src]) and not root[1][src] and not root[0][dst]:
                whole = "no useful move: moves a whole column to an empty one"
                idle.append((gain - EMPTY, order, Hint(move, whole, False)))
            elif (key := _same_play(table.apply(root, step), table.ncols)) in recent_keys:
                idle.append((gain, order, Hint(move, "no useful move: undoes a recent move", False)))
            elif key in earlier_keys:
                idle.append((gain, order, Hint(move, "no useful move: goes round to an earlier position", False)))
            elif not root[0][dst] and dst != first_empty:
                same = f"same as moving it to column {first_empty + 1}"
                idle.append((gain - 1, order, Hint(move, f"no useful move: {same}", False)))
            else:
                candidates.append((order, step))
        lines = yield from ranker.lines([step for _, step in candidates], recent_keys | earlier_keys)
        epoch = _epoch(root)
        run_first = not root[2] and table.variant.name in RUN_FIRST
        for order, step in candidates:
            move = Move(*step)
            gain = gains[step]
            score, second, payoff = lines[step]
            child = table.apply(root, step)
            lasting = _epoch(child) != epoch  # progress play cannot take back: the bar does not apply
            if score > bar or (lasting and score > floor):
                reason = ranker.reason(step, child, gain, payoff)
                completes = run_first and child[3] > root[3] and gain > 0
                useful.append((completes, score, gain, -order, step, reason, second, payoff))
            elif blocked_deal and not root[0][step[1]]:
                fills.append((gain, order, step))
            else:
                idle.append((gain, order, Hint(move, f"no useful move: {_what(root, step)}", False)))
        useful.sort(key=lambda entry: entry[:4], reverse=True)
        ranked = [(gain, step, why, then, payoff) for _, _, gain, _, step, why, then, payoff in useful]
        for gain, order, step in sorted(fills, key=lambda entry: (-entry[0], entry[1])):
            if useful:  # the deal can wait: filling its column is the hint only once nothing else helps
                fill = f"no useful move: fills column {step[1] + 1} so you can deal"
                idle.append((gain + RUN, order, Hint(Move(*step), fill, False)))
            else:
                ranked.append((gain, step, f"{_what(root, step)} so you can deal", None, None))
        idle.sort(key=lambda entry: (-entry[0], entry[1]))
        out = _marked_repeats(table, root, ranked)
        if DEAL in legal:
            row = "a new row" if root[2] >= table.ncols else "the last card" if root[2] == 1 else f"the last {root[2]} cards"
            # "deal: nothing useful is left" read as if dealing were no use (the player audit)
            why = f"deal {row}" + ("" if useful else ", as no other move helps" if steps else ", as no other move is legal")
            out.append(Hint(DEAL, why))
        out.extend(entry[2] for entry in idle)
        self._result = out


def _marked_repeats(
    table: Table, root: State, ranked: list[tuple[int, Step, str, Step | None, Payoff | None]]
) -> list[Hint]:
    """The useful hints, best first, each given as its first step's gain, the step, its reason, its
    line's second step and its payoff; ``repeat`` is set on those a hint above already covers (see
    :class:`Hint`)."""
    made: set[tuple[int, bytes]] = set()
    effects: set[str] = set()
    shown: set[tuple[tuple[int, bytes], str]] = set()
    out = []
    for gain, step, reason, second, payoff in ranked:
        play = _cards(root, step)
        repeat = (play, reason) in shown
        then = effect = aim = None
        if gain <= 0 and second is not None:
            child = table.apply(root, step)
            then, effect = _cards(child, second), _effect(table, child, second, table.apply(child, second))
            repeat = repeat or then in made or effect in effects
        if gain <= 0 and payoff is not None and payoff.move > 2:  # "then in 2 more moves builds …": the play it is for
            aim = _cards(payoff.before, payoff.step)
            repeat = repeat or aim in made
        if not repeat:
            made.add(play)
            effects.add(reason)
            shown.add((play, reason))
            if then is not None:  # a detour shown: another way round to the same play is the same idea
                made.add(then)
                effects.add(effect)
            if aim is not None:
                made.add(aim)
        out.append(Hint(Move(*step), reason, True, repeat))
    return out


def _past_states(game: Game, peek: bool) -> Generator[None, None, list[State]]:
    """The player's views (every card, with ``peek``) from ``game``'s position back: the last
    :data:`RECENT`, and before them those play could still return to, up to :data:`RECALL`.

    A deal, a turned-up card or a completed run can never be undone by play, so no position
    before the last of them can come again. Undoes ``game`` (give it a copy), pausing every
    :data:`SLICE` positions like the search."""
    now = _past_view(game, peek)
    views = [now]
    mark = _epoch(now)
    for back in range(min(RECALL, len(game.history))):
        if back % SLICE == SLICE - 1:
            yield
        game.undo()
        view = _past_view(game, peek)
        if back >= RECENT and _epoch(view) != mark:
            break
        views.append(view)
    return views


_VIEWS: dict[tuple[int, str, bool], tuple[object, State]] = {}
"""The player's view of each position lately walked back through, by the position's identity:
a game's history keeps the same Position objects, so the next hint's walk finds them again."""
MOST_VIEWS = 4 * RECALL


def _past_view(game: Game, peek: bool) -> State:
    """``_seen(game, peek)[1]``, remembered for ``game.position`` (kept in the entry, so its id
    cannot be reused while the entry lives)."""
    position = game.position
    key = (id(position), game.variant.name, peek)
    hit = _VIEWS.get(key)
    if hit is not None:
        return hit[1]
    if len(_VIEWS) >= MOST_VIEWS:
        _VIEWS.clear()
    view = _seen(game, peek)[1]
    _VIEWS[key] = (position, view)
    return view


def _epoch(state: State) -> tuple[int, int, int]:
    """What play never takes back: face-down cards, stock and completed runs."""
    return sum(state[1]), state[2], state[3]


def _same_play(state: State, ncols: int) -> object:
    """A key shared by the player's views that differ only in which column holds which pile
    (face-down count and face-up cards): they play the same, since every hidden card is
    unknown, unless a short deal is still to come, which fills only the first columns. Piles on
    face-down cards swap too, when their bottom cards are alike: a group moved from one 8♠ to
    another over as many face-down cards."""
    if state[2] % ncols:
        return state
    return tuple(sorted(zip(state[1], state[0]))), state[2], state[3]


def _view_key(game: Game, peek: bool) -> object:
    """:func:`_same_play` of the position the player sees in ``game`` (every card, with ``peek``)."""
    return _same_play(_seen(game, peek)[1], game.variant.columns)


def _what(state: State, step: Step) -> str:
    """The move itself in words: ``moves 5♥ onto 6♣``."""
    src, dst, k = step
    group = codes_label(state[0][src][-k:])
    dst_col = state[0][dst]
    if not dst_col:
        return f"moves {group} to empty column {dst + 1}"
    return f"moves {group} onto {label(dst_col[-1])}"


def _effect(table: Table, state: State, step: Step, after: State) -> str:
    """What a move achieves, the most important effect first. "In suit" only where suits matter to
    moving or completing (not in Spider Easy)."""
    src, dst, k = step
    col = state[0][src]
    base = col[-k]
    dst_col = state[0][dst]
    if after[3] > state[3]:
        return "completes a run"
    if k == len(col):
        if state[1][src]:
            return f"reveals a face-down card in column {src + 1}"
        return f"empties column {src + 1}"
    if not dst_col:
        return _what(state, step)
    top = dst_col[-1]
    if top == base + 1 and (table.group == "suit" or table.run_suit):
        return f"builds {label(base)} on {label(top)} in suit"
    under = col[-k - 1]  # the column holds more (see above)
    if under == base + 1:  # taken off its own suit's card
        return _what(state, step)
    if under != UNKNOWN and under & 15 != (base & 15) + 1:  # what the build is for: the card it lay on out of order
        return f"builds {label(base)} on {label(top)}, uncovering {label(under)}"
    return f"builds {label(base)} on {label(top)}"


class Payoff(NamedTuple):
    """The first move after a line's first that gains (or its last, if none does yet): what it gains,
    its number in the line and the position it is played from, for the hint's reason. The first
    gain, not the biggest: a detour's biggest is often its last move, the one that gives back the
    empty column its first move filled, which gains nothing here ("moves J♥ to empty column 1, then
    in 2 more moves empties column 1" said nothing)."""

    gain: int
    move: int
    before: State
    step: Step


class Line(NamedTuple):
    """The best line a first step starts: its score, its second step (None if alone, for telling
    repeats apart) and its payoff."""

    score: int
    second: Step | None
    payoff: Payoff | None


class _Ranker:
    """Scores moves by the best line of tableau moves they start, found by a best-first search.

    The search walks move sequences up to the next deal in the player's view: a revealed card is
    unknown, so nothing builds on it and its column's line ends there, worth what revealing is
    worth. A line's score is its value gained, less a cost per move (:data:`STEP_COST_WORTH`). A
    follow-up counts only if the line made it possible (it touches a column the line touched, and
    the same cards could not already move there at the root for the same gain, into an empty column
    counting as into any), so a useless move never borrows credit from an unrelated good one.
    Positions that differ only in which column holds which pile are one position
    (:func:`_same_play`), so a line that swaps two piles goes no further. The search is bounded by
    a node count (:data:`NODES_WORTH`), not a clock, so hints are deterministic.
    """

    def __init__(self, table: Table, root: State) -> None:
        self.table = table
        self.root = root
        judge = _judge(table, root)
        self.value = judge.value
        self.gain = _memoised(judge.gain)
        if table.deal_needs_full and root[2]:
            cards = sum(map(len, root[0])) + sum(root[1])
            spare = (cards - table.ncols) // 13  # runs that can still go before a deal
            if spare < table.runs_to_win:
                self.gain = self._starving_gain(self.gain, root[3] + spare)
        self.root_gains = {step: self.gain(root, step) for step in table.steps(root) if step[0] >= 0}
        self.step_cost = STEP_COST_WORTH.get(table.variant.suits, STEP_COST)
        self.nodes = NODES_WORTH.get(table.variant.suits, NODES)

    def lines(self, steps: list[Step], past: set[object]) -> Generator[None, None, dict[Step, Line]]:
        """For each first step: the best line's score, its second step and its payoff (None if alone).

        ``past`` holds the :func:`_same_play` keys of the positions the player was in, which no
        line passes through: a first move back to one is refused, so a plan through one would be
        that return in two moves (or promise a follow-up the next hint refuses). A generator that
        pauses every :data:`SLICE` nodes and returns the answer."""
        table = self.table
        gain = self.gain
        root_gains = self.root_gains
        root = self.root
        cost = self.step_cost
        best: dict[Step, Line] = {}
        ncols = table.ncols
        seen = {root}
        same = {_same_play(root, ncols), *past}
        root_empty = next((i for i, col in enumerate(root[0]) if not col), -1)
        heap: list[tuple[int, int, int, State, Step, Step, Step | None, Payoff | None, frozenset[int]]] = []
        tick = 0
        for step in steps:
            score = root_gains[step] - cost
            best[step] = Line(score, None, None)
            tick += 1
            # every first move is looked at before the best-first walk goes deeper
            heap.append((-score - FIRST_BONUS, 1, tick, root, step, step, None, None, frozenset(step[:2])))
        heapq.heapify(heap)
        nodes = 0
        most = self.nodes
        heappush, heappop, apply = heapq.heappush, heapq.heappop, table.apply
        while heap and nodes < most:
            neg, depth, _, parent, step, first, second, payoff, touched = heappop(heap)
            state = apply(parent, step)
            if state in seen:  # most repeats are the very same position: cheaper to check first
                continue
            seen.add(state)
            key = _same_play(state, ncols)
            if key in same:
                continue
            same.add(key)
            nodes += 1
            if not nodes % SLICE:
                yield
            base = -neg - (FIRST_BONUS if depth == 1 else 0)
            if depth >= MAX_DEPTH:
                continue
            for step in _line_steps(table, state, touched):
                src, dst, _ = step
                g = gain(state, step)
                at_root = step if state[0][dst] else (src, root_empty, step[2])  # any empty column is the same
                if root_gains.get(at_root) == g and _cards(state, step) == _cards(root, at_root):
                    continue
                score = base + g - cost
                line_second = second or step
                line_payoff = payoff
                if not (payoff and payoff.gain > 0):  # a move giving back an empty column the line took is no payoff
                    back = not root[0][src] and len(state[0][src]) == step[2]
                    line_payoff = Payoff(0 if back else g, depth + 1, state, step)
                if score > best[first].score:
                    best[first] = Line(score, line_second, line_payoff)
                tick += 1
                grown = touched if src in touched and dst in touched else touched | {src, dst}
                heappush(heap, (-score, depth + 1, tick, state, step, first, line_second, line_payoff, grown))
        while heap:  # freed a slice at a time: a hundred thousand lines let go at once took 10 ms
            del heap[-FREE_AT_ONCE:]
            yield
        return best

    @staticmethod
    def _starving_gain(gain: Callable[[State, Step], int], most: int) -> Callable[[State, Step], int]:
        """``gain`` that treats completing a run past ``most`` runs as a disaster: fewer cards
        than columns would be left, so no column could be filled for the next deal."""

        def starved(state: State, step: Step) -> int:
            g = gain(state, step)
            if g > RUN // 2 and state[3] >= most:  # a run would complete
                return g - 3 * RUN
            return g

        return starved

    def reason(self, step: Step, child: State, gain: int, payoff: Payoff | None) -> str:
        """Why to play ``step``: its own effect, or, when it gains nothing or its effect is only the
        move itself, what its line gains first and how far on (a plan named by a second move that
        gains nothing either hid why; "moves A♣ to empty column 1" said none)."""
        table, what = self.table, _what(self.root, step)
        own = _effect(table, self.root, step, child)
        if payoff is None or (gain > 0 and own != what):
            return own
        effect = _effect(table, payoff.before, payoff.step, table.apply(payoff.before, payoff.step))
        if payoff.move == 2:
            return f"{what}, then {effect}"
        if effect.startswith("moves "):  # not "then in 2 more moves moves …"
            return f"{what}, then, {payoff.move - 1} moves on, {effect}"
        return f"{what}, then in {payoff.move - 1} more moves {effect}"


def _memoised(gain: Callable[[State, Step], int]) -> Callable[[State, Step], int]:
    """``gain`` remembered by everything it reads: the step (its columns' indexes name the hidden
    cards a peeking table knows), the two columns, their face-down counts and how many columns
    are empty. Over 90 % of a hint search's calls repeat one."""
    memo: dict[tuple, int] = {}

    def remembered(state: State, step: Step) -> int:
        src, dst, _ = step
        columns, downs = state[0], state[1]
        key = (step, columns[src], columns[dst], downs[src], downs[dst], columns.count(b""))
        g = memo.get(key)
        if g is None:
            g = memo[key] = gain(state, step)
        return g

    return remembered


def _judge(table: Table, root: State) -> Judge:
    """The yardstick for this game's number of suits and, for empty columns and breaks, the deals
    left at ``root`` (see :data:`EMPTY_WORTH`, :data:`EARLY_DEALS`, :data:`RANK_LINK_WORTH`,
    :data:`LAST_DOWN_WORTH`, :data:`BREAK_COST_WORTH`, :data:`LATE_BREAK_COST_WORTH`)."""
    suits = table.variant.suits
    early = root[2] >= EARLY_DEALS * table.ncols
    empty = EMPTY if early else EMPTY_WORTH.get(suits, EMPTY)
    break_costs = BREAK_COST_WORTH if root[2] else LATE_BREAK_COST_WORTH
    return Judge(table, empty=empty, rank_link=RANK_LINK_WORTH.get(suits, RANK_LINK),
                 most_empty=MOST_EMPTY, last_down=LAST_DOWN_WORTH.get(suits, LAST_DOWN),
                 break_cost=break_costs.get(suits, 0) if table.run_suit else 0)


def _cards(state: State, step: Step) -> tuple[int, bytes]:
    """What a step moves and onto what: the same step numbers can move other cards later on."""
    src, dst, k = step
    return state[0][src][-k], state[0][dst][-1:]


def _line_steps(table: Table, state: State, touched: frozenset[int]) -> list[Step]:
    """The steps a line may go on with: each moves into or out of a column the line touched.

    Into an empty column only a whole group goes, to the first empty one, and only if it leaves
    something behind: other empty columns, part of a group, or a whole column moved to an empty
    one would only duplicate another step. Any empty column being the same, one the line emptied
    counts as touched whichever is first: a run completed into two empty columns could not go on to
    use them, and a detour through the empty column that then completed it outranked it."""
    columns, downs = state[0], state[1]
    need: list[list[tuple[int, int]]] = [[] for _ in range(14)]
    empty = None
    for dst, col in enumerate(columns):
        if not col:
            if empty is None:
                empty = dst
        elif col[-1] != UNKNOWN:
            need[(col[-1] & 15) - 1].append((dst, col[-1]))
    build_suit = table.build_suit
    to_empty = empty is not None
    made_empty = to_empty and any(not columns[c] for c in touched)  # any empty column is the same
    out = []
    for src, col in enumerate(columns):
        n = table.movable(col)
        if not n:
            continue
        mine = src in touched
        for k in range(1, n + 1):
            base = col[-k]
            for dst, top in need[base & 15]:
                if dst != src and (mine or dst in touched) and (not build_suit or top == base + 1):
                    out.append((src, dst, k))
        leaves = n < len(col) or downs[src]
        if to_empty and (mine or made_empty) and leaves and (not table.king_only or col[-n] & 15 == KING):
            out.append((src, empty, n))
    return out


def play_blind(game: Game, max_actions: int = 3000, timings: list[float] | None = None, peek: bool = False) -> bool:
    """Play ``game`` on with the top hint, no undo, until won or stuck; True if won.

    The bot skips a hint that would return to a position it has already been in, or to the
    same piles in other columns (else idle moves could go round for ever), and gives up when
    only idle moves remain and the stock is empty, or when too few cards are left to fill every
    column for the next deal.
    ``timings``, if given, gets the seconds each :func:`hints` call took. ``peek`` is a
    diagnostic, not blind play: the hint search sees the hidden cards (the order of the stock
    still plays no part, since lines end at the deal), to measure how much they matter to this
    search (seeds 1-200, session 38: spider-2 158 won peeking, 119 blind; spider-4 82 and 31).
    """
    seen = {_view_key(game, peek)}
    for _ in range(max_actions):
        if game.is_won:
            return True
        if game.stock and game.variant.deal_needs_full_columns and sum(map(len, game.columns)) < game.variant.columns:
            return False  # too few cards left to fill every column, so no deal can ever come
        start = time.perf_counter()
        ranked = _hints(game, peek)
        if timings is not None:
            timings.append(time.perf_counter() - start)
        for hint in ranked:
            if not hint.useful and not game.stock:
                return False
            if hint.move.is_deal:
                break
            trial = game.copy()
            trial.push(hint.move)
            if _view_key(trial, peek) not in seen:
                break
        else:
            return False
        game.play(hint.move)
        seen.add(_view_key(game, peek))
    return game.is_won
