"""The bots: legal moves only, and the heuristic team makes mission progress the random one rarely does."""

from __future__ import annotations

import pytest

from toolkit.games.board.bots import make_bot
from toolkit.games.board.bots.base import play_out
from toolkit.games.board.bots.heuristic import threat
from toolkit.games.board.bots.search import SearchBot, SearchSettings
from toolkit.games.board.engine import activation, turn
from toolkit.games.board.engine.core import Game, Gen
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState


class Checked:
    """Wraps a bot and checks every action it picks is legal."""

    def __init__(self, name: str, seed: int) -> None:
        self.inner = make_bot(name, seed)
        self.name = name
        self.actions = 0

    def act(self, state: BoardState) -> str:
        action = self.inner.act(state)
        assert action in state.legal_actions()
        self.actions += 1
        return action


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_play_legal_actions_to_the_end(bot: str) -> None:
    state = play_out(BoardState(builtin_rules(), 2, 1), Checked(bot, 1))
    assert state.is_terminal()


def test_the_heuristic_team_completes_missions() -> None:
    completed = 0
    for seed in range(4):
        state = play_out(BoardState(builtin_rules(), 2, seed), make_bot("heuristic", seed))
        machine = getattr(state.game.missions, "machine")  # noqa: B009 - the interpreter port
        completed += len(machine.chapter.completed)
    assert completed >= 4


def test_unknown_bot_names_are_refused_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="heuristic"):
        make_bot("clever", 0)


def test_search_bot_answers_an_action_with_a_legal_option() -> None:
    state = BoardState(builtin_rules(), 1, 3)
    bot = SearchBot(3, SearchSettings(rollouts=1, rounds=1, max_candidates=3))
    while not state.is_terminal():
        decision = state.decision()
        assert decision is not None
        if decision.topic == "action" and len(decision.options) > 2:
            assert bot.act(state) in state.legal_actions()
            return
        state.apply_action(state.sample_chance() if state.is_chance_node() else bot.heuristic.act(state))
    pytest.fail("no action decision was reached")


def test_the_heuristic_team_meets_enemy_activations_with_a_card_in_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Hands refill only at the start of a round: a hunter who spends all three cards and ends in
    # reach takes every blow with no counter and no dodge (the old team did so every time).
    seen = {"reached": 0, "with_card": 0}
    activate = activation.activate

    def watched(g: Game, index: int) -> Gen[None]:
        hunter = g.hunter(index)
        if hunter.place is not None and threat(g, index, hunter.place):
            seen["reached"] += 1
            seen["with_card"] += bool(hunter.hand)
        yield from activate(g, index)

    monkeypatch.setattr(turn, "activate", watched)
    for seed in range(3):
        play_out(BoardState(builtin_rules(), 2, seed), make_bot("heuristic", seed))
    assert seen["reached"] > 0
    assert seen["with_card"] * 3 >= seen["reached"], seen
