"""A fingerprint of everything the board engine shows, to prove a speed change changed nothing.

Usage::

    .venv/bin/python benchmarks/engine_fingerprint.py [--games 12] [--report-games 20] [--search]

Prints one sha256 per line and a total. Two versions of the engine that print the same lines play
the same games: for every chapter of *The Pale Bell* at 1-4 hunters, with the random and the
heuristic team, each game's every decision (player, topic, options, probabilities) and answer,
its final log, returns and serialization (``--games`` games each), and the ``huntkit simulate``
JSON report (``--report-games`` games each). ``--search`` adds 2 search-bot games of chapter 1 at
2 hunters (slow: about a second a game). Run it on both versions and compare the output (``diff``).
"""

from __future__ import annotations

import argparse
import hashlib
import json

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.bots.base import make_bot
from toolkit.games.board.engine.rules import load_rules
from toolkit.games.board.engine.state import BoardState, default_missions
from toolkit.games.board.simulate import SimulateOptions, render_json, simulate

PACK = builtin_content_root() / "campaigns" / "the-pale-bell"
CHAPTERS = (1, 2, 3)
HUNTERS = (1, 2, 3, 4)


def game_trace(rules: object, hunters: int, seed: int, bot_name: str) -> str:
    """Every decision and answer of one game, then its end, as text."""
    state = BoardState(rules, hunters, seed, default_missions)  # type: ignore[arg-type]
    bot = make_bot(bot_name, seed)
    lines: list[str] = []
    steps = 0
    while not state.is_terminal() and steps < 50_000:
        decision = state.decision()
        assert decision is not None
        lines.append(json.dumps([decision.player, decision.topic, decision.options, decision.probabilities]))
        if state.is_chance_node():
            answer = state.sample_chance()
        else:
            answer = bot.act(state)
        lines.append(answer)
        state.apply_action(answer)
        steps += 1
    lines.append(json.dumps(state.returns()))
    lines.append(state.serialize())
    lines.append(json.dumps(state.snapshot(), sort_keys=True, default=str))
    return "\n".join(lines)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--report-games", type=int, default=20)
    parser.add_argument("--search", action="store_true")
    args = parser.parse_args()
    result = validate_paths([PACK])
    total = hashlib.sha256()
    for chapter in CHAPTERS:
        rules = load_rules(result.index, "the-pale-bell", "the-pale-bell", chapter)
        for hunters in HUNTERS:
            for bot in ("random", "heuristic"):
                traces = "\n=====\n".join(game_trace(rules, hunters, seed, bot) for seed in range(args.games))
                options = SimulateOptions(
                    "the-pale-bell", [chapter], [hunters], args.report_games, 1, (bot,), 1
                )
                report = render_json(simulate(result.index, result.packs[0], options))
                name = f"chapter {chapter} hunters {hunters} {bot:9}"
                line = f"{name}: traces {digest(traces)} report {digest(report)}"
                total.update(line.encode())
                print(line, flush=True)
    if args.search:
        rules = load_rules(result.index, "the-pale-bell", "the-pale-bell", 1)
        traces = "\n=====\n".join(game_trace(rules, 2, seed, "search") for seed in range(2))
        line = f"chapter 1 hunters 2 search   : traces {digest(traces)}"
        total.update(line.encode())
        print(line, flush=True)
    print(f"total: {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
