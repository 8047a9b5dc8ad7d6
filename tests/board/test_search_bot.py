"""The search bot: keeps the heuristic's pick unless a candidate clearly beats it, refuses a move that
loses the chapter, and plays the same game for the same seed however the position was reached."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from toolkit.games.board.bots.base import play_out
from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.bots.search import SearchBot, SearchSettings
from toolkit.games.board.engine.core import Decision, Game
from toolkit.games.board.engine.enemies import max_hp
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState, deserialize

CHEAP = SearchSettings(rollouts=2, max_candidates=4)
"""Few rollouts: the tests pin behaviour, not strength."""


class DreamerBot(HeuristicBot):
    """A heuristic team that goes to the Dream whenever it may: a bad default to overrule."""

    def on_action(self, g: Game, index: int, options: list[str]) -> str:
        super().on_action(g, index, options)
        return self.cheapest(g, options, "dream") or "end turn"


def _heuristic_until(state: BoardState, seed: int, stop: Callable[[Decision], bool]) -> BoardState | None:
    """Play the heuristic team from ``state`` until ``stop`` holds at an action decision (that
    state), or to the end of the game (None)."""
    bot = HeuristicBot(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance()
            continue
        decision = state.decision()
        assert decision is not None
        if decision.topic == "action" and stop(decision):
            return state
        state.apply_action(bot.act(state))
    return None


def _at_action(chapter: int, hunters: int, seed: int, decisions: int) -> BoardState:
    """A game played by the heuristic team up to its ``decisions``-th action decision."""
    seen = itertools.count(1)
    state = BoardState(builtin_rules("the-pale-bell", chapter), hunters, seed)
    found = _heuristic_until(state, seed, lambda _: next(seen) == decisions)
    if found is None:
        raise AssertionError("the game ended first")
    return found


def _beside_the_cleric_beast() -> BoardState:
    """A hunter's action decision of chapter 1 with the Cleric Beast on the hunter's space."""
    for seed in range(20):
        state = BoardState(builtin_rules("the-pale-bell", 1), 2, seed)
        found = _heuristic_until(state, seed, lambda d: any("cleric-beast#" in o for o in d.options))
        if found is not None:
            return found
    raise AssertionError("no seed brings a hunter to the Cleric Beast")


def test_the_heuristic_pick_stands_unless_a_candidate_beats_it_by_the_margin_in_most_rollouts() -> None:
    bot = SearchBot(1, SearchSettings(rollouts=4, margin=10.0))
    default = "move [basic-skill]"
    # 25 points better on average, but only in 2 rollouts of 4: luck, not a better move.
    lucky = {default: [0.0, 0.0, 0.0, 0.0], "end turn": [60.0, 60.0, -10.0, -10.0]}
    assert bot.choose(lucky, default) == default
    # Better in every rollout but by less than the margin.
    close = {default: [0.0, 0.0, 0.0, 0.0], "end turn": [5.0, 5.0, 5.0, 5.0]}
    assert bot.choose(close, default) == default
    # Better by more than the margin in 3 rollouts of 4: played, and the best such candidate wins.
    clear = {
        default: [0.0, 0.0, 0.0, 0.0],
        "end turn": [20.0, 20.0, 20.0, -1.0],
        "dream [basic-skill]": [40.0, 40.0, 40.0, 0.0],
    }
    assert bot.choose(clear, default) == "dream [basic-skill]"


def test_search_refuses_a_dream_trip_that_loses_the_chapter_in_the_final_round() -> None:
    state = _beside_the_cleric_beast()
    g = state.game
    boss = next(e for e in g.world.enemies if e.type == "cleric-beast")
    # The beast on its last phase with 1 HP left, the Hunt Track on its last space: a Dream trip
    # now loses the chapter, while a blow (or letting the round play out) slays the beast.
    boss.phase = len(g.rules.bosses["cleric-beast"].phases)
    boss.damage = max_hp(g, boss) - 1
    g.world.track = g.rules.track.length
    g.world.final_round = True
    bot = SearchBot(7, SearchSettings(rollouts=4, rounds=1))
    bot.heuristic = DreamerBot(7)
    assert bot.heuristic.act(state).startswith("dream ")

    pick = bot.act(state)

    assert not pick.startswith("dream "), pick
    assert bot.overruled == 1
    state.apply_action(pick)
    play_out(state, HeuristicBot(7))
    assert state.game.world.outcome == "won"


def test_search_leaves_the_searched_state_as_it_was() -> None:
    state = _at_action(chapter=1, hunters=2, seed=3, decisions=15)
    before = (state.snapshot(), list(state.history))

    SearchBot(5, CHEAP).act(state)

    assert (state.snapshot(), state.history) == before


@pytest.mark.parametrize(("chapter", "seed"), [(1, 3), (3, 8)])
def test_the_same_seed_picks_the_same_action_on_a_clone_and_on_a_deserialized_copy(
    chapter: int, seed: int
) -> None:
    state = _at_action(chapter=chapter, hunters=2, seed=seed, decisions=20)
    picks = {
        SearchBot(11, CHEAP).act(copy)
        for copy in (state, state.clone(), state.replay(), deserialize(state.rules, state.serialize()))
    }
    assert len(picks) == 1


def test_the_same_seed_plays_the_same_game() -> None:
    rules = builtin_rules("the-pale-bell", 2)
    first = play_out(BoardState(rules, 1, 4), SearchBot(4, CHEAP))
    second = play_out(BoardState(rules, 1, 4), SearchBot(4, CHEAP))
    assert first.history == second.history
    assert first.game.world.outcome == second.game.world.outcome
