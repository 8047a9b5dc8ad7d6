"""The bot contract of Blood Hunt, and the random bot.

A bot is made for one seat with its own seed and answers ``step(state)`` with a legal action. Bots
read only what their seat may see (their own holder, face-up and public cards, tokens).
"""

from __future__ import annotations

from typing import Protocol

from toolkit.games.blood_hunt.engine.rng import SeededRandom
from toolkit.games.blood_hunt.engine.state import BloodHuntState


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
