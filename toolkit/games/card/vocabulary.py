"""The card game's effect vocabulary and what of it the expansion's rule modules do not play
(issue 13, "nothing is silently ignored"); see :mod:`toolkit.core.vocabulary`.

The card game has rule modules, not a full engine: the damage pipeline, triggers, Blood Echoes,
killing blows, the death track and the weapon clarifications. Effects those modules never carry
out are declared here, and content that writes them is warned.
"""

from __future__ import annotations

from toolkit.core.vocabulary import DESCRIBED, NotSimulated, ReadByName, Vocabulary
from toolkit.games.card.model import effects as fx

_UNWRAPPED = "`Trigger.wrapped` (`getattr(self, self.verb)`), through `flatten`"
_OPTIONS = "`DamageModifierVerb.options` and `Multiplier` (`getattr(self, self.verb)`)"
_NOT_CARRIED_OUT = "set off by `rules.triggers.fired_effects`, but no rule module carries it out"

CARD_EFFECTS = Vocabulary(
    name="card-game effects",
    models=tuple(fx.EFFECT_VERBS.values()),
    readers=(
        "toolkit.games.card.rules",
        "toolkit.games.card.model.effects:flatten",
        "toolkit.games.card.model.effects:DamageModifierVerb",
        "toolkit.games.card.model.effects:Multiplier",
        "toolkit.games.card.model.effects:DamageDealt",
        "toolkit.games.card.model.effects:DamageTaken",
        "toolkit.games.card.model.effects:LimitDamage",
    ),
    verbs=tuple(fx.EFFECT_VERBS.values()),
    not_simulated=(
        NotSimulated(fx.Heal, "*", f"healing a hunter is {_NOT_CARRIED_OUT}"),
        NotSimulated(fx.DamageMonster, "*", f"damage to a monster is {_NOT_CARRIED_OUT}"),
        NotSimulated(
            fx.DamageHunters,
            "*",
            f"damage to hunters is {_NOT_CARRIED_OUT} (`rules.weapons` turns its options into "
            "damage events when a caller hands them over)",
        ),
    ),
    read_by_name=(
        ReadByName(fx.DoubleDamage, "double_damage", _OPTIONS),
        ReadByName(fx.HalveDamage, "halve_damage", _OPTIONS),
        ReadByName(fx.WhenPlayingWeapon, "when_playing_weapon", _UNWRAPPED),
        ReadByName(fx.WhenUsingMeleeWeapon, "when_using_melee_weapon", _UNWRAPPED),
        ReadByName(fx.WhenUsingRangedWeapon, "when_using_ranged_weapon", _UNWRAPPED),
        ReadByName(fx.WhenDealingKillingBlow, "when_dealing_killing_blow", _UNWRAPPED),
        ReadByName(fx.WhenPlayingWeapon, "*", "by its `situation` after `flatten` unwrapped it"),
        ReadByName(fx.WhenUsingMeleeWeapon, "*", "by its `situation` after `flatten` unwrapped it"),
        ReadByName(fx.WhenUsingRangedWeapon, "*", "by its `situation` after `flatten` unwrapped it"),
        ReadByName(fx.WhenDealingKillingBlow, "*", "by its `situation` after `flatten` unwrapped it"),
    ),
    # The booklet fixes the order of the damage stages; a card's declared ordering only documents
    # intent, which validation checks against the stages (BB0803).
    described=DESCRIBED | {"DamageOrdering.resolve_after", "DamageOrdering.resolve_before"},
)
"""Damage modifiers, instants and triggers of The Hunter's Nightmare, played by its rule modules."""

VOCABULARIES: tuple[Vocabulary, ...] = (CARD_EFFECTS,)
"""Every vocabulary of the card game."""
