"""Board game playouts per second: random and heuristic bots, one process and two workers.

Usage::

    .venv/bin/python benchmarks/simulate.py [--games 200] [--chapter 1] [--hunters 2]
                                            [--profile-games N] [--top 12]

Prints, from one run, Markdown for benchmarks/README.md: chapter playouts per CPU-second of the
process with the random and the heuristic team (2 hunters by default) against issue 22's goals,
the speed-up of `--workers 2` over one process on the same games (whose reports must be
byte-identical), the peak resident memory of the process and of the largest worker (a high-water
mark: each row shows the peak up to that row), and where the time goes for each bot: a cProfile of
``--profile-games`` more games (a quarter of ``--games`` by default; 0 skips it), as own time per
component and engine module and the top functions. The profile runs after the timed games, so it
does not slow them. First of all it prints the costs around the playouts, fixed per simulate and
per game, as exact function calls (benchmarks/simulate_fixed.py; ``--fixed-rounds 0`` skips it).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import time

from simulate_fixed import fixed_costs

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.simulate import SimulateOptions, render_json, simulate

PACK = builtin_content_root() / "campaigns" / "the-pale-bell"


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def peak_mib(who: int) -> float:
    """Peak resident memory so far, in MiB: of this process (``RUSAGE_SELF``) or of the largest
    finished worker (``RUSAGE_CHILDREN``). Linux reports ``ru_maxrss`` in KiB."""
    return resource.getrusage(who).ru_maxrss / 1024


def measure(bot: str, games: int, chapter: int, hunters: int, workers: int) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds for ``games`` playouts, and the JSON report (identity check).

    On a shared machine the wall clock depends on what else runs; CPU seconds per playout do not,
    so playouts per CPU-second is the per-core rate."""
    result = validate_paths([PACK])
    options = SimulateOptions("the-pale-bell", [chapter], [hunters], games, 1, (bot,), workers)
    start, cpu = time.perf_counter(), cpu_seconds()
    report = simulate(result.index, result.packs[0], options)
    return time.perf_counter() - start, cpu_seconds() - cpu, render_json(report)


def engine_only(games: int, chapter: int, hunters: int) -> tuple[float, float]:
    """Random playouts per CPU-second and per wall-second with no mission interpreter (nothing
    is ever revealed, so these games are shorter and emptier than real ones)."""
    from toolkit.games.board.bots.base import make_bot, play_out
    from toolkit.games.board.engine.missions import NullMissions
    from toolkit.games.board.engine.rules import load_rules
    from toolkit.games.board.engine.state import BoardState

    result = validate_paths([PACK])
    rules = load_rules(result.index, "the-pale-bell", "the-pale-bell", chapter)
    start, cpu = time.perf_counter(), cpu_seconds()
    for seed in range(games):
        play_out(BoardState(rules, hunters, seed, lambda _r, _n: NullMissions()), make_bot("random", seed))
    return games / (cpu_seconds() - cpu), games / (time.perf_counter() - start)


