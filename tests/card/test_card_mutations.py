"""Mutation tests of the BB08xx checks: correct content with the one mistake an author would make.

Each case copies the built-in `hunters-nightmare` pack (or a small pack that requires it), edits one
spot of one file the way an author would get it wrong, validates, and asserts that the diagnostic's
code, file, line and column land on the key or value to edit. The unedited copies validate clean,
and so do the correct variants beside the mistakes.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.card.conftest import PACK
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.pipeline import ValidationResult, validate_paths

EXTRA_PACK = """id: house-extras
game: bloodborne-card
name: House extras
version: 0.1.0
requires: [hunters-nightmare]
"""

NEW_HATCHET = """kind: card-upgrade
id: heavy-hatchet
name: Heavy Hatchet (house)
weapon: melee
damage: 4
"""

FIEND_TOKEN = """---
kind: death-token
id: fiend
name: Fiend death token (house)
source: house
type: fiend
in_box: 5
"""


@dataclass(frozen=True)
class Mutation:
    """One author's mistake: replace ``old`` by ``new`` in ``file`` of the pack at ``pack``."""

    id: str
    file: str
    old: str
    new: str
    code: str
    anchor: str
    """Text of the mutated file around the place to edit (its first occurrence)."""
    marker: str
    """The key or value inside ``anchor`` the diagnostic must point at."""
    pack: str = "hunters-nightmare"


def _copy_pack(tmp: Path) -> Path:
    target = tmp / "hunters-nightmare"
    shutil.copytree(PACK, target)
    # An author's copy has an id of its own; one keeping the built-in's id is warned about (BB0315).
    manifest = target / "pack.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("id: hunters-nightmare", "id: my-nightmare", 1),
        encoding="utf-8",
    )
    return target


def _problems(result: ValidationResult) -> list[str]:
    """The codes reported, leaving out BB0620: the pack's heal and damage verbs, which no rule
    module carries out, are warned as not simulated wherever they are written."""
    return [d.code for d in result.diagnostics if d.code != "BB0620"]


def _extras(tmp: Path, files: dict[str, str]) -> Path:
    folder = tmp / "house-extras"
    folder.mkdir()
    (folder / "pack.yaml").write_text(EXTRA_PACK, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _with_fiends(root: Path) -> None:
    """A correct new monster type: a fiend token, the track placing it, a fiend monster."""
    tokens = root / "death-tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    text = text.replace("[kin, humanoid, beast]", "[kin, humanoid, beast, fiend]")
    tokens.write_text(text + FIEND_TOKEN, encoding="utf-8")
    monsters = root / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    text = text.replace("type: beast\nblood_echoes: 4", "type: fiend\nblood_echoes: 4")
    monsters.write_text(text, encoding="utf-8")


def _edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def _position(text: str, anchor: str, marker: str) -> tuple[int, int]:
    start = text.index(anchor)
    offset = start + anchor.index(marker)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def _found(result: ValidationResult, code: str) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.code == code]


