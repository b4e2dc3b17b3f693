"""The command line: show a deal, play in a terminal, benchmark the engine, the bot and the solver."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import textwrap
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

from .errors import IllegalMove
from .game import Game
from .hints import hints, nothing_to_suggest, play_blind
from .moves import Move
from .notation import column_line
from .rules import how_to_play
from .shuffle import is_seed
from .solver import SolveResult, solve
from .variants import VARIANTS
from .words import counted

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}
MOST_SEEDS = 1_000_000
"""The most seeds one command takes: a million games is days of work, and a list of more fills memory."""
_R = TypeVar("_R")


def command(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    COMMANDS[func.__name__.rstrip("_")] = func
    return func


@command
def show(args: argparse.Namespace) -> int:
    print(Game(args.variant, args.seed).to_text(), end="")
    return 0


@command
def rules(args: argparse.Namespace) -> int:
    print(_rules_text(args.variant))
    return 0


def _rules_text(name: str) -> str:
    variant = VARIANTS[name]
    return "\n\n".join([variant.title, *(textwrap.fill(p, 100) for p in how_to_play(variant))])


@command
def play(args: argparse.Namespace) -> int:
    game = Game(args.variant, args.seed)
    print(f"{game.variant.title}, deal {game.seed}. "
          "Type FROM TO [COUNT], d to deal, h for hints, u to undo, r to redo, ? for the rules, q to quit.")
    while not game.is_won:
        print(table(game))
        try:
            line = input("> ").strip()
        except EOFError:
            return 0
        if len(line) == 1:
            line = line.lower()  # Q, D, H as q, d, h
        try:
            if line == "q":
                return 0
            if line == "h":
                print(_advice(game))
                continue
            if line == "?":
                print(_rules_text(game.variant.name))
                continue
            if line == "u":
                game.undo()
            elif line == "r":
                game.redo()
            else:
                game.play(Move.from_text(line))
        except (IllegalMove, ValueError) as e:
            print(e)
    print(f"Won with score {game.score} in {game.moves} moves.")
    return 0


def table(game: Game) -> str:
    """The position as the player sees it: the notation's layout, each face-down card ``##`` and
    the stock only counted (the notation itself names every hidden card)."""
    deals = game.deals_left
    lines = [f"{game.variant.name} moves={game.moves} done={''.join(game.completed) or '-'} score={game.score}",
             f"stock: {len(game.stock)} cards, {counted(deals, 'deal')} left"]
    lines += [column_line(number, column, hidden="##") for number, column in enumerate(game.columns, 1)]
    return "\n".join(lines)


def _advice(game: Game, most: int = 3) -> str:
    """The best few hints, as moves to type and why."""
    useful = [hint for hint in hints(game) if hint.useful and not hint.repeat]
    if useful:
        return "\n".join(f"  {hint.move}: {hint.reason}" for hint in useful[:most])
    return f"{nothing_to_suggest(game)} (u to undo, q to quit)"


@command
def bench(args: argparse.Namespace) -> int:
    """legal_moves() calls/s and play+undo pairs/s over random play from fixed seeds."""
    names = args.variants or ["spider-1", "spider-2", "spider-4"]
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:  # before any work: a typo last in the list waited for the benches before it
        print(f"unknown variant {unknown[0]!r}; choose from {', '.join(VARIANTS)}", file=sys.stderr)
        return 2
    for name in names:
        calls, pairs, spent_legal, spent_pairs = 0, 0, 0.0, 0.0
        rng = random.Random(0)
        for seed in range(1, args.games + 1):
            game = Game(name, seed)
            for _ in range(args.steps):
                t0 = time.perf_counter()
                moves = game.legal_moves()
                t1 = time.perf_counter()
                calls += 1
                spent_legal += t1 - t0
                if not moves:
                    break
                move = rng.choice(moves)
                t0 = time.perf_counter()
                game.play(move)
                game.undo()
                t1 = time.perf_counter()
                pairs += 1
                spent_pairs += t1 - t0
                game.play(move)
        print(f"{name:10} legal_moves {calls / spent_legal:10,.0f}/s   play+undo {pairs / spent_pairs:10,.0f}/s")
    return 0


def _each(work: Callable[..., _R], tasks: list[tuple[object, ...]], jobs: int) -> Iterator[_R]:
    """``work(*task)`` for each task, in order; with ``jobs`` > 1 in that many processes at once.

    The bot and the searches are deterministic, so answers are the same either way; only the
    clock sees the other processes. Pyodide has no processes: there ``jobs`` must stay 1."""
    if jobs <= 1:
        for task in tasks:
            yield work(*task)
        return
    from multiprocessing import Pool  # imported only when asked for: Pyodide cannot start processes

    with Pool(jobs) as pool:
        yield from pool.imap(_call, [(work, *task) for task in tasks])


def _call(job: tuple[Callable[..., _R], *tuple[object, ...]]) -> _R:
    """``work(*task)`` for ``job = (work, *task)``: a worker process gets one picklable argument."""
    work, *task = job
    return work(*task)


def _bot_game(variant: str, seed: int, peek: bool) -> tuple[bool, int, int, float, list[float]]:
    """One blind game: won, runs completed, moves, seconds and each hint's seconds."""
    game = Game(variant, seed)
    timings: list[float] = []
    t0 = time.perf_counter()
    win = play_blind(game, timings=timings, peek=peek)
    return win, len(game.completed), game.moves, time.perf_counter() - t0, timings


