"""The effect vocabulary of the board game's cards, weapons, enemies and bosses.

An effect is written in YAML as a mapping with exactly one key, the verb, whose value holds the
verb's options::

    effects:
      - damage: 1                      # the attack deals 1 more damage
      - block: 2
      - heal: {amount: 2, target: self}
      - dodge: {}
      - on_kill:                       # effects that wait for a timing
          - draw: 1

Each verb is its own model; :data:`EFFECT_VERBS` maps every verb name to its model so the reference
site can render one page per verb from the docstrings. The union dispatches on the single key with a
callable discriminator, so an unknown verb fails with pydantic's ``union_tag_invalid`` error listing
every verb huntkit knows (the pipeline turns that into a did-you-mean).

Effects without a timing wrapper resolve immediately when the card is played (for a stat card: when
it is placed in an attack slot, before attacks resolve).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag, model_validator

from toolkit.core.expressions import Scaling
from toolkit.core.model import ContentModel, QualifiedId, RefTo, single_key_verb
from toolkit.games.board.scaling import Amount, SpawnCount

Timing = Literal["immediate", "on-attack", "on-kill", "on-transform", "hunter-turn"]
"""When an effect or a card applies.

- `immediate`: as soon as it is played (the default for effects without a timing wrapper);
- `on-attack`: when the hunter picks an attack slot, before attacks resolve;
- `on-kill`: when the hunter slays an enemy;
- `on-transform`: when the hunter transforms the trick weapon;
- `hunter-turn`: at any moment of the hunter's own turn, between actions.
"""

Target = Literal[
    "self",
    "opponent",
    "ally",
    "hunters-on-space",
    "hunters-on-tile",
    "hunters-within",
    "all-hunters",
    "enemies-on-space",
    "enemies-on-tile",
    "enemies-within",
]
"""Who an effect applies to. `self` is whoever owns the card or ability; `opponent` is the other
side of the current combat; the `-within` targets use the effect's `within` range in spaces."""

Condition = Literal["poison", "frenzy"]
"""A lasting condition a hunter carries as a token until the Hunter's Dream."""


class EffectVerb(ContentModel):
    """Base of every effect verb model. ``verb`` is the single YAML key that selects it."""

    verb: ClassVar[str] = ""
    """The YAML key of this verb."""


class NoOptions(ContentModel):
    """The empty option mapping of a verb that takes no options: write `{}`."""


# --- combat modifiers --------------------------------------------------------------------------


class DamageModifier(EffectVerb):
    """Changes the damage of the attack this effect is linked to, up (`damage: 1`) or down
    (`damage: -1`)."""

    verb: ClassVar[str] = "damage"
    damage: Annotated[int, Field(ge=-9, le=9)]
    """How much damage to add to the attack; negative numbers take damage away."""


class SpeedModifier(EffectVerb):
    """Makes the linked attack faster (`speed: 1`) or slower (`speed: -1`) by whole steps.

    An attack pushed past Fast counts as faster than Fast; one pushed to speed 0 strikes last."""

    verb: ClassVar[str] = "speed"
    speed: Annotated[int, Field(ge=-3, le=3)]
    """Steps of speed to gain (positive) or lose (negative)."""


class Stagger(EffectVerb):
    """The linked attack cancels every opposing attack that is slower than it."""

    verb: ClassVar[str] = "stagger"
    stagger: NoOptions
    """No options: write `stagger: {}`."""


class Dodge(EffectVerb):
    """The card may be used to dodge: placed in an empty slot at least as fast as the enemy
    attack, it lets the hunter evade that attack."""

    verb: ClassVar[str] = "dodge"
    dodge: NoOptions
    """No options: write `dodge: {}`."""


class Block(EffectVerb):
    """Reduces the damage the hunter suffers from the current attack."""

    verb: ClassVar[str] = "block"
    block: Annotated[int, Field(ge=1, le=9)]
    """How much damage is prevented."""


class CancelAttack(EffectVerb):
    """Cancels the opposing attack: none of its damage or effects happen unless already resolved."""

    verb: ClassVar[str] = "cancel_attack"
    cancel_attack: NoOptions
    """No options: write `cancel_attack: {}`."""


# --- cards and slots ---------------------------------------------------------------------------


class Draw(EffectVerb):
    """The hunter draws stat cards from their hunter deck."""

    verb: ClassVar[str] = "draw"
    draw: Annotated[int, Field(ge=1, le=9)]
    """How many cards to draw."""


