"""A Monte Carlo search bot: at each action of a hunter's turn it tries every option with a few
short rollouts played by the heuristic team, and keeps the option whose rollouts end best.

Everything else (steps, combat answers, the Dream) is left to the heuristic bot, where search does
not pay for its cost.
"""

from __future__ import annotations

import random

from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.engine.state import BoardState

SEARCHED_TOPICS = frozenset({"action"})
"""Decisions worth searching."""


def evaluate(state: BoardState) -> float:
    """How well the hunters stand: a win dwarfs everything, then mission progress, then health."""
    g = state.game
    world = g.world
    if world.outcome == "won":
        return 1000.0
    if world.outcome == "lost":
        return -1000.0
    machine = getattr(g.missions, "machine", None)
    completed = len(machine.chapter.completed) if machine is not None else 0
    insight = len(machine.state.campaign.insight) if machine is not None else 0
    hp = sum(h.hp for h in world.hunters if h.place is not None)
    echoes = sum(h.echoes for h in world.hunters)
    return (
        60.0 * completed
        + 40.0 * insight
        + 15.0 * len(g.missions.revealed())
        + hp
        + 3.0 * echoes
        - 12.0 * world.track
    )


class SearchBot:
    """Flat Monte Carlo over the hunter's actions with heuristic rollouts."""

    name = "search"

    def __init__(self, seed: int, rollouts: int = 1, horizon: int = 60) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicBot(seed)
        self.rollouts = rollouts
        self.horizon = horizon

    def act(self, state: BoardState) -> str:
        decision = state.decision()
        assert decision is not None
        if decision.topic not in SEARCHED_TOPICS or len(decision.options) == 1:
            return self.heuristic.act(state)
        best, best_value = decision.options[0], float("-inf")
        for option in self.candidates(state, decision.options):
            value = sum(self.rollout(state, option) for _ in range(self.rollouts)) / self.rollouts
            if value > best_value:
                best, best_value = option, value
        return best

    def candidates(self, state: BoardState, options: list[str]) -> list[str]:
        """The heuristic's own pick and one option per kind of action (the cheapest card), since
        every candidate costs a replay of the game so far."""
        picked = [self.heuristic.act(state)]
        seen = {picked[0].split(" ", 1)[0]}
        for option in options:
            word = option.split(" ", 1)[0]
            if word not in seen:
                seen.add(word)
                picked.append(option)
        return picked

    def rollout(self, state: BoardState, option: str) -> float:
        copy = state.clone()
        copy.apply_action(option)
        policy = HeuristicBot(self.rng.randrange(1 << 30))
        for _ in range(self.horizon):
            if copy.is_terminal():
                break
            if copy.is_chance_node():
                outcomes = copy.chance_outcomes()
                pick = self.rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                copy.apply_action(pick)
            else:
                copy.apply_action(policy.act(copy))
        return evaluate(copy)