@command
def bot(args: argparse.Namespace) -> int:
    """Play each seed blind with the top hint (no undo, no peeking); print the win rate and how
    long a hint took (wall clock, so other work on the machine shows in it). ``--peek`` lets the
    hint search see the hidden cards: a diagnostic of what they are worth to it, not fair play."""
    won = 0
    timings: list[float] = []
    games = _each(_bot_game, [(args.variant, seed, args.peek) for seed in args.seeds], args.jobs)
    for seed, (win, runs, moves, seconds, times) in zip(args.seeds, games):
        won += win
        timings += times
        if args.verbose:
            print(f"seed {seed}: {'won' if win else 'lost'} with {runs} runs, {moves} moves, {seconds:.1f}s", flush=True)
    peeking = " (peeking at hidden cards)" if args.peek else ""
    print(f"{args.variant}{peeking}: won {won} of {len(args.seeds)} ({100 * won / len(args.seeds):.1f}%)")
    if timings:
        timings.sort()
        ms = [1000 * timings[int(q * (len(timings) - 1))] for q in (0.5, 0.9, 0.99, 1)]
        print(f"hints: {len(timings)} calls, median {ms[0]:.0f} ms, p90 {ms[1]:.0f} ms, "
              f"p99 {ms[2]:.0f} ms, max {ms[3]:.0f} ms")
    return 0


def _solved(variant: str, seed: int, budget: float, trace_memory: bool) -> tuple[SolveResult, str]:
    """One seed's solver answer and the peak memory so far, in words."""
    if trace_memory:
        tracemalloc.start()
    result = solve(Game(variant, seed), budget_s=budget)
    if trace_memory:
        peak = f"peak {tracemalloc.get_traced_memory()[1] / 2**20:.1f} MB traced"
        tracemalloc.stop()
    else:
        import resource  # POSIX only: absent under Pyodide, where the CLI must still import

        peak = f"process peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    return result, peak


@command
def solve_(args: argparse.Namespace) -> int:
    """Solve each seed within the budget: status, solution length, time and peak memory."""
    counts = {"solved": 0, "unwinnable": 0, "unknown": 0}
    spent = 0.0
    answers = _each(_solved, [(args.variant, seed, args.budget, args.trace_memory) for seed in args.seeds], args.jobs)
    for seed, (result, peak) in zip(args.seeds, answers):
        counts[result.status] += 1
        spent += result.seconds
        print(f"seed {seed}: {result.status:10} {len(result.moves):4} moves {result.seconds:6.1f}s "
              f"{result.nodes:8} positions  {peak}", flush=True)
    total = len(args.seeds)
    print(f"{args.variant}: solved {counts['solved']}, unwinnable {counts['unwinnable']}, unknown {counts['unknown']} "
          f"of {total} ({100 * counts['solved'] / total:.1f}% solved), {spent:.0f}s in all")
    return 0


def _proven(variant: str, seed: int, budget: float) -> tuple[SolveResult, str | None]:
    """One seed's solver answer, and what is wrong with it if it is "solved" by moves that do
    not replay to a win (a solver bug, reported rather than stopping the run)."""
    result = solve(Game(variant, seed), budget_s=budget)
    if result.status != "solved":
        return result, None
    check = Game(variant, seed)
    for i, move in enumerate(result.moves):
        try:
            check.play(move)
        except IllegalMove as e:
            return result, f"move {i + 1} of its answer does not replay: {e}"
    return result, None if check.is_won else "its answer does not replay to a win"


