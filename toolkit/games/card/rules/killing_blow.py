"""The killing blow: the hunter who removed the last Blood Echo from a monster card.

Damage to a monster removes Blood Echoes from its card, one per point; the hunter who deals the
damage takes those echoes, unbanked. Damage beyond the echoes left removes nothing more. The order
in which simultaneous hits land is a base-game rule our sources do not give, so callers pass the
hits in the order they resolve.

>>> result = resolve_hits(MonsterCard("wolf", 5), [Hit("ann", 3), Hit("bo", 4), Hit("cy", 2)])
>>> result.killing_blow, dict(result.echoes_taken), result.monster.echoes_left
('bo', {'ann': 3, 'bo': 2, 'cy': 0}, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster in play and the Blood Echoes still on its card."""

    id: str
    """The monster card's id."""

    echoes_left: int
    """Blood Echoes on the card; the monster dies when the last is removed."""

    killing_blow: str | None = None
    """The hunter who removed the last Blood Echo, once someone has."""

    @property
    def is_dead(self) -> bool:
        """Whether its last Blood Echo has been removed."""
        return self.echoes_left == 0


@dataclass(frozen=True, slots=True)
class Hit:
    """Damage one hunter deals to the monster (after the damage pipeline)."""

    hunter: str
    """Who deals it."""

    damage: int
    """How much."""


@dataclass(frozen=True, slots=True)
class HitsResult:
    """What a series of hits did."""

    monster: MonsterCard
    """The monster afterwards."""

    echoes_taken: Mapping[str, int]
    """Blood Echoes each hunter removed (and takes), by hunter, in hit order."""

    @property
    def killing_blow(self) -> str | None:
        """The hunter who dealt the killing blow, if the monster died."""
        return self.monster.killing_blow


def strike(monster: MonsterCard, hit: Hit) -> tuple[MonsterCard, int]:
    """Apply one hit; return the monster afterwards and the echoes the hunter removed."""
    if hit.damage < 0:
        raise ValueError(f"damage cannot be negative: {hit.damage}")
    removed = min(hit.damage, monster.echoes_left)
    after = replace(monster, echoes_left=monster.echoes_left - removed)
    if removed > 0 and after.is_dead:
        after = replace(after, killing_blow=hit.hunter)
    return after, removed


def resolve_hits(monster: MonsterCard, hits: Iterable[Hit]) -> HitsResult:
    """Apply ``hits`` in order; the killing blow goes to whoever removes the last Blood Echo."""
    taken: dict[str, int] = {}
    for hit in hits:
        monster, removed = strike(monster, hit)
        taken[hit.hunter] = taken.get(hit.hunter, 0) + removed
    return HitsResult(monster, taken)