MUTATIONS = [
    Mutation(
        "users-of-lists-no-cards",
        "upgrades.yaml",
        "cards: [rattling-hammer]",
        "cards: []",
        "BB0805",
        "who: users-of, cards: []",
        "users-of",
    ),
    Mutation(
        "modifier-moved-into-the-killing-blow",
        "runes.yaml",
        "  - when_dealing_killing_blow:\n      - gain_echoes: 1",
        "  - when_dealing_killing_blow:\n      - damage_dealt: {change: 1, against: monsters}",
        "BB0806",
        "- damage_dealt: {change: 1, against: monsters}",
        "damage_dealt",
    ),
    Mutation(
        "melee-trigger-on-a-monster",
        "monsters.yaml",
        "  - damage_taken: {change: -1, from: hunters}",
        "  - when_using_melee_weapon:\n      - damage_taken: {change: -1, from: hunters}",
        "BB0807",
        "when_using_melee_weapon:\n      - damage_taken: {change: -1, from: hunters}",
        "when_using_melee_weapon",
    ),
    Mutation(
        "killing-blow-trigger-on-a-monster",
        "monsters.yaml",
        "  - halve_damage: {on: taken, against: hunters}",
        "  - halve_damage: {on: taken, against: hunters}\n  - when_dealing_killing_blow:\n      - heal: 2",
        "BB0807",
        "when_dealing_killing_blow:\n      - heal: 2",
        "when_dealing_killing_blow",
    ),
    Mutation(
        "killing-blow-trigger-on-a-boss",
        "bosses.yaml",
        "  - limit_damage: {resolve_after: [beast-rune], max: 4, from: hunters}",
        "  - when_dealing_killing_blow:\n"
        "      - limit_damage: {resolve_after: [beast-rune], max: 4, from: hunters}",
        "BB0807",
        "when_dealing_killing_blow:\n      - limit_damage",
        "when_dealing_killing_blow",
    ),
    Mutation(
        "monster-type-on-damage-to-hunters",
        "runes.yaml",
        "damage_dealt: {monster_type: kin, change: -1, against: monsters}",
        "damage_dealt: {monster_type: kin, change: -1, against: hunters}",
        "BB0808",
        "monster_type: kin, change: -1, against: hunters",
        "kin",
    ),
    Mutation(
        "rune-whose-effects-were-forgotten",
        "runes.yaml",
        "effects:\n  - when_dealing_killing_blow:\n      - bank_echoes: {portion: all}\n",
        "",
        "BB0809",
        "id: vesper-sigil",
        "vesper-sigil",
    ),
    Mutation(
        "box-short-of-kin-tokens",
        "death-tokens.yaml",
        "type: kin\nper_hunter: 1\nin_box: 5",
        "type: kin\nper_hunter: 1\nin_box: 4",
        "BB0812",
        "type: kin\nper_hunter: 1\nin_box: 4",
        "4",
    ),
    Mutation(
        "two-tokens-per-hunter-from-a-box-of-five",
        "death-tokens.yaml",
        "type: beast\nper_hunter: 1\nin_box: 5",
        "type: beast\nper_hunter: 2\nin_box: 5",
        "BB0812",
        "type: beast\nper_hunter: 2\nin_box: 5",
        "5",
    ),
    Mutation(
        "box-count-of-kin-not-given",
        "death-tokens.yaml",
        "type: kin\nper_hunter: 1\nin_box: 5\n",
        "type: kin\nper_hunter: 1\n",
        "BB0815",
        "type: kin\nper_hunter: 1",
        "kin",
    ),
    Mutation(
        "transform-choice-on-an-upgrade-without-weapon",
        "upgrades.yaml",
        "weapon: melee\ntransform_choice: true",
        "transform_choice: true",
        "BB0814",
        "transform_choice: true",
        "true",
    ),
]


@pytest.mark.parametrize("mutation", MUTATIONS, ids=[m.id for m in MUTATIONS])
def test_the_mistake_is_reported_where_it_was_made(tmp_path: Path, mutation: Mutation) -> None:
    root = _copy_pack(tmp_path)
    text = _edit(root / mutation.file, mutation.old, mutation.new)
    found = _found(validate_paths([root]), mutation.code)
    where = [(d.file.name if d.file else None, d.line, d.column) for d in found]
    assert (mutation.file, *_position(text, mutation.anchor, mutation.marker)) in where, where


def test_the_unmutated_copy_is_clean(tmp_path: Path) -> None:
    result = validate_paths([_copy_pack(tmp_path)])
    assert _problems(result) == []


def test_dropping_runes_below_two_per_hunter_is_reported_on_the_pack(tmp_path: Path) -> None:
    root = _copy_pack(tmp_path)
    runes = root / "runes.yaml"
    documents = runes.read_text(encoding="utf-8").split("\n---\n")
    runes.write_text("\n---\n".join(documents[:9]) + "\n", encoding="utf-8")
    [short] = _found(validate_paths([root]), "BB0812")
    assert (short.file, short.line, short.column) == (root / "pack.yaml", 2, 5)
    assert "9 runes are in play" in short.message and "10 for 5 hunters" in short.message


def test_a_new_monster_type_with_its_token_on_the_track_is_clean(tmp_path: Path) -> None:
    root = _copy_pack(tmp_path)
    _with_fiends(root)
    assert _problems(validate_paths([root])) == []


