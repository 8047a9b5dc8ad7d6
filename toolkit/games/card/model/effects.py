"""The effect vocabulary of the card game's runes, upgrades, monsters and bosses.

An effect is a YAML mapping with exactly one key, the verb, whose value holds the verb's options::

    effects:
      - when_using_melee_weapon:          # a trigger: effects that wait for a situation
          - damage_dealt: {change: 2, against: monsters}
          - damage_taken: {change: 1, from: monsters}
      - when_playing_weapon:
          - bank_echoes: {portion: half, rounding: down}

Each verb is its own model; :data:`EFFECT_VERBS` maps every verb name to its model so the reference
site renders one entry per verb from the docstrings. The union dispatches on the single key with a
callable discriminator: an unknown verb fails with pydantic's ``union_tag_invalid`` listing every
verb huntkit knows, which the pipeline reports as BB0207 with a did-you-mean.

Whose effect is it? A rune's or an upgrade's effects belong to the hunter who has the card; a
monster's or a boss's to that monster; a main boss's to every hunter (see
:attr:`toolkit.games.card.model.cards.MainBossScope`). "Dealt" and "taken" below are seen from that
owner.

The damage modifiers (`double_damage`, `halve_damage`, `damage_dealt`, `damage_taken`,
`limit_damage`) feed the damage pipeline (:mod:`toolkit.games.card.rules.damage`), which applies
them in the booklet's order: doubling and halving, then flat increases and prevention, then limits.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Discriminator, Field, Tag

from toolkit.core.model import ContentModel, Id, QualifiedId, RefTo, single_key_verb

CARD_KINDS_REFERABLE = ("card-upgrade", "rune", "monster", "nightmare-boss")
"""The kinds an ordering declaration or a ruling may name."""

CardRef = Annotated[QualifiedId, RefTo(*CARD_KINDS_REFERABLE)]
"""A reference to a card: an upgrade, rune, monster or boss."""

UpgradeRef = Annotated[QualifiedId, RefTo("card-upgrade")]
"""A reference to an upgrade card."""

Opponent = Literal["monsters", "hunters", "any"]
"""The other side of a damage event: damage dealt *to* or taken *from* monsters, hunters or
anyone. Bosses and main bosses count as monsters."""

Role = Literal["source", "target"]
"""Which end of a damage event a modifier's owner is on: dealing it or taking it."""

Stage = Literal["multiply", "flat", "limit"]
"""A stage of the damage pipeline, in the booklet's order: `multiply` (doubling and halving),
`flat` (simple increases and prevention), `limit` (caps on damage received)."""


class EffectVerb(ContentModel):
    """Base of every effect verb model. ``verb`` is the single YAML key that selects it."""

    verb: ClassVar[str] = ""
    """The YAML key of this verb."""


class DamageOrdering(ContentModel):
    """Options every damage modifier shares: a monster-type filter and an optional ordering
    against other cards.

    The booklet fixes the order of the stages, and modifiers within a stage commute, so these
    declarations only document intent; a declaration that contradicts the stage order, or two
    declarations that contradict each other, are reported (BB0803).
    """

    resolve_after: list[CardRef] = Field(default_factory=list)
    """Cards whose damage modifiers must be applied before this one."""

    resolve_before: list[CardRef] = Field(default_factory=list)
    """Cards whose damage modifiers must be applied after this one."""

    monster_type: Id | None = None
    """Only when the monster on the other side is of this type (`kin`, `humanoid`, `beast`)."""


class DirectedMultiplier(DamageOrdering):
    """Which damage a doubling or halving applies to."""

    on: Literal["dealt", "taken"]
    """`dealt`: damage the owner deals; `taken`: damage the owner receives."""

    against: Opponent = "any"
    """The other side of the damage: monsters, hunters or any."""


class DamageChange(DamageOrdering):
    """A flat change of damage dealt to the other side."""

    change: Annotated[int, Field(ge=-20, le=20)]
    """How much more (positive) or less (negative) damage."""

    against: Opponent = "monsters"
    """Whom the damage is dealt to."""


