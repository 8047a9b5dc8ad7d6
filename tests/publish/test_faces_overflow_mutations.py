"""Mutation tests of BB0910: take a correct card, lengthen its text the way an author would, and
the warning lands on the field to shorten; the correct card stays clean."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolkit.core.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[2]
CODE = "BB0910"
LONG = (
    " The bell rang again and again, and every hunter who heard it stopped and counted the strokes,"
    " and none of them agreed on the number, and the arguing went on through the night until the"
    " lamps burned low and the beasts came down from the rooftops to listen as well."
) * 8


def _found(folder: Path) -> list[tuple[str, int | None, int | None]]:
    result = validate_paths([folder], quick=True)
    return [(d.file.name if d.file else "", d.line, d.column) for d in result.diagnostics if d.code == CODE]


def _first_document(path: Path) -> str:
    """The first document of a built-in file, as written."""
    return path.read_text(encoding="utf-8").split("\n---\n")[0]


def _pack(folder: Path, game: str, requires: str, name: str, text: str) -> Path:
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        f"id: mutant\ngame: {game}\nname: Mutant\nversion: 0.1.0\nrequires: [{requires}]\n", encoding="utf-8"
    )
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_lengthened_mission_story_is_reported_at_the_story(tmp_path: Path) -> None:
    pack = tmp_path / "the-pale-bell"
    shutil.copytree(ROOT / "content/campaigns/the-pale-bell", pack)
    assert _found(pack) == []
    chapter = pack / "chapter-1.yaml"
    story = "story: Every beast that falls gives off a grey dust, as if it had been burning from within."
    text = chapter.read_text(encoding="utf-8")
    assert story in text
    chapter.write_text(text.replace(story, story[:-1] + LONG), encoding="utf-8")
    assert _found(pack) == [("chapter-1.yaml", 37, 8)]


def test_a_long_attack_name_is_reported_at_the_name(tmp_path: Path) -> None:
    enemy = _first_document(ROOT / "content/core/enemies.yaml").replace(
        "id: scourge-beast", "id: mutant-beast"
    )
    clean = _pack(tmp_path / "clean", "bloodborne-board", "core", "enemies.yaml", enemy)
    assert _found(clean) == []
    renamed = enemy.replace(
        "name: Howl of the Hunt", "name: Howl of the Hunt That Echoes Across Every Rooftop of Yharnam"
    )
    line = (
        renamed.splitlines().index("      name: Howl of the Hunt That Echoes Across Every Rooftop of Yharnam")
        + 1
    )
    broken = _pack(tmp_path / "broken", "bloodborne-board", "core", "enemies.yaml", renamed)
    assert _found(broken) == [("enemies.yaml", line, 13)]


def test_a_lengthened_rune_text_is_reported_at_its_text(tmp_path: Path) -> None:
    rune = _first_document(ROOT / "content/hunters-nightmare/runes.yaml").replace(
        "id: hunter-rune", "id: mutant-rune"
    )
    clean = _pack(tmp_path / "clean", "bloodborne-card", "hunters-nightmare", "runes.yaml", rune)
    assert _found(clean) == []
    marker = "become banked."
    broken = _pack(
        tmp_path / "broken",
        "bloodborne-card",
        "hunters-nightmare",
        "runes.yaml",
        rune.replace(marker, marker + LONG),
    )
    line = rune.splitlines().index("text: >-") + 1
    assert _found(broken) == [("runes.yaml", line, 7)]


def test_a_citizen_with_a_long_name_is_reported_at_the_name(tmp_path: Path) -> None:
    citizen = _first_document(ROOT / "content/blood-hunt/citizens.yaml").replace("id: lord", "id: mutant")
    clean = _pack(tmp_path / "clean", "blood-hunt", "blood-hunt", "citizens.yaml", citizen)
    assert _found(clean) == []
    long_name = "name: Lord High Chancellor of the Healing Church and Keeper of the Old Blood Vials"
    broken = _pack(
        tmp_path / "broken",
        "blood-hunt",
        "blood-hunt",
        "citizens.yaml",
        citizen.replace("name: Lord", long_name),
    )
    line = citizen.splitlines().index("name: Lord") + 1
    assert _found(broken) == [("citizens.yaml", line, 7)]


def test_an_overflow_in_one_language_names_the_language(tmp_path: Path) -> None:
    """A translator's longer Polish flavour overflows while the English fits: the warning lands on
    the flavour and says which language."""
    card = (
        "kind: consumable\nid: tonic\nname: {en: Bell Tonic, pl: Tonik}\nsource: house\n"
        "timing: hunter-turn\neffects: [{draw: 1}]\n"
        "flavor:\n  en: Rainwater off the bell's bronze.\n  pl: FLAVOUR\n"
    )
    manifest = (
        "id: mutant\ngame: bloodborne-board\nname: M\nversion: 0.1.0\nrequires: [core]\nlanguages: [en, pl]\n"
    )
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "pack.yaml").write_text(manifest, encoding="utf-8")
    (clean / "items.yaml").write_text(card.replace("FLAVOUR", "Deszczówka z brązu dzwonu."), encoding="utf-8")
    assert _found(clean) == []
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pack.yaml").write_text(manifest, encoding="utf-8")
    (broken / "items.yaml").write_text(
        card.replace("FLAVOUR", "Deszczówka z brązu dzwonu." * 40), encoding="utf-8"
    )
    result = validate_paths([broken], quick=True)
    (warning,) = [d for d in result.diagnostics if d.code == CODE]
    assert (warning.line, warning.column) == (9, 7)  # the Polish text, not the English beside it
    assert "(pl)" in warning.message
