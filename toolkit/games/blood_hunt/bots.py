"""Blood Hunt bots: random, a greedy heuristic player, and the registry the commands use.

A bot is made for one seat with its own seed and answers ``step(state)`` with a legal action. Bots
read only what their seat may see (their own holder, face-up and public cards, tokens); the search
bot lives in :mod:`.ismcts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from toolkit.games.blood_hunt.engine import BloodHuntState
from toolkit.games.blood_hunt.evaluation import advantage
from toolkit.games.blood_hunt.rng import SeededRandom


class Bot(Protocol):
    """Plays one seat."""

    name: str

    def step(self, state: BloodHuntState) -> int:
        """A legal action for the current decision (the bot's seat is to act)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = SeededRandom(seed)

    def step(self, state: BloodHuntState) -> int:
        return self.rng.choice(state.legal_actions())


class HeuristicBot:
    """Greedy: tries each legal action on a copy and keeps the one that leaves its seat's
    advantage (collected points, set progress, likely tokens) highest, judged only from what the
    seat can see. Ties go to the first action.

    The copy is a determinization (hidden cards re-dealt at random), because trying an action on
    the true state would peek: after a swap with an opponent (card 8) or a forced reveal (card 1)
    the copy would show the opponent's real card."""

    name = "heuristic"

    def __init__(self, seat: int, seed: int, *, resample: bool = True) -> None:
        self.seat = seat
        self.rng = SeededRandom(seed)
        self.resample = resample
        """Re-deal hidden cards before trying actions; off for the search bot's playouts, whose
        states are samples already."""

    def step(self, state: BloodHuntState) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        from toolkit.games.blood_hunt.determinize import determinize

        base = determinize(state, self.seat, self.rng) if self.resample else state
        best, best_score = actions[0], float("-inf")
        for action in actions:
            child = base.clone()
            child.apply_action(action)
            score = advantage(child, self.seat, self.seat)
            if score > best_score:
                best, best_score = action, score
        return best


BotFactory = Callable[[int, int], Bot]


def bot_factories() -> dict[str, BotFactory]:
    """Every bot by name (``search`` takes an optional sample count: ``search:12``)."""
    from toolkit.games.blood_hunt.search import SearchBot

    return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}


def make_bot(spec: str, seat: int, seed: int) -> Bot:
    """Build a bot from ``name`` or ``search:samples``; raises ``ValueError`` for unknown names."""
    name, _, argument = spec.partition(":")
    factories = bot_factories()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(sorted(factories))}")
    if argument:
        if name != "search" or not argument.isdigit() or int(argument) < 1:
            raise ValueError(f"bot {spec!r}: only search takes a sample count (search:12)")
        from toolkit.games.blood_hunt.search import SearchBot

        return SearchBot(seat, seed, samples=int(argument))
    return factories[name](seat, seed)
