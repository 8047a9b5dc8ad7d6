"""Attacks and abilities: the building blocks shared by weapons, enemies, NPC enemies and bosses."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Text
from toolkit.games.board.model.effects import Effects

Speed = Literal["fast", "medium", "slow"]
"""How quickly an attack strikes: fast before medium before slow; equal speeds strike together."""

SPEED_RANK: dict[str, int] = {"fast": 3, "medium": 2, "slow": 1}
"""Speeds as numbers (higher strikes first), so speed modifiers can be applied by arithmetic."""

Damage = Annotated[int, Field(ge=0, le=20)]
"""Damage printed on an attack."""


class Attack(ContentModel):
    """An attack: a name, a speed, the damage it deals and the effects linked to it."""

    name: Text
    """The attack's name as printed (or our own for house content)."""

    speed: Speed
    """How quickly it strikes."""

    damage: Damage
    """How much damage it deals when it lands."""

    effects: Effects
    """Effects linked to the attack; they land with its damage unless a timing says otherwise."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""


class Ability(ContentModel):
    """An ability: not an attack, only effects. It resolves at once unless it names a speed."""

    name: Text
    """The ability's name (ours for house content)."""

    speed: Speed | None = None
    """If set, the ability resolves at this speed instead of at once."""

    effects: Effects
    """What the ability does."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""
