"""Clarifications `gatling-gun-rattling-hammer` and `logarius-wheel`, from the pack's data."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from toolkit.core.model import Document
from toolkit.games.card.model.cards import CardUpgrade
from toolkit.games.card.model.effects import DamageHunters, HunterDamage
from toolkit.games.card.rules.modifiers import CardInPlay, Party, Round, damage_after_modifiers
from toolkit.games.card.rules.weapons import instant_damage_to_hunters, transform_step

Content = dict[str, dict[str, Document]]


def upgrade(content: Content, key: str) -> CardUpgrade:
    model = content["card-upgrade"][key]
    assert isinstance(model, CardUpgrade)
    return model


@pytest.fixture
def gatling_effect(content: Content) -> HunterDamage:
    [effect] = upgrade(content, "gatling-gun").instant
    assert isinstance(effect, DamageHunters)
    return effect.damage_hunters


def test_gatling_gun_deals_3_to_every_rattling_hammer_user(gatling_effect: HunterDamage) -> None:
    plays = {
        "ann": "gatling-gun",
        "bo": "rattling-hammer",
        "cy": "pilgrims-hatchet",
        "di": "rattling-hammer",
    }
    events = instant_damage_to_hunters("ann", gatling_effect, plays)
    assert [(e.source.id, e.target.id, e.amount) for e in events] == [
        ("ann", "bo", 3),
        ("ann", "di", 3),
    ]


def test_gatling_gun_hits_nobody_without_a_rattling_hammer(gatling_effect: HunterDamage) -> None:
    plays = {"ann": "gatling-gun", "bo": "transform", "cy": "pilgrims-hatchet"}
    assert instant_damage_to_hunters("ann", gatling_effect, plays) == []


def test_gatling_damage_goes_through_the_pipeline(content: Content, gatling_effect: HunterDamage) -> None:
    matron = CardInPlay(content["nightmare-boss"]["ashen-matron"], None)  # type: ignore[arg-type]
    [event] = instant_damage_to_hunters("ann", gatling_effect, {"bo": "rattling-hammer"})
    assert damage_after_modifiers(event, [matron], Round()).final == 6


def test_other_hunters_and_all_hunters_targets() -> None:
    plays = {"ann": "chime-of-reproach", "bo": "transform", "cy": "x"}
    others = instant_damage_to_hunters("ann", HunterDamage(amount=1), plays)
    everyone = instant_damage_to_hunters("ann", HunterDamage(amount=1, who="all-hunters"), plays)
    assert [e.target for e in others] == [Party.hunter("bo"), Party.hunter("cy")]
    assert len(everyone) == 3


def test_logarius_wheel_is_a_transform_choice_weapon(content: Content) -> None:
    assert upgrade(content, "logarius-wheel").transform_choice


def test_wheel_players_decide_in_turn_order_seeing_earlier_decisions() -> None:
    seen: list[tuple[str, dict[str, bool]]] = []

    def decide(hunter: str, earlier: Mapping[str, bool]) -> bool:
        seen.append((hunter, dict(earlier)))
        return hunter == "di"

    turn_order = ["cy", "di", "ann", "bo"]
    plays = {"ann": "logarius-wheel", "bo": "transform", "cy": "saw", "di": "logarius-wheel"}
    step = transform_step(turn_order, plays, {"logarius-wheel"}, decide)
    assert step.decision_order == ("di", "ann")
    assert seen == [("di", {}), ("ann", {"di": True})]
    assert step.decisions == {"di": True, "ann": False}


def test_wheel_players_who_transform_reveal_with_transform_players() -> None:
    plays = {"ann": "logarius-wheel", "bo": "transform", "cy": "logarius-wheel"}
    step = transform_step(["ann", "bo", "cy"], plays, {"logarius-wheel"}, lambda h, _: h == "cy")
    assert step.revealing == ("bo", "cy")


def test_no_wheel_means_only_transform_players_reveal() -> None:
    step = transform_step(["a", "b"], {"a": "transform", "b": "saw"}, {"logarius-wheel"}, lambda *_: True)
    assert (step.decision_order, step.revealing) == ((), ("a",))
