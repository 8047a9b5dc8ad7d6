"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from toolkit.games.board.engine.state import BoardState


class Bot(Protocol):
    """Plays every hunter of a cooperative team: given a state at a decision, picks an action."""

    name: str

    def act(self, state: BoardState) -> str:
        """An action among ``state.legal_actions()``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, state: BoardState) -> str:
        return self.rng.choice(state.legal_actions())


def _heuristic(seed: int) -> Bot:
    from toolkit.games.board.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _search(seed: int) -> Bot:
    from toolkit.games.board.bots.search import SearchBot

    return SearchBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": _heuristic, "search": _search}
"""Bot factories by name, each taking a seed."""


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name; raises ``KeyError`` with the known names."""
    if name not in BOTS:
        raise KeyError(f"unknown bot `{name}` (known: {', '.join(sorted(BOTS))})")
    return BOTS[name](seed)


def play_out(state: BoardState, bot: Bot, step_cap: int = 50_000) -> BoardState:
    """Play a state to its end with one bot for the whole team; chance by the state's seed.

    ``step_cap`` counts moves (answers and chance outcomes). The draws are taken inside the rules
    (the state's auto-chance mode, stopping at the cap), so the bot only sees its own decisions; the
    state's mode is restored afterwards."""
    was_auto = state.auto_chance
    start = len(state.history)
    cap = start + step_cap
    state.set_auto_chance(True, until=cap)
    try:
        while not state.is_terminal() and len(state.history) < cap:
            if state.is_chance_node():
                state.apply_chance()
            else:
                state.apply_action(bot.act(state))
    finally:
        state.set_auto_chance(was_auto)
    return state
