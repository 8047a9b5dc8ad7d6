"""The mission language: every verb parses from its single-key form, and is documented."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from toolkit.core.diagnostics import Severity
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.games.board.mission import (
    CONDITION_VERBS,
    EFFECT_VERBS,
    MISSION_KINDS,
    TRIGGER_VERBS,
    Condition,
    Effect,
    MissionCard,
    Trigger,
)
from toolkit.games.board.mission.common import SlotPlace, SpacePlace, TilePlace, TokenPlace
from toolkit.games.board.mission.effects import Branch, Choose, Spawn
from toolkit.games.board.mission.walk import walk_models

TRIGGER_EXAMPLES: dict[str, Any] = {
    "start_of_hunt": {"start_of_hunt": True},
    "end_move_on": {"end_move_on": "oedon-chapel"},
    "tile_revealed": {"tile_revealed": "graveyard"},
    "enemy_slain": {"enemy_slain": {"enemy": "scourge-beast"}},
    "interact": {"interact": "red-brooch"},
    "hunt_track_reaches": {"hunt_track_reaches": 8},
    "round_start": {"round_start": True},
    "round_end": {"round_end": True},
    "reset": {"reset": True},
    "insight_collected": {"insight_collected": 2},
    "untold": {"untold": "the source does not say"},
    "narrative": {"narrative": "when the moon turns red"},
}

CONDITION_EXAMPLES: dict[str, Any] = {
    "end_move_on": {"end_move_on": {"space": "oedon-chapel"}},
    "collected_insight": {"collected_insight": "hunters"},
    "holds_insight": {"holds_insight": 24},
    "slay": {"slay": {"tag": "chapel-beasts", "count": 2}},
    "interact": {"interact": "red-brooch"},
    "escort": {"escort": {"token": "widow", "to": "central-lamp"}},
    "counter": {"counter": {"counter": "kills", "at_least": 3}},
    "hunt_track_reaches": {"hunt_track_reaches": 12},
    "tiles_revealed": {"tiles_revealed": "all"},
    "all": {"all": [{"collected_insight": 2}, {"end_move_on": "central-lamp"}]},
    "any": {"any": [{"collected_insight": 2}, {"hunt_track_reaches": 8}]},
    "not": {"not": {"holds_insight": 3}},
    "narrative": {"narrative": "the hunters feel ready"},
}

EFFECT_EXAMPLES: dict[str, Any] = {
    "reveal": {"reveal": 5},
    "complete_mission": {"complete_mission": {"insight": 21}},
    "complete_hunt": {"complete_hunt": True},
    "untold": {"untold": "the next step is not described"},
    "lock_card": {"lock_card": 7},
    "discard_card": {"discard_card": 7},
    "place_token": {
        "place_token": {
            "token": "red-brooch",
            "type": "insight",
            "label": "a brooch",
            "at": {"space": "graveyard"},
        }
    },
    "remove_token": {"remove_token": "red-brooch"},
    "move_token": {"move_token": {"token": "widow", "direction": "away"}},
    "spawn": {
        "spawn": {"enemy": "scourge-beast", "at": {"tile": "graveyard", "enemy_slot": 1}, "count": "hunters"}
    },
    "spawn_boss": {"spawn_boss": {"boss": "cleric-beast", "at": {"space": "oedon-chapel"}}},
    "change_hp": {"change_hp": {"target": {"enemy": "hunter-mob"}, "by": 2}},
    "change_attack": {"change_attack": {"target": {"tag": "mob"}, "damage": 1}},
    "make_invulnerable": {
        "make_invulnerable": {"target": {"boss": "vicar-amelia"}, "until": {"slay": {"tag": "guards"}}}
    },
    "fog_gates": {"fog_gates": "oedon-chapel"},
    "remove_fog_gates": {"remove_fog_gates": "oedon-chapel"},
    "advance_hunt_track": {"advance_hunt_track": 1},
    "special_rules": {"special_rules": 9},
    "end_special_rules": {"end_special_rules": 9},
    "set_counter": {"set_counter": {"counter": "kills", "value": 0}},
    "add_counter": {"add_counter": {"counter": "kills", "amount": 1}},
    "blood_echoes": {"blood_echoes": {"amount": 2, "to": "acting-hunter"}},
    "draw_consumables": {"draw_consumables": {"amount": 1}},
    "upgrades": {"upgrades": {"amount": 1}},
    "gain_consumable": {"gain_consumable": {"card": "blood-vial"}},
    "gain_reward": {"gain_reward": {"card": "beast-roar"}},
    "gain_firearm": {"gain_firearm": {"card": "evelyn"}},
    "choose": {
        "choose": {
            "prompt": "Which way?",
            "options": [
                {"label": "Left", "then": [{"reveal": 3}]},
                {"label": "Right", "then": [{"reveal": 4}]},
            ],
        }
    },
    "branch": {"branch": {"if": {"holds_insight": 21}, "then": [{"reveal": 3}], "else": [{"reveal": 4}]}},
    "narrative": {"narrative": "the bells fall silent"},
}

FAMILIES = [
    ("trigger", Trigger, TRIGGER_VERBS, TRIGGER_EXAMPLES),
    ("condition", Condition, CONDITION_VERBS, CONDITION_EXAMPLES),
    ("effect", Effect, EFFECT_VERBS, EFFECT_EXAMPLES),
]
CASES = [
    pytest.param(family, union, verbs[verb], example, id=f"{family}-{verb}")
    for family, union, verbs, examples in FAMILIES
    for verb, example in examples.items()
]


@pytest.mark.parametrize(("family", "union", "model", "example"), CASES)
def test_each_verb_parses_from_its_single_key_mapping(
    family: str, union: Any, model: type, example: dict[str, Any]
) -> None:
    parsed = TypeAdapter(union).validate_python(example)
    assert isinstance(parsed, model), family


@pytest.mark.parametrize(("family", "verbs", "examples"), [(f, v, e) for f, _, v, e in FAMILIES])
def test_every_verb_has_an_example_here(
    family: str, verbs: dict[str, type], examples: dict[str, Any]
) -> None:
    assert set(verbs) == set(examples), family


@pytest.mark.parametrize(
    "model",
    [m for _, _, verbs, _ in FAMILIES for m in verbs.values()] + list(MISSION_KINDS.values()),
    ids=lambda m: m.__name__,
)
def test_every_verb_and_kind_is_documented_for_the_reference(model: type) -> None:
    assert (model.__doc__ or "").strip(), f"{model.__name__} has no docstring"
    for name, field in model.model_fields.items():  # type: ignore[attr-defined]
        assert field.description, f"{model.__name__}.{name} has no docstring"


def test_unknown_verb_is_reported_as_an_invalid_union_tag_naming_it() -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(Effect).validate_python({"reveel": 5})
    (error,) = caught.value.errors()
    assert error["type"] == "union_tag_invalid"
    assert error["ctx"]["tag"] == "reveel"


def test_a_second_verb_in_one_mapping_is_an_unknown_key() -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(Effect).validate_python({"reveal": 5, "complete_hunt": True})
    assert caught.value.errors()[0]["type"] == "extra_forbidden"


def test_places_take_every_form() -> None:
    adapter = TypeAdapter(Effect)
    forms = {
        "graveyard": TilePlace,
        "{space}": SpacePlace,
        "{slot}": SlotPlace,
        "{token}": TokenPlace,
    }
    values = {
        "graveyard": "graveyard",
        "{space}": {"space": "graveyard", "space_id": "gate"},
        "{slot}": {"tile": "graveyard", "enemy_slot": 2},
        "{token}": {"token": "red-brooch"},
    }
    for key, expected in forms.items():
        spawn = adapter.validate_python({"spawn": {"enemy": "scourge-beast", "at": values[key]}})
        assert isinstance(spawn, Spawn)
        assert isinstance(spawn.spawn.at, expected)


def test_choices_and_branches_nest() -> None:
    effect = TypeAdapter(Effect).validate_python(EFFECT_EXAMPLES["choose"])
    assert isinstance(effect, Choose)
    assert len(effect.choose.options) == 2
    branch = TypeAdapter(Effect).validate_python(EFFECT_EXAMPLES["branch"])
    assert isinstance(branch, Branch)


def _card(**changes: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "kind": "mission-card",
        "campaign": "mini",
        "chapter": 1,
        "number": 3,
        "type": "hunt",
        "title": "A step",
        "goals": [{"goal": {"end_move_on": "graveyard"}, "then": [{"complete_hunt": True}]}],
    }
    card.update(changes)
    return card


def test_card_key_is_campaign_and_number() -> None:
    assert MissionCard.model_validate(_card()).document_key() == "mini#3"


def test_special_rules_card_may_not_have_goals() -> None:
    with pytest.raises(ValidationError, match="no goals"):
        MissionCard.model_validate(_card(type="special-rules"))


def test_hunt_card_needs_a_goal() -> None:
    with pytest.raises(ValidationError, match="at least one goal"):
        MissionCard.model_validate(_card(goals=[]))


def test_enemy_selectors_must_name_enemy_boss_or_tag() -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(Condition).validate_python({"slay": {"bos": "cleric-beast"}})
    assert caught.value.errors()[0]["type"] == "enemy_selector_form"


VERB_TOUR = Path(__file__).resolve().parents[1] / "fixtures" / "mission-verbs"


@pytest.fixture(scope="module")
def verb_tour() -> ValidationResult:
    return validate_paths([VERB_TOUR])


def test_a_campaign_using_every_verb_validates_with_only_not_simulated_warnings(
    verb_tour: ValidationResult,
) -> None:
    result = verb_tour
    assert result.exit_code() == 0, [(d.code, d.line, d.message) for d in result.diagnostics]
    warnings = {d.code for d in result.diagnostics if d.severity is Severity.WARNING}
    assert warnings == {"BB0210", "BB0602"}
    # Chapter 1 uses every verb at once, the time-driven ones included (rounds, the Hunt Track,
    # counters rising each round): more states than the flow exploration's bound, which says so.
    bounded = {(d.file.name if d.file else "", d.line) for d in result.diagnostics if d.code == "BB0602"}
    assert bounded == {("chapter-1.yaml", 4)}
    assert "BB0518" in {d.code for d in result.diagnostics}  # chapter 3 stops where its source stops
    assert sum(d.code == "BB0210" for d in result.diagnostics) == 4  # one per narrative verb used


def test_the_verb_tour_uses_every_verb(verb_tour: ValidationResult) -> None:
    result = verb_tour
    used: set[type] = set()
    for pack in result.packs:
        for document in pack.documents:
            assert document.model is not None
            used.update(type(model) for model, _ in walk_models(document.model))
    for family, _, verbs, _ in FAMILIES:
        missing = sorted(verb for verb, model in verbs.items() if model not in used)
        assert not missing, f"{family} verbs the tour does not use: {missing}"


def test_a_misspelt_verb_in_a_pack_is_bb0207_with_did_you_mean(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[1] / "fixtures" / "codes" / "BB0501" / "positive"
    shutil.copytree(source, tmp_path / "pack")
    chapter = tmp_path / "pack" / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8").replace("      - reveal: 2", "      - reveel: 2", 1)
    chapter.write_text(text, encoding="utf-8")
    line = text.split("\n").index("      - reveel: 2") + 1
    result = validate_paths([tmp_path / "pack"])
    (found,) = [d for d in result.diagnostics if d.code == "BB0207"]
    assert (found.line, found.column) == (line, 9)
    assert found.hint == "did you mean 'reveal'?"