class DamageTakenChange(DamageOrdering):
    """A flat change of damage received from the other side."""

    change: Annotated[int, Field(ge=-20, le=20)]
    """How much more (positive) or less (negative, i.e. prevention) damage the owner receives."""

    from_: Annotated[Opponent, Field(alias="from")] = "monsters"
    """Whom the damage comes from."""


class DamageLimit(DamageOrdering):
    """A cap on damage received."""

    max: Annotated[int, Field(ge=0, le=20)]
    """The most damage the owner receives from one damage event."""

    from_: Annotated[Opponent, Field(alias="from")] = "any"
    """Whom the damage comes from."""


# --- damage modifiers --------------------------------------------------------------------------


class DamageModifierVerb(EffectVerb):
    """Base of the verbs the damage pipeline applies."""

    stage: ClassVar[Stage] = "flat"
    """The pipeline stage this verb belongs to."""

    def options(self) -> DamageOrdering:
        """The verb's option mapping."""
        value: DamageOrdering = getattr(self, self.verb)
        return value

    def owner_role(self) -> Role:
        """Whether the modifier changes damage its owner deals (`source`) or takes (`target`)."""
        return "target"

    def opponent(self) -> Opponent:
        """The other side of the damage it changes."""
        return "any"


class Multiplier(DamageModifierVerb):
    """Base of doubling and halving."""

    stage: ClassVar[Stage] = "multiply"

    def owner_role(self) -> Role:
        options: DirectedMultiplier = getattr(self, self.verb)
        return "source" if options.on == "dealt" else "target"

    def opponent(self) -> Opponent:
        options: DirectedMultiplier = getattr(self, self.verb)
        return options.against


class DoubleDamage(Multiplier):
    """Doubles damage the owner deals or takes. Applied in the first stage, with halving."""

    verb: ClassVar[str] = "double_damage"
    stage: ClassVar[Stage] = "multiply"
    double_damage: DirectedMultiplier
    """Which damage is doubled."""


class HalveDamage(Multiplier):
    """Halves damage the owner deals or takes. Applied in the first stage, with doubling; the
    rounding is ruling `halving-rounds-down`."""

    verb: ClassVar[str] = "halve_damage"
    stage: ClassVar[Stage] = "multiply"
    halve_damage: DirectedMultiplier
    """Which damage is halved."""


class DamageDealt(DamageModifierVerb):
    """The owner deals more (or less) damage: `damage_dealt: {change: 2, against: monsters}`.
    Applied in the second stage."""

    verb: ClassVar[str] = "damage_dealt"
    stage: ClassVar[Stage] = "flat"
    damage_dealt: DamageChange
    """How much and to whom."""

    def owner_role(self) -> Role:
        return "source"

    def opponent(self) -> Opponent:
        return self.damage_dealt.against


class DamageTaken(DamageModifierVerb):
    """The owner takes more damage (positive) or prevents some (negative):
    `damage_taken: {change: -1, from: hunters}`. Applied in the second stage."""

    verb: ClassVar[str] = "damage_taken"
    stage: ClassVar[Stage] = "flat"
    damage_taken: DamageTakenChange
    """How much and from whom."""

    def opponent(self) -> Opponent:
        return self.damage_taken.from_


class LimitDamage(DamageModifierVerb):
    """The owner never takes more than `max` damage from one damage event. Applied last."""

    verb: ClassVar[str] = "limit_damage"
    stage: ClassVar[Stage] = "limit"
    limit_damage: DamageLimit
    """The cap and whom it protects against."""

    def opponent(self) -> Opponent:
        return self.limit_damage.from_


# --- instant effects ---------------------------------------------------------------------------


class BankOptions(ContentModel):
    """How many unbanked Blood Echoes to bank."""

    portion: Literal["all", "half"] = "all"
    """All of the owner's unbanked Blood Echoes, or half of them."""

    rounding: Literal["down", "up"] = "down"
    """How half of an odd number rounds."""