class Discard(EffectVerb):
    """The hunter discards stat cards from their hand."""

    verb: ClassVar[str] = "discard"
    discard: Annotated[int, Field(ge=1, le=9)]
    """How many cards to discard."""


class ClearSlot(EffectVerb):
    """Discards the cards of trick weapon attack slots of the hunter's choice (the card's own
    slot included)."""

    verb: ClassVar[str] = "clear_slot"
    clear_slot: Annotated[int, Field(ge=1, le=5)]
    """How many slots to clear."""


class ReturnToHand(EffectVerb):
    """After the combat, the card goes back to the hunter's hand instead of staying in its slot."""

    verb: ClassVar[str] = "return_to_hand"
    return_to_hand: NoOptions
    """No options: write `return_to_hand: {}`."""


class DrawConsumable(EffectVerb):
    """The hunter draws consumable cards at random from the consumable deck."""

    verb: ClassVar[str] = "draw_consumable"
    draw_consumable: Annotated[int, Field(ge=1, le=9)]
    """How many consumable cards to draw."""


class Transform(EffectVerb):
    """The hunter transforms their trick weapon without spending an action (slots are cleared)."""

    verb: ClassVar[str] = "transform"
    transform: NoOptions
    """No options: write `transform: {}`."""


class RefreshOptions(ContentModel):
    """What a refresh effect turns face up again."""

    what: Literal["firearm", "reward", "any"] = "any"
    """The exhausted card to refresh: the firearm, a reward card, or either."""


class Refresh(EffectVerb):
    """Turns an exhausted firearm or reward card face up so it can be used again."""

    verb: ClassVar[str] = "refresh"
    refresh: RefreshOptions
    """Which card may be refreshed."""


# --- health, damage and conditions -------------------------------------------------------------


class Targeted(ContentModel):
    """An amount that applies to a target."""

    # The schema states the same rule as the validator below, so editors and the models agree.
    model_config = ConfigDict(
        json_schema_extra={
            "if": {"properties": {"target": {"pattern": "-within$"}}, "required": ["target"]},
            "then": {"required": ["within"]},
            "else": {"not": {"required": ["within"]}},
        }
    )

    amount: Amount
    """How much; may scale with the number of hunters (`hunters`, `{1: 1, 4: 2}`)."""

    target: Target = "self"
    """Who receives it."""

    within: Annotated[int, Field(ge=0, le=9)] | None = None
    """For the `-within` targets: the range in spaces, counted from where the effect starts."""

    @model_validator(mode="after")
    def _range_matches_target(self) -> Targeted:
        ranged = self.target.endswith("-within")
        if ranged and self.within is None:
            raise ValueError(f"target `{self.target}` needs `within`, the range in spaces")
        if not ranged and self.within is not None:
            raise ValueError(f"`within` only applies to the `-within` targets, not `{self.target}`")
        return self


class Heal(EffectVerb):
    """Heals a target: a hunter regains HP (up to their maximum); an enemy loses damage taken."""

    verb: ClassVar[str] = "heal"
    heal: Targeted
    """How much to heal, and whom."""


class DealDamage(EffectVerb):
    """Deals damage directly to a target, apart from any attack's own damage."""

    verb: ClassVar[str] = "deal_damage"
    deal_damage: Targeted
    """How much damage, and to whom."""


class Stun(EffectVerb):
    """The hunter must discard one stat card from hand, or suffer 1 damage if they cannot."""

    verb: ClassVar[str] = "stun"
    stun: NoOptions
    """No options: write `stun: {}`."""


class Poison(EffectVerb):
    """The hunter gains the poison token (at most one) and suffers 1 damage at the end of each of
    their turns until they go to the Hunter's Dream."""

    verb: ClassVar[str] = "poison"
    poison: NoOptions
    """No options: write `poison: {}`."""


class Frenzy(EffectVerb):
    """The hunter gains the frenzy token (at most one) and suffers 1 more damage from every
    attack until they go to the Hunter's Dream."""

    verb: ClassVar[str] = "frenzy"
    frenzy: NoOptions
    """No options: write `frenzy: {}`."""


class CureOptions(ContentModel):
    """Which condition a cure removes."""

    condition: Condition | Literal["all"] = "all"
    """The condition token to remove, or `all` of them."""


class Cure(EffectVerb):
    """Removes a poison or frenzy token from the hunter."""

    verb: ClassVar[str] = "cure"
    cure: CureOptions
    """Which condition to remove."""


# --- movement and the map ----------------------------------------------------------------------


