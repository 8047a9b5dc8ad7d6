"""Which damage modifiers of the cards in play apply to one damage event.

A damage event has a source and a target, each a hunter or a monster (bosses count as monsters).
A card's modifiers belong to its owner: the hunter holding a rune or upgrade, the monster itself, or
— for a main boss — every hunter. "Dealt" modifiers apply when the owner is the source, "taken"
and limits when the owner is the target. A modifier inside a trigger applies only while the
trigger's situation holds for the owner this round.

>>> from toolkit.games.card.model.cards import Rune
>>> beast = Rune.model_validate({"id": "beast-rune", "name": "Beast Rune", "effects": [
...     {"when_using_melee_weapon": [{"damage_dealt": {"change": 2, "against": "monsters"}}]}]})
>>> ann, wolf = Party.hunter("ann"), Party.monster("wolf", "beast")
>>> event = DamageEvent(source=ann, target=wolf, amount=3)
>>> damage_after_modifiers(event, [CardInPlay(beast, ann)], Round({"ann": "melee"})).final
5
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from toolkit.games.card.model.cards import CardDocument, WeaponClass
from toolkit.games.card.model.effects import (
    DamageDealt,
    DamageModifierVerb,
    DamageTaken,
    DoubleDamage,
    HalveDamage,
    LimitDamage,
    Trigger,
    flatten,
)
from toolkit.games.card.rules.damage import DamageResult, Modifier, resolve_damage

Side = Literal["hunter", "monster"]
"""Which side of the table a party is on."""


@dataclass(frozen=True, slots=True)
class Party:
    """A hunter or a monster taking part in a damage event."""

    side: Side
    """`hunter` or `monster` (bosses are monsters)."""

    id: str
    """The hunter's name or the monster card's id."""

    monster_type: str | None = None
    """A monster's type (`kin`, `humanoid`, `beast`); `None` for hunters."""

    other_types: tuple[str, ...] = ()
    """A monster's further types, for a monster of several (ruling `monster-with-several-types`)."""

    @property
    def types(self) -> tuple[str, ...]:
        """Every type of the party (none for a hunter)."""
        first = (self.monster_type,) if self.monster_type is not None else ()
        return first + self.other_types

    @classmethod
    def hunter(cls, name: str) -> Party:
        """A hunter."""
        return cls("hunter", name)

    @classmethod
    def monster(cls, card_id: str, monster_type: str | None = None, *more_types: str) -> Party:
        """A monster or boss, of one type or several."""
        return cls("monster", card_id, monster_type, tuple(more_types))


@dataclass(frozen=True, slots=True)
class DamageEvent:
    """One source dealing damage to one target."""

    source: Party
    """Who deals the damage."""

    target: Party
    """Who takes it."""

    amount: int
    """The damage before modifiers."""


@dataclass(frozen=True, slots=True)
class CardInPlay:
    """A card whose modifiers are in effect, and its owner."""

    card: CardDocument
    """The rune, upgrade, monster or boss."""

    owner: Party | None
    """The hunter or monster the effects belong to; ``None`` for a main boss (every hunter)."""


@dataclass(frozen=True, slots=True)
class Round:
    """What the hunters play this round, as far as triggers need to know."""

    weapons: Mapping[str, WeaponClass] = field(default_factory=dict)
    """The class of weapon each hunter plays this round; a hunter absent from it plays no weapon."""

    def holds(self, trigger: Trigger, owner: Party) -> bool:
        """Whether ``trigger``'s situation holds for ``owner`` through this round."""
        if not trigger.lasting or owner.side != "hunter":
            return False
        weapon = self.weapons.get(owner.id)
        if trigger.situation == "playing-weapon":
            return weapon is not None
        if trigger.situation == "using-melee-weapon":
            return weapon == "melee"
        if trigger.situation == "using-ranged-weapon":
            return weapon == "ranged"
        return False


def _against(verb: DamageModifierVerb, other: Party) -> bool:
    opponent = verb.opponent()
    if opponent == "monsters" and other.side != "monster":
        return False
    if opponent == "hunters" and other.side != "hunter":
        return False
    wanted_type = verb.options().monster_type
    if wanted_type is not None:
        return other.side == "monster" and wanted_type in other.types
    return True


def _owner_end(verb: DamageModifierVerb, event: DamageEvent) -> tuple[Party, Party]:
    """The owner's end of ``event`` for this verb, and the other end."""
    if verb.owner_role() == "source":
        return event.source, event.target
    return event.target, event.source


def _owns(card: CardInPlay, party: Party) -> bool:
    if card.owner is None:  # a main boss: its effects belong to every hunter
        return party.side == "hunter"
    return card.owner == party


def _to_modifier(verb: DamageModifierVerb, origin: str) -> Modifier:
    if isinstance(verb, DoubleDamage):
        return Modifier.double(origin)
    if isinstance(verb, HalveDamage):
        return Modifier.halve(origin)
    if isinstance(verb, DamageDealt):
        return Modifier.flat(verb.damage_dealt.change, origin)
    if isinstance(verb, DamageTaken):
        return Modifier.flat(verb.damage_taken.change, origin)
    if isinstance(verb, LimitDamage):
        return Modifier.limit(verb.limit_damage.max, origin)
    raise TypeError(f"not a damage modifier: {verb.verb}")


def modifiers_for(event: DamageEvent, cards: Iterable[CardInPlay], round_: Round) -> list[Modifier]:
    """The modifiers of ``cards`` that apply to ``event`` this round, in card order."""
    found: list[Modifier] = []
    for card in cards:
        for trigger, effect in flatten(card.card.effects):
            if not isinstance(effect, DamageModifierVerb):
                continue
            owner, other = _owner_end(effect, event)
            if not (_owns(card, owner) and _against(effect, other)):
                continue
            if trigger is not None and not round_.holds(trigger, owner):
                continue
            found.append(_to_modifier(effect, card.card.id))
    return found


def damage_after_modifiers(event: DamageEvent, cards: Iterable[CardInPlay], round_: Round) -> DamageResult:
    """Run ``event`` through the pipeline with every modifier of ``cards`` that applies."""
    return resolve_damage(event.amount, modifiers_for(event, cards, round_))
