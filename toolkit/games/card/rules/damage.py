"""The damage pipeline: how modifiers from cards in play change one damage event.

The booklet orders the modifiers in three stages (ruling `damage-order`):

1. doubling and halving,
2. simple increases and prevention,
3. limits on the damage received.

Within a stage the modifiers commute, by construction (ruling `halving-rounds-down`):

- the multiply stage multiplies all factors together first and rounds down once, so a doubling and
  a halving cancel whatever order they come in;
- the flat stage adds all changes together first and only then stops at 0, so prevention played
  "before" an increase cannot waste itself on a value already at 0;
- the limit stage applies the smallest cap.

>>> resolve_damage(3, [Modifier.halve("a"), Modifier.flat(2, "b"), Modifier.limit(3, "c")]).final
3
>>> resolve_damage(5, [Modifier.double("a"), Modifier.halve("b")]).final
5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from toolkit.games.card.model.effects import Stage

STAGE_ORDER: tuple[Stage, ...] = ("multiply", "flat", "limit")
"""The stages in the order the booklet applies them."""


def stage_rank(stage: Stage) -> int:
    """The position of ``stage`` in the pipeline, from 0."""
    return STAGE_ORDER.index(stage)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One damage modifier, ready to apply. Build it with the class methods."""

    stage: Stage
    """The pipeline stage it belongs to."""

    origin: str
    """The card it comes from (for explanations)."""

    factor: Fraction = Fraction(1)
    """In the multiply stage: the factor (2 or 1/2)."""

    change: int = 0
    """In the flat stage: damage added (positive) or prevented (negative)."""

    cap: int | None = None
    """In the limit stage: the most damage let through."""

    @classmethod
    def double(cls, origin: str) -> Modifier:
        """Doubling from ``origin``."""
        return cls("multiply", origin, factor=Fraction(2))

    @classmethod
    def halve(cls, origin: str) -> Modifier:
        """Halving from ``origin``."""
        return cls("multiply", origin, factor=Fraction(1, 2))

    @classmethod
    def flat(cls, change: int, origin: str) -> Modifier:
        """A flat increase (positive) or prevention (negative) from ``origin``."""
        return cls("flat", origin, change=change)

    @classmethod
    def limit(cls, cap: int, origin: str) -> Modifier:
        """A cap on the damage received, from ``origin``."""
        if cap < 0:
            raise ValueError(f"a damage limit cannot be negative: {cap}")
        return cls("limit", origin, cap=cap)


@dataclass(frozen=True, slots=True)
class StageStep:
    """What one stage did."""

    stage: Stage
    """The stage."""

    before: int
    """The damage entering the stage."""

    after: int
    """The damage leaving it."""

    modifiers: tuple[Modifier, ...]
    """The modifiers applied in it."""


@dataclass(frozen=True, slots=True)
class DamageResult:
    """The outcome of the pipeline: the final damage and how each stage got there."""

    base: int
    """The damage before any modifier."""

    final: int
    """The damage dealt after every modifier; never negative."""

    steps: tuple[StageStep, ...]
    """The three stages in order."""


def _multiply(value: int, modifiers: tuple[Modifier, ...]) -> int:
    # One product, one rounding: the order of doublings and halvings cannot matter.
    product = math.prod((m.factor for m in modifiers), start=Fraction(1))
    return math.floor(value * product)


def _flat(value: int, modifiers: tuple[Modifier, ...]) -> int:
    # Sum first, then stop at 0: clamping after each change would make the order matter.
    return max(0, value + sum(m.change for m in modifiers))


def _limit(value: int, modifiers: tuple[Modifier, ...]) -> int:
    caps = [m.cap for m in modifiers if m.cap is not None]
    return min([value, *caps])


_STAGES: tuple[tuple[Stage, Callable[[int, tuple[Modifier, ...]], int]], ...] = (
    ("multiply", _multiply),
    ("flat", _flat),
    ("limit", _limit),
)


def resolve_damage(base: int, modifiers: Iterable[Modifier]) -> DamageResult:
    """Apply ``modifiers`` to ``base`` damage in the booklet's order; see the module docstring."""
    if base < 0:
        raise ValueError(f"damage cannot be negative: {base}")
    pending = tuple(modifiers)
    value = base
    steps: list[StageStep] = []
    for stage, apply in _STAGES:
        in_stage = tuple(m for m in pending if m.stage == stage)
        after = apply(value, in_stage)
        steps.append(StageStep(stage, value, after, in_stage))
        value = after
    return DamageResult(base, value, tuple(steps))
