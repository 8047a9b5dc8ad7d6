"""Cards a hunter holds: stat cards (basic and upgrade), consumables and rewards."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import Illustrated, NamedDocument, Text
from toolkit.games.board.model.effects import Effects, Timing

Stat = Literal["endurance", "skill", "strength", "vitality"]
"""The four stats: endurance dodges, skill staggers, strength hits harder, vitality draws and
defends."""

Count = Annotated[int, Field(ge=1, le=60)]
"""How many copies of a card are in the box (per hunter deck for basic stat cards)."""


class StatCard(Illustrated, NamedDocument):
    """A stat card: spent to take actions, placed in attack slots to attack or dodge."""

    kind_name: ClassVar[str] = "stat-card"
    kind: Literal["stat-card"]
    """Always `stat-card`."""

    tier: Literal["basic", "upgrade"]
    """`basic` cards make up the starting hunter deck; `upgrade` cards are bought in the Dream."""

    stat: Stat
    """The stat the card belongs to."""

    effects: Effects
    """What the card adds when placed in an attack slot."""

    count: Count = 1
    """Copies: for a basic card, how many are in each starting hunter deck; for an upgrade, how
    many are in the upgrade deck."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""


class Consumable(Illustrated, NamedDocument):
    """A one-use item: used at its timing, then discarded."""

    kind_name: ClassVar[str] = "consumable"
    kind: Literal["consumable"]
    """Always `consumable`."""

    timing: Literal["hunter-turn", "on-attack"]
    """When it may be used: at any moment of the hunter's turn, or when picking an attack."""

    effects: Effects
    """What using it does."""

    count: Count = 1
    """Copies in the consumable deck."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""


class Reward(Illustrated, NamedDocument):
    """A reward card: a hunter tool or Caryll rune, exhausted when used, refreshed in the Dream."""

    kind_name: ClassVar[str] = "reward"
    kind: Literal["reward"]
    """Always `reward`."""

    type: Literal["hunter-tool", "caryll-rune"]
    """A hunter may hold at most two of each type."""

    timing: Timing
    """When it may be used."""

    effects: Effects
    """What using it does."""

    count: Count = 1
    """Copies in the reward deck."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""
