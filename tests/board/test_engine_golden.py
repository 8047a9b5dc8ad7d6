"""Golden transcripts of seeded games, replayed line by line (set HUNTKIT_UPDATE_GOLDEN=1 to rewrite)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = [
    ("board-pale-bell-1-random-2h-seed3.txt", 1, 2, 3, "random"),
    ("board-pale-bell-2-heuristic-1h-seed5.txt", 2, 1, 5, "heuristic"),
]


def transcript(chapter: int, hunters: int, seed: int, bot: str) -> list[str]:
    """Every action taken, each followed by what the engine logged because of it."""
    state = BoardState(builtin_rules("the-pale-bell", chapter), hunters, seed)
    rng = random.Random(seed)
    heuristic = HeuristicBot(seed)
    lines = [f"# the-pale-bell chapter {chapter}, {hunters} hunters, seed {seed}, {bot} bot"]
    logged = 0
    while not state.is_terminal():
        lines += state.game.world.log[logged:]
        logged = len(state.game.world.log)
        if state.is_chance_node():
            action = state.sample_chance()
            lines.append(f"  chance: {action}")
        else:
            action = rng.choice(state.legal_actions()) if bot == "random" else heuristic.act(state)
            lines.append(f"> hunter {state.current_player()}: {action}")
        state.apply_action(action)
    lines += state.game.world.log[logged:]
    lines.append(f"# outcome: {state.game.world.outcome}; revealed {state.game.missions.revealed()}")
    return lines


@pytest.mark.parametrize(("name", "chapter", "hunters", "seed", "bot"), CASES)
def test_seeded_game_replays_its_golden_transcript(
    name: str, chapter: int, hunters: int, seed: int, bot: str
) -> None:
    actual = transcript(chapter, hunters, seed, bot)
    path = GOLDEN / name
    if os.environ.get("HUNTKIT_UPDATE_GOLDEN"):
        path.write_text("\n".join(actual) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{name}:{number} differs\n  expected: {want}\n  actual:   {got}"
    assert len(actual) == len(expected), f"{name}: {len(expected)} lines expected, {len(actual)} played"
