"""Random playouts over every supported player count, with the invariant checker at every step,
clone equality, serialize round-trips, and the declared facts of the game (as OpenSpiel tests do)."""

from __future__ import annotations

import pytest

from toolkit.games.blood_hunt.engine.invariants import violations
from toolkit.games.blood_hunt.engine.rng import SeededRandom
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import (
    MAX_RETURN,
    MIN_RETURN,
    TERMINAL,
    BloodHuntState,
    max_turns,
    new_initial_state,
)

STEP_CAP = 3000
GAMES_PER_COUNT = 12


def _check_round_trips(state: BloodHuntState) -> None:
    copy = state.clone()
    assert copy == state
    restored = BloodHuntState.deserialize(state.rules, state.serialize())
    assert restored == state
    assert restored.serialize() == state.serialize()
    assert restored.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_card_token_and_slot_accounted_for(rules: Rules, players: int) -> None:
    for game in range(GAMES_PER_COUNT):
        state = new_initial_state(rules, players, seed=1000 * players + game)
        chooser = SeededRandom(game)
        for step in range(STEP_CAP):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                state.apply_action(state.sample_chance())
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            problems = violations(state)
            assert not problems, f"game {game} step {step}: {problems}"
            if step % 37 == 0:
                _check_round_trips(state)
        assert state.is_terminal(), f"game {game} did not end in {STEP_CAP} steps"
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert all(MIN_RETURN <= r <= MAX_RETURN for r in returns)
        assert abs(sum(returns) - 1.0) < 1e-9
        assert state.stats.turns <= max_turns(rules)
        assert state.stats.end == "score" or state.stats.end.startswith("set:")
        _check_round_trips(state)


def test_a_game_replays_exactly_from_its_seed_and_actions(rules: Rules) -> None:
    state = new_initial_state(rules, 3, seed=42)
    chooser = SeededRandom(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    replay = new_initial_state(rules, 3, seed=42)
    for action in state.history:
        if replay.is_chance_node():  # the seeded state draws the same outcome again
            assert replay.sample_chance() == action
        replay.apply_action(action)
    assert replay == state


def test_an_illegal_action_is_refused_and_the_state_is_unchanged(rules: Rules) -> None:
    state = new_initial_state(rules, 2, seed=5)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    before = state.serialize()
    with pytest.raises(ValueError, match="illegal action"):
        state.apply_action(max(state.legal_actions()) + 1)
    assert state.serialize() == before


def test_unsupported_player_counts_are_refused(rules: Rules) -> None:
    with pytest.raises(ValueError, match="supports 2, 3, 4 players"):
        new_initial_state(rules, 5, seed=0)


def test_observations_hide_other_players_hidden_cards_and_the_deck(rules: Rules) -> None:
    state = new_initial_state(rules, 3, seed=9)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    seat = state.current_player()
    other = (seat + 1) % 3
    mine = state.observation(seat)
    theirs = state.observation(other)
    assert all(view not in (None, "hidden") for view in mine["holders"][seat])
    assert all(view == "hidden" for view in mine["holders"][other])
    assert mine["drawn"] == state.card_label(state.drawn) and theirs["drawn"] is None
    # Every district line shows each holder's slot: the other seat sees this seat's as hidden.
    district_lines = state.observation_string(other).splitlines()[1:6]
    assert all(f"P{seat + 1}: ??" in line for line in district_lines)
    assert all(
        f"P{other + 1} (you): {state.card_label(state.holders[other][d])}" in line
        for d, line in enumerate(district_lines)
    )
    assert mine["deck_size"] == len(state.deck_pool)
    assert "deck_pool" not in mine
