"""Random playouts over every chapter of every built-in campaign, 1-4 hunters (OpenSpiel-style)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.engine import CHANCE, TERMINAL, BoardState, deserialize, load_rules
from toolkit.games.board.engine.invariants import violations
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.state import game_info
from toolkit.games.board.mission.documents import Chapter

ROOT = Path(__file__).resolve().parents[2]
STEP_CAP = 20_000


def _chapters() -> list[tuple[str, str, int]]:
    result = validate_paths([ROOT / "content" / "campaigns"])
    found = []
    for pack in result.packs:
        for doc in result.index.documents_of("chapter", [pack.id]):
            if isinstance(doc.model, Chapter):
                found.append((pack.id, doc.model.campaign, doc.model.number))
    return sorted(found)


CHAPTERS = _chapters()
_RULES: dict[tuple[str, str, int], Rules] = {}


def rules_for(pack: str, campaign: str, chapter: int) -> Rules:
    key = (pack, campaign, chapter)
    if key not in _RULES:
        result = validate_paths([ROOT / "content" / "campaigns" / pack])
        _RULES[key] = load_rules(result.index, pack, campaign, chapter)
    return _RULES[key]


def play_randomly(state: BoardState, rng: random.Random, check_every: int = 1) -> int:
    steps = 0
    while not state.is_terminal():
        assert steps < STEP_CAP, "the game did not end within the step cap"
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            action = state.sample_chance()
        else:
            assert 0 <= state.current_player() < state.hunters
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
        if steps % check_every == 0:
            assert violations(state) == [], (steps, state.history[-5:])
    return steps


def test_built_in_campaigns_have_chapters() -> None:
    assert CHAPTERS, "no built-in campaign chapter found"


@pytest.mark.parametrize("hunters", [1, 2, 3, 4])
@pytest.mark.parametrize(("pack", "campaign", "chapter"), CHAPTERS)
def test_random_playout_ends_and_keeps_every_invariant(
    pack: str, campaign: str, chapter: int, hunters: int
) -> None:
    rules = rules_for(pack, campaign, chapter)
    for seed in range(2):
        state = BoardState(rules, hunters, seed)
        play_randomly(state, random.Random(seed))
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        assert state.returns() in ([0.0] * hunters, [1.0] * hunters)
        assert state.game.world.outcome in ("won", "lost")
        assert state.game.world.round <= game_info(rules)["max_rounds"]


def test_clone_and_serialize_reproduce_the_state_midgame() -> None:
    pack, campaign, chapter = CHAPTERS[0]
    rules = rules_for(pack, campaign, chapter)
    state = BoardState(rules, 2, 7)
    rng = random.Random(7)
    for _ in range(150):
        if state.is_terminal():
            break
        state.apply_action(
            state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    copy = state.clone()
    assert copy.snapshot() == state.snapshot()
    restored = deserialize(rules, state.serialize())
    assert restored.snapshot() == state.snapshot()
    assert restored.serialize() == state.serialize()
    # The copy is independent: playing on it leaves the original untouched.
    before = state.snapshot()
    if not copy.is_terminal():
        copy.apply_action(copy.sample_chance() if copy.is_chance_node() else copy.legal_actions()[0])
    assert state.snapshot() == before


def test_same_seed_and_actions_replay_the_same_game() -> None:
    pack, campaign, chapter = CHAPTERS[0]
    rules = rules_for(pack, campaign, chapter)
    first = BoardState(rules, 3, 11)
    play_randomly(first, random.Random(3), check_every=50)
    second = BoardState(rules, 3, 11)
    play_randomly(second, random.Random(3), check_every=50)
    assert first.game.world.log == second.game.world.log


def test_new_initial_state_starts_a_chapter_from_a_content_index() -> None:
    from toolkit.games.board.engine import new_initial_state

    result = validate_paths([ROOT / "content" / "campaigns" / "the-pale-bell"])
    state = new_initial_state(result.index, "the-pale-bell", 2, 3, 42)
    assert state.rules.chapter.number == 2 and state.hunters == 3
    assert state.current_player() in (0, 1, 2)
    assert state.legal_actions() == ["form a", "form b"]


def test_the_invariant_checker_names_what_is_broken() -> None:
    pack, campaign, chapter = CHAPTERS[0]
    state = BoardState(rules_for(pack, campaign, chapter), 2, 5)
    rng = random.Random(5)
    while state.game.world.round == 0:
        state.apply_action(
            state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    hunter = state.game.world.hunters[0]
    hunter.echoes, hunter.hp = 4, 9
    hunter.deck.append("basic-skill")
    found = violations(state)
    assert any("blood echoes" in line for line in found)
    assert any("HP" in line for line in found)
    assert any("13 stat cards" in line for line in found)