class TeleportOptions(ContentModel):
    """Where a teleport may put the hunter."""

    model_config = ConfigDict(
        json_schema_extra={
            "if": {"properties": {"to": {"const": "space-within"}}},
            "then": {"required": ["within"]},
            "else": {"not": {"required": ["within"]}},
        }
    )

    to: Literal["lamp", "space-within", "ally"]
    """`lamp`: any revealed space with a lamp; `space-within`: any space within `within` spaces;
    `ally`: the space of another hunter."""

    within: Annotated[int, Field(ge=1, le=9)] | None = None
    """For `space-within`: the range in spaces."""

    @model_validator(mode="after")
    def _range_matches_destination(self) -> TeleportOptions:
        if (self.to == "space-within") != (self.within is not None):
            raise ValueError("`within` is needed with `to: space-within`, and only there")
        return self


class Teleport(EffectVerb):
    """Places the hunter on a space, ignoring the spaces and miniatures between; it counts as
    moving onto that space."""

    verb: ClassVar[str] = "teleport"
    teleport: TeleportOptions
    """Where the hunter may be placed."""


class MoveOptions(ContentModel):
    """A move granted or forced by an effect."""

    spaces: Annotated[int, Field(ge=1, le=9)]
    """Up to how many spaces."""

    who: Literal["self", "opponent"] = "self"
    """Who moves: the owner of the effect, or the other side of the combat. An enemy always
    moves toward the hunter it is activating against."""


class Move(EffectVerb):
    """Moves a hunter or an enemy, outside the usual Move action."""

    verb: ClassVar[str] = "move"
    move: MoveOptions
    """How far, and who moves."""


class SpawnOptions(ContentModel):
    """Which enemy appears, how many, and where."""

    enemy: Annotated[QualifiedId, RefTo("enemy", "npc-enemy")]
    """The enemy to spawn, by id."""

    count: SpawnCount = Scaling(1)
    """How many miniatures; may scale with the number of hunters."""

    where: Literal["same-space", "same-tile", "adjacent-space"] = "same-space"
    """Where they appear, relative to the one whose effect it is."""


class Spawn(EffectVerb):
    """Brings enemies onto the map (used by boss abilities)."""

    verb: ClassVar[str] = "spawn"
    spawn: SpawnOptions
    """The enemy, count and place."""


class GainBloodEcho(EffectVerb):
    """The hunter gains Blood Echoes (any above their cap are lost)."""

    verb: ClassVar[str] = "gain_blood_echo"
    gain_blood_echo: Annotated[int, Field(ge=1, le=9)]
    """How many Blood Echoes."""


verb_of = single_key_verb
"""The discriminator of this vocabulary's verb union (shared by every game: `single_key_verb`)."""


BasicEffect = Annotated[
    Annotated[DamageModifier, Tag("damage")]
    | Annotated[SpeedModifier, Tag("speed")]
    | Annotated[Stagger, Tag("stagger")]
    | Annotated[Dodge, Tag("dodge")]
    | Annotated[Block, Tag("block")]
    | Annotated[CancelAttack, Tag("cancel_attack")]
    | Annotated[Draw, Tag("draw")]
    | Annotated[Discard, Tag("discard")]
    | Annotated[ClearSlot, Tag("clear_slot")]
    | Annotated[ReturnToHand, Tag("return_to_hand")]
    | Annotated[DrawConsumable, Tag("draw_consumable")]
    | Annotated[Transform, Tag("transform")]
    | Annotated[Refresh, Tag("refresh")]
    | Annotated[Heal, Tag("heal")]
    | Annotated[DealDamage, Tag("deal_damage")]
    | Annotated[Stun, Tag("stun")]
    | Annotated[Poison, Tag("poison")]
    | Annotated[Frenzy, Tag("frenzy")]
    | Annotated[Cure, Tag("cure")]
    | Annotated[Teleport, Tag("teleport")]
    | Annotated[Move, Tag("move")]
    | Annotated[Spawn, Tag("spawn")]
    | Annotated[GainBloodEcho, Tag("gain_blood_echo")],
    Discriminator(verb_of),
]
"""One effect that applies at once (or at the timing of the wrapper it sits in)."""


# --- timing wrappers ---------------------------------------------------------------------------


class TimedEffect(EffectVerb):
    """Base of the timing wrappers: a list of effects that wait for a moment of the game."""

    timing: ClassVar[Timing] = "immediate"
    """The moment the wrapped effects wait for."""

    def wrapped(self) -> list[BasicEffect]:
        """The effects inside the wrapper."""
        effects: list[BasicEffect] = getattr(self, self.verb)
        return effects