def soak(games: int, seed: int) -> tuple[int, int, list[str]]:
    """Random games over every chapter and hunter count 1-4, invariants checked after every action.

    Returns (games played, actions checked, violations found)."""
    import random

    from toolkit.games.board.engine.invariants import violations
    from toolkit.games.board.engine.rules import load_rules
    from toolkit.games.board.engine.state import BoardState
    from toolkit.games.board.simulate import campaign_chapters, game_seed

    result = validate_paths([PACK])
    campaign, chapters = campaign_chapters(result.index, result.packs[0], None)
    cells = [(c, h) for c in chapters for h in (1, 2, 3, 4)]
    played = actions = 0
    found: list[str] = []
    for chapter, hunters in cells:
        rules = load_rules(result.index, result.packs[0].id, campaign, chapter)
        for game in range(games // len(cells)):
            state = BoardState(rules, hunters, game_seed(seed, chapter, hunters, game))
            rng = random.Random(game)
            while not state.is_terminal():
                state.apply_action(
                    state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
                )
                actions += 1
                broken = violations(state)
                if broken:
                    found.append(f"chapter {chapter}, {hunters} hunters, game {game}: {broken[0]}")
                    break
            played += 1
    return played, actions, found


def ceiling(games: int, hunters: int) -> list[tuple[int, int, float]]:
    """Win rate of the heuristic team when hunters never take damage: an upper bound on what the
    chapter's mission chain allows within its Hunt Track (routing and fighting only).

    Returns (chapter, wins, mean rounds) per chapter."""
    from toolkit.games.board.bots.base import make_bot, play_out
    from toolkit.games.board.engine import effects
    from toolkit.games.board.engine.rules import load_rules
    from toolkit.games.board.engine.state import BoardState
    from toolkit.games.board.simulate import campaign_chapters

    result = validate_paths([PACK])
    campaign, chapters = campaign_chapters(result.index, result.packs[0], None)
    original = effects.wound
    effects.wound = lambda g, index, amount, cause="": False
    rows = []
    try:
        for chapter in chapters:
            rules = load_rules(result.index, result.packs[0].id, campaign, chapter)
            states = [
                play_out(BoardState(rules, hunters, seed), make_bot("heuristic", seed))
                for seed in range(games)
            ]
            wins = sum(s.game.world.outcome == "won" for s in states)
            rows.append((chapter, wins, sum(s.game.world.round for s in states) / games))
    finally:
        effects.wound = original
    return rows


GOALS = {"random": 2000.0, "heuristic": 500.0}
"""Playouts per CPU-second of the process, chapter 1, 2 hunters (issue 22)."""


def profile(bot: str, games: int, chapter: int, hunters: int, top: int = 12) -> str:
    """Where one process spends its time on ``games`` playouts: shares by component, then the
    ``top`` functions by own time."""
    result = validate_paths([PACK])
    options = SimulateOptions("the-pale-bell", [chapter], [hunters], games, 1, (bot,), 1)
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(result.index, result.packs[0], options)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    return shares(stats, games) + top_functions(stats, top)


def top_functions(stats: pstats.Stats, count: int) -> str:
    """The ``count`` functions with the most own time: share, calls, own and cumulative µs per call."""
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values()) or 1.0
    rows = sorted(table.items(), key=lambda item: -item[1][2])[:count]
    lines = [f"top {count} functions by own time:"]
    for (path, line, name), (_, calls, own, cumulative, _) in rows:
        where = path.split("/toolkit/", 1)[-1] if "/toolkit/" in path else path.rsplit("/", 1)[-1]
        lines.append(
            f"  {100 * own / total:5.1f} %  {calls:>8} calls  {1e6 * own / calls:6.1f} µs own  "
            f"{1e6 * cumulative / calls:7.1f} µs with callees  {where}:{line}({name})"
        )
    return "\n".join(lines) + "\n"


COMPONENTS = (
    ("mission interpreter", ("/board/interpreter/", "/engine/interpreter_adapter.py", "/board/mission/")),
    ("bots", ("/board/bots/",)),
    ("simulation report", ("/board/simulation/", "/core/vocabulary.py")),
    ("engine", ("/board/engine/",)),
)
"""Where a function's own time is charged, by the path of its file (first match wins)."""


