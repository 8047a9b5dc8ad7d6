"""What happened at the table during a move, for the people playing: the engine records these
only when asked (``state.events = []``), so simulation and the bots' copies pay nothing.

A district's resolution is the part of the game a player cannot see in the actions: the cards are
revealed and ranked, tokens are taken (some without a choice, when one kind is left) and the
district closes. Each step is one event, in the order it happened.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DistrictRevealed:
    """A district got its closing card: every holder's card for it is revealed and ranked."""

    district: int
    trump: int
    ranking: tuple[tuple[int, int], ...]
    """(player, card), strongest first."""
    tokens: tuple[int, ...]
    """The tokens lying in the district, to be taken in ranking order."""


@dataclass(frozen=True, slots=True)
class TokenTaken:
    """A player took a token of the district being resolved."""

    district: int
    player: int
    token: int
    chosen: bool
    """False when only one kind of token was left, so the take was automatic."""


@dataclass(frozen=True, slots=True)
class DistrictClosed:
    """The district closed; its cards lie on it face up until the round ends."""

    district: int
    cards: tuple[int, ...]
    returned: tuple[int, ...]
    """Tokens nobody could take (no card in any holder), back to the bag."""


Event = DistrictRevealed | TokenTaken | DistrictClosed
