"""Cloning at a hunter's action decision copies the table instead of replaying the game: the copy
must be indistinguishable from a replayed clone, now and for the rest of the chapter."""

from __future__ import annotations

import random

import pytest

from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState


def _step(state: BoardState, rng: random.Random) -> str:
    action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def _advance_to_action(state: BoardState, rng: random.Random, decisions: int) -> None:
    """Play on until the ``decisions``-th hunter action decision from here (or the end)."""
    seen = 0
    while not state.is_terminal():
        decision = state.decision()
        if decision is not None and decision.topic == "action":
            seen += 1
            if seen >= decisions:
                return
        _step(state, rng)


@pytest.mark.parametrize(("chapter", "hunters", "seed"), [(1, 2, 4), (2, 3, 8), (3, 1, 2), (3, 4, 6)])
def test_a_copied_clone_plays_on_exactly_like_a_replayed_one(
    chapter: int, hunters: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = BoardState(builtin_rules("the-pale-bell", chapter), hunters, seed)
    rng = random.Random(seed)
    _advance_to_action(state, rng, 12)
    assert not state.is_terminal()
    replayed = state.replay()
    with monkeypatch.context() as patch:
        patch.setattr(BoardState, "replay", lambda self: pytest.fail("the clone replayed the game"))
        copied = state.clone()
    assert copied.snapshot() == replayed.snapshot() == state.snapshot()
    assert copied.history == state.history
    # What the rules bundle built once is shared, the table is not.
    assert copied.game.rules is state.game.rules and copied.game.tables is state.game.tables
    assert copied.game.world is not state.game.world and copied.game.map.world is copied.game.world
    # The same choices from here to the end give the same states all the way.
    first, second = random.Random(seed), random.Random(seed)
    while not replayed.is_terminal():
        assert copied.snapshot() == replayed.snapshot()
        assert copied.current_player() == replayed.current_player()
        action = _step(replayed, second)
        assert _step(copied, first) == action
    assert copied.is_terminal()
    assert copied.game.world.log == replayed.game.world.log
    assert copied.game.stats == replayed.game.stats
    assert copied.returns() == replayed.returns()
    assert copied.serialize() == replayed.serialize()


def test_a_copied_clone_is_independent_of_its_original() -> None:
    state = BoardState(builtin_rules("the-pale-bell", 1), 2, 3)
    rng = random.Random(3)
    _advance_to_action(state, rng, 6)
    before = state.snapshot()
    copy = state.clone()
    other = random.Random(99)
    for _ in range(40):
        if copy.is_terminal():
            break
        _step(copy, other)
    assert state.snapshot() == before
    assert copy.snapshot() != before