@command
def winnable(args: argparse.Namespace) -> int:
    """Write the seeds the solver proves winnable (replayed to a win first), one a line."""
    if not args.out:
        return _prove(args, sys.stdout)
    target = Path(args.out)
    try:  # a file beside it first: a bad path fails before the work, and the old list stays till the end
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-")
    except OSError as e:
        print(f"cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            code = _prove(args, out)
        os.replace(temporary, target)
        return code
    finally:
        Path(temporary).unlink(missing_ok=True)


def _prove(args: argparse.Namespace, out: TextIO) -> int:
    """The seeds proven, to ``out``; each seed's answer and the totals to stderr."""
    proven = []
    broken = 0
    answers = _each(_proven, [(args.variant, seed, args.budget) for seed in args.seeds], args.jobs)
    for seed, (result, fault) in zip(args.seeds, answers):
        if fault:
            broken += 1
            print(f"seed {seed}: solved {result.seconds:.1f}s, but left out: {fault}", file=sys.stderr)
            continue
        if result.status == "solved":
            proven.append(seed)
        print(f"seed {seed}: {result.status} {result.seconds:.1f}s", file=sys.stderr, flush=True)
    out.write("".join(f"{seed}\n" for seed in proven))
    print(f"{args.variant}: {len(proven)} of {len(args.seeds)} seeds proven winnable", file=sys.stderr)
    if broken:
        print(f"{args.variant}: {broken} solver answers did not replay (a solver bug)", file=sys.stderr)
    return 1 if broken else 0


def _seeds(text: str) -> list[int]:
    """``"1-200"``, ``"7"`` or a comma-separated list of both (``"82,121,300-310"``, for the seeds
    a run left unknown) as a list of seeds, in the order given."""
    seeds: list[int] = []
    for part in text.split(","):
        first, dash, last = part.partition("-")
        try:
            some = range(int(first), int(last) + 1) if dash else range(int(first), int(first) + 1)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a seed or a range like 1-200") from None
        if not some or not (is_seed(some[0]) and is_seed(some[-1])):
            raise argparse.ArgumentTypeError(f"{part!r} names no seeds (deals are 0 to 2**64 - 1)")
        if len(seeds) + some.stop - some.start > MOST_SEEDS:  # len() of a huge range overflows
            raise argparse.ArgumentTypeError(f"{text!r} names more than {MOST_SEEDS:,} seeds")
        seeds.extend(some)
    if len(set(seeds)) < len(seeds):
        raise argparse.ArgumentTypeError(f"{text!r} names a seed twice")
    return seeds


def _budget(text: str) -> float:
    """Seconds per seed: a positive number (a budget of nothing would only report "unknown")."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return seconds


def _seed(text: str) -> int:
    """One deal number."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not is_seed(seed):
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal number (0 to 2**64 - 1)")
    return seed


def _count(noun: str) -> Callable[[str], int]:
    """A reader of how many ``noun``: at least 1 (none would only divide by zero or do nothing)."""

    def count(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = 0
        if number < 1:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of {noun} (1 or more)")
        return number

    return count


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spider", description="Spider Solitaire engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("show", help="print a deal as notation")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("seed", type=_seed)
    p = sub.add_parser("rules", help="how to play a variant")
    p.add_argument("variant", choices=VARIANTS)
    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("seed", type=_seed, nargs="?", help="default: a random deal")
    p = sub.add_parser("bench", help="engine throughput")
    p.add_argument("variants", nargs="*", metavar="VARIANT", help="default: spider-1 spider-2 spider-4")
    p.add_argument("--games", type=_count("games"), default=20, help="seeds 1 to this, each a game (default 20)")
    p.add_argument("--steps", type=_count("moves"), default=300, help="random moves a game at most (default 300)")
    p = _seed_command(sub, "bot", "win rate of blind play with the top hint", "1-200")
    p.add_argument("--verbose", "-v", action="store_true", help="a line per seed")
    p.add_argument("--peek", action="store_true", help="diagnostic: hints see the hidden cards (not fair play)")
    p = _seed_command(sub, "solve", "solve seeds with the full-information solver", "1-100")
    p.add_argument("--budget", type=_budget, default=30.0, help="seconds per seed (default 30)")
    p.add_argument("--trace-memory", action="store_true", help="exact peak per seed (tracemalloc; slows the solver)")
    p = _seed_command(sub, "winnable", "list seeds the solver proves winnable", "1-100")
    p.add_argument("--budget", type=_budget, default=10.0, help="seconds per seed (default 10)")
    p.add_argument("--out", help="file to write the seeds to (default: print them; progress goes to stderr)")
    return parser


def _seed_command(sub: Any, name: str, summary: str, seeds: str) -> argparse.ArgumentParser:
    """A command that works seed by seed: the variant, which seeds (``seeds`` by default) and how
    many at once."""
    p = sub.add_parser(name, help=summary)
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("--seeds", type=_seeds, default=_seeds(seeds),
                   help=f"a range like {seeds} (default), a seed, or a list: 82,121,300-310")
    p.add_argument("--jobs", "-j", type=_count("processes"), default=1,
                   help="seeds worked on at once, each in its own process (default 1)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        code = COMMANDS[args.command](args)
        sys.stdout.flush()  # here, not at exit, where a reader gone would be reported
        return code
    except BrokenPipeError:  # the reader left (``| head``): the rest goes nowhere, quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
