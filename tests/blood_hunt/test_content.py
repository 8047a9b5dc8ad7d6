"""The Blood Hunt pack as content: it validates, its vocabulary is documented, and a designer's
YAML edit changes what the engine does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.blood_hunt.helpers import CONTENT, LORDS, arrange, do, load_rules, names
from toolkit.cli import run
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.model.documents import BhDeck
from toolkit.games.blood_hunt.model.effects import EFFECT_VERBS


def test_the_built_in_pack_validates_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["validate", str(CONTENT)]) == 0
    assert "no problems found" in capsys.readouterr().out


def test_the_pack_holds_forty_cards_forty_tokens_and_the_rulebook_numbers(rules: Rules) -> None:
    assert len(rules.cards) == 40 and len({(c.suit, c.value) for c in rules.cards}) == 40
    assert sum(c.count for c in rules.citizens) == 40
    assert {c.id: (c.count, c.points, c.vampire_points, c.instant_win) for c in rules.citizens} == {
        "lord": (6, 3, 6, 3),
        "lady": (6, 3, 6, 3),
        "priest": (8, 4, 6, 4),
        "scholar": (10, 5, 6, 5),
        "dancer": (10, 5, 6, 5),
    }
    assert dict(rules.tokens_by_players) == {
        2: (1, 1, 1, 2, 2),
        3: (2, 2, 2, 2, 3),
        4: (3, 3, 3, 3, 3),
    }
    assert (rules.rounds, rules.cards_to_close) == (3, 4)


def test_every_effect_verb_is_documented_and_used_by_one_card_value(rules: Rules) -> None:
    assert len(EFFECT_VERBS) == 10
    for verb, model in EFFECT_VERBS.items():
        assert model.__doc__ and len(model.__doc__) > 40, verb
    by_value = {c.value: c.verb for c in rules.cards}
    assert sorted(by_value.values(), key=list(EFFECT_VERBS).index) == list(EFFECT_VERBS)


def test_an_unknown_verb_is_a_union_tag_error_naming_the_key() -> None:
    data = {
        "kind": "bh-deck",
        "id": "d",
        "name": "D",
        "suits": [{"id": "a", "name": "A"}],
        "cards": [{"value": 0, "effect": {"teleport": {}}}],
    }
    with pytest.raises(ValidationError) as error:
        BhDeck.model_validate(data)
    (problem,) = error.value.errors()
    assert problem["type"] == "union_tag_invalid"
    assert problem["ctx"]["tag"] == "teleport"


def test_an_unknown_verb_in_the_pack_is_reported_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _copy_pack(tmp_path)
    _edit(pack / "deck.yaml", "effect: {move_discard: {}}", "effect: {teleport: {}}")
    assert run(["validate", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "BB0207" in out and "deck.yaml:31:14" in out


def test_editing_a_set_size_in_yaml_changes_when_the_game_is_won(tmp_path: Path) -> None:
    pack = _copy_pack(tmp_path)
    _edit(pack / "setup.yaml", "{citizen: lord, count: 3}", "{citizen: lord, count: 2}")
    edited = load_rules(pack)
    assert next(c.instant_win for c in edited.citizens if c.id == "lord") == 2
    state = arrange(
        edited,
        2,
        trump="bone",
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"]},
        tokens={LORDS: ["lord"]},
        collected={0: ["lord"]},
        drawn="crimson 0",
    )
    do(state, "discard the drawn card")
    do(state, "place the discard at Lords' Quarter")
    assert state.is_terminal() and state.stats.end == "set:lord"


def test_editing_card_7s_effect_in_yaml_changes_what_discarding_a_7_does(tmp_path: Path) -> None:
    pack = _copy_pack(tmp_path)
    _edit(pack / "deck.yaml", "effect: {move_discard: {}}", "effect: {turn_vampire: {}}")
    edited = load_rules(pack)
    state = arrange(edited, 2, tokens={LORDS: ["lord"]}, drawn="ash 7")
    do(state, "discard the drawn card")
    assert names(state) == ["turn Lord in Lords' Quarter to a vampire"]


def _copy_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "blood-hunt-variant"
    shutil.copytree(CONTENT, pack)
    _edit(pack / "pack.yaml", "id: blood-hunt", "id: blood-hunt-variant")
    return pack


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
