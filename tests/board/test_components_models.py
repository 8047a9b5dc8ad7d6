"""Unit tests of the board game's component models and effect vocabulary, straight through pydantic."""

from __future__ import annotations

from typing import Any, get_args

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from toolkit.games.board.model import COMPONENT_KINDS, Boss, NpcEnemy, Tile, TrickWeapon
from toolkit.games.board.model.effects import (
    EFFECT_VERBS,
    DamageModifier,
    Effect,
    Heal,
    OnKill,
    flatten,
)

EFFECTS: TypeAdapter[list[Effect]] = TypeAdapter(list[Effect])


def errors_of(model: Any, data: object) -> list[dict[str, Any]]:
    with pytest.raises(ValidationError) as caught:
        if isinstance(model, TypeAdapter):
            model.validate_python(data)
        else:
            model.model_validate(data)
    return [dict(e) for e in caught.value.errors()]


def test_every_kind_is_registered_under_its_kind_name() -> None:
    assert sorted(COMPONENT_KINDS) == sorted(
        [
            "hunter",
            "trick-weapon",
            "firearm",
            "stat-card",
            "consumable",
            "reward",
            "enemy",
            "npc-enemy",
            "boss",
            "tile",
            "hunt-track",
            "enemy-action-deck",
            "ruling",
        ]
    )
    for kind, model in COMPONENT_KINDS.items():
        assert model.kind_name == kind
        assert model.__doc__


def test_single_key_mappings_become_their_verb_models() -> None:
    effects = EFFECTS.validate_python(
        [{"damage": 1}, {"heal": {"amount": 2, "target": "self"}}, {"on_kill": [{"draw": 1}]}]
    )
    assert isinstance(effects[0], DamageModifier) and effects[0].damage == 1
    assert isinstance(effects[1], Heal) and effects[1].heal.amount.evaluate(hunters=1) == 2
    assert isinstance(effects[2], OnKill)
    assert [timing for timing, _ in flatten(effects)] == ["immediate", "immediate", "on-kill"]


def test_unknown_verb_is_union_tag_invalid_listing_the_known_verbs() -> None:
    (error,) = errors_of(EFFECTS, [{"damag": 1}])
    assert error["type"] == "union_tag_invalid"
    assert error["loc"] == (0,)
    assert error["ctx"]["tag"] == "damag"
    assert "'damage'" in error["ctx"]["expected_tags"]


def test_timing_wrappers_do_not_nest() -> None:
    (error,) = errors_of(EFFECTS, [{"on_kill": [{"on_kill": [{"draw": 1}]}]}])
    assert error["type"] == "union_tag_invalid"
    assert "'on_kill'" not in error["ctx"]["expected_tags"]


def test_mapping_with_two_verbs_has_no_tag() -> None:
    (error,) = errors_of(EFFECTS, [{"damage": 1, "block": 1}])
    assert error["type"] == "union_tag_not_found"


def test_every_verb_model_is_documented_and_keyed_by_its_field() -> None:
    for verb, model in EFFECT_VERBS.items():
        assert model.verb == verb
        assert list(model.model_fields) == [verb]
        assert model.__doc__ and model.model_fields[verb].description


def test_typo_in_weapon_key_is_extra_forbidden_at_its_location() -> None:
    form = {"name": "Form", "attacks": [{"name": "Hit", "speed": "fast", "damge": 1}]}
    data = {"kind": "trick-weapon", "id": "w", "name": "W", "forms": {"a": form, "b": form}}
    errors = errors_of(TrickWeapon, data)
    assert {"type": "extra_forbidden", "loc": ("forms", "a", "attacks", 0, "damge")} in [
        {"type": e["type"], "loc": e["loc"]} for e in errors
    ]


def test_unknown_speed_is_rejected_as_a_literal_error() -> None:
    form = {"name": "Form", "attacks": [{"name": "Hit", "speed": "quick", "damage": 1}]}
    data = {"kind": "trick-weapon", "id": "w", "name": "W", "forms": {"a": form, "b": form}}
    types = {(e["type"], e["loc"]) for e in errors_of(TrickWeapon, data)}
    assert ("literal_error", ("forms", "a", "attacks", 0, "speed")) in types


def test_boss_hp_is_a_table_by_hunter_count() -> None:
    phase = {"hp": {"1": 8, "2": 13, "3": 16, "4": 20}, "actions": []}
    boss = Boss.model_validate({"kind": "boss", "id": "b", "name": "B", "phases": [phase, phase]})
    assert boss.phases[0].hp.evaluate(hunters=3) == 16
    assert boss.phases[0].hp.table_counts() == frozenset({1, 2, 3, 4})


def test_boss_attack_card_needs_speed_and_damage() -> None:
    phase = {"hp": 5, "actions": [{"type": "attack", "name": "Swing"}]}
    errors = errors_of(Boss, {"kind": "boss", "id": "b", "name": "B", "phases": [phase, phase]})
    assert {e["type"] for e in errors} == {"missing"}


def test_npc_sides_are_keyed_by_hunter_bracket() -> None:
    attack = {"name": "Cut", "speed": "fast", "damage": 1}
    side = {"hp": 10, "basic": attack, "special": attack, "ability": {"name": "X"}}
    npc = NpcEnemy.model_validate({"kind": "npc-enemy", "id": "n", "name": "N", "sides": {"1-2": side}})
    assert npc.side_for(2) is not None and npc.side_for(3) is None
    errors = errors_of(NpcEnemy, {"kind": "npc-enemy", "id": "n", "name": "N", "sides": {"5-6": side}})
    assert [(e["type"], e["loc"]) for e in errors] == [("extra_forbidden", ("sides", "5-6"))]
    assert npc.missing_brackets() == ["3-4"]


def test_tile_space_lookup() -> None:
    tile = Tile.model_validate(
        {"kind": "tile", "id": "t", "name": "T", "spaces": [{"id": "t", "icons": ["lamp"]}]}
    )
    space = tile.space("t")
    assert space is not None and space.icons == ["lamp"]
    assert tile.space("nowhere") is None


def _models_reachable_from(roots: list[type[BaseModel]]) -> set[type[BaseModel]]:
    seen: set[type[BaseModel]] = set()
    stack = list(roots)
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen.add(model)
        for field in model.model_fields.values():
            stack.extend(_models_in(field.annotation))
    return seen


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


def test_every_component_model_and_field_has_a_docstring() -> None:
    roots: list[type[BaseModel]] = [*COMPONENT_KINDS.values(), *EFFECT_VERBS.values()]
    undocumented = [
        f"{model.__name__}.{name}"
        for model in _models_reachable_from(roots)
        for name, field in model.model_fields.items()
        if not field.description
    ]
    assert undocumented == []
    assert all(model.__doc__ for model in _models_reachable_from(roots))


def test_ranged_target_needs_a_range_and_others_refuse_one() -> None:
    (missing,) = errors_of(EFFECTS, [{"deal_damage": {"amount": 1, "target": "enemies-within"}}])
    assert missing["type"] == "value_error" and "needs `within`" in missing["msg"]
    (stray,) = errors_of(EFFECTS, [{"heal": {"amount": 1, "target": "self", "within": 2}}])
    assert stray["type"] == "value_error"
    (teleport,) = errors_of(EFFECTS, [{"teleport": {"to": "space-within"}}])
    assert teleport["type"] == "value_error"