class OnAttack(TimedEffect):
    """Effects that apply when the hunter picks an attack slot, before attacks resolve."""

    verb: ClassVar[str] = "on_attack"
    timing: ClassVar[Timing] = "on-attack"
    on_attack: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that wait for the attack."""


class OnKill(TimedEffect):
    """Effects that apply when the hunter slays an enemy with the linked attack."""

    verb: ClassVar[str] = "on_kill"
    timing: ClassVar[Timing] = "on-kill"
    on_kill: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that wait for the kill."""


class OnTransform(TimedEffect):
    """Effects that apply when the hunter transforms their trick weapon."""

    verb: ClassVar[str] = "on_transform"
    timing: ClassVar[Timing] = "on-transform"
    on_transform: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects that wait for the transformation."""


class HunterTurn(TimedEffect):
    """Effects the hunter may use at any moment of their own turn, between actions."""

    verb: ClassVar[str] = "hunter_turn"
    timing: ClassVar[Timing] = "hunter-turn"
    hunter_turn: Annotated[list[BasicEffect], Field(min_length=1)]
    """The effects usable during the hunter's turn."""


Effect = Annotated[
    Annotated[DamageModifier, Tag("damage")]
    | Annotated[SpeedModifier, Tag("speed")]
    | Annotated[Stagger, Tag("stagger")]
    | Annotated[Dodge, Tag("dodge")]
    | Annotated[Block, Tag("block")]
    | Annotated[CancelAttack, Tag("cancel_attack")]
    | Annotated[Draw, Tag("draw")]
    | Annotated[Discard, Tag("discard")]
    | Annotated[ClearSlot, Tag("clear_slot")]
    | Annotated[ReturnToHand, Tag("return_to_hand")]
    | Annotated[DrawConsumable, Tag("draw_consumable")]
    | Annotated[Transform, Tag("transform")]
    | Annotated[Refresh, Tag("refresh")]
    | Annotated[Heal, Tag("heal")]
    | Annotated[DealDamage, Tag("deal_damage")]
    | Annotated[Stun, Tag("stun")]
    | Annotated[Poison, Tag("poison")]
    | Annotated[Frenzy, Tag("frenzy")]
    | Annotated[Cure, Tag("cure")]
    | Annotated[Teleport, Tag("teleport")]
    | Annotated[Move, Tag("move")]
    | Annotated[Spawn, Tag("spawn")]
    | Annotated[GainBloodEcho, Tag("gain_blood_echo")]
    | Annotated[OnAttack, Tag("on_attack")]
    | Annotated[OnKill, Tag("on_kill")]
    | Annotated[OnTransform, Tag("on_transform")]
    | Annotated[HunterTurn, Tag("hunter_turn")],
    Discriminator(verb_of),
]
"""One effect: an immediate verb, or a timing wrapper holding immediate verbs."""

Effects = Annotated[list[Effect], Field(default_factory=list)]
"""A list of effects, empty by default."""

BASIC_VERBS: dict[str, type[EffectVerb]] = {
    model.verb: model
    for model in (
        DamageModifier,
        SpeedModifier,
        Stagger,
        Dodge,
        Block,
        CancelAttack,
        Draw,
        Discard,
        ClearSlot,
        ReturnToHand,
        DrawConsumable,
        Transform,
        Refresh,
        Heal,
        DealDamage,
        Stun,
        Poison,
        Frenzy,
        Cure,
        Teleport,
        Move,
        Spawn,
        GainBloodEcho,
    )
}
"""Every verb that applies at once, by its YAML key."""

TIMING_VERBS: dict[str, type[TimedEffect]] = {
    model.verb: model for model in (OnAttack, OnKill, OnTransform, HunterTurn)
}
"""Every timing wrapper, by its YAML key."""

EFFECT_VERBS: dict[str, type[EffectVerb]] = {**BASIC_VERBS, **TIMING_VERBS}
"""Every effect verb huntkit knows, by its YAML key; the reference renders one page per verb."""


def flatten(effects: list[Effect]) -> list[tuple[Timing, BasicEffect]]:
    """Every basic effect with the timing it applies at, unwrapping the timing wrappers."""
    flat: list[tuple[Timing, BasicEffect]] = []
    for effect in effects:
        if isinstance(effect, TimedEffect):
            flat.extend((effect.timing, inner) for inner in effect.wrapped())
        else:
            flat.append(("immediate", effect))
    return flat
