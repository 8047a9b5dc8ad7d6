"""Does the search bot pay? The search bot against the heuristic team on the same games.

Usage::

    .venv/bin/python benchmarks/search_bot.py [--games 1000] [--seed 1] [--hunters 2]
        [--chapters 1,2,3] [--workers 2] [--chunk 100] [--choice-rollouts 8] [--rollouts 4]
        [--budget 20000]

Both bots play the same deals of The Pale Bell — game ``k`` of a chapter has the seed
``huntkit simulate --seed S`` gives it (:func:`game_seed`) — so each game is a pair and the
difference of the win rates is measured on the pairs. Prints a Markdown table for
benchmarks/README.md and docs/board-simulation.md, one row per chapter: each bot's wins with the
Wilson 95 % interval, the paired difference with its 95 % interval and z, CPU-seconds per game and
peak resident memory of each bot, and the search's spent moves (its budget's counter) per game.

Games are played in chunks of ``--chunk`` by ``--workers`` fresh processes (``spawn``, one chunk
each, so a chunk's peak memory is its own); a chunk's CPU time is measured around its games alone
(loading the rules is not a game's cost). The results do not depend on the chunking or on the
workers. ``--choice-rollouts 0`` leaves the mission choices to the heuristic and ``--rollouts 0``
the endgame's actions (to see what each half of the search is worth).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import resource
import time
from dataclasses import dataclass, field

from toolkit.games.board.bots.base import make_bot, play_out
from toolkit.games.board.bots.search import SearchBot, SearchSettings
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.simulation.records import STEP_CAP, game_seed
from toolkit.games.board.simulation.report import wilson

BOTS = ("heuristic", "search")
Z95 = 1.959964


@dataclass(slots=True)
class Chunk:
    """What one process reports for its games of one bot and chapter."""

    chapter: int
    bot: str
    first: int
    wins: list[bool]
    cpu: float
    peak_mib: float
    spent: list[int] = field(default_factory=list)
    searched: int = 0
    overruled: int = 0
    dropped: int = 0


Task = tuple[int, str, int, int, int, int, SearchSettings]
"""Chapter, bot, hunters, seed, first game, games, the search bot's settings."""


def play_chunk(task: Task) -> Chunk:
    """Play games ``first .. first + count - 1`` of a chapter with one bot."""
    chapter, bot_name, hunters, seed, first, count, settings = task
    rules = builtin_rules("the-pale-bell", chapter)
    chunk = Chunk(chapter, bot_name, first, [], 0.0, 0.0)
    start = time.process_time()
    for game in range(first, first + count):
        game_s = game_seed(seed, chapter, hunters, game)
        bot = SearchBot(game_s, settings) if bot_name == "search" else make_bot(bot_name, game_s)
        state = play_out(BoardState(rules, hunters, game_s), bot, STEP_CAP)
        chunk.wins.append(state.game.world.outcome == "won")
        if isinstance(bot, SearchBot):
            chunk.spent.append(bot.spent)
            chunk.searched += sum(bot.searched.values())
            chunk.overruled += sum(bot.overruled.values())
            chunk.dropped += bot.dropped
    chunk.cpu = time.process_time() - start
    chunk.peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return chunk


def paired(search: list[bool], heuristic: list[bool]) -> tuple[float, float, float]:
    """The mean paired difference of the win rates, its 95 % half-width and z."""
    n = len(search)
    diffs = [int(s) - int(h) for s, h in zip(search, heuristic, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    return mean, Z95 * se, (mean / se if se else 0.0)


def rate(wins: list[bool]) -> str:
    """Wins out of games, the rate and its Wilson 95 % interval."""
    won, n = sum(wins), len(wins)
    low, high = wilson(won, n)
    return f"{won}/{n} = {won / n:.1%} ({low:.1%}–{high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hunters", type=int, default=2)
    parser.add_argument("--chapters", default="1,2,3")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=100)
    defaults = SearchSettings()
    parser.add_argument("--choice-rollouts", type=int, default=defaults.choice_rollouts)
    parser.add_argument("--rollouts", type=int, default=defaults.rollouts)
    parser.add_argument("--budget", type=int, default=defaults.budget)
    args = parser.parse_args()
    chapters = [int(c) for c in args.chapters.split(",")]
    settings = SearchSettings(
        choice_rollouts=args.choice_rollouts, rollouts=args.rollouts, budget=args.budget
    )
    tasks: list[Task] = [
        (chapter, bot, args.hunters, args.seed, first, min(args.chunk, args.games - first), settings)
        for chapter in chapters
        for bot in reversed(BOTS)  # the long search chunks first, the short ones fill in
        for first in range(0, args.games, args.chunk)
    ]
    wall = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.workers, maxtasksperchild=1) as pool:
        chunks = pool.map(play_chunk, tasks, chunksize=1)
    wall = time.perf_counter() - wall

    print(
        f"{args.games} games per chapter, {args.hunters} hunters, seed {args.seed}, "
        f"{args.workers} workers, {wall:.0f} s wall; search: {settings}\n"
    )
    print(
        "| chapter | heuristic wins (95 % CI) | search wins (95 % CI) | difference, paired (95 % CI) | z "
        "| CPU-s per game, heuristic / search | peak MiB, heuristic / search "
        "| search moves per game, mean / max | searched / overruled / dropped decisions per game |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for chapter in chapters:
        cells: dict[str, list[Chunk]] = {
            bot: sorted((c for c in chunks if c.chapter == chapter and c.bot == bot), key=lambda c: c.first)
            for bot in BOTS
        }
        wins = {bot: [w for c in cells[bot] for w in c.wins] for bot in BOTS}
        n = len(wins["search"])
        cpu = {bot: sum(c.cpu for c in cells[bot]) / n for bot in BOTS}
        peak = {bot: max(c.peak_mib for c in cells[bot]) for bot in BOTS}
        spent = [s for c in cells["search"] for s in c.spent]
        counts = ("searched", "overruled", "dropped")
        per_game = [sum(getattr(c, key) for c in cells["search"]) / n for key in counts]
        mean, half, z = paired(wins["search"], wins["heuristic"])

        print(
            f"| {chapter} | {rate(wins['heuristic'])} | {rate(wins['search'])} "
            f"| {mean:+.1%} ({mean - half:+.1%} to {mean + half:+.1%}) | {z:.2f} "
            f"| {cpu['heuristic']:.3f} / {cpu['search']:.3f} "
            f"| {peak['heuristic']:.0f} / {peak['search']:.0f} "
            f"| {sum(spent) / n:.0f} / {max(spent)} "
            f"| {per_game[0]:.1f} / {per_game[1]:.1f} / {per_game[2]:.2f} |"
        )


if __name__ == "__main__":
    main()
