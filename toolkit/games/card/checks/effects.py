"""Checks BB0805–BB0808: effects written so that they can never take effect.

Each looks at one effect where it is written and points at the key or value to edit:

- BB0805: `damage_hunters` with `who: users-of` and no `cards` hits nobody;
- BB0806: a damage modifier inside a momentary trigger (`when_dealing_killing_blow`) has no damage
  to change, because the pipeline only applies modifiers of triggers that last through the round
  (:meth:`toolkit.games.card.rules.modifiers.Round.holds`);
- BB0807: every trigger waits for something only a hunter does (plays or uses a weapon, deals a
  killing blow), so on a monster or a boss that is not a main boss it never fires;
- BB0808: `monster_type` on a modifier of damage exchanged with hunters never matches, since only
  monsters have a type.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.checks.walk import effects_with_paths
from toolkit.games.card.codes import (
    HUNTER_TRIGGER_ON_MONSTER,
    MODIFIER_IN_MOMENTARY_TRIGGER,
    MONSTER_TYPE_AGAINST_HUNTERS,
    USERS_OF_WITHOUT_CARDS,
)
from toolkit.games.card.model.cards import Monster, NightmareBoss
from toolkit.games.card.model.effects import (
    TRIGGER_VERBS,
    BasicEffect,
    DamageHunters,
    DamageModifierVerb,
    Trigger,
)

_LASTING = ", ".join(f"`{verb}`" for verb, model in TRIGGER_VERBS.items() if model.lasting)


def _is_monster_side(document: LoadedDocument) -> bool:
    """Whether the document's effects belong to a monster (a monster card, or a boss that is not
    a main boss; a main boss's effects belong to every hunter)."""
    model = document.model
    return isinstance(model, Monster) or (isinstance(model, NightmareBoss) and not model.main)


def _users_of(document: LoadedDocument, path: PathKey, effect: BasicEffect) -> Iterator[Diagnostic]:
    if (
        isinstance(effect, DamageHunters)
        and effect.damage_hunters.who == "users-of"
        and not effect.damage_hunters.cards
    ):
        yield USERS_OF_WITHOUT_CARDS.at(
            document.locate((*path, "who")),
            "`who: users-of` hits the hunters who play one of `cards`, but `cards` is empty, "
            "so this damage hits nobody",
            hint="list the upgrades whose users are hit: `cards: [rattling-hammer]`",
        )


def _in_moment(
    document: LoadedDocument, path: PathKey, trigger: Trigger | None, effect: BasicEffect
) -> Iterator[Diagnostic]:
    if trigger is not None and not trigger.lasting and isinstance(effect, DamageModifierVerb):
        yield MODIFIER_IN_MOMENTARY_TRIGGER.at(
            document.locate(path, key=True),
            f"`{effect.verb}` changes damage, but `{trigger.verb}` is a moment, not a situation "
            "that lasts, so there is no damage for it to change",
            hint=f"move it to a trigger that lasts through the round ({_LASTING}) or to the top level",
        )


def _against_hunters(document: LoadedDocument, path: PathKey, effect: BasicEffect) -> Iterator[Diagnostic]:
    if not isinstance(effect, DamageModifierVerb):
        return
    wanted = effect.options().monster_type
    if wanted is not None and effect.opponent() == "hunters":
        side = "dealt to" if effect.owner_role() == "source" else "taken from"
        yield MONSTER_TYPE_AGAINST_HUNTERS.at(
            document.locate((*path, "monster_type")),
            f"`monster_type: {wanted}` filters on the monster on the other side, but this "
            f"modifier changes damage {side} hunters, who have no monster type, so it never applies",
            hint="remove `monster_type`, or make the modifier apply against `monsters`",
        )


def check_effects(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report effects of ``pack`` that can never take effect (BB0805–BB0808)."""
    for document in pack.documents:
        model = document.model
        if model is None:
            continue
        on_monster = _is_monster_side(document)
        reported_triggers: set[PathKey] = set()
        for path, trigger, effect in effects_with_paths(model):
            yield from _users_of(document, path, effect)
            yield from _in_moment(document, path, trigger, effect)
            yield from _against_hunters(document, path, effect)
            trigger_path = path[:3]
            if on_monster and trigger is not None and trigger_path not in reported_triggers:
                reported_triggers.add(trigger_path)
                yield _monster_trigger(document, trigger_path, trigger)


def _monster_trigger(document: LoadedDocument, path: PathKey, trigger: Trigger) -> Diagnostic:
    holder = "a monster" if isinstance(document.model, Monster) else "a boss that is not a main boss"
    deed = _DEEDS[trigger.situation]
    return HUNTER_TRIGGER_ON_MONSTER.at(
        document.locate(path, key=True),
        f"`{trigger.verb}` waits for its owner to {deed}; the effects of {holder} belong to the "
        f"monster itself, and only hunters {deed}, so these effects never happen",
        hint="put the effects at the top level to have them always apply, or give them to a rune "
        "or upgrade whose hunter does this",
    )


_DEEDS = {
    "playing-weapon": "play a weapon",
    "using-melee-weapon": "use a melee weapon",
    "using-ranged-weapon": "use a ranged weapon",
    "killing-blow": "deal a killing blow (remove a monster's last Blood Echo)",
}
