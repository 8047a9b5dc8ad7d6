"""Banking Blood Echoes: moving accumulated (unbanked) echoes to safety.

The Hunter Rune banks half of the unbanked echoes, rounding down, whenever its owner plays a weapon.

>>> bank(Echoes(unbanked=7, banked=2), portion="half", rounding="down")
Echoes(unbanked=4, banked=5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Echoes:
    """A hunter's Blood Echoes."""

    unbanked: int
    """Accumulated and not yet banked; lost if the hunter dies."""

    banked: int = 0
    """Banked; safe."""


def bank(
    echoes: Echoes, portion: Literal["all", "half"] = "all", rounding: Literal["down", "up"] = "down"
) -> Echoes:
    """Bank all or half of the unbanked echoes; half of an odd number rounds as ``rounding`` says."""
    half = (echoes.unbanked + (1 if rounding == "up" else 0)) // 2
    amount = echoes.unbanked if portion == "all" else half
    return Echoes(unbanked=echoes.unbanked - amount, banked=echoes.banked + amount)
