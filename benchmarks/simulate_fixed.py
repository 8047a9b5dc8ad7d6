"""The costs around the playouts of a board-game simulate: fixed per run, and per game.

Usage::

    .venv/bin/python benchmarks/simulate_fixed.py [--games 200] [--bot random] [--rounds 5]

(benchmarks/simulate.py prints the same tables first). Per run: the rules bundle, the not-simulated
report's search over the pack, the narrative rules, the summary, and what the bundle builds on its
first games (the mission interpreter's campaign book, the engine's tables, parsed events …). Per
game: building the state (the game, its mission port, the setup up to the first question), the
bot, the play_out loop's own calls, the record (with the stall facts of a game not won).

Function calls are exact — counted by a profile hook and charged to the innermost of the marked
functions running — so they do not move with the machine's load. The fixed calls of a run are the
calls of ``simulate`` less those of the same games replayed on a bundle that has played them
once. CPU times are medians over ``--rounds`` and move with the load; the fixed CPU time is the sum
of its parts timed alone (the bundle's warm-up as its first game on a new bundle less the same
game on a warm one).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import CodeType, FrameType
from typing import Any

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.bots import base
from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.bots.search import SearchBot
from toolkit.games.board.engine import interpreter_adapter, rules, setup, state
from toolkit.games.board.simulation import records, report, runner, stalls

PACK = builtin_content_root() / "campaigns" / "the-pale-bell"

FIXED = ("rules bundle", "not-simulated report", "narrative rules", "summary", "simulate: other")
PER_GAME = (
    "state construction",
    "mission port",
    "setup",
    "bot construction",
    "play_out loop",
    "record",
    "stall facts",
    "play_game: other",
)
PLAYOUTS = "playouts (apply_action, the bot's act)"
TIMED_GAMES = 40
"""Games whose state, bot and record are timed per round (the playing between is not timed)."""


def _marks() -> dict[CodeType, str]:
    """The functions whose calls (with their callees') are charged to a part."""
    marked: dict[Callable[..., Any], str] = {
        runner.simulate: "simulate: other",
        runner.campaign_chapters: "rules bundle",
        rules.load_rules: "rules bundle",
        report.not_simulated_report: "not-simulated report",
        report.narrative_rules: "narrative rules",
        report.summarize: "summary",
        records.play_game: "play_game: other",
        records.record: "record",
        stalls.open_goals: "stall facts",
        state.BoardState.__init__: "state construction",
        interpreter_adapter.make_port: "mission port",
        setup.setup: "setup",
        base.make_bot: "bot construction",
        base.play_out: "play_out loop",
        state.BoardState.apply_action: PLAYOUTS,
        state.BoardState.apply_chance: PLAYOUTS,
        state.BoardState.set_auto_chance: PLAYOUTS,
        base.RandomBot.act: PLAYOUTS,
        HeuristicBot.act: PLAYOUTS,
        SearchBot.act: PLAYOUTS,
    }
    return {function.__code__: label for function, label in marked.items()}


def count_calls(
    run: Callable[[], object], marks: dict[CodeType, str], outside: str = "outside"
) -> Counter[str]:
    """Python and built-in function calls made by ``run``, by the innermost marked function running
    (a generator's frame counts from each resumption to its next yield)."""
    counts: Counter[str] = Counter()
    regions: list[tuple[FrameType | None, str]] = [(None, outside)]

    def hook(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            label = marks.get(frame.f_code)
            if label is not None:
                regions.append((frame, label))
            counts[regions[-1][1]] += 1
        elif event == "c_call":
            counts[regions[-1][1]] += 1
        elif event == "return" and frame is regions[-1][0]:
            regions.pop()

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    counts.pop(outside, None)
    return counts


def cpu_ms(run: Callable[[], object], rounds: int) -> float:
    """Median CPU milliseconds of ``run`` over ``rounds``."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def fixed_costs(games: int, bot: str, rounds: int, chapter: int = 1, hunters: int = 2) -> str:
    """The tables, as Markdown. Run it first in its process: the first simulate of a process pays
    for what is built once per process (the search's plans over the model classes, lazily built
    module caches)."""
    result = validate_paths([PACK])
    index, pack = result.index, result.packs[0]
    options = runner.SimulateOptions("the-pale-bell", [chapter], [hunters], games, 1, (bot,), 1)
    seeds = [records.game_seed(1, chapter, hunters, game) for game in range(games)]
    marks = _marks()

    def replay(bundle: rules.Rules, played: list[int]) -> Callable[[], object]:
        return lambda: [records.play_game(bundle, hunters, seed, bot) for seed in played]

    def first_game() -> Counter[str]:
        """What a new bundle builds on its first game: that game's calls less a replay of it."""
        bundle = rules.load_rules(index, pack.id, "the-pale-bell", chapter)
        cold = count_calls(replay(bundle, seeds[:1]), marks)
        cold.subtract(count_calls(replay(bundle, seeds[:1]), marks))
        return cold

    build = [first_game()]
    runs = [count_calls(lambda: runner.simulate(index, pack, options), marks) for _ in range(2)]
    build.append(first_game())
    bundle = rules.load_rules(index, pack.id, "the-pale-bell", chapter)
    replay(bundle, seeds)()  # fills the bundle's caches for exactly these games
    warm = count_calls(replay(bundle, seeds), marks)
    game_parts = [*PER_GAME, PLAYOUTS]
    rows: list[tuple[str, list[int]]] = [(part, [run[part] for run in runs]) for part in FIXED]
    built = [sum(counts[part] for part in game_parts) for counts in build]
    rows.append(("what a new bundle builds on its first game (mission book, tables …)", built))
    learnt = [
        sum(run[part] - warm[part] for part in game_parts) - b for run, b in zip(runs, built, strict=True)
    ]
    rows.append(("caches the bundle fills over the other games (situations met once)", learnt))
    lines = [
        f"costs around the playouts: chapter {chapter}, {hunters} hunters, {bot} team, {games} games\n",
        "| fixed per simulate | calls, first simulate in a process | calls, a later simulate |",
        "|---|---|---|",
        *(f"| {part} | {one:,} | {two:,} |" for part, (one, two) in rows),
        f"| **all fixed** | **{sum(r[1][0] for r in rows):,}** | **{sum(r[1][1] for r in rows):,}** |",
        "",
        "where a new bundle's first game builds: "
        + ", ".join(f"{part} {count:,}" for part in game_parts if (count := build[1][part])),
        "",
        timed_fixed(index, pack, bot, seeds, chapter, hunters, rounds),
        "",
        "| per game (warm bundle) | calls per game |",
        "|---|---|",
        *(f"| {part} | {warm[part] / games:,.1f} |" for part in PER_GAME),
        f"| **all per-game overhead** | **{sum(warm[part] for part in PER_GAME) / games:,.1f}** |",
        f"| the playouts themselves | {warm[PLAYOUTS] / games:,.1f} |",
        "",
        timed_per_game(bundle, bot, seeds[:TIMED_GAMES], hunters, rounds),
    ]
    return "\n".join(lines) + "\n"


def timed_fixed(
    index: Any, pack: Any, bot: str, seeds: list[int], chapter: int, hunters: int, rounds: int
) -> str:
    """CPU ms of the fixed parts, each timed alone (a later simulate: the process is warm)."""
    bundle = rules.load_rules(index, pack.id, "the-pale-bell", chapter)
    results = [records.play_game(bundle, hunters, seed, bot) for seed in seeds]
    load = cpu_ms(lambda: rules.load_rules(index, pack.id, "the-pale-bell", chapter), rounds)
    gaps = cpu_ms(lambda: report.not_simulated_report(index, pack), rounds)
    prose = cpu_ms(lambda: report.narrative_rules(bundle), rounds)
    summary = cpu_ms(lambda: report.summarize(bundle, hunters, bot, results), rounds)
    cold, hot = [], []
    for _ in range(rounds):
        fresh = rules.load_rules(index, pack.id, "the-pale-bell", chapter)
        start = time.process_time()
        records.play_game(fresh, hunters, seeds[0], bot)
        cold.append(time.process_time() - start)
        start = time.process_time()
        records.play_game(fresh, hunters, seeds[0], bot)
        hot.append(time.process_time() - start)
    warm_up = 1000 * (statistics.median(cold) - statistics.median(hot))
    total = load + gaps + prose + summary + warm_up
    return (
        f"fixed CPU ms of a later simulate (medians of {rounds}): rules bundle {load:.2f}, not-simulated "
        f"report {gaps:.2f}, narrative rules {prose:.2f}, summary of {len(seeds)} games {summary:.2f}, "
        f"the bundle's warm-up on its first game {warm_up:.2f}; **{total:.1f} ms** in all"
    )


def timed_per_game(bundle: Any, bot: str, seeds: list[int], hunters: int, rounds: int) -> str:
    """CPU µs per game of building the state and the bot, and of the record (warm bundle)."""
    build, write = [], []
    for _ in range(rounds):
        start = time.process_time()
        pairs = [(state.BoardState(bundle, hunters, seed), base.make_bot(bot, seed)) for seed in seeds]
        build.append(time.process_time() - start)
        played = [base.play_out(game, player, records.STEP_CAP) for game, player in pairs]
        start = time.process_time()
        for game in played:
            records.record(game)
        write.append(time.process_time() - start)
    per = 1e6 / len(seeds)
    return (
        f"per game CPU µs (medians of {rounds}): state and bot {per * statistics.median(build):.1f}, "
        f"record {per * statistics.median(write):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(fixed_costs(args.games, args.bot, args.rounds))


if __name__ == "__main__":
    main()