@pytest.mark.parametrize(
    ("type_value", "marker"),
    [("type: fiend", "fiend"), ("type: [beast, fiend]", "fiend")],
    ids=["one-type", "second-of-two-types"],
)
def test_a_new_monster_type_left_off_the_track_is_reported_at_the_monster(
    tmp_path: Path, type_value: str, marker: str
) -> None:
    root = _copy_pack(tmp_path)
    _with_fiends(root)
    _edit(root / "death-tokens.yaml", "[kin, humanoid, beast, fiend]", "[kin, humanoid, beast]")
    text = _edit(root / "monsters.yaml", "type: fiend\n", f"{type_value}\n")
    found = _found(validate_paths([root]), "BB0813")
    where = [(d.file.name if d.file else None, d.line, d.column) for d in found]
    assert ("monsters.yaml", *_position(text, type_value, marker)) in where, where


def test_a_required_pack_s_monsters_left_off_a_replacing_track_are_reported_at_the_track(
    tmp_path: Path,
) -> None:
    track = (
        "kind: trophy-track\nid: hunter-board\nname: Board without beasts (house)\n"
        "replaces: hunters-nightmare:hunter-board\nspaces: [1, 2, 3, 4, 5, 6, 7, 8]\n"
        "death_token_types: [kin, humanoid]\n"
    )
    folder = _extras(tmp_path, {"track.yaml": track})
    [missing] = _found(validate_paths([folder]), "BB0813")
    assert (missing.file, missing.line, missing.column) == (folder / "track.yaml", 6, 20)
    assert "`gutter-hound` is a `beast` monster" in missing.message


def test_reusing_an_id_of_the_base_pack_is_a_warning_naming_both(tmp_path: Path) -> None:
    folder = _extras(tmp_path, {"upgrades.yaml": NEW_HATCHET.replace("heavy-hatchet", "gatling-gun")})
    result = validate_paths([folder])
    [shadow] = _found(result, "BB0810")
    assert (shadow.file, shadow.line, shadow.column) == (folder / "upgrades.yaml", 2, 5)
    assert "house-extras:gatling-gun" in shadow.message
    assert "hunters-nightmare:gatling-gun" in shadow.message
    assert [r.location.file.name for r in shadow.related if r.location.file] == ["upgrades.yaml"]
    assert result.exit_code() == 0 and result.exit_code(strict=True) == 1


def test_a_new_card_and_a_declared_replacement_are_clean(tmp_path: Path) -> None:
    replacement = NEW_HATCHET.replace("heavy-hatchet", "gatling-gun")
    replacement += "replaces: hunters-nightmare:gatling-gun\n"
    folder = _extras(tmp_path, {"new.yaml": NEW_HATCHET, "replaced.yaml": replacement})
    assert [d.code for d in validate_paths([folder]).diagnostics] == []


@pytest.mark.parametrize(
    ("replaces", "why"),
    [
        ("hunters-nightmare:pilgrims-hatchet", "no card-upgrade of a required pack has the id"),
        ("blood-hunt:heavy-hatchet", "is not a pack this pack requires"),
    ],
    ids=["another-card-s-id", "a-pack-not-required"],
)
def test_replaces_that_replaces_nothing_is_an_error_at_its_value(
    tmp_path: Path, replaces: str, why: str
) -> None:
    folder = _extras(tmp_path, {"upgrades.yaml": NEW_HATCHET + f"replaces: {replaces}\n"})
    [bad] = _found(validate_paths([folder]), "BB0811")
    assert (bad.file, bad.line, bad.column) == (folder / "upgrades.yaml", 6, 11)
    assert why in bad.message


def test_a_second_trophy_track_is_an_error_at_its_id(tmp_path: Path) -> None:
    track = "kind: trophy-track\nid: long-board\nname: Long board (house)\nspaces: [1, 2, 3, 4, 5, 6, 7, 8]\n"
    folder = _extras(tmp_path, {"track.yaml": track})
    [second] = _found(validate_paths([folder]), "BB0816")
    assert (second.file, second.line, second.column) == (folder / "track.yaml", 2, 5)


def test_triggers_on_a_main_boss_and_modifiers_in_lasting_triggers_are_clean(tmp_path: Path) -> None:
    boss = (
        "kind: nightmare-boss\nid: grey-abbess\nname: The Grey Abbess (house)\nmain: true\n"
        "effects:\n  - when_using_ranged_weapon:\n      - damage_dealt: {monster_type: kin, change: 1}\n"
        "  - when_dealing_killing_blow:\n      - heal: 1\n"
    )
    folder = _extras(tmp_path, {"bosses.yaml": boss})
    assert _problems(validate_paths([folder])) == []