def shares(stats: pstats.Stats, games: int) -> str:
    """Own time and function calls per component and per engine module: the time as shares of the
    profiled total, the calls per playout. A library function (pydantic, copy, random …) is
    charged to the component of its nearest caller.

    Calls per playout do not depend on the machine's load, as CPU time does: with about 0.2 µs a
    call (a pure-Python function call's floor), they say what a playout must lose to be fast."""
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values()) or 1.0

    def component(function: tuple[str, int, str], depth: int = 0) -> str:
        path = function[0]
        for name, parts in COMPONENTS:
            if any(part in path for part in parts):
                if name == "engine":
                    return "engine: " + path.rsplit("/", 1)[-1]
                return name
        callers = table.get(function, (0, 0, 0, 0, {}))[4]
        if not callers or depth > 8:
            return "other"
        heaviest = max(callers, key=lambda caller: callers[caller][2])
        return component(heaviest, depth + 1)

    charged: dict[str, tuple[float, int]] = {}
    for function, entry in table.items():
        key = component(function)
        seconds, calls = charged.get(key, (0.0, 0))
        charged[key] = (seconds + entry[2], calls + entry[1])
    all_calls = sum(calls for _, calls in charged.values())
    lines = [
        f"{all_calls / max(games, 1):,.0f} function calls per playout; own time and calls per playout "
        "by component (profiled, so small functions weigh more than they do unprofiled):"
    ]
    for key, (seconds, calls) in sorted(charged.items(), key=lambda item: -item[1][0]):
        if 100 * seconds / total >= 0.5:
            lines.append(f"  {100 * seconds / total:5.1f} %  {calls / max(games, 1):8,.0f}  {key}")
    return "\n".join(lines) + "\n\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--chapter", type=int, default=1)
    parser.add_argument("--hunters", type=int, default=2)
    parser.add_argument("--profile-games", type=int, default=-1, help="games per profile (default: games/4)")
    parser.add_argument("--top", type=int, default=12, help="functions listed per profile")
    parser.add_argument("--soak", type=int, default=0, help="play this many invariant-checked random games")
    parser.add_argument("--ceiling", type=int, default=0, help="games per chapter with unhurtable hunters")
    parser.add_argument(
        "--fixed-rounds", type=int, default=3, help="rounds timing the costs around the playouts (0: skip)"
    )
    args = parser.parse_args()
    if args.ceiling:
        print(f"heuristic team of {args.hunters} that cannot be hurt, {args.ceiling} games per chapter\n")
        print("| chapter | wins | rounds played |")
        print("|---|---|---|")
        for chapter, wins, rounds in ceiling(args.ceiling, args.hunters):
            print(f"| {chapter} | {wins}/{args.ceiling} | {rounds:.1f} |")
        return
    if args.soak:
        start = time.perf_counter()
        played, actions, found = soak(args.soak, 2026)
        print(f"soak: {played} random games, {actions} actions checked, {len(found)} invariant violations")
        print(f"      in {time.perf_counter() - start:.0f} s")
        for line in found[:20]:
            print(f"  {line}")
        return
    print(f"the-pale-bell chapter {args.chapter}, {args.hunters} hunters, {args.games} games per run\n")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    if args.fixed_rounds > 0:
        # First in the process: the first simulate pays for what a process builds once.
        print(fixed_costs(args.games, "random", args.fixed_rounds, args.chapter, args.hunters))
    print(
        "| bot | playouts per CPU-second | goal | CPU ms per playout | 1 process: playouts/s (wall) "
        "| 2 workers: playouts/s (wall) | speed-up | reports identical | peak RSS, 1 process (MiB) "
        "| peak RSS, largest worker (MiB) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for bot in ("random", "heuristic"):
        one, cpu, report_one = measure(bot, args.games, args.chapter, args.hunters, 1)
        two, _, report_two = measure(bot, args.games, args.chapter, args.hunters, 2)
        rate, goal = args.games / cpu, GOALS[bot]
        verdict = "met" if rate >= goal else f"**not met** ({goal / rate:.1f}x short)"
        print(
            f"| {bot} | **{rate:.1f}** | ≥ {goal:.0f}: {verdict} | {1000 * cpu / args.games:.2f} | "
            f"{args.games / one:.1f} | {args.games / two:.1f} | "
            f"{one / two:.2f}x | {'yes' if report_one == report_two else 'NO'} | "
            f"{peak_mib(resource.RUSAGE_SELF):.0f} | {peak_mib(resource.RUSAGE_CHILDREN):.0f} |"
        )
    per_cpu, per_wall = engine_only(args.games, args.chapter, args.hunters)
    print(
        f"| random, engine alone (no mission interpreter) | {per_cpu:.1f} | | {1000 / per_cpu:.2f} | "
        f"{per_wall:.1f} | | | | {peak_mib(resource.RUSAGE_SELF):.0f} | |"
    )
    profiled = args.games // 4 if args.profile_games < 0 else args.profile_games
    for bot in ("random", "heuristic") if profiled > 0 else ():
        print(f"\nwhere the time goes, {bot} team ({profiled} profiled games):\n\n```")
        print(profile(bot, profiled, args.chapter, args.hunters, args.top).rstrip())
        print("```")


if __name__ == "__main__":
    main()
