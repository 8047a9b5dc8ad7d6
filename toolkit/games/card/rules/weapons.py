"""The booklet's weapon clarifications as executable helpers.

- Gatling Gun and Rattling Hammer (ruling `gatling-gun-rattling-hammer`): the Gatling Gun's instant
  effect deals 3 damage to every hunter who uses the Rattling Hammer. In content that is an instant
  ``damage_hunters: {amount: 3, who: users-of, cards: [rattling-hammer]}``;
  :func:`instant_damage_to_hunters` turns any such effect into damage events, which then go through
  the damage pipeline like any other damage.
- Logarius' Wheel (ruling `logarius-wheel`): in the Transform Weapons step, the hunters who played
  it decide one by one, in turn order, whether to transform; then those who said yes reveal together
  with the hunters who played Transform. :func:`transform_step` runs that step.

>>> plays = {"ann": "gatling-gun", "bo": "rattling-hammer", "cy": "saw-cleaver"}
>>> effect = HunterDamage(amount=3, who="users-of", cards=["rattling-hammer"])
>>> [(e.target.id, e.amount) for e in instant_damage_to_hunters("ann", effect, plays)]
[('bo', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from toolkit.games.card.model.effects import HunterDamage
from toolkit.games.card.rules.modifiers import DamageEvent, Party

TRANSFORM_CARD = "transform"
"""The id of the base game's Transform card, which every hunter starts with."""


def _card_id(reference: str) -> str:
    """The bare id of a possibly pack-qualified reference."""
    return reference.split(":", 1)[-1]


def instant_damage_to_hunters(
    owner: str, effect: HunterDamage, plays: Mapping[str, str]
) -> list[DamageEvent]:
    """The damage events of a ``damage_hunters`` instant effect played by ``owner``.

    ``plays`` maps every hunter at the table to the id of the card they play this round.
    """
    if effect.who == "users-of":
        wanted = {_card_id(card) for card in effect.cards}
        victims = [hunter for hunter, card in plays.items() if _card_id(card) in wanted]
    elif effect.who == "all-hunters":
        victims = list(plays)
    else:
        victims = [hunter for hunter in plays if hunter != owner]
    source = Party.hunter(owner)
    return [DamageEvent(source, Party.hunter(victim), effect.amount) for victim in victims]


@dataclass(frozen=True, slots=True)
class TransformStep:
    """The outcome of the Transform Weapons step."""

    decision_order: tuple[str, ...]
    """The hunters who played a transform-choice weapon, in the order they decide."""

    decisions: Mapping[str, bool]
    """What each of them decided (True: transform)."""

    revealing: tuple[str, ...]
    """The hunters who reveal at the same moment: Transform players and those who chose to
    transform, in turn order."""


Decide = Callable[[str, Mapping[str, bool]], bool]
"""A hunter's decision, given the decisions already announced."""


def transform_step(
    turn_order: Sequence[str],
    plays: Mapping[str, str],
    choice_weapons: Collection[str],
    decide: Decide,
) -> TransformStep:
    """Run the Transform Weapons step.

    ``choice_weapons`` are the ids of weapons whose player chooses whether to transform
    (upgrades with ``transform_choice: true``, such as Logarius' Wheel). Each of their players
    decides in ``turn_order``, seeing the decisions announced before theirs; then the hunters who
    chose to transform reveal at the same time as those who played Transform.
    """
    choosers = tuple(h for h in turn_order if plays.get(h) in choice_weapons)
    decisions: dict[str, bool] = {}
    for hunter in choosers:
        decisions[hunter] = decide(hunter, dict(decisions))
    revealing = tuple(h for h in turn_order if plays.get(h) == TRANSFORM_CARD or decisions.get(h, False))
    return TransformStep(choosers, decisions, revealing)
