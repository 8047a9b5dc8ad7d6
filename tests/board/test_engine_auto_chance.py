"""Auto-chance: a playout that takes every draw by the seed lets the rules take it themselves
(no chance node shown). The game, its history, serialization and replays must be exactly those of
the same game played with explicit chance steps."""

from __future__ import annotations

import random

import pytest

from toolkit.games.board.bots.base import RandomBot, play_out
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState, deserialize


def _explicit(state: BoardState, bot: RandomBot, step_cap: int = 50_000) -> BoardState:
    """``play_out`` as it was before auto-chance: every chance node sampled by the driver."""
    steps = 0
    while not state.is_terminal() and steps < step_cap:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(bot.act(state))
        steps += 1
    return state


@pytest.mark.parametrize(("chapter", "hunters", "seed"), [(1, 2, 3), (2, 1, 5), (3, 4, 7)])
def test_play_out_with_draws_inside_the_rules_plays_the_explicit_game(
    chapter: int, hunters: int, seed: int
) -> None:
    rules = builtin_rules("the-pale-bell", chapter)
    explicit = _explicit(BoardState(rules, hunters, seed), RandomBot(seed))
    auto = play_out(BoardState(rules, hunters, seed), RandomBot(seed))
    assert auto.is_terminal() and explicit.is_terminal()
    assert auto.history == explicit.history
    assert auto.game.world.log == explicit.game.world.log
    assert auto.snapshot() == explicit.snapshot()
    assert auto.game.stats == explicit.game.stats
    assert auto.serialize() == explicit.serialize()
    assert not auto.auto_chance  # the mode it had before the playout


def test_an_auto_chance_state_shows_no_chance_node_and_replays_from_its_history() -> None:
    rules = builtin_rules("the-pale-bell", 1)
    state = BoardState(rules, 2, 11, auto_chance=True)
    rng = random.Random(11)
    decisions = 0
    while not state.is_terminal() and decisions < 60:
        assert not state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    assert state.auto_chance
    assert len(state.history) > decisions  # the draws are in the history too
    replayed = deserialize(rules, state.serialize())
    assert replayed.snapshot() == state.snapshot()
    assert not replayed.auto_chance


def test_a_clone_of_an_auto_chance_state_shows_its_chance_nodes_again() -> None:
    rules = builtin_rules("the-pale-bell", 1)
    state = BoardState(rules, 2, 4, auto_chance=True)
    rng = random.Random(4)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = list(state.history)
    assert copy.snapshot() == state.snapshot() and copy.history == state.history
    assert copy.history is not state.history
    assert not copy.auto_chance and state.auto_chance
    seen_chance = False
    while not copy.is_terminal() and not seen_chance:
        seen_chance = copy.is_chance_node()
        copy.apply_action(copy.sample_chance() if seen_chance else rng.choice(copy.legal_actions()))
    assert seen_chance
    assert state.history == before  # playing the copy leaves the original alone


@pytest.mark.parametrize("cap", [1, 2, 37, 120])
def test_a_step_cap_stops_play_out_where_explicit_chance_steps_stop(cap: int) -> None:
    rules = builtin_rules("the-pale-bell", 1)
    explicit = _explicit(BoardState(rules, 2, 9), RandomBot(9), step_cap=cap)
    auto = play_out(BoardState(rules, 2, 9), RandomBot(9), step_cap=cap)
    assert auto.history == explicit.history
    assert len(auto.history) == cap
    assert auto.snapshot() == explicit.snapshot()
    assert auto.is_chance_node() == explicit.is_chance_node()


def test_switching_auto_chance_on_at_a_chance_node_plays_it() -> None:
    state = BoardState(builtin_rules("the-pale-bell", 1), 2, 2)
    rng = random.Random(2)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    reference = state.replay()
    state.set_auto_chance()
    assert not state.is_chance_node()
    while reference.is_chance_node():
        reference.apply_action(reference.sample_chance())
    assert state.history == reference.history
    assert state.snapshot() == reference.snapshot()
