"""Blood Hunt at scale: invariant-checked random games, seat balance, and the search bot's duel.

Three parts, each printing a JSON report (the same summary `huntkit simulate` prints) and a line of
headline numbers; docs/blood-hunt.md records the results and this command::

    .venv/bin/python benchmarks/blood_hunt.py invariants --games 10000 --workers 2
    .venv/bin/python benchmarks/blood_hunt.py balance --games 1000 --workers 2
    .venv/bin/python benchmarks/blood_hunt.py duel --games 1000 --workers 2

``invariants`` plays random bots at 2, 3 and 4 players and checks every invariant after every
action; ``balance`` seats the heuristic bot everywhere; ``duel`` rotates search and heuristic through
the seats of 2-player games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from toolkit.core.pipeline import validate_paths  # noqa: E402
from toolkit.games.blood_hunt.engine.loading import rules_from_index  # noqa: E402
from toolkit.games.blood_hunt.simulate import plan_games, run_games, summarize  # noqa: E402

PARTS = {
    "invariants": ([2, 3, 4], ["random"], True),
    "balance": ([2, 3, 4], ["heuristic"], False),
    "duel": ([2], ["search:3", "heuristic"], False),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=sorted(PARTS))
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    parser.add_argument("--output", type=Path, help="write the JSON report here")
    options = parser.parse_args()
    result = validate_paths([REPO / "content" / "blood-hunt"])
    rules = rules_from_index(result.index, "blood-hunt")
    counts, bots, check = PARTS[options.part]
    counts = options.players or counts
    started = time.perf_counter()
    records = run_games(rules, plan_games(counts, options.games, options.seed, bots), options.workers, check)
    elapsed = time.perf_counter() - started
    report = summarize(records, rules)
    text = json.dumps(report, indent=2, sort_keys=True)
    if options.output:
        options.output.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    problems = sum(len(data["problems"]) for data in report["by_players"].values())
    print(
        f"{options.part}: {len(records)} games in {elapsed:.0f} s wall, {problems} problems",
        file=sys.stderr,
    )
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