class BankEchoes(EffectVerb):
    """The owner banks some of their accumulated, not yet banked Blood Echoes (banked echoes are
    safe when the hunter dies)."""

    verb: ClassVar[str] = "bank_echoes"
    bank_echoes: BankOptions
    """How many to bank."""


class GainEchoes(EffectVerb):
    """The owner takes Blood Echoes from the supply, unbanked."""

    verb: ClassVar[str] = "gain_echoes"
    gain_echoes: Annotated[int, Field(ge=1, le=20)]
    """How many Blood Echoes."""


class Heal(EffectVerb):
    """The owner recovers health, up to their maximum."""

    verb: ClassVar[str] = "heal"
    heal: Annotated[int, Field(ge=1, le=20)]
    """How much health."""


class MonsterDamage(ContentModel):
    """Instant damage to the monster being fought."""

    amount: Annotated[int, Field(ge=1, le=20)]
    """How much damage (each point removes one Blood Echo from the monster card)."""


class DamageMonster(EffectVerb):
    """Instant damage to the monster being fought. Whoever removes its last Blood Echo deals the
    killing blow (ruling `killing-blow`)."""

    verb: ClassVar[str] = "damage_monster"
    damage_monster: MonsterDamage
    """How much damage."""


class HunterDamage(ContentModel):
    """Instant damage to hunters."""

    amount: Annotated[int, Field(ge=1, le=20)]
    """How much damage each of them takes."""

    who: Literal["other-hunters", "all-hunters", "users-of"] = "other-hunters"
    """`other-hunters`: everyone but the owner; `all-hunters`: the owner too; `users-of`: every
    hunter who plays one of `cards` this round."""

    cards: list[UpgradeRef] = Field(default_factory=list)
    """With `who: users-of`, the cards whose users are hit."""


class DamageHunters(EffectVerb):
    """Instant damage to hunters (for instance a weapon that hits everyone using a given card)."""

    verb: ClassVar[str] = "damage_hunters"
    damage_hunters: HunterDamage
    """How much damage and to whom."""


verb_of = single_key_verb
"""The discriminator of this vocabulary's verb union (shared by every game: `single_key_verb`)."""


BasicEffect = Annotated[
    Annotated[DoubleDamage, Tag("double_damage")]
    | Annotated[HalveDamage, Tag("halve_damage")]
    | Annotated[DamageDealt, Tag("damage_dealt")]
    | Annotated[DamageTaken, Tag("damage_taken")]
    | Annotated[LimitDamage, Tag("limit_damage")]
    | Annotated[BankEchoes, Tag("bank_echoes")]
    | Annotated[GainEchoes, Tag("gain_echoes")]
    | Annotated[Heal, Tag("heal")]
    | Annotated[DamageMonster, Tag("damage_monster")]
    | Annotated[DamageHunters, Tag("damage_hunters")],
    Discriminator(verb_of),
]
"""One effect: a damage modifier (always on while its card is in play) or an instant effect."""


# --- triggers ----------------------------------------------------------------------------------

Situation = Literal["playing-weapon", "using-melee-weapon", "using-ranged-weapon", "killing-blow"]
"""The situation a trigger waits for."""


class Trigger(EffectVerb):
    """Base of the triggers: effects that apply only in a situation of the game."""

    situation: ClassVar[Situation] = "playing-weapon"
    """The situation the wrapped effects wait for."""

    lasting: ClassVar[bool] = True
    """True when the situation lasts through the round (so wrapped damage modifiers apply to the
    round's damage); False for a moment (wrapped damage modifiers have nothing to apply to)."""

    def wrapped(self) -> list[BasicEffect]:
        """The effects inside the trigger."""
        effects: list[BasicEffect] = getattr(self, self.verb)
        return effects


