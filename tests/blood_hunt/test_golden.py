"""Golden transcripts: seeded games replayed line by line against files in ``golden/``.

A transcript names every action (chance outcomes included) and the result. When the engine changes
on purpose, regenerate with ``HUNTKIT_REGENERATE_GOLDEN=1 pytest tests/blood_hunt/test_golden.py``
and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.games.blood_hunt.bots.base import RandomBot
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import new_initial_state

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 11), (3, 12), (4, 13)]


def transcript(rules: Rules, players: int, seed: int) -> list[str]:
    """Every action of a seeded game between random bots, then the result."""
    state = new_initial_state(rules, players, seed)
    bots = [RandomBot(seat, seed * 10 + seat) for seat in range(players)]
    lines = [f"blood-hunt {players} players seed {seed}"]
    while not state.is_terminal():
        if state.is_chance_node():
            who, action = "chance", state.sample_chance()
        else:
            seat = state.current_player()
            who, action = f"P{seat + 1}", bots[seat].step(state)
        lines.append(f"{len(lines):04d} {who}: {state.action_to_string(action)}")
        state.apply_action(action)
    scores = " ".join(str(state.score(p)) for p in range(players))
    winners = ",".join(f"P{p + 1}" for p in state.winners)
    lines.append(f"end {state.stats.end} winners {winners} scores {scores}")
    return lines


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_seeded_game_matches_its_golden_transcript(rules: Rules, players: int, seed: int) -> None:
    path = GOLDEN / f"{players}p-seed{seed}.txt"
    actual = transcript(rules, players, seed)
    if os.environ.get("HUNTKIT_REGENERATE_GOLDEN"):
        path.write_text("\n".join(actual) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs:\n  expected: {want}\n  actual:   {got}"
    assert len(actual) == len(expected), f"{path.name}: {len(expected)} lines expected, got {len(actual)}"
