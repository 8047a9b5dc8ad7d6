"""The card-game models: the effect vocabulary's discriminator, documentation and closed keys."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from toolkit.games.card.model import CARD_KINDS
from toolkit.games.card.model.cards import Monster, Rune
from toolkit.games.card.model.effects import (
    EFFECT_VERBS,
    DamageTaken,
    LimitDamage,
    WhenUsingMeleeWeapon,
    verb_of,
)


def rune(*effects: object) -> Rune:
    return Rune.model_validate({"id": "r", "name": "R", "effects": list(effects)})


def error_types(error: ValidationError) -> set[str]:
    return {e["type"] for e in error.errors()}


def test_an_unknown_verb_is_a_union_tag_invalid_error() -> None:
    with pytest.raises(ValidationError) as caught:
        rune({"bank_echos": {}})
    assert error_types(caught.value) == {"union_tag_invalid"}


def test_an_unknown_verb_inside_a_trigger_is_reported_too() -> None:
    with pytest.raises(ValidationError) as caught:
        rune({"when_playing_weapon": [{"damage_dealtt": {"change": 1}}]})
    assert error_types(caught.value) == {"union_tag_invalid"}


def test_a_mapping_with_two_verbs_has_no_tag() -> None:
    with pytest.raises(ValidationError) as caught:
        rune({"heal": 1, "gain_echoes": 1})
    assert error_types(caught.value) == {"union_tag_not_found"}


def test_the_discriminator_returns_the_single_key_or_the_built_verb() -> None:
    assert verb_of({"whatever": 1}) == "whatever"
    assert verb_of({}) is None
    assert verb_of(rune({"heal": 2}).effects[0]) == "heal"


def test_unknown_option_keys_are_refused() -> None:
    with pytest.raises(ValidationError) as caught:
        rune({"damage_taken": {"change": 1, "form": "monsters"}})
    assert "extra_forbidden" in error_types(caught.value)


def test_from_is_written_without_the_underscore() -> None:
    [effect] = rune({"limit_damage": {"max": 2, "from": "hunters"}}).effects
    assert isinstance(effect, LimitDamage)
    assert effect.opponent() == "hunters"


def test_triggers_hold_their_effects_in_order() -> None:
    [trigger] = rune({"when_using_melee_weapon": [{"damage_taken": {"change": -1}}, {"heal": 1}]}).effects
    assert isinstance(trigger, WhenUsingMeleeWeapon)
    inner = trigger.wrapped()
    assert isinstance(inner[0], DamageTaken) and inner[0].damage_taken.from_ == "monsters"


def test_monster_needs_type_echoes_and_attack() -> None:
    with pytest.raises(ValidationError) as caught:
        Monster.model_validate({"id": "m", "name": "M"})
    missing = {e["loc"][0] for e in caught.value.errors() if e["type"] == "missing"}
    assert missing == {"type", "blood_echoes", "attack"}


@pytest.mark.parametrize("verb", sorted(EFFECT_VERBS))
def test_every_verb_is_documented_and_keyed_by_its_name(verb: str) -> None:
    model = EFFECT_VERBS[verb]
    assert model.verb == verb
    assert model.__doc__ and model.__doc__.strip()
    assert list(model.model_fields) == [verb]
    assert model.model_fields[verb].description


@pytest.mark.parametrize("kind", sorted(CARD_KINDS))
def test_every_field_of_every_kind_has_a_description(kind: str) -> None:
    schema = CARD_KINDS[kind].model_json_schema()
    undocumented = [name for name, prop in schema["properties"].items() if "description" not in prop]
    assert undocumented == []