class WhenPlayingWeapon(Trigger):
    """When the owner plays a weapon card (melee or ranged) this round."""

    verb: ClassVar[str] = "when_playing_weapon"
    situation: ClassVar[Situation] = "playing-weapon"
    when_playing_weapon: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that happen."""


class WhenUsingMeleeWeapon(Trigger):
    """While the owner uses a melee weapon this round."""

    verb: ClassVar[str] = "when_using_melee_weapon"
    situation: ClassVar[Situation] = "using-melee-weapon"
    when_using_melee_weapon: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that apply."""


class WhenUsingRangedWeapon(Trigger):
    """While the owner uses a ranged weapon this round."""

    verb: ClassVar[str] = "when_using_ranged_weapon"
    situation: ClassVar[Situation] = "using-ranged-weapon"
    when_using_ranged_weapon: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that apply."""


class WhenDealingKillingBlow(Trigger):
    """When the owner deals the killing blow to a monster (removes its last Blood Echo)."""

    verb: ClassVar[str] = "when_dealing_killing_blow"
    situation: ClassVar[Situation] = "killing-blow"
    lasting: ClassVar[bool] = False
    when_dealing_killing_blow: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that happen."""


Effect = Annotated[
    Annotated[DoubleDamage, Tag("double_damage")]
    | Annotated[HalveDamage, Tag("halve_damage")]
    | Annotated[DamageDealt, Tag("damage_dealt")]
    | Annotated[DamageTaken, Tag("damage_taken")]
    | Annotated[LimitDamage, Tag("limit_damage")]
    | Annotated[BankEchoes, Tag("bank_echoes")]
    | Annotated[GainEchoes, Tag("gain_echoes")]
    | Annotated[Heal, Tag("heal")]
    | Annotated[DamageMonster, Tag("damage_monster")]
    | Annotated[DamageHunters, Tag("damage_hunters")]
    | Annotated[WhenPlayingWeapon, Tag("when_playing_weapon")]
    | Annotated[WhenUsingMeleeWeapon, Tag("when_using_melee_weapon")]
    | Annotated[WhenUsingRangedWeapon, Tag("when_using_ranged_weapon")]
    | Annotated[WhenDealingKillingBlow, Tag("when_dealing_killing_blow")],
    Discriminator(verb_of),
]
"""One effect: a basic verb, or a trigger holding basic verbs."""

Effects = Annotated[list[Effect], Field(default_factory=list)]
"""A list of effects, empty by default."""

DAMAGE_MODIFIER_VERBS: dict[str, type[DamageModifierVerb]] = {
    model.verb: model for model in (DoubleDamage, HalveDamage, DamageDealt, DamageTaken, LimitDamage)
}
"""The verbs the damage pipeline applies, by name."""

INSTANT_VERBS: dict[str, type[EffectVerb]] = {
    model.verb: model for model in (BankEchoes, GainEchoes, Heal, DamageMonster, DamageHunters)
}
"""The verbs that happen once, at a moment, rather than staying in effect."""

TRIGGER_VERBS: dict[str, type[Trigger]] = {
    model.verb: model
    for model in (
        WhenPlayingWeapon,
        WhenUsingMeleeWeapon,
        WhenUsingRangedWeapon,
        WhenDealingKillingBlow,
    )
}
"""The triggers, by name."""

EFFECT_VERBS: dict[str, type[EffectVerb]] = {
    **DAMAGE_MODIFIER_VERBS,
    **INSTANT_VERBS,
    **TRIGGER_VERBS,
}
"""Every verb of the card game's vocabulary, by its YAML key (for the reference site)."""


def flatten(effects: list[Effect]) -> list[tuple[Trigger | None, BasicEffect]]:
    """Every basic effect with the trigger it sits in (``None`` at the top level)."""
    flat: list[tuple[Trigger | None, BasicEffect]] = []
    for effect in effects:
        if isinstance(effect, Trigger):
            flat.extend((effect, inner) for inner in effect.wrapped())
        else:
            flat.append((None, effect))
    return flat
