"""Benchmark the insight-requirement checks (BB0508, BB0509) on generated chapters of growing size.

Compares, on the same mission graph, the earlier way of finding what can be earned before each
card (one reachability search per card: quadratic in the cards) with the dominator tree of
`checks/insight_budget.py` (one pass), and checks that both give the same answer. CPU time, best of
``--repeat``. Usage::

    .venv/bin/python benchmarks/insight_timing.py [--cards 100 300 999] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.board.generated_chapters import write_campaign  # noqa: E402  (the tests' generator)
from toolkit.core.cache import disabled  # noqa: E402
from toolkit.core.pipeline import validate_paths  # noqa: E402
from toolkit.games.board.checks.graph import earned_insight  # noqa: E402
from toolkit.games.board.checks.insight_budget import InsightTiming  # noqa: E402
from toolkit.games.board.mission.deck import gather_decks  # noqa: E402
from toolkit.games.board.mission.graph import ChapterGraph, build_chapter_graph, card_node  # noqa: E402


def per_card_search(built: ChapterGraph) -> list[int]:
    return [
        len(earned_insight(built, built.reachable(before_goals_of=card_node(entry.model.number))))
        for entry in built.deck.cards_of(built.chapter)
    ]


def dominators(built: ChapterGraph) -> list[int]:
    timing = InsightTiming(built, set())
    return [len(timing.before(entry.model.number)) for entry in built.deck.cards_of(built.chapter)]


def best(function: object, built: ChapterGraph, repeat: int) -> tuple[float, list[int]]:
    times, answer = [], []
    for _ in range(repeat):
        start = time.process_time()
        answer = function(built)  # type: ignore[operator]
        times.append(time.process_time() - start)
    return min(times), answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[100, 300, 999])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'cards':>6} {'per-card search s':>18} {'dominator tree s':>17} {'speed-up':>9} {'same':>5}")
    for cards in args.cards:
        with tempfile.TemporaryDirectory() as folder, disabled():
            result = validate_paths([write_campaign(Path(folder) / "generated", cards)])
        documents = [d for pack in result.packs for d in pack.documents if d.model is not None]
        (deck,) = gather_decks(documents).values()
        built = build_chapter_graph(deck, 1)
        old, old_answer = best(per_card_search, built, args.repeat)
        new, new_answer = best(dominators, built, args.repeat)
        count = len(deck.cards_of(1))
        print(f"{count:6d} {old:18.3f} {new:17.4f} {old / new:8.0f}x {old_answer == new_answer!s:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
